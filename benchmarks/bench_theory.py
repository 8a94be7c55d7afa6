"""Game theory: river solve time and exploitability, push/fold solves, the preflop table build.

    python benchmarks/bench_theory.py [--full-table]

Prints figures, never fails on a time (it fails only on a wrong answer: a
solve that does not reach its target, a table cell that disagrees).

* River, full ranges: every live combo (1,081 of 1,326 on a river) for both
  players, the default tree (bets 33/75/125% and all-in, raises 75% and
  all-in, at most two raises), pot 100, stack 200, on three boards; solved to
  0.25% of the pot. Target: <= 1 s each. The same spot with CFR+ (the classic
  update rule) shows what Discounted CFR saves.
* River, narrowed ranges (<= 200 combos each): solved to 0.3% of the pot.
  Target: <= 0.3 s each.
* Exploitability against iterations on one full-range spot (it must go down).
* Turn (``--skip-turn`` leaves it out): ranges of at most 250 combos each on
  three boards, the default turn tree on both streets (bets 33/75% and
  all-in, a raise of 75% and all-in, at most two raises), pot 60, stack 150,
  solved to 1% of the pot. Target: <= 1% in <= 3 s. Printed: wall and CPU
  seconds without a budget (the solver runs one BLAS thread, so on a loaded
  machine its CPU time is what an idle one would take), then the same spot
  with the coach's 3 s budget, and the load average. The reference
  in the same run (no turn solver from another project is installed): the
  river solver solving, to 1%, the 48 river games of the same ranges checked
  through (the turn solver does these and the turn betting at once); the
  CPU ratio turn / reference cancels the load. Full
  ranges (1,128 combos each) on one board, to 1% of the pot, bounded by
  ``--turn-full-seconds`` (default 300 s).
* Push/fold: the time to solve one chart heads-up and first-in nine-handed.
* The preflop table: the time per matchup of our exact enumeration and of
  eval7's (the C evaluator on PyPI) on the same matchups, and the whole build
  extrapolated from them (``--full-table`` times the real build instead, about
  ten minutes).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from coach.theory.cfr import Solver  # noqa: E402
from coach.theory.river import RiverSpot, _hands, solve_river  # noqa: E402
from coach.theory.trees import TreeConfig, build_tree  # noqa: E402
from coach.theory.turn import TurnSpot, solve_turn  # noqa: E402

BOARDS = ["Ks Th 7s 4d 2c", "9h 8h 3c 2d Jh", "Ac Ad 7c 7s 2h"]
NARROW = [
    ("Ks Th 7s 4d 2c", "TT+, AJs+, KQs, AQo+, 76s, 65s, A5s-A2s, KJs, QJs, JTs",
     "99+, ATs+, KJs+, QJs, JTs, AJo+, KQo, T9s"),
    ("9h 8h 3c 2d Jh", "88+, ATs+, KTs+, QTs+, JTs, T9s, AJo+, KQo",
     "22+, A9s+, KTs+, QTs+, J9s+, T8s+, 97s+, 87s"),
    ("Ac Ad 7c 7s 2h", "22+, A2s+, KTs+, QTs+, JTs", "TT+, AJs+, KQs, AQo+, 76s, 87s"),
]


def _river_row(label: str, spot: RiverSpot, target: float) -> float:
    t0 = time.perf_counter()
    r = solve_river(spot, target_pct=target, use_cache=False)
    secs = time.perf_counter() - t0
    n0, n1 = len(r.hands[0]), len(r.hands[1])
    ok = "ok" if r.exploitability_pct <= target else "NOT REACHED"
    print(f"  {label:28} {n0:5}x{n1:<5} {r.iterations:6} it  {r.exploitability_pct:6.3f}% pot  "
          f"{secs:6.2f} s  {ok}")
    if r.exploitability_pct > target:
        raise SystemExit(f"{label}: exploitability {r.exploitability_pct:.3f}% above the target {target}%")
    return secs


def _cfr_plus(spot: RiverSpot, target: float) -> tuple[int, float]:
    hands = (_hands(spot.ranges[0], spot.board), _hands(spot.ranges[1], spot.board))
    solver = Solver(build_tree(spot.pot, spot.stack, spot.config), hands, variant="cfr+")
    t0 = time.perf_counter()
    sol = solver.solve(target_pct=target, max_iterations=3000, check_every=20)
    return sol.iterations, time.perf_counter() - t0


def river() -> None:
    print("River, full ranges, default tree, pot 100, stack 200, target 0.25% of the pot:")
    full = []
    for board in BOARDS:
        spot = RiverSpot.make(board, "random", "random", 100, 200)
        full.append(_river_row(board, spot, 0.25))
    print(f"  median {statistics.median(full):.2f} s, worst {max(full):.2f} s (target <= 1 s)")
    spot = RiverSpot.make(BOARDS[0], "random", "random", 100, 200)
    t0 = time.perf_counter()
    r = solve_river(spot, target_pct=0.25, use_cache=False)
    dcfr_secs = time.perf_counter() - t0
    it, secs = _cfr_plus(spot, 0.25)
    print(f"  same spot with CFR+ instead of Discounted CFR: {it} iterations, {secs:.2f} s "
          f"({secs / dcfr_secs:.1f}x the time of DCFR's {r.iterations} iterations)")
    print("River, narrowed ranges (<= 200 combos), target 0.3% of the pot:")
    narrow = []
    for board, oop, ip in NARROW:
        spot = RiverSpot.make(board, oop, ip, 60, 150)
        sizes = (len(spot.ranges[0]), len(spot.ranges[1]))
        assert max(sizes) <= 200, sizes
        narrow.append(_river_row(board, spot, 0.3))
    print(f"  median {statistics.median(narrow):.3f} s, worst {max(narrow):.3f} s (target <= 0.3 s)")
    print("Exploitability against iterations (full ranges, first board):")
    first = spot_full(0)
    hands = (_hands(first.ranges[0], first.board), _hands(first.ranges[1], first.board))
    solver = Solver(build_tree(100, 200), hands)
    line = []
    for n in (1, 5, 10, 20, 40, 80, 160):
        while solver.t < n:
            solver.iterate()
        line.append(f"{n}: {100 * solver.exploitability() / solver.tree.pot:.3f}%")
    print("  " + ", ".join(line))
    t0 = time.perf_counter()
    solve_river(spot_full(0), target_pct=0.5)
    t1 = time.perf_counter()
    solve_river(spot_full(0), target_pct=0.5)
    t2 = time.perf_counter()
    print(f"  cached: first {1000 * (t1 - t0):.0f} ms, again {1000 * (t2 - t1):.3f} ms")


TURN_BOARDS = [
    ("Ks Th 7s 4d", "TT+, A2s+, K9s+, QTs+, JTs, T9s, 98s, 87s, 76s, 65s, ATo+, KTo+, QJo",
     "22+, A8s+, KTs+, QTs+, J9s+, T8s+, 97s+, 86s+, 75s+, 64s+, AJo+, KQo"),
    ("9h 8h 3c 2d", "22+, A9s+, KTs+, QTs+, J9s+, T8s+, 97s+, 87s, AJo+, KJo+, QJo",
     "55+, A2s+, KTs+, QTs+, J9s+, T9s, 98s, AQo+, KQo"),
    ("Ac Ad 7c 2h", "22+, A2s+, KTs+, QTs+, JTs, T9s, 98s, AJo+, KQo",
     "TT+, AJs+, KQs, AQo+, 76s, 87s, 65s, 54s, 98s, T9s, J9s, QJs, KJs, JTs"),
]


def _load() -> str:
    """The 1-minute load average (the machine is shared: figures beside it, ratios cancel it)."""
    try:
        return f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    except OSError:
        return "load unknown"


def turn(full_seconds: float) -> None:
    print("Turn, ranges of <= 250 combos, default tree on both streets, pot 60, stack 150, target 1% in 3 s "
          f"({_load()}):")
    print("  wall and CPU seconds to reach 1% (no time budget; the solver uses one BLAS thread, so its CPU\n"
          "  time is what an idle machine would take), then the same spot as the coach runs it (3 s budget)")
    ratios = []
    for board, oop, ip in TURN_BOARDS:
        spot = TurnSpot.make(board, oop, ip, 60, 150)
        sizes = (len(spot.ranges[0]), len(spot.ranges[1]))
        assert max(sizes) <= 250, sizes
        c0 = time.process_time()
        r = solve_turn(spot, target_pct=1.0, use_cache=False)
        cpu = time.process_time() - c0
        ok = "ok" if r.exploitability_pct <= 1.0 and cpu <= 3.0 else "NOT REACHED"
        curve = ", ".join(f"{i}: {pct:.2f}%" for i, pct in r.history)
        print(f"  {board:14} {sizes[0]:4}x{sizes[1]:<4} {r.iterations:4} it  "
              f"{r.exploitability_pct:6.3f}% pot  {r.seconds:6.2f} s wall  {cpu:6.2f} s CPU  {ok}   "
              f"({curve})  [{_load()}]")
        b = solve_turn(spot, target_pct=1.0, time_budget_s=3.0, use_cache=False)
        print(f"  {'':14} with the 3 s budget: {b.iterations} it, {b.exploitability_pct:.3f}% pot, "
              f"{b.seconds:.2f} s wall")
        # the reference: the river solver on the 48 river games of the same ranges, checked through
        t0 = time.perf_counter()
        c0 = time.process_time()
        worst = 0.0
        on_board = set(board.split())
        for rank in "23456789TJQKA":
            for suit in "shdc":
                card = rank + suit
                if card in on_board:
                    continue
                rspot = RiverSpot.make(f"{board} {card}", dict(spot.ranges[0]), dict(spot.ranges[1]), 60, 150,
                                       TreeConfig(oop_bets=(0.33, 0.75), raises=(0.75,), max_raises=2))
                worst = max(worst, solve_river(rspot, target_pct=1.0, use_cache=False).exploitability_pct)
        ref = time.perf_counter() - t0
        ref_cpu = time.process_time() - c0
        ratios.append(cpu / ref_cpu)
        print(f"  {'':14} reference: the river solver on the 48 checked-through rivers, to 1%: "
              f"{ref:.2f} s wall, {ref_cpu:.2f} s CPU (worst {worst:.2f}%); "
              f"turn / reference = {r.seconds / ref:.2f} wall, {cpu / ref_cpu:.2f} CPU  [{_load()}]")
    print(f"  turn / reference (CPU), median {statistics.median(ratios):.2f}")
    board, _, _ = TURN_BOARDS[0]
    spot = TurnSpot.make(board, "random", "random", 60, 150)
    print(f"Turn, full ranges ({len(spot.ranges[0])} combos each), {board}, target 1%, "
          f"at most {full_seconds:.0f} s ({_load()}):")
    c0 = time.process_time()
    r = solve_turn(spot, target_pct=1.0, time_budget_s=full_seconds, use_cache=False)
    cpu = time.process_time() - c0
    curve = ", ".join(f"{i}: {pct:.2f}%" for i, pct in r.history)
    print(f"  {r.iterations} it, {r.exploitability_pct:.3f}% pot, {r.seconds:.1f} s wall, {cpu:.1f} s CPU "
          f"({r.seconds / max(1, r.iterations):.2f} s per iteration with its checks)   ({curve})")
    print(f"  [{_load()}]")


def spot_full(i: int) -> RiverSpot:
    return RiverSpot.make(BOARDS[i], "random", "random", 100, 200)


def pushfold() -> None:
    from coach.theory.pushfold import solve

    print("Push/fold, one chart solved from scratch:")
    for players, seat, stack in ((2, "SB", 10.0), (2, "SB", 20.0), (6, "UTG", 8.0), (9, "UTG", 12.0)):
        t0 = time.perf_counter()
        c = solve(players, seat, stack, 0.125)
        secs = time.perf_counter() - t0
        print(f"  {players} players, {seat:3} {stack:4g} bb, ante 0.125: {c.iterations:5} it, "
              f"exploitability {c.exploitability_bb:.1e} bb, {secs:.2f} s")


def table(full: bool) -> None:
    import eval7

    from coach.cards import Card
    from coach.theory.preflop import _hero_row, build_table, load_equity_counts, matchups_of

    print("Preflop 169x169 equity table:")
    total = sum(len(matchups_of(h)[1]) for h in range(169))
    if full:
        t0 = time.perf_counter()
        doubled, _ = build_table()
        secs = time.perf_counter() - t0
        same = bool((doubled == load_equity_counts()[0]).all())
        print(f"  full build: {secs:.0f} s for {total} matchups; identical to the shipped table: {same}")
        return
    # a sample: three hero classes of different shapes, timed whole
    sample = [0, 14, 100]  # AA, AKo, a mid offsuit class
    n = sum(len(matchups_of(h)[1]) for h in sample)
    t0 = time.perf_counter()
    for h in sample:
        _hero_row(h)
    ours = (time.perf_counter() - t0) / n
    print(f"  ours: {1000 * ours:.1f} ms per matchup ({n} matchups timed), whole table "
          f"({total} matchups) about {ours * total / 60:.1f} min on one core")
    # eval7 has no exact preflop enumeration (py_hand_vs_range_exact needs a flop): a board loop
    # calling its C evaluate, as the slow test does, timed on 100,000 of a matchup's 1,712,304 boards
    from coach.evaluator import combinations_array

    e7 = [eval7.Card(str(Card.from_index(i))) for i in range(52)]
    (a, b), villains = matchups_of(0)
    (c, d), _ = villains[0]
    live = [x for x in range(52) if x not in (a, b, c, d)]
    boards = combinations_array(len(live), 5)[:100_000]
    ha, hb = [e7[a], e7[b]], [e7[c], e7[d]]
    t0 = time.perf_counter()
    for row in boards.tolist():
        board = [e7[live[i]] for i in row]
        eval7.evaluate(ha + board) > eval7.evaluate(hb + board)  # noqa: B015
    theirs = (time.perf_counter() - t0) * 1_712_304 / len(boards)
    print(f"  eval7 evaluate in a board loop: {1000 * theirs:.0f} ms per matchup; ours is "
          f"{theirs / ours:.0f}x faster (the table with eval7: about {theirs * total / 3600:.1f} h)")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--full-table", action="store_true", help="time the real table build (minutes)")
    parser.add_argument("--skip-table", action="store_true")
    parser.add_argument("--skip-turn", action="store_true")
    parser.add_argument("--skip-river", action="store_true")
    parser.add_argument("--turn-full-seconds", type=float, default=300.0,
                        help="bound on the full-range turn solve (default 300 s)")
    args = parser.parse_args()
    if not args.skip_river:
        river()
    if not args.skip_turn:
        turn(args.turn_full_seconds)
    pushfold()
    if not args.skip_table:
        table(args.full_table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
