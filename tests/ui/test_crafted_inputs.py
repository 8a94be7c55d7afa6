"""Widget values a crafted client sends are checked before a page uses them.

A client speaking Streamlit's websocket protocol sends any value for any widget: ``inf`` in a
number box, a select box's option the page never offered (Streamlit hands an unknown string to
the page as it came). :func:`crafted` makes an AppTest widget send such a value with the next run,
as that client would. Each one must be refused with an Italian message and change nothing; on the
old code each crashed the sender's page.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest
from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.testing.v1 import AppTest

from coach.lessons.drills import KINDS, make_drill
from coach.store import Store

from .helpers import goto, texts
from .test_live_class import SPOT, pupil, teacher_with_class


def crafted(element: object, text: str) -> None:
    """Make a select box send ``text`` (a string its list never offered) with the next run."""
    widget_id = element.id  # type: ignore[attr-defined]

    class Crafted(type(element)):  # type: ignore[misc]
        @property
        def _widget_state(self) -> WidgetState:
            ws = WidgetState()
            ws.id = widget_id
            ws.string_value = text
            return ws

    element.__class__ = Crafted


@pytest.mark.parametrize("amount", [math.inf, math.nan, 1e300])
def test_a_crafted_amount_on_a_phone_is_refused_with_the_rule(app: Callable[..., AppTest], db_url: str,
                                                             amount: float) -> None:
    teacher, code = teacher_with_class(app)
    anna = pupil(app, code, "Anna", "KQMX-4727")
    teacher.run()
    teacher.segmented_control(key="live.teacher.view").set_value("question").run()
    teacher.selectbox(key="live.teacher.spot").set_value(SPOT).run()
    teacher.button(key="live.open").click().run()
    anna.run()
    anna.number_input(key="live.q1.amount").set_value(amount)
    anna.button(key="live.q1.raise").click().run()
    assert not anna.exception, anna.exception
    body = texts(anna)
    # the engine's refusal, with its rule named in words
    assert "Non è cambiato nulla" in body and "[Regola: " in body
    assert "Risposta inviata" not in body
    assert any(b.key == "live.q1.call" for b in anna.button)  # still on the question, can answer
    teacher.run()
    assert "0 su 1 hanno risposto" in texts(teacher)


def test_a_crafted_countdown_is_refused(app: Callable[..., AppTest], db_url: str) -> None:
    teacher, code = teacher_with_class(app)
    teacher.segmented_control(key="live.teacher.view").set_value("question").run()
    teacher.selectbox(key="live.teacher.spot").set_value(SPOT).run()
    crafted(teacher.selectbox(key="live.countdown"), "abc")
    teacher.button(key="live.open").click().run()
    assert not teacher.exception, teacher.exception
    assert "Scegli dall'elenco il tempo per rispondere" in texts(teacher)
    snap = Store(db_url).snapshot(code)
    assert snap is not None and snap.question is None  # no vote opened


def test_a_crafted_class_length_is_refused(app: Callable[..., AppTest], db_url: str) -> None:
    at = goto(app(profile="Prof"), "insegnante")
    crafted(at.selectbox(key="live.new.hours"), "9999")
    at.button(key="live.create").click().run()
    assert not at.exception, at.exception
    assert "Scegli dall'elenco per quanto tempo resta aperta la classe" in texts(at)
    assert Store(db_url).teacher_classes("Prof") == []


def test_an_unknown_lesson_hand_in_the_replayer_is_refused(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "replayer")
    crafted(at.selectbox(key="replay_lesson"), "99-nessuna#7")
    at.run()
    assert not at.exception, at.exception
    assert "Scegli dall'elenco una mano delle lezioni" in texts(at)


def test_an_unknown_lesson_is_refused(app: Callable[..., AppTest]) -> None:
    at = goto(app(), "lezioni")
    crafted(at.selectbox(key="lesson_pick"), "99-nessuna")
    at.run()
    assert not at.exception, at.exception
    assert "Scegli una lezione dall'elenco" in texts(at)
    assert goto(at, "lezioni").selectbox(key="lesson_pick").value != "99-nessuna"


def test_a_crafted_number_in_the_quiz_is_refused(app: Callable[..., AppTest]) -> None:
    kind = next(k for k in KINDS if make_drill(k, 7).numeric)
    at = app()
    at.session_state["quiz.current"] = (kind, 7)
    goto(at, "quiz")
    at.number_input(key="quiz_answer").set_value(math.inf)
    at.button(key="quiz_go").click().run()
    assert not at.exception, at.exception
    assert "Scrivi prima un numero" in texts(at)  # read as nothing sent: nothing is graded or scored
    assert not at.success and "Sbagliato" not in texts(at)
