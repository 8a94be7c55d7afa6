"""Hand strength by table look-up: one integer per hand, larger is stronger, equal is a tie.

Strengths are dense: the 7,462 distinct five-card hands are numbered 1 (7-5-4-3-2
of mixed suits) to 7,462 (the royal flush), category by category, so a strength
fits in an ``int16`` and its category is a range check. Everything is built
here from the rules of the game (about 0.1 s at import, plus about 50 ms per
dense table on first use); nothing is copied:

* **Rank multisets.** Ignoring suits, a hand is a multiset of ranks. Every
  five-rank multiset gets the strength of the best non-flush hand it makes; six
  and seven-rank multisets take the best of their sub-multisets, vectorised
  with NumPy (a hand with seven cards has 49,205 possible rank multisets).
* **Flushes.** At most one suit can hold five of seven cards, and a hand with a
  flush has neither quads nor a full house (both would need eight cards), so a
  flush hand's strength is the best flush in that suit's 13-bit rank mask:
  an 8,192-entry table.

Both access paths index the same rank tables with a *perfect* set of rank keys
(:data:`~coach.evaluator.classes.RANK_KEYS`, found by
:func:`~coach.evaluator.classes.find_rank_keys`: 0, 1, 5, 22, ...): sums
of up to seven keys, each used at most four times, never collide within a hand
size, and the largest seven-card sum is under 7.9 million, so a dense ``int16``
array indexed by the key sum is the rank table of that size (5, 6 or 7 cards,
built on first use, about 15 MB each).

* :func:`evaluate` (one hand, pure Python): each card carries one integer key
  packing its suit count (3 bits per suit), its rank key, and its bit in a
  52-bit card mask. The sum of the hand's keys (one ``sum`` over a ``map``, in
  C) reads back as the suit counts (a flush?), the rank key sum (an index into
  the dense table, read through a ``memoryview``), the suited ranks (which
  flush?) and the card count (a repeated card carries and loses a bit).
* :func:`evaluate_batch` (NumPy, many hands): per card an ``int32`` key
  ``rank_key << 8 | suit_key``; a hand costs a gather of small keys, a sum,
  and a gather in the dense table. Suit keys (:data:`~coach.evaluator.classes.SUIT_KEYS`) are chosen so
  the 8-bit suit sum tells the flush suit; flush hands (a few percent) then
  read their suited rank mask.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

from coach.cards import ALL_CARDS, Card, parse_cards
from coach.errors import InvalidInput
from coach.evaluator.classes import RANK_KEYS, STRENGTH_OF, SUIT_KEYS, class_of_ranks
from coach.i18n import N_

__all__ = [
    "BATCH_KEY",
    "CARD_BIT",
    "combinations_array",
    "evaluate",
    "evaluate_batch",
    "evaluate_indices",
    "strengths_from_keys",
    "tables",
]

IntArray = npt.NDArray[np.int64]

# ---------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------

_POW5: Final[npt.NDArray[np.int64]] = 5 ** np.arange(13, dtype=np.int64)


class _Tables:
    """The look-up tables, built once per process (see the module docstring)."""

    def __init__(self) -> None:
        # Rank multisets of five cards, by base-5 code.
        codes5: list[int] = []
        vals5: list[int] = []
        for combo in itertools.combinations_with_replacement(range(13), 5):
            if combo[0] == combo[4]:
                continue  # five of a rank: not in one deck
            codes5.append(sum(5**r for r in combo))
            vals5.append(STRENGTH_OF[class_of_ranks(combo, False)])
        self.codes: dict[int, tuple[IntArray, npt.NDArray[np.int16]]] = {
            5: (np.array(codes5, dtype=np.int64), np.array(vals5, dtype=np.int16))
        }
        for size in (6, 7):
            self.codes[size] = _grow(*self.codes[size - 1])

        # Flush masks: five suited ranks have a class; more take the best subset.
        flush = np.zeros(1 << 13, dtype=np.int16)
        by_pop: dict[int, list[int]] = {}
        for m in range(1 << 13):
            by_pop.setdefault(m.bit_count(), []).append(m)
        for m in by_pop[5]:
            flush[m] = STRENGTH_OF[class_of_ranks([r for r in range(13) if m >> r & 1], True)]
        for pop in range(6, 14):
            for m in by_pop[pop]:
                flush[m] = max(flush[m & ~(1 << r)] for r in range(13) if m >> r & 1)
        self.flush = flush
        self.flush_list: list[int] = flush.tolist()

        # Suit counts, 3 bits per suit -> the suit holding five or more, else -1.
        fs = np.full(1 << 12, -1, dtype=np.int8)
        for v in range(1 << 12):
            for s in range(4):
                if (v >> (3 * s)) & 7 >= 5:
                    fs[v] = s
        self.flush_suit = fs
        self.flush_suit_list: list[int] = fs.tolist()

        # Single path: one packed key per card (see the module docstring):
        # suit counts (3 bits per suit) | rank key << 12 | card bit << 35.
        self.single_key = [
            (1 << (3 * c.suit)) | (RANK_KEYS[c.rank] << 12) | (1 << (35 + 13 * c.suit + c.rank))
            for c in ALL_CARDS
        ]
        # One dict for both spellings: a Card is an int subclass hashed in C, and
        # its hash never collides with a string's equality.
        self.key_by_card: dict[str | int, int] = {}
        for c, k in zip(ALL_CARDS, self.single_key, strict=True):
            self.key_by_card[c] = k
            self.key_by_card[str(c)] = k

        # Batch path: rank key sum << 8 | suit key sum, in int32 (see SUIT_KEYS).
        rk = np.array(RANK_KEYS, dtype=np.int32)
        sk = np.array(SUIT_KEYS, dtype=np.int32)
        idx = np.arange(52)
        self.batch_key: npt.NDArray[np.int32] = (rk[idx >> 2] << 8) | sk[idx & 3]
        self.card_bit: IntArray = np.int64(1) << (13 * (idx & 3) + (idx >> 2)).astype(np.int64)
        self.rank_keys = rk
        self._dense: dict[int, npt.NDArray[np.int16]] = {}
        self._suit_of_flush: dict[int, npt.NDArray[np.int8]] = {}

    def dense(self, size: int) -> npt.NDArray[np.int16]:
        """Strength by rank key sum for multisets of ``size`` cards (built on demand)."""
        table = self._dense.get(size)
        if table is None:
            codes, vals = self.codes[size]
            digits = (codes[:, None] // _POW5[None, :]) % 5
            sums = digits @ self.rank_keys.astype(np.int64)
            table = np.zeros(int(sums.max()) + 1, dtype=np.int16)
            table[sums] = vals
            self._dense[size] = table
        return table

    def suit_of_flush(self, size: int) -> npt.NDArray[np.int8]:
        """Suit key sum of ``size`` cards -> the suit holding five or more, else -1."""
        table = self._suit_of_flush.get(size)
        if table is None:
            table = np.full(256, -1, dtype=np.int8)
            for counts in itertools.product(range(size + 1), repeat=4):
                if sum(counts) == size:
                    key = sum(c * k for c, k in zip(counts, SUIT_KEYS, strict=True))
                    table[key] = next((i for i, c in enumerate(counts) if c >= 5), -1)
            self._suit_of_flush[size] = table
        return table


def _grow(codes: IntArray, vals: npt.NDArray[np.int16]) -> tuple[IntArray, npt.NDArray[np.int16]]:
    """Multisets one card larger, each worth the best multiset it contains."""
    parts_c = []
    parts_v = []
    for r in range(13):
        ok = (codes // _POW5[r]) % 5 < 4
        parts_c.append(codes[ok] + _POW5[r])
        parts_v.append(vals[ok])
    c = np.concatenate(parts_c)
    v = np.concatenate(parts_v)
    order = np.lexsort((v, c))
    c, v = c[order], v[order]
    last = np.r_[c[1:] != c[:-1], True]  # the largest value is last in each run
    return c[last], v[last]


@lru_cache(maxsize=1)
def tables() -> _Tables:
    """The process-wide tables (built on first use, then cached)."""
    return _Tables()


_T = tables()
_CARD_KEY = _T.key_by_card.__getitem__
_FLUSH = _T.flush_list
_FLUSH_SUIT = _T.flush_suit_list
# Per hand size, the dense rank table as a memoryview: indexing it from Python
# is one C read (a dict of 73,775 multisets costs several cache misses).
_DENSE_VIEW: list[memoryview | None] = [None] * 8


def _dense_view(n: int) -> memoryview:
    view = _DENSE_VIEW[n]
    if view is None:
        view = _DENSE_VIEW[n] = memoryview(_T.dense(n).data)
    return view

# Per card index: the batch key (rank key << 8 | suit key) and the card's bit in
# a 52-bit mask (bit 13 * suit + rank). Equity code sums these incrementally.
BATCH_KEY: Final[npt.NDArray[np.int32]] = _T.batch_key
CARD_BIT: Final[IntArray] = _T.card_bit


# ---------------------------------------------------------------------------
# Single hands
# ---------------------------------------------------------------------------

def evaluate(cards: Sequence[str | Card]) -> int:
    """Strength of the best five of 5, 6 or 7 cards (larger is stronger).

    Cards are :class:`Card` objects or strings (``"As"``, ``"10d"``, ``"A♠"``).
    Raises :class:`InvalidInput` for a wrong count, an unknown or repeated card.
    """
    try:
        k = sum(map(_CARD_KEY, cards))
    except (KeyError, IndexError, TypeError):
        return _evaluate_slow(cards)
    n = len(cards)
    # a repeated card carries into the next bit: fewer bits than cards
    if (k >> 35).bit_count() != n or n < 5 or n > 7:
        return _evaluate_slow(cards)
    fs = _FLUSH_SUIT[k & 0xFFF]
    if fs < 0:
        return (_DENSE_VIEW[n] or _dense_view(n))[(k >> 12) & 0x7FFFFF]
    return _FLUSH[(k >> (35 + 13 * fs)) & 0x1FFF]


def evaluate_indices(indices: Sequence[int]) -> int:
    """:func:`evaluate` for card indices (``4 * rank + suit``), e.g. from an array row."""
    return evaluate([ALL_CARDS[i] for i in indices])


def _evaluate_slow(cards: Sequence[str | Card] | Iterable[str | Card]) -> int:
    """Validate (parse, count, duplicates) and evaluate: the path for unusual input."""
    if isinstance(cards, str):
        parsed = parse_cards(cards)
    else:
        items = list(cards)
        if not all(isinstance(c, str | Card) for c in items):
            raise InvalidInput(N_("Cards are given as text (As, 10d) or Card objects."))
        parsed = parse_cards(items)
    if not 5 <= len(parsed) <= 7:
        raise InvalidInput(
            N_("A hand is evaluated from 5 to 7 cards, not {count}."), count=len(parsed)
        )
    # Copies of a Card (unpickled, deep-copied) are not the interned objects.
    k: int = sum(_T.single_key[4 * c.rank + c.suit] for c in parsed)
    n = len(parsed)
    fs = _FLUSH_SUIT[k & 0xFFF]
    if fs < 0:
        return int(_dense_view(n)[(k >> 12) & 0x7FFFFF])
    return _FLUSH[(k >> (35 + 13 * fs)) & 0x1FFF]


# ---------------------------------------------------------------------------
# Many hands
# ---------------------------------------------------------------------------

def evaluate_batch(arr: npt.ArrayLike) -> npt.NDArray[np.int16]:
    """Strengths of many hands at once: an ``(n, 5)``, ``(n, 6)`` or ``(n, 7)`` array.

    Entries are card indices ``4 * rank + suit`` (any integer dtype). The result
    is an ``int16`` array of ``n`` strengths, equal to :func:`evaluate` row by
    row. Rows are trusted (no duplicate check): this is the inner loop of
    equity and exhaustive enumeration.
    """
    a = np.asarray(arr)
    if a.ndim != 2 or a.shape[1] not in (5, 6, 7):
        raise InvalidInput(
            N_("Batch evaluation takes an (n, 5), (n, 6) or (n, 7) array, not {shape}."),
            shape=str(a.shape),
        )
    if a.size and (a.min() < 0 or a.max() > 51):
        raise InvalidInput(N_("Card indices run from 0 to 51."))
    n = a.shape[0]
    if n <= _CHUNK:
        return _batch_chunk(a)
    # Chunks keep the temporaries in cache and the memory flat for huge inputs.
    out = np.empty(n, dtype=np.int16)
    for start in range(0, n, _CHUNK):
        out[start:start + _CHUNK] = _batch_chunk(a[start:start + _CHUNK])
    return out


_CHUNK: Final[int] = 1 << 15


def _batch_chunk(a: npt.NDArray[np.integer]) -> npt.NDArray[np.int16]:
    key = _T.batch_key
    s = key[a[:, 0]]
    for j in range(1, a.shape[1]):
        s += key[a[:, j]]
    return strengths_from_keys(s, a.shape[1], cards=a)


def strengths_from_keys(
    s: npt.NDArray[np.int32], size: int, *, cards: npt.NDArray[np.integer] | None = None,
    bits: IntArray | None = None,
) -> npt.NDArray[np.int16]:
    """Finish a batch evaluation of ``size``-card hands from summed batch keys.

    ``s`` holds, per hand, ``sum(rank keys) << 8 | sum(suit keys)``; flushes
    are resolved from ``bits`` (a 52-bit card mask, bit ``13 * suit + rank``)
    when given, else from the ``cards`` rows. Exact equity sums keys
    incrementally (each board once, then each hole pair) and enters here.
    """
    out: npt.NDArray[np.int16] = _T.dense(size)[s >> 8]
    fs = _T.suit_of_flush(size)[s & 0xFF]
    rows = np.flatnonzero(fs >= 0)
    if rows.size:
        if bits is None:
            assert cards is not None
            bits = _T.card_bit[cards[rows]].sum(axis=1)
        else:
            bits = bits[rows]
        out[rows] = _T.flush[(bits >> (13 * fs[rows].astype(np.int64))) & 0x1FFF]
    return out


def combinations_array(n: int, k: int) -> npt.NDArray[np.int8]:
    """All ``k``-subsets of ``range(n)``, each row ascending, in colexicographic order.

    Colex order (by the largest element, then the next...) makes the subsets
    of ``range(m)`` the first ``C(m, k)`` rows for every ``m <= n``, so the
    array is built column block by column block with plain copies (C(52, 5)
    rows in milliseconds) and callers can take prefixes of it.
    """
    if not 0 <= k <= n or n > 127:
        raise InvalidInput(N_("Cannot choose {k} of {n} cards."), k=k, n=n)
    prev = np.zeros((1, 0), dtype=np.int8)  # the k=0 subsets of any range
    for size in range(1, k + 1):
        # subsets of `size` with largest element j: the (size-1)-subsets of range(j), then j
        total = math.comb(n, size)
        cur = np.empty((total, size), dtype=np.int8)
        off = 0
        for j in range(size - 1, n):
            b = math.comb(j, size - 1)
            cur[off:off + b, :size - 1] = prev[:b]
            cur[off:off + b, size - 1] = j
            off += b
        prev = cur
    return prev

