"""The feedback level: the learner's setting against the lesson's default, the lesson schema's
field, the terms and rules linked to the glossary, «Tutte le scelte» best first."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from coach.i18n import Message, get_translator
from coach.learning.verdict import OptionRow
from coach.lessons.loader import default_lessons_dir, load_lessons, parse_lesson
from coach.lessons.problems import LessonLoadError
from coach.ui.feedbacklevel import ESSENTIAL, NUMBERS, lesson_level, resolve
from coach.ui.termlinks import link_feedback, surface_words
from coach.ui.verdict import sorted_options

from .helpers import goto

IT = get_translator("it")
COURSE = load_lessons(default_lessons_dir())


def test_lessons_one_to_four_are_essential_and_the_rest_show_the_numbers() -> None:
    assert [lesson_level(x) for x in COURSE[:4]] == [ESSENTIAL] * 4
    assert {lesson_level(x) for x in COURSE[4:]} == {NUMBERS}
    assert lesson_level(None) == NUMBERS  # practice, review: no lesson


@pytest.mark.parametrize(("setting", "place", "level"), [
    ("lesson", 1, ESSENTIAL), ("lesson", 5, NUMBERS),
    ("numbers", 1, NUMBERS), ("essential", 5, ESSENTIAL), ("essential", 1, ESSENTIAL),
])
def test_the_learners_choice_wins_and_as_the_lesson_says_follows_it(setting: str, place: int,
                                                                    level: str) -> None:
    assert resolve(setting, COURSE[place - 1]) == level


def test_a_bad_level_is_named_with_the_allowed_ones() -> None:
    path = default_lessons_dir() / "01-mazzo-carte-punti.toml"
    text = path.read_text(encoding="utf-8").replace('level = "essential"', 'level = "facile"')
    assert parse_lesson(text.replace('"facile"', '"numbers"'), path.name).feedback_level == "numbers"
    with pytest.raises(LessonLoadError) as info:
        parse_lesson(text, path.name)
    said = info.value.problems[0].render(IT)  # type: ignore[attr-defined]
    assert "feedback_level" in said and "«facile»" in said and "«essential»" in said


def test_terms_link_to_the_glossary_and_rules_are_named_in_words() -> None:
    text = link_feedback("Regola R09: Il rilancio minimo. Ti serve il 25% di equity; la tua equity è 8%. "
                         "(regola R07.)", IT)
    assert "[Regola: Il rilancio minimo](glossario?regola=R09)" in text
    assert "[regola: Le azioni](glossario?regola=R07)" in text
    assert "R09:" not in text and "Regola R0" not in text
    assert text.count("glossario?cerca=Equity") == 1  # the first use only
    assert '"La tua quota del piatto' in text  # the definition is the tooltip
    assert surface_words("Valore atteso (EV)") == ["Valore atteso", "EV"]


def test_every_choice_is_listed_best_first() -> None:
    rows = (OptionRow("cc", "call", None, Message("Mistake"), -4.2, False),
            OptionRow("f", "fold", None, Message("Excellent"), 0.0, False),
            OptionRow("cbr 36", "raise", 36, Message("Blunder"), -25.5, True),
            OptionRow("cbr 24", "raise", 24, Message("Blunder"), -20.0, True))
    assert [o.code for o in sorted_options(rows)] == ["f", "cc", "cbr 24", "cbr 36"]


def _why_labels(at: AppTest) -> list[str]:
    return [e.label for e in at.expander if "Perché?" in e.label]


def test_the_setting_in_impostazioni_overrides_the_lessons_level(app: Callable[..., AppTest]) -> None:
    at = app()
    for k, v in {"lezione": "03-azioni", "mano": "1", "passo": "1"}.items():
        at.query_params[k] = v
    goto(at, "lezioni")
    at.button(key="dec.03-azioni/0/4.call").click().run()
    assert _why_labels(at) == ["Perché? I numeri del coach"]  # lesson 3: essential, numbers behind «Perché?»
    at.query_params.clear()
    goto(at, "impostazioni")
    at.radio(key="set_level").set_value("numbers").run()
    assert not at.exception
    for k, v in {"lezione": "03-azioni", "mano": "1", "passo": "1"}.items():
        at.query_params[k] = v
    goto(at, "lezioni")
    assert _why_labels(at) == []  # with the numbers: everything at once
    assert any("Tutte le scelte" in e.label for e in at.expander)
