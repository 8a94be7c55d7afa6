"""``python -m coach replay``: one JSON line per hand, errors on their own line, exit status."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from support.hands import SAMPLE_PHH

from coach.cli.replay import main
from coach.engine.phh import HandHistory

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "tests" / "data" / "seeds"

GOOD = SAMPLE_PHH + "finishing_stacks = [102, 98, 100]\n"


def run(*args: str) -> tuple[int, list[dict[str, Any]]]:
    out = io.StringIO()
    code = main(list(args), stdout=out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_seed_files_replay_one_line_each() -> None:
    files = sorted(str(p) for p in SEEDS.glob("*.phh"))
    code, lines = run(*files)
    assert code == 0
    assert [line["file"] for line in lines] == files
    by_name = {Path(line["file"]).name: line for line in lines}
    alice = by_name["003-alice-bob-carol-ted.phh"]
    assert alice["finishing_stacks"] == [116, 90, 100, 94]
    assert alice["winners"] == ["p1"]
    assert alice["players"] == ["Bob", "Carol", "Ted", "Alice"]
    assert [p["amount"] for p in alice["pots"]] == [26]
    assert alice["matches_file"] is True
    side = by_name["001-side-pot.phh"]
    pots = [(p["index"], p["amount"], p["winners"]) for p in side["pots"]]
    assert pots == [(0, 90, ["p3"]), (1, 100, ["p2"])]


def test_a_bad_file_gets_an_error_line_and_the_others_still_replay(tmp_path: Path) -> None:
    good = tmp_path / "good.phh"
    good.write_text(GOOD)
    illegal = tmp_path / "illegal.phh"
    illegal.write_text(GOOD.replace('"p1 cbr 6"', '"p1 cbr 3"'))
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'NT\n")
    missing = tmp_path / "missing.phh"
    code, lines = run("--lang", "en", str(illegal), str(broken), str(missing), str(good))
    assert code == 1
    assert [line["file"] for line in lines] == [str(illegal), str(broken), str(missing), str(good)]
    assert set(lines[0]) == {"file", "error"}
    assert "action 5 'p1 cbr 3'" in lines[0]["error"] and str(illegal) in lines[0]["error"]
    assert "not valid TOML" in lines[1]["error"]
    assert "the file does not exist" in lines[2]["error"]
    assert lines[3]["finishing_stacks"] == [102, 98, 100]
    assert lines[3]["pots"][0]["winners"] == ["p1"] and lines[3]["uncontested"] is True


def test_errors_are_italian_by_default(tmp_path: Path) -> None:
    illegal = tmp_path / "illegal.phh"
    illegal.write_text(GOOD.replace('"p1 cbr 6"', '"p2 f"'))
    _, (it,) = run(str(illegal))
    _, (en,) = run("--lang", "en", str(illegal))
    assert it["error"] != en["error"]
    assert "'p2 f'" in it["error"] and str(illegal) in it["error"]


def test_the_anomaly_names_the_illegal_action(phh_dir: Path) -> None:
    path = phh_dir / "anomalies" / "wsop" / "2019" / "42" / "3" / "00-01-07.phh"
    code, (line,) = run("--lang", "en", str(path))
    assert code == 1
    assert "action 14 'p1 cc'" in line["error"]


def test_amounts_in_dollars_and_cents_print_back_exactly(tmp_path: Path) -> None:
    cents = tmp_path / "cents.phh"
    cents.write_text(
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [0.05, 0.10]\nmin_bet = 0.10\n'
        'starting_stacks = [10.00, 7.35]\n'
        'actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 0.35", "p1 f"]\n')
    code, (line,) = run(str(cents))
    assert code == 0
    # p2 (button, small blind) raises to 0.35; p1 (big blind) folds: p2 wins the 0.10
    assert line["finishing_stacks"] == ["9.90", "7.45"]
    assert line["pots"][0]["amount"] == "0.20"


def test_check_flag_fails_a_hand_that_disagrees_with_the_file(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.phh"
    wrong.write_text(GOOD.replace("[102, 98, 100]", "[101, 99, 100]"))
    code, (line,) = run(str(wrong))
    assert code == 0 and line["matches_file"] is False
    code, (line,) = run("--check", "--lang", "en", str(wrong))
    assert code == 1 and "the file says 101, 99, 100" in line["error"]


def test_phhs_sections_print_one_line_per_hand(tmp_path: Path) -> None:
    many = tmp_path / "many.phhs"
    many.write_text(f"[1]\n{GOOD}\n[2]\n{GOOD.replace('p3 f', 'p4 f')}")
    code, lines = run("--lang", "en", str(many))
    assert code == 1
    assert [line.get("hand") for line in lines] == ["1", "2"]
    assert "finishing_stacks" in lines[0] and "no player p4" in lines[1]["error"]


def test_usage_error_exit_status() -> None:
    assert main([]) == 2


def test_python_dash_m_coach_replay(tmp_path: Path) -> None:
    files = [str(SEEDS / "001-kicker.phh"), str(tmp_path / "absent.phh")]
    proc = subprocess.run([sys.executable, "-m", "coach", "replay", *files], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 1
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert lines[0]["finishing_stacks"] == [88, 112] and lines[0]["winners"] == ["p2"]
    assert lines[1]["file"] == files[1] and "error" in lines[1]


def test_an_unexpected_failure_is_reported_and_the_next_file_still_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    good = tmp_path / "good.phh"
    good.write_text(GOOD)
    calls = {"n": 0}
    original = HandHistory.replay

    def flaky(self: HandHistory, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("boom")
        return original(self, **kwargs)

    monkeypatch.setattr(HandHistory, "replay", flaky)
    code, lines = run("--lang", "en", str(good), str(good))
    assert code == 1
    assert "internal error while replaying (RuntimeError: boom)" in lines[0]["error"]
    assert lines[1]["finishing_stacks"] == [102, 98, 100]
