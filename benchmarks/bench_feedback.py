"""Latency of one decision analysis, by valuation model (prints figures and the load; not a test).

    python benchmarks/bench_feedback.py [--repeat N] [--generated N] [--grades-only]

Every figure is given twice: wall time, and this process's CPU time (what an
idle core would take, about: on a machine busy with other work the wall time
grows, the CPU time hardly). Each part ends with the issue-19 line: the
one-street estimate's p95 in CPU and wall ms, against its 50 ms target. A grade
by the estimate after a solver tried and declined is listed apart ("heuristic,
a solver declined"): its time includes the solver's attempt. ``--grades-only``
runs the first two parts alone (the lesson decisions and the generated spots).

Four parts:

* Every lesson decision, analysed as the lesson page does, grouped by the
  model that answers: p50 and p95 per model; for the solver-backed models the
  first analysis ("cold": the lessons' turn decisions come from the shipped
  solutions) and the same analysis again ("cached").
* ``--generated`` spots (default 500) made with the engine: random tables of 2
  to 9 players, stacks of 3 to 300 big blinds, random legal actions up to a
  decision on a random street (a seeded generator, so the same spots every
  run); the same figures per model.

* The grading-v2 spots (``tests/feedback/spots_v2``, written by hand),
  grouped by the model that answers: the one-street estimate, the preflop
  charts, the push/fold charts, the river and turn solvers. Every spot is
  analysed once to warm the process-wide caches (charts parsed, board tables),
  then ``--repeat`` times; the median, 95th percentile and worst of all those
  runs are printed per model. Targets (issue 10): a heuristic grade p95
  < 50 ms; a solver-backed river grade < 2 s cold, < 50 ms cached.
* For the river and turn solvers, "cold" is the first analysis of a spot after
  the solution caches are cleared (the solve included), "cached" the same spot
  again.

* Facing a turn bet heads-up (``--skip-facing`` leaves it out): every
  banded spot and lesson decision where the hero faces a bet on the turn
  against one balanced opponent, graded by the turn model solving the turn
  from its start (``FACING_BET``; the lessons' ones shipped, the banded ones
  solved live): p50/p95 of the grade cold
  (caches cleared, the solve included) and cached, how many the turn model answered and how many it
  declined (too large for the budget, not precise enough in time, or a line the
  solve barely takes). The budget is the model's own (``MAX_SECONDS_FACING`` on
  an idle core).

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

import os  # noqa: E402
import random  # noqa: E402

from coach.engine import Hand, TableConfig  # noqa: E402
from coach.engine.phh import load_phh  # noqa: E402
from coach.feedback import texts as T  # noqa: E402
from coach.feedback.analysis import DecisionAnalysis, analyze  # noqa: E402
from coach.feedback.situation import read_situation  # noqa: E402
from coach.feedback.valuation import turn as turn_model  # noqa: E402
from coach.learning.answers import graded_decisions  # noqa: E402
from coach.learning.verdict import option_code  # noqa: E402
from coach.lessons.loader import default_lessons_dir, load_lessons  # noqa: E402
from coach.theory import turn as turn_solver  # noqa: E402
from coach.theory.river import clear_cache  # noqa: E402

SOLVER_MODELS = ("solver", "turn_solver")

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
    times: Times = {}
    for name, exp in sorted(expected.items()):
        hand, kw = _spot(name, exp)
        _clear_all()
        t0 = _clock()
        a = analyze(hand, seed=0, **kw)  # type: ignore[arg-type]
        first = _since(t0)
        if a.model in SOLVER_MODELS:
            times.setdefault(f"{a.model}, cold", []).append(first)
            for _ in range(repeat):
                t0 = _clock()
                analyze(hand, seed=0, **kw)  # type: ignore[arg-type]
                times.setdefault(f"{a.model}, cached", []).append(_since(t0))
            continue
        label = FALLBACK if a.model == "heuristic" and _declined(a) else a.model
        for seed in range(1, repeat + 1):
            t0 = _clock()
            analyze(hand, seed=seed, **kw)  # type: ignore[arg-type]
            times.setdefault(label, []).append(_since(t0))
    _table("model (grading-v2 spots)", times)
    _verdict("the grading-v2 spots", times)
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


def _load() -> str:
    try:
        return f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    except OSError:
        return "load unknown"


def _clear_all() -> None:
    clear_cache()
    turn_solver.clear_cache()
    turn_model.clear_memory()


Times = dict[str, list[tuple[float, float]]]  # per model: (wall ms, CPU ms) of each grade

FALLBACK = "heuristic, a solver declined"


def _clock() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def _since(t0: tuple[float, float]) -> tuple[float, float]:
    """(wall ms, CPU ms) since ``t0``: CPU is this process's alone, what an idle core would take (about)."""
    return (time.perf_counter() - t0[0]) * 1000, (time.process_time() - t0[1]) * 1000


def _table(title: str, times: Times) -> None:
    print(f"{title:34} {'runs':>5} {'p50 ms':>8} {'p95 ms':>8} {'p50 CPU':>8} {'p95 CPU':>8} {'max CPU':>8}"
          f"   [{_load()}]")
    for model, xs in sorted(times.items()):
        wall, cpu = [x[0] for x in xs], [x[1] for x in xs]
        print(f"{model:34} {len(xs):5} {statistics.median(wall):8.1f} {_pct(wall, 0.95):8.1f}"
              f" {statistics.median(cpu):8.1f} {_pct(cpu, 0.95):8.1f} {max(cpu):8.1f}")


def _verdict(what: str, times: Times) -> None:
    """The issue-19 figure in one line: the one-street estimate's p95, CPU and wall, against its target."""
    xs = times.get("heuristic", [])
    if not xs:
        print(f"heuristic p95 on {what}: no grade by the estimate")
        return
    cpu, wall = _pct([x[1] for x in xs], 0.95), _pct([x[0] for x in xs], 0.95)
    met = "met" if cpu < 50 else "NOT met"
    print(f"heuristic p95 on {what}: {cpu:.1f} ms CPU ({wall:.1f} ms wall, {len(xs)} grades): "
          f"target < 50 ms {met}")
    if FALLBACK in times:
        print(f"  ({len(times[FALLBACK])} more grades by the estimate after a solver declined are apart: "
              "their time includes the solver's attempt)")


def _warm() -> None:
    """Pay the process's one-time costs (evaluator tables, charts) before any grade is timed."""
    for hand in generated_hands(20, seed=7):
        analyze(hand, seed=0, solver=False)


def _declined(a: DecisionAnalysis) -> bool:
    return any(m.msgid in (T.MODEL_FALLBACK, T.RARE_LINE) for m in a.summary)


def _timed(times: Times, hand: object, **kw: object) -> None:
    """One analysis timed under its model; a solver-backed one cold, then cached.

    A grade by the estimate after a solver tried and declined is counted apart
    (``FALLBACK``): its time includes the solver's attempt.
    """
    _clear_all()
    t0 = _clock()
    a = analyze(hand, seed=0, **kw)  # type: ignore[arg-type]
    took = _since(t0)
    if a.model in SOLVER_MODELS:
        times.setdefault(f"{a.model}, cold", []).append(took)
        t0 = _clock()
        analyze(hand, seed=0, **kw)  # type: ignore[arg-type]
        times.setdefault(f"{a.model}, cached", []).append(_since(t0))
    elif a.model == "heuristic" and _declined(a):
        times.setdefault(FALLBACK, []).append(took)
    else:
        times.setdefault(a.model, []).append(took)


def lessons() -> None:
    cases: list[tuple[Hand, dict[str, object]]] = []
    for g in graded_decisions(load_lessons(default_lessons_dir())):
        cands = [option_code(c) for c in g.codes if option_code(c).startswith("cbr")]
        cases.append((g.hand, {"candidates": cands, "profiles": g.profiles}))
    _warm()
    times: Times = {}
    for hand, kw in cases:
        _timed(times, hand, **kw)
    print()
    _table("model (lesson decisions)", times)
    _verdict("the lesson decisions", times)
    print("targets: heuristic p95 < 50 ms; solver-backed < 2000 ms cold, < 50 ms cached")


def generated_hands(n: int, seed: int = 19) -> list[Hand]:
    """``n`` decisions made with the engine: random tables, stacks and legal actions (seeded)."""
    rng = random.Random(seed)
    order = ("preflop", "flop", "turn", "river")
    out: list[Hand] = []
    while len(out) < n:
        players = rng.randint(2, 9)
        stacks = tuple(2 * rng.randint(3, 300) for _ in range(players))
        config = TableConfig(names=tuple(f"P{i + 1}" for i in range(players)), stacks=stacks,
                             button=rng.randrange(players))
        hand = Hand.start(config, seed=rng.randrange(1 << 30))
        street = rng.choice(order)
        while not hand.is_complete and hand.actor is not None:
            if hand.street == street:
                out.append(hand)
                break
            legal = hand.legal_actions()
            r = rng.random()
            if legal.can_fold and r < 0.35 and players > 2:
                hand.fold()
            elif (legal.can_bet or legal.can_raise) and legal.min_raise_to is not None and r > 0.85:
                lo = legal.min_raise_to
                hi = max(lo, min(legal.max_raise_to or lo, 3 * lo))
                hand.bet_or_raise_to(rng.randint(lo, hi))
            else:
                hand.check_or_call()
    return out


def generated(n: int) -> None:
    _warm()
    times: Times = {}
    for hand in generated_hands(n):
        _timed(times, hand)
    print()
    _table(f"model ({n} generated spots)", times)
    _verdict(f"{n} generated spots", times)
    print("targets: heuristic p95 < 50 ms; solver-backed < 2000 ms cold, < 50 ms cached")


def _facing_bet(hand: object) -> bool:
    """A heads-up turn decision facing a bet (the spots the facing-bet figure is about)."""
    sit = read_situation(hand)  # type: ignore[arg-type]
    return sit.street == "turn" and len(sit.opponents) == 1 and sit.to_call > 0


def facing(repeat: int) -> None:
    """p50/p95 of a facing-bet turn grade, cold and cached, with live facing-bet solves on."""
    cases: list[tuple[str, object, dict[str, object]]] = []
    for folder in (SPOTS, SPOTS_V2):
        expected = tomllib.loads((folder / "expected.toml").read_text(encoding="utf-8"))
        for name, exp in sorted(expected.items()):
            if not name.startswith("turn-"):
                continue
            hand = load_phh(folder / f"{name}.phh").replay(require_complete=False)
            seat = hand.config.seat_of_player
            bands = dict(exp.get("bands", exp.get("grades", {})))
            ranges = {seat(int(p[1:])): r for p, r in dict(exp.get("ranges", {})).items()}
            profiles = {seat(int(p[1:])): k for p, k in dict(exp.get("profiles", {})).items()}
            kw: dict[str, object] = {"villain_ranges": ranges or None, "profiles": profiles or None,
                                     "candidates": [c for c in bands if c.startswith("cbr")]}
            if _facing_bet(hand):
                cases.append((f"{folder.name}/{name}", hand, kw))
    for g in graded_decisions(load_lessons(default_lessons_dir())):
        if _facing_bet(g.hand):
            cands = [option_code(c) for c in g.codes if option_code(c).startswith("cbr")]
            cases.append((g.where, g.hand, {"candidates": cands, "profiles": g.profiles}))
    times: Times = {}
    answered = declined = 0
    was = turn_model.FACING_BET
    turn_model.FACING_BET = True
    try:
        for where, spot, spot_kw in cases:
            _clear_all()
            t0 = _clock()
            a = analyze(spot, seed=0, **spot_kw)  # type: ignore[arg-type]
            took = _since(t0)
            label = a.model
            answered += a.model == "turn_solver"
            declined += _declined(a)
            times.setdefault(f"{label}, cold", []).append(took)
            for _ in range(repeat):
                t0 = _clock()
                analyze(spot, seed=0, **spot_kw)  # type: ignore[arg-type]
                times.setdefault(f"{label}, cached", []).append(_since(t0))
            print(f"  {where:70} {a.model:12} {took[0]:8.0f} ms {took[1]:8.0f} ms CPU")
    finally:
        turn_model.FACING_BET = was
    print()
    _table(f"facing a turn bet ({len(cases)} decisions)", times)
    print(f"turn model answered {answered}, declined {declined}; "
          f"budget {turn_model.MAX_SECONDS_FACING:.1f} s on an idle core "
          f"({turn_model.EXPECTED_ITERATIONS_FACING} iterations expected)")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--generated", type=int, default=500)
    parser.add_argument("--skip-facing", action="store_true", help="leave out the facing-a-turn-bet figure")
    parser.add_argument("--only-facing", action="store_true", help="only the facing-a-turn-bet figure")
    parser.add_argument("--grades-only", action="store_true",
                        help="only the lesson decisions and the generated spots (p50/p95 by model)")
    args = parser.parse_args()
    if args.only_facing:
        facing(args.repeat)
        return 0
    lessons()
    generated(args.generated)
    if args.grades_only:
        return 0
    print()
    by_model(args.repeat)
    classic(max(args.repeat, 5))
    if not args.skip_facing:
        print()
        facing(args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
