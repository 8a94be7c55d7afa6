"""The decision spots: PHH files that stop at a decision, each with its expected answer.

``spots/expected.toml`` says, for every ``spots/<name>.phh``, what the best
action must be (``best``: fold, check, call, raise, aggressive = any bet or
raise, not_fold) and why (``reason``), which grades some options must get
(by code ``cbr 5`` or kind ``fold``/``call``/``check``/``raise``), and the
range a lesson would assume for an opponent (``ranges``).
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from coach.cli.advise import main as advise_main
from coach.engine.phh import load_phh
from coach.feedback.analysis import DecisionAnalysis, analyze

SPOTS = Path(__file__).resolve().parent / "spots"
EXPECTED: dict[str, dict[str, Any]] = tomllib.loads((SPOTS / "expected.toml").read_text(encoding="utf-8"))


def run(name: str, seed: int = 0) -> DecisionAnalysis:
    exp = EXPECTED[name]
    hand = load_phh(SPOTS / f"{name}.phh").replay(require_complete=False)
    given = {hand.config.seat_of_player(int(p[1:])): r for p, r in exp.get("ranges", {}).items()}
    extra = [c for c in exp.get("grades", {}) if c.startswith("cbr")]
    return analyze(hand, villain_ranges=given or None, seed=seed, candidates=extra)


def test_the_suite_covers_every_street_and_both_formats() -> None:
    assert len(EXPECTED) >= 40
    assert {p.stem for p in SPOTS.glob("*.phh")} == set(EXPECTED)
    streets = {n.split("-")[0] for n in EXPECTED}
    assert streets == {"pf", "flop", "turn", "river"}
    for street in streets:
        formats = {n.split("-")[1] for n in EXPECTED if n.startswith(street + "-")}
        assert "hu" in formats and formats & {"6max", "9max"}, street
    assert all(e.get("reason") for e in EXPECTED.values())


def _kind_matches(kind: str, code: str, expected: str) -> bool:
    aggressive = code.startswith("cbr")
    return {
        "fold": kind == "fold",
        "check": kind == "check",
        "call": code == "cc" and kind in ("call", "all_in"),
        "raise": aggressive,
        "aggressive": aggressive,
        "not_fold": kind != "fold",
    }[expected]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_spot(name: str) -> None:
    exp = EXPECTED[name]
    a = run(name)
    best = a.option(a.best)
    assert _kind_matches(best.kind, best.code, exp["best"]), (name, exp["reason"], a.best,
                                                               [(o.code, o.grade.value) for o in a.options])
    for key, allowed in exp.get("grades", {}).items():
        matching = [o for o in a.options if o.code == key or o.kind == key
                    or (key == "raise" and o.code.startswith("cbr"))
                    or (key == "call" and o.code == "cc" and o.kind in ("call", "all_in"))]
        assert matching, (name, key)
        for o in matching:
            assert o.grade.value in allowed, (name, exp["reason"], o.code, o.grade.value, allowed)
    # folding is never the best answer when checking is free
    fold = a.option("fold")
    if any(o.kind == "check" for o in a.options):
        assert fold.grade.value in ("errore", "errore grave") and a.best != "f"
    # every option has a non-empty explanation with its numbers
    assert all(o.explanation.msgid for o in a.options)


@pytest.mark.parametrize("name", ["flop-6max-seed-bet", "turn-hu-fd-small-bet-4.8", "flop-6max-3way-set"])
def test_grading_is_deterministic_for_a_state_and_seed(name: str) -> None:
    first, again = run(name, seed=5), run(name, seed=5)
    def figures(a: DecisionAnalysis) -> list[tuple[str, object, float | None]]:
        return [(o.code, o.grade, o.ev_bb) for o in a.options]

    assert figures(first) == figures(again)
    assert first.equity == again.equity


def test_advise_cli_on_every_spot(capsys: pytest.CaptureFixture[str]) -> None:
    for name, exp in sorted(EXPECTED.items()):
        args = [str(SPOTS / f"{name}.phh")]
        for player, notation in exp.get("ranges", {}).items():
            args += ["--range", f"{player}={notation}"]
        assert advise_main(args) == 0, name
        out = json.loads(capsys.readouterr().out)
        for key in ("actor", "street", "pot", "to_call", "pot_odds", "equity", "options", "best"):
            assert key in out, (name, key)
        assert out["best"] in {o["action"] for o in out["options"]}
        assert {o["action"] for o in out["options"]} >= {"f"}
        assert all(o["explanation"] and o["grade"] for o in out["options"])


def test_advise_cli_refuses_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A bad file is a {"file", "error"} line on stdout and exit status 1 (README, «Riga di comando»)."""
    def error_of(path: Path) -> str:
        assert advise_main([str(path)]) == 1
        line = json.loads(capsys.readouterr().out)
        assert set(line) == {"file", "error"} and line["file"] == str(path)
        return str(line["error"])

    broken = tmp_path / "broken.phh"
    broken.write_text('variant = "NT"\nactions = [\n', encoding="utf-8")
    assert "broken.phh" in error_of(broken)
    illegal = tmp_path / "illegal.phh"
    text = (SPOTS / "pf-6max-utg-72o.phh").read_text(encoding="utf-8").replace(
        '"d dh p6 ????",', '"d dh p6 ????",\n  "p3 cbr 3",')
    illegal.write_text(text, encoding="utf-8")
    err = error_of(illegal)
    assert "illegal.phh" in err and "p3 cbr 3" in err
    unknown = tmp_path / "unknown.phh"
    unknown.write_text((SPOTS / "pf-6max-utg-72o.phh").read_text(encoding="utf-8").replace("7c2d", "????"),
                       encoding="utf-8")
    assert error_of(unknown).strip()
    assert "non esiste" in error_of(tmp_path / "missing.phh")
