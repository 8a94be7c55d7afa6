"""Latency of one decision analysis (prints figures; not a test).

    python benchmarks/bench_feedback.py [--repeat N]

Spots: heads-up river, turn and flop (exact equity against the whole range),
multiway flop (Monte Carlo), a preflop chart decision and a preflop all-in
call (Monte Carlo). Each is analysed once
to warm the caches (charts parsed, board tables), then timed ``--repeat``
times with different seeds; the median and the worst are printed in ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from coach.engine.phh import load_phh  # noqa: E402
from coach.feedback.analysis import analyze  # noqa: E402

SPOTS = ROOT / "tests" / "feedback" / "spots"
CASES = [
    ("heads-up river, exact", "river-6max-seed-nuts-vs-bet", None),
    ("heads-up turn, exact", "turn-hu-fd-small-bet-4.8", None),
    ("heads-up flop, small range, exact", "flop-hu-bottom-pair-vs-overbet", {"p2": "AA, KK, AK, AQ, KQ"}),
    ("heads-up flop, wide range", "flop-6max-seed-bet", None),
    ("multiway flop (3 players), Monte Carlo", "flop-6max-3way-nfd-small-bet", None),
    ("preflop chart decision", "pf-6max-co-vs-utg-kk", None),
    ("preflop all-in call, Monte Carlo", "pf-6max-bb-vs-jam-aa", None),
]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    print(f"{'spot':42} {'equity':>11} {'median ms':>10} {'max ms':>8}")
    for label, name, ranges in CASES:
        hand = load_phh(SPOTS / f"{name}.phh").replay(require_complete=False)
        given = {hand.config.seat_of_player(int(p[1:])): r for p, r in (ranges or {}).items()} or None
        first = analyze(hand, villain_ranges=given, seed=0)
        times = []
        for seed in range(1, args.repeat + 1):
            t0 = time.perf_counter()
            analyze(hand, villain_ranges=given, seed=seed)
            times.append((time.perf_counter() - t0) * 1000)
        method = first.equity.method if first.equity else first.method
        print(f"{label:42} {method:>11} {statistics.median(times):10.1f} {max(times):8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
