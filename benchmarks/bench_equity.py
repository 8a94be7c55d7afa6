"""Exact equity side by side: ours against a Python loop over phevaluator's C evaluator.

Run: ``python benchmarks/bench_equity.py``. For each case (AKs v QQ and 72o v
AA preflop heads-up, a three-way preflop, a three-way flop) it times our
``equity_result`` (the first call, which also builds the cached board table,
and the steady state) and the simplest fast peer approach: enumerate every
board with ``itertools.combinations`` and call phevaluator's
``evaluate_cards`` on each hand. Both must give the same equities; the script
prints times and ratios and never fails on a time (it exits non-zero only if
the equities differ).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _fresh import seconds_in_fresh_process

from coach.equity import equity_result

CASES: list[tuple[str, list[str], str]] = [
    ("AKs v QQ preflop", ["AsKs", "QhQd"], ""),
    ("72o v AA preflop", ["7c2d", "AhAd"], ""),
    ("AKs v QQ v JTs preflop", ["AsKs", "QhQd", "JcTc"], ""),
    ("AKs v QQ v JTs flop 9s8s2d", ["AsKs", "QhQd", "JcTc"], "9s8s2d"),
    ("AKs v QQ flop 9s8s2d", ["AsKs", "QhQd"], "9s8s2d"),
]


def phevaluator_loop(hands: list[str], board: str) -> tuple[float, list[float]]:
    """Exact equity by a Python loop over boards, phevaluator evaluating each hand."""
    from phevaluator import Card, evaluate_cards

    def ids(text: str) -> list[int]:
        return [Card(text[i:i + 2]).id_ for i in range(0, len(text), 2)]

    hs = [ids(h) for h in hands]
    b = ids(board)
    used = {c for h in hs for c in h} | set(b)
    live = [c for c in range(52) if c not in used]
    shares = [0.0] * len(hs)
    n = 0
    t = time.perf_counter()
    for extra in itertools.combinations(live, 5 - len(b)):
        full = b + list(extra)
        ranks = [evaluate_cards(*full, *h) for h in hs]  # smaller is stronger
        best = min(ranks)
        winners = [i for i, r in enumerate(ranks) if r == best]
        for i in winners:
            shares[i] += 1 / len(winners)
        n += 1
    elapsed = time.perf_counter() - t
    return elapsed, [s / n for s in shares]


def first_call_seconds(hands: list[str], board: str) -> float:
    """Our first call in a fresh process (tables and board cache built inside)."""
    code = (
        "import time, sys; import coach.equity as q\n"
        "t = time.perf_counter()\n"
        f"q.equity_result({hands!r}, {board!r})\n"
        "print(time.perf_counter() - t)\n"
    )
    return seconds_in_fresh_process(code)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="steady-state runs (best is shown)")
    parser.add_argument("--no-peer", action="store_true", help="skip the phevaluator loop")
    args = parser.parse_args(argv)
    ok = True
    print(f"{'case':<28} {'boards':>9} {'ours 1st':>10} {'ours':>9} {'phe loop':>10} {'ratio':>7}  equities")
    for name, hands, board in CASES:
        first = first_call_seconds(hands, board)
        best = float("inf")
        result = equity_result(hands, board)
        for _ in range(args.repeat):
            t = time.perf_counter()
            result = equity_result(hands, board)
            best = min(best, time.perf_counter() - t)
        eq = " / ".join(f"{e:.6f}" for e in result.equities)
        if args.no_peer:
            print(f"{name:<28} {result.boards:>9,} {first * 1e3:>8.1f}ms {best * 1e3:>7.1f}ms "
                  f"{'-':>10} {'-':>7}  {eq}")
            continue
        try:
            peer, peer_eq = phevaluator_loop(hands, board)
        except ImportError:
            print("phevaluator not installed (pip install -e .[bench])")
            args.no_peer = True
            continue
        same = all(abs(a - b) < 1e-9 for a, b in zip(peer_eq, result.equities, strict=True))
        ok &= same
        print(f"{name:<28} {result.boards:>9,} {first * 1e3:>8.1f}ms {best * 1e3:>7.1f}ms "
              f"{peer * 1e3:>8.0f}ms "
              f"{best / peer:>7.3f}  {eq}{'' if same else '  (DIFFERS from the peer!)'}")
    print("\nratio = our steady-state time / the phevaluator loop's time "
          "(targets: <= 0.15 heads-up preflop, <= 1 on the flop)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
