"""«Equilibrio calcolato su turn e river»: heads-up on the turn, the two-street solver's value of each action.

Applies on the turn when one opponent is left, he can still bet (not all-in),
he is assumed balanced (the ``equilibrio`` profile), as the river model
(:mod:`.river`) does on the river. The ranges are the ones the river model
takes (:func:`coach.feedback.opponents.opponent_range` for the villain and for
the hero, whose actual hand is included), so a change in how ranges follow the
hand reaches both models at once. The turn tree starts at the hero's decision
with his options as the root sizes; where the turn betting closes, every river
card is dealt and a river tree is played (:mod:`coach.theory.turn`). Each
option's EV is the hero's hand's value for that action at the root, river
included, in chips relative to folding.

Two kinds of spot:

* **no bet to face** (the hero acts first, or the villain checked): the turn
  tree has the default sizes after the hero's options (33% and 75% of the pot
  and all-in; a raise of 75% and all-in) and so does the river;
* **facing a bet, a raise or a check-raise**: the turn solved from its start
  (:mod:`.streetstart`): the ranges both players brought into the turn, the
  villain's check, sizes and check-raise chosen by the solve (his actual size in
  the tree), the hero's options at his node on the line played, whose values are
  read there (:class:`TurnQuestion`: the spot, that line and the hero's tree
  player). A line the solve takes less than ``MIN_LINE_SHARE`` of the time is
  declined (:class:`~.streetstart.RareLine`), saying why. These spots take 80 to
  100 iterations to 1% of the pot (``EXPECTED_ITERATIONS_FACING``) and have their
  own budget (``MAX_SECONDS_FACING``); :data:`FACING_BET` switches them off.

A grade must never wait:

* solutions of the lessons' heads-up turn decisions are computed beforehand and
  shipped (``coach/theory/data/turn_cache.json``, keyed by the spot: board,
  both ranges, pot, stack, trees and the hero's hand); ``python -m coach theory
  build-turn-cache`` rebuilds it, and a test checks that it matches the lessons;
* other spots are solved live when they are small enough: the solver's
  estimate of an iteration's time (:func:`coach.theory.turn.iteration_seconds`,
  from the trees and the range sizes, not from a clock, so the same spot is
  always treated the same way) times the iterations expected must fit in
  ``MAX_SECONDS`` (``MAX_SECONDS_FACING`` facing a bet): two ranges of about 70
  combos each on a deep tree, 200 on a shallow one. A spot too large, or not
  precise to ``ACCEPT_PCT`` of the pot within ``ITERATION_FACTOR`` times the
  expected iterations (a count, so the answer does not depend on how busy the
  machine is; only a machine many times slower stops on ``SAFETY_SECONDS``),
  makes the model decline and the estimate answers, saying why. Live solutions are cached by spot in memory.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from threading import Lock
from typing import Any

import numpy as np

from coach.cards import Card
from coach.feedback import texts as T
from coach.feedback.valuation.base import Context, Declined, EquityInfo, Rule, Valuation, Valued
from coach.feedback.valuation.headsup import heads_up_inputs
from coach.feedback.valuation.heuristic import context_sentence
from coach.feedback.valuation.streetstart import (
    MIN_LINE_SHARE,
    OFF_LINE,
    RareLine,
    line_equity,
    line_share,
    street_start,
)
from coach.feedback.wording import noun
from coach.i18n import N_, Message, Percent
from coach.theory.trees import TreeConfig, build_tree
from coach.theory.turn import DEFAULT_TURN_CONFIG, TurnSpot, iteration_seconds, solve_turn

TARGET_PCT = 1.0  # the live solve stops here (the benchmark's target)
ACCEPT_PCT = 1.5  # and is used up to here when the time runs out first
MAX_SECONDS = 2.0  # the grading budget of a live solve on an idle core
#: facing a bet the street is solved from its start (:mod:`.streetstart`): a larger tree, the budget the
#: turn solver is held to (1% of the pot in 3 s of CPU for ranges of up to 250 combos)
MAX_SECONDS_FACING = 3.0
EXPECTED_ITERATIONS = 60  # 1% of the pot: 45 to 60 iterations on the benchmark and most coach spots
EXPECTED_ITERATIONS_FACING = 100  # from the street's start: 80 to 100 on the banded spots
#: the live solve stops after twice the expected iterations, a count and not a clock, so a spot gets the same
#: model and the same grade on an idle and on a busy machine (a test suite on two workers, a class server)
ITERATION_FACTOR = 2
#: only a machine many times slower than expected stops on the clock: the model then declines
SAFETY_SECONDS = 15 * MAX_SECONDS
BUILD_TARGET_PCT = 0.5  # the shipped solutions: no hurry, so more precise than live
CACHE_FILE = Path(__file__).resolve().parents[2] / "theory" / "data" / "turn_cache.json"
_MEMORY_SIZE = 64
#: Facing a bet the street is solved from its start (:mod:`.streetstart`), the villain's choice of checking,
#: of his size and of check-raising part of the solve. Off, the estimate answers every spot facing a bet.
FACING_BET = True

MODEL_TURN = N_(
    "Figures: computed equilibrium (turn and river solver against the ranges assumed, every river card "
    "dealt, precise to {expl} of the pot).")


class TurnSolverModel:
    """The model's declaration (:class:`~coach.feedback.valuation.base.ValuationModel`); the solver itself is
    :mod:`coach.theory.turn`."""

    name = "turn_solver"
    label = Message(N_("computed equilibrium, turn and river"))
    exact = True
    measures_ev = True
    shows_range_equity = True
    ev_text: str | None = T.IS_BEST_EV_SOLVER
    # an equilibrium over both streets at the real sizes: none of the estimate's rules applies
    caps: frozenset[Rule] = frozenset()

    def value(self, ctx: Context) -> Valuation | None:
        return value(ctx)


MODEL = TurnSolverModel()


class TurnTooSlow(Declined):
    """The spot is too large, or the solve did not converge in time: the estimate answers."""


@dataclass(frozen=True)
class Answer:
    """What the coach needs from a solved spot: the hero's hand at the root."""

    actions: tuple[str, ...]
    ev: tuple[float, ...]  # chips relative to folding at the root (NaN: not reachable)
    strategy: tuple[float, ...]
    exploitability_pct: float
    iterations: int
    combos: tuple[int, int]  # the hero's and the villain's
    line_share: float = 1.0  # how often the villain's range takes the line to the hero's decision
    # the hero's equity against the hands the solve brings the villain to the decision with (a street
    # solved from its start; :func:`~coach.feedback.valuation.streetstart.line_equity`), None elsewhere
    line_equity: float | None = None

    def to_json(self) -> dict[str, Any]:
        out = {"actions": list(self.actions), "ev": [None if np.isnan(x) else round(x, 4) for x in self.ev],
               "strategy": [round(x, 4) for x in self.strategy],
               "exploitability_pct": round(self.exploitability_pct, 4), "iterations": self.iterations,
               "combos": list(self.combos)}
        if self.line_share < 1.0:
            out["line_share"] = round(self.line_share, 4)
        if self.line_equity is not None:
            out["line_equity"] = round(self.line_equity, 6)
        return out

    @staticmethod
    def from_json(d: dict[str, Any]) -> Answer:
        return Answer(tuple(d["actions"]), tuple(float("nan") if x is None else float(x) for x in d["ev"]),
                      tuple(float(x) for x in d["strategy"]), float(d["exploitability_pct"]),
                      int(d["iterations"]), (int(d["combos"][0]), int(d["combos"][1])),
                      float(d.get("line_share", 1.0)),
                      None if d.get("line_equity") is None else float(d["line_equity"]))


def applies(ctx: Context) -> bool:
    sit = ctx.sit
    if sit.street != "turn" or len(sit.opponents) != 1 or not ctx.solver:
        return False
    villain = sit.opponents[0]
    if villain in sit.all_in or sit.to_call >= sit.hero_stack:
        return False  # nothing left to play: calling or folding is exact by the equity alone
    if sit.to_call > 0 and not FACING_BET:
        return False  # facing a bet: switched off (see FACING_BET), the estimate answers
    prof = ctx.profiles.get(villain)
    return prof is None or prof.equilibrium


@dataclass(frozen=True)
class TurnQuestion:
    """A turn spot and where the hero's decision is in it: the line from the root and his tree player."""

    spot: TurnSpot
    path: tuple[str, ...] = ()
    player: int = 0


def turn_spot_of(ctx: Context) -> TurnQuestion | None:
    """The turn spot the hero faces, or None when it cannot be built.

    Without a bet to face the tree starts at the hero's decision (the hero is tree player 0); facing
    one, the street is solved from its start (:mod:`.streetstart`) and the hero's decision is a node
    inside it.
    """
    sit = ctx.sit
    bb = float(sit.big_blind)
    if sit.to_call > 0:
        start = street_start(ctx)
        if start is None:
            return None
        river = replace(OFF_LINE, max_raises=1, min_bet=bb, chip=1.0)
        try:
            spot = TurnSpot.make(sit.board, start.first, start.second, start.pot, start.stack, start.config,
                                 river, start.root, 0)
        except ValueError:
            return None
        return TurnQuestion(spot, start.path, start.hero_player)
    villain = sit.opponents[0]
    hu = heads_up_inputs(ctx)
    config = TreeConfig(oop_bets=DEFAULT_TURN_CONFIG.oop_bets, raises=DEFAULT_TURN_CONFIG.raises,
                        max_raises=min(4, max(0, hu.aggressive - 1) + 2), min_bet=bb, chip=1.0)
    river_config = TreeConfig(oop_bets=DEFAULT_TURN_CONFIG.oop_bets, raises=DEFAULT_TURN_CONFIG.raises,
                              max_raises=DEFAULT_TURN_CONFIG.max_raises, min_bet=bb, chip=1.0)
    # postflop the first seat left of the button acts first: on the river too
    order = {s: (s - sit.button - 1) % len(sit.stacks) for s in (sit.hero, villain)}
    river_first = 0 if order[sit.hero] < order[villain] else 1
    try:
        return TurnQuestion(TurnSpot.make(sit.board, hu.hero_combos, hu.villain_combos, hu.dead_pot, hu.stack,
                                          config, river_config, hu.root, river_first))
    except ValueError:
        return None


def spot_key(spot: TurnSpot, hand: tuple[int, int], path: tuple[str, ...] = ()) -> str:
    """A stable key for a spot, the hero's hand and his decision's line (the shipped file's key)."""
    # a root without lines is written as before they existed, so the shipped keys of the spots without a
    # bet to face stay valid
    root = repr(spot.root).replace(", lines=())", ")")
    text = repr((spot.board, spot.ranges, spot.pot, spot.stack, spot.config, spot.river_config, spot.root,
                 spot.river_first, hand) + ((path,) if path else ()))
    text = text.replace(repr(spot.root), root)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


_shipped: dict[str, Answer] | None = None
_memory: OrderedDict[str, Answer] = OrderedDict()
_declined: OrderedDict[str, None] = OrderedDict()  # live solves that did not converge in time: not retried
_lock = Lock()


def shipped() -> dict[str, Answer]:
    """The shipped solutions (read once)."""
    global _shipped
    with _lock:
        if _shipped is None:
            try:
                raw = json.loads(CACHE_FILE.read_text(encoding="utf-8"))
            except FileNotFoundError:
                raw = {"spots": {}}
            _shipped = {k: Answer.from_json(v) for k, v in raw["spots"].items()}
        return _shipped


def _answer(q: TurnQuestion, hand: tuple[int, int], *, target: float, budget: float | None,
            iterations: int | None = None) -> Answer:
    result = solve_turn(q.spot, target_pct=target, time_budget_s=budget, iterations=iterations)
    node = result.node(q.path)
    i = result.hand_index(q.player, _cards(hand))
    eq = line_equity(result.nodes, result.hands, q.path, q.player, i, q.spot.board) if q.path else None
    return Answer(node.actions, tuple(float(x) for x in node.ev[i]),
                  tuple(float(x) for x in node.strategy[i]), result.exploitability_pct, result.iterations,
                  (len(result.hands[q.player]), len(result.hands[1 - q.player])),
                  line_share(result.nodes, result.hands[1 - q.player].weights, q.path, 1 - q.player),
                  None if eq is None else eq.value)


def _cards(hand: tuple[int, int]) -> tuple[Any, ...]:
    return tuple(Card.from_index(c) for c in hand)


def solution(ctx: Context) -> tuple[TurnSpot, Answer] | None:
    """The spot and its answer (shipped, cached or solved now); None outside the model."""
    q = turn_spot_of(ctx)
    if q is None:
        return None
    spot = q.spot
    tree = build_tree(spot.pot, spot.stack, spot.config, spot.root)
    at = next((n.actions for n in tree.nodes if n.path == q.path and n.player == q.player), None)
    if at is None or any(_label(o.kind, o.amount, at) is None for o in ctx.options if o.kind != "fold"):
        return None  # an option the tree does not have: nothing to solve for
    hand = tuple(sorted((c.index for c in ctx.sit.hero_cards), reverse=True))
    hand2 = (hand[0], hand[1])
    key = spot_key(spot, hand2, q.path)
    with _lock:
        if _recorder is not None:  # finding the lessons' spots (recording): noted, not solved
            _recorder.append((q, hand2, key))
            raise TurnTooSlow
    found = shipped().get(key)
    if found is None:
        found = _live(q, hand2, key, facing=ctx.sit.to_call > 0)
    if found.line_share < MIN_LINE_SHARE:
        raise RareLine(found.line_share)
    return spot, found


def _live(q: TurnQuestion, hand: tuple[int, int], key: str, *, facing: bool) -> Answer:
    """A live solve within the budget (remembered), or :class:`TurnTooSlow`."""
    with _lock:
        hit = _memory.get(key)
        if hit is not None:
            _memory.move_to_end(key)
            return hit
        if key in _declined:  # a second grade of the same spot does not wait for the same failed solve
            raise TurnTooSlow
    expected = EXPECTED_ITERATIONS_FACING if facing else EXPECTED_ITERATIONS
    if iteration_seconds(q.spot) * expected > (MAX_SECONDS_FACING if facing else MAX_SECONDS):
        raise TurnTooSlow
    answer = _answer(q, hand, target=TARGET_PCT, budget=SAFETY_SECONDS,
                     iterations=ITERATION_FACTOR * expected)
    if answer.exploitability_pct > ACCEPT_PCT:
        with _lock:
            _declined[key] = None
            while len(_declined) > _MEMORY_SIZE:
                _declined.popitem(last=False)
        raise TurnTooSlow
    with _lock:
        _memory[key] = answer
        while len(_memory) > _MEMORY_SIZE:
            _memory.popitem(last=False)
    return answer


def clear_memory() -> None:
    """Forget the live solutions and the declined solves (the shipped solutions stay)."""
    with _lock:
        _memory.clear()
        _declined.clear()


def value(ctx: Context) -> Valuation | None:
    if not applies(ctx):
        return None
    found = solution(ctx)
    if found is None:
        return None
    spot, answer = found
    by_label = {label: (ev, f)
                for label, ev, f in zip(answer.actions, answer.ev, answer.strategy, strict=True)}
    valued: list[Valued] = []
    strategy: dict[str, float] = {}
    for o in ctx.options:
        if o.kind == "fold" and "fold" not in by_label:  # folding with a free check: worth 0, never right
            valued.append(Valued(o, 0.0, False))
            continue
        label = _label(o.kind, o.amount, by_label)
        if label is None:
            return None
        ev, f = by_label[label]
        if np.isnan(ev):
            return None
        valued.append(Valued(o, ev, False))
        strategy[o.code] = f
    by_code = {o.code: o for o in ctx.options}
    ranked = [(by_code[code], f) for code, f in sorted(strategy.items(), key=lambda t: -t[1]) if f >= 0.05]
    note = Message(MODEL_TURN, {"expl": Percent(answer.exploitability_pct / 100, 2)})
    summary: list[Message] = []
    if ranked:
        mix: Message = Message(T.MIX_ITEM, {"noun": noun(ranked[0][0]), "pct": Percent(ranked[0][1], 0)})
        for o, f in ranked[1:]:
            mix = Message(T.OUTS_LIST, {"first": mix, "second": Message(T.MIX_ITEM, {"noun": noun(o),
                                                                                      "pct": Percent(f, 0)})})
        summary.append(Message(T.SOLVER_MIX, {"mix": mix}))
    details = {"turn_solver": {"exploitability_pct": round(answer.exploitability_pct, 4),
                               "iterations": answer.iterations,
                               "hero_strategy": {k: round(v, 4) for k, v in strategy.items()},
                               "hero_combos": answer.combos[0], "villain_combos": answer.combos[1],
                               "line_share": round(answer.line_share, 4),
                               "pot": spot.pot, "stack": spot.stack}}
    line_eq = (None if answer.line_equity is None
               else EquityInfo(answer.line_equity, "exact", 0.0, answer.combos[1]))
    if line_eq is not None:
        details["turn_solver"]["line_equity"] = round(line_eq.value, 4)
    return Valuation(MODEL, valued, note, headline=context_sentence(ctx.sit, line_eq or ctx.equity),
                     summary=summary, details=details, equity=line_eq)


def _label(kind: str, amount: int | None, labels: Iterable[str]) -> str | None:
    """The tree's action label for an option (``bet 45``, ``raise 132``, ``allin 150``, ``call``).

    The hero's all-in is the tree's all-in whatever his own stack: the tree stops at the effective
    stack (a hero covering the villain shoves 555, the tree's ``allin 153``).
    """
    labels = list(labels)
    if kind in ("fold", "check"):
        return kind if kind in labels else None
    if amount is None:  # calling (all-in or not)
        return "call" if "call" in labels else None
    if kind == "all_in":
        shove = [label for label in labels if label.startswith("allin")]
        if shove:
            return shove[0]
    for label in labels:
        parts = label.split()
        if len(parts) == 2 and float(parts[1]) == float(amount):
            return label
    return None


# -- the shipped solutions -------------------------------------------------------------------


@dataclass(frozen=True)
class LessonSpot:
    """One heads-up turn decision of a lesson, as the lesson page analyses it (one option code)."""

    where: str  # lesson/hand/at/code
    key: str
    question: TurnQuestion
    hand: tuple[int, int]


#: a spot the model was asked while recording: (spot, the hero's hand, its key)
Recorded = tuple[TurnQuestion, tuple[int, int], str]

_recorder: list[Recorded] | None = None


@contextmanager
def recording() -> Iterator[list[Recorded]]:
    """Note the spots this model is asked instead of solving them (it declines while recording).

    How the shipped file is made: whoever walks the lessons (``python -m coach theory
    build-turn-cache``, :func:`coach.cli.theory.lesson_spots`) runs the analyses the lesson page
    runs inside this block, so the spots found are exactly the ones the page asks; the walk
    lives with the command, above the lessons and the pages, and this model knows neither.
    """
    global _recorder
    found: list[Recorded] = []
    with _lock:
        _recorder = found
    try:
        yield found
    finally:
        with _lock:
            _recorder = None


def build_cache(lesson_spots: Iterable[LessonSpot], path: Path = CACHE_FILE, *,
                log: Any = None) -> dict[str, Any]:
    """Solve every lesson spot (to ``BUILD_TARGET_PCT``) and write the shipped file; returns its content."""
    spots: dict[str, Any] = {}
    where: dict[str, str] = {}
    for ls in lesson_spots:
        t0 = time.perf_counter()
        answer = _answer(ls.question, ls.hand, target=BUILD_TARGET_PCT, budget=None, iterations=None)
        spots[ls.key] = answer.to_json()
        where[ls.key] = ls.where
        if log is not None:
            log(f"{ls.where}: {answer.combos[0]}x{answer.combos[1]} combos, {answer.iterations} it, "
                f"{answer.exploitability_pct:.2f}% of the pot, {time.perf_counter() - t0:.1f} s")
    content = {"about": "Solutions of the lessons' heads-up turn decisions (coach.feedback.valuation.turn); "
                        "rebuild with: python -m coach theory build-turn-cache",
               "where": where, "spots": spots}
    path.write_text(json.dumps(content, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    global _shipped
    with _lock:
        _shipped = None
    return content
