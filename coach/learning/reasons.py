"""One reason in plain words for the coach's best choice, for the essential level.

Why: a beginner who reads «Errore» and «Rilanciare a 5 è la scelta giusta.» learns the
answer to one spot, not a rule he can reuse at the next table. The reason is built only
from facts the coach already has for the spot (the street, the price of a call, whether
someone raised before the flop, the hero's chances against the hands the coach assumes,
which option is best) and says them without a figure or a term a beginner has not met
(no percentage, no «equity», no «range»): «paghi poco rispetto a quello che c'è nel
piatto», «è fra le mani da aprire da questo posto». The numbers stay behind «Perché?».
"""

from __future__ import annotations

from coach.engine import Hand
from coach.i18n import N_, Message
from coach.learning.verdict import Verdict, option_code

__all__ = ["plain_reason"]

STRONG = 0.6  # the hero wins this often against the hands assumed: a hand to build the pot with
AHEAD = 0.5

# Before the flop, from the charts: where the hand stands among the hands to play from this seat.
OPEN = N_("{cards} is among the hands to open from this seat.")
NOT_OPEN = N_("{cards} is not among the hands to play from this seat.")
CONTINUE = N_("{cards} is among the hands that go on against this raise.")
RERAISE = N_("{cards} is strong enough to raise again against this raise.")
GIVE_UP = N_("{cards} is not strong enough to go on against this raise.")
FREE_FLOP = N_("Nobody raised: with {cards} you see the flop for free.")
RAISE_OPTION = N_("{cards} is strong enough to raise even when you could see the flop for free.")
# After the flop, facing a bet: the price against how often the hand wins.
CHEAP = N_("You pay little compared with what is in the pot, and your hand wins often enough.")
TOO_DEAR = N_("Your hand wins too rarely for the price you pay.")
RAISE_VALUE = N_("Your hand is strong: a raise makes the worse hands pay more.")
RAISE_BLUFF = N_("A raise makes many hands fold, and yours can still improve.")
RAISE_BLUFF_RIVER = N_("A raise makes many hands that beat you fold.")
# After the flop, nothing to pay.
BET_VALUE = N_("Your hand is ahead of the hands your opponent likely holds: bet to get paid.")
BET_BLUFF = N_("A bet makes your opponent fold often: you can win the pot without a showdown.")
CHECK_WEAK = N_("Your hand is not strong enough to bet: checking is free.")
CHECK_CONTROL = N_("The worse hands would not pay a bet: checking keeps the pot small.")


def _raised_before_flop(hand: Hand) -> bool:
    """Someone put in more than the big blind before the flop (an open raise, a 3-bet...)."""
    return max(hand.bets, default=0) > hand.config.big_blind


def plain_reason(hand: Hand, verdict: Verdict) -> Message | None:
    """Why the coach's best choice (``verdict.best_kind``) is best here, in one plain sentence;
    None when the facts do not say it plainly (no best, no chances known after the flop).

    A choice graded «ottima» that is not the one named best (two options worth the same) is
    explained itself: a reason for the other option beside its top grade would read as a reproach.
    """
    best = verdict.best_kind
    if verdict.grade == "ottima":
        chosen = next((o for o in verdict.options if o.code == option_code(verdict.code)), None)
        best = chosen.kind if chosen is not None else best
    if best is None:
        return None
    aggressive = best in ("bet", "raise", "all_in")
    if verdict.to_call is None:
        return None
    if hand.street == "preflop":
        cards = hand.hole_cards(hand.actor) if hand.actor is not None else None
        if not cards:
            return None
        shown = {"cards": " ".join(c.symbol() for c in cards)}
        if not _raised_before_flop(hand):
            if verdict.to_call == 0:  # the big blind's option after limps, or a walk to him
                return Message(RAISE_OPTION if aggressive else FREE_FLOP, shown)
            if best == "call":  # a limp the coach prefers (a small blind completing): no plain rule
                return None
            return Message(OPEN if aggressive else NOT_OPEN, shown)
        if best == "fold":
            return Message(GIVE_UP, shown)
        return Message(RERAISE if aggressive else CONTINUE, shown)
    equity = verdict.equity
    if equity is None:
        return None
    if verdict.to_call > 0:
        needed = verdict.equity_needed if verdict.equity_needed is not None else 0.0
        if aggressive:
            return Message(RAISE_VALUE if equity >= STRONG
                           else RAISE_BLUFF_RIVER if hand.street == "river" else RAISE_BLUFF)
        # the plain rule only where the chances and the price agree with the coach's choice
        if best == "fold":
            return Message(TOO_DEAR) if equity < needed else None
        return Message(CHEAP) if equity >= needed else None
    if aggressive:
        return Message(BET_VALUE if equity >= AHEAD else BET_BLUFF)
    return Message(CHECK_CONTROL if equity >= STRONG else CHECK_WEAK)
