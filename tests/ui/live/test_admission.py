"""Admission control on the live-class pages (AppTest): one message for a code that does not let
you in, the teacher's «Chiudi le iscrizioni», removing several pupils, a removed name blocked, the
limits on creating classes, and until when the results stay (coach/ui/live/admission.py and the
pupil's join on coach/ui/views/classe.py)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from streamlit.testing.v1 import AppTest

from coach.live import CREATE_CONNECTION_BURST, JOIN_CONNECTION_BURST, MAX_OPEN_CLASSES
from coach.store import Store
from coach.store.checks import utc_now
from coach.ui import state

from ..helpers import goto, texts
from ..test_live_class import pupil, teacher_with_class


def _problem(at: AppTest) -> str:
    errors = [e.value for e in at.error]
    assert len(errors) == 1, errors
    return str(errors[0])


def test_unknown_closed_and_expired_codes_read_the_same(app: Callable[..., AppTest], db_url: str) -> None:
    store = Store(db_url)
    closed = store.create_class("Prof", "chiusa")
    store.close_class(closed.code, closed.teacher_secret or "")
    expired = store.create_class("Prof", "ieri", hours=1, at=utc_now() - timedelta(hours=2))
    shut = store.create_class("Prof", "piena")
    store.set_joins_closed(shut.id, shut.teacher_secret or "", True)
    unknown = next(c for c in ("ZZZZZZ", "YYYYYY") if store.live_class(c) is None)
    seen = {}
    for code in (unknown, closed.code, expired.code, shut.code):
        at = pupil(app, code, "Bruno", "ABCD-2345")
        seen[code] = _problem(at).replace(code, "CODE")
        assert at.button(key="live.join")  # still on the join form
    assert len(set(seen.values())) == 1, seen
    assert "Non puoi entrare con il codice CODE" in seen[unknown]


def test_a_pupil_in_a_class_that_ends_still_reads_it_is_over(app: Callable[..., AppTest]) -> None:
    teacher, code = teacher_with_class(app)
    anna = pupil(app, code, "Anna", "KQMX-4727")
    teacher.button(key="live.close_class").click().run()
    teacher.button(key="live.close_class.yes").click().run()
    anna.run()
    assert "L'insegnante ha chiuso la classe" in texts(anna)


def test_a_phone_that_floods_the_join_button_is_asked_to_wait(app: Callable[..., AppTest]) -> None:
    _, code = teacher_with_class(app)
    pupil(app, code, "Anna", "KQMX-4727")
    at = pupil(app, code, "Anna", "ABCD-2345")  # a name taken: still on the join form
    assert "è già preso" in _problem(at)
    for _ in range(int(JOIN_CONNECTION_BURST)):
        at.button(key="live.join").click().run()
    problem = _problem(at)
    assert "Troppi tentativi in poco tempo: aspetta" in problem and "secondi" in problem
    # Another phone still joins.
    assert "Ciao Bruno" in texts(pupil(app, code, "Bruno", "EFGH-2345"))


def test_the_teacher_closes_joins_removes_pupils_and_their_names_stay_out(app: Callable[..., AppTest],
                                                                          db_url: str) -> None:
    teacher, code = teacher_with_class(app)
    anna = pupil(app, code, "Anna", "KQMX-4727")
    pupil(app, code, "Bruno", "ABCD-2345")
    pupil(app, code, "Carla", "EFGH-2345")
    teacher.run()
    teacher.button(key="live.joins.close").click().run()
    assert "Le iscrizioni sono chiuse" in texts(teacher)
    late = pupil(app, code, "Dario", "JKLM-2345")
    assert "Non puoi entrare con il codice" in _problem(late)
    teacher.button(key="live.joins.open").click().run()
    assert teacher.button(key="live.joins.close")
    cls = Store(db_url).live_class(code)
    assert cls is not None
    key = teacher.session_state[state.TEACHER_KEYS][code]  # the secret this teacher's browser holds
    ids = [p.id for p in Store(db_url).class_pupils(cls.id, key) or [] if p.name in ("Anna", "Bruno")]
    assert teacher.multiselect(key="live.teacher.selected").options == ["Anna", "Bruno", "Carla"]
    teacher.multiselect(key="live.teacher.selected").set_value(ids).run()
    teacher.button(key="live.remove_many").click().run()
    assert not teacher.exception
    assert [b.label for b in teacher.button if b.key and b.key.startswith("live.remove.")] == ["Carla"]
    assert "2 nomi tolti" in [e.label for e in teacher.expander]
    anna.run()
    assert "Non sei più in questa classe" in texts(anna)
    again = pupil(app, code, "anna", "NPQR-2345")
    assert "Il nome «anna» non può entrare in questa classe" in _problem(again)
    teacher.button(key=f"live.unblock.{ids[0]}").click().run()  # the teacher lets Anna in again
    assert "Ciao Anna" in texts(pupil(app, code, "Anna", "STUV-2345"))


def test_a_sixth_open_class_names_the_ones_to_end(app: Callable[..., AppTest], db_url: str) -> None:
    store = Store(db_url)
    made = [store.create_class("Prof", f"C{i}") for i in range(MAX_OPEN_CLASSES)]
    at = goto(app(profile="Prof"), "insegnante")
    at.button(key="live.create").click().run()
    problem = _problem(at)
    assert "Hai già 5 classi aperte" in problem and all(c.code in problem for c in made)
    assert "codice" not in at.query_params


def test_classes_created_from_one_browser_are_limited(app: Callable[..., AppTest], db_url: str) -> None:
    at = goto(app(profile="Prof"), "insegnante")
    store = Store(db_url)
    for _ in range(int(CREATE_CONNECTION_BURST)):
        at.button(key="live.create").click().run()
        at.button(key="live.close_class").click().run()  # ended by its teacher: under the open limit
        at.button(key="live.close_class.yes").click().run()
        at.run()
        at.button(key="live.leave").click().run()
    at.button(key="live.create").click().run()
    assert "Troppe classi create da questo browser" in _problem(at)
    assert len(store.teacher_classes("Prof")) == CREATE_CONNECTION_BURST


def test_the_results_say_until_when_they_stay(app: Callable[..., AppTest]) -> None:
    teacher, code = teacher_with_class(app)
    anna = pupil(app, code, "Anna", "KQMX-4727")
    teacher.run()
    teacher.segmented_control(key="live.teacher.view").set_value("question").run()
    teacher.button(key="live.open").click().run()
    anna.run()
    anna.button(key="live.q1.call").click().run()
    teacher.button(key="live.close_class").click().run()
    teacher.button(key="live.close_class.yes").click().run()
    teacher.segmented_control(key="live.teacher.view").set_value("results").run()
    until = (utc_now() + timedelta(days=30)).strftime("%d/%m/%Y")
    # «al» is elided before a date read with a vowel (all'01/…, all'08/…, all'11/…)
    assert (f"il CSV si può scaricare, fino al {until}" in texts(teacher)
            or f"il CSV si può scaricare, fino all'{until}" in texts(teacher))
