"""PHH's action lines and amounts: one entry of ``actions`` parsed into an :class:`Action`
and written back, the amounts read exactly and written in the file's units.

A PHH file is judged line by line before the engine sees it: an amount that is
not a number, a player label that is not ``p1``..``pN``, cards that are not
cards, a verb Texas Hold'em does not have. Every refusal is a
:class:`coach.errors.HandHistoryError` that names the file, and for an action
its number in ``actions`` and its text. :mod:`coach.engine.phh` reads and
writes whole hands with these pieces.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from typing import Any, Literal

from coach.cards import Card, parse_card
from coach.errors import HandHistoryError, InvalidInput
from coach.i18n import N_, Message
from coach.limits import MAX_AMOUNT_TEXT, MAX_AMOUNT_UNITS, MAX_PLAYERS, amount_problem, clip

_PLAYER = re.compile(r"p([1-9][0-9]*)\Z")
_CARD_TOKEN = re.compile(r"(\?\?|10[cdhs]|[2-9TJQKA][cdhs])")

ActionKind = Literal["deal_hole", "deal_board", "fold", "check_call", "bet_raise", "show_muck", "comment"]


# -- errors --------------------------------------------------------------------


def phh_error(source: str, msgid: str, /, **params: Any) -> HandHistoryError:
    """A HandHistoryError whose message starts with the file name."""
    return HandHistoryError(
        N_("{file}: {problem}"), file=source, problem=Message(msgid, params),
    )


def action_error(source: str, action: Action, msgid: str, /, **params: Any) -> HandHistoryError:
    """An error about one action: the file, its number in ``actions`` and its text."""
    err = HandHistoryError(
        N_("{file}: action {number} '{action}': {problem}"),
        file=source, number=action.number, action=clip(action.text.strip(), 60),
        problem=Message(msgid, params),
    )
    err.action = action  # type: ignore[attr-defined]
    return err


# -- values --------------------------------------------------------------------


def decimal_places(value: Decimal) -> int:
    """Decimals as written (``2.50`` -> 2, ``100`` -> 0): a file in cents stays in cents."""
    exponent = value.as_tuple().exponent
    assert isinstance(exponent, int)
    return max(0, -exponent)


def parse_number(source: str, fld: str, value: Any, *, signed: bool = False) -> Decimal:
    """A TOML number as an exact Decimal; anything else is an error naming the field.

    The limits (magnitude, decimals, significant digits) are checked on the
    Decimal's exponent and digits before anything is multiplied: a stack of
    ``1e999999`` is refused here, never turned into a million-digit integer.
    """
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise phh_error(source, N_("the field '{field}' must hold numbers, found {value}."),
                        field=fld, value=clip(value))
    if isinstance(value, int) and value.bit_length() > 64:
        raise phh_error(source, N_("the field '{field}' holds {value}: {problem}."), field=fld,
                        value=clip(value), problem=Message(N_("it is above the limit of {limit}"),
                                                        {"limit": MAX_AMOUNT_UNITS}))
    number = Decimal(value)
    if not number.is_finite():
        raise phh_error(source, N_("the field '{field}' holds {value}, which is not a finite number."),
                        field=fld, value=clip(value))
    if number < 0 and not signed:  # ``signed``: a blind posted out of turn (PHH writes it negative)
        raise phh_error(source, N_("the field '{field}' holds the negative amount {value}."),
                        field=fld, value=clip(value))
    problem = amount_problem(abs(number))
    if problem is not None:
        raise phh_error(source, N_("the field '{field}' holds {value}: {problem}."), field=fld,
                        value=clip(value), problem=problem)
    return number


def number_list(source: str, data: Mapping[str, Any], fld: str) -> list[Decimal]:
    value = data[fld]
    if not isinstance(value, list):
        raise phh_error(source, N_("the field '{field}' must be a list of amounts."), field=fld)
    if len(value) > MAX_PLAYERS:
        raise phh_error(source, N_("the field '{field}' has {found} entries: a table seats at most {limit} "
                                "players."), field=fld, found=len(value), limit=MAX_PLAYERS)
    return [parse_number(source, fld, v, signed=fld == "blinds_or_straddles") for v in value]


def format_units(chips: int, scale: int) -> str:
    """Chips back in the file's units: ``13880`` at scale 100 -> ``"138.80"``."""
    if scale == 1:
        return str(chips)
    places = len(str(scale)) - 1
    whole = Decimal(chips).scaleb(-places)
    if chips % scale == 0:
        return str(chips // scale)
    return f"{whole:.{places}f}"


# -- actions -------------------------------------------------------------------


@dataclass(frozen=True)
class Action:
    """One entry of ``actions``, parsed; amounts are in integer chips (scaled).

    ``seat`` is the 0-based PHH position (``p1`` -> 0), ``None`` for the board.
    ``cards`` keeps ``None`` for each unknown card (``????``); ``cards`` is
    ``None`` altogether for a muck (``pN sm``) and for actions without cards.
    ``show_known`` marks ``pN sm -`` (show the cards already known).
    """

    number: int
    text: str = field(compare=False)
    kind: ActionKind = "comment"
    seat: int | None = None
    cards: tuple[Card | None, ...] | None = None
    amount: int | None = None
    show_known: bool = False
    comment: str | None = None

    @property
    def player(self) -> str | None:
        return None if self.seat is None else f"p{self.seat + 1}"

    @property
    def known_cards(self) -> tuple[Card, ...] | None:
        """The cards if every one of them is known, else ``None``."""
        if self.cards is None or any(c is None for c in self.cards):
            return None
        return tuple(c for c in self.cards if c is not None)

    def code(self, scale: int = 1) -> str:
        """The action in PHH notation, amounts in the file's units, comment kept."""
        cards = "" if self.cards is None else "".join("??" if c is None else str(c) for c in self.cards)
        match self.kind:
            case "deal_hole":
                body = f"d dh {self.player} {cards}"
            case "deal_board":
                body = f"d db {cards}"
            case "fold":
                body = f"{self.player} f"
            case "check_call":
                body = f"{self.player} cc"
            case "bet_raise":
                assert self.amount is not None
                body = f"{self.player} cbr {format_units(self.amount, scale)}"
            case "show_muck":
                suffix = " -" if self.show_known else (f" {cards}" if self.cards is not None else "")
                body = f"{self.player} sm{suffix}"
            case _:
                body = ""
        if self.comment is not None:
            return (body + " # " + self.comment).strip()
        return body


@dataclass(frozen=True)
class RawAction:
    number: int
    text: str
    words: tuple[str, ...]
    comment: str | None
    amount: Decimal | None


def split_action(source: str, number: int, text: Any) -> RawAction:
    if not isinstance(text, str):
        raise phh_error(source, N_("action {number} must be a string, found {value}."),
                        number=number, value=clip(text))
    body, sep, comment = text.partition("#")
    words = tuple(body.split())
    amount: Decimal | None = None
    if len(words) == 3 and words[1] == "cbr":
        word = words[2]
        if len(word) > MAX_AMOUNT_TEXT:
            raise phh_error(source, N_("action {number} '{action}': the amount '{amount}' is refused: "
                                    "{problem}."),
                            number=number, action=clip(text.strip(), 60), amount=clip(word),
                            problem=Message(N_("it is longer than {limit} characters"),
                                         {"limit": MAX_AMOUNT_TEXT}))
        try:
            amount = Decimal(word)
        except InvalidOperation:
            amount = None
        if amount is None or not amount.is_finite() or amount <= 0:
            raise phh_error(source, N_("action {number} '{action}': '{amount}' is not a positive amount."),
                            number=number, action=clip(text.strip(), 60), amount=clip(word))
        problem = amount_problem(amount)
        if problem is not None:
            raise phh_error(source, N_("action {number} '{action}': the amount '{amount}' is refused: "
                                    "{problem}."),
                            number=number, action=clip(text.strip(), 60), amount=clip(word), problem=problem)
    return RawAction(number, text, words, comment.strip() if sep else None, amount)


def _parse_cards(source: str, raw: RawAction, text: str, *, allow_unknown: bool) -> tuple[Card | None, ...]:
    tokens = _CARD_TOKEN.findall(text)
    if "".join(tokens) != text or not tokens:
        raise action_error(source, _stub(raw), N_("'{cards}' is not a list of cards such as AcKd or ????."),
                           cards=clip(text))
    cards: list[Card | None] = []
    for tok in tokens:
        if tok == "??":
            if not allow_unknown:
                raise action_error(source, _stub(raw), N_("the board cards must be known."))
            cards.append(None)
            continue
        try:
            cards.append(parse_card(tok))
        except InvalidInput as exc:  # pragma: no cover - the token regex only lets cards through
            raise action_error(source, _stub(raw), N_("'{cards}' is not a card."), cards=tok) from exc
    return tuple(cards)


def _stub(raw: RawAction) -> Action:
    """A placeholder Action for error messages raised while parsing ``raw``."""
    return Action(raw.number, raw.text, "comment")


def parse_action(source: str, raw: RawAction, players: int, scale: int) -> Action:
    words = raw.words
    if not words:
        return Action(raw.number, raw.text, "comment", comment=raw.comment)

    def seat_of(label: str) -> int:
        m = _PLAYER.match(label)
        if m is None:
            raise action_error(source, _stub(raw), N_("'{label}' is not a player: write p1, p2 and so on."),
                               label=clip(label))
        seat = int(m.group(1)) - 1 if len(m.group(1)) <= 3 else players
        if seat >= players:
            raise action_error(source, _stub(raw),
                               N_("there is no player {label}: the hand has {count} players."),
                               label=clip(label), count=players)
        return seat

    base = Action(raw.number, raw.text, "comment", comment=raw.comment)
    if words[0] == "d":
        if len(words) == 4 and words[1] == "dh":
            cards = _parse_cards(source, raw, words[3], allow_unknown=True)
            if len(cards) != 2:
                raise action_error(source, _stub(raw),
                                   N_("Texas Hold'em deals exactly two hole cards, not {count}."),
                                   count=len(cards))
            return replace(base, kind="deal_hole", seat=seat_of(words[2]), cards=cards)
        if len(words) == 3 and words[1] == "db":
            cards = _parse_cards(source, raw, words[2], allow_unknown=False)
            return replace(base, kind="deal_board", cards=cards)
    else:
        seat = seat_of(words[0])
        verb = words[1] if len(words) > 1 else ""
        if len(words) == 2 and verb == "f":
            return replace(base, kind="fold", seat=seat)
        if len(words) == 2 and verb == "cc":
            return replace(base, kind="check_call", seat=seat)
        if len(words) == 3 and verb == "cbr":
            assert raw.amount is not None
            chips = raw.amount * scale
            assert chips == chips.to_integral_value()
            return replace(base, kind="bet_raise", seat=seat, amount=int(chips))
        if len(words) == 2 and verb == "sm":
            return replace(base, kind="show_muck", seat=seat)
        if len(words) == 3 and verb == "sm" and words[2] == "-":
            return replace(base, kind="show_muck", seat=seat, show_known=True)
        if len(words) == 3 and verb == "sm":
            cards = _parse_cards(source, raw, words[2], allow_unknown=True)
            return replace(base, kind="show_muck", seat=seat, cards=cards)
    raise action_error(
        source, _stub(raw),
        N_("this is not a No-Limit Texas Hold'em action (d dh, d db, f, cc, cbr, sm)."),
    )
