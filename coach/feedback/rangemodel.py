"""Opponent ranges as arrays, hand strength on a board, and hero-vs-range equity by weight.

A range is a set of weighted two-card combos (:class:`WeightedRange`, numpy
arrays of card indices ``4*rank+suit``), parsed from range notation by
:func:`coach.ranges.parse_range` and cached per text. The equity figures come
from :mod:`coach.equity`, the one engine (its ``EXACT_BUDGET`` decides exact
or Monte Carlo: a heads-up flop against a full range is exact, preflop
against two or more combos is a seeded Monte Carlo with its standard error);
this module removes the known cards and weighs the combos.

Hand strength (:func:`strength_percentiles`) is the *made-hand* percentile of a
combo among all hands on this board: the share of all possible two-card hands
it beats now (ties count half). It ignores draws on purpose: it is what a
simple opponent looks at to decide whether to call, and what the narrowing of
an opponent's range uses (see :mod:`coach.feedback.analysis`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from coach.cards import RANK_CHARS, Card, parse_cards
from coach.equity import hand_vs_combos, hand_vs_weighted_ranges
from coach.evaluator import evaluate_batch
from coach.ranges import Range, parse_range
from coach.theory.classes import all_combos

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


def class_of(a: int, b: int) -> str:
    """The starting-hand class of two card indices: ``AKs``, ``AKo``, ``TT``."""
    ra, rb = a // 4, b // 4
    if ra < rb:
        ra, rb, a, b = rb, ra, b, a
    if ra == rb:
        return RANK_CHARS[ra] * 2
    return RANK_CHARS[ra] + RANK_CHARS[rb] + ("s" if a % 4 == b % 4 else "o")


def class_of_cards(cards: Sequence[Card]) -> str:
    return class_of(cards[0].index, cards[1].index)


@dataclass(frozen=True, eq=False)
class WeightedRange:
    """Weighted combos: ``cards`` (n, 2) card indices, ``weights`` (n,) in [0, 1]."""

    cards: IntArray
    weights: FloatArray

    def __len__(self) -> int:
        return int(self.cards.shape[0])

    @property
    def total(self) -> float:
        return float(self.weights.sum())

    def without(self, dead: Iterable[int]) -> WeightedRange:
        """The combos that use none of the ``dead`` card indices."""
        dead_list = list(dead)
        if not dead_list:
            return self
        mask = ~np.isin(self.cards, np.array(dead_list, dtype=np.int64)).any(axis=1)
        return WeightedRange(self.cards[mask], self.weights[mask])

    def reweighted(self, factors: FloatArray) -> WeightedRange:
        """Multiply each weight; combos left with no weight are dropped."""
        w = self.weights * factors
        keep = w > 0
        return WeightedRange(self.cards[keep], w[keep])

    def classes(self) -> dict[str, float]:
        """Largest weight per starting-hand class (for charts and the 13x13 grid)."""
        out: dict[str, float] = {}
        for (a, b), w in zip(self.cards.tolist(), self.weights.tolist(), strict=True):
            k = class_of(a, b)
            out[k] = max(out.get(k, 0.0), w)
        return out

    def grid(self) -> list[list[float]]:
        """The 13x13 chart (see :meth:`coach.ranges.Range.grid`) of these weighted combos."""
        a, b = self.cards[:, 0].tolist(), self.cards[:, 1].tolist()
        return Range({(max(x, y), min(x, y)): w
                      for x, y, w in zip(a, b, self.weights.tolist(), strict=True)}).grid()

    def share_of_all(self) -> float:
        """The fraction of the 1326 starting hands, weighted (\"opens 15% of hands\")."""
        return self.total / 1326


def _combo_indices(combo: object) -> tuple[int, int, float]:
    """One item of ``Range.combos()`` as (index, index, weight), whatever its shape."""
    weight = 1.0
    if isinstance(combo, tuple) and len(combo) == 2 and isinstance(combo[1], float):
        combo, weight = combo
    cards = getattr(combo, "cards", combo)
    weight = float(getattr(combo, "weight", weight))
    a, b = list(cards)[:2]  # type: ignore[call-overload]
    ia = a.index if isinstance(a, Card) else int(a)
    ib = b.index if isinstance(b, Card) else int(b)
    return ia, ib, weight


def _parse_rows(text: str) -> list[tuple[int, int, float]]:
    if not text.strip():  # a chart cell may be empty: a position that never plays on
        return []
    return [_combo_indices(c) for c in parse_range(text).combos()]


@lru_cache(maxsize=256)
def parse_weighted(text: str) -> WeightedRange:
    """Range notation to arrays (cached: the charts are parsed once per process)."""
    rows = [r for r in _parse_rows(text) if r[2] > 0]
    if not rows:
        return WeightedRange(np.zeros((0, 2), dtype=np.int64), np.zeros(0))
    arr = np.array([[a, b] for a, b, _ in rows], dtype=np.int64)
    w = np.array([r[2] for r in rows], dtype=np.float64)
    arr.setflags(write=False)
    w.setflags(write=False)
    return WeightedRange(arr, w)


def hand_classes(text: str) -> dict[str, float]:
    """The classes of a range with their weight: ``{"AKs": 1.0, "A5s": 0.5}``."""
    return parse_weighted(text).classes()


def live_combos(dead: Iterable[int] = ()) -> WeightedRange:
    """Every two-card hand not using a dead card, weight 1.

    Filtered from :func:`coach.theory.classes.all_combos`, the one list of the 1,326 combos, so the
    order is the same everywhere."""
    every = all_combos()
    keep = ~np.isin(every, np.fromiter(set(dead), dtype=np.int64)).any(axis=1)
    arr = every[keep]
    return WeightedRange(arr, np.ones(arr.shape[0]))


def to_indices(cards: str | Sequence[Card]) -> list[int]:
    return [c.index for c in (parse_cards(cards) if isinstance(cards, str) else cards)]


# -- evaluation helpers ---------------------------------------------------------------


def _eval_rows(rows: IntArray) -> IntArray:
    """Strength of each row of 5, 6 or 7 card indices (larger = stronger)."""
    n, k = rows.shape
    if k in (5, 7):
        return np.asarray(evaluate_batch(rows), dtype=np.int64)
    if k == 6:  # best of the six five-card subsets
        best = np.full(n, -1, dtype=np.int64)
        for drop in range(6):
            cols = [c for c in range(6) if c != drop]
            best = np.maximum(best, np.asarray(evaluate_batch(rows[:, cols]), dtype=np.int64))
        return best
    raise ValueError(f"cannot evaluate {k} cards")


@lru_cache(maxsize=64)
def _board_strength_table(board: tuple[int, ...]) -> tuple[IntArray, IntArray]:
    """All hands on this board and their sorted strengths (for percentiles)."""
    every = live_combos(board).cards
    rows = np.concatenate([every, np.tile(np.array(board, dtype=np.int64), (len(every), 1))], axis=1)
    strengths = _eval_rows(rows)
    return every, np.sort(strengths)


def board_strengths(combos: IntArray, board: Sequence[int]) -> IntArray:
    """The evaluator's strength of each combo's best hand on a flop, turn or river (larger = stronger).

    Two combos compare at showdown on this board by these numbers (the one-street
    estimate's callers compare their hands with the bettor's range this way).
    """
    if len(combos) == 0:
        return np.zeros(0, dtype=np.int64)
    b = np.array(sorted(board), dtype=np.int64)
    return _eval_rows(np.concatenate([combos, np.tile(b, (len(combos), 1))], axis=1))


def strength_percentiles(combos: IntArray, board: Sequence[int]) -> FloatArray:
    """Made-hand percentile of each combo among all hands on ``board`` (ties count half)."""
    if len(board) < 3 or len(combos) == 0:
        return preflop_percentiles(combos)
    b = tuple(sorted(board))
    _, table = _board_strength_table(b)
    s = board_strengths(combos, b)
    below = np.searchsorted(table, s, side="left")
    upto = np.searchsorted(table, s, side="right")
    return (below + 0.5 * (upto - below)) / len(table)


def chen_score(a: int, b: int) -> float:
    """Bill Chen's preflop formula: a documented, simple strength order of starting hands."""
    values = {12: 10.0, 11: 8.0, 10: 7.0, 9: 6.0}
    ra, rb = a // 4, b // 4
    hi, lo = max(ra, rb), min(ra, rb)
    score = values.get(hi, (hi + 2) / 2)
    if hi == lo:
        return max(5.0, score * 2)
    if a % 4 == b % 4:
        score += 2
    gap = hi - lo - 1
    score -= (0, 1, 2, 4)[gap] if gap < 4 else 5
    if gap <= 1 and hi < 10:  # both below a queen, connected or one-gapped
        score += 1
    return score


@lru_cache(maxsize=1)
def _chen_table() -> FloatArray:
    every = live_combos().cards
    return np.sort(np.array([chen_score(int(a), int(b)) for a, b in every]))


def preflop_percentiles(combos: IntArray) -> FloatArray:
    """Preflop strength percentile by the Chen formula."""
    table = _chen_table()
    s = np.array([chen_score(int(a), int(b)) for a, b in combos])
    below = np.searchsorted(table, s, side="left")
    upto = np.searchsorted(table, s, side="right")
    return (below + 0.5 * (upto - below)) / len(table)


# -- equity (the numbers come from coach.equity; this keeps the range's weights) -----


@dataclass(frozen=True)
class ComboEquity:
    """Hero's equity against each combo of a range (same order as ``range.cards``)."""

    range: WeightedRange
    per_combo: FloatArray
    method: str  # "exact" or "montecarlo"
    samples: int  # runouts per combo (exact: all of them)
    stderr: float

    @property
    def equity(self) -> float:
        if self.range.total <= 0:
            return 0.0
        return float((self.per_combo * self.range.weights).sum() / self.range.total)

    def equity_where(self, mask: npt.NDArray[np.bool_]) -> float | None:
        """Equity against the combos in ``mask`` (e.g. the ones that call)."""
        w = self.range.weights * mask
        if w.sum() <= 0:
            return None
        return float((self.per_combo * w).sum() / w.sum())


def equity_vs_range(
    hero: Sequence[int], board: Sequence[int], rng: WeightedRange, *, seed: int = 0,
    exact: bool | None = None,
) -> ComboEquity:
    """Hero's equity against every combo of ``rng``, weighted by the combos' weights.

    The combos that use a known card are dropped, then
    :func:`coach.equity.hand_vs_combos` scores each one: exact within
    :data:`coach.equity.EXACT_BUDGET`, else seeded Monte Carlo (``exact=False``
    forces it) with its standard error.
    """
    rng = rng.without(list(hero) + list(board))
    if len(rng) == 0:
        return ComboEquity(rng, np.zeros(0), "exact", 0, 0.0)
    found = hand_vs_combos(hero, board, rng.cards, rng.weights, exact=exact, seed=seed)
    method = "exact" if found.method == "exact" else "montecarlo"
    return ComboEquity(rng, found.per_combo, method, found.runouts, found.stderr)


@dataclass(frozen=True)
class MultiwayEquity:
    equity: float
    stderr: float
    samples: int
    method: str = "montecarlo"


def equity_multiway(
    hero: Sequence[int], board: Sequence[int], ranges: Sequence[WeightedRange], *, seed: int = 0,
    trials: int = 4000,
) -> MultiwayEquity:
    """Hero's share of the pot against several ranges at once (Monte Carlo, seeded).

    The dealing is :func:`coach.equity.hand_vs_weighted_ranges`' (every opponent
    a combo from his range by weight, no card twice, the board completed; a
    tie splits the pot). An opponent with no combo left leaves the hero the
    pot; ranges that leave no deal in which the opponents hold different cards
    (two players put on the same few combos) get an even share of the pot, the
    only figure that claims nothing, with no sample behind it.
    """
    dead = set(hero) | set(board)
    live = [r.without(dead) for r in ranges]
    if any(len(r) == 0 for r in live):
        return MultiwayEquity(1.0, 0.0, 0)
    found = hand_vs_weighted_ranges(hero, board, [(r.cards, r.weights) for r in live],
                                    samples=trials, seed=seed)
    if found is None:
        return MultiwayEquity(1.0 / (len(live) + 1), 0.5, 0)
    return MultiwayEquity(found.equities[0], found.stderr[0], found.boards)
