"""pokerkit's hand-history parsers, stopped before pokerkit plays the hand.

pokerkit's ``REParser._parse`` reads a room's text with regular expressions and
then plays the result through pokerkit's own state, which completes what it
reads (missing folds, checks, the showdown); a coach must refuse a doctored
history, not repair it. :class:`RawMixin` keeps pokerkit's reading (its
patterns, its seat order, its amounts) and stops before the state: the raw
hand goes to :mod:`coach.rooms.convert`, where *our* engine replays it and
refuses the first action the rules refuse.

The small extensions meant for upstream, each a subclass that changes patterns only:
:class:`PokerStarsAnteParser` (pokerkit's PokerStars parser never matches «posts
the ante», so tournament hands lose their antes), :class:`PartyPokerTournamentParser`
(tournament hands: chips without a unit, antes, the «Buy-in» header),
:class:`FullTiltDealtParser` and :class:`AbsoluteDealtParser` (the hero's «Dealt to»
cards), :class:`FullTiltTournamentParser` (tournaments: «NL Hold'em», «anna antes 25»),
:class:`OngameSeatsParser` (a seat line that ends after the stack), :class:`IPokerAllInAnteParser`
(iPoker's all-in and ante action codes, 7 and 15).

Lines the engine cannot replay exactly (a returning player's «posts small & big blinds», a
straddle) are not read: each parser lists them in ``REFUSED_LINES`` and the importer refuses the
hand naming the line and the reason (:mod:`coach.rooms.refusals`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, ClassVar

from pokerkit.notation import (
    AbsolutePokerParser,
    FullTiltPokerParser,
    IPokerNetworkParser,
    OngameNetworkParser,
    PartyPokerParser,
    PokerStarsParser,
    REParser,
)

__all__ = [
    "PARSERS",
    "AbsoluteDealtParser",
    "FullTiltDealtParser",
    "FullTiltTournamentParser",
    "IPokerAllInAnteParser",
    "OngameSeatsParser",
    "PartyPokerTournamentParser",
    "PokerStarsAnteParser",
    "RawHand",
    "RawMixin",
]

ParseValue = Callable[[str], Any]


@dataclass
class PokerStarsAnteParser(PokerStarsParser):
    """pokerkit's PokerStars parser plus «Player: posts the ante 10» (tournaments).

    The only change upstream needs: pokerkit's base class already collects
    ``ANTE_POSTING`` per player and writes the antes in PHH order.
    """

    ANTE_POSTING = re.compile(r"(?P<player>.+): posts the ante \D?(?P<ante>[0-9.,]+)")


@dataclass
class PartyPokerTournamentParser(PartyPokerParser):
    """pokerkit's PartyPoker parser plus tournament hands: amounts in chips without a currency unit
    («Seat 1: anna ( 1,500 )», «anna posts small blind [10].», «anna raises [60]»), antes («anna posts
    ante [5]») and the header «NL Texas Hold'em $5 USD Buy-in Trny:…», where the game is not followed
    by « - ». Each pattern is pokerkit's with the unit made optional.
    """

    VARIANT = re.compile(r"(?:^| )(?P<variant>NL Texas Hold'em) (?:- |[^-\n]*Buy-in)", re.M)
    ANTE_POSTING = re.compile(r"(?P<player>.+) posts ante \[\D?(?P<ante>[0-9.,]+)(?: \w+)?\]")
    BLIND_OR_STRADDLE_POSTING = re.compile(
        r"(?P<player>.+) posts (small|big) blind \[\D?(?P<blind_or_straddle>[0-9.,]+)(?: \w+)?\]\.")
    STARTING_STACKS = re.compile(r"Seat \d+: (?P<player>.+) \( \D?(?P<starting_stack>[0-9.,]+)(?: \w+)? \)")
    COMPLETION_BETTING_OR_RAISING = re.compile(
        r"(?P<player>.+) (bets|raises|is all-In ) \[\D?(?P<amount>[0-9.,]+)(?: \w+)?\]")


@dataclass
class FullTiltDealtParser(FullTiltPokerParser):
    """pokerkit's Full Tilt parser plus the hero's cards («Dealt to anna [As Ks]»), which it skips."""

    HOLE_DEALING = re.compile(r"Dealt to (?P<player>.+) \[(?P<cards>[1-9TJQKAcdhs ]+)\]")


@dataclass
class AbsoluteDealtParser(AbsolutePokerParser):
    """pokerkit's Absolute Poker parser plus the hero's cards («Dealt to anna [As 10s]»)."""

    HOLE_DEALING = re.compile(r"Dealt to (?P<player>.+) \[(?P<cards>[0-9TJQKAcdhs ]+)\]")


@dataclass
class FullTiltTournamentParser(FullTiltDealtParser):
    """Full Tilt plus its tournaments: the game is «NL Hold'em» there («… Table 1 - NL Hold'em -
    15/30 - …», pokerkit reads only the cash games' «No Limit Hold'em»), the stacks are chips
    («Seat 1: anna (1,500)», already read) and the antes «anna antes 25» (pokerkit reads none).
    """

    VARIANT = re.compile(r" - (\D?\d+ Cap )?(?P<variant>No Limit Hold'em|NL Hold'em) - ")
    VARIANTS: ClassVar[dict[str, str]] = {"No Limit Hold'em": "NT", "NL Hold'em": "NT"}
    ANTE_POSTING = re.compile(r"(?P<player>.+) antes \D?(?P<ante>[0-9.,]+)$")


@dataclass
class IPokerAllInAnteParser(IPokerNetworkParser):
    """pokerkit's iPoker parser plus the action codes it drops: ``type="15"`` (an ante, ``sum`` the
    ante) and ``type="7"`` (all-in, ``sum`` the chips the action adds, whether it calls, bets or
    raises), read like ``type="6"``, which pokerkit already reads as chips added. Code 23 (raise)
    states the street's total, 3 (call) and 5 (bet) the chips added, as pokerkit reads them.
    """

    ANTE_POSTING = re.compile(
        r'<action\b.*\bplayer="(?P<player>.+?)".*\btype="15".*\bsum="\D?(?P<ante>[0-9.,]+)".*/>')
    COMPLETION_BETTING_OR_RAISING = re.compile(
        r'<action\b.*\bplayer="(?P<player>.+?)".*\btype="(5|6|7|23)".*\bsum="\D?(?P<amount>[0-9.,]+)".*/>')
    _ADDS = re.compile(r'\btype="[67]"')

    def _get_completion_betting_or_raising_to_amount(self, bets: Any, player: str, amount: Any,
                                                     line: str) -> Any:
        """An all-in (6 or 7) says the chips it adds: the total is what the player had in before plus them."""
        return bets[player] + amount if self._ADDS.search(line) else amount


@dataclass
class OngameSeatsParser(OngameNetworkParser):
    """pokerkit's Ongame parser with seat lines that end the line: its patterns ask for one more
    character after «($103.75)» (``[^,]``, to tell them from the summary's «($133.31), net: …»),
    so a seat line with nothing after the stack was never read; «not followed by a comma» says it.
    """

    SEATS = re.compile(r"Seat (?P<seat>\d+): (?P<player>.+) \(\D?[0-9.,]+\)(?!,)")
    STARTING_STACKS = re.compile(r"Seat \d+: (?P<player>.+) \(\D?(?P<starting_stack>[0-9.,]+)\)(?!,)")


@dataclass(frozen=True)
class RawHand:
    """One hand as the room wrote it, in PHH order (``p1`` left of the button, ``pN`` the button).

    Amounts are Decimals in the room's units; ``actions`` are PHH action strings
    as pokerkit's parser writes them (hole cards only for the seats whose cards
    the room printed); ``winnings`` what the room says each player collected.
    """

    players: tuple[str, ...]
    seats: tuple[int, ...]
    antes: tuple[Any, ...]
    blinds_or_straddles: tuple[Any, ...]
    starting_stacks: tuple[Any, ...]
    actions: tuple[str, ...]
    variables: dict[str, Any] = field(default_factory=dict)
    winnings: dict[str, Decimal] | None = None
    rake: Decimal = Decimal(0)
    shows_written: bool = True


class RawMixin:
    """``raw(text)``: pokerkit's ``_parse`` up to the actions, without pokerkit's state.

    The lines below ``players = self._get_ordered_players(...)`` are pokerkit 0.7.7's,
    so the seat order and the heads-up reversal are exactly pokerkit's.
    """

    # What the room says each player won (after rake) and the rake; pokerkit's own
    # ``winnings`` patterns miss some lines (PokerStars' «X collected 10 from pot»).
    COLLECTED: ClassVar[re.Pattern[str] | None] = None
    # If set: only the lines it matches, each winner after it (split at «), ») read by COLLECTED.
    COLLECTED_LINE: ClassVar[re.Pattern[str] | None] = None
    RAKE: ClassVar[re.Pattern[str] | None] = None
    # Lines the engine cannot replay exactly, each with the key of its reason (coach.rooms.refusals).
    REFUSED_LINES: ClassVar[tuple[tuple[re.Pattern[str], str], ...]] = ()

    def raw(self, s: str, parse_value: ParseValue) -> RawHand:
        parser: Any = self
        final_seat = parser._parse_final_seat(s)
        parsed_seats = parser._parse_seats(s)
        parsed_players = parser._parse_players(s)
        parser._parse_variant(s)
        parsed_antes = parser._parse_antes(s, parse_value)
        parsed_blinds = parser._parse_blinds_or_straddles(s, parse_value)
        parsed_stacks = parser._parse_starting_stacks(s, parse_value)
        missing = [p for p in parsed_players if p not in parsed_seats or p not in parsed_stacks]
        if missing:
            raise KeyError(missing[0])
        players = sorted(parsed_players, key=parsed_seats.__getitem__)
        seats = list(map(parsed_seats.__getitem__, players))
        players = parser._get_ordered_players(s, final_seat, parsed_blinds, players, seats)
        for player in players[2:]:
            parsed_blinds[player] = -parsed_blinds[player]
        seats = list(map(parsed_seats.__getitem__, players))
        antes = [parsed_antes[p] for p in players]
        blinds = [parsed_blinds[p] for p in players]
        if len(players) == 2:
            antes.reverse()
            blinds.reverse()
        stacks = [parsed_stacks[p] for p in players]
        actions = parser._parse_actions(s, parse_value, players)
        return RawHand(
            players=tuple(players), seats=tuple(seats), antes=tuple(antes),
            blinds_or_straddles=tuple(blinds), starting_stacks=tuple(stacks), actions=tuple(actions),
            variables=parser._parse_variables(s, parse_value),
            winnings=self._collected(s, parse_value), rake=self._rake(s, parse_value),
            shows_written=parser.HOLE_CARDS_SHOWING.pattern != "(?!)",
        )

    def _collected(self, s: str, parse_value: ParseValue) -> dict[str, Decimal] | None:
        if self.COLLECTED is None:
            return None
        won: defaultdict[str, Decimal] = defaultdict(Decimal)
        for line in s.splitlines():
            if self.COLLECTED_LINE is None:
                parts = [line]
            elif head := self.COLLECTED_LINE.match(line):  # «… won by anna ($1.90), bruno ($1.90)»
                parts = [part + ")" for part in line[head.end():].removesuffix(")").split("), ")]
            else:
                continue
            for part in parts:
                if m := self.COLLECTED.search(part):
                    won[m["player"]] += Decimal(parse_value(m["winnings"]))
        return dict(won)

    def _rake(self, s: str, parse_value: ParseValue) -> Decimal:
        if self.RAKE is None:
            return Decimal(0)
        m = self.RAKE.search(s)
        return Decimal(parse_value(m["rake"])) if m else Decimal(0)


@dataclass
class PokerStarsRaw(RawMixin, PokerStarsAnteParser):
    REFUSED_LINES = ((re.compile(r"^.+: posts small & big blinds "), "dead_small_blind"),
                     (re.compile(r"^.+: posts straddle "), "straddle"))
    COLLECTED = re.compile(r"^(?P<player>.+?) collected \D?(?P<winnings>[0-9.,]+) from (?:main |side )?pot")
    RAKE = re.compile(r"^Total pot [^|\n]*\| Rake \D?(?P<rake>[0-9.,]+)", re.M)


@dataclass
class PartyPokerRaw(RawMixin, PartyPokerTournamentParser):
    COLLECTED = re.compile(r"^(?P<player>\S+) wins \D?(?P<winnings>[0-9.,]+)")


@dataclass
class IPokerRaw(RawMixin, IPokerAllInAnteParser):
    COLLECTED = re.compile(r'<player\b[^>]*\bname="(?P<player>[^"]+)"[^>]*\bwin="\D?(?P<winnings>[0-9.,]+)"')
    RAKE = re.compile(r'<rake>\D?(?P<rake>[0-9.,]+)</rake>')


@dataclass
class FullTiltRaw(RawMixin, FullTiltTournamentParser):
    COLLECTED = re.compile(r"^Seat \d+: (?P<player>.+?) (?:\([\w ]+\) )?"
                           r"(?:collected|showed \[[^\]]*\] and won) \(\D?(?P<winnings>[0-9.,]+)\)")
    RAKE = re.compile(r"^Total pot [^|\n]*\| Rake \D?(?P<rake>[0-9.,]+)", re.M)


@dataclass
class OngameRaw(RawMixin, OngameSeatsParser):
    # «Main pot: $4.00 won by anna ($3.80)», a split pot «… won by anna ($1.90), bruno ($1.90)»
    COLLECTED_LINE = re.compile(r"^(?:Main|Side) pot(?: \d+)?: \D?[0-9.,]+ won by ")
    COLLECTED = re.compile(r"^(?P<player>.+) \(\D?(?P<winnings>[0-9.,]+)\)$")
    RAKE = re.compile(r"^Rake taken: \D?(?P<rake>[0-9.,]+)", re.M)


@dataclass
class AbsoluteRaw(RawMixin, AbsoluteDealtParser):
    COLLECTED = re.compile(r"^Seat \d+: (?P<player>.+?) (?:\([\w ]+\) )?(?:collected|won) Total "
                           r"\(\D?(?P<winnings>[0-9.,]+)\)")
    RAKE = re.compile(r"^Total Pot\(\D?[0-9.,]+\) \| Rake \(\D?(?P<rake>[0-9.,]+)\)", re.M)


_LINE_PATTERNS = ("ANTE_POSTING", "BLIND_OR_STRADDLE_POSTING", "FOLDING", "CHECKING_OR_CALLING",
                  "COMPLETION_BETTING_OR_RAISING", "HOLE_CARDS_SHOWING", "SEATS", "STARTING_STACKS")


def _anchor(cls: type[REParser]) -> None:
    """Anchor at the line's start the patterns that begin with the player's name.

    ``(?P<player>.+): folds`` searched in a line that does not match tries every start and
    backtracks over the rest of the line from each: the square of the line's length, 74 s
    for 2 MB of 500-character lines. The name starts the line in every room's format, so
    ``^`` keeps each match and makes the search linear.
    """
    for name in _LINE_PATTERNS:
        pattern: re.Pattern[str] = getattr(cls, name)
        if pattern.pattern.startswith("(?P<player>.+)"):
            setattr(cls, name, re.compile("^" + pattern.pattern, pattern.flags))


for _cls in (PokerStarsRaw, PartyPokerRaw, IPokerRaw, FullTiltRaw, OngameRaw, AbsoluteRaw):
    _anchor(_cls)

# room key -> (name shown to users, parser, a cheap signature of one hand's first line)
PARSERS: dict[str, tuple[str, type[REParser], re.Pattern[str]]] = {
    "pokerstars": ("PokerStars", PokerStarsRaw, re.compile(r"^PokerStars (?:Hand|Game) #", re.M)),
    "partypoker": ("PartyPoker", PartyPokerRaw, re.compile(r"^Game #\d+ starts", re.M)),
    "ipoker": ("iPoker", IPokerRaw, re.compile(r'^<game gamecode="', re.M)),
    "fulltilt": ("Full Tilt Poker", FullTiltRaw, re.compile(r"^Full Tilt Poker Game #", re.M)),
    "ongame": ("Ongame", OngameRaw, re.compile(r"^\*{5} History for hand ", re.M)),
    "absolute": ("Absolute Poker", AbsoluteRaw, re.compile(r"^Stage #", re.M)),
}

