"""Cards: parsing and printing in every notation a learner or a file may use.

One card layout for the whole package: ``index = 4 * rank + suit`` with rank
0..12 for 2..A and suit 0..3 for clubs, diamonds, hearts, spades. The evaluator's
batch arrays, the engine and the UI all agree on it, so a card never needs
converting twice. The 52 :class:`Card` objects are interned: parsing is a dict
look-up and ``is`` comparisons are valid.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from typing import Any

from coach.errors import InvalidInput
from coach.i18n import N_, Message
from coach.limits import clip

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
# U+FE0E asks for the text (not emoji) presentation of a suit glyph.
TEXT_VS = "\ufe0e"

RANK_NAMES: tuple[str, ...] = (
    N_("2"), N_("3"), N_("4"), N_("5"), N_("6"), N_("7"), N_("8"), N_("9"), N_("10"),
    N_("Jack"), N_("Queen"), N_("King"), N_("Ace"),
)
SUIT_NAMES: tuple[str, ...] = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
# Short rank labels for compact text ("kicker K e Q"): the Italian table uses the
# same letters, except 10 which is written out.
RANK_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

_RANK_ALIASES = {c: i for i, c in enumerate(RANK_CHARS)} | {
    c.lower(): i for i, c in enumerate(RANK_CHARS)
} | {"10": 8, "1": 12}
_SUIT_ALIASES = {c: i for i, c in enumerate(SUIT_CHARS)} | {
    c.upper(): i for i, c in enumerate(SUIT_CHARS)
} | {s: i for i, s in enumerate(SUIT_SYMBOLS)} | {"♤": 3, "♡": 2, "♢": 1, "♧": 0}

_TOKEN = re.compile(r"(10|[2-9TJQKAtjqka])([cdhsCDHS♣♦♥♠♤♡♢♧])\ufe0e?\ufe0f?")


class Card(int):
    """One playing card; ``repr`` and ``str`` are the two-character notation ``As``.

    A card *is* its index (``int(card) == 4 * rank + suit``): hashing, equality
    and ordering (by rank, then suit) run in C, which is what makes the
    evaluator's single-hand path as fast with cards as with strings. Cards are
    interned (``Card(12, 3) is ALL_CARDS[51]``) and always truthy, the two of
    clubs included.
    """

    __slots__ = ()

    def __new__(cls, rank: int, suit: int) -> Card:
        if not (0 <= rank < 13 and 0 <= suit < 4):
            raise InvalidInput(N_("No card has rank {rank} and suit {suit}."), rank=rank, suit=suit)
        interned = _INTERNED.get(4 * rank + suit)
        if interned is not None:
            return interned
        return int.__new__(cls, 4 * rank + suit)

    @property
    def rank(self) -> int:
        return int(self) >> 2

    @property
    def suit(self) -> int:
        return int(self) & 3

    @property
    def index(self) -> int:
        return int(self)

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[self.rank]

    @property
    def suit_char(self) -> str:
        return SUIT_CHARS[self.suit]

    @property
    def is_red(self) -> bool:
        return self.suit in (1, 2)

    def symbol(self) -> str:
        """``A♠`` with the text presentation selector (no emoji on any device)."""
        return RANK_LABELS[self.rank] + SUIT_SYMBOLS[self.suit] + TEXT_VS

    def name(self) -> Message:
        """The card's spoken name ("Asso di picche") as a translatable message."""
        return Message(
            N_("{rank} of {suit}"),
            {"rank": Message(RANK_NAMES[self.rank]), "suit": Message(SUIT_NAMES[self.suit])},
        )

    def __bool__(self) -> bool:
        return True

    def __str__(self) -> str:
        return RANK_CHARS[int(self) >> 2] + SUIT_CHARS[int(self) & 3]

    def __repr__(self) -> str:
        return str(self)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (Card.from_index, (int(self),))

    @classmethod
    def from_index(cls, index: int) -> Card:
        return ALL_CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        return parse_card(text)


_INTERNED: dict[int, Card] = {}
ALL_CARDS: tuple[Card, ...] = tuple(Card(i // 4, i % 4) for i in range(52))
_INTERNED.update(enumerate(ALL_CARDS))
_BY_TEXT: dict[str, Card] = {}
for _c in ALL_CARDS:
    for _r, _ri in _RANK_ALIASES.items():
        if _ri == _c.rank:
            for _s, _si in _SUIT_ALIASES.items():
                if _si == _c.suit:
                    _BY_TEXT[_r + _s] = _c


def parse_card(text: str | Card) -> Card:
    """Parse one card: ``As``, ``as``, ``10d``, ``Td``, ``A♠``."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise InvalidInput(N_("'{text}' is not a card: write it as text, e.g. As or 10♥."), text=clip(text))
    key = text.strip().replace("\ufe0e", "").replace("\ufe0f", "")
    card = _BY_TEXT.get(key)
    if card is None:
        raise InvalidInput(
            N_("'{text}' is not a card: write the rank (2-9, T or 10, J, Q, K, A) "
               "then the suit (c, d, h, s or ♣ ♦ ♥ ♠), e.g. As or 10♥."),
            text=clip(text),
        )
    return card


def parse_cards(text: str | Iterable[str | Card], *, unique: bool = True) -> tuple[Card, ...]:
    """Parse several cards: ``"AsKd"``, ``"As Kd, 10h"``, ``["As", "Kd"]``.

    Duplicates are refused unless ``unique`` is false: a deck has one of each.
    """
    cards: list[Card]
    if isinstance(text, str):
        compact = re.sub(r"[\s,;]+", "", text)
        cards = []
        pos = 0
        while pos < len(compact):
            m = _TOKEN.match(compact, pos)
            if m is None:
                raise InvalidInput(
                    N_("Cannot read the cards '{text}': the problem starts at '{rest}'."),
                    text=clip(text),
                    rest=clip(compact[pos:], 16),
                )
            cards.append(parse_card(m.group(1) + m.group(2)))
            pos = m.end()
    elif isinstance(text, list | tuple | set | frozenset):
        cards = [parse_card(c) for c in text]
    else:
        raise InvalidInput(N_("'{text}' is not a card: write it as text, e.g. As or 10♥."), text=clip(text))
    if unique and len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for c in cards:
            if c in seen:
                raise InvalidInput(N_("The card {card} appears twice."), card=str(c))
            seen.add(c)
    return tuple(cards)


def format_cards(cards: Iterable[Card], *, symbols: bool = False, sep: str = " ") -> str:
    return sep.join(c.symbol() if symbols else str(c) for c in cards)


class Deck:
    """A 52-card deck shuffled by an injected, seedable RNG.

    Burned cards are dealt off the top like any other, so a seeded hand is the
    same whatever the UI shows; ``remove`` takes out cards already known
    (preset hole cards, a lesson's board).
    """

    def __init__(self, rng: random.Random | int | None = None, *, shuffle: bool = True) -> None:
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.cards: list[Card] = list(ALL_CARDS)
        if shuffle:
            self.rng.shuffle(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def remove(self, cards: Sequence[Card]) -> None:
        gone = set(cards)
        self.cards = [c for c in self.cards if c not in gone]

    def deal(self, n: int = 1) -> tuple[Card, ...]:
        if n > len(self.cards):
            raise InvalidInput(N_("The deck has only {left} cards left."), left=len(self.cards))
        out, self.cards = self.cards[:n], self.cards[n:]
        return tuple(out)
