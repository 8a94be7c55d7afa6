"""The live class in the store (coach/store/live.py), on SQLite and on PostgreSQL (``store_url``):
classes joined by code with unique names, pasted hands kept with their question, one answer per pupil
per open vote, every argument checked, and races between phones that never double a pupil or an answer."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

import pytest

from coach.errors import InvalidInput
from coach.live import AnswerRow, SpotRef, hand_digest
from coach.store import Store

T0 = datetime(2026, 12, 1, 9, 0, 0)


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
    # (tests/store/test_admission.py) until the teacher lets it in again
    assert not store.remove_pupil(cls.id, anna.pupil.id, "Prof")  # the teacher's profile is no key
    assert store.remove_pupil(cls.id, anna.pupil.id, key)
    assert store.pupil("tok-anna") is None
    assert store.join_class(cls.code, "Anna", "tok-other", at=T0).status == "blocked"
    assert store.unblock_pupil(cls.id, anna.pupil.id, key)
    assert store.join_class(cls.code, "Anna", "tok-other", at=T0).status == "joined"


def test_the_same_phone_opening_the_link_again_is_the_same_pupil(store_url: str) -> None:
    """Issue 30: a pupil who reopens the class link in a new tab (same browser, same signed profile,
    no token in the address) is recognised, by the page and on joining with his name again; another
    phone typing the same name is still told the name is taken."""
    store = Store(store_url)
    cls = store.create_class("Prof", at=T0)
    anna = store.join_class(cls.code, "Anna", "tok-anna", profile="u-anna", at=T0)
    assert anna.pupil is not None
    assert store.pupil_of_profile(cls.code.lower(), "u-anna") == anna.pupil
    assert store.pupil_of_profile(cls.code, "u-bruno") is None
    again = store.join_class(cls.code, "Anna", "tok-new-tab", profile="u-anna", at=T0)
    assert again.status == "rejoined" and again.pupil == anna.pupil
    assert store.join_class(cls.code, "Anna", "tok-bruno", profile="u-bruno", at=T0).status == "duplicate"
    assert store.join_class(cls.code, "Anna", "tok-none", at=T0).status == "duplicate"
    key = cls.teacher_secret
    assert key is not None and store.remove_pupil(cls.id, anna.pupil.id, key)
    assert store.pupil_of_profile(cls.code, "u-anna") is None  # removed by the teacher: not recognised
    assert store.join_class(cls.code, "Anna", "tok-x", profile="u-anna", at=T0).status == "blocked"


def test_lookalikes_cannot_join_next_to_a_name(store_url: str) -> None:
    store = Store(store_url)
    cls = store.create_class("Prof", "3B", hours=2, at=T0)
    assert store.join_class(cls.code, "Anna", "tok-anna", at=T0).status == "joined"
    for i, name in enumerate(["Аnna", "ANNA", "Anna\u200d", "Anna\u202e", "Ａnna", "Anna\u3164",
                              # issue 28: five «Anna» joined with invisible marks after the name
                              "Anna\ufe0f", "Anna\U000e0100", "Anna\u180b", "Anna\u17b4"]):
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
