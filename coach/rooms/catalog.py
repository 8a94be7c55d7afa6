"""Every room the coach reads, one class each, and the one registry: :data:`ROOMS`, :func:`find_room`.

Why one registry: the importer, the upload's peek, the pages' list of rooms, the in-app guide and
docs/IMPORT.md all ask the same questions of a room (its name, how to find its hands, how to read
them, how its client saves them); a room that is one class in :data:`ROOMS` answers all of them, so
adding one is writing one class (docs/ARCHITECTURE.md, «Aggiungere una room»).

Each class subclasses pokerkit's parser of that room for its public patterns, with the lines
pokerkit 0.7.7 misses added as patterns (PokerStars' «posts the ante», PartyPoker's tournaments,
Full Tilt's «Dealt to» and «antes», Ongame's seat lines that end the line, iPoker's all-in and ante
codes); the reading itself is :class:`~coach.rooms.room.Room`'s. Rooms pokerkit has no parser
for (888poker, Winamax: :mod:`coach.rooms.more`) subclass ``REParser`` with patterns of their own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar

from pokerkit.notation import (
    AbsolutePokerParser,
    FullTiltPokerParser,
    IPokerNetworkParser,
    OngameNetworkParser,
    PokerStarsParser,
)

from coach.engine.phh import HandHistory
from coach.errors import HandHistoryError
from coach.i18n import N_
from coach.limits import clip
from coach.rooms import acpc
from coach.rooms.ipokertext import IPokerText
from coach.rooms.more import Pacific888, PartyPokerTable, Winamax
from coach.rooms.party import PartyPoker
from coach.rooms.refusals import SHORT_BIG_BLIND
from coach.rooms.room import OTHER_GAME, ParseValue, RawHand, Room, UnknownHeader, anchor, local_number
from coach.rooms.textroom import TextRoom

__all__ = ["ROOMS", "Acpc", "TextRoom", "file_types", "find_room", "register", "room_names"]


@anchor
@dataclass
class PokerStars(TextRoom, PokerStarsParser):
    KEY = "pokerstars"
    NAME = "PokerStars"
    # PokerStars, its Zoom and Home Games, and the rooms whose clients write its layout (Full Tilt's
    # last client, Run It Once, PokerMaster, PokerBros): the same lines, read by the same class
    SIGNATURE = re.compile(r"^[ \t]*(?:PokerStars(?: Zoom| Home Game)? (?:Hand|Game)|Full Tilt(?: Rush)? Hand"
                           r"|Run It Once Poker Hand|PokerMaster Hand|PokerBros Hand"
                           r"|POKERSTARS GAME) #", re.M)
    GUIDE = N_("In the client's settings, in the section on the hand history, turn on saving the hand "
               "histories and choose the language **English**. Hands already written in Italian («Mano "
               "PokerStars n. …») stay in Italian: the Coach recognises them and tells you to change the "
               "language. The same place shows the folder where the client saves its `.txt` files.")
    ANTE_POSTING = re.compile(r"(?P<player>.+): posts the ante \D?(?P<ante>[0-9.,]+)")
    # pokerkit's patterns read «1,000» as «1» in tournaments: the digits may have thousands' commas
    STARTING_STACKS = re.compile(r"Seat \d+: (?P<player>.+) \(\D?(?P<starting_stack>[0-9.,]+) in chips")
    BLIND_OR_STRADDLE_POSTING = re.compile(
        r"(?P<player>.+): posts (small|big) blind \D?(?P<blind_or_straddle>[0-9.,]+)")
    COMPLETION_BETTING_OR_RAISING = re.compile(r"(?P<player>.+): (bet|raise)s \D?(?P<amount>[0-9.,]+)")
    # «anna: shows [Th Ts] (a full house…)», and PokerBros' «anna: shows [Th Ts]» without the hand's name
    HOLE_CARDS_SHOWING = re.compile(r"(?P<player>.+): shows \[(?P<cards>[1-9TJQKAcdhs ]+)\](?: \(.+)?$")
    REFUSED_LINES = ((re.compile(r"^.+: posts small & big blinds "), "dead_small_blind"),
                     (re.compile(r"^.+: posts straddle "), "straddle"),
                     (re.compile(r"^\*\*\* (?:FIRST|SECOND) (?:FLOP|TURN|RIVER) \*\*\*"), "run_it_twice"))
    # «Hold'em No Limit ($1/$2)», and a mixed tournament's «Mixed Hold'em (Hold'em No Limit) - Level II»
    VARIANT = re.compile(r"[ (](?P<variant>Hold'em No Limit)[ )]")
    _INDENT: ClassVar[re.Pattern[str]] = re.compile(r"^[ \t]+", re.M)

    # PokerTracker 2's export writes the header in capitals: «POKERSTARS GAME #1:  HOLD'EM NO LIMIT ($2/$4)»
    _CAPITALS: ClassVar[re.Pattern[str]] = re.compile(r"^POKERSTARS GAME #([^\n]*)", re.M)

    # «anna: posts big blind 20 and is all-in» at (15/30), then «bruno: calls 30»: the whole big blind
    _SHORT_BIG: ClassVar[re.Pattern[str]] = re.compile(
        r"^(?P<player>.+): posts big blind \D?(?P<amount>[0-9.,]+) and is all-in", re.M)
    _CALL: ClassVar[re.Pattern[str]] = re.compile(r"^(?P<player>.+): calls \D?(?P<amount>[0-9.,]+)")

    def read(self, hand_text: str, parse_value: ParseValue, source: str) -> RawHand:
        raw = super().read(hand_text, parse_value, source)
        short = self._SHORT_BIG.search(hand_text)
        if short is not None:
            posted = Decimal(parse_value(self.number(short["amount"])))
            for line in hand_text[short.end():].split("\n"):
                if line.startswith("*** FLOP") or ": raises " in line or ": bets " in line:
                    break
                if (m := self._CALL.match(line)) and Decimal(parse_value(self.number(m["amount"]))) > posted:
                    raise HandHistoryError(SHORT_BIG_BLIND, file=source, line=clip(line.strip(), 80),
                                           player=clip(short["player"], 40), posted=str(posted),
                                           amount=str(parse_value(self.number(m["amount"]))))
        return raw

    def normalize(self, text: str) -> str:
        """Zoom's archive format indents every line by a space, PokerTracker 2's export writes the header
        in capitals: the lines as the client writes them."""
        text = self._INDENT.sub("", text)
        return self._CAPITALS.sub(lambda m: "PokerStars Game #" + m[1].replace("HOLD'EM NO LIMIT",
                                                                            "Hold'em No Limit"), text)
    COLLECTED = re.compile(r"^(?P<player>.+?) collected \D?(?P<winnings>[0-9.,]+) from (?:main |side )?pot")
    # All-in Cash Out: «anna cashed out the hand for $22.77 | Cash Out Fee $0.46» (paid, the fee already
    # kept); if she then wins, the summary says what the room kept: «Seat 6: anna showed [Ah Ac] and won
    # ($71.68) with … (pot not awarded as player cashed out)», and no «collected» line
    CASH_OUT = re.compile(r"^(?P<player>.+?):? cashed out the hand for \D?(?P<amount>[0-9.,]+)")
    FORFEITED = re.compile(r"^Seat \d+: (?P<player>.+?) (?:\([\w ]+\) )?(?:showed \[[^\]]*\] and )?won "
                           r"\(\D?(?P<winnings>[0-9.,]+)\).*\(pot not awarded as player cashed out\)")
    RAKE = re.compile(r"^Total pot [^|\n]*\| Rake \D?(?P<rake>[0-9.,]+)", re.M)
    TOTAL_POT = re.compile(r"^Total pot \D?(?P<pot>[0-9][0-9.,]*)", re.M)


@dataclass
class IPoker(TextRoom, IPokerNetworkParser):
    """The iPoker network's client files (XML), Italian skins included. The client may write a hand's
    tags all on one line, its attributes in any order and its actions out of order (sorted by player):
    :meth:`normalize` puts each tag on a line of its own and each round's actions in the order of their
    ``no``; the game («Holdem NL €0.01/€0.02») is written once for the file, in the session's
    ``<gametype>``, and copied into each hand. The seats are ordered by their numbers, the button is
    ``dealer="1"``. A cash game writes no rake: it is what the pot keeps (as 888poker's).

    Action codes: 0 fold, 1/2 blinds, 3 call, 4 check, 5 bet, 6 and 7 all-in (``sum`` the chips the
    action adds), 15 ante, 23 raise (``sum`` the street's total).
    """

    KEY = "ipoker"
    NAME = "iPoker"
    SIGNATURE = re.compile(r'<game gamecode="')  # anywhere: the client may write the whole file on one line
    FILE_TYPES = ("xml", "txt")
    RAISE = "to"
    GUIDE = N_("The client saves the hands as XML files (`<game gamecode=\"…\">`) in the hand-history "
               "folder shown in the client's options. The XML format does not depend on the client's "
               "language. Some clients of the network write text files too («GAME #…», in English): the "
               "Coach reads them as well.")
    FINAL_SEAT = re.compile(r'<player\b(?=[^>]*\bdealer="1")(?=[^>]*\bseat="(?P<final_seat>\d+)")')
    SEATS = re.compile(r'<player\b(?=[^>]*\bseat="(?P<seat>\d+)")(?=[^>]*\bname="(?P<player>[^"]+)")')
    STARTING_STACKS = re.compile(
        r'<player\b(?=[^>]*\bname="(?P<player>[^"]+)")(?=[^>]*\bchips="(?P<starting_stack>[^"]+)")')
    ANTE_POSTING = re.compile(
        r'<action\b(?=[^>]*\bplayer="(?P<player>[^"]+)")(?=[^>]*\btype="15")(?=[^>]*\bsum="(?P<ante>[^"]+)")')
    BLIND_OR_STRADDLE_POSTING = re.compile(
        r'<action\b(?=[^>]*\bplayer="(?P<player>[^"]+)")(?=[^>]*\btype="[12]")'
        r'(?=[^>]*\bsum="(?P<blind_or_straddle>[^"]+)")')
    FOLDING = re.compile(r'<action\b(?=[^>]*\bplayer="(?P<player>[^"]+)")(?=[^>]*\btype="0")')
    CHECKING_OR_CALLING = re.compile(r'<action\b(?=[^>]*\bplayer="(?P<player>[^"]+)")(?=[^>]*\btype="[34]")')
    COMPLETION_BETTING_OR_RAISING = re.compile(
        r'<action\b(?=[^>]*\bplayer="(?P<player>[^"]+)")(?=[^>]*\btype="(?:5|6|7|23)")'
        r'(?=[^>]*\bsum="(?P<amount>[^"]+)")')
    HOLE_DEALING = re.compile(
        r'<cards\b(?=[^>]*\btype="Pocket")(?=[^>]*\bplayer="(?P<player>[^"]+)")[^>]*>'
        r'(?P<cards>[0-9TJQKAcdhsCDHS ]+)</cards>')
    BOARD_DEALING = re.compile(
        r'<cards\b(?=[^>]*\btype="(?:Flop|Turn|River)")[^>]*>(?P<cards>[0-9TJQKAcdhsCDHS ]+)</cards>')
    VARIANT = re.compile(r"<(?:file)?gametype>(?P<variant>[^<]*)</")
    COLLECTED = re.compile(
        r'<player\b(?=[^>]*\bname="(?P<player>[^"]+)")(?=[^>]*\bwin="(?P<winnings>[^"]+)")')
    RAKE = re.compile(r'<rake>(?P<rake>[^<]+)</rake>')
    PEEK_PLAYER = re.compile(r'<player\b[^>\n]*\bname="([^"\n]{1,64})"')
    _ADDS: ClassVar[re.Pattern[str]] = re.compile(r'\btype="[67]"')
    _TAGS: ClassVar[re.Pattern[str]] = re.compile(r">[ \t\r\n]*<")
    _NO: ClassVar[re.Pattern[str]] = re.compile(r'\bno="(\d{1,9})"')
    _GAMETYPE: ClassVar[re.Pattern[str]] = re.compile(r"<gametype>([^<\n]{0,80})</gametype>")
    _NL: ClassVar[re.Pattern[str]] = re.compile(r"(?i)\b(?:NL|No ?Limit)\b")
    RAKE_IMPLIED = True
    TOURNAMENT = re.compile(r"<(?:file)?tournament")

    def normalize(self, text: str) -> str:
        lines = self._TAGS.sub(">\n<", text).split("\n")
        head = text[:max(0, text.find("<game "))] if "<game " in text else ""
        gametype = self._GAMETYPE.search(head)
        tournament = "<tournament" in head
        out: list[str] = []
        round_lines: list[str] | None = None
        for line in lines:
            line = line.strip()
            if line.startswith("<round"):
                out.append(line)
                round_lines = []
                continue
            if round_lines is not None and line.startswith("</round"):
                order = {id(x): k for k, x in enumerate(round_lines)}
                round_lines.sort(key=lambda x: (x.startswith("<action"), int(m.group(1)) if (
                    m := self._NO.search(x)) and x.startswith("<action") else order[id(x)]))
                out += [*round_lines, line]
                round_lines = None
                continue
            if round_lines is not None:
                round_lines.append(line)
                continue
            out.append(line)
            if line.startswith("<game gamecode="):
                if gametype is not None:
                    out.append(f"<filegametype>{gametype.group(1)}</filegametype>")
                if tournament:
                    out.append("<filetournament/>")
        return "\n".join(out)

    def variant(self, hand_text: str, source: str) -> str:
        m = self.VARIANT.search(hand_text)
        game = "" if m is None else m["variant"]
        if m is None or (self._NL.search(game) and "hold" in game.lower() and not OTHER_GAME.search(game)):
            return "NT"  # a file without a <gametype> is read as No-Limit Hold'em, as pokerkit does
        raise UnknownHeader(source, game, True)

    def number(self, written: str) -> str:
        return local_number(written)

    def raise_total(self, bets: dict[str, Any], player: str, amount: Any, line: str) -> Any:
        return bets[player] + amount if self._ADDS.search(line) else amount

    def cards(self, written: str) -> str:
        """iPoker writes the suit first, in capitals (``S10 HA``)."""
        return super().cards(" ".join(c[1:] + c[:1].lower() for c in written.replace("10", "T").split()))

    def button_index(self, hand_text: str, players: list[str], seats: list[int],
                     blinds: dict[str, Any], source: str) -> int:
        for line in hand_text.splitlines():
            if 'dealer="1"' in line and (m := self.SEATS.search(line)) and m["player"] in players:
                return players.index(m["player"])
        return super().button_index(hand_text, players, seats, blinds, source)


@anchor
@dataclass
class FullTilt(TextRoom, FullTiltPokerParser):
    """Full Tilt, cash and tournaments («NL Hold'em», «anna antes 25»), the hero's «Dealt to»; its
    client saved files in UTF-16 (decoded before: :mod:`coach.rooms.files`)."""

    KEY = "fulltilt"
    NAME = "Full Tilt Poker"
    SIGNATURE = re.compile(r"^Full ?Tilt ?Poker Game #", re.M)
    RAISE = "to"
    VARIANT = re.compile(r" - (\D?\d+ Cap )?(?P<variant>No Limit Hold'em|NL Hold'em) - ")
    VARIANTS: ClassVar[dict[str, str]] = {"No Limit Hold'em": "NT", "NL Hold'em": "NT"}
    ANTE_POSTING = re.compile(r"(?P<player>.+) antes \D?(?P<ante>[0-9.,]+)$")
    HOLE_DEALING = re.compile(r"Dealt to (?P<player>.+) \[(?P<cards>[1-9TJQKAcdhs ]+)\]")
    COLLECTED = re.compile(r"^Seat \d+: (?P<player>.+?) (?:\([\w ]+\) )?"
                           r"(?:collected|showed \[[^\]]*\] and won) \(\D?(?P<winnings>[0-9.,]+)\)")
    RAKE = re.compile(r"^Total pot [^|\n]*\| Rake \D?(?P<rake>[0-9.,]+)", re.M)
    TOTAL_POT = re.compile(r"^Total pot \D?(?P<pot>[0-9][0-9.,]*)", re.M)


@anchor
@dataclass
class Ongame(TextRoom, OngameNetworkParser):
    """Ongame: seat lines that end the line, split pots «won by anna ($1.90), bruno ($1.90)», antes
    «anna posts ante ($5)», and the street line the client writes again after an all-in (read once)."""

    KEY = "ongame"
    NAME = "Ongame"
    SIGNATURE = re.compile(r"^\*{5} History for hand ", re.M)
    SEATS = re.compile(r"Seat (?P<seat>\d+): (?P<player>.+) \(\D?[0-9.,]+\)(?!,)")
    STARTING_STACKS = re.compile(r"Seat \d+: (?P<player>.+) \(\D?(?P<starting_stack>[0-9.,]+)\)(?!,)")
    ANTE_POSTING = re.compile(r"(?P<player>.+) posts ante \(\D?(?P<ante>[0-9.,]+)\)")
    HOLE_DEALING = re.compile(r"^Dealing to (?P<player>.+): \[(?P<cards>[^\]\n]+)\]")
    COLLECTED_LINE = re.compile(r"^(?:Main|Side) pot(?: \d+)?: \D?[0-9.,]+ won by ")
    COLLECTED = re.compile(r"^(?P<player>.+) \(\D?(?P<winnings>[0-9.,]+)\)$")
    RAKE = re.compile(r"^Rake taken: \D?(?P<rake>[0-9.,]+)", re.M)
    FINAL_STACK = re.compile(r"^Seat \d+: (?P<player>.+) \((?P<amount>\D?[0-9.,]+)\), net: ", re.M)
    _STREET: ClassVar[re.Pattern[str]] = re.compile(r"^--- Dealing (flop|turn|river) \[", re.M)

    def raise_total(self, bets: dict[str, Any], player: str, amount: Any, line: str) -> Any:
        return amount if " bets " in line else bets[player] + amount

    def normalize(self, text: str) -> str:
        """A street's line written a second time (after an all-in) is the same deal: read it once."""
        out: list[str] = []
        dealt: set[str] = set()
        for line in text.split("\n"):
            if line.startswith("***** History for hand "):
                dealt.clear()
            elif self._STREET.match(line):
                if line in dealt:
                    continue
                dealt.add(line)
            out.append(line)
        return "\n".join(out)


@anchor
@dataclass
class Absolute(TextRoom, AbsolutePokerParser):
    KEY = "absolute"
    NAME = "Absolute Poker"
    SIGNATURE = re.compile(r"^Stage #", re.M)
    RAISE = "adds"
    # cash «Stage #1: Holdem  No Limit $2», tournaments «Stage #1 Tourney ID 5 Holdem Multi Normal Tournament
    # No Limit 10» (pokerkit reads only the first)
    VARIANT = re.compile(r"Holdem(?: \(1 on 1\))? +(?:Multi Normal Tournament )?(?P<variant>No Limit) ")
    VARIANTS: ClassVar[dict[str, str]] = {"No Limit": "NT"}
    PEEK_PLAYER = re.compile(r"^Seat \d+ - ([^\n(]{1,64}?) \(", re.M)
    HOLE_DEALING = re.compile(r"Dealt to (?P<player>.+) \[(?P<cards>[0-9TJQKAcdhs ]+)\]")
    COLLECTED = re.compile(r"^Seat \d+: (?P<player>.+?) (?:\([\w ]+\) )?(?:collected|won) Total "
                           r"\(\D?(?P<winnings>[0-9.,]+)\)")
    RAKE = re.compile(r"^Total Pot\(\D?[0-9.,]+\) \| Rake \(\D?(?P<rake>[0-9.,]+)\)", re.M)


class Acpc(Room):
    """ACPC logs: one hand a line, under the competition's heads-up game (:data:`coach.rooms.acpc.PRESET`)."""

    KEY = "acpc"
    NAME = "ACPC"
    FALLBACK = True  # a log line is short and loose: ACPC only when no room's header is found
    SIGNATURE = acpc.SIGNATURE
    FILE_TYPES = ("log", "txt")

    def hands(self, text: str) -> Iterator[tuple[int, str]]:
        offset = 0
        for row in text.split("\n"):
            if self.SIGNATURE.match(row):
                yield offset, row
            offset += len(row) + 1

    def peek(self, hand_text: str) -> tuple[set[str], set[str]]:
        fields = hand_text.split(":")
        names = fields[-1] if hand_text.startswith("STATE:") else fields[0]
        return set(names.split("|")), set()

    def variant(self, hand_text: str, source: str) -> str:
        return "NT"

    def read(self, hand_text: str, parse_value: ParseValue, source: str) -> RawHand:
        return acpc.read_line(hand_text, source)[0]

    def replay(self, hand_text: str, parse_value: ParseValue, source: str) -> tuple[RawHand, HandHistory]:
        return acpc.read_hand(hand_text, source)


# The registry: the order is the order of the pages' lists and of a tie in detection.
ROOMS: list[Room] = [PokerStars(), Pacific888(), Winamax(), IPoker(), IPokerText(), PartyPokerTable(),
                     PartyPoker(), FullTilt(), Ongame(), Absolute(), Acpc()]


def register(room: Room, *, before: str = "acpc") -> Room:
    """Add ``room`` to :data:`ROOMS`, before the room keyed ``before`` (ACPC's, by default)."""
    keys = [r.KEY for r in ROOMS]
    ROOMS.insert(keys.index(before) if before in keys else len(ROOMS), room)
    return room


def find_room(text: str) -> Room | None:
    """The room whose hands ``text`` holds, or None.

    The earliest signature in the text wins (a file that quotes another room's header in a chat
    line is still read as the room that wrote it); a ``FALLBACK`` room (ACPC, whose lines are
    loose) only when no other room's signature is found.
    """
    for fallback in (False, True):
        found = [(m.start(), k, room) for k, room in enumerate(ROOMS)
                 if room.FALLBACK == fallback and (m := room.SIGNATURE.search(text)) is not None]
        if found:
            return min(found, key=lambda f: (f[0], f[1]))[2]
    return None


def file_types() -> list[str]:
    """The file name endings the rooms' clients write (for the pages' uploaders)."""
    return list(dict.fromkeys(kind for room in ROOMS for kind in room.FILE_TYPES))


def room_names(*, logs: bool = True) -> list[str]:
    """The rooms' names as users read them, in the registry's order, each once (two layouts of one
    room are one name); ACPC's only with ``logs``."""
    return list(dict.fromkeys(room.NAME for room in ROOMS if logs or not room.FALLBACK))
