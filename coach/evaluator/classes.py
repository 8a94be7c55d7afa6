"""The numbering of hand strengths: the 7,462 classes of five-card hands, in order.

A strength is an integer from 1 (7-5-4-3-2 of mixed suits) to :data:`MAX_STRENGTH`
(the royal flush), category by category, so its category is a range check. This
module builds that order from the rules of the game (:data:`CLASSES`, index + 1 =
strength) and holds the keys the look-up tables of :mod:`coach.evaluator.lookup`
are indexed by (:data:`RANK_KEYS`, :data:`SUIT_KEYS`), apart from the tables
themselves so the order can be read, and tested, without them.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from coach.errors import InvalidInput
from coach.i18n import N_, Message

__all__ = [
    "CLASSES",
    "CLASS_COUNTS",
    "MAX_STRENGTH",
    "RANK_KEYS",
    "STRENGTH_OF",
    "SUIT_KEYS",
    "Category",
    "HandClass",
    "categories_batch",
    "category",
    "class_of_ranks",
    "find_rank_keys",
    "hand_class",
]


class Category(enum.IntEnum):
    """The ten hand categories of the Italian tables, weakest first.

    ``ROYAL_FLUSH`` is the ace-high straight flush: its own name in Italian
    ("scala reale") but, as the command line and the peers say, the category
    key ``straight_flush``.
    """

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def key(self) -> str:
        """Stable machine name (JSON, tests): the royal flush is a ``straight_flush``."""
        return "straight_flush" if self is Category.ROYAL_FLUSH else self.name.lower()

    @property
    def label(self) -> Message:
        """The category's name for a learner ("Doppia coppia")."""
        return Message(_CATEGORY_LABELS[self])


_CATEGORY_LABELS: Final[tuple[str, ...]] = (
    N_("High card"),
    N_("Pair"),
    N_("Two pair"),
    N_("Three of a kind"),
    N_("Straight"),
    N_("Flush"),
    N_("Full house"),
    N_("Four of a kind"),
    N_("Straight flush"),
    N_("Royal flush"),
)

# Distinct five-card hands per category (HIGH_CARD .. STRAIGHT_FLUSH): the dense
# numbering below is built from these, and the exhaustive tests check them.
CLASS_COUNTS: Final[tuple[int, ...]] = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)
_STARTS: Final[tuple[int, ...]] = tuple(1 + sum(CLASS_COUNTS[:i]) for i in range(9))
MAX_STRENGTH: Final[int] = sum(CLASS_COUNTS)  # 7462, the royal flush

# Rank keys whose sums (up to seven keys, each at most four times) are distinct
# for every multiset of a given size. Found by find_rank_keys() (greedy: the
# smallest next key that keeps all sums distinct); tests re-check the property
# exhaustively and regenerate the first keys.
RANK_KEYS: Final[tuple[int, ...]] = (
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
)


# Suit keys: for 5, 6 or 7 cards, the sum of their suit keys tells which suit,
# if any, holds five cards (checked by a test; found by the smallest search over
# (0, a, b, c)). The largest seven-card sum, 224, fits in 8 bits, so a batch
# key ``rank_sum << 8 | suit_sum`` fits in an int32.
SUIT_KEYS: Final[tuple[int, ...]] = (0, 1, 25, 32)


def find_rank_keys(n_ranks: int = 13, max_cards: int = 7, max_mult: int = 4) -> list[int]:
    """Greedy search for rank keys with collision-free multiset sums.

    For each size ``t <= max_cards``, distinct multisets of ``t`` keys (each key
    at most ``max_mult`` times) must have distinct sums. The next key is the
    smallest integer above the last that keeps the property; the 13 keys for
    Hold'em take minutes to find, so :data:`RANK_KEYS` stores them and the tests
    regenerate a prefix and check the full set.
    """
    keys = [0]
    sums: list[set[int]] = [{0} if t <= max_mult else set() for t in range(max_cards + 1)]
    c = 0
    while len(keys) < n_ranks:
        c += 1
        if _collides(c, sums, max_cards, max_mult):
            continue
        keys.append(c)
        sums = [
            {s + m * c for m in range(min(max_mult, t) + 1) for s in sums[t - m]}
            for t in range(max_cards + 1)
        ]
    return keys


def _collides(c: int, sums: list[set[int]], max_cards: int, max_mult: int) -> bool:
    # Two multisets of size t using the new key m1 < m2 times collide when
    # s1 + m1*c == s2 + m2*c; larger sizes are tried first, they fail fastest.
    for t in range(max_cards, -1, -1):
        for m1 in range(min(max_mult, t) + 1):
            first = sums[t - m1]
            for m2 in range(m1 + 1, min(max_mult, t) + 1):
                dc = (m2 - m1) * c
                if any(s2 + dc in first for s2 in sums[t - m2]):
                    return True
    return False


# ---------------------------------------------------------------------------
# The 7,462 classes of five-card hands, in order.
# ---------------------------------------------------------------------------

HandClass = tuple[Category, tuple[int, ...]]
"""A five-card hand class: its category and the ranks that break ties, in order."""

_WHEEL_MASK: Final[int] = (1 << 12) | 0b1111
_STRAIGHT_MASKS: Final[dict[int, int]] = {
    **{0b11111 << low: low + 4 for low in range(9)},
    _WHEEL_MASK: 3,  # A-2-3-4-5: the five is the top card (no wrap-around K-A-2)
}


def _desc(ranks: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(ranks, reverse=True))


def _all_classes() -> list[HandClass]:
    """Every five-card hand class, weakest first (index + 1 = strength)."""
    R = range(13)
    plain = [
        c for c in itertools.combinations(range(12, -1, -1), 5)
        if sum(1 << r for r in c) not in _STRAIGHT_MASKS
    ]
    plain.sort()
    classes: list[HandClass] = [(Category.HIGH_CARD, c) for c in plain]
    pairs = sorted(
        (p, *k) for p in R for k in itertools.combinations([r for r in range(12, -1, -1) if r != p], 3)
    )
    classes += [(Category.ONE_PAIR, t) for t in pairs]
    two = sorted((hi, lo, k) for hi in R for lo in range(hi) for k in R if k not in (hi, lo))
    classes += [(Category.TWO_PAIR, t) for t in two]
    trips = sorted(
        (t, *k) for t in R for k in itertools.combinations([r for r in range(12, -1, -1) if r != t], 2)
    )
    classes += [(Category.THREE_OF_A_KIND, t) for t in trips]
    classes += [(Category.STRAIGHT, (h,)) for h in range(3, 13)]
    classes += [(Category.FLUSH, c) for c in plain]
    classes += [(Category.FULL_HOUSE, (t, p)) for t in R for p in R if p != t]
    classes += [(Category.FOUR_OF_A_KIND, (q, k)) for q in R for k in R if k != q]
    classes += [(Category.STRAIGHT_FLUSH, (h,)) for h in range(3, 13)]
    return classes


CLASSES: Final[list[HandClass]] = _all_classes()
STRENGTH_OF: Final[dict[HandClass, int]] = {c: i + 1 for i, c in enumerate(CLASSES)}


def class_of_ranks(ranks: Sequence[int], suited: bool) -> HandClass:
    """The class of five cards given their ranks (and whether they share a suit)."""
    mask = 0
    for r in ranks:
        mask |= 1 << r
    if len(ranks) == 5 and mask.bit_count() == 5:
        high = _STRAIGHT_MASKS.get(mask)
        if high is not None:
            return (Category.STRAIGHT_FLUSH if suited else Category.STRAIGHT, (high,))
        return (Category.FLUSH if suited else Category.HIGH_CARD, _desc(ranks))
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = tuple(n for n, _ in groups)
    tb = tuple(r for _, r in groups)
    cat = {
        (4, 1): Category.FOUR_OF_A_KIND,
        (3, 2): Category.FULL_HOUSE,
        (3, 1, 1): Category.THREE_OF_A_KIND,
        (2, 2, 1): Category.TWO_PAIR,
        (2, 1, 1, 1): Category.ONE_PAIR,
    }[shape]
    return (cat, tb)


def category(strength: int) -> Category:
    """The category of a strength (``MAX_STRENGTH`` is the royal flush)."""
    if not 1 <= strength <= MAX_STRENGTH:
        raise InvalidInput(N_("{strength} is not a hand strength."), strength=strength)
    if strength == MAX_STRENGTH:
        return Category.ROYAL_FLUSH
    return CLASSES[strength - 1][0]


def hand_class(strength: int) -> HandClass:
    """Category and tie-break ranks (0..12 = 2..A) of a strength, for explanations."""
    category(strength)
    return CLASSES[strength - 1]


def categories_batch(strengths: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """:func:`category` over an array (values of :class:`Category`)."""
    s = np.asarray(strengths)
    cat = (np.searchsorted(np.array(_STARTS), s, side="right") - 1).astype(np.int8)
    cat[s == MAX_STRENGTH] = Category.ROYAL_FLUSH
    return cat

