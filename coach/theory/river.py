"""River spots solved to an equilibrium: what each hand does, and what each action is worth.

A river spot is a complete board, the two players' ranges (weighted combos,
card removal respected), the pot and the effective stack, and a betting tree
(:mod:`coach.theory.trees`). Player 0 acts first: out of position at the start
of the river, or the player to act when the tree starts mid-street (a
:class:`~coach.theory.trees.RootState`, which is how the coach solves the
decision in front of a learner). The
solver (:mod:`coach.theory.cfr`) returns, for every decision node, each hand's
mix over the actions and each action's expected value for each hand, plus the
exploitability reached, in % of the pot.

Values in a :class:`RiverResult` are in the chips of the spot and, as the
coach counts them, relative to folding at that node: the chips a player has
already put in on the river are sunk, so "fold" is worth 0 and the others are
what the action adds to his stack on average.

Solutions are cached by spot (board, ranges, pot, stack, tree), in memory for
the process: the coach asks the same spot again when a learner reopens a
decision, and a cached answer is instant.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from threading import Lock

import numpy as np
import numpy.typing as npt

from coach.cards import Card, format_cards, parse_cards
from coach.errors import InvalidInput
from coach.evaluator import evaluate_batch
from coach.i18n import N_
from coach.ranges import Range, parse_range
from coach.theory.cfr import F64, Hands, Solution, Solver, Tree
from coach.theory.trees import DEFAULT_CONFIG, RootState, TreeConfig, build_tree

I64 = npt.NDArray[np.int64]

DEFAULT_TARGET_PCT = 0.3
DEFAULT_MAX_ITERATIONS = 2000
_CACHE_SIZE = 64


@dataclass(frozen=True)
class RiverSpot:
    """What defines a river problem (hashable: the cache key)."""

    board: tuple[int, ...]  # five card indices
    ranges: tuple[tuple[tuple[tuple[int, int], float], ...], tuple[tuple[tuple[int, int], float], ...]]
    pot: float
    stack: float
    config: TreeConfig = DEFAULT_CONFIG
    root: RootState | None = None

    @staticmethod
    def make(board: str | Sequence[Card], oop: object, ip: object, pot: float, stack: float,
             config: TreeConfig = DEFAULT_CONFIG, root: RootState | None = None) -> RiverSpot:
        """A spot from readable inputs: ranges as notation, a ``Range`` or ``{(a, b): weight}``."""
        cards = parse_cards(board) if isinstance(board, str) else tuple(board)
        if len(cards) != 5:
            raise InvalidInput(N_("A river spot needs the five board cards, not {count}."), count=len(cards))
        if pot <= 0:
            raise InvalidInput(N_("The pot must be more than zero."))
        if stack < 0:
            raise InvalidInput(N_("The stack cannot be negative."))
        b = tuple(sorted(c.index for c in cards))
        return RiverSpot(b, (_combos(oop, b), _combos(ip, b)), float(pot), float(stack), config, root)


def _combos(rng: object, board: tuple[int, ...]) -> tuple[tuple[tuple[int, int], float], ...]:
    """The live combos of a range with their weights, sorted (a stable cache key)."""
    if isinstance(rng, Mapping):
        items = [((int(a), int(b)), float(w)) for (a, b), w in rng.items()]
    else:
        r = rng if isinstance(rng, Range) else parse_range(str(rng))
        cards, weights = r.arrays(dead=list(board))
        pairs = zip(cards.tolist(), weights.tolist(), strict=True)
        items = [((int(a), int(b)), float(w)) for (a, b), w in pairs]
    dead = set(board)
    out = sorted(((max(a, b), min(a, b)), w) for (a, b), w in items
                 if w > 0 and a not in dead and b not in dead and a != b)
    if not out:
        raise InvalidInput(N_("A range has no hand left on this board."))
    return tuple(out)


def _hands(combos: Sequence[tuple[tuple[int, int], float]], board: tuple[int, ...]) -> Hands:
    cards = np.array([c for c, _ in combos], dtype=np.int64)
    weights = np.array([w for _, w in combos], dtype=np.float64)
    rows = np.concatenate([cards, np.tile(np.array(board, dtype=np.int64), (len(cards), 1))], axis=1)
    strength = np.asarray(evaluate_batch(rows), dtype=np.int64)
    return Hands(cards, strength, weights)


@dataclass(frozen=True)
class NodeResult:
    """One decision node: who acts, the actions, and per hand the strategy and each action's EV."""

    path: tuple[str, ...]
    player: int
    actions: tuple[str, ...]
    strategy: F64  # (hands, actions)
    ev: F64  # (hands, actions): chips relative to folding here; NaN where the hand cannot be here
    reach: F64  # (hands,) how often each hand of the acting player gets here (own weight x own actions)
    invested: float  # chips the acting player has put in on the river before acting


@dataclass(frozen=True)
class RiverResult:
    """A solved river spot."""

    spot: RiverSpot
    hands: tuple[Hands, Hands]
    tree: Tree
    nodes: dict[tuple[str, ...], NodeResult]
    exploitability_pct: float
    iterations: int
    seconds: float
    history: tuple[tuple[int, float], ...]
    values: tuple[float, float]  # each player's expected share of the pot minus his river chips

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
        """Strategy and EV of one hand at one node (what the CLI prints with ``--hand``)."""
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
        """How often the acting player's range takes each action at a node (weighted by reach)."""
        node = self.node(path)
        reach = node.reach
        tot = float(reach.sum())
        if tot <= 0:
            return {a: 0.0 for a in node.actions}
        mix = (node.strategy * reach[:, None]).sum(axis=0) / tot
        return {a: float(x) for a, x in zip(node.actions, mix, strict=True)}


def _result(spot: RiverSpot, solver: Solver, solution: Solution) -> RiverResult:
    tree = solver.tree
    values = solver.action_values(solution.strategy)
    nodes: dict[tuple[str, ...], NodeResult] = {}
    own_reach: dict[int, F64] = {}
    for player in (0, 1):
        _, r_own = solver.reach_down(player, solution.strategy)
        for i in solver.decisions:
            if tree.nodes[i].player == player:
                own_reach[i] = r_own[i]
    for i in solver.decisions:
        n = tree.nodes[i]
        cfv, mass = values[i]
        with np.errstate(invalid="ignore", divide="ignore"):
            ev = np.where(mass[:, None] > 1e-12, cfv / mass[:, None], np.nan)
        invested = n.contrib[n.player]
        nodes[n.path] = NodeResult(n.path, n.player, n.actions, solution.strategy[i], ev + invested,
                                   own_reach[i], invested)
    return RiverResult(spot, solver.hands, tree, nodes, solution.exploitability_pct, solution.iterations,
                       solution.seconds, tuple(solution.history), solution.values)


_cache: OrderedDict[tuple[RiverSpot, float, int], RiverResult] = OrderedDict()
_lock = Lock()


def solve_river(
    spot: RiverSpot, *, target_pct: float = DEFAULT_TARGET_PCT, max_iterations: int = DEFAULT_MAX_ITERATIONS,
    max_seconds: float | None = None, use_cache: bool = True,
) -> RiverResult:
    """Solve a spot to ``target_pct`` % of the pot (cached per spot, target and iteration cap).

    A solve that reached its target or stopped on its iteration cap is cached (the same limits give
    the same answer); one that the clock stopped is not (another try may get further).
    """
    key = (spot, target_pct, max_iterations)
    if use_cache:
        with _lock:
            hit = _cache.get(key)
            if hit is not None:
                _cache.move_to_end(key)
                return hit
    hands = (_hands(spot.ranges[0], spot.board), _hands(spot.ranges[1], spot.board))
    tree = build_tree(spot.pot, spot.stack, spot.config, spot.root)
    try:
        solver = Solver(tree, hands)
    except ValueError:
        raise InvalidInput(N_("The two ranges have no deal in common on this board.")) from None
    check_every = 10 if len(hands[0]) * len(hands[1]) < 250_000 else 20
    solution = solver.solve(target_pct=target_pct, max_iterations=max_iterations, check_every=check_every,
                            max_seconds=max_seconds)
    result = _result(spot, solver, solution)
    stopped_by_clock = solution.exploitability_pct > target_pct and solution.iterations < max_iterations
    if use_cache and not stopped_by_clock:
        with _lock:
            _cache[key] = result
            while len(_cache) > _CACHE_SIZE:
                _cache.popitem(last=False)
    return result


def cached(spot: RiverSpot, target_pct: float = DEFAULT_TARGET_PCT,
           max_iterations: int = DEFAULT_MAX_ITERATIONS) -> RiverResult | None:
    """The cached solution of a spot, if any (never solves)."""
    with _lock:
        return _cache.get((spot, target_pct, max_iterations))


def clear_cache() -> None:
    with _lock:
        _cache.clear()
