"""``python -m coach import``: one PHH file and one JSON line per hand, errors as ``replay``'s."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rooms.hands import histories

from coach.cli.imports import main
from coach.engine.phh import load_phh
from tests.support.rooms_export import export_histories


def run(*args: str) -> tuple[int, list[dict[str, Any]]]:
    out = io.StringIO()
    code = main(list(args), stdout=out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_each_hand_becomes_a_phh_file_and_a_json_line(tmp_path: Path) -> None:
    source = histories()
    hh = tmp_path / "session.txt"
    hh.write_text(export_histories(source, "pokerstars"), encoding="utf-8")
    code, lines = run(str(hh), "--out", str(tmp_path / "out"))
    assert code == 0
    assert [set(line) for line in lines] == [{"file", "hand", "line", "room", "status", "reason", "phh"}] * 4
    for original, line in zip(source, lines, strict=True):
        assert line["status"] == "ok" and line["room"] == "PokerStars" and line["reason"] is None
        written = load_phh(line["phh"]).replay().result
        assert written is not None and written.finishing_stacks == original.replay().result.finishing_stacks


def test_refused_hands_and_bad_files_in_italian(tmp_path: Path) -> None:
    hh = tmp_path / "bad.txt"
    text = export_histories(histories()[:1], "pokerstars").replace("raises $4 to $6", "raises $1 to $3")
    hh.write_text(text, encoding="utf-8")
    code, lines = run(str(hh), str(tmp_path / "missing.txt"))
    assert code == 1
    assert lines[0]["status"] == "refused" and "rilancio minimo" in lines[0]["reason"]
    assert lines[0]["phh"] is None
    assert lines[1] == {"file": str(tmp_path / "missing.txt"),
                        "error": f"{tmp_path / 'missing.txt'}: il file non esiste."}


def test_without_out_the_phh_text_is_printed(tmp_path: Path) -> None:
    hh = tmp_path / "party.txt"
    hh.write_text(export_histories(histories()[:1], "partypoker"), encoding="utf-8")
    code, lines = run(str(hh), "--locale", "en")
    assert code == 0 and lines[0]["room"] == "PartyPoker"
    assert lines[0]["phh"].startswith('variant = "NT"')
