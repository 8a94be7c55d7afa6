"""``python -m coach evaluate``: JSON for a hand, errors as JSON with status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from coach.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    code = main(["evaluate", *args])
    return code, json.loads(capsys.readouterr().out)


def test_royal_flush(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "As", "Ks", "Qs", "Js", "Ts", "2c", "3d")
    assert code == 0
    assert out == {"category": "straight_flush", "name": "Scala reale",
                   "best_five": ["As", "Ks", "Qs", "Js", "Ts"], "strength": 7462}


def test_seed_003_showdown(capsys: pytest.CaptureFixture[str]) -> None:
    board = ["9c", "Kc", "3h", "5s", "9d"]
    _, bob = run(capsys, "Qs", "9h", *board)
    _, carol = run(capsys, "KsJh", *board)
    assert bob["name"] == "Tris di 9, kicker K e Q"
    assert bob["best_five"] == ["9h", "9d", "9c", "Kc", "Qs"]
    assert carol["name"] == "Doppia coppia, K e 9, kicker J"
    assert isinstance(bob["strength"], int) and isinstance(carol["strength"], int)
    assert bob["strength"] > carol["strength"]


def test_english_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "--locale", "en", "Ah", "Jh", "Kh", "7h", "3h")
    assert (code, out["name"], out["category"]) == (0, "Ace-high flush", "flush")
    code, out = run(capsys, "As", "As", "Qs", "Js", "Ts")
    assert code == 2 and "As" in str(out["error"])
    code, out = run(capsys, "As", "Ks", "Qs", "Js")
    assert code == 2 and "4" in str(out["error"])


def test_module_entry_point() -> None:
    proc = subprocess.run([sys.executable, "-m", "coach", "evaluate", "Ad", "2c", "3h", "4s", "5d"],
                          capture_output=True, text=True, check=True)
    assert json.loads(proc.stdout)["name"] == "Scala al 5"
