"""``import_histories``: a file of an online room's hands -> one outcome per hand.

The room is the registry's (:func:`coach.rooms.catalog.find_room`), so every room is read the same
way. The limits come first and cost one linear scan each (docs/RULES.md): the file's size and the
number of hands; then each hand, on its own slice of the text (up to the next hand's first line, so
a hand that never ends cannot make every other hand scan to the end of the file), has its own: its
size and the length of its lines (the rooms' patterns are regular expressions whose ``.*`` costs
the square of a line's length when they fail). A room that writes long lines (iPoker's client puts
every player of a hand on one line) has them split by its :meth:`~coach.rooms.room.Room.normalize`
first, so a long line refuses one hand, never a whole file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Final, Literal

from coach.engine.phh import HandHistory
from coach.errors import CoachError, HandHistoryError
from coach.i18n import N_, Message
from coach.limits import MAX_AMOUNT_TEXT, MAX_FILE_BYTES, amount_problem, clip, kb_up
from coach.rooms.catalog import find_room, room_names
from coach.rooms.encoding import decode_hand_text
from coach.rooms.privacy import name_labels
from coach.rooms.refusals import refused_line
from coach.rooms.room import Room, UnknownHeader

__all__ = [
    "MAX_HANDS_PER_FILE",
    "MAX_HAND_CHARS",
    "MAX_LINE_CHARS",
    "HandOutcome",
    "ImportReport",
    "import_histories",
]

MAX_HANDS_PER_FILE: Final[int] = 10_000
MAX_LINE_CHARS: Final[int] = 512  # a line of one hand, after the room's normalize()
MAX_HAND_CHARS: Final[int] = 64 * 1024  # one hand (the longest real ones are about 6 KB)
Status = Literal["ok", "skipped", "refused"]

_LONG_LINE = re.compile(r"[^\n]{" + str(MAX_LINE_CHARS + 1) + "}")
# PokerStars.it and the other Italian clients: «Mano PokerStars n. 123», «Posto 1: … in fiches».
_ITALIAN = re.compile(r"^(?:Mano|Partita) PokerStars n\.|^Posto \d+: [^\n]*\bin fiches\b"
                      r"|: (?:passa|rilancia) ", re.M)


@dataclass(frozen=True)
class HandOutcome:
    """One hand of the file: ``ok`` (``history`` set), ``skipped`` or ``refused`` (``reason`` set)."""

    number: int  # 1, 2... in the file
    line: int  # the line where the hand starts
    room_hand: str | None
    status: Status
    reason: Message | CoachError | None = None
    history: HandHistory | None = None
    # Each player's name and the name that stores it (his position; ``p1``... when the hand could not
    # be read far enough to place the button): a refused hand's reason may name the players.
    names: tuple[tuple[str, str], ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.names)


@dataclass(frozen=True)
class ImportReport:
    """What a file gave: the room, one outcome per hand, or why the whole file was refused."""

    source: str
    room: str | None
    hands: list[HandOutcome] = field(default_factory=list)
    problem: Message | None = None

    def count(self, status: Status) -> int:
        return sum(1 for h in self.hands if h.status == status)


def _parse_value(source: str) -> Callable[[str], Decimal]:
    def parse(text: str) -> Decimal:
        raw = text.replace(",", "")
        if len(raw) > MAX_AMOUNT_TEXT:
            raise HandHistoryError(N_("{file}: the amount {value} is longer than {limit} characters."),
                                   file=source, value=clip(text), limit=MAX_AMOUNT_TEXT)
        try:
            value = Decimal(raw)
        except InvalidOperation as exc:
            raise HandHistoryError(N_("{file}: '{value}' is not an amount."), file=source,
                                   value=clip(text)) from exc
        problem = amount_problem(value)
        if problem is not None:
            raise HandHistoryError(N_("{file}: the amount {value}: {problem}."), file=source,
                                   value=clip(text), problem=problem)
        return value
    return parse


def _detect(text: str) -> tuple[Room | None, Message | None]:
    room = find_room(text)
    if room is not None:
        return room, None
    italian = _ITALIAN.search(text)
    if italian:
        return None, Message(
            N_("the hand histories are written in Italian («{sample}»), and the rooms' formats can only be "
               "read in English. In the PokerStars client's settings, in the section on the hand history, "
               "set the language of hand histories to English (the menus' names change between versions "
               "of the client): the hands played from then on are written in English."),
            {"sample": clip(italian.group(), 40)})
    return None, Message(N_("no hand of a known room was found ({rooms})."),
                         {"rooms": ", ".join(room_names())})


def _refused(number: int, line: int, reason: CoachError, names: tuple[tuple[str, str], ...] = (),
             label: str | None = None) -> HandOutcome:
    return HandOutcome(number, line, label, "refused", reason, names=names)


def _positions(room: Room, hand_text: str, where: str) -> tuple[tuple[str, str], ...]:
    """Each player with his position when the hand can be read that far, else ``p1``… in order of action."""
    try:
        return name_labels(room.read(hand_text, _parse_value(where), where).players)
    except (CoachError, KeyError, ValueError, IndexError, ArithmeticError, NotImplementedError):
        return name_labels(tuple(room.seated(hand_text)), ordered=False) if hasattr(room, "SEATS") else ()


def _one(room: Room, text: str, number: int, line: int, source: str) -> HandOutcome:
    where = f"{source}:{line}"
    if len(text) > MAX_HAND_CHARS:
        return _refused(number, line, HandHistoryError(
            N_("{file}: the hand is {size} KB long, more than the limit of {limit} KB: not one hand."),
            file=where, size=kb_up(len(text)), limit=MAX_HAND_CHARS // 1024))
    long_line = _LONG_LINE.search(text)
    if long_line is not None:
        return _refused(number, line, HandHistoryError(
            N_("{file}: a line of the hand is longer than {limit} characters: not a line of a hand history."),
            file=f"{source}:{line + text.count(chr(10), 0, long_line.start())}", limit=MAX_LINE_CHARS))
    try:
        room.variant(text, where)
    except UnknownHeader as exc:
        if exc.other_game:
            return HandOutcome(number, line, None, "skipped", exc.message)
        return _refused(number, line, exc)
    refusal = refused_line(room, text, source, line)
    if refusal is not None:
        return _refused(number, line, refusal, _positions(room, text, where))
    try:
        raw, history = room.replay(text, _parse_value(where), where)
    except CoachError as exc:
        return _refused(number, line, exc, _positions(room, text, where))
    except (KeyError, ValueError, IndexError, ArithmeticError, TypeError):
        return _refused(number, line, HandHistoryError(
            N_("{file}: the hand cannot be read in the {room} format (a line is not where the format puts "
               "it, or is missing)."), file=where, room=room.NAME), _positions(room, text, where))
    room_hand = raw.variables.get("hand")
    label = None if room_hand is None else clip(str(room_hand), 40)
    return HandOutcome(number, line, label, "ok", None, history, name_labels(raw.players))


def import_histories(data: str | bytes, *, source: str = "<text>", limit: int = MAX_FILE_BYTES,
                     max_hands: int = MAX_HANDS_PER_FILE) -> ImportReport:
    """Detect the room of ``data``, read each hand with the room's class and replay it with the engine.

    The whole file is refused (``problem``) when it is larger than ``limit`` bytes, not text in an
    encoding a room writes (:func:`coach.rooms.encoding.decode_hand_text`), holds more than
    ``max_hands`` hands, or no hand of a known room (with the setting to change when the room
    wrote it in Italian). Otherwise every hand has its outcome: No-Limit Hold'em hands the rules
    accept are ``ok``, other games ``skipped``, the rest ``refused`` with the reason, naming
    ``source:line``.
    """
    size = len(data)
    if size > limit:
        return ImportReport(source, None, problem=Message(
            N_("the file is {size} KB, more than the limit of {limit} KB."),
            {"size": kb_up(size), "limit": limit // 1024}))
    if isinstance(data, bytes):
        decoded, problem = decode_hand_text(data)
        if decoded is None:
            return ImportReport(source, None, problem=problem)
        text = decoded
    else:
        text = data.removeprefix("\ufeff")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    room, problem = _detect(text)
    if room is None:
        return ImportReport(source, None, problem=problem)
    text = room.normalize(text)
    count = room.count(text)
    if count > max_hands:
        return ImportReport(source, room.NAME, problem=Message(
            N_("the file has {count} hands, more than the limit of {limit}."),
            {"count": count, "limit": max_hands}))
    hands: list[HandOutcome] = []
    line, previous = 1, 0
    for number, (start, hand_text) in enumerate(room.hands(text), start=1):
        line += text.count("\n", previous, start)
        previous = start
        hands.append(_one(room, hand_text, number, line, source))
    return ImportReport(source, room.NAME, hands)
