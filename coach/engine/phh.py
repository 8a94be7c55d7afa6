"""Hand histories in PHH, the Poker Hand History format (TOML), both ways.

Why our own reader when pokerkit has one: pokerkit's ``HandHistory`` repairs what
it reads (it inserts missing folds and checks while iterating), and a coach must
never teach from a silently repaired hand. Here a file is parsed into a typed,
immutable :class:`HandHistory`, and :meth:`HandHistory.replay` drives *our*
engine in manual dealing mode, one action at a time, refusing the first action
the rules refuse, with an error that names the file and the action.

Amounts. PHH allows decimals (online cash hands in dollars and cents). TOML
numbers are read as :class:`decimal.Decimal` (never ``float``), and every amount
of a hand is multiplied by one power of ten, ``history.scale``, chosen so that
they all become integers: the engine only ever sees integer chips (cents), and
:meth:`HandHistory.units` turns chips back into the file's units for printing.
The scale is chosen from the amounts that define the hand (antes, blinds,
minimum bet, starting stacks, bet sizes), never from ``finishing_stacks``: the
Pluribus files record half chips for split pots, and those halves are an
annotation choice, not a smaller chip.

Player order. ``p1`` ... ``pN`` are the PHH positions: ``p1`` is the first seat
left of the button, ``pN`` is the button. We give them seats ``0 .. N-1`` in that
order, so the button is seat ``N-1``. Heads-up, ``p1`` is the big blind and
``p2`` the button, and PHH reads the forced-bet arrays reversed (``p1`` posts
``blinds_or_straddles[1]`` and ``antes[1]``): :meth:`HandHistory.config`
translates that into per-seat amounts, so nothing after it needs to know.

``ante_trimming_status`` is read and written back but not passed on: the engine
always treats antes as dead money in the main pot (PokerKit without trimming),
which is the real-table rule and gives the recorded result for every hand of
the dataset (uniform antes come out the same either way). Only a file claiming
trimming with a big-blind ante would differ (the WSOP anomaly, which is refused
anyway for its missing fold).
"""

from __future__ import annotations

import datetime as _dt
import json
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from coach.cards import Card
from coach.engine.config import TableConfig
from coach.engine.events import ActionTaken, BoardDealt, HandMucked, HandShown, HoleDealt
from coach.engine.hand import Hand
from coach.engine.phh_actions import (
    Action,
    action_error,
    decimal_places,
    format_units,
    number_list,
    parse_action,
    parse_number,
    phh_error,
    split_action,
)
from coach.errors import CoachError, HandHistoryError, InvalidInput
from coach.i18n import N_
from coach.limits import (
    MAX_ACTIONS,
    MAX_DECIMALS,
    MAX_FILE_BYTES,
    MAX_NAME_LENGTH,
    clip,
    kb_up,
    read_text_file,
    toml_problem,
)

__all__ = [
    "REQUIRED_FIELDS",
    "HandHistory",
    "dump_phh",
    "dump_toml",
    "load_phh",
    "loads_phh",
    "loads_phhs",
    "toml_key",
    "toml_value",
]

REQUIRED_FIELDS: tuple[str, ...] = (
    "variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions",
)
# Fields holding amounts, in the order a dump writes them after the required ones.
_AMOUNT_LIST_FIELDS = ("antes", "blinds_or_straddles", "starting_stacks")
# Optional fields we interpret; everything else is kept verbatim in ``extra``.
_KNOWN_OPTIONAL = ("ante_trimming_status", "finishing_stacks", "players")
# Above this many decimals an amount is a typo, not a currency.
_MAX_DECIMALS = MAX_DECIMALS




# -- the history ---------------------------------------------------------------


@dataclass(frozen=True)
class HandHistory:
    """One hand of a PHH file, validated; amounts are integer chips (``scale``).

    ``finishing_stacks`` stays in the file's units as exact Decimals, since a
    file may record half chips; :meth:`expected_finishing_stacks` gives them in
    chips when they are whole. Optional fields we do not interpret (event,
    venue, seats, ...) are kept verbatim in ``extra`` and written back by
    :meth:`dumps`.
    """

    variant: str
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    min_bet: int
    starting_stacks: tuple[int, ...]
    actions: tuple[Action, ...]
    ante_trimming_status: bool = False
    scale: int = 1
    finishing_stacks: tuple[Decimal, ...] | None = None
    players: tuple[str, ...] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    source: str = "<phh>"

    # -- shape ------------------------------------------------------------
    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    def label(self, seat: int) -> str:
        """The PHH label of a seat (``p1`` for seat 0)."""
        return f"p{seat + 1}"

    def names(self) -> tuple[str, ...]:
        return self.players if self.players is not None else tuple(
            self.label(i) for i in range(self.player_count))

    # -- units ------------------------------------------------------------
    def units(self, chips: int) -> int | str:
        """Chips in the file's units for JSON: an int when whole, else a decimal string."""
        if chips % self.scale == 0:
            return chips // self.scale
        return format_units(chips, self.scale)

    def expected_finishing_stacks(self) -> tuple[int, ...] | None:
        """The file's ``finishing_stacks`` in chips, or ``None`` if absent or fractional."""
        if self.finishing_stacks is None:
            return None
        out: list[int] = []
        for value in self.finishing_stacks:
            chips = value * self.scale
            if chips != chips.to_integral_value():
                return None
            out.append(int(chips))
        return tuple(out)

    # -- engine -----------------------------------------------------------
    def seat_forced_bets(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(blinds, antes) per seat, undoing PHH's heads-up reversal."""
        blinds, antes = self.blinds_or_straddles, self.antes
        if self.player_count == 2:
            blinds, antes = blinds[::-1], antes[::-1]
        return blinds, antes

    def config(self) -> TableConfig:
        """The engine's table: seats in PHH order (``p1`` = seat 0), the button last.

        Built with the engine's own PHH constructor, which owns the heads-up
        reading of the forced-bet arrays; :func:`history_of` writes them back
        with the inverse mapping.
        """
        return TableConfig.from_positions(
            self.names(), self.starting_stacks, self.blinds_or_straddles, self.antes,
            min_bet=self.min_bet,
        )

    def replay(self, *, require_complete: bool = True,
               observe: Callable[[int, Hand], None] | None = None) -> Hand:
        """Play the hand through the engine, refusing anything the rules refuse.

        Nothing is repaired: the first action the engine refuses (out of turn,
        below the minimum raise, a check facing a bet, a wrong card) raises a
        :class:`HandHistoryError` naming the file, the action's number and
        text, and the engine's reason. With ``require_complete`` (the default)
        a history that stops before the hand is over is an error too.

        ``observe(k, hand)`` is called with the hand as it is after its first ``k``
        actions (``k`` = 0, 1, ... in order; comments count as actions): what a
        viewer needs at every step comes from one replay, not one replay per step.
        """
        try:
            hand = Hand.start(self.config(), dealing="manual")
        except CoachError as exc:
            raise phh_error(self.source, N_("the table cannot be set up: {reason}"),
                            reason=exc.message) from exc
        if observe is not None:
            observe(0, hand)
        for k, action in enumerate(self.actions, start=1):
            if action.kind == "comment":
                if observe is not None:
                    observe(k, hand)
                continue
            try:
                _apply(hand, action)
            except CoachError as exc:
                raise action_error(self.source, action, N_("refused: {reason}"), reason=exc.message) from exc
            except ValueError as exc:  # the kernel refused what our checks let through
                raise action_error(self.source, action, N_("the rules kernel refused it: {detail}"),
                                   detail=str(exc)) from exc
            if observe is not None:
                observe(k, hand)
        if require_complete and not hand.is_complete:
            raise phh_error(self.source, N_("the actions end before the hand is over."))
        return hand

    # -- writing ----------------------------------------------------------
    def dumps(self) -> str:
        """This history as PHH text, amounts in the file's units."""
        data: dict[str, Any] = {
            "variant": self.variant,
            "ante_trimming_status": self.ante_trimming_status,
            "antes": [_Raw(format_units(a, self.scale)) for a in self.antes],
            "blinds_or_straddles": [_Raw(format_units(b, self.scale)) for b in self.blinds_or_straddles],
            "min_bet": _Raw(format_units(self.min_bet, self.scale)),
            "starting_stacks": [_Raw(format_units(s, self.scale)) for s in self.starting_stacks],
            "actions": [a.code(self.scale) for a in self.actions],
        }
        if self.players is not None:
            data["players"] = list(self.players)
        data.update(self.extra)
        if self.finishing_stacks is not None:
            data["finishing_stacks"] = list(self.finishing_stacks)
        try:
            return dump_toml(data)
        except (RecursionError, MemoryError) as exc:  # extra fields nested thousands deep
            raise phh_error(self.source, N_("the hand cannot be written back as PHH: its extra fields are "
                                         "nested too deeply.")) from exc


# -- driving the engine -------------------------------------------------------------


def _apply(hand: Hand, action: Action) -> None:
    """One PHH action on the engine, with the seat named (out of turn is refused).

    Seats are the PHH positions (the config puts the button last), so
    ``action.seat`` is the engine's seat as it is.
    """
    seat = action.seat
    match action.kind:
        case "deal_hole":
            assert seat is not None
            hand.deal_hole(seat, action.known_cards)
        case "deal_board":
            assert action.known_cards is not None
            hand.deal_board(action.known_cards)
        case "fold":
            hand.fold(seat)
        case "check_call":
            hand.check_or_call(seat)
        case "bet_raise":
            assert action.amount is not None
            hand.bet_or_raise_to(action.amount, seat)
        case "show_muck":
            assert seat is not None
            if action.show_known:  # ``pN sm -``: show the cards as dealt
                hand.show_or_muck(seat, show=True)
            elif action.cards is not None and action.known_cards is None:  # ``pN sm ????``
                hand.show_or_muck(seat, "????")
            else:
                hand.show_or_muck(seat, action.known_cards)
        case _:  # pragma: no cover - comments are skipped by the caller
            pass


# -- reading -------------------------------------------------------------------


def _read_toml(text: str, source: str) -> dict[str, Any]:
    """TOML text -> data, after the checks that keep ``tomllib`` linear and bounded.

    A byte-order mark (Notepad's UTF-8) is dropped; a text larger than the file
    limit or nested deeper than PHH ever needs is refused before it is parsed.
    """
    if not isinstance(text, str):
        raise phh_error(source, N_("a hand history is text, not {value}."), value=clip(text))
    text = text.removeprefix("\ufeff")
    if len(text) > MAX_FILE_BYTES:
        raise phh_error(source, N_("the text is {size} KB, more than the limit of {limit} KB."),
                        size=kb_up(len(text)), limit=MAX_FILE_BYTES // 1024)
    problem = toml_problem(text)
    if problem is not None:
        raise phh_error(source, N_("not valid PHH: {problem}"), problem=problem)
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise phh_error(source, N_("not valid TOML ({detail})."), detail=clip(exc, 120)) from exc
    except (ValueError, RecursionError) as exc:  # a 5,000-digit integer; a nesting the scan missed
        raise phh_error(source, N_("not valid TOML ({detail})."), detail=clip(exc, 120)) from exc
    except MemoryError as exc:  # the scan bounds what tomllib builds; this is the last line of defence
        raise phh_error(source, N_("the text is too large to be read as a hand history.")) from exc


def _history_from_data(data: Mapping[str, Any], source: str) -> HandHistory:
    for fld in REQUIRED_FIELDS:
        if fld not in data:
            raise phh_error(source, N_("the required field '{field}' is missing."), field=fld)
    variant = data["variant"]
    if variant != "NT":
        raise phh_error(source,
                        N_("the variant '{variant}' is not supported: only No-Limit Texas Hold'em ('NT')."),
                        variant=clip(variant))
    trimming = data.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise phh_error(source, N_("the field '{field}' must be true or false."),
                        field="ante_trimming_status")

    lists = {fld: number_list(source, data, fld) for fld in _AMOUNT_LIST_FIELDS}
    min_bet = parse_number(source, "min_bet", data["min_bet"])
    count = len(lists["starting_stacks"])
    if count < 2:
        raise phh_error(source, N_("a hand needs at least two players, the file has {count}."), count=count)
    for fld in ("antes", "blinds_or_straddles"):
        if len(lists[fld]) != count:
            raise phh_error(source, N_("the field '{field}' has {found} entries for {count} players."),
                            field=fld, found=len(lists[fld]), count=count)
    for value in lists["starting_stacks"]:
        if value == 0:
            raise phh_error(source,
                            N_("a starting stack is zero: a player without chips cannot be dealt in."))
    if min_bet == 0:
        raise phh_error(source, N_("the minimum bet must be positive."))

    raw_actions = data["actions"]
    if not isinstance(raw_actions, list):
        raise phh_error(source, N_("the field '{field}' must be a list of strings."), field="actions")
    if len(raw_actions) > MAX_ACTIONS:
        raise phh_error(source, N_("the field '{field}' has {found} entries: a hand has at most {limit} "
                                "actions."), field="actions", found=len(raw_actions), limit=MAX_ACTIONS)
    raws = [split_action(source, i + 1, a) for i, a in enumerate(raw_actions)]

    defining = [min_bet, *(v for fld in _AMOUNT_LIST_FIELDS for v in lists[fld])]
    defining += [r.amount for r in raws if r.amount is not None]
    places = max(decimal_places(v) for v in defining)
    if places > _MAX_DECIMALS:
        raise phh_error(source, N_("amounts with more than {places} decimals are not supported."),
                        places=_MAX_DECIMALS)
    scale = 10**places

    def chips(values: Iterable[Decimal]) -> tuple[int, ...]:
        return tuple(int(v * scale) for v in values)

    finishing: tuple[Decimal, ...] | None = None
    if "finishing_stacks" in data:
        finishing = tuple(number_list(source, data, "finishing_stacks"))
        if len(finishing) != count:
            raise phh_error(source, N_("the field '{field}' has {found} entries for {count} players."),
                            field="finishing_stacks", found=len(finishing), count=count)
    players: tuple[str, ...] | None = None
    if "players" in data:
        names = data["players"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or len(names) != count:
            raise phh_error(source, N_("the field 'players' must list one name per player ({count})."),
                            count=count)
        for name in names:
            if not name.strip() or len(name) > MAX_NAME_LENGTH or names.count(name) > 1:
                raise phh_error(source, N_("the field 'players' has the name '{name}': every player needs a "
                                        "different name of 1 to {limit} characters."),
                                name=clip(name), limit=MAX_NAME_LENGTH)
        players = tuple(names)

    actions = tuple(parse_action(source, r, count, scale) for r in raws)
    dealt: dict[Card, int] = {}
    for action in actions:
        if action.kind in ("deal_hole", "deal_board"):
            for card in action.cards or ():
                if card is None:
                    continue
                if card in dealt:
                    raise action_error(source, action,
                                       N_("the card {card} was already dealt by action {first}."),
                                       card=str(card), first=dealt[card])
                dealt[card] = action.number
    extra = {k: v for k, v in data.items() if k not in REQUIRED_FIELDS and k not in _KNOWN_OPTIONAL}
    return HandHistory(
        variant="NT",
        antes=chips(lists["antes"]),
        blinds_or_straddles=chips(lists["blinds_or_straddles"]),
        min_bet=int(min_bet * scale),
        starting_stacks=chips(lists["starting_stacks"]),
        actions=actions,
        ante_trimming_status=trimming,
        scale=scale,
        finishing_stacks=finishing,
        players=players,
        extra=extra,
        source=source,
    )


def loads_phh(text: str, source: str = "<phh>") -> HandHistory:
    """Parse one hand of PHH text; ``source`` names it in error messages."""
    return _history_from_data(_read_toml(text, source), source)


def load_phh(path: str | Path) -> HandHistory:
    """Read a ``.phh`` file (one hand)."""
    return loads_phh(_read_text(path), str(path))


def loads_phhs(text: str, source: str = "<phhs>") -> list[HandHistory]:
    """Parse PHH text holding one hand, or several in ``[1]``, ``[2]``... sections (``.phhs``).

    A section that fails raises; callers who want to go on past a bad hand
    (the ``replay`` command) parse section by section with :func:`split_phhs`.
    """
    return [h for h in _iter_histories(text, source)]


def split_phhs(text: str, source: str) -> list[tuple[str, Mapping[str, Any] | None]]:
    """The hands of a file as (source, TOML table); a single hand has no sections."""
    data = _read_toml(text, source)
    if data and all(isinstance(v, dict) for v in data.values()) and not set(REQUIRED_FIELDS) & set(data):
        return [(f"{source}[{key}]", value) for key, value in data.items()]
    return [(source, data)]


def history_from_table(table: Mapping[str, Any], source: str) -> HandHistory:
    """Validate one parsed TOML table as a hand (see :func:`split_phhs`)."""
    return _history_from_data(table, source)


def _iter_histories(text: str, source: str) -> Iterable[HandHistory]:
    for name, table in split_phhs(text, source):
        assert table is not None
        yield _history_from_data(table, name)


def _read_text(path: str | Path) -> str:
    text, problem = read_text_file(path)
    if problem is not None or text is None:
        raise HandHistoryError(N_("{file}: {problem}"), file=str(path), problem=problem)
    return text


# -- writing -------------------------------------------------------------------


@dataclass(frozen=True)
class _Raw:
    """A value already in TOML notation (amounts in the file's units)."""

    text: str


# TOML's own spelling of the special floats (``str(Decimal("inf"))`` is "Infinity", which
# no TOML reader accepts): a hand read with ``rating = inf`` is written back as it was.
_SPECIAL_FLOATS = {"Infinity": "inf", "-Infinity": "-inf", "NaN": "nan", "-NaN": "-nan", "sNaN": "nan",
                   "-sNaN": "-nan"}


def toml_value(value: Any) -> str:
    """``value`` in TOML notation: the one writer of PHH values (hand histories and lessons' hands).

    Strings go through JSON's escapes (valid TOML basic strings) plus DEL, which TOML
    forbids raw; ``inf``/``nan`` are spelled as TOML spells them, for ``float`` and
    ``Decimal`` alike; dates as ISO 8601; lists and tables inline.
    """
    if isinstance(value, _Raw):
        return value.text
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal | float):
        text = str(value) if isinstance(value, Decimal) else repr(value)
        return _SPECIAL_FLOATS.get(text, text)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, _dt.datetime | _dt.date | _dt.time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {value!r} as TOML")


def toml_key(key: str) -> str:
    """A table key in TOML notation: bare when it can be, else quoted."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else toml_value(key)


def dump_toml(data: Mapping[str, Any]) -> str:
    """A PHH table as TOML text, one ``key = value`` line per field, the actions one per line:
    the one TOML writer (hand histories, and the lessons' example hands)."""
    lines = []
    for key, value in data.items():
        if key == "actions":
            body = "".join(f"  {toml_value(a)},\n" for a in value)
            lines.append(f"actions = [\n{body}]")
        else:
            lines.append(f"{toml_key(key)} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


def history_of(hand: Hand, /, *, scale: int = 1, players: Sequence[str] | None = None,
               source: str = "<hand>", **meta: Any) -> HandHistory:
    """The :class:`HandHistory` of an engine hand (see :func:`dump_phh`)."""
    config = hand.config
    if config.structure != "NL":
        raise InvalidInput(N_("Only No-Limit hands can be written as PHH ('NT'); this table is {structure}."),
                           structure=config.structure)
    if type(scale) is not int or scale < 1 or str(scale).strip("0") != "1":
        raise InvalidInput(N_("The scale must be 1, 10, 100 and so on, not {scale}."), scale=str(scale))
    n = config.n_seats
    # PHH order = PokerKit positions (p1 left of the button ... pN the button), and
    # PHH's raw arrays are PokerKit's raw arrays: write what the engine gives the
    # kernel, the exact inverse of TableConfig.from_positions used by replay().
    blinds = config.pokerkit_blinds()
    pokerkit_antes = getattr(config, "pokerkit_antes", None)
    antes: tuple[int, ...] = pokerkit_antes() if callable(pokerkit_antes) else config.antes_in_positions()

    def position(seat: int) -> int:
        return config.position_of(seat)

    events = hand.events
    winners = set(hand.result.winners) if hand.result is not None else set()
    actions: list[Action] = []
    for k, event in enumerate(events):
        number = len(actions) + 1
        if isinstance(event, HoleDealt):
            cards: tuple[Card | None, ...] = event.cards if event.cards is not None else (None, None)
            actions.append(Action(number, "", "deal_hole", seat=position(event.seat), cards=cards))
        elif isinstance(event, BoardDealt):
            actions.append(Action(number, "", "deal_board", cards=event.cards))
        elif isinstance(event, ActionTaken):
            rec = event.record
            seat = position(rec.seat)
            if rec.kind == "fold":
                actions.append(Action(number, "", "fold", seat=seat))
            elif rec.kind in ("check", "call"):
                actions.append(Action(number, "", "check_call", seat=seat))
            else:
                actions.append(Action(number, "", "bet_raise", seat=seat, amount=rec.to))
        elif isinstance(event, HandShown):
            actions.append(Action(number, "", "show_muck", seat=position(event.seat), cards=event.cards))
        elif isinstance(event, HandMucked):
            # WORKAROUND: the engine reports a show of unknown cards (PHH ``sm ????``)
            # as a muck. A mucked hand is dead, so a seat that shows again later or
            # wins a pot had shown face down; a losing face-down show written as a
            # muck changes no chips.
            later = any(isinstance(e, HandShown | HandMucked) and e.seat == event.seat
                        for e in events[k + 1:])
            face_down = later or event.seat in winners
            actions.append(Action(number, "", "show_muck", seat=position(event.seat),
                                  cards=(None, None) if face_down else None))
    seat_names = tuple(players) if players is not None else config.names
    if len(seat_names) != n:
        raise InvalidInput(N_("Give one player name per seat ({count})."), count=n)
    names = tuple(seat_names[config.seat_of(p)] for p in range(n))
    finishing: tuple[Decimal, ...] | None = None
    if hand.result is not None:
        stacks = config.seats_to_positions(hand.result.finishing_stacks)
        finishing = tuple(Decimal(format_units(s, scale)) for s in stacks)
    return HandHistory(
        variant="NT",
        antes=antes,
        blinds_or_straddles=blinds,
        min_bet=config.effective_min_bet,
        starting_stacks=config.stacks_in_positions(),
        actions=tuple(actions),
        ante_trimming_status=False,
        scale=scale,
        finishing_stacks=finishing,
        players=names,
        extra=dict(meta),
        source=source,
    )


def dump_phh(hand: Hand, /, *, scale: int = 1, players: Sequence[str] | None = None, **meta: Any) -> str:
    """Export an engine hand (replayed or played in the app) as PHH text.

    Seats are renumbered from the first seat left of the button (``p1``) to the
    button (``pN``), the forced bets are written in PHH's order (reversed
    heads-up), and the event log becomes PHH actions (burned cards are not part
    of PHH). ``scale`` > 1 writes integer cents back as units (``scale=100``);
    ``players`` overrides the names (one per seat, in seat order); ``meta`` adds optional PHH fields
    (``event``, ``hand``, ``venue``...). ``finishing_stacks`` is written when the
    hand is over. :func:`loads_phh` + :meth:`HandHistory.replay` reproduce the
    hand exactly (same actions, same finishing stacks).
    """
    return history_of(hand, scale=scale, players=players, **meta).dumps()
