"""How far the action model's narrowed range is from the solver's range at the same node (issue 29).

The coach reads an opponent's range by narrowing it action by action with fixed likelihoods
(:mod:`coach.feedback.actionranges`). Facing a bet heads-up on the turn or the river it can also
solve the street from its start (:mod:`coach.feedback.valuation.streetstart`): the ranges both
players brought into the street, the villain's check, size and check-raise chosen by the solve.
This benchmark generates lines and compares, at the learner's decision, the two readings of the
villain's range:

* the learner's equity against the model's range and against the solver's (the villain's weights at
  the node: his range at the start of the street times how often the solve takes his actions on the
  line), and the gap in percentage points (p50, p90; the aim is p90 <= 3);
* how often the learner's best answer differs: calling or folding by the price against each range,
  and the solve's own choice between folding and calling (by their EVs) against the price against
  the model's range.

Lines: six-handed, 100 bb; a single-raised pot (button against big blind) or a 3-bet pot (cutoff
against button); random boards, half of them dry (no two cards of a suit on the flop, no three within
a straight's span) and half wet; on every street before the decision one of: check-check, a bet and a
call, a check-raise and a call, a lead and a call, a bet, a raise and a call; sizes from a third of the
pot to two pots; the decision on the turn or the river, facing a bet, a raise or a check-raise; the
learner's hand drawn from his own range at the decision (the same model). Seeded: the same lines
every run.

The solves are the coach's own (the river's 300 iterations at most, the turn's 200 at most; a turn spot
above 3 s of estimated CPU time is skipped and counted, as the turn model declines it: most single-raised
turn spots, so the turn lines measured are mostly 3-bet pots). A line the solve takes less than 5% of the
time (:data:`~coach.feedback.valuation.streetstart.MIN_LINE_SHARE`) is counted apart: there the
solver's range is the noise of a node it never reaches, and the coach does not grade from it.

    python benchmarks/bench_ranges.py              # 200 solved lines (a few minutes on one core)
    python benchmarks/bench_ranges.py --lines 40   # a quick subset
    python benchmarks/bench_ranges.py --json       # the figures as JSON
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from coach.cards import Card
from coach.engine.phh import loads_phh
from coach.equity import hand_vs_combos
from coach.feedback.handread import read_hand
from coach.feedback.opponents import opponent_range
from coach.feedback.options import candidate_options
from coach.feedback.situation import Situation, read_situation
from coach.feedback.valuation.base import Context
from coach.feedback.valuation.streetstart import MIN_LINE_SHARE, OFF_LINE, line_share, street_start
from coach.theory.river import RiverSpot, solve_river
from coach.theory.turn import TurnSpot, iteration_seconds, solve_turn

SIZES = (0.33, 0.5, 0.66, 1.0, 1.5, 2.0)
PREFLOP = {
    "srp": (["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 f", "p2 cc"], ("p2", "p6")),  # BB out of position
    "3bet": (["p3 f", "p4 f", "p5 cbr 5", "p6 cbr 16", "p1 f", "p2 f", "p5 cc"], ("p5", "p6")),
}
PATTERNS = ("check", "bet_call", "check_raise", "lead_call", "bet_raise_call")
TURN_BUDGET_S = 3.0
TURN_ITERATIONS = 200
RIVER_ITERATIONS = 300


@dataclass
class Line:
    kind: str
    wet: bool
    street: str
    actions: list[str]
    hero: str  # "p2"...
    pattern: str


def _cards(rng: random.Random, n: int, dead: set[str]) -> list[str]:
    deck = [r + s for r in "23456789TJQKA" for s in "shdc" if r + s not in dead]
    return rng.sample(deck, n)


def _wet(flop: list[str]) -> bool:
    suits = [c[1] for c in flop]
    ranks = sorted("23456789TJQKA".index(c[0]) for c in flop)
    return max(suits.count(s) for s in suits) >= 2 or ranks[2] - ranks[0] <= 4


def _street(rng: random.Random, pot: int, stacks: list[int], oop: str, ip: str, pattern: str,
            acts: list[str]) -> int | None:
    """Append one street's actions (both players end level); the new pot, or None past the stacks."""
    def size(base: int) -> int:
        return max(2, round(rng.choice(SIZES) * base))

    if pattern == "check":
        acts += [f"{oop} cc", f"{ip} cc"]
        return pot
    bet = size(pot)
    if pattern in ("bet_call", "check_raise"):
        acts += [f"{oop} cc", f"{ip} cbr {bet}"]
        if pattern == "bet_call":
            acts.append(f"{oop} cc")
            return _pay(pot, bet, stacks)
        raise_to = bet + size(pot + 2 * bet)
        acts += [f"{oop} cbr {raise_to}", f"{ip} cc"]
        return _pay(pot, raise_to, stacks)
    if pattern == "lead_call":
        acts += [f"{oop} cbr {bet}", f"{ip} cc"]
        return _pay(pot, bet, stacks)
    raise_to = bet + size(pot + 2 * bet)
    acts += [f"{oop} cbr {bet}", f"{ip} cbr {raise_to}", f"{oop} cc"]
    return _pay(pot, raise_to, stacks)


def _pay(pot: int, each: int, stacks: list[int]) -> int | None:
    if each >= min(stacks) * 0.8:
        return None  # nearly all-in: no decision left to compare
    stacks[0] -= each
    stacks[1] -= each
    return pot + 2 * each


def _facing(rng: random.Random, pot: int, stacks: list[int], oop: str, ip: str, hero: str,
            acts: list[str]) -> bool:
    """The decision street's actions up to the hero facing a bet, a raise or a check-raise."""
    bet = max(2, round(rng.choice(SIZES) * pot))
    raise_to = bet + max(2, round(rng.choice(SIZES) * (pot + 2 * bet)))
    if raise_to >= min(stacks) * 0.8:
        return False
    villain = ip if hero == oop else oop
    how = rng.choice(("bet", "raise"))
    if hero == oop:
        acts += ([f"{oop} cc", f"{ip} cbr {bet}"] if how == "bet"
                 else [f"{oop} cbr {bet}", f"{ip} cbr {raise_to}"])
    else:
        acts += ([f"{villain} cbr {bet}"] if how == "bet"
                 else [f"{oop} cc", f"{ip} cbr {bet}", f"{oop} cbr {raise_to}"])
    return True


def generate(n: int, seed: int) -> list[tuple[Line, list[str]]]:
    rng = random.Random(seed)
    out: list[tuple[Line, list[str]]] = []
    while len(out) < n:
        kind = rng.choice(tuple(PREFLOP))
        pre, (oop, ip) = PREFLOP[kind]
        want_wet = len(out) % 2 == 1
        board = _cards(rng, 5, set())
        if _wet(board[:3]) != want_wet:
            continue
        street = rng.choice(("turn", "river"))
        hero = rng.choice((oop, ip))
        pot = 11 if kind == "srp" else 33
        stacks = [195, 195] if kind == "srp" else [184, 184]
        acts = [*list(pre), f"d db {''.join(board[:3])}"]
        patterns = []
        ok = True
        for s, card in (("flop", None), ("turn", board[3]), ("river", board[4])):
            if card is not None:
                acts.append(f"d db {card}")
            if s == street:
                break
            pattern = rng.choice(PATTERNS)
            patterns.append(pattern)
            got = _street(rng, pot, stacks, oop, ip, pattern, acts)
            if got is None:
                ok = False
                break
            pot = got
        if not ok or not _facing(rng, pot, stacks, oop, ip, hero, acts):
            continue
        out.append((Line(kind, want_wet, street, acts, hero, "/".join(patterns)), board))
    return out


def _phh(hero: str, hole: str, actions: list[str]) -> str:
    deal = [f"d dh p{p} {hole if f'p{p}' == hero else '????'}" for p in range(1, 7)]
    return "\n".join([
        'variant = "NT"', "ante_trimming_status = true", "antes = [0, 0, 0, 0, 0, 0]",
        "blinds_or_straddles = [1, 2, 0, 0, 0, 0]", "min_bet = 2",
        "starting_stacks = [200, 200, 200, 200, 200, 200]",
        "actions = [", *[f"  {json.dumps(a)}," for a in deal + actions], "]"]) + "\n"


def _situation(line: Line, hole: str) -> Situation | None:
    try:
        hand = loads_phh(_phh(line.hero, hole, line.actions)).replay(require_complete=False)
    except Exception:  # a generated line the engine refuses (a size below the minimum raise): skipped
        return None
    sit = read_situation(hand)
    if len(sit.opponents) != 1 or sit.to_call <= 0 or sit.to_call >= sit.hero_stack:
        return None
    return sit


def _hero_hand(rng: random.Random, line: Line, board: list[str]) -> str | None:
    """The hero's hand drawn from his own range at the decision (as the model reads his line)."""
    dead = set(board)
    first = "".join(_cards(rng, 2, dead))
    sit = _situation(line, first)
    if sit is None:
        return None
    idx = tuple(Card.parse(c).index for c in board)
    rng_h = opponent_range(sit, sit.hero, dead=idx).range
    w = rng_h.weights / rng_h.weights.sum()
    pick = rng_h.cards[int(np.searchsorted(np.cumsum(w), rng.random()))]
    return "".join(str(Card.from_index(int(c))) for c in pick)


@dataclass
class Node:
    """The learner's decision solved from the street's start: the villain's combos and how often the
    solve brings each of them to the node (his weight at the street's start times his strategy)."""

    sit: Situation
    villain: int
    hero_idx: list[int]
    board_idx: tuple[int, ...]
    cards: npt.NDArray[np.int64]
    reach: npt.NDArray[np.float64]
    share: float
    solver_calls: bool
    cpu_s: float
    combos: tuple[int, int]


def solve_node(line: Line, hole: str) -> Node | bool | None:
    """The solved node of a line (False: a turn spot above the budget, skipped; None: no decision)."""
    sit = _situation(line, hole)
    if sit is None:
        return None
    villain = sit.opponents[0]
    board_idx = tuple(c.index for c in sit.board)
    hero_idx = [c.index for c in sit.hero_cards]
    options = candidate_options(sit)
    ctx = Context(sit, {}, {}, options, None, None, read_hand(sit.hero_cards, sit.board), None, 0)
    start = street_start(ctx)
    if start is None:
        return None
    bb = float(sit.big_blind)
    t0 = time.process_time()
    if sit.street == "river":
        spot = RiverSpot.make(sit.board, start.first, start.second, start.pot, start.stack, start.config,
                              start.root)
        result: Any = solve_river(spot, target_pct=0.5, max_iterations=RIVER_ITERATIONS)
    else:
        river = replace(OFF_LINE, max_raises=1, min_bet=bb, chip=1.0)
        tspot = TurnSpot.make(sit.board, start.first, start.second, start.pot, start.stack, start.config,
                              river, start.root, 0)
        if iteration_seconds(tspot) * 100 > TURN_BUDGET_S:
            return False
        result = solve_turn(tspot, target_pct=1.0, iterations=TURN_ITERATIONS)
    cpu = time.process_time() - t0
    v = 1 - start.hero_player
    hands = result.hands[v]
    reach = hands.weights.copy()
    for k in range(len(start.path)):
        node = result.nodes[start.path[:k]]
        if node.player == v:
            reach = node.reach * node.strategy[:, node.actions.index(start.path[k])]
    share = line_share(result.nodes, hands.weights, start.path, v)
    live = ~np.isin(hands.cards, hero_idx).any(axis=1) & (reach > 0)
    if not live.any():
        return None
    node = result.node(start.path)
    i = result.hand_index(start.hero_player, sit.hero_cards)
    ev = dict(zip(node.actions, node.ev[i].tolist(), strict=True))
    solver_calls = ev.get("call", float("-inf")) > ev.get("fold", 0.0)
    return Node(sit, villain, hero_idx, board_idx, hands.cards[live], reach[live], share, solver_calls, cpu,
                (len(start.first), len(start.second)))


def measure(line: Line, board: list[str], hole: str) -> dict[str, Any] | None:
    got = solve_node(line, hole)
    if not isinstance(got, Node):
        return {"declined": True} if got is False else None
    sit, villain, hero_idx, board_idx, share = got.sit, got.villain, got.hero_idx, got.board_idx, got.share
    eq_solver = hand_vs_combos(hero_idx, board_idx, got.cards, got.reach)
    eq_s = float((eq_solver.per_combo * got.reach).sum() / got.reach.sum())
    model = opponent_range(sit, villain, dead=board_idx + tuple(hero_idx)).range
    before = replace(sit, history=tuple(a for a in sit.history if a.street != sit.street))
    brought = opponent_range(before, villain, dead=board_idx + tuple(hero_idx)).range
    # how often the model has him take his actions on this street (his weight kept), against the solve
    model_share = float(model.weights.sum() / brought.weights.sum())
    eq_model = hand_vs_combos(hero_idx, board_idx, model.cards, model.weights)
    eq_m = float((eq_model.per_combo * model.weights).sum() / model.weights.sum())
    needed = sit.to_call / (sit.pot + sit.to_call)
    solver_calls = got.solver_calls
    return {"declined": False, "street": sit.street, "wet": line.wet, "kind": line.kind,
            "pattern": line.pattern, "hero": hole, "eq_model": eq_m, "eq_solver": eq_s,
            "gap_pts": 100 * abs(eq_m - eq_s),
            "needed": needed, "price_differs": (eq_m >= needed) != (eq_s >= needed),
            "solver_differs": solver_calls != (eq_m >= needed), "line_share": share,
            "model_share": model_share,
            "villain_line": _villain_line(sit, villain),
            "rare": share < MIN_LINE_SHARE, "cpu_s": got.cpu_s, "combos": got.combos}


def _villain_line(sit: Situation, villain: int) -> str:
    """His actions on this street, by size class: ``bet<=0.4``, ``bet<=0.8``, ``bet<=1.1``, ``bet>1.1``,
    ``raise`` (over a bet) or ``check-raise``."""
    out: list[str] = []
    checked = False
    for a in sit.street_actions():
        if a.seat != villain:
            continue
        if a.kind == "check":
            checked = True
        elif a.kind == "bet":
            f = a.added / max(1, a.pot_before)
            out.append(next((f"bet<={c}" for c in (0.4, 0.8, 1.1) if f <= c), "bet>1.1"))
        elif a.kind == "raise":
            out.append("check-raise" if checked else "raise")
    return "+".join(out)


def _signed(sel: list[dict[str, Any]]) -> float:
    if not sel:
        return float("nan")
    return round(float(np.mean([100 * (r["eq_model"] - r["eq_solver"]) for r in sel])), 2)


def _pct(xs: list[float], q: float) -> float:
    return float(np.percentile(xs, q)) if xs else float("nan")


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    def block(sel: list[dict[str, Any]]) -> dict[str, Any]:
        gaps = [r["gap_pts"] for r in sel]

        def mean(key: str) -> float:
            return round(float(np.mean([r[key] for r in sel])), 3) if sel else float("nan")

        signed = [100 * (r["eq_model"] - r["eq_solver"]) for r in sel]
        return {"lines": len(sel), "gap_p50_pts": round(_pct(gaps, 50), 2),
                "gap_p90_pts": round(_pct(gaps, 90), 2),
                "model_minus_solver_mean_pts": round(float(np.mean(signed)), 2) if sel else float("nan"),
                "price_answer_differs": mean("price_differs"),
                "solver_call_fold_differs": mean("solver_differs")}

    solved = [r for r in rows if not r["declined"]]
    taken = [r for r in solved if not r["rare"]]
    out: dict[str, Any] = {"lines": len(rows), "declined_turn_too_large": sum(r["declined"] for r in rows),
                           "all_solved": block(solved), "lines_the_solve_takes": block(taken),
                           "rare_lines": sum(r["rare"] for r in solved)}
    for key, sel in (("river", [r for r in taken if r["street"] == "river"]),
                     ("turn", [r for r in taken if r["street"] == "turn"]),
                     ("dry", [r for r in taken if not r["wet"]]), ("wet", [r for r in taken if r["wet"]])):
        out[key] = block(sel)
    by_line: dict[str, list[dict[str, Any]]] = {}
    for r in solved:
        by_line.setdefault(r["villain_line"], []).append(r)
    out["by_villain_action"] = {
        k: {"lines": len(v), "solve_takes_it_mean": round(float(np.mean([r["line_share"] for r in v])), 3),
            "model_keeps_mean": round(float(np.mean([r["model_share"] for r in v])), 3),
            "model_minus_solver_equity_pts": _signed([r for r in v if not r["rare"]])}
        for k, v in sorted(by_line.items())}
    out["solve_cpu_s_p50_p95"] = [round(_pct([r["cpu_s"] for r in solved], q), 2) for q in (50, 95)]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lines", type=int, default=200, help="lines measured (a subset runs faster)")
    ap.add_argument("--seed", type=int, default=29)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rng = random.Random(args.seed + 1)
    rows: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    for line, board in generate(6 * args.lines, args.seed):
        if sum(not r["declined"] for r in rows) >= args.lines:
            break
        hole = _hero_hand(rng, line, board)
        if hole is None:
            continue
        got = measure(line, board, hole)
        if got is None:
            continue
        rows.append(got)
        if not args.json and not got["declined"] and sum(not r["declined"] for r in rows) % 20 == 0:
            print(f"  {len(rows)} lines, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    figures = summary(rows)
    figures["wall_s"] = round(time.perf_counter() - t0, 1)
    if args.json:
        print(json.dumps({"summary": figures, "rows": rows}, indent=1, default=str))
    else:
        print(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
