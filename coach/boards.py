"""Board completions as evaluator key sums: every way a board can finish, ready for a batch evaluation.

Exact equity (:mod:`coach.equity`, :mod:`coach.outs`) and the preflop table
(:mod:`coach.theory.preflop`) count over every completion of a board. Each needs,
per completion, the sum of its cards' batch keys and its 52-bit card mask
(:data:`coach.evaluator.BATCH_KEY`, :data:`coach.evaluator.CARD_BIT`), to which a
hand adds its two hole cards before :func:`coach.evaluator.strengths_from_keys`
finishes the evaluation: the board's sums are computed once, not once per hand.
The C(52, 5) five-card boards are built once per process and cached; a preflop
query only filters out the boards that use a known card.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from coach.evaluator import BATCH_KEY, CARD_BIT, combinations_array, strengths_from_keys

__all__ = ["all_five_card_boards", "board_strengths", "completions", "hole_key"]

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]


@lru_cache(maxsize=1)
def all_five_card_boards() -> tuple[I32, I64]:
    """Key sums and card masks of all C(52, 5) boards (cached, 31 MB)."""
    rows = combinations_array(52, 5)
    key = BATCH_KEY[rows[:, 0]].copy()
    bits = CARD_BIT[rows[:, 0]].copy()
    for j in range(1, 5):
        key += BATCH_KEY[rows[:, j]]
        bits |= CARD_BIT[rows[:, j]]
    key.setflags(write=False)
    bits.setflags(write=False)
    return key, bits


def completions(board: Sequence[int], dead: Sequence[int]) -> tuple[I32, I64, npt.NDArray[np.int8]]:
    """Every completion of ``board`` avoiding ``dead``: key sums, masks, the added cards."""
    used = set(board) | set(dead)
    m = 5 - len(board)
    base_key = int(BATCH_KEY[list(board)].sum()) if board else 0
    base_bits = int(CARD_BIT[list(board)].sum()) if board else 0
    if m == 5:
        key, bits = all_five_card_boards()
        dead_mask = np.int64(sum(1 << (13 * (c & 3) + (c >> 2)) for c in used))
        keep = (bits & dead_mask) == 0
        return key[keep], bits[keep], np.zeros((0, 0), dtype=np.int8)
    live = np.array([c for c in range(52) if c not in used], dtype=np.int8)
    added = live[combinations_array(len(live), m)]
    key = np.full(added.shape[0], base_key, dtype=np.int32)
    bits = np.full(added.shape[0], base_bits, dtype=np.int64)
    for j in range(m):
        key += BATCH_KEY[added[:, j]]
        bits |= CARD_BIT[added[:, j]]
    return key, bits, added


def hole_key(cards: Sequence[int]) -> tuple[int, int]:
    """The key sum and card mask of a hand's cards, to add to every completion's."""
    return int(BATCH_KEY[list(cards)].sum()), int(CARD_BIT[list(cards)].sum())


def board_strengths(key: I32, bits: I64, hole: Sequence[int]) -> npt.NDArray[np.int16]:
    """The strengths of the hand ``hole`` on every completion (key sums ``key``, masks ``bits``)."""
    hk, hb = hole_key(hole)
    return strengths_from_keys(key + np.int32(hk), 7, bits=bits | np.int64(hb))
