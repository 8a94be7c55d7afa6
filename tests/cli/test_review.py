"""``python -m coach review``: a JSON line per hero decision by EV lost, a summary, errors as ``replay``."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from coach.cli.review import main
from coach.engine.phh import history_from_table, split_phhs
from tests.support.rooms_export import export_histories
from tests.support.sample import sample_session

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=1)
def _session() -> str:
    return sample_session(10, seed=5)


def run(*args: str) -> tuple[int, list[dict[str, Any]]]:
    out = io.StringIO()
    code = main(list(args), stdout=out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_decisions_sorted_by_ev_lost_then_the_summary(tmp_path: Path) -> None:
    f = tmp_path / "s.phhs"
    f.write_text(_session(), encoding="utf-8")
    code, lines = run(str(f))
    assert code == 0
    *decisions, summary = lines
    assert decisions and "summary" in summary
    losses = [d["ev_loss_bb"] or 0.0 for d in decisions]
    assert losses == sorted(losses, reverse=True)
    assert summary["summary"]["hero"] == "Tu" and summary["summary"]["decisions"] == len(decisions)
    assert len(summary["leaks"]) <= 3
    first = decisions[0]
    assert set(first) >= {"file", "hand", "street", "action", "grade", "ev_loss_bb", "best"}
    assert 1 <= first["hand"] <= 10 and first["file"] == str(f)


def test_italian_by_default_english_on_request(tmp_path: Path) -> None:
    f = tmp_path / "s.phhs"
    f.write_text(_session(), encoding="utf-8")
    _, it = run(str(f))
    _, en = run(str(f), "--locale", "en")
    raised_it = [d["action"] for d in it[:-1] if d["action"].startswith("raise")]
    raised_en = [d["action"] for d in en[:-1] if d["action"].startswith("raise")]
    assert raised_it and all(" a " in a for a in raised_it)
    assert raised_en and all(" to " in a for a in raised_en)


def test_a_missing_file_and_an_unknown_hero_print_errors(tmp_path: Path) -> None:
    f = tmp_path / "s.phhs"
    f.write_text(_session(), encoding="utf-8")
    code, lines = run(str(tmp_path / "none.phh"), str(f), "--hero", "Tu")
    assert code == 1
    assert set(lines[0]) == {"file", "error"} and lines[0]["file"].endswith("none.phh")
    assert "summary" in lines[-1]
    code, lines = run(str(f), "--hero", "Nessuno")
    assert code == 1 and "Nessuno" in lines[0]["error"]


def test_a_doctored_hand_is_refused_on_its_line(tmp_path: Path) -> None:
    first, rest = _session().split("[2]\n", 1)
    assert "cbr " in first
    bad = re.sub(r'"(p\d) cbr \d+"', r'"\1 cbr 1"', first, count=1)  # below the minimum bet
    f = tmp_path / "s.phhs"
    f.write_text(bad + "[2]\n" + rest, encoding="utf-8")
    code, lines = run(str(f))
    errors = [x for x in lines if "error" in x]
    assert code == 1 and errors and errors[0]["hand"] == 1


def test_the_command_runs_as_a_module(tmp_path: Path) -> None:
    f = tmp_path / "s.phhs"
    f.write_text(_session(), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "coach", "review", str(f), "--locale", "en"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300, check=False)
    assert out.returncode == 0, out.stderr
    assert "summary" in json.loads(out.stdout.splitlines()[-1])


def test_a_pokerstars_file_is_reviewed_and_its_doctored_hand_reported(tmp_path: Path) -> None:
    phh = tmp_path / "s.phhs"
    phh.write_text(_session(), encoding="utf-8")
    hands = [history_from_table(table, src) for src, table in split_phhs(_session(), "s.phhs") if table]
    text = export_histories(hands, "pokerstars", hero="Tu")
    at = text.index(" collected ")
    doctored = text[:at] + " collected $99999" + text[text.index(" from pot", at):]  # the first pot
    f = tmp_path / "stars.txt"
    f.write_text(doctored, encoding="utf-8")
    code, lines = run(str(f), "--hero", "Tu")
    _, phh_lines = run(str(phh))
    assert code == 1  # a hand refused
    errors = [x for x in lines if "error" in x]
    assert len(errors) == 1 and errors[0]["file"] == str(f) and errors[0]["hand"] >= 1
    decisions = [x for x in lines if "grade" in x]
    assert decisions and all(x["file"] == str(f) for x in decisions)
    assert len(decisions) <= len([x for x in phh_lines if "grade" in x])


def _stars_file(tmp_path: Path) -> Path:
    """The sample session as a PokerStars cash-game file in dollars (a big blind of $0.02)."""
    from dataclasses import replace

    hands = [replace(history_from_table(table, src), scale=100)
             for src, table in split_phhs(_session(), "s.phhs") if table]
    f = tmp_path / "stars.txt"
    f.write_text(export_histories(hands, "pokerstars", hero="Tu"), encoding="utf-8")
    return f


def test_each_decision_is_named_by_the_rooms_hand_number_and_line_amounts_in_bb(tmp_path: Path) -> None:
    f = _stars_file(tmp_path)
    lines_of_file = f.read_text(encoding="utf-8").splitlines()
    code, lines = run(str(f), "--hero", "Tu")
    assert code == 0
    decisions = [x for x in lines if "grade" in x]
    assert decisions
    for d in decisions:
        # the line named is where the room's hand starts, with the room's hand number on it
        assert lines_of_file[d["line"] - 1].startswith(f"PokerStars Hand #{d['room_hand']}:")
        assert d["hand_name"] == f"mano #{d['room_hand']} ({f}, riga {d['line']})"
    raises = [d for d in decisions if d["code"].startswith("cbr")]
    assert raises
    for d in raises:  # big blinds first, the money the room wrote in parentheses
        assert re.fullmatch(r"(raise a|bet di|all-in di) \d+(,\d)? bb \(\d+,\d\d\)", d["action"]), d["action"]


def test_the_text_format_is_a_summary_a_club_player_reads(tmp_path: Path) -> None:
    f = _stars_file(tmp_path)
    out = io.StringIO()
    code = main([str(f), "--hero", "Tu", "--format", "text"], stdout=out)
    text = out.getvalue()
    assert code == 0
    first = text.splitlines()[0]
    assert re.fullmatch(r"Sessione di Tu: 10 mani, \d+ decisioni, \d+,\d bb persi, \d+ errori\.", first)
    assert "Per giro: preflop " in text and "Per posizione: " in text and "Le decisioni più costose:" in text
    assert "Mano #1000" in text and "il coach preferisce" in text
    assert "{" not in text  # no JSON, no unfilled placeholder
    assert "– bb" not in text  # a chart-graded decision says so instead of a missing loss
