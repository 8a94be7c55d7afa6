"""The live class's pure rules (coach/live.py): join codes, pupil names, spot keys, answers,
the vote's distribution, the countdown and the results file.

The store's side is in tests/store/test_live.py.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from coach.errors import InvalidInput
from coach.live import (
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
    seconds_left,
    share_right,
)
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
    # default-ignorable marks that are not format characters (issue 28): variation selectors 16 and 17,
    # a Mongolian free variation selector, a Khmer inherent vowel, a combining grapheme joiner
    "Anna\ufe0f", "Anna\U000e0100", "Anna\u180b", "Anna\u17b4", "A\u17b4nna", "An\u034fna",
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
    "\u200b", "\u3164", "\u2800", "\u200b\u2800 \u3164", "!!!", "***", "\u202e", "\ufe0f\u17b4\U000e0100"])
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


def test_per_pupil_counts_answers_and_right_answers_in_joining_order() -> None:
    rows = [AnswerRow(1, "=HYPERLINK()", "p3 cc", "ottima", 0.0), AnswerRow(1, "Anna", "p3 f", "errore", 1.5),
            AnswerRow(2, "Anna", "p2 cbr 8", None)]
    summary = per_pupil(["Anna", "=HYPERLINK()", "Bruno"], rows)
    assert [(s.name, s.answered, s.right) for s in summary] == [
        ("Anna", 2, 0), ("=HYPERLINK()", 1, 1), ("Bruno", 0, 0)]
