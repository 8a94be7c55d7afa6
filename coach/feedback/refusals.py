"""Refusals explained: why the engine refuses an action, and which actions are pointless.

The engine already says *what* is wrong with the numbers ("Raise to 8 refused:
the minimum raise is to 10..."); this module adds the rule behind it, in the
words of a teacher, keyed by the engine's stable reason codes, and grades the
one legal-but-pointless action (folding when checking is free).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from coach.errors import IllegalAction, InvalidInput
from coach.feedback.grading import Grade
from coach.i18n import N_, Message

if TYPE_CHECKING:  # the engine is imported lazily: the maths need none of it
    from coach.engine import Hand

RULE_TITLES: dict[str, str] = {
    "R04": N_("Who acts first preflop"),
    "R06": N_("Who acts first after the flop"),
    "R07": N_("The actions"),
    "R08": N_("The minimum bet"),
    "R09": N_("The minimum raise"),
    "R10": N_("No-Limit: only the chips in front of you"),
    "R11": N_("The end of a betting round"),
    "R18": N_("Betting structures"),
}

LESSONS: dict[str, str] = {
    "not_your_turn": N_(
        "Players act in turn, clockwise. Preflop the first to act sits left of the big blind "
        "(under the gun) and the big blind acts last; from the flop on, the first active player "
        "left of the button acts first and the button last. Acting out of turn gives information "
        "away and is not allowed."
    ),
    "no_player_to_act": N_("Nobody has to act now: the dealer is dealing or the betting round is closed."),
    "hand_over": N_("The hand is over: no more actions until the next deal."),
    "check_facing_bet": N_(
        "You can check only when there is nothing to pay. Facing a bet you have three choices: "
        "fold, call or raise."
    ),
    "nothing_to_call": N_("There is no bet to call: you can check for free or bet."),
    "bet_below_min": N_(
        "The smallest bet is the big blind ({min_to} here). A smaller bet is allowed only when it "
        "is all the chips you have (all-in)."
    ),
    "raise_below_min": N_(
        "A raise must add at least as much as the last bet or raise added: the last increment was "
        "{increment}, so the minimum raise is to {min_to}. With fewer chips you may only go all-in."
    ),
    "above_stack": N_(
        "In No-Limit you may bet any amount up to the chips you have in front of you ({max_to} in "
        "all), never more: you play only what is on the table."
    ),
    "betting_not_reopened": N_(
        "An all-in smaller than a full raise does not reopen the betting: a player who has already "
        "acted may only call or fold."
    ),
    "above_pot_limit": N_("In Pot-Limit a bet or raise can be at most the size of the pot after your call."),
    "fixed_limit_amount": N_(
        "In Fixed-Limit bets and raises have fixed sizes: the small bet on the first two rounds, "
        "the big bet on the turn and river."
    ),
    "cap_reached": N_("In Fixed-Limit the raises on a round are capped: now you can only call or fold."),
    "raise_when_covered": N_("Everyone else is all-in: there is nobody left to raise against. Call or fold."),
    "nobody_to_raise": N_("Everyone else is all-in: there is nobody left to raise against. Call or fold."),
    "bet_not_raise": N_("Someone has already bet on this round: what you make now is a raise, not a bet."),
    "raise_not_bet": N_("Nobody has bet on this round yet: your first chips are a bet, not a raise."),
    "not_an_amount": N_("Write the amount as a whole number of chips."),
    "fold_when_free": N_(
        "Folding when you can check for free is legal but always a mistake: the check costs "
        "nothing and keeps your chance to win the pot."
    ),
}
GENERIC_LESSON = N_("This action is not allowed now.")
RULE_LINE = N_("Rule {rule}: {title}.")


@dataclass(frozen=True)
class RuleFeedback:
    """What the learner reads after trying an action.

    ``legal`` is false when the engine refuses it; ``refusal`` is then the
    engine's own sentence with the numbers and ``lesson`` the rule behind it.
    A legal but pointless action (fold with a free check) has ``legal`` true,
    a ``lesson`` and ``grade`` ``errore``.
    """

    action: str
    legal: bool
    reason: str | None = None
    rule: str | None = None
    refusal: Message | None = None
    lesson: Message | None = None
    rule_title: Message | None = None
    grade: Grade | None = None

    def messages(self) -> list[Message]:
        """The sentences to show, in order."""
        out: list[Message] = []
        if self.refusal is not None:
            out.append(self.refusal)
        if self.lesson is not None:
            out.append(self.lesson)
        if self.rule is not None and self.rule_title is not None:
            out.append(Message(RULE_LINE, {"rule": self.rule, "title": self.rule_title}))
        return out


_WORDS = {
    "f": "fold", "fold": "fold", "x": "check", "k": "check", "check": "check",
    "c": "call", "call": "call", "b": "bet", "bet": "bet", "r": "raise", "raise": "raise",
    "allin": "all_in", "all-in": "all_in", "all_in": "all_in", "shove": "all_in",
}
_CODE = re.compile(r"^\s*(?:p(\d+)\s+)?(f|cc|cbr|[a-z_\-]+)(?:\s+(\d+))?\s*$", re.IGNORECASE)


def parse_attempt(hand: Hand, action: str) -> tuple[int | None, str, int | None]:
    """Read an attempted action: a PHH code (``p3 cbr 40``, ``cc``) or a word (``check``, ``raise 8``).

    Returns (seat or None for "the player to act", kind, amount). ``cc`` is
    the check or the call, whichever the situation makes it; a word says which
    one the learner meant, so "check" facing a bet can be explained.
    """
    m = _CODE.match(action)
    if m is None:
        raise InvalidInput(N_("'{text}' is not an action: write e.g. fold, check, call, bet 6, raise 40."),
                           text=action)
    player, verb, amount_text = m.group(1), m.group(2).lower(), m.group(3)
    amount = int(amount_text) if amount_text is not None else None
    seat = None if player is None else hand.config.seat_of_player(int(player))
    legal = hand.legal_actions()
    if verb == "cc":
        kind = "check" if legal.can_check else "call"
    elif verb == "cbr":
        kind = "raise" if legal.to_match > 0 else "bet"
    elif verb in _WORDS:
        kind = _WORDS[verb]
    else:
        raise InvalidInput(N_("'{text}' is not an action: write e.g. fold, check, call, bet 6, raise 40."),
                           text=action)
    if kind in ("bet", "raise") and amount is None:
        raise InvalidInput(N_("'{text}': a bet or raise needs the amount it goes to."), text=action)
    return seat, kind, amount


def _lesson(code: str, params: dict[str, Any]) -> Message:
    return Message(LESSONS.get(code, GENERIC_LESSON), params)


def feedback_for_refusal(action: str, err: IllegalAction) -> RuleFeedback:
    """Teaching feedback for a refusal raised by the engine."""
    rule = err.rule
    title = Message(RULE_TITLES[rule]) if rule in RULE_TITLES else None
    return RuleFeedback(
        action=action, legal=False, reason=err.code, rule=rule, refusal=err.message,
        lesson=_lesson(err.code, dict(err.params)), rule_title=title,
    )


def explain_refusal(hand: Hand, action: str) -> RuleFeedback:
    """Whether ``action`` is allowed now, and the rule that forbids it or warns against it.

    Never changes ``hand``. Folding with a free check is legal and graded
    ``errore``; any other legal action gets ``legal=True`` and no lesson (its
    quality is the decision analysis' job).
    """
    seat, kind, amount = parse_attempt(hand, action)
    legal = hand.legal_actions()
    if seat is not None and legal.actor is not None and seat != legal.actor:
        err = IllegalAction(
            "not_your_turn", N_("It is not {name}'s turn: {actor} acts now."),
            rule="R04" if hand.street == "preflop" else "R06",
            name=hand.config.names[seat], actor=hand.config.names[legal.actor],
        )
        return feedback_for_refusal(action, err)
    if kind == "all_in" and legal.actor is not None and not legal.can_all_in:
        refusal = legal.explain("raise" if legal.to_match > 0 else "bet")
        if refusal is not None:
            return feedback_for_refusal(action, refusal)
    refusal = legal.explain(kind, amount) if kind != "all_in" else None
    if refusal is not None:
        return feedback_for_refusal(action, refusal)
    if legal.actor is None:
        err = IllegalAction("no_player_to_act", N_("Nobody has to act now."), rule=None)
        return feedback_for_refusal(action, err)
    if kind == "fold" and legal.can_check:
        return RuleFeedback(
            action=action, legal=True, reason="fold_when_free", rule="R07",
            lesson=_lesson("fold_when_free", {}), rule_title=Message(RULE_TITLES["R07"]),
            grade=Grade.ERRORE,
        )
    return RuleFeedback(action=action, legal=True)
