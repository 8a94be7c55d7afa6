"""Rooms pokerkit has no parser for: 888poker (also Pacific Poker, its old name, and the Cassava
software's other skins, 888.it among them) and Winamax. Each subclasses pokerkit's ``REParser`` for
the pattern names and is read by :class:`~coach.rooms.room.Room` like every room.

888poker writes amounts in brackets in the client's local spelling («[$1,379]», «[6 000]», «[2.000 $]»,
«[0,02 €]»: :func:`~coach.rooms.room.local_number`), each action's amount as the chips it adds
(«raises [$450]»), the pot each winner collected («collected [ $3,403 ]») and no rake line: in a cash
game the rake is what the pot holds beyond what the winners collected (at most ``RAKE_SHARE`` of
it), in a tournament nothing. Winamax writes PokerStars' layout without the colon after the name,
«raises 1.09€ to 1.24€» (the street's total), «collected 8.56€ from main pot» and «Total pot 12.90€ |
Rake 0.80€» (or «No rake»).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar

from pokerkit.notation import REParser

from coach.errors import HandHistoryError
from coach.i18n import N_
from coach.limits import clip
from coach.rooms.room import ParseValue, RawHand, local_number
from coach.rooms.textroom import TextRoom

__all__ = ["Pacific888", "PartyPokerTable", "Winamax"]

_NEVER = re.compile("(?!)")


@dataclass
class Pacific888(TextRoom, REParser):
    KEY = "888poker"
    NAME = "888poker"
    # 888poker, its national sites («888poker.ca-on», «888.it», «888.ro BLAST»), Cassava, Pacific Poker
    SIGNATURE = re.compile(
        r"^\*{5} (?:888poker|888\.|Cassava|Pacific Poker)[\w.-]*(?: \w+)? Hand History for Game \d+", re.M)
    RAISE = "adds"
    GUIDE = N_("Pacific Poker and 888.it too. In the client's settings, in the section on the hand history, "
               "turn on saving the hands, language English; the `.txt` files are in the folder shown there.")
    HAND = re.compile(r"^\*{5} .+? Hand History for Game .+?(?=^\n{2,}|\Z)", re.M | re.S)
    FINAL_SEAT = re.compile(r"^Seat (?P<final_seat>\d+) is the button", re.M)
    VARIANT = re.compile(r"Blinds (?P<variant>No Limit Holdem)\b")
    VARIANTS: ClassVar[dict[str, str]] = {"No Limit Holdem": "NT"}
    SEATS = re.compile(r"^Seat (?P<seat>\d+): (?P<player>.+?) \( [^)\n]* \)\s*$")
    STARTING_STACKS = re.compile(r"^Seat \d+: (?P<player>.+?) \( (?P<starting_stack>[^)\n]*?) \)\s*$")
    ANTE_POSTING = re.compile(r"^(?P<player>.+) posts ante \[(?P<ante>[^\]\n]+)\]")
    BLIND_OR_STRADDLE_POSTING = re.compile(
        r"^(?P<player>.+) posts (?:small|big) blind \[(?P<blind_or_straddle>[^\]\n]+)\]")
    HOLE_DEALING = re.compile(r"^Dealt to (?P<player>.+) \[ ?(?P<cards>[^\]\n]+?) ?\]")
    BOARD_DEALING = re.compile(r"^\*\* Dealing (?:flop|turn|river) \*\* \[ ?(?P<cards>[^\]\n]+?) ?\]")
    FOLDING = re.compile(r"^(?P<player>.+) folds$")
    CHECKING_OR_CALLING = re.compile(r"^(?P<player>.+) (?:checks|calls \[[^\]\n]*\])$")
    COMPLETION_BETTING_OR_RAISING = re.compile(r"^(?P<player>.+) (?:bets|raises) \[(?P<amount>[^\]\n]+)\]$")
    HOLE_CARDS_SHOWING = re.compile(r"^(?P<player>.+) shows \[ ?(?P<cards>[^\]\n]+?) ?\]")
    VARIABLES: ClassVar[dict[str, tuple[re.Pattern[str], Any]]] = {
        "hand": (re.compile(r"Hand History for Game (?P<hand>\d+)"), str),
        "table": (re.compile(r"^Table (?P<table>.+?) \(", re.M), str),
    }
    PLAYER_VARIABLES: ClassVar[dict[str, Any]] = {}
    COLLECTED = re.compile(r"^(?P<player>.+) collected \[ ?(?P<winnings>[^\]\n]+?) ?\]")
    RAKE_IMPLIED = True
    TOURNAMENT = re.compile(r"^Tournament #", re.M)
    # «anna posts dead blind [0,01 $ + 0,02 $]»: a returning player's dead small blind and live big blind, as
    # PokerStars' «posts small & big blinds» (coach.rooms.refusals)
    REFUSED_LINES = ((re.compile(r"^.+ posts dead blind \["), "dead_small_blind"),)

    def number(self, written: str) -> str:
        return local_number(written)

    # The German client writes the suits' names («8Pik, QPik»: Kreuz clubs, Karo diamonds, Pik spades, Herz
    # hearts); the Russian one the ranks' letters (Т туз ace, К король king, Д дама queen, В валет jack), in
    # Windows-1251, which a file without a mark of its encoding may read as Windows-1252 («Âh» for «Вh»).
    # The one-letter suits of other clients («7p, 8t») are refused: «c» is clubs in English and hearts
    # (cœur, corazones) in French and Spanish, and a hand does not say which.
    _SUITS: ClassVar[tuple[tuple[str, str], ...]] = (("Kreuz", "c"), ("Karo", "d"), ("Pik", "s"),
                                                     ("Herz", "h"))
    _RANKS: ClassVar[dict[str, str]] = {"Т": "A", "К": "K", "Д": "Q", "В": "J",
                                        "Ò": "A", "Ê": "K", "Ä": "Q", "Â": "J"}
    _RANK: ClassVar[re.Pattern[str]] = re.compile(r"(?<![^\s,\[])([ТКДВÒÊÄÂ])(?=[cdhs]\b)")

    def cards(self, written: str) -> str:
        for word, suit in self._SUITS:
            written = written.replace(word, suit)
        return super().cards(self._RANK.sub(lambda m: self._RANKS[m[1]], written))


@dataclass
class Winamax(TextRoom, REParser):
    KEY = "winamax"
    NAME = "Winamax"
    SIGNATURE = re.compile(r"^Winamax Poker - ", re.M)
    RAISE = "to"
    GUIDE = N_("In the client's options, in the section on the hand history, choose the folder where the "
               "client saves the hands (`.txt` files, one per table).")
    HAND = re.compile(r"^Winamax Poker - .+?(?=^\n{2,}|\Z)", re.M | re.S)
    FINAL_SEAT = re.compile(r"Seat #(?P<final_seat>\d+) is the button")
    VARIANT = re.compile(r" - (?P<variant>Holdem no limit) \(")
    VARIANTS: ClassVar[dict[str, str]] = {"Holdem no limit": "NT"}
    _AMOUNT = r"[0-9][0-9.,]*(?: ?€)?"
    SEATS = re.compile(rf"^Seat (?P<seat>\d+): (?P<player>.+?) \({_AMOUNT}(?:, [^)\n]*)?\)$")
    STARTING_STACKS = re.compile(
        rf"^Seat \d+: (?P<player>.+?) \((?P<starting_stack>{_AMOUNT})(?:, [^)\n]*)?\)$")
    ANTE_POSTING = re.compile(rf"^(?P<player>.+) posts ante (?P<ante>{_AMOUNT})")
    BLIND_OR_STRADDLE_POSTING = re.compile(
        rf"^(?P<player>.+) posts (?:small|big) blind (?P<blind_or_straddle>{_AMOUNT})")
    HOLE_DEALING = re.compile(r"^Dealt to (?P<player>.+) \[(?P<cards>[^\]\n]+)\]$")
    BOARD_DEALING = re.compile(r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\* .*\[(?P<cards>[^\]\n]+)\]$")
    FOLDING = re.compile(r"^(?P<player>.+) folds$")
    CHECKING_OR_CALLING = re.compile(rf"^(?P<player>.+) (?:checks|calls {_AMOUNT})(?: and is all-in)?$")
    COMPLETION_BETTING_OR_RAISING = re.compile(
        rf"^(?P<player>.+) (?:bets|raises {_AMOUNT} to) (?P<amount>{_AMOUNT})(?: and is all-in)?$")
    HOLE_CARDS_SHOWING = re.compile(r"^(?P<player>.+) shows \[(?P<cards>[^\]\n]+)\]")
    VARIABLES: ClassVar[dict[str, tuple[re.Pattern[str], Any]]] = {
        "hand": (re.compile(r"HandId: #(?P<hand>[\d-]+)"), str),
        "table": (re.compile(r"^Table: '(?P<table>[^'\n]+)'", re.M), str),
    }
    PLAYER_VARIABLES: ClassVar[dict[str, Any]] = {}
    COLLECTED = re.compile(rf"^(?P<player>.+?) collected (?P<winnings>{_AMOUNT}) from ")
    RAKE = re.compile(rf"^Total pot [^|\n]*\| Rake (?P<rake>{_AMOUNT})", re.M)
    PEEK_PLAYER = re.compile(r"^Seat \d+: ([^\n(]{1,64}?) \([0-9]", re.M)

    def number(self, written: str) -> str:
        return local_number(written)


@dataclass
class PartyPokerTable(TextRoom, REParser):
    """PartyPoker's client since about 2013 («***** Hand History For Game 1575590274851x9bwt8w5zk *****»,
    «20/40 Tourney Texas Holdem Game Table (NL)»): amounts in parentheses, «raises 307 to 327», and a
    summary line per player with his final stack («Player1 balance 654, bet 327, collected 654, net +327
    [ 8h, 3d ]»), checked against the engine's. Same name as the older layout: the same room."""

    KEY = "partypoker-table"
    NAME = "PartyPoker"
    SIGNATURE = re.compile(r"^\*{5} Hand History For Game \w+ \*{5}\n[^\n]*Game Table \(", re.M)
    RAISE = "to"
    HAND = re.compile(r"^\*{5} Hand History For Game .+?(?=^\n{2,}|\Z)", re.M | re.S)
    FINAL_SEAT = re.compile(r"Seat (?P<final_seat>\d+) is the button")
    VARIANT = re.compile(r"Hold'?em Game Table \((?P<variant>NL)\)")
    VARIANTS: ClassVar[dict[str, str]] = {"NL": "NT"}
    SEATS = re.compile(r"^Seat (?P<seat>\d+): (?P<player>.+) \([^)\n]*\)$")
    STARTING_STACKS = re.compile(r"^Seat \d+: (?P<player>.+) \(\D?(?P<starting_stack>[0-9.,]+)(?: \w+)?\)$")
    ANTE_POSTING = re.compile(r"^(?P<player>.+) posts ante \(\D?(?P<ante>[0-9.,]+)(?: \w+)?\)")
    BLIND_OR_STRADDLE_POSTING = re.compile(
        r"^(?P<player>.+) posts (?:small|big) blind \(\D?(?P<blind_or_straddle>[0-9.,]+)(?: \w+)?\)")
    HOLE_DEALING = re.compile(r"^Dealt to (?P<player>.+) \[ ?(?P<cards>[^\]\n]+?) ?\]")
    BOARD_DEALING = re.compile(r"^\*\* Dealing (?:Flop|Turn|River) \*\* :? *\[ ?(?P<cards>[^\]\n]+?) ?\]")
    FOLDING = re.compile(r"^(?P<player>.+) folds$")
    CHECKING_OR_CALLING = re.compile(r"^(?P<player>.+) (?:checks|calls \(?\D?[0-9.,]+(?: \w+)?\)?)$")
    COMPLETION_BETTING_OR_RAISING = re.compile(
        r"^(?P<player>.+) (?:bets|raises \(?\D?[0-9.,]+\)? to) \(?\D?(?P<amount>[0-9.,]+)(?: \w+)?\)?$")
    HOLE_CARDS_SHOWING = re.compile(r"^(?P<player>.+) balance [^\[\n]*\[ (?P<cards>[^\]\n]+) \]")
    VARIABLES: ClassVar[dict[str, tuple[re.Pattern[str], Any]]] = {
        "hand": (re.compile(r"Hand History For Game (?P<hand>\w+)"), str),
    }
    PLAYER_VARIABLES: ClassVar[dict[str, Any]] = {}
    COLLECTED = re.compile(
        r"^(?P<player>.+) balance [^,\n]*,(?: bet [^,\n]*,)? collected \D?(?P<winnings>[0-9.,]+)")
    FINAL_STACK = re.compile(r"^(?P<player>.+) balance \D?(?P<amount>[0-9.,]+)", re.M)
    RAKE_IMPLIED = True
    TOURNAMENT = re.compile(r"Tourney")
    PEEK_PLAYER = re.compile(r"^Seat \d+: ([^\n(]{1,64}?) \(", re.M)
    _ALL_IN: ClassVar[re.Pattern[str]] = re.compile(r"^(?P<player>.+) is all-In\.?$")
    _CALLS: ClassVar[re.Pattern[str]] = re.compile(r"^(?P<player>.+) calls \(?\D?(?P<amount>[0-9.,]+)")

    def read(self, hand_text: str, parse_value: ParseValue, source: str) -> RawHand:
        raw = super().read(hand_text, parse_value, source)
        self._check_all_ins(hand_text.splitlines(), parse_value, source)
        return raw

    def _check_all_ins(self, lines: list[str], parse_value: ParseValue, source: str) -> None:
        """A player the history calls all-in («anna is all-In.») has put in his whole stack. A raise that
        leaves him a chip (the room's own rounding, seen in its tournaments) is a history whose amounts do
        not add up: said so, rather than left to the rules, which wait for him to act."""
        def value(written: str) -> Decimal:
            return Decimal(parse_value(self.number(written)))

        stack: dict[str, Decimal] = {}
        put: defaultdict[str, Decimal] = defaultdict(Decimal)
        street: defaultdict[str, Decimal] = defaultdict(Decimal)
        for x in lines:
            if m := self.STARTING_STACKS.search(x):
                stack.setdefault(m["player"], value(m["starting_stack"]))
            elif m := self.ANTE_POSTING.search(x):
                put[m["player"]] += value(m["ante"])
            elif m := self.BLIND_OR_STRADDLE_POSTING.search(x):
                put[m["player"]] += value(m["blind_or_straddle"])
                street[m["player"]] += value(m["blind_or_straddle"])
            elif self.BOARD_DEALING.search(x):
                street.clear()
            elif m := self._CALLS.match(x):
                put[m["player"]] += value(m["amount"])
                street[m["player"]] += value(m["amount"])
            elif m := self.COMPLETION_BETTING_OR_RAISING.search(x):
                to = value(m["amount"])
                put[m["player"]] += to - street[m["player"]]
                street[m["player"]] = to
            elif (m := self._ALL_IN.match(x)) and stack.get(who := m["player"], put[who]) != put[who]:
                raise HandHistoryError(
                    N_("{file}: «{line}»: the history says {player} is all-in, but his bets leave him "
                       "{left}: the amounts of the history do not add up."), file=source,
                    line=clip(x.strip(), 80), player=clip(m["player"], 40),
                    left=str(stack[m["player"]] - put[m["player"]]))
