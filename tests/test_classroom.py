"""The live classroom: the pure rules (coach/classroom.py) and the store (revision 0004),
on SQLite and on PostgreSQL (the ``store_url`` fixture)."""

from __future__ import annotations

import csv
import io
import threading
from datetime import datetime, timedelta

import pytest

from coach.classroom import (
    CODE_ALPHABET,
    MAX_NAME_KEY,
    AnswerRow,
    SpotRef,
    clean_pupil_name,
    distribution,
    hand_digest,
    name_key,
    new_join_code,
    normalise_code,
    per_pupil,
    quiz_answer,
    quiz_grade,
    results_csv,
    seconds_left,
    share_right,
)
from coach.errors import InvalidInput
from coach.store import Store
from coach.store.tables import live_pupils

T0 = datetime(2026, 12, 1, 9, 0, 0)


# -- pure ---------------------------------------------------------------------------------------
def test_join_codes_are_short_and_unambiguous() -> None:
    codes = {new_join_code() for _ in range(200)}
    assert len(codes) > 190
    for code in codes:
        assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    assert not set("01ILO") & set(CODE_ALPHABET)


def test_a_code_is_read_as_typed_on_a_phone() -> None:
    assert normalise_code(" k7m-xq3 ") == "K7MXQ3"
    for bad in ("", "K7MXQ", "K7MXQ30", "K7MXQO", 12):
        with pytest.raises(InvalidInput):
            normalise_code(bad)


def test_pupil_names_are_tidied_and_bounded() -> None:
    assert clean_pupil_name("  Anna   Maria ") == "Anna Maria"
    assert name_key("Anna  MARIA") == name_key("anna maria")
    for bad in ("", "   ", "x" * 25, "a\x00b", None):
        with pytest.raises(InvalidInput):
            clean_pupil_name(bad)


@pytest.mark.parametrize("lookalike", [
    "Аnna",  # a Cyrillic А
    "ANNA", "anna ", "Ａｎｎａ",  # case, spaces, full width
    "Anna\u200d", "An\u200bna", "\u2060Anna",  # zero-width joiner, space, word joiner
    "Anna\u202e", "\u202dAnna",  # bidi overrides, dropped
    "Anna\u3164", "Anna\u2800",  # a Hangul filler, a Braille blank
    "ΑΝΝΑ",  # Greek capitals
])
def test_a_lookalike_of_a_name_has_its_key(lookalike: str) -> None:
    assert name_key(clean_pupil_name(lookalike)) == name_key(clean_pupil_name("Anna"))


def test_format_and_invisible_characters_are_removed_from_the_shown_name() -> None:
    assert clean_pupil_name("An\u200dna\u202e") == "Anna"
    assert clean_pupil_name("Ａｎｎａ") == "Anna"
    # Markdown characters are seen on screen (the name is shown as text): kept, and a different name
    assert clean_pupil_name("**Anna**") == "**Anna**"
    assert name_key("**Anna**") != name_key("Anna")
    # case folding wins over TR39's «I is l»; names that only look alike when read carelessly stay two
    assert name_key("ILARIA") == name_key("Ilaria") == name_key("ilaria")
    assert name_key("Elia") != name_key("Ella") and name_key("Anna") != name_key("Anne")


@pytest.mark.parametrize("invisible", [
    "\u200b", "\u3164", "\u2800", "\u200b\u2800 \u3164", "!!!", "***", "\u202e"])
def test_a_name_without_a_visible_letter_or_digit_is_refused(invisible: str) -> None:
    with pytest.raises(InvalidInput):
        clean_pupil_name(invisible)


def test_a_name_key_fits_its_column() -> None:
    assert live_pupils.c.name_key.type.length == MAX_NAME_KEY  # type: ignore[attr-defined]
    long = name_key("ဪ" * 200)  # each expands to five characters in its skeleton
    assert len(long) <= MAX_NAME_KEY and long.startswith("h:")
    assert long == name_key("ဪ" * 200) != name_key("ဪ" * 199)
    assert len(name_key(clean_pupil_name("ဪ" * 24))) <= MAX_NAME_KEY


def test_spot_refs_round_trip() -> None:
    ref = SpotRef("03-azioni", 1, 4)
    assert SpotRef.parse(ref.key()) == ref
    for bad in ("03-azioni/1/4", "lesson:x/1", "lesson:x/a/4", "practice:1/2/3", "quiz:x", "quiz:x/a b",
                "quiz:x/y/z", "phh:abc/3", "phh:" + "g" * 16 + "/3", "phh:" + "a" * 16 + "/x"):
        with pytest.raises(InvalidInput):
            SpotRef.parse(bad)


def test_questions_and_pasted_hands_have_their_own_spot_keys() -> None:
    assert SpotRef.parse("lesson:03-azioni/1/4") == SpotRef("03-azioni", 1, 4)  # the first version's keys
    assert not SpotRef("03-azioni", 1, 4).is_quiz and SpotRef("03-azioni", 1, 4).kind == "lesson"
    quiz = SpotRef.quiz("01-regole", "chi-vince")
    assert quiz.key() == "quiz:01-regole/chi-vince" and quiz.is_quiz
    assert SpotRef.parse(quiz.key()) == quiz
    digest = hand_digest("actions = []\n")
    assert len(digest) == 16
    pasted = SpotRef.pasted(digest, 7)
    assert pasted.key() == f"phh:{digest}/7" and pasted.is_pasted
    assert SpotRef.parse(pasted.key()) == pasted


def test_a_question_answer_is_an_index_or_a_whole_number() -> None:
    assert quiz_answer(2, "choice", 3) == "2"
    assert quiz_answer(1200, "number", 0) == "1200"
    assert quiz_answer(12.0, "number", 0) == "12"
    assert quiz_answer(" 1.200 ", "number", 0) == "1200"
    for value, kind in ((3, "choice"), (-1, "choice"), (None, "choice"), (True, "choice"),
                        (None, "number"), ("", "number"), ("dodici", "number"), (-5, "number"),
                        (2.5, "number"), (10**10, "number")):
        with pytest.raises(InvalidInput):
            quiz_answer(value, kind, 3)
    assert quiz_grade("2", 2) == "ottima" and quiz_grade("1", 2) == "errore"


def test_a_pasted_hand_is_stored_with_its_question(store_url: str) -> None:
    store = Store(store_url)
    cls = store.create_class("Prof", at=T0)
    key = cls.teacher_secret
    assert key is not None
    text = "variant = 'NT'\nactions = []\n"
    spot = SpotRef.pasted(hand_digest(text), 3).key()
    for bad in (lambda: store.open_question(cls.id, spot, key, at=T0),  # no hand
                lambda: store.open_question(cls.id, spot, key, hand=text + " ", at=T0),  # another hand
                lambda: store.open_question(cls.id, "lesson:03-azioni/1/4", key, hand=text, at=T0),
                lambda: store.open_question(cls.id, spot, key, hand="x" * 64_001, at=T0)):
        with pytest.raises(InvalidInput):
            bad()
    q = store.open_question(cls.id, spot, key, hand=text, at=T0)
    assert q is not None and q.hand == text and q.spot == spot
    snap = store.snapshot(cls.code, at=T0)
    assert snap is not None and snap.question == q
    quiz = store.open_question(cls.id, "quiz:01-regole/chi-vince", key, at=T0)
    assert quiz is not None and quiz.hand is None


def test_distribution_puts_the_best_grade_first_and_counts_every_answer() -> None:
    answers = [("p3 f", "errore"), ("p3 cc", "ottima"), ("p3 cc", "ottima"), ("p3 cbr 6", "buona"),
               ("p3 f", "errore")]
    bars = distribution(answers)
    assert [(b.answer, b.count, b.grade) for b in bars] == [
        ("p3 cc", 2, "ottima"), ("p3 cbr 6", 1, "buona"), ("p3 f", 2, "errore")]
    assert sum(b.count for b in bars) == 5
    assert share_right(answers) == pytest.approx(3 / 5)
    assert share_right([]) is None


def test_countdown_rounds_up_and_stops_at_zero() -> None:
    assert seconds_left(None, T0) is None
    assert seconds_left(T0 + timedelta(seconds=9.2), T0) == 10
    assert seconds_left(T0 - timedelta(seconds=3), T0) == 0


def test_results_csv_has_one_row_per_answer_and_no_formulas() -> None:
    rows = [AnswerRow(1, "=HYPERLINK()", "p3 cc", "ottima", 0.0), AnswerRow(1, "Anna", "p3 f", "errore", 1.5),
            AnswerRow(2, "Anna", "p2 cbr 8", None)]
    text = results_csv(rows, {1: "lesson:03-azioni/1/4", 2: "lesson:06-x/0/3"})
    table = list(csv.reader(io.StringIO(text)))
    assert table[0] == ["question", "spot", "pupil", "answer", "grade", "ev_loss_bb"]
    assert table[1] == ["1", "lesson:03-azioni/1/4", "'=HYPERLINK()", "p3 cc", "ottima", "0.00"]
    assert table[2] == ["1", "lesson:03-azioni/1/4", "Anna", "p3 f", "errore", "1.50"]
    assert table[3] == ["2", "lesson:06-x/0/3", "Anna", "p2 cbr 8", "", ""]
    summary = per_pupil(["Anna", "=HYPERLINK()", "Bruno"], rows)
    assert [(s.name, s.answered, s.right) for s in summary] == [
        ("Anna", 2, 0), ("=HYPERLINK()", 1, 1), ("Bruno", 0, 0)]


# -- the store --------------------------------------------------------------------------------------
def test_a_class_is_joined_by_code_with_unique_names(store_url: str) -> None:
    store = Store(store_url)
    cls = store.create_class("Prof", "3B", hours=2, at=T0)
    assert len(cls.code) == 6 and cls.state(T0) == "open"
    assert store.live_class(cls.code.lower()) == cls
    anna = store.join_class(cls.code, "Anna", "tok-anna", profile="KQMX-4727", at=T0)
    assert anna.status == "joined" and anna.pupil is not None and anna.pupil.profile == "KQMX-4727"
    assert store.join_class(cls.code, " anna ", "tok-other", at=T0).status == "duplicate"
    again = store.join_class(cls.code, "Anna", "tok-anna", at=T0)  # the same phone after a reload
    assert again.status == "rejoined" and again.pupil == anna.pupil
    assert store.pupil("tok-anna") == anna.pupil
    assert store.join_class("ZZZZZZ", "Anna", "t", at=T0).status == "unknown"
    key = cls.teacher_secret
    assert key is not None
    assert [p.name for p in store.class_pupils(cls.id, key) or []] == ["Anna"]
    # the teacher removes the name: the phone no longer belongs and the name stays blocked
    # (tests/test_class_admission.py) until the teacher lets it in again
    assert not store.remove_pupil(cls.id, anna.pupil.id, "Prof")  # the teacher's profile is no key
    assert store.remove_pupil(cls.id, anna.pupil.id, key)
    assert store.pupil("tok-anna") is None
    assert store.join_class(cls.code, "Anna", "tok-other", at=T0).status == "blocked"
    assert store.unblock_pupil(cls.id, anna.pupil.id, key)
    assert store.join_class(cls.code, "Anna", "tok-other", at=T0).status == "joined"


def test_lookalikes_cannot_join_next_to_a_name(store_url: str) -> None:
    store = Store(store_url)
    cls = store.create_class("Prof", "3B", hours=2, at=T0)
    assert store.join_class(cls.code, "Anna", "tok-anna", at=T0).status == "joined"
    for i, name in enumerate(["Аnna", "ANNA", "Anna\u200d", "Anna\u202e", "Ａnna", "Anna\u3164"]):
        assert store.join_class(cls.code, name, f"tok-{i}", at=T0).status == "duplicate", name
    assert store.join_class(cls.code, "**Anna**", "tok-stars", at=T0).status == "joined"
    with pytest.raises(InvalidInput):
        store.join_class(cls.code, "\u2800", "tok-blank", at=T0)
    assert [p.name for p in store.class_pupils(cls.id, str(cls.teacher_secret)) or []] == ["Anna", "**Anna**"]


def test_closed_and_expired_classes_refuse_pupils(store_url: str) -> None:
    store = Store(store_url)
    cls = store.create_class("Prof", hours=1, at=T0)
    assert store.join_class(cls.code, "Late", "t1", at=T0 + timedelta(hours=1)).status == "expired"
    other = store.create_class("Prof", at=T0)
    assert other.teacher_secret is not None and other.teacher_secret != cls.teacher_secret
    assert not store.close_class(other.code, "Prof", at=T0)
    assert not store.close_class(other.code, str(cls.teacher_secret), at=T0)  # another class's key
    assert store.close_class(other.code, other.teacher_secret, at=T0)
    assert store.join_class(other.code, "Anna", "t2", at=T0).status == "closed"
    assert [c.code for c in store.teacher_classes("Prof")] == sorted(
        [cls.code, other.code], key=[other.code, cls.code].index)


def test_a_vote_takes_one_answer_per_pupil_until_it_closes(store_url: str) -> None:
    store = Store(store_url)
    cls = store.create_class("Prof", at=T0)
    key = cls.teacher_secret
    assert key is not None
    a = store.join_class(cls.code, "Anna", "ta", at=T0).pupil
    b = store.join_class(cls.code, "Bruno", "tb", at=T0).pupil
    assert a is not None and b is not None
    assert store.open_question(cls.id, "lesson:03-azioni/1/4", "Prof", at=T0) is None
    q = store.open_question(cls.id, "lesson:03-azioni/1/4", key, seconds=30, at=T0)
    assert q is not None and q.number == 1 and q.is_open(T0)
    snap = store.snapshot(cls.code, at=T0)
    assert snap is not None and snap.question == q and snap.pupils == 2 and snap.answered == 0
    assert store.record_class_answer(q.id, a.id, "p3 cc", grade="ottima", at=T0) == "recorded"
    assert store.record_class_answer(q.id, a.id, "p3 f", grade="errore", at=T0) == "already"
    assert store.class_answer(q.id, a.id) == AnswerRow(1, "Anna", "p3 cc", "ottima", None)
    # the countdown ran out
    assert store.record_class_answer(q.id, b.id, "p3 f", at=T0 + timedelta(seconds=31)) == "closed"
    q2 = store.open_question(cls.id, "lesson:03-azioni/1/4", key, at=T0 + timedelta(minutes=1))
    assert q2 is not None and q2.number == 2
    assert store.record_class_answer(q.id, b.id, "p3 f", at=T0) == "closed"  # opening q2 closed q
    assert store.record_class_answer(q2.id, b.id, "p3 f", grade="errore", ev_loss_bb=1.0) == "recorded"
    assert store.close_question(q2.id, key)
    assert not store.close_question(q2.id, key)
    assert store.record_class_answer(q2.id, a.id, "p3 cc") == "closed"
    results = store.class_results(cls.id, key)
    assert results is not None
    assert [x.number for x in results.questions] == [1, 2]
    assert results.pupils == ["Anna", "Bruno"]
    assert [(r.question, r.pupil, r.answer) for r in results.rows] == [
        (1, "Anna", "p3 cc"), (2, "Bruno", "p3 f")]
    other = store.create_class("Prof2", at=T0)
    c = store.join_class(other.code, "Carla", "tc", at=T0).pupil
    assert c is not None
    assert store.record_class_answer(q2.id, c.id, "p3 cc") == "removed"  # another class's vote


def test_store_checks_every_argument(store_url: str) -> None:
    store = Store(store_url)
    cls = store.create_class("Prof", at=T0)
    key = str(cls.teacher_secret)
    for call in (lambda: store.create_class("Prof", hours=0), lambda: store.create_class("Prof", "x" * 81),
                 lambda: store.join_class(cls.code, "x" * 25, "t"), lambda: store.join_class("??", "A", "t"),
                 lambda: store.join_class(cls.code, "A", "t" * 33),
                 lambda: store.open_question(cls.id, "", key),
                 lambda: store.open_question(cls.id, "lesson:x/0/1", key, seconds=1),
                 lambda: store.record_class_answer(1, 1, "x" * 61),
                 lambda: store.record_class_answer(True, 1, "p3 cc"),  # type: ignore[arg-type]
                 lambda: store.record_class_answer(1, 1, "p3 cc", ev_loss_bb=float("nan"))):
        with pytest.raises(InvalidInput):
            call()


def test_racing_pupils_each_answer_exactly_once(store_url: str) -> None:
    """Forty phones, each sending its answer twice at once: forty rows, no error."""
    store = Store(store_url)
    cls = store.create_class("Prof")
    key = str(cls.teacher_secret)
    pupils = []
    for i in range(40):
        res = store.join_class(cls.code, f"Alunno {i}", f"tok{i}")
        assert res.pupil is not None
        pupils.append(res.pupil)
    q = store.open_question(cls.id, "lesson:03-azioni/1/4", key)
    assert q is not None
    outcomes: list[str] = []
    lock = threading.Lock()

    def answer(pid: int) -> None:
        got = store.record_class_answer(q.id, pid, "p3 cc", grade="ottima")
        with lock:
            outcomes.append(got)

    threads = [threading.Thread(target=answer, args=(p.id,)) for p in pupils for _ in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert outcomes.count("recorded") == 40 and outcomes.count("already") == 40
    snap = store.snapshot(cls.code)
    assert snap is not None and snap.answered == 40 and snap.pupils == 40


def test_racing_phones_with_the_same_name_get_one_pupil(store_url: str) -> None:
    store = Store(store_url)
    cls = store.create_class("Prof")
    outcomes: list[str] = []
    lock = threading.Lock()

    def join(i: int) -> None:
        got = store.join_class(cls.code, "Anna", f"t{i}").status
        with lock:
            outcomes.append(got)

    threads = [threading.Thread(target=join, args=(i,)) for i in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(outcomes) == ["duplicate"] * 7 + ["joined"]
