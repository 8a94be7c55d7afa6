"""The Replayer, the live class and «Importa da una sala» read a hand file through a queue worker.

The queue is ``memory://`` (a job runs in the caller): to tell the page's work from the worker's, the
enqueued job is held (recorded, not run) while every reader of a raw file is made to raise, so the
page is seen waiting; the test then runs the job itself, as a worker, readers allowed; the page then
shows the hand with the readers forbidden again: it read nothing but the worker's normalized PHH.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

import coach.learning.handfile as handfile
import coach.learning.replay as replay
import coach.rooms as rooms
import coach.rooms.files as files
import coach.rooms.importer as importer
from coach.lessons.loader import load_lessons
from coach.review import parsejobs
from coach.store import Store
from coach.ui import parsewait, roomimport
from coach.ui.live import paste
from coach.ui.views import replayer

from .helpers import ROOT, goto, texts
from .test_live_class import _pasted_phh, _teacher_poses, teacher_with_class
from .views.test_rooms_upload import stars_file

WAITING = "Lettura del file…"


def _phh() -> str:
    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == "03-azioni")
    return lesson.hands[0].phh.to_toml()


class Worker:
    """Holds the enqueued jobs; runs them when told, the only time the readers may run."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.held: list[tuple[Any, ...]] = []
        self.allowed = False
        self.real = parsejobs.run_parse_job
        monkeypatch.setattr(parsejobs, "run_parse_job", lambda *args: self.held.append(args))
        for module, name in ((handfile, "read_hand_files"), (files, "import_histories"),
                             (files, "split_phhs"), (replay, "read_hand_files"),
                             (parsejobs, "import_histories"), (rooms, "import_histories"),
                             (importer, "import_histories")):
            monkeypatch.setattr(module, name, self._guard(getattr(module, name)))

    def _guard(self, reader: Callable[..., Any]) -> Callable[..., Any]:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            if not self.allowed:
                raise AssertionError("a raw hand file was read outside the worker")
            return reader(*args, **kwargs)
        return guarded

    def run_all(self) -> None:
        self.allowed = True
        try:
            for args in self.held:
                assert self.real(*args) == "done"
        finally:
            self.allowed = False
            self.held.clear()


def test_the_pages_import_no_reader_of_raw_files() -> None:
    for module in (replayer, paste, parsewait, roomimport):
        assert not {"read_hand_file", "import_histories", "load_sections", "read_pasted"} & set(vars(module))


def test_the_replayer_waits_for_the_worker_and_shows_its_hand_after_a_reload_too(
        app: Callable[..., AppTest], monkeypatch: pytest.MonkeyPatch) -> None:
    worker = Worker(monkeypatch)
    at = goto(app(), "replayer")
    at.file_uploader(key="replay_file").upload("mano.phh", _phh().encode(), "text/plain").run()
    assert not at.exception, at.exception
    assert len(worker.held) == 1 and WAITING in [s.label for s in at.get("status")]
    assert "Carla" not in texts(at)
    worker.run_all()
    at.run()
    assert not at.exception and not at.error
    assert "Carla" in texts(at) and WAITING not in [s.label for s in at.get("status")]
    at.button(key="replay.last").click().run()
    assert "Dario vince il piatto di 87" in texts(at)
    again = goto(app(), "replayer")  # a reload: a new session of the same profile
    assert not again.exception and "Carla" in texts(again)


def test_a_worker_that_never_answers_is_said_and_the_hand_shown_stays(
        app: Callable[..., AppTest], monkeypatch: pytest.MonkeyPatch) -> None:
    at = goto(app(), "replayer")
    at.file_uploader(key="replay_file").upload("mano.phh", _phh().encode(), "text/plain").run()
    assert "Carla" in texts(at)
    Worker(monkeypatch)  # the next job stays queued, as when the worker is gone
    monkeypatch.setattr(parsewait, "PENDING_LIMIT_S", 0.0)
    at.text_area(key="replay_text").input(_phh().replace("Carla", "Zoe")).run()
    at.button(key="replay_paste_go").click().run()
    assert not at.exception, at.exception
    assert any("troppo tempo" in e.value for e in at.error), [e.value for e in at.error]
    assert "Carla" in texts(at) and "Zoe" not in texts(at)


def test_a_worker_that_failed_is_said(app: Callable[..., AppTest], db_url: str) -> None:
    store = Store(db_url)
    job = store.create_parse_job("Ospite", "replayer")
    store.finish_parse_job(job, "failed", {"error": "RuntimeError: kaboom"})
    at = goto(app(), "replayer")
    assert any("kaboom" in e.value and "errore del coach" in e.value for e in at.error), at.error


def test_the_live_class_paste_goes_through_the_worker(app: Callable[..., AppTest],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    teacher, _ = teacher_with_class(app)
    _teacher_poses(teacher, "phh")
    worker = Worker(monkeypatch)
    teacher.text_area(key="live.paste.text").input("variant = 'NT'\nactions = [\n").run()
    teacher.button(key="live.paste.use").click().run()
    assert not teacher.exception and len(worker.held) == 1
    worker.run_all()
    teacher.run()
    assert any("il testo incollato" in e.value for e in teacher.error)  # the reader's refusal, as before
    assert "live.teacher.pasted" not in teacher.session_state
    teacher.text_area(key="live.paste.text").input(_pasted_phh(4)).run()
    teacher.button(key="live.paste.use").click().run()
    assert WAITING in [s.label for s in teacher.get("status")]
    worker.run_all()
    teacher.run()
    assert not teacher.exception, teacher.exception
    assert not teacher.error
    assert teacher.session_state["live.teacher.point"] == 4  # the hand stops at Carla's decision
    assert "Azione 5 (preflop): tocca a Carla" in teacher.selectbox(key="live.teacher.point").options


def _statuses(at: AppTest) -> list[str]:
    return [s.label for s in at.get("status")]


def test_my_hands_import_waits_for_the_worker_and_keeps_the_hands_once(
        app: Callable[..., AppTest], monkeypatch: pytest.MonkeyPatch, db_url: str) -> None:
    worker = Worker(monkeypatch)
    store = Store(db_url)
    at = goto(app(profile="Anna"), "mani")
    at.file_uploader(key="mani.import.file").upload("sessione.txt", stars_file(doctored=True), "text/plain")
    at.button(key="mani.import.go").click().run()
    assert not at.exception, at.exception
    assert len(worker.held) == 1 and WAITING in _statuses(at)
    assert store.user_hands("Anna") == [] and "Lette: 3" not in texts(at)
    worker.run_all()
    at.run()  # what the polling fragment does once the job is done
    assert not at.exception and not at.error
    body = texts(at)
    assert "Lette: 3" in body and "Rifiutate: 1" in body and "Salvate in «Le mie mani» dal file: 3." in body
    assert WAITING not in _statuses(at)
    titles = sorted(h.title for h in store.user_hands("Anna"))
    assert len(titles) == 3 and all(t.startswith("Mano PokerStars n. 100000") for t in titles)
    again = goto(app(profile="Anna"), "mani")  # a reload: a new session finds the same finished job
    assert not again.exception and not again.error
    assert "Lette: 3" in texts(again) and "Salvate in «Le mie mani» dal file: 3." in texts(again)
    at.run()
    again.run()
    assert sorted(h.title for h in store.user_hands("Anna")) == titles  # kept once, not twice or thrice
    assert not worker.held  # nothing read again


def test_my_hands_import_worker_that_never_answers_is_said_and_nothing_is_saved(
        app: Callable[..., AppTest], monkeypatch: pytest.MonkeyPatch, db_url: str) -> None:
    Worker(monkeypatch)
    monkeypatch.setattr(parsewait, "PENDING_LIMIT_S", 0.0)
    at = goto(app(profile="Anna"), "mani")
    at.file_uploader(key="mani.import.file").upload("sessione.txt", stars_file(), "text/plain")
    at.button(key="mani.import.go").click().run()
    assert not at.exception, at.exception
    assert any("troppo tempo" in e.value for e in at.error), [e.value for e in at.error]
    assert Store(db_url).user_hands("Anna") == []


def test_my_hands_import_refuses_an_oversized_file_in_the_page_without_reading_it(
        app: Callable[..., AppTest], monkeypatch: pytest.MonkeyPatch, db_url: str) -> None:
    worker = Worker(monkeypatch)
    worker.allowed = True  # the size check asks the reader, which answers before parsing a byte
    at = goto(app(profile="Anna"), "mani")
    big = stars_file() * (roomimport.MAX_BYTES // len(stars_file()) + 1)
    at.file_uploader(key="mani.import.file").upload("sessione.txt", big, "text/plain")
    at.button(key="mani.import.go").click().run()
    assert not at.exception and not worker.held
    assert at.error and "KB" in at.error[0].value and "Non è stato salvato niente." in texts(at)
    assert Store(db_url).user_hands("Anna") == []
