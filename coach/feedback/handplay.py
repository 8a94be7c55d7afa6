"""What the grading policy reads about the hero's hand: showdown value, a bluff, a weak hand, a
standard slow play, a board full of draws (:mod:`coach.feedback.policy` applies the rules)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from coach.cards import Card
from coach.feedback.actionranges import draw_outs
from coach.feedback.grading import Grade, grade_for_loss
from coach.feedback.options import Option
from coach.feedback.valuation import Context

BLUFF_EQUITY = 0.25  # below this against the opponent's range a bet is a bluff (no showdown value)


def showdown_value(ctx: Context) -> bool:
    """A pair or better made with a hole card, or at least :data:`BLUFF_EQUITY` against the ranges.

    Such a hand wins some showdowns: betting it is never a bluff "without
    showdown value", whatever its equity against a betting range.
    """
    eq = ctx.equity.value if ctx.equity is not None else 1.0
    if eq >= BLUFF_EQUITY or ctx.hand.strong_made:
        return True
    hole = [c.rank for c in ctx.sit.hero_cards]
    board = {c.rank for c in ctx.sit.board}
    return hole[0] == hole[1] or any(r in board for r in hole) or ctx.hand.set_or_better


def is_weak(ctx: Context) -> bool:
    """After the flop, less than :data:`BLUFF_EQUITY` and neither a strong hand nor a strong draw.

    A raise with such a hand is called only by better hands, whether it has a
    little showdown value (a weak pair: :func:`is_bluff` is False, and the text
    says "a weak hand", never "no showdown value") or none (a bluff).
    """
    eq = ctx.equity.value if ctx.equity is not None else 1.0
    return (ctx.sit.street != "preflop" and eq < BLUFF_EQUITY and not ctx.hand.strong_made
            and not ctx.hand.strong_draw)


def is_bluff(ctx: Context) -> bool:
    """After the flop, a hand with no showdown value and no strong draw: a bet with it is a bluff.

    Before the flop no rule about bluffs applies: an all-in there is judged by
    the charts or by its EV, never as a bluff.
    """
    return ctx.sit.street != "preflop" and not showdown_value(ctx) and not ctx.hand.strong_draw


def standard_passive_line(o: Option, ctx: Context) -> bool:
    """The calls and checks with strong hands that every good player makes (see the module doc)."""
    sit = ctx.sit
    hand = ctx.hand
    if o.kind == "check":
        first_to_act = not any(a.street == sit.street for a in sit.history)
        if len(sit.opponents) >= 2 and sit.street != "river" and wet_board(sit.board):
            # three-way on a board full of draws a set bets: a free card is what the others need,
            # and one of two players usually has a draw or a pair that pays (no standard slow play)
            return False
        return hand.set_or_better or (hand.strong_made and first_to_act)
    bet = sit.to_call
    pot_before = max(1, sit.pot - bet)
    fraction = bet / pot_before
    if hand.strong_made:
        return fraction <= 1.0
    if hand.combo_draw:
        return fraction <= 1.0
    return hand.strong_draw and fraction <= 0.55


def wet_board(board: Sequence[Card]) -> bool:
    """A board with a flush draw or three ranks within five: draws a free card can complete."""
    suits = [c.suit for c in board]
    if any(suits.count(x) >= 2 for x in set(suits)) and len(board) < 5:
        return True
    ranks = {c.rank for c in board} | ({-1} if any(c.rank == 12 for c in board) else set())  # the wheel's ace
    return any(sum(1 for r in ranks if lo <= r < lo + 5) >= 3 for lo in range(-1, 9))


def sure_call_gain(ctx: Context, eq: float) -> float:
    """What calling wins, in chips, on this street's price alone, counting only the equity a strong
    hand realises; 0 for the other hands.

    A strong made hand (a set, an overpair, top pair with a good kicker: ``HandRead.strong_made``)
    facing a bet its equity beats plays the standard line, and its equity against the range is
    what it wins: equity times the pot it plays for, less the call. A strong draw (a flush or an
    open-ended straight draw) wins when it completes: its chance to hit by the river, never more
    than its equity (its equity against the range also counts the showdowns that a high card wins
    when both miss, which facing more bets it rarely reaches: an open-ender's 28% against a
    button's range is 17% of completions). Other hands (a weak pair, a gutshot) realise too little
    of their equity facing more bets for this figure to mean anything: 0.
    """
    sit = ctx.sit
    if sit.to_call <= 0 or len(sit.board) not in (3, 4):
        return 0.0
    if ctx.hand.strong_made:
        realised = eq
    elif ctx.hand.strong_draw:
        cards = np.array([[c.index for c in sit.hero_cards]], dtype=np.int64)
        outs = int(draw_outs(cards, [c.index for c in sit.board])[0])
        unseen = 52 - 2 - len(sit.board)
        miss = 1.0
        for k in range(5 - len(sit.board)):
            miss *= (unseen - k - outs) / (unseen - k)
        realised = min(eq, 1.0 - miss)
    else:
        return 0.0
    return max(0.0, realised * (sit.pot + sit.to_call) - sit.to_call)


def fold_price_floor(ctx: Context, eq: float, call_ev: float, stake: float, stack: float | None) -> Grade:
    """The grade, on the plain scale, of folding when the call wins ``call_ev`` chips by the estimate.

    Only the part of the call's value that both readings agree on counts (:func:`sure_call_gain` and
    the estimate's own figure): the estimate's doubled thresholds are for the later streets, and
    this part has no later street in it. An option worth even less than folding is graded at
    least as badly (within one decision the order of values is the order of grades).
    """
    sure = min(sure_call_gain(ctx, eq), call_ev)
    return grade_for_loss(sure, stake, stack=stack) if sure > 0 else Grade.OTTIMA
