"""PHH action codes both ways: ``"p2 cbr 40"`` <-> a typed :class:`Code`.

The notation of the PHH standard (the hand-history format PokerKit reads):
``pN f`` fold, ``pN cc`` check or call, ``pN cbr X`` bet or raise *to* X,
``pN sm cards`` show (``????``: shown, not recorded), ``pN sm -`` show the cards
as dealt, ``pN sm`` muck,
``d dh pN cards`` deal hole cards, ``d db cards`` deal the board.
Players are numbered by position (p1 = small blind, heads-up the big blind; the
last is the button); :class:`coach.engine.config.TableConfig` maps them to seats.
Amounts are integer chips; a file in dollars and cents is parsed with
``scale=100`` so that ``cbr 1.25`` becomes 125 exactly, or refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Literal

from coach.errors import InvalidInput
from coach.i18n import N_

Verb = Literal["f", "cc", "cbr", "sm", "dh", "db"]

_ACTION = re.compile(r"^\s*p(\d+)\s+(f|cc|cbr|sm)(?:\s+(\S+))?\s*(?:#.*)?$")
_DEAL = re.compile(r"^\s*d\s+(dh\s+p(\d+)|db)\s+(\S+)\s*(?:#.*)?$")


@dataclass(frozen=True)
class Code:
    """One parsed PHH action. ``player`` is 1-based (PHH), ``None`` for the dealer."""

    verb: Verb
    player: int | None = None
    amount: int | None = None
    cards: str | None = None

    def __str__(self) -> str:
        if self.verb == "db":
            return f"d db {self.cards}"
        if self.verb == "dh":
            return f"d dh p{self.player} {self.cards}"
        if self.verb == "cbr":
            return f"p{self.player} cbr {self.amount}"
        if self.verb == "sm" and self.cards:
            return f"p{self.player} sm {self.cards}"
        return f"p{self.player} {self.verb}"


def scale_amount(text: str, scale: int = 1) -> int:
    """``"1.25"`` with ``scale=100`` -> 125; refuse anything not a whole number of units."""
    try:
        value = Decimal(text) * scale
    except InvalidOperation:
        raise InvalidInput(N_("'{text}' is not an amount."), text=text) from None
    if value != value.to_integral_value() or value < 0:
        raise InvalidInput(
            N_("The amount '{text}' is not a whole number of chips at scale {scale}."),
            text=text, scale=scale,
        )
    return int(value)


def parse_code(text: str, *, scale: int = 1) -> Code:
    """Parse one PHH action line (comments after ``#`` are ignored)."""
    m = _ACTION.match(text)
    if m:
        player, verb, arg = int(m.group(1)), m.group(2), m.group(3)
        if verb == "cbr":
            if arg is None:
                raise InvalidInput(N_("'{text}': a bet or raise needs the amount it goes to."), text=text)
            return Code("cbr", player, scale_amount(arg, scale))
        if verb == "sm":
            return Code("sm", player, cards=arg)  # None: muck; "-": show as dealt
        if arg is not None:
            raise InvalidInput(N_("'{text}' is not a PHH action."), text=text)
        return Code("f" if verb == "f" else "cc", player)
    m = _DEAL.match(text)
    if m:
        if m.group(2) is not None:
            return Code("dh", int(m.group(2)), cards=m.group(3))
        return Code("db", None, cards=m.group(3))
    raise InvalidInput(N_("'{text}' is not a PHH action."), text=text)


def format_code(verb: Verb, player: int | None = None, amount: int | None = None,
                cards: str | None = None) -> str:
    """The PHH text of an action (the inverse of :func:`parse_code`)."""
    return str(Code(verb, player, amount, cards))
