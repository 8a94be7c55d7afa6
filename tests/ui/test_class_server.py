"""A class server in the UI: a learner whose session moved to another app process finds the lesson as
they left it (answers come from the database); the coach's verdict on a lesson spot is worked out
once per process; every database failure is the «progressi non salvati» notice, never a crash."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from .helpers import goto, texts

LESSON = "03-azioni"
DEC = "dec.03-azioni/0/4"


def _at_decision(app: Callable[..., AppTest], profile: str = "Ospite") -> AppTest:
    at = app(profile=profile)
    at.query_params.update({"lezione": LESSON, "mano": "1", "passo": "1"})
    return goto(at, "lezioni")


def test_a_new_session_finds_the_lessons_answers(app: Callable[..., AppTest], db_url: str) -> None:
    from coach.lessons.loader import load_lessons
    from coach.store import Store

    from .helpers import ROOT

    at = _at_decision(app)
    at.button(key=f"{DEC}.call").click().run()
    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == LESSON)
    q = lesson.questions[0]
    at.button_group(key=f"lesson_part.{LESSON}").set_value("quiz").run()
    if q.kind == "choice":
        at.radio(key=f"q.{LESSON}/{q.id}").set_value(q.answer)
    else:
        at.number_input(key=f"q.{LESSON}/{q.id}").set_value(q.answer)
    at.button(key=f"qa.{LESSON}/{q.id}").click().run()
    assert set(Store(db_url).lesson_answers("Ospite")) == {f"{LESSON}/0/4", f"{LESSON}/{q.id}"}

    # Another process (a refresh, a restarted process behind the proxy): a new session.
    again = _at_decision(app)
    assert not again.exception
    body = texts(again)
    assert "Hai scelto" in body and "Paghi il grande buio (call)" in body  # graded, not asked again
    assert not any(b.key == f"{DEC}.fold" for b in again.button)
    assert not again.button(key="lesson.03-azioni/0.next").disabled
    again.button_group(key=f"lesson_part.{LESSON}").set_value("quiz").run()
    assert "Giusto" in texts(again)  # the question keeps its answer

    # «Prova un'altra scelta» forgets it, in the database too.
    again.button_group(key=f"lesson_part.{LESSON}").set_value("hand0").run()
    again.button(key=f"retry.{LESSON}/0/4").click().run()
    assert set(Store(db_url).lesson_answers("Ospite")) == {f"{LESSON}/{q.id}"}
    third = _at_decision(app)
    assert any(b.key == f"{DEC}.fold" for b in third.button)
    # Another profile never sees these answers.
    other = _at_decision(app, profile="Bruno")
    assert any(b.key == f"{DEC}.fold" for b in other.button)


def test_the_verdict_on_a_lesson_spot_is_computed_once(app: Callable[..., AppTest],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from coach.learning import answers, judge
    from coach.ui import lessons

    lessons.lesson_verdict.clear()
    calls: list[str] = []
    real = judge.judge

    def counting(*args: object, **kwargs: object) -> object:
        calls.append(str(args[1]))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(answers, "judge", counting)
    for profile in ("Anna", "Bruno", "Carla"):  # three pupils answer the same spot
        at = _at_decision(app, profile)
        at.button(key=f"{DEC}.call").click().run()
        assert "Hai scelto" in texts(at)
        at.button(key=f"retry.{LESSON}/0/4").click().run()
        at.button(key=f"{DEC}.call").click().run()
    assert calls == ["p3 cc"]


@pytest.mark.parametrize("url", [
    "sqlite:////etc/passwd/coach.db",  # a folder that cannot exist
    "postgresql+nosuchdriver://u@127.0.0.1/coach",  # a driver that is not installed
    "mysql+mysqldb://u@127.0.0.1/coach",  # PostgreSQL's is in the extras; MySQL's never
])
def test_every_database_failure_is_the_notice(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from .helpers import start

    monkeypatch.setenv("COACH_DATABASE_URL", url)
    at = start()
    assert not at.exception
    assert any("Progressi non salvati" in w.value for w in at.warning)
    at.query_params.update({"lezione": LESSON, "mano": "1", "passo": "1"})
    at = goto(at, "lezioni")
    at.button(key=f"{DEC}.call").click().run()
    assert not at.exception
    assert "Hai scelto" in texts(at)  # the learner goes on
    assert any("Progressi non salvati" in w.value for w in at.warning)
    for page in ("progressi", "quiz", "impostazioni", "home"):
        assert not goto(at, page).exception


def test_a_damaged_database_file_is_named_in_the_notice(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from .helpers import start

    path = tmp_path / "coach.db"
    path.write_bytes(b"not a database" * 300)
    monkeypatch.setenv("COACH_DATABASE_URL", f"sqlite:///{path}")
    at = start()
    assert not at.exception
    assert any("il file del database è danneggiato" in w.value for w in at.warning)


def test_the_notice_goes_when_saving_works_again(app: Callable[..., AppTest]) -> None:
    from coach.i18n import Message
    from coach.ui.state import DB_ERROR, DB_WRITE_FAILED

    at = app()
    at.session_state[DB_ERROR] = Message("the database is not reachable")
    at.session_state[DB_WRITE_FAILED] = True
    at.run()
    assert any("Progressi non salvati" in w.value for w in at.warning)  # a failed write is shown once
    goto(at, "impostazioni")
    at.toggle(key="set_four").set_value(True).run()  # a write that succeeds
    assert not any("Progressi non salvati" in w.value for w in at.warning)


def test_the_notice_goes_with_the_first_read_that_works(app: Callable[..., AppTest]) -> None:
    """A read that failed set the notice; the next read that works clears it (no write needed)."""
    from coach.i18n import Message
    from coach.ui.state import DB_ERROR

    at = goto(app(), "progressi")
    at.session_state[DB_ERROR] = Message("the database is not reachable")
    goto(at, "progressi")  # the page reads the learner's progress, and the database answers
    assert not any("Progressi non salvati" in w.value for w in at.warning)


def test_a_profile_name_the_store_refuses_is_explained(app: Callable[..., AppTest]) -> None:
    from coach.ui.state import SETTINGS_KEY

    at = goto(app(profile="Anna"), "impostazioni")
    at.text_input(key="set_name").input("Anna").run()
    at.text_input(key="set_name").input("Anna\x01Maria").run()
    assert not at.exception
    assert at.session_state[SETTINGS_KEY].profile == "Anna"
    assert at.session_state[SETTINGS_KEY].display_name == "Anna"
    assert any("carattere di controllo" in e.value for e in at.error)
