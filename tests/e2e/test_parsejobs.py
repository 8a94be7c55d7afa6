"""The Replayer reads an uploaded file through the task queue's worker (issue 23, item 4), in the browser.

The e2e server runs the embedded default: a SQLite queue beside the database and the worker the
app starts itself (``python -m coach worker``). The page enqueues the file and waits; the hand
appears once the worker has written it to ``parse_jobs``; a reload finds it again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from support.browser import BROWSER, WAIT_MS, shot, wait_idle

from coach.lessons.loader import load_lessons

pytestmark = BROWSER
ROOT = Path(__file__).resolve().parents[2]


def _last_parse_job(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """(purpose, status) of the newest parse job in the e2e server's database."""
    db = max(tmp_path_factory.getbasetemp().glob("e2e*/e2e.db"), key=lambda p: p.stat().st_mtime)
    engine = create_engine(f"sqlite:///{db}")
    try:
        with engine.connect() as conn:
            row = conn.execute(text("SELECT purpose, status FROM parse_jobs ORDER BY id DESC LIMIT 1")).one()
            return str(row[0]), str(row[1])
    finally:
        engine.dispose()


def test_an_uploaded_phh_file_is_read_by_the_worker_and_shown(
        desk: tuple[Any, list[str]], server: str, tmp_path: Path,
        tmp_path_factory: pytest.TempPathFactory) -> None:
    page, errors = desk
    lesson = next(x for x in load_lessons(ROOT / "lessons") if x.id == "03-azioni")
    path = tmp_path / "mano.phh"
    path.write_text(lesson.hands[0].phh.to_toml(), encoding="utf-8")
    page.goto(server + "/replayer")
    page.get_by_text("Carica una mano per cominciare.").wait_for()
    wait_idle(page)
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(path))
    page.get_by_text("In esame: mano.phh").wait_for(timeout=WAIT_MS)  # once the worker has read it
    wait_idle(page)
    assert page.get_by_text("Lettura del file…").count() == 0
    assert page.get_by_text("Carla").count() > 0
    assert _last_parse_job(tmp_path_factory) == ("replayer", "done")  # written by the worker process
    shot(page, "parsejobs-replayer.png", height=1000)
    page.reload()  # a new session of the same browser: the file read is found again
    page.get_by_text("In esame: mano.phh").wait_for(timeout=WAIT_MS)
    wait_idle(page)
    assert page.get_by_text("Carla").count() > 0
    assert not errors, errors
