"""An opponent's range on the 13x13 grid of starting hands: the numbers, not the drawing.

:func:`range_view` turns the coach's weighted combos
(:class:`coach.feedback.rangemodel.WeightedRange`) into one number per starting-hand
class, the weighted share of its *live* combos: the combos that use a card on the
board or in the learner's hand are gone (card removal), so with A♠ on the board AKs
has three combos. The verdict carries these views (:mod:`coach.learning.verdict`);
the page draws them (:mod:`coach.ui.rangegrid`). Rows and columns follow the charts'
layout: A at row/column 0, pairs on the diagonal, suited hands above it, offsuit below.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from coach.feedback.rangemodel import WeightedRange
from coach.i18n import N_, Message

PLAYER = N_("Player {n}")


@dataclass(frozen=True)
class RangeView:
    """One opponent's range as the learner sees it: per class, its weight and its live combos."""

    seat: int
    name: str | Message  # the player's name from the hand (a user's or a file's text), or «Giocatore 3»
    story: Message | None  # what the range follows («dopo il suo rilancio al flop»); None: preflop
    weights: tuple[tuple[float, ...], ...]  # 13x13: weighted share of the class's live combos, 0..1
    live: tuple[tuple[int, ...], ...]  # 13x13: combos of the class that no visible card blocks
    combos: float  # weighted live combos in all


@cache
def _all_pairs() -> npt.NDArray[np.int64]:
    i, j = np.triu_indices(52, k=1)
    return np.stack([i, j], axis=1).astype(np.int64)


def _cells(cards: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Row-major 13x13 cell of each (n, 2) combo: A at row/column 0, suited above the diagonal."""
    if cards.shape[0] == 0:
        return np.zeros(0, dtype=np.int64)
    r0, r1 = cards[:, 0] // 4, cards[:, 1] // 4
    hi, lo = np.maximum(r0, r1), np.minimum(r0, r1)
    suited = cards[:, 0] % 4 == cards[:, 1] % 4
    row = np.where(suited | (hi == lo), 12 - hi, 12 - lo)
    col = np.where(suited | (hi == lo), 12 - lo, 12 - hi)
    return (row * 13 + col).astype(np.int64)


def range_view(seat: int, name: str | Message, story: Message | None, rng: WeightedRange,
               dead: Iterable[int]) -> RangeView:
    """``rng`` on the grid, without the combos the ``dead`` card indices (board, hero) block."""
    dead_list = sorted(set(dead))
    pairs = _all_pairs()
    if dead_list:
        pairs = pairs[~np.isin(pairs, np.array(dead_list, dtype=np.int64)).any(axis=1)]
    live = np.bincount(_cells(pairs), minlength=169)
    kept = rng.without(dead_list)
    weights = np.clip(np.asarray(kept.weights, dtype=np.float64), 0.0, 1.0)
    total = np.bincount(_cells(np.asarray(kept.cards, dtype=np.int64)), weights=weights, minlength=169)
    share = np.divide(total, live, out=np.zeros(169), where=live > 0)
    return RangeView(
        seat=seat, name=name, story=story,
        weights=tuple(tuple(float(x) for x in share[r * 13:(r + 1) * 13]) for r in range(13)),
        live=tuple(tuple(int(x) for x in live[r * 13:(r + 1) * 13]) for r in range(13)),
        combos=float(weights.sum()),
    )
