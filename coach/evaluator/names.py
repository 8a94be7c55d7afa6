"""A hand's name for a learner: the best five cards and the full description with kickers.

Kept apart from the strength numbering and the look-up tables because it is
wording, not evaluation: rank phrases per grammatical slot, list joining and
the sentence per category, all marked for translation ("Tris di 9, kicker K e Q").
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from coach.cards import RANK_LABELS, RANK_NAMES, Card, parse_cards
from coach.evaluator.classes import Category, category, hand_class
from coach.evaluator.lookup import evaluate
from coach.i18n import N_, Message

__all__ = ["best_five", "describe", "describe_strength"]


def best_five(cards: Sequence[str | Card]) -> tuple[Card, ...]:
    """The five cards that make the hand: the made part first, then kickers.

    Pairs, trips and quads come first (larger group first), then kickers high
    to low; a straight runs from its top card down (the wheel ends with the ace).
    Between equal choices (suits never break ties) the higher suits are shown.
    """
    parsed = parse_cards(cards) if isinstance(cards, str) else parse_cards(list(cards))
    strength = evaluate(parsed)
    if len(parsed) == 5:
        five = parsed
    else:
        best = [c for c in itertools.combinations(sorted(parsed, reverse=True), 5)
                if evaluate(c) == strength]
        five = best[0]
    cat, tb = hand_class(strength)
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and tb[0] == 3:
        return tuple(sorted(five, key=lambda c: (c.rank + 1) % 13, reverse=True))
    counts: dict[int, int] = {}
    for c in five:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    return tuple(sorted(five, key=lambda c: (counts[c.rank], c.rank, c.suit), reverse=True))


# Rank phrases, one per grammatical slot, so each language places its own
# articles, prepositions and elisions ("Coppia d'Assi", "Full di Re sui 9",
# "Colore all'asso"). Plain msgids (no msgctxt) keep the catalog tool simple.
_OF_RANK: Final[tuple[str, ...]] = (
    N_("of 2s"), N_("of 3s"), N_("of 4s"), N_("of 5s"), N_("of 6s"), N_("of 7s"), N_("of 8s"),
    N_("of 9s"), N_("of 10s"), N_("of Jacks"), N_("of Queens"), N_("of Kings"), N_("of Aces"),
)
_OVER_RANK: Final[tuple[str, ...]] = (
    N_("over 2s"), N_("over 3s"), N_("over 4s"), N_("over 5s"), N_("over 6s"), N_("over 7s"),
    N_("over 8s"), N_("over 9s"), N_("over 10s"), N_("over Jacks"), N_("over Queens"),
    N_("over Kings"), N_("over Aces"),
)
_HIGH_RANK: Final[tuple[str, ...]] = (
    N_("2-high"), N_("3-high"), N_("4-high"), N_("5-high"), N_("6-high"), N_("7-high"),
    N_("8-high"), N_("9-high"), N_("10-high"), N_("Jack-high"), N_("Queen-high"), N_("King-high"),
    N_("Ace-high"),
)


def _of(rank: int) -> Message:
    return Message(_OF_RANK[rank])


def _over(rank: int) -> Message:
    return Message(_OVER_RANK[rank])


def _high(rank: int) -> Message:
    return Message(_HIGH_RANK[rank])


def _list(ranks: Sequence[int]) -> Message | str:
    """Kicker labels joined the way the language joins a list ("K, Q e 9")."""
    labels = [RANK_LABELS[r] for r in ranks]
    if len(labels) == 1:
        return labels[0]
    if len(labels) == 2:
        return Message(N_("{a} and {b}"), {"a": labels[0], "b": labels[1]})
    if len(labels) == 3:
        return Message(N_("{a}, {b} and {c}"), {"a": labels[0], "b": labels[1], "c": labels[2]})
    return Message(N_("{a}, {b}, {c} and {d}"),
                   {"a": labels[0], "b": labels[1], "c": labels[2], "d": labels[3]})


def describe_strength(strength: int) -> Message:
    """The full name of a hand from its strength ("Tris di 9, kicker K e Q")."""
    cat = category(strength)
    tb = hand_class(strength)[1]
    if cat is Category.ROYAL_FLUSH:
        return Message(N_("Royal flush"))
    if cat is Category.STRAIGHT_FLUSH:
        return Message(N_("{high} straight flush"), {"high": _high(tb[0])})
    if cat is Category.FOUR_OF_A_KIND:
        return Message(N_("Four of a kind {rank}, kicker {kicker}"),
                       {"rank": _of(tb[0]), "kicker": RANK_LABELS[tb[1]]})
    if cat is Category.FULL_HOUSE:
        return Message(N_("Full house {trips} {pair}"),
                       {"trips": _of(tb[0]), "pair": _over(tb[1])})
    if cat is Category.FLUSH:
        return Message(N_("{high} flush"), {"high": _high(tb[0])})
    if cat is Category.STRAIGHT:
        return Message(N_("{high} straight"), {"high": _high(tb[0])})
    if cat is Category.THREE_OF_A_KIND:
        return Message(N_("Three of a kind {rank}, kicker {kickers}"),
                       {"rank": _of(tb[0]), "kickers": _list(tb[1:])})
    if cat is Category.TWO_PAIR:
        return Message(N_("Two pair, {high} and {low}, kicker {kicker}"),
                       {"high": RANK_LABELS[tb[0]], "low": RANK_LABELS[tb[1]],
                        "kicker": RANK_LABELS[tb[2]]})
    if cat is Category.ONE_PAIR:
        return Message(N_("Pair {rank}, kicker {kickers}"),
                       {"rank": _of(tb[0]), "kickers": _list(tb[1:])})
    return Message(N_("High card {rank}, kicker {kickers}"),
                   {"rank": Message(RANK_NAMES[tb[0]]), "kickers": _list(tb[1:])})


def describe(cards: Sequence[str | Card]) -> Message:
    """The full name of the best hand in 5 to 7 cards, for a learner to read."""
    return describe_strength(evaluate(cards))
