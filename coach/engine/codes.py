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
from coach.limits import MAX_AMOUNT_TEXT, MAX_DECIMALS, amount_problem, clip, is_int

Verb = Literal["f", "cc", "cbr", "sm", "dh", "db"]

_ACTION = re.compile(r"^\s*p(\d+)\s+(f|cc|cbr|sm)(?:\s+(\S+))?\s*(?:#.*)?$")
_SCALES = tuple(10**k for k in range(MAX_DECIMALS + 1))
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


def _check_scale(scale: object) -> int:
    """1, 10, 100 ... up to 10**6 (a file's decimals), as an int."""
    if not is_int(scale) or scale not in _SCALES:
        raise InvalidInput(N_("The scale must be 1, 10, 100 and so on up to {limit}, not {scale}."),
                           limit=_SCALES[-1], scale=clip(scale))
    return scale


def scale_amount(text: str, scale: int = 1) -> int:
    """``"1.25"`` with ``scale=100`` -> 125; refuse anything not a whole number of units.

    The amount's length, exponent and digits are checked before it is multiplied:
    ``1e999999999`` is refused as too large, not computed.
    """
    scale = _check_scale(scale)
    if not isinstance(text, str) or len(text) > MAX_AMOUNT_TEXT:
        raise InvalidInput(N_("'{text}' is not an amount."), text=clip(text))
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise InvalidInput(N_("'{text}' is not an amount."), text=clip(text)) from None
    problem = amount_problem(value)
    if problem is not None:
        raise InvalidInput(N_("The amount '{text}' is refused: {problem}."), text=clip(text), problem=problem)
    value = value * scale
    if value != value.to_integral_value():
        raise InvalidInput(
            N_("The amount '{text}' is not a whole number of chips at scale {scale}."),
            text=clip(text), scale=scale,
        )
    return int(value)


def parse_code(text: str, *, scale: int = 1) -> Code:
    """Parse one PHH action line (comments after ``#`` are ignored)."""
    if not isinstance(text, str):
        raise InvalidInput(N_("'{text}' is not a PHH action."), text=clip(text))
    _check_scale(scale)
    m = _ACTION.match(text)
    if m:
        if len(m.group(1)) > 3:
            raise InvalidInput(N_("'{text}' is not a PHH action."), text=clip(text))
        player, verb, arg = int(m.group(1)), m.group(2), m.group(3)
        if verb == "cbr":
            if arg is None:
                raise InvalidInput(N_("'{text}': a bet or raise needs the amount it goes to."),
                                   text=clip(text))
            return Code("cbr", player, scale_amount(arg, scale))
        if verb == "sm":
            return Code("sm", player, cards=arg)  # None: muck; "-": show as dealt
        if arg is not None:
            raise InvalidInput(N_("'{text}' is not a PHH action."), text=clip(text))
        return Code("f" if verb == "f" else "cc", player)
    m = _DEAL.match(text)
    if m:
        if m.group(2) is not None:
            if len(m.group(2)) > 3:
                raise InvalidInput(N_("'{text}' is not a PHH action."), text=clip(text))
            return Code("dh", int(m.group(2)), cards=m.group(3))
        return Code("db", None, cards=m.group(3))
    raise InvalidInput(N_("'{text}' is not a PHH action."), text=clip(text))


def format_code(verb: Verb, player: int | None = None, amount: int | None = None,
                cards: str | None = None) -> str:
    """The PHH text of an action (the inverse of :func:`parse_code`)."""
    return str(Code(verb, player, amount, cards))
