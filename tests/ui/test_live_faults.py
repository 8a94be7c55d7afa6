"""A database outage during a live class is said truly and survived, in AppTest.

The store fails the way a stopped server or a lost file makes it fail: every transaction raises
:class:`StoreError`. A phone must stay on its question (not «you were removed»), the projector on
its class and vote (not «Crea la classe»), both with a banner; an answer sent meanwhile is refused
with the reason and can be sent again; the first read that works clears the banner by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from coach.errors import StoreError
from coach.i18n import N_
from coach.store import Store
from coach.ui.live import common
from coach.ui.views import classe

from .helpers import goto, texts
from .test_live_class import SPOT, pupil, teacher_with_class

BANNER = "Connessione al database persa: riprovo"


def has_button(at: AppTest, key: str) -> bool:
    return key in [b.key for b in at.button]


class Outage:
    """Switch the database off and on: while ``down``, every store transaction fails."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.down = False
        original = Store._tx

        def tx(store: Store, *, write: bool) -> AbstractContextManager[Any]:
            if self.down:
                raise StoreError(N_("the database is not reachable"), kind="unreachable")
            return original(store, write=write)

        monkeypatch.setattr(Store, "_tx", tx)


@pytest.fixture()
def outage(monkeypatch: pytest.MonkeyPatch) -> Iterator[Outage]:
    yield Outage(monkeypatch)


def _vote_open(app: Callable[..., AppTest]) -> tuple[AppTest, AppTest]:
    teacher, code = teacher_with_class(app)
    anna = pupil(app, code, "Anna", "KQMX-4727")
    teacher.run()
    teacher.segmented_control(key="live.teacher.view").set_value("question").run()
    teacher.selectbox(key="live.teacher.spot").set_value(SPOT).run()
    teacher.button(key="live.open").click().run()
    anna.run()
    assert has_button(anna, "live.q1.call")
    return teacher, anna


def test_the_phone_keeps_its_question_through_an_outage(app: Callable[..., AppTest], outage: Outage) -> None:
    teacher, anna = _vote_open(app)
    outage.down = True
    anna.run()  # the poll's rerun while the database is down
    assert not anna.exception
    body = texts(anna)
    assert "Non sei più in questa classe" not in body
    assert BANNER in body
    assert "Ciao Anna" in body and has_button(anna, "live.q1.call")  # still on its question
    # an answer sent now is refused with the reason, never reported as sent
    anna.button(key="live.q1.call").click().run()
    body = texts(anna)
    assert "Risposta inviata" not in body
    assert "La tua risposta non è stata registrata" in body and "non è raggiungibile" in body
    assert has_button(anna, "live.q1.call")  # the choice is still there, to send again
    outage.down = False
    anna.run()  # the next poll: the database answers, the banner goes by itself
    body = texts(anna)
    assert BANNER not in body
    assert not any("Progressi non salvati" in w.value for w in anna.warning)
    anna.button(key="live.q1.call").click().run()
    assert "Risposta inviata: Call 2" in texts(anna)
    teacher.run()
    assert "1 su 1 ha risposto" in texts(teacher)


def test_a_phone_reloaded_during_an_outage_waits_instead_of_rejoining(app: Callable[..., AppTest],
                                                                      outage: Outage) -> None:
    _teacher, anna = _vote_open(app)
    token = anna.query_params["alunno"]
    code = anna.query_params["codice"]
    outage.down = True
    again = app(profile="KQMX-4727")  # a new session (a reload) while the database is down
    again.query_params["codice"] = code[0] if isinstance(code, list) else code
    again.query_params["alunno"] = token[0] if isinstance(token, list) else token
    goto(again, "classe")
    body = texts(again)
    assert BANNER in body
    assert "Non sei più in questa classe" not in body and not has_button(again, "live.join")
    outage.down = False
    again.run()
    assert BANNER not in texts(again) and has_button(again, "live.q1.call")


def test_the_projector_keeps_its_class_and_vote_through_an_outage(app: Callable[..., AppTest],
                                                                  outage: Outage) -> None:
    teacher, _anna = _vote_open(app)
    code = teacher.query_params["codice"]
    code = code[0] if isinstance(code, list) else code
    outage.down = True
    teacher.run()
    assert not teacher.exception
    body = texts(teacher)
    assert BANNER in body
    assert f"3B · {code}" in body and "0 su 1 hanno risposto" in body  # the class and its vote, as last read
    assert not has_button(teacher, "live.create")  # never «Crea la classe»
    assert has_button(teacher, "live.close_vote")
    outage.down = False
    teacher.run()
    assert BANNER not in texts(teacher)
    assert f"3B · {code}" in texts(teacher)


def test_the_polls_stop_once_the_class_is_over(app: Callable[..., AppTest],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    teacher, anna = _vote_open(app)
    polls: list[str] = []
    real = classe._watch

    def counting(code: str, token: str) -> None:
        polls.append(code)
        real(code, token)

    slow: list[str] = []
    real_ended = classe._watch_ended

    def counting_ended(code: str, token: str) -> None:
        slow.append(code)
        real_ended(code, token)

    monkeypatch.setattr(classe, "_watch", counting)
    monkeypatch.setattr(classe, "_watch_ended", counting_ended)
    anna.run()
    assert len(polls) == 1 and not slow  # the class is live: the phone polls every second
    teacher.button(key="live.close_class").click().run()
    teacher.button(key="live.close_class.yes").click().run()
    anna.run()
    assert "L'insegnante ha chiuso la classe" in texts(anna)
    # ended: no more 1 s poll, only the slow one that follows a «Riapri la classe» until the class expires
    assert len(polls) == 1 and len(slow) == 1
    assert classe.ENDED_POLL_S >= 5 * common.POLL_S
