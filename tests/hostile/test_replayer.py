"""Hostile input through the Replayer page (AppTest, the real app).

Every hostile file, uploaded or pasted, ends in one Italian error box that names the
file, never an exception box; the page keeps what it showed before; the upload is
parsed once (and a hand picked from a ``.phhs`` file is not parsed again).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

import coach.rooms.files as files_module

from .cases import BASE, ITALIAN_NEEDLE, PHH_TEXTS

ROOT = Path(__file__).resolve().parents[2]
# streamlit_app.py plus a way to open a page (tests/ui/app_on_page.py: AppTest cannot switch to it)
ENTRY = str(ROOT / "tests" / "ui" / "app_on_page.py")
NOTHING_LOADED = "Carica una mano per cominciare."


@pytest.fixture()
def replayer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppTest]:
    monkeypatch.setenv("COACH_DATABASE_URL", f"sqlite:///{tmp_path / 'coach.db'}")
    at = AppTest.from_file(ENTRY, default_timeout=60)  # a ceiling for a busy machine, not a measurement
    at.session_state["tests.goto"] = "replayer"
    at.run()
    assert not at.exception
    yield at


def page_text(at: AppTest) -> str:
    parts = [str(getattr(e, "value", "")) for kind in ("markdown", "info", "error", "success", "caption")
             for e in getattr(at, kind)]
    return "\n".join(parts + [str(h.value) for h in at.html])


def upload(at: AppTest, name: str, data: bytes) -> AppTest:
    at.file_uploader(key="replay_file").upload(name, data, "text/plain").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


UPLOADS: dict[str, bytes] = {name: text.encode("utf-8") for name, text in PHH_TEXTS.items()
                           if name != "latin1.phh"}


def test_a_latin_1_upload_is_read(replayer: AppTest) -> None:
    """Latin-1 is an encoding the rooms' clients write (coach.rooms.encoding): read, not refused."""
    at = upload(replayer, "latin1.phh", ("# caff\xe8 \n" + BASE).encode("latin-1"))
    assert not at.error and NOTHING_LOADED not in page_text(at)


@pytest.mark.parametrize("name", sorted(UPLOADS))
def test_a_hostile_upload_is_one_italian_error(replayer: AppTest, name: str) -> None:
    at = upload(replayer, name, UPLOADS[name])
    [err] = at.error
    assert "non si può rivedere" in err.value and name in err.value
    assert ITALIAN_NEEDLE[name] in err.value, err.value
    assert NOTHING_LOADED in page_text(at)


def test_pasted_deep_inline_tables_are_refused(replayer: AppTest) -> None:
    pasted = "x = " + "{a = " * 1_000 + "1" + "}" * 1_000  # about 6 KB
    replayer.text_area(key="replay_text").input(pasted).run()
    replayer.button(key="replay_paste_go").click().run()
    assert not replayer.exception
    [err] = replayer.error
    assert "annidate più di 8 livelli" in err.value


def test_a_bad_upload_leaves_the_hand_shown_before(replayer: AppTest) -> None:
    at = upload(replayer, "buona.phh", b"\xef\xbb\xbf" + BASE.encode("utf-8"))  # Notepad's BOM is fine
    assert not at.error
    at.button(key="replay.last").click().run()
    shown = page_text(at)
    assert "Fine della mano." in shown
    at = upload(at, "ostile.phh", UPLOADS["big-stack.phh"])
    assert at.error and "ostile.phh" in at.error[0].value
    assert "Fine della mano." in page_text(at)  # the hand on screen is still the good one


def test_an_upload_is_parsed_once_and_picking_a_hand_parses_nothing(
        replayer: AppTest, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    original: Callable[..., Any] = files_module.split_phhs

    def counting(text: str, source: str) -> Any:
        calls.append(source)
        return original(text, source)

    monkeypatch.setattr(files_module, "split_phhs", counting)  # the front door (coach.rooms.files) splits
    three = "".join(f"[{i}]\n{BASE}\n" for i in (1, 2, 3))
    at = upload(replayer, "tre.phhs", three.encode("utf-8"))
    assert calls == ["tre.phhs"] and not at.error
    at.number_input(key="replay_hand_no").set_value(3).run()
    assert not at.exception and not at.error
    assert calls == ["tre.phhs"]
