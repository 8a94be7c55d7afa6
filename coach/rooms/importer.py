"""``import_histories``: a file of an online room's hands -> one outcome per hand.

The limits come first and cost one linear scan each (docs/RULES.md): the size,
the length of a line (the rooms' patterns are pokerkit's regular expressions,
whose ``(?P<player>.+)`` costs the square of a line's length when it fails), the
number of hands; only then is any hand parsed, each on its own slice of the text
(up to the next hand's first line), so a hand that never ends cannot make every
other hand scan to the end of the file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, Final, Literal

from coach.engine.phh import HandHistory
from coach.errors import CoachError, HandHistoryError
from coach.i18n import N_, Message
from coach.limits import MAX_AMOUNT_TEXT, MAX_FILE_BYTES, amount_problem, clip, decode_text, kb_up
from coach.rooms import acpc
from coach.rooms.convert import check_winnings, to_history
from coach.rooms.parsers import PARSERS, RawMixin
from coach.rooms.privacy import name_labels
from coach.rooms.refusals import out_of_turn_blind, refused_line

__all__ = [
    "MAX_HANDS_PER_FILE",
    "MAX_LINE_CHARS",
    "HandOutcome",
    "ImportReport",
    "import_histories",
]

MAX_HANDS_PER_FILE: Final[int] = 10_000
MAX_LINE_CHARS: Final[int] = 512
Status = Literal["ok", "skipped", "refused"]

_LONG_LINE = re.compile(r"[^\n]{" + str(MAX_LINE_CHARS + 1) + "}")
# PokerStars.it and the other Italian clients: «Mano PokerStars n. 123», «Posto 1: … in fiches».
_ITALIAN = re.compile(r"^(?:Mano|Partita) PokerStars n\.|^Posto \d+: [^\n]*\bin fiches\b"
                      r"|: (?:passa|rilancia) ", re.M)
_FIRST_LINE = re.compile(r"[^\n]*")


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


def _detect(text: str) -> tuple[str | None, Message | None]:
    for key, (_, _, signature) in PARSERS.items():
        if signature.search(text):
            return key, None
    if acpc.SIGNATURE.search(text):
        return "acpc", None
    italian = _ITALIAN.search(text)
    if italian:
        return None, Message(
            N_("the hand histories are written in Italian («{sample}»), and the rooms' formats can only be "
               "read in English. In the PokerStars client's settings, in the section on the hand history, "
               "set the language of hand histories to English (the menus' names change between versions "
               "of the client): the hands played from then on are written in English."),
            {"sample": clip(italian.group(), 40)})
    return None, Message(N_("no hand of a known room was found (PokerStars, PartyPoker, iPoker, Full Tilt, "
                            "Ongame, Absolute Poker in English, or an ACPC log)."))


def _one(parser: Any, name: str, text: str, number: int, line: int, source: str) -> HandOutcome:
    where = f"{source}:{line}"
    m = parser.HAND.match(text)
    if m is None:
        return HandOutcome(number, line, None, "refused", HandHistoryError(
            N_("{file}: the hand is incomplete or not in the {room} format."), file=where, room=name))
    hand_text = m.group()
    try:
        parser._parse_variant(hand_text)
    except (KeyError, ValueError):
        game = _FIRST_LINE.match(hand_text)
        return HandOutcome(number, line, None, "skipped", Message(
            N_("not No-Limit Texas Hold'em ({game})."), {"game": clip(game.group() if game else "", 80)}))
    try:
        seated = name_labels(tuple(parser._parse_players(hand_text)), ordered=False)
    except (KeyError, ValueError, IndexError):
        seated = ()
    assert isinstance(parser, RawMixin)
    refusal = refused_line(parser, hand_text, source, line)
    if refusal is not None:
        try:  # the other lines are read as usual: the players' positions are known
            seated = name_labels(parser.raw(hand_text, _parse_value(where)).players)
        except (CoachError, KeyError, ValueError, IndexError, ArithmeticError):
            pass
        return HandOutcome(number, line, None, "refused", refusal, names=seated)
    try:
        raw = parser.raw(hand_text, _parse_value(where))
    except CoachError as exc:
        return HandOutcome(number, line, None, "refused", exc, names=seated)
    except (KeyError, ValueError, IndexError, ArithmeticError) as exc:
        return HandOutcome(number, line, None, "refused", HandHistoryError(
            N_("{file}: the hand cannot be read in the {room} format ({detail})."), file=where, room=name,
            detail=clip(f"{type(exc).__name__}: {exc}", 80)), names=seated)
    room_hand = raw.variables.get("hand")
    label = None if room_hand is None else clip(room_hand, 40)
    named = name_labels(raw.players)
    late = out_of_turn_blind(raw, parser, hand_text, source, line)
    if late is not None:
        return HandOutcome(number, line, label, "refused", late, names=named)
    try:
        history, hand = to_history(raw, where, name)
        if hand is None:
            hand = history.replay()
        check_winnings(raw, history, hand)
    except CoachError as exc:
        return HandOutcome(number, line, label, "refused", exc, names=named)
    return HandOutcome(number, line, label, "ok", None, history, named)


def _acpc_one(text: str, number: int, line: int, source: str) -> HandOutcome:
    """One line of an ACPC log, under the competition's heads-up game (:data:`coach.rooms.acpc.PRESET`)."""
    where = f"{source}:{line}"
    try:
        raw, history = acpc.read_hand(text, where)
    except CoachError as exc:
        return HandOutcome(number, line, None, "refused", exc)
    label = str(raw.variables["hand"])
    return HandOutcome(number, line, label, "ok", None, history, name_labels(raw.players))


def import_histories(data: str | bytes, *, source: str = "<text>",
                     limit: int = MAX_FILE_BYTES) -> ImportReport:
    """Detect the room of ``data``, read each hand with pokerkit's parser and replay it with the engine.

    The whole file is refused (``problem``) when it is too large, not UTF-8, has
    a line longer than :data:`MAX_LINE_CHARS`, more than :data:`MAX_HANDS_PER_FILE`
    hands, or no hand of a known room (with the setting to change when the room
    wrote it in Italian). Otherwise every hand has its outcome: No-Limit Hold'em
    hands the rules accept are ``ok``, other games ``skipped``, the rest
    ``refused`` with the rule, naming ``source:line``.
    """
    size = len(data)
    if size > limit:
        return ImportReport(source, None, problem=Message(
            N_("the file is {size} KB, more than the limit of {limit} KB."),
            {"size": kb_up(size), "limit": limit // 1024}))
    if isinstance(data, bytes):
        decoded, problem = decode_text(data)
        if decoded is None:
            return ImportReport(source, None, problem=problem)
        text = decoded
    else:
        text = data.removeprefix("\ufeff")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    long_line = _LONG_LINE.search(text)
    if long_line is not None:
        return ImportReport(source, None, problem=Message(
            N_("line {line} is longer than {limit} characters: not a hand history."),
            {"line": text.count("\n", 0, long_line.start()) + 1, "limit": MAX_LINE_CHARS}))
    key, problem = _detect(text)
    if key is None:
        return ImportReport(source, None, problem=problem)
    if key == "acpc":
        lines = [(k, row) for k, row in enumerate(text.split("\n"), start=1) if acpc.SIGNATURE.match(row)]
        if len(lines) > MAX_HANDS_PER_FILE:
            return ImportReport(source, "ACPC", problem=Message(
                N_("the file has {count} hands, more than the limit of {limit}."),
                {"count": len(lines), "limit": MAX_HANDS_PER_FILE}))
        return ImportReport(source, "ACPC", [_acpc_one(row, number, k, source)
                                             for number, (k, row) in enumerate(lines, start=1)])
    name, parser_class, signature = PARSERS[key]
    starts = [m.start() for m in signature.finditer(text)]
    if len(starts) > MAX_HANDS_PER_FILE:
        return ImportReport(source, name, problem=Message(
            N_("the file has {count} hands, more than the limit of {limit}."),
            {"count": len(starts), "limit": MAX_HANDS_PER_FILE}))
    parser = parser_class()
    hands: list[HandOutcome] = []
    line = 1
    previous = 0
    for number, start in enumerate(starts, start=1):
        line += text.count("\n", previous, start)
        previous = start
        end = starts[number] if number < len(starts) else len(text)
        hands.append(_one(parser, name, text[start:end].rstrip("\n") + "\n\n\n", number, line, source))
    return ImportReport(source, name, hands)
