"""The 169 starting-hand classes of Hold'em and their 1,326 combos.

Before the flop only ranks and "same suit or not" matter, so the 1,326
two-card hands fall into 169 classes: 13 pairs (6 combos each), 78 suited
hands (4 combos) and 78 offsuit hands (12 combos). Preflop theory (equity
tables, push/fold charts) works on classes, which is what players memorise.

Classes are numbered by their cell on the 13x13 grid the app draws
(:meth:`coach.ranges.Range.grid`): row and column 0 are the ace, pairs on the
diagonal, suited hands above it (row = higher rank), offsuit below
(column = higher rank). ``CLASS_INDEX = 13 * row + col``.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

from coach.cards import RANK_CHARS
from coach.ranges import parse_range

N_CLASSES: Final[int] = 169

IntArray = npt.NDArray[np.int64]


def _cell_ranks(i: int) -> tuple[int, int, str]:
    """(high rank, low rank, "" | "s" | "o") of grid cell ``i`` (ranks 0..12 = 2..A)."""
    row, col = divmod(i, 13)
    hi, lo = 12 - min(row, col), 12 - max(row, col)
    kind = "" if row == col else ("s" if row < col else "o")
    return hi, lo, kind


def class_name(i: int) -> str:
    """``AKs``, ``AKo``, ``TT`` for grid cell ``i``."""
    hi, lo, kind = _cell_ranks(i)
    return RANK_CHARS[hi] + RANK_CHARS[lo] + kind


CLASS_NAMES: Final[tuple[str, ...]] = tuple(class_name(i) for i in range(N_CLASSES))
CLASS_OF_NAME: Final[dict[str, int]] = {n: i for i, n in enumerate(CLASS_NAMES)}


def class_index(a: int, b: int) -> int:
    """The class (grid cell) of two card indices (``4 * rank + suit``)."""
    ra, rb = a >> 2, b >> 2
    hi, lo = max(ra, rb), min(ra, rb)
    row_hi, row_lo = 12 - hi, 12 - lo
    if ra == rb:
        return 13 * row_hi + row_hi
    if (a & 3) == (b & 3):
        return 13 * row_hi + row_lo
    return 13 * row_lo + row_hi


@lru_cache(maxsize=1)
def all_combos() -> IntArray:
    """The 1,326 combos as an (1326, 2) array of card indices, lower index first."""
    arr = np.array(list(itertools.combinations(range(52), 2)), dtype=np.int64)
    arr.setflags(write=False)
    return arr


@lru_cache(maxsize=1)
def combo_classes() -> IntArray:
    """The class of each combo of :func:`all_combos`."""
    out = np.array([class_index(int(a), int(b)) for a, b in all_combos()], dtype=np.int64)
    out.setflags(write=False)
    return out


@lru_cache(maxsize=1)
def class_sizes() -> IntArray:
    """Combos per class: 6 for a pair, 4 suited, 12 offsuit."""
    out = np.bincount(combo_classes(), minlength=N_CLASSES).astype(np.int64)
    out.setflags(write=False)
    return out


def combos_of(i: int) -> IntArray:
    """The combos of class ``i`` as rows of card indices."""
    out: IntArray = all_combos()[combo_classes() == i]
    return out


@lru_cache(maxsize=1)
def disjoint_pairs() -> IntArray:
    """``n[A, B]``: the number of (a, b) combo pairs of classes A and B sharing no card.

    Card removal at the class level: given that one player holds class A, the
    other holds class B with probability proportional to ``n[A, B]`` (times
    his range weight). ``AA`` against ``AA`` has 6 pairs (not 36), ``AKs``
    against ``AKs`` 12 (not 16).
    """
    combos = all_combos()
    cls = combo_classes()
    mask = np.zeros(len(combos), dtype=np.int64)
    for k, (a, b) in enumerate(combos):
        mask[k] = (1 << int(a)) | (1 << int(b))
    # the pairs of disjoint combos, counted by class: a 1326x1326 boolean is 1.7 MB
    disjoint = (mask[:, None] & mask[None, :]) == 0
    onehot = np.zeros((len(combos), N_CLASSES))
    onehot[np.arange(len(combos)), cls] = 1.0
    # float products (BLAS) are exact here: every count is far below 2**53
    out: IntArray = np.rint(onehot.T @ disjoint.astype(np.float64) @ onehot).astype(np.int64)
    out.setflags(write=False)
    return out


def grid_of(values: npt.ArrayLike) -> list[list[float]]:
    """169 values (one per class) as the 13x13 grid rows the UI draws."""
    v = np.asarray(values, dtype=np.float64).reshape(13, 13)
    return [[float(x) for x in row] for row in v]


def range_text(weights: npt.ArrayLike, threshold: float = 0.5) -> str:
    """Range notation of the classes whose weight is at least ``threshold`` (compact, e.g. ``22+, A2s+``)."""
    w = np.asarray(weights, dtype=np.float64)
    names = [CLASS_NAMES[i] for i in range(N_CLASSES) if w[i] >= threshold]
    if not names:
        return ""
    return str(parse_range(", ".join(names)))
