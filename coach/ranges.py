"""Hand ranges in the notation players write: ``"TT+, AQs+, AKo, 76s:0.5"``.

A :class:`Range` is a weight in [0, 1] for each of the 1,326 two-card combos.
The notation, token by token (commas or spaces between tokens):

* pairs ``TT``, ``TT+`` (TT and better), ``99-66`` (a run, either order);
* two ranks ``AK`` (all 16 combos), ``AKs`` (4 suited), ``AKo`` (12 offsuit);
  ``AQs+`` raises the kicker up to just below the first card (AQs, AKs);
  ``A5s-A2s`` is a run of kickers;
* exact combos ``AsKs``, ``Td9d``;
* ``random`` (or ``any``, ``100%``): every combo;
* a weight after a colon, ``76s:0.5`` (also ``76s:50%``): that share of the
  combos, as a solver or a chart means it. A later token overrides an earlier
  one for the same combos.

``str(range)`` writes the notation back, compressed the same way, so that
``parse_range(str(r)) == r``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from coach.cards import ALL_CARDS, RANK_CHARS, Card, parse_cards
from coach.errors import InvalidInput
from coach.i18n import N_
from coach.limits import clip

__all__ = ["Combo", "Range", "class_combos", "parse_range"]

_RANK = {c: i for i, c in enumerate(RANK_CHARS)} | {c.lower(): i for i, c in enumerate(RANK_CHARS)}


@dataclass(frozen=True, slots=True)
class Combo:
    """Two hole cards (higher card first) and their weight in a range."""

    cards: tuple[Card, Card]
    weight: float = 1.0

    @property
    def indices(self) -> tuple[int, int]:
        return (self.cards[0].index, self.cards[1].index)

    def __str__(self) -> str:
        return f"{self.cards[0]}{self.cards[1]}"


def _key(a: int, b: int) -> tuple[int, int]:
    """A combo's key: its two card indices, higher first."""
    return (a, b) if a > b else (b, a)


def class_combos(r1: int, r2: int, kind: str) -> list[tuple[int, int]]:
    """Combo keys of a class: ranks ``r1 >= r2`` (0..12), ``kind`` in ``"s"``, ``"o"``, ``""``."""
    out = []
    for s1 in range(4):
        for s2 in range(4):
            a, b = 4 * r1 + s1, 4 * r2 + s2
            if r1 == r2:
                if s1 < s2:
                    out.append(_key(a, b))
            elif (kind == "s" and s1 == s2) or (kind == "o" and s1 != s2) or kind == "":
                out.append(_key(a, b))
    return out


_ALL_KEYS: tuple[tuple[int, int], ...] = tuple(
    _key(a, b) for a in range(52) for b in range(a)
)

_TOKEN = re.compile(
    r"^(?P<hand>[^:]+?)(?::(?P<w>\d*\.?\d+)(?P<pct>%)?)?$"
)
_CLASS = re.compile(r"^([2-9TJQKAtjqka])([2-9TJQKAtjqka])([so]?)$")


class Range:
    """Weighted combos; immutable once parsed (build new ranges with the notation)."""

    __slots__ = ("_w",)

    def __init__(self, weights: dict[tuple[int, int], float] | None = None) -> None:
        self._w: dict[tuple[int, int], float] = {
            k: float(v) for k, v in (weights or {}).items() if v > 0
        }

    # -- queries ---------------------------------------------------------------
    def weight(self, a: Card | int, b: Card | int) -> float:
        ia = a.index if isinstance(a, Card) else a
        ib = b.index if isinstance(b, Card) else b
        return self._w.get(_key(ia, ib), 0.0)

    def combos(self, dead: Iterable[Card | str | int] | str = ()) -> list[Combo]:
        """The combos with a weight, minus those using a ``dead`` card, strongest class first."""
        dead_idx = _dead_indices(dead)
        return [
            Combo((ALL_CARDS[a], ALL_CARDS[b]), w)
            for (a, b), w in sorted(self._w.items(), reverse=True)
            if a not in dead_idx and b not in dead_idx
        ]

    def arrays(
        self, dead: Iterable[Card | str | int] | str = ()
    ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.float64]]:
        """``(cards, weights)``: an ``(n, 2)`` array of card indices and their weights.

        The combos of :meth:`combos` in the same order, read from the keys
        directly: no :class:`Combo` built per combo (the coach counts outs
        against a range this way several times per decision).
        """
        dead_idx = _dead_indices(dead)
        live = [(k, w) for k, w in sorted(self._w.items(), reverse=True)
                if k[0] not in dead_idx and k[1] not in dead_idx]
        cards = np.array([k for k, _ in live], dtype=np.int8).reshape(-1, 2)
        return cards, np.array([w for _, w in live], dtype=np.float64)

    def __len__(self) -> int:
        """Number of combos with a positive weight."""
        return len(self._w)

    def __iter__(self) -> Iterator[Combo]:
        return iter(self.combos())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Range) and self._w == other._w

    def __hash__(self) -> int:
        return hash(frozenset(self._w.items()))

    @property
    def size(self) -> float:
        """Weighted number of combos (``AKs:0.5`` counts 2)."""
        return sum(self._w.values())

    @property
    def fraction(self) -> float:
        """Share of all 1,326 starting hands ("a 15% range")."""
        return self.size / 1326

    def grid(self) -> list[list[float]]:
        """13x13 weights, row and column 0 = Ace: pairs on the diagonal,
        suited above it (row = higher rank), offsuit below; each cell is the
        mean weight of its class's combos."""
        g = [[0.0] * 13 for _ in range(13)]
        for i in range(13):
            for j in range(13):
                r1, r2 = 12 - min(i, j), 12 - max(i, j)
                kind = "" if i == j else ("s" if i < j else "o")
                keys = class_combos(r1, r2, kind)
                g[i][j] = sum(self._w.get(k, 0.0) for k in keys) / len(keys)
        return g

    # -- notation back -----------------------------------------------------------
    def __str__(self) -> str:
        if len(self._w) == len(_ALL_KEYS) and len(set(self._w.values())) == 1:
            return "random" + _weight_text(next(iter(self._w.values())))
        parts: list[str] = []
        covered: set[tuple[int, int]] = set()
        # pairs, then suited and offsuit classes by first rank, runs compressed
        groups: list[tuple[str, list[tuple[int, int]]]] = [("", [(r, r) for r in range(12, -1, -1)])]
        for kind in ("s", "o"):
            for r1 in range(12, 0, -1):
                groups.append((kind, [(r1, r2) for r2 in range(r1 - 1, -1, -1)]))
        for kind, classes in groups:
            run: list[tuple[int, int]] = []
            run_w = 0.0
            for r1, r2 in [*classes, (-1, -1)]:
                w = self._class_weight(r1, r2, kind) if r1 >= 0 else None
                if w is not None and run and w == run_w and r2 == run[-1][1] - 1:
                    run.append((r1, r2))
                    continue
                if run:
                    parts.append(_run_text(run, kind, run_w))
                    for a, b in run:
                        covered.update(class_combos(a, b, kind))
                run = [(r1, r2)] if w is not None else []
                run_w = w or 0.0
        for (a, b), w in sorted(self._w.items(), reverse=True):
            if (a, b) not in covered:
                parts.append(f"{ALL_CARDS[a]}{ALL_CARDS[b]}" + _weight_text(w))
        return ", ".join(parts)

    def __repr__(self) -> str:
        return f"parse_range({str(self)!r})"

    def _class_weight(self, r1: int, r2: int, kind: str) -> float | None:
        """The common weight of a whole class, or None when absent or mixed."""
        ws = {self._w.get(k, 0.0) for k in class_combos(r1, r2, kind)}
        if len(ws) != 1:
            return None
        w = ws.pop()
        return w if w > 0 else None


def _weight_text(w: float) -> str:
    return "" if w == 1.0 else f":{w:g}"


def _run_text(run: list[tuple[int, int]], kind: str, w: float) -> str:
    (a1, b1), (_, b2) = run[0], run[-1]
    if kind == "":  # pairs, high to low
        top, bottom = RANK_CHARS[a1] * 2, RANK_CHARS[run[-1][0]] * 2
        if len(run) == 1:
            text = top
        elif a1 == 12:
            text = bottom + "+"
        else:
            text = f"{top}-{bottom}"
    else:
        first = RANK_CHARS[a1]
        top, bottom = first + RANK_CHARS[b1] + kind, first + RANK_CHARS[b2] + kind
        if len(run) == 1:
            text = top
        elif b1 == a1 - 1:
            text = bottom + "+"
        else:
            text = f"{top}-{bottom}"
    return text + _weight_text(w)


def _dead_indices(dead: Iterable[Card | str | int] | str) -> set[int]:
    if isinstance(dead, str):
        return {c.index for c in parse_cards(dead)}
    out: set[int] = set()
    for d in dead:
        if isinstance(d, int):
            out.add(d)
        else:
            out.update(c.index for c in parse_cards([d]))
    return out


def _bad(token: str) -> InvalidInput:
    return InvalidInput(
        N_("'{token}' is not range notation: write pairs (TT, TT+, 99-66), two ranks "
           "(AK, AKs, AQo+, A5s-A2s), exact cards (AsKs) or 'random', with an optional "
           "weight such as :0.5."),
        token=clip(token),
    )


def _expand(hand: str) -> list[tuple[int, int]]:
    """The combo keys of one token without its weight."""
    h = hand.strip()
    if h.lower() in ("random", "any", "100%"):
        return list(_ALL_KEYS)
    plus = h.endswith("+")
    if plus:
        h = h[:-1]
    if "-" in h and not plus:
        left, right = (x.strip() for x in h.split("-", 1))
        m1, m2 = _CLASS.match(left), _CLASS.match(right)
        if not (m1 and m2) or m1.group(3) != m2.group(3):
            raise _bad(hand)
        a1, b1 = sorted((_RANK[m1.group(1)], _RANK[m1.group(2)]), reverse=True)
        a2, b2 = sorted((_RANK[m2.group(1)], _RANK[m2.group(2)]), reverse=True)
        kind = m1.group(3).lower()
        if a1 == b1 and a2 == b2:  # pair run
            lo, hi = sorted((a1, a2))
            return [k for r in range(lo, hi + 1) for k in class_combos(r, r, "")]
        if a1 != a2 or a1 in (b1, b2):
            raise _bad(hand)
        lo, hi = sorted((b1, b2))
        return [k for r in range(lo, hi + 1) for k in class_combos(a1, r, kind)]
    m = _CLASS.match(h)
    if m:
        r1, r2 = sorted((_RANK[m.group(1)], _RANK[m.group(2)]), reverse=True)
        kind = m.group(3).lower()
        if r1 == r2:
            if kind:
                raise _bad(hand)
            top = 12 if plus else r1
            return [k for r in range(r1, top + 1) for k in class_combos(r, r, "")]
        top = r1 - 1 if plus else r2
        return [k for r in range(r2, top + 1) for k in class_combos(r1, r, kind)]
    if plus:
        raise _bad(hand)
    try:
        cards = parse_cards(h)
    except InvalidInput:
        raise _bad(hand) from None
    if len(cards) != 2:
        raise _bad(hand)
    return [_key(cards[0].index, cards[1].index)]


def parse_range(text: str | Range) -> Range:
    """Parse range notation (see the module docstring); raises :class:`InvalidInput`."""
    if isinstance(text, Range):
        return text
    weights: dict[tuple[int, int], float] = {}
    tokens = [t for t in re.split(r"[,;\s]+", text.strip()) if t]
    if not tokens:
        raise InvalidInput(N_("The range is empty: write at least one hand, e.g. TT+ or AKs."))
    for token in tokens:
        m = _TOKEN.match(token)
        if m is None:
            raise _bad(token)
        w = 1.0
        if m.group("w") is not None:
            w = float(m.group("w")) / (100.0 if m.group("pct") else 1.0)
            if not 0.0 <= w <= 1.0:
                raise InvalidInput(
                    N_("The weight in '{token}' must be between 0 and 1 (or 0% and 100%)."),
                    token=clip(token),
                )
        for key in _expand(m.group("hand")):
            weights[key] = w
    return Range(weights)
