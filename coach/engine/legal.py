"""The legal actions of the player to act, and why an action is refused.

:class:`LegalActions` is a read-only view built by :meth:`Hand.legal_actions`:
it feeds the buttons and the amount input directly (``"raise" in legal``,
``legal.min_raise_to``), and ``legal.explain(kind, amount)`` returns the
:class:`coach.errors.IllegalAction` the engine would raise, or ``None``.

Every refusal has a stable reason code, the rule id of DESIGN.md §5 and the
numbers, in an English msgid translated into Italian, e.g. "Raise to 8 refused:
the minimum raise is to 10 because the last raise increment was 4; all-in for
less is allowed."
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from coach.errors import IllegalAction, InvalidInput
from coach.i18n import N_
from coach.limits import MAX_CHIPS, clip, is_int

Kind = Literal["fold", "check", "call", "bet", "raise", "all_in"]
KINDS: tuple[Kind, ...] = ("fold", "check", "call", "bet", "raise", "all_in")

# Reason codes (stable identifiers tests and the feedback layer match on).
REASONS = (
    "not_your_turn", "no_player_to_act", "hand_over", "check_facing_bet", "nothing_to_call",
    "bet_below_min", "raise_below_min", "above_stack", "betting_not_reopened", "above_pot_limit",
    "fixed_limit_amount", "cap_reached", "raise_when_covered", "nobody_to_raise", "bet_not_raise",
    "raise_not_bet", "not_an_amount",
)


@dataclass(frozen=True)
class LegalActions:
    """What the actor may do now, with the bounds of a bet or raise.

    ``min_raise_to`` / ``max_raise_to`` are "to" amounts (total in front this
    street), for a bet as for a raise; ``None`` when neither is allowed.
    ``call_amount`` is capped at the actor's stack (calling all-in for less).
    """

    actor: int | None
    name: str | None = None
    can_fold: bool = False
    can_check: bool = False
    can_call: bool = False
    call_amount: int = 0
    can_bet: bool = False
    can_raise: bool = False
    min_raise_to: int | None = None
    max_raise_to: int | None = None
    stack: int = 0
    in_front: int = 0
    to_match: int = 0
    last_increment: int = 0
    structure: str = "NL"
    refusals: dict[str, IllegalAction] = field(default_factory=dict, compare=False, repr=False)

    @property
    def can_all_in(self) -> bool:
        return self.actor is not None and (
            (self.max_raise_to == self.stack + self.in_front and (self.can_bet or self.can_raise))
            or (self.can_call and self.call_amount == self.stack)
        )

    def __contains__(self, kind: object) -> bool:
        return kind in set(self)

    def __iter__(self) -> Iterator[Kind]:
        flags = {
            "fold": self.can_fold, "check": self.can_check, "call": self.can_call,
            "bet": self.can_bet, "raise": self.can_raise, "all_in": self.can_all_in,
        }
        return iter([k for k in KINDS if flags[k]])

    def explain(self, kind: str, amount: int | None = None) -> IllegalAction | None:
        """The refusal the engine would give for ``kind`` (and ``amount``), or None.

        An amount that is not a whole number of chips within the limit raises
        :class:`InvalidInput`, as the verbs do.
        """
        if amount is not None and (not is_int(amount) or amount <= 0 or amount > MAX_CHIPS):
            raise InvalidInput(N_("'{amount}' is not an amount of chips: use a whole number above zero."),
                               amount=clip(amount))
        if not isinstance(kind, str):
            raise InvalidInput(N_("Unknown action '{kind}'."), kind=clip(kind))
        if kind in ("bet", "raise") and amount is not None:
            if kind in self and self.min_raise_to is not None and self.max_raise_to is not None:
                return amount_refusal(self, amount)
        if kind in self:
            return None
        return self.refusals.get(kind)


def amount_refusal(legal: LegalActions, amount: int) -> IllegalAction | None:
    """Why ``bet/raise to amount`` is refused given the bounds, or None if allowed."""
    assert legal.min_raise_to is not None and legal.max_raise_to is not None
    full_stack = legal.stack + legal.in_front
    if amount > full_stack:
        return IllegalAction(
            "above_stack",
            N_("{amount} refused: {name} has only {max_to} in all (stack plus the chips in front)."),
            rule="R10", amount=amount, max_to=full_stack, name=legal.name or "",
        )
    if legal.structure == "FL" and amount != legal.max_raise_to:
        return IllegalAction(
            "fixed_limit_amount",
            N_("{amount} refused: in Fixed-Limit a bet or raise on this street goes exactly to {to}."),
            rule="R18", amount=amount, to=legal.max_raise_to,
        )
    if amount > legal.max_raise_to:
        return IllegalAction(
            "above_pot_limit",
            N_("{amount} refused: in Pot-Limit the most you can make it is {max_to}, "
               "the pot after your call."),
            rule="R18", amount=amount, max_to=legal.max_raise_to,
        )
    if amount < legal.min_raise_to and amount != full_stack:
        if legal.can_bet:
            return IllegalAction(
                "bet_below_min",
                N_("Bet of {amount} refused: the minimum bet is {min_to}; less is allowed only all-in."),
                rule="R08", amount=amount, min_to=legal.min_raise_to,
            )
        return IllegalAction(
            "raise_below_min",
            N_("Raise to {amount} refused: the minimum raise is to {min_to} because the last raise "
               "increment was {increment}; all-in for less is allowed."),
            rule="R09", amount=amount, min_to=legal.min_raise_to, increment=legal.last_increment,
        )
    return None
