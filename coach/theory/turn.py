"""Turn spots solved over two streets: the turn betting, every river card, the river betting.

A turn spot is four board cards, the two players' weighted ranges, the pot,
the effective stack and the sizes of the two streets' trees. This module is
what callers use: the spot (:class:`TurnSpot`), the solve with its limits and
cache (:func:`solve_turn`), the answer (:class:`TurnResult`) and the estimate of
an iteration's time (:func:`iteration_seconds`) that lets the coach decline a
solve it cannot afford. The game and its CFR passes are in
:mod:`coach.theory.turncfr`.

Values in a :class:`TurnResult` are, as on the river, relative to folding
at the node (the chips a player put in on the turn are sunk).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from threading import Lock
from typing import Final

import numpy as np

from coach.cards import Card, format_cards, parse_cards
from coach.errors import InvalidInput
from coach.i18n import N_
from coach.theory.blas import single_threaded
from coach.theory.cfr import F64, Hands, Tree
from coach.theory.river import NodeResult, _combos
from coach.theory.trees import RootState, TreeConfig, build_tree
from coach.theory.turncfr import DEFAULT_MAX_ITERATIONS, DEFAULT_TARGET_PCT, TurnSolver, build_forest

#: The turn's default tree: bets of 33% and 75% of the pot and all-in, one raise size
#: (75% of the pot after calling) and all-in, at most two raises; the river's is the same.
DEFAULT_TURN_CONFIG: Final = TreeConfig(oop_bets=(0.33, 0.75), raises=(0.75,), max_raises=2)
_CACHE_SIZE: Final = 16

Combos = tuple[tuple[tuple[int, int], float], ...]


@dataclass(frozen=True)
class TurnSpot:
    """What defines a turn problem (hashable: the cache key).

    ``ranges[0]`` is the player who acts first at the root (player 0 of the
    turn tree), ``ranges[1]`` the other; ``river_first`` is the tree player
    who acts first on the river (the one out of position: 0 unless the tree
    starts mid-street with the player in position to act).
    """

    board: tuple[int, ...]  # four card indices
    ranges: tuple[Combos, Combos]
    pot: float
    stack: float
    config: TreeConfig = DEFAULT_TURN_CONFIG
    river_config: TreeConfig = DEFAULT_TURN_CONFIG
    root: RootState | None = None
    river_first: int = 0

    @staticmethod
    def make(board: str | Sequence[Card], first: object, second: object, pot: float, stack: float,
             config: TreeConfig = DEFAULT_TURN_CONFIG, river_config: TreeConfig | None = None,
             root: RootState | None = None, river_first: int = 0) -> TurnSpot:
        """A spot from readable inputs: ranges as notation, a ``Range`` or ``{(a, b): weight}``."""
        cards = parse_cards(board) if isinstance(board, str) else tuple(board)
        if len(cards) != 4:
            raise InvalidInput(N_("A turn spot needs the four board cards, not {count}."), count=len(cards))
        if pot <= 0:
            raise InvalidInput(N_("The pot must be more than zero."))
        if stack < 0:
            raise InvalidInput(N_("The stack cannot be negative."))
        if river_first not in (0, 1):
            raise ValueError("river_first is 0 or 1")
        b = tuple(sorted(c.index for c in cards))
        return TurnSpot(b, (_combos(first, b), _combos(second, b)), float(pot), float(stack), config,
                        river_config if river_config is not None else config, root, river_first)


def _hands(combos: Combos) -> Hands:
    cards = np.array([c for c, _ in combos], dtype=np.int64).reshape(-1, 2)
    weights = np.array([w for _, w in combos], dtype=np.float64)
    return Hands(cards, np.zeros(len(cards), dtype=np.int64), weights)


@dataclass(frozen=True)
class TurnResult:
    """A solved turn spot: the turn nodes' strategies and EVs, how exact, how long.

    ``nodes`` maps a turn line (action labels from the root) to its
    :class:`~coach.theory.river.NodeResult`: each hand's mix and each action's
    EV relative to folding there, the river included (averaged over the river
    cards and played at equilibrium).
    """

    spot: TurnSpot
    hands: tuple[Hands, Hands]
    tree: Tree
    nodes: dict[tuple[str, ...], NodeResult]
    exploitability_pct: float
    iterations: int
    seconds: float
    history: tuple[tuple[int, float], ...]
    values: tuple[float, float]  # each player's expected share of the pot minus his chips from the turn on
    solver: TurnSolver = field(repr=False, compare=False)

    def node(self, path: Sequence[str] = ()) -> NodeResult:
        try:
            return self.nodes[tuple(path)]
        except KeyError:
            raise InvalidInput(N_("There is no such line in the tree: {path}."),
                               path=" / ".join(path)) from None

    def hand_index(self, player: int, hand: str | Sequence[Card]) -> int:
        cards = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
        key = sorted((c.index for c in cards), reverse=True)
        rows = self.hands[player].cards.tolist()
        try:
            return int(rows.index(key))
        except ValueError:
            raise InvalidInput(N_("{hand} is not in the range of this player."),
                               hand=format_cards(cards)) from None

    def hand_summary(
        self, player: int, hand: str | Sequence[Card], path: Sequence[str] = (),
    ) -> dict[str, object]:
        """Strategy and EV of one hand at one turn node."""
        node = self.node(path)
        if node.player != player:
            raise InvalidInput(N_("At this node the other player acts."))
        i = self.hand_index(player, hand)
        return {
            "actions": list(node.actions),
            "strategy": [round(float(x), 4) for x in node.strategy[i]],
            "ev": [None if np.isnan(x) else round(float(x), 3) for x in node.ev[i]],
        }

    def range_summary(self, path: Sequence[str] = ()) -> dict[str, float]:
        """How often the acting player's range takes each action at a turn node (weighted by reach)."""
        node = self.node(path)
        tot = float(node.reach.sum())
        if tot <= 0:
            return {a: 0.0 for a in node.actions}
        mix = (node.strategy * node.reach[:, None]).sum(axis=0) / tot
        return {a: float(x) for a, x in zip(node.actions, mix, strict=True)}

    def river_strategy(self, path: Sequence[str], river: str | Card) -> tuple[int, tuple[str, ...], F64]:
        """At the river node ``path`` (turn actions, ``"river"``, river actions) and river card:
        (acting tree player, actions, strategy per hand of that player)."""
        card = parse_cards(river)[0] if isinstance(river, str) else river
        s = self.solver
        where = np.flatnonzero(s.rivers == card.index)
        if not where.size:
            raise InvalidInput(N_("The river card is already on the board."))
        r = int(where[0])
        fn = s.forest.nodes
        for i in s.river_dec:
            if fn[i].path == tuple(path):
                return s.tp[fn[i].player], fn[i].actions, s.river_average(i, r)
        raise InvalidInput(N_("There is no such line in the tree: {path}."), path=" / ".join(path))


def _result(spot: TurnSpot, solver: TurnSolver, expl: float, history: list[tuple[int, float]],
            seconds: float) -> TurnResult:
    nodes, values = solver.node_results()
    return TurnResult(spot, solver.hands, solver.turn, nodes, 100.0 * expl / solver.pot, solver.t, seconds,
                      tuple(history), values, solver)


def solver_for(spot: TurnSpot) -> TurnSolver:
    """The (unsolved) solver of a spot: its trees, river hands and showdown indices built."""
    hands = (_hands(spot.ranges[0]), _hands(spot.ranges[1]))
    turn = build_tree(spot.pot, spot.stack, spot.config, spot.root)
    try:
        return TurnSolver(spot.board, hands, turn, spot.stack, spot.river_config, spot.river_first)
    except ValueError:
        raise InvalidInput(N_("The two ranges have no deal in common on this board.")) from None


#: seconds per unit of :func:`iteration_seconds` (one core of the 2-core development machine, idle)
_SECONDS_PER_UNIT: Final = 4e-9
#: and the interpreter's share per node and iteration, whatever the ranges (small spots on deep trees)
_SECONDS_PER_NODE: Final = 25e-6


def iteration_seconds(spot: TurnSpot) -> float:
    """About how long one iteration of this spot takes on an idle core (within a factor of two).

    Counted without solving (the trees only): every node of the turn tree and of the river trees is a
    pass over each player's hands for every river card, and every terminal column a matrix product
    (float32 BLAS: about a hundredth of an elementwise pass per pair of hands), plus the interpreter's
    fixed cost per node.
    """
    turn = build_tree(spot.pot, spot.stack, spot.config, spot.root)
    forest = build_forest(turn, spot.stack, spot.river_config)
    n0, n1 = len(spot.ranges[0]), len(spot.ranges[1])
    nodes = len(turn.nodes) + len(forest.nodes)
    return nodes * (_SECONDS_PER_NODE + _SECONDS_PER_UNIT * 48 * ((n0 + n1) + n0 * n1 / 100))


_cache: OrderedDict[tuple[TurnSpot, float | None, int | None], TurnResult] = OrderedDict()
_lock = Lock()


def solve_turn(
    spot: TurnSpot, *, iterations: int | None = None, target_pct: float | None = DEFAULT_TARGET_PCT,
    time_budget_s: float | None = None, use_cache: bool = True,
) -> TurnResult:
    """Solve a turn spot.

    It stops at the first of: the exploitability at most ``target_pct`` % of
    the pot (checked every 10 iterations; ``None`` never stops on it),
    ``iterations`` done (default 1000), or ``time_budget_s`` seconds (the
    last iteration and the final exploitability check included, measured on
    the iterations so far). Deterministic: the same spot and limits give the
    same answer (a time budget aside, which may stop at another iteration).
    Cached per (spot, target, iterations) when it reached its target or ran
    its iterations.
    """
    key = (spot, target_pct, iterations)
    if use_cache:
        with _lock:
            hit = _cache.get(key)
            if hit is not None:
                _cache.move_to_end(key)
                return hit
    t0 = time.perf_counter()
    with single_threaded():
        solver = solver_for(spot)
        budget = None if time_budget_s is None else max(0.0, time_budget_s - (time.perf_counter() - t0))
        most = DEFAULT_MAX_ITERATIONS if iterations is None else iterations
        expl, history = solver.solve(target_pct=target_pct, max_iterations=most, max_seconds=budget)
        result = _result(spot, solver, expl, history, time.perf_counter() - t0)
    done = (target_pct is not None and result.exploitability_pct <= target_pct) or (
        iterations is not None and solver.t >= iterations)
    if use_cache and done:
        with _lock:
            _cache[key] = result
            while len(_cache) > _CACHE_SIZE:
                _cache.popitem(last=False)
    return result


def clear_cache() -> None:
    with _lock:
        _cache.clear()


__all__ = ["DEFAULT_TURN_CONFIG", "TurnResult", "TurnSpot", "clear_cache", "iteration_seconds", "solve_turn",
           "solver_for"]
