"""Latency of one decision analysis, by valuation model (prints figures; not a test).

    python benchmarks/bench_feedback.py [--repeat N]

Two parts:

* The grading-v2 spots (``tests/feedback/spots_v2``, 103 decisions written by
  hand), grouped by the model that answers: the one-street estimate, the
  preflop charts, the push/fold charts, the river solver. Every spot is
  analysed once to warm the process-wide caches (charts parsed, board tables),
  then ``--repeat`` times; the median, 95th percentile and worst of all those
  runs are printed per model. Targets (issue 10): a heuristic grade p95
  < 50 ms; a solver-backed river grade < 2 s cold, < 50 ms cached.
* For the river solver, "cold" is the first analysis of a spot after the
  solution cache is cleared (the solve included), "cached" the same spot again.

The older per-spot table (heads-up river/turn/flop, multiway Monte Carlo,
preflop) follows, as before.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from coach.engine.phh import load_phh  # noqa: E402
from coach.feedback.analysis import analyze  # noqa: E402
from coach.theory.river import clear_cache  # noqa: E402

SPOTS = ROOT / "tests" / "feedback" / "spots"
SPOTS_V2 = ROOT / "tests" / "feedback" / "spots_v2"
CASES = [
    ("heads-up river, exact", "river-6max-seed-nuts-vs-bet", None),
    ("heads-up turn, exact", "turn-hu-fd-small-bet-4.8", None),
    ("heads-up flop, small range, exact", "flop-hu-bottom-pair-vs-overbet", {"p2": "AA, KK, AK, AQ, KQ"}),
    ("heads-up flop, wide range", "flop-6max-seed-bet", None),
    ("multiway flop (3 players), Monte Carlo", "flop-6max-3way-nfd-small-bet", None),
    ("preflop chart decision", "pf-6max-co-vs-utg-kk", None),
    ("preflop all-in call, Monte Carlo", "pf-6max-bb-vs-jam-aa", None),
]


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def _spot(name: str, exp: dict[str, object]) -> tuple[object, dict[str, object]]:
    hand = load_phh(SPOTS_V2 / f"{name}.phh").replay(require_complete=False)
    seat = hand.config.seat_of_player
    ranges = {seat(int(p[1:])): r for p, r in dict(exp.get("ranges", {})).items()}  # type: ignore[call-overload]
    profiles = {seat(int(p[1:])): k for p, k in dict(exp.get("profiles", {})).items()}  # type: ignore[call-overload]
    candidates = [c for c in dict(exp["bands"]) if c.startswith("cbr")]  # type: ignore[call-overload]
    return hand, {"villain_ranges": ranges or None, "profiles": profiles or None, "candidates": candidates}


def by_model(repeat: int) -> None:
    expected = tomllib.loads((SPOTS_V2 / "expected.toml").read_text(encoding="utf-8"))
    times: dict[str, list[float]] = {}
    cold: list[float] = []
    cached: list[float] = []
    for name, exp in sorted(expected.items()):
        hand, kw = _spot(name, exp)
        clear_cache()
        t0 = time.perf_counter()
        a = analyze(hand, seed=0, **kw)  # type: ignore[arg-type]
        first = (time.perf_counter() - t0) * 1000
        if a.model == "solver":
            cold.append(first)
            for _ in range(repeat):
                t0 = time.perf_counter()
                analyze(hand, seed=0, **kw)  # type: ignore[arg-type]
                cached.append((time.perf_counter() - t0) * 1000)
            continue
        for seed in range(1, repeat + 1):
            t0 = time.perf_counter()
            analyze(hand, seed=seed, **kw)  # type: ignore[arg-type]
            times.setdefault(a.model, []).append((time.perf_counter() - t0) * 1000)
    print(f"{'model (grading-v2 spots)':34} {'runs':>5} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for model, xs in sorted(times.items()):
        print(f"{model:34} {len(xs):5} {statistics.median(xs):10.1f} {_pct(xs, 0.95):8.1f} {max(xs):8.1f}")
    if cold:
        print(f"{'river solver, cold (solve included)':34} {len(cold):5} {statistics.median(cold):10.1f} "
              f"{_pct(cold, 0.95):8.1f} {max(cold):8.1f}")
        print(f"{'river solver, cached':34} {len(cached):5} {statistics.median(cached):10.1f} "
              f"{_pct(cached, 0.95):8.1f} {max(cached):8.1f}")
    print("targets: heuristic p95 < 50 ms; solver < 2000 ms cold, < 50 ms cached")


def classic(repeat: int) -> None:
    print(f"\n{'spot':42} {'equity':>11} {'median ms':>10} {'max ms':>8}")
    for label, name, ranges in CASES:
        hand = load_phh(SPOTS / f"{name}.phh").replay(require_complete=False)
        given = {hand.config.seat_of_player(int(p[1:])): r for p, r in (ranges or {}).items()} or None
        first = analyze(hand, villain_ranges=given, seed=0)
        times = []
        for seed in range(1, repeat + 1):
            t0 = time.perf_counter()
            analyze(hand, villain_ranges=given, seed=seed)
            times.append((time.perf_counter() - t0) * 1000)
        method = first.equity.method if first.equity else first.model
        print(f"{label:42} {method:>11} {statistics.median(times):10.1f} {max(times):8.1f}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    by_model(args.repeat)
    classic(max(args.repeat, 5))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
