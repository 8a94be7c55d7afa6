"""Quiz drills: an answer is scored (right and wrong), saved, and the next drill comes."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from coach.lessons.drills import KINDS, make_drill

from ..helpers import goto, texts


def _quiz(app: Callable[..., AppTest], kind: str, seed: int) -> AppTest:
    at = app()
    at.session_state["quiz.current"] = (kind, seed)
    return goto(at, "quiz")


@pytest.mark.parametrize("kind", KINDS)
def test_right_answer_scores(app: Callable[..., AppTest], kind: str) -> None:
    drill = make_drill(kind, 7)
    at = _quiz(app, kind, 7)
    assert not at.exception
    if drill.numeric:
        at.number_input(key="quiz_answer").set_value(drill.answer)
    else:
        at.radio(key="quiz_answer").set_value(drill.answer)
    at.button(key="quiz_go").click().run()
    assert not at.exception
    assert at.success and at.success[0].value.startswith("Giusto")
    assert at.metric[0].value == "1 / 1"
    from coach.ui.state import store

    [acc] = store().quiz_accuracy("Ospite")
    assert (acc.topic, acc.answered, acc.correct) == (f"drill:{kind}", 1, 1)
    at.button(key="quiz_next").click().run()
    assert not at.exception and any(b.key == "quiz_go" for b in at.button)


def test_wrong_answer_scores_zero_and_explains(app: Callable[..., AppTest]) -> None:
    drill = make_drill("min_raise", 3)
    at = _quiz(app, "min_raise", 3)
    at.button(key="quiz_go").click().run()
    assert "Scrivi prima un numero." in texts(at)  # a number drill asks for a number, not a choice
    assert "Scegli prima una risposta" not in texts(at)
    at.number_input(key="quiz_answer").set_value(drill.answer + 1).run()
    at.button(key="quiz_go").click().run()
    assert at.error and "Non proprio" in at.error[0].value
    assert at.metric[0].value == "0 / 1"
    assert at.metric[2].value == "0"


def test_the_unit_of_a_numeric_answer_is_in_the_readers_language(app: Callable[..., AppTest]) -> None:
    at = app("en")
    at.session_state["quiz.current"] = ("min_raise", 3)
    goto(at, "quiz")
    assert at.number_input(key="quiz_answer").label == "Your answer (chips)"
    italian = _quiz(app, "min_raise", 3)
    assert italian.number_input(key="quiz_answer").label == "La tua risposta (fiche)"
