"""``python -m coach theory``: the charts and the river from the command line, in Italian by default."""

from __future__ import annotations

import json
import re

import pytest

from coach.cli import main


def test_pushfold_prints_the_chart_in_italian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["theory", "pushfold", "--players", "2", "--stack", "10"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"SB va all-in con queste mani \(5\d,\d% del totale\)", out)
    assert "BB chiama" in out
    assert "Equilibrio calcolato" in out
    ace_row = next(line for line in out.splitlines() if "AKs" in line and "AA" in line)
    assert ace_row.split()[:4] == ["A", "AA", "AKs", "AQs"]


def test_pushfold_json_and_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["theory", "pushfold", "--players", "6", "--seat", "CO", "--stack", "8",
                 "--ante", "0.125", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == "CO" and [c["seat"] for c in data["callers"]] == ["BTN", "SB", "BB"]
    assert data["exploitability_bb"] < 0.02
    assert data["push"]["classes"]["AA"] == 1.0
    assert main(["theory", "pushfold", "--players", "2", "--stack", "10", "--lang", "en"]) == 0
    assert re.search(r"SB goes all-in with these hands \(5\d\.\d% of all\)", capsys.readouterr().out)


def test_river_with_a_hand(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["theory", "river", "--board", "KsTh7s4d2c", "--ranges", "TT+, AJs+, KQs, AQo+",
            "99+, ATs+, KJs+, QJs, AJo+", "--pot", "60", "--stack", "150", "--hand", "AsAd"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "risolto fino a" in out and "AsAd:" in out and "bet 45" in out
    assert main([*args, "--json", "--line", "bet 45"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["player"] == 1 and data["actions"][:2] == ["fold", "call"]
    assert data["exploitability_pct"] <= 0.3


@pytest.mark.parametrize("args", [
    ["theory", "river", "--board", "KsTh7s", "--ranges", "AA", "KK", "--pot", "10", "--stack", "10"],
    ["theory", "river", "--board", "KsTh7s4d2c", "--ranges", "AA", "KK", "--pot", "10", "--stack", "10",
     "--bets", "abc"],
    ["theory", "river", "--board", "KsTh7s4d2c", "--ranges", "AA", "KK", "--pot", "10", "--stack", "10",
     "--hand", "QhQd"],
    ["theory", "pushfold", "--players", "12", "--stack", "10"],
    ["theory", "pushfold", "--players", "6", "--seat", "BB", "--stack", "10"],
])
def test_bad_input_is_one_italian_json_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    out = capsys.readouterr().out.strip()
    assert len(out.splitlines()) == 1
    assert set(json.loads(out)) == {"error"}


def test_turn_with_a_hand(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["theory", "turn", "--board", "KsTh7s4d", "--ranges", "AA, KK, 99, 76s, A5s", "QQ, JJ, AKs, T9s",
            "--pot", "60", "--stack", "150", "--hand", "AsAd"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert out.startswith("Turn Ks Th 7s 4d") and "turn e river risolti fino a" in out and "AsAd:" in out
    assert main([*args[:-2], "--json", "--line", "check"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["player"] == 1 and data["actions"][0] == "check"
    assert data["exploitability_pct"] <= 1.0
    assert sum(data["values"]) == pytest.approx(60, abs=0.01)
