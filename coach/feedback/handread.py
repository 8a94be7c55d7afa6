"""Reading the hero's hand on the board: draws, outs, and how strong it is for the line it takes.

The valuation models need a few facts a player reads at a glance: is this a
draw (and which), is it a strong made hand (a set, an overpair, top pair with a
good kicker), does it have any showdown value at all (a bluff or a bluff-catcher).
The grading uses them for its floors and caps (a strong hand that calls is
never punished by a one-street model; a bet with no showdown value that only
breaks even is a bluff, and is graded as one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from coach.cards import Card, format_cards
from coach.evaluator import Category, categories_batch, category, describe, evaluate, evaluate_batch
from coach.feedback import texts as T
from coach.feedback.maths import exact_draw_odds, rule_of_2_and_4
from coach.feedback.rangemodel import WeightedRange, live_combos
from coach.i18n import Lowered, Message, Percent
from coach.outs import outs as equity_outs
from coach.ranges import Range


def _straight_ranks(ranks: set[int]) -> bool:
    r = set(ranks)
    if 12 in r:
        r.add(-1)
    return any(all(x in r for x in range(lo, lo + 5)) for lo in range(-1, 9))


def draws(hero: Sequence[Card], board: Sequence[Card]) -> tuple[bool, bool, bool]:
    """(flush draw, open-ended straight draw, gutshot) that use at least one hole card."""
    cards = list(hero) + list(board)
    flush = False
    for suit in range(4):
        n = sum(1 for c in cards if c.suit == suit)
        if n == 4 and any(c.suit == suit for c in hero):
            flush = True
    ranks = {c.rank for c in cards}
    board_ranks = {c.rank for c in board}
    if _straight_ranks(ranks):
        return flush, False, False
    completing = [r for r in range(13) if r not in ranks and _straight_ranks(ranks | {r})
                  and not _straight_ranks(board_ranks | {r})]
    return flush, len(completing) >= 2, len(completing) == 1


def hand_phrase(hero: Sequence[Card], board: Sequence[Card]) -> Message:
    """"with your flush draw", "with your hand (Colore all'asso)", "with A♥J♥"."""
    if len(board) < 3:
        return Message(T.HAND_PREFLOP, {"hand": format_cards(hero, symbols=True)})
    strength = evaluate(list(hero) + list(board))
    cat = category(strength).key
    made_strong = cat not in ("high_card", "one_pair")
    if len(board) < 5 and not made_strong:
        flush, straight, gutshot = draws(hero, board)
        if flush and (straight or gutshot):
            return Message(T.HAND_COMBO_DRAW)
        if flush:
            return Message(T.HAND_FLUSH_DRAW)
        if straight:
            return Message(T.HAND_STRAIGHT_DRAW)
        if gutshot and cat == "high_card":
            return Message(T.HAND_GUTSHOT)
    return Message(T.HAND_MADE, {"hand": Lowered(describe(list(hero) + list(board)))})


def count_outs(hero: Sequence[Card], board: Sequence[Card]) -> int | None:
    """Cards that complete the hero's flush or straight draw (None without a draw).

    The textbook count (9 for a flush draw, 8 for an open-ender, 4 for a
    gutshot, 15 for both), whoever the opponent is. The coach's summary uses
    :func:`coach_outs` instead, which counts against the range assumed.
    """
    if len(board) not in (3, 4):
        return None
    cats_weak = ("high_card", "one_pair", "two_pair", "three_of_a_kind")
    if category(evaluate(list(hero) + list(board))).key not in cats_weak:
        return None
    seen = {c.index for c in list(hero) + list(board)}
    outs = 0
    base = list(hero) + list(board)
    for idx in range(52):
        if idx in seen:
            continue
        c = Card.from_index(idx)
        cat = category(evaluate([*base, c])).key
        board_cat = category(evaluate([*board, c])).key if len(board) + 1 >= 5 else "high_card"
        if cat in ("straight", "flush", "straight_flush") and cat != board_cat:
            outs += 1
    return outs or None


@dataclass(frozen=True)
class OutsInfo:
    """The hero's outs on the flop or turn, from :func:`coach.outs.outs`.

    ``against`` says whom they beat: ``"range"`` (the hero is behind the range
    assumed, an out puts him ahead of at least half of it) or ``"hands_ahead"``
    (he is already ahead of the range; the outs are counted against the part of
    it that beats him now, which is what a draw is for). ``cards`` strongest
    hand first; ``by_category`` the same grouped by the hand each out makes;
    ``beaten_now`` the (weighted) share of the range beaten now, the lowest
    over the opponents.
    """

    cards: tuple[Card, ...]
    by_category: Mapping[Category, tuple[Card, ...]]
    against: str  # "range" | "hands_ahead"
    beaten_now: float

    @property
    def count(self) -> int:
        return len(self.cards)


def as_range(wr: WeightedRange) -> Range:
    """The coach's weighted combos as a :class:`coach.ranges.Range` (what coach.equity takes)."""
    pairs = zip(wr.cards.tolist(), wr.weights.tolist(), strict=True)
    return Range({(max(a, b), min(a, b)): float(w) for (a, b), w in pairs})


def coach_outs(
    hero: Sequence[Card], board: Sequence[Card], ranges: Sequence[WeightedRange],
) -> OutsInfo | None:
    """The hero's outs against the opponents' ranges (None off the flop and turn, or without a range).

    Counted by :func:`coach.outs.outs`, so pairs improving to trips or two
    pair, overcards and draws all count, and a card that also improves the
    range enough is no out. Multiway, an out must put the hero ahead of every
    range. When the hero already beats at least half of every range, the outs
    are counted against the hands of each range that beat him now (None if
    there are none: nothing to draw to).
    """
    if len(board) not in (3, 4) or not ranges:
        return None
    known = [c.index for c in (*hero, *board)]
    live = [wr.without(known) for wr in ranges]
    live = [wr for wr in live if len(wr) and wr.total > 0]
    if not live:
        return None
    results = [equity_outs(hero, board, as_range(wr)) for wr in live]
    beaten_now = min(o.beat_now for o in results)
    against = "range"
    hero_now = int(evaluate_batch(np.array([known]))[0])
    bidx = np.array([c.index for c in board], dtype=np.int64)
    sub: list[WeightedRange] = []  # the hands of each range that beat the hero now
    for wr in live:
        rows = np.concatenate([wr.cards.astype(np.int64), np.tile(bidx, (len(wr), 1))], axis=1)
        keep = evaluate_batch(rows) >= hero_now
        if keep.any():
            sub.append(WeightedRange(wr.cards[keep], wr.weights[keep]))
    ahead_of = [equity_outs(hero, board, as_range(wr)) for wr in sub]
    if all(o.ahead for o in results):
        against = "hands_ahead"
        if not sub:
            return None
        results = ahead_of
    # an out turns around at least half of the hands that beat the hero now, too: a card that only
    # pairs the board under an overpair beats the two pairs, not the sets, straights and flushes
    cards = [c for c in results[0].beat_after
             if all(o.beat_after[c] >= 0.5 for o in (*results, *ahead_of))]
    base = [c.index for c in (*hero, *board)]
    cats = categories_batch(evaluate_batch(np.array([[*base, c.index] for c in cards], dtype=np.int64)
                                           .reshape(len(cards), len(base) + 1)))
    order = sorted(range(len(cards)), key=lambda i: (-int(cats[i]), -cards[i].index))
    by_cat: dict[Category, tuple[Card, ...]] = {}
    for i in order:
        cat = Category(int(cats[i]))
        by_cat[cat] = (*by_cat.get(cat, ()), cards[i])
    return OutsInfo(tuple(cards[i] for i in order), by_cat, against, beaten_now)


def outs_detail(info: OutsInfo) -> Message:
    """"9 for the flush", "2 for trips, 3 for two pair": where the outs come from."""
    parts = [Message(T.OUTS_FOR[cat.key], {"n": len(cards)}) for cat, cards in info.by_category.items()]
    out = parts[0]
    for p in parts[1:]:
        out = Message(T.OUTS_LIST, {"first": out, "second": p})
    return out


def outs_line(info: OutsInfo, cards_to_come: int, unseen: int) -> Message:
    """The summary line: the outs, their breakdown, the rule of 2 and 4 next to the exact figure."""
    beaten = Percent(info.beaten_now)
    if not info.count:
        return Message(T.OUTS_NONE if info.against == "range" else T.OUTS_AHEAD_NONE, {"beaten": beaten})
    params = {"outs": info.count, "detail": outs_detail(info), "beaten": beaten,
              "rule": Percent(rule_of_2_and_4(info.count, cards_to_come), 0),
              "exact": Percent(exact_draw_odds(info.count, unseen, cards_to_come))}
    return Message(T.OUTS_BY if info.against == "range" else T.OUTS_AHEAD, params)


# -- strength for the line ---------------------------------------------------------------------


@dataclass(frozen=True)
class HandRead:
    """What kind of hand the hero holds on this board, as the grading's floors and caps need it.

    ``strong_made``: a set or better made with a hole card, an overpair, top
    pair with a jack or better kicker, two pair with both hole cards (a hand
    that wants to get chips in, or at least to see the next card);
    ``strong_draw``: a flush draw, an open-ended straight draw or both
    (8 outs or more to a strong hand); ``combo_draw``: both at once;
    ``nuts``: no two cards beat it on this (complete) board.
    """

    strong_made: bool
    strong_draw: bool
    combo_draw: bool
    overpair: bool
    set_or_better: bool
    top_pair_good_kicker: bool
    nuts: bool


def read_hand(hero: Sequence[Card], board: Sequence[Card]) -> HandRead:
    if len(board) < 3:
        return HandRead(False, False, False, False, False, False, False)
    cards = list(hero) + list(board)
    strength = evaluate(cards)
    cat = category(strength)
    board_ranks = sorted((c.rank for c in board), reverse=True)
    hole = sorted((c.rank for c in hero), reverse=True)
    pocket_pair = hole[0] == hole[1]
    overpair = pocket_pair and hole[0] > board_ranks[0]
    board_strength_cat = category(evaluate(list(board))) if len(board) == 5 else None
    uses_hole = board_strength_cat is None or strength > evaluate(list(board))
    set_or_better = cat >= Category.THREE_OF_A_KIND and uses_hole
    two_pair_both = (cat == Category.TWO_PAIR and not pocket_pair and hole[0] in board_ranks
                     and hole[1] in board_ranks)
    top = board_ranks[0]
    tp_kicker = False
    if cat == Category.ONE_PAIR and not pocket_pair and top in hole:
        kicker = hole[1] if hole[0] == top else hole[0]
        tp_kicker = kicker >= 9  # a jack or better
    flush, oesd, gutshot = draws(hero, board) if len(board) < 5 else (False, False, False)
    strong_draw = flush or oesd
    combo = flush and (oesd or gutshot)
    nuts = False
    if len(board) == 5:
        every = live_combos([c.index for c in (*hero, *board)]).cards
        rows = np.concatenate([every, np.tile(np.array([c.index for c in board]), (len(every), 1))], axis=1)
        nuts = bool(int(evaluate_batch(rows).max()) <= strength)
    strong_made = set_or_better or overpair or tp_kicker or two_pair_both
    return HandRead(strong_made, strong_draw and not strong_made, combo, overpair, set_or_better, tp_kicker,
                    nuts)
