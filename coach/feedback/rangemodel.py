"""Opponent ranges as arrays, hand strength on a board, and hero-vs-range equity.

A range is a set of weighted two-card combos (:class:`WeightedRange`, numpy
arrays of card indices ``4*rank+suit``), parsed from range notation by
:func:`coach.ranges.parse_range` and cached per text. Everything heavy is
a batch evaluation on the evaluator's summed keys: a heads-up flop against a full range (1,225 combos x 1,081
runouts) is exact in a few tens of milliseconds; above ``EXACT_BUDGET`` pairs
(preflop) the equity is a seeded Monte Carlo with its standard error.

Hand strength (:func:`strength_percentiles`) is the *made-hand* percentile of a
combo among all hands on this board: the share of all possible two-card hands
it beats now (ties count half). It ignores draws on purpose: it is what a
simple opponent looks at to decide whether to call, and what the narrowing of
an opponent's range uses (see :mod:`coach.feedback.analysis`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from coach.cards import RANK_CHARS, Card, parse_cards
from coach.ranges import Range, parse_range

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

# Above this many (combo, runout) pairs a hero-vs-range equity switches to Monte
# Carlo, which then scores about MC_BUDGET pairs.
EXACT_BUDGET = 1_400_000
MC_BUDGET = 150_000


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


def grid_of(text: str) -> list[list[float]]:
    """The 13x13 chart of a range: rows and columns A..2, pairs on the diagonal,
    suited hands above it (row = higher card), offsuit below; each cell the
    class weight (0 = not in the range)."""
    return parse_range(text).grid()


def all_combos(dead: Iterable[int] = ()) -> WeightedRange:
    """Every two-card hand not using a dead card, weight 1."""
    dead_set = set(dead)
    live = [i for i in range(52) if i not in dead_set]
    arr = np.array(list(itertools.combinations(live, 2)), dtype=np.int64)
    return WeightedRange(arr, np.ones(arr.shape[0]))


def to_indices(cards: str | Sequence[Card]) -> list[int]:
    return [c.index for c in (parse_cards(cards) if isinstance(cards, str) else cards)]


# -- evaluation helpers ---------------------------------------------------------------


def _eval_rows(rows: IntArray) -> IntArray:
    """Strength of each row of 5, 6 or 7 card indices (larger = stronger)."""
    from coach.evaluator import evaluate_batch

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
    every = all_combos(board).cards
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
    every = all_combos().cards
    return np.sort(np.array([chen_score(int(a), int(b)) for a, b in every]))


def preflop_percentiles(combos: IntArray) -> FloatArray:
    """Preflop strength percentile by the Chen formula."""
    table = _chen_table()
    s = np.array([chen_score(int(a), int(b)) for a, b in combos])
    below = np.searchsorted(table, s, side="left")
    upto = np.searchsorted(table, s, side="right")
    return (below + 0.5 * (upto - below)) / len(table)


# -- equity ---------------------------------------------------------------------------


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
    budget: int = EXACT_BUDGET, mc_budget: int = MC_BUDGET,
) -> ComboEquity:
    """Hero's equity against every combo of ``rng``: exact when it fits ``budget``, else Monte Carlo.

    Exact: every runout of the remaining cards, each combo scored on the
    runouts that do not use its cards. Monte Carlo: the same with a sample of
    runouts drawn with ``seed`` (shared by all combos), the error stated as
    ``sqrt(p(1-p)/samples)``.
    """
    dead = list(hero) + list(board)
    rng = rng.without(dead)
    n = len(rng)
    to_come = 5 - len(board)
    if n == 0:
        return ComboEquity(rng, np.zeros(0), "exact", 0, 0.0)
    deck = [i for i in range(52) if i not in set(dead)]
    total_runouts = _n_choose(len(deck), to_come)
    if to_come == 0:
        runouts = np.zeros((1, 0), dtype=np.int64)
        method = "exact"
    elif n * total_runouts <= budget:
        runouts = np.array(list(itertools.combinations(deck, to_come)), dtype=np.int64)
        method = "exact"
    else:
        m = max(30, min(budget, mc_budget) // n)
        gen = np.random.default_rng(seed)
        keys = gen.random((m, len(deck)))
        runouts = np.array(deck, dtype=np.int64)[np.argsort(keys, axis=1)[:, :to_come]]
        method = "montecarlo"
    r = runouts.shape[0]
    score, valid = _scores(hero, board, rng.cards, runouts)
    if to_come:
        counts = valid.sum(axis=1)
        per = np.where(counts > 0, (score * valid).sum(axis=1) / np.maximum(counts, 1), 0.5)
    else:
        per = score[:, 0].astype(np.float64)
    eq = float((per * rng.weights).sum() / rng.total)
    stderr = 0.0 if method == "exact" else float(np.sqrt(max(eq * (1 - eq), 1e-4) / r))
    return ComboEquity(rng, per, method, r, stderr)


def _scores(
    hero: Sequence[int], board: Sequence[int], combos: IntArray, runouts: IntArray,
) -> tuple[FloatArray, npt.NDArray[np.bool_]]:
    """Hero's result (1, 0.5, 0) against each combo on each runout, and which pairs are possible.

    Batch keys are summed once per board and runout and once per combo, then
    finished by :func:`coach.evaluator.strengths_from_keys` (the evaluator's
    incremental path): no 7-card rows are built.
    """
    from coach.evaluator import BATCH_KEY, CARD_BIT, strengths_from_keys

    bkey = int(BATCH_KEY[list(board)].sum()) if len(board) else 0
    bbits = int(CARD_BIT[list(board)].sum()) if len(board) else 0
    if runouts.shape[1]:
        rkey = BATCH_KEY[runouts].sum(axis=1).astype(np.int32) + np.int32(bkey)
        rbits = CARD_BIT[runouts].sum(axis=1).astype(np.int64) | np.int64(bbits)
    else:
        rkey = np.array([bkey], dtype=np.int32)
        rbits = np.array([bbits], dtype=np.int64)
    hkey = np.int32(int(BATCH_KEY[list(hero)].sum()))
    hbits = np.int64(int(CARD_BIT[list(hero)].sum()))
    hero_s = strengths_from_keys(rkey + hkey, 7, bits=rbits | hbits).astype(np.int32)
    ckey = BATCH_KEY[combos].sum(axis=1).astype(np.int32)
    cbits = CARD_BIT[combos].sum(axis=1).astype(np.int64)
    valid = (cbits[:, None] & rbits[None, :]) == 0
    keys = ckey[:, None] + rkey[None, :]
    bits = cbits[:, None] | rbits[None, :]
    # An impossible pair (the runout uses a combo card) is scored on the hero's own row, then ignored.
    keys = np.where(valid, keys, rkey[None, :] + hkey)
    bits = np.where(valid, bits, rbits[None, :] | hbits)
    vil = strengths_from_keys(keys.reshape(-1), 7, bits=bits.reshape(-1)).astype(np.int32).reshape(keys.shape)
    hs = hero_s[None, :]
    return (hs > vil) + 0.5 * (hs == vil), valid


def _n_choose(n: int, k: int) -> int:
    from math import comb

    return comb(n, k) if 0 <= k <= n else 0


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

    Each trial deals every opponent a combo from his range (by weight, with no
    card twice) and completes the board; a tie splits the pot.
    """
    gen = np.random.default_rng(seed)
    dead = set(hero) | set(board)
    live = [r.without(dead) for r in ranges]
    if any(len(r) == 0 for r in live):
        return MultiwayEquity(1.0, 0.0, 0)
    picks = []
    for r in live:
        p = r.weights / r.total
        picks.append(r.cards[gen.choice(len(r), size=trials, p=p)])
    hands = np.stack(picks, axis=1)  # trials x villains x 2
    # resample trials where two opponents share a card
    for _ in range(8):
        flat = hands.reshape(trials, -1)
        srt = np.sort(flat, axis=1)
        clash = (srt[:, 1:] == srt[:, :-1]).any(axis=1)
        if not clash.any():
            break
        for v, r in enumerate(live):
            p = r.weights / r.total
            hands[clash, v] = r.cards[gen.choice(len(r), size=int(clash.sum()), p=p)]
    flat = hands.reshape(trials, -1)
    srt = np.sort(flat, axis=1)
    ok = ~(srt[:, 1:] == srt[:, :-1]).any(axis=1)
    hands = hands[ok]
    t = hands.shape[0]
    if t == 0:
        # The ranges leave (almost) no deal in which the opponents hold different cards (two
        # players put on the same few combos): no sample to measure, and an even share of the
        # pot is the only figure that claims nothing. Rare, and only with hand-narrowed ranges.
        return MultiwayEquity(1.0 / (len(live) + 1), 0.5, 0)
    to_come = 5 - len(board)
    keys = gen.random((t, 52))
    keys[:, list(dead)] = 2.0
    keys[np.arange(t)[:, None], hands.reshape(t, -1)] = 2.0
    runouts = np.argsort(keys, axis=1)[:, :to_come].astype(np.int64)
    board_rows = np.concatenate([np.tile(np.array(board, dtype=np.int64), (t, 1)), runouts], axis=1)
    hero_s = _eval_rows(np.concatenate([np.tile(np.array(hero, dtype=np.int64), (t, 1)), board_rows], axis=1))
    best = hero_s.copy()
    vs = []
    for v in range(hands.shape[1]):
        s = _eval_rows(np.concatenate([hands[:, v, :], board_rows], axis=1))
        vs.append(s)
        best = np.maximum(best, s)
    winners = (hero_s == best).astype(np.float64)
    n_best = winners.copy()
    for s in vs:
        n_best += s == best
    share = winners / n_best
    eq = float(share.mean())
    return MultiwayEquity(eq, float(share.std() / np.sqrt(max(t, 1))), t)
