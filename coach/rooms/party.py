"""PartyPoker's client files (the layout of its clients before about 2013, and the clients that copied it:
PokerBros, the Mac client), apart from :mod:`coach.rooms.catalog` for its many quirks.

The old client writes what happened at the table more loosely than the other rooms: a player who sits
down during the hand posts without a seat line; a blind may be posted without a line («posted
silently»); the button it writes may be a seat that a player dealt in sits after; a blind all-in for
less than the blind is written as what he posted. Each is read where the history says enough to
replay the hand exactly, and refused saying so where it does not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar

from pokerkit.notation import PartyPokerParser

from coach.errors import HandHistoryError
from coach.i18n import N_
from coach.limits import clip
from coach.rooms.refusals import SHORT_BIG_BLIND
from coach.rooms.room import ParseValue, RawHand, anchor
from coach.rooms.textroom import TextRoom

__all__ = ["PartyPoker"]


@anchor
@dataclass
class PartyPoker(TextRoom, PartyPokerParser):
    """PartyPoker, cash and tournaments: chips without a unit («Seat 1: anna ( 1,500 )»), antes, the
    tournaments' header «NL Texas Hold'em $5 USD Buy-in Trny:…»; the old client's «wins» lines count
    the uncalled bet returned and are net of the rake."""

    KEY = "partypoker"
    NAME = "PartyPoker"
    SIGNATURE = re.compile(r"^\*{5} Hand History [Ff]or Game \d+ \*{5}", re.M)
    RAISE = "adds"
    GUIDE = N_("In the client's settings, in the section on the hand history: turn on saving to disk, "
               "language English; the `.txt` files are in the folder shown there.")
    # «NL Texas Hold'em - …» (cash), «… $5 USD Buy-in Trny:…» and «NL Texas Hold'em  Trny: 1 Level: 1
    # Blinds(20/40)» (tournaments), «$5  USD  NL  Texas Hold'em» (a client that doubles its spaces), «NL
    # Holdem» (PokerBros)
    VARIANT = re.compile(
        r"(?:^| )(?P<variant>NL +Texas Hold'em|NL Holdem) (?:- | *Trny:|[^-\n]*Buy-in)", re.M)
    VARIANTS: ClassVar[dict[str, str]] = {"NL Texas Hold'em": "NT", "NL  Texas Hold'em": "NT",
                                          "NL Holdem": "NT"}
    # «posts ante of [1200].»: a tournament hand another tool converted to this layout
    ANTE_POSTING = re.compile(r"(?P<player>.+) posts ante (?:of )?\[\D?(?P<ante>[0-9.,]+)(?: +\w+)?\]")
    # the Mac client pads the brackets: «raises [ $1 USD ]»
    BLIND_OR_STRADDLE_POSTING = re.compile(
        r"(?P<player>.+) posts (small|big) blind \[ ?\D?(?P<blind_or_straddle>[0-9.,]+)(?: +\w+)? ?\]\.")
    # «seat 1: anna ( $26,02 USD )»: the Mac client's lowercase seat and decimal comma
    # PokerBros adds the player's statistics: «Seat 3: anna ( $184.00 USD ) - (19.75 / 11.79 / 3.97 / 485)»
    SEATS = re.compile(r"^[Ss]eat (?P<seat>\d+): (?P<player>.+?) \( \D?[0-9.,]+(?: +\w+)? \)")
    STARTING_STACKS = re.compile(
        r"^[Ss]eat \d+: (?P<player>.+?) \( \D?(?P<starting_stack>[0-9.,]+)(?: +\w+)? \)")
    FINAL_SEAT = re.compile(r"[Ss]eat (?P<final_seat>\d+) is the button")
    # the hero's cards («Dealt to anna [  4h 2h ]», «[ Td, 7d ]»), which pokerkit's parser does not read
    HOLE_DEALING = re.compile(r"^Dealt to (?P<player>.+?) \[ *(?P<cards>[2-9TJQKAcdhs][cdhs](?:,? +[2-9TJQKA]"
                              r"[cdhs])+) *\]")
    COMPLETION_BETTING_OR_RAISING = re.compile(
        r"(?P<player>.+) (bets|raises|is all-In ) \[ ?\D?(?P<amount>[0-9.,]+)(?: +\w+)? ?\]")
    COLLECTED = re.compile(r"^(?P<player>\S+) wins \D?(?P<winnings>[0-9.,]+)")
    RAKE_IMPLIED = True  # no rake line; the old client's «wins» lines are net of it
    JOINED = re.compile(r"^(?P<player>.+) has joined the table\.?$")
    # «$15/$30 USD Texas Hold'em - …»: a limit game is written by its stakes without «NL»; «NL Double
    # Hold'em» deals two boards
    OTHER_GAMES = re.compile(r"Double Hold'em|\d (?:[A-Z]{3} )?Texas Hold'em - ")
    TOURNAMENT = re.compile(r"Trny:|Buy-in")
    # Old tournament hands write the level («Blinds-Antes(400/800 -25)», «Blinds(20/40)»), not the blinds'
    # posts: the two seats after the button post them (heads-up: the button the small blind)
    _LEVEL: ClassVar[re.Pattern[str]] = re.compile(r"Blinds(?:-Antes)?\((?P<sb>[0-9.,]+)/(?P<bb>[0-9.,]+)")
    _DEALING: ClassVar[str] = "** Dealing down cards **"
    # The Mac client sometimes omits a line's end: «…Aces and Queens.Player4 wins $27,36 USD from the main
    # pot…», «Player3 is sitting outPlayer4 posts big blind…»; the next line is put back on its own line.
    _GLUED: ClassVar[re.Pattern[str]] = re.compile(
        r"(?<=[a-z]\.)(?=\S+ wins \D?[0-9])|(?<=is sitting out)(?=\S)", re.M)

    def normalize(self, text: str) -> str:
        return self._GLUED.sub("\n", text)

    # «anna posts big blind + dead [$0.03].»: a returning player's live big blind and, over it, a dead
    # small blind, in one sum the line names: the dead part is read as that seat's ante (dead money)
    _BIG_AND_DEAD: ClassVar[re.Pattern[str]] = re.compile(
        r"^(?P<player>.+) posts big blind \+ dead \[ ?\D?(?P<amount>[0-9.,]+)(?: *[^\]\d]*)?\]\.?$")

    def _split_dead(self, lines: list[str]) -> list[str]:
        big = next((m["blind_or_straddle"] for x in lines if " posts big blind [" in x
                    and (m := self.BLIND_OR_STRADDLE_POSTING.search(x))), None)
        out: list[str] = []
        for x in lines:
            m = self._BIG_AND_DEAD.match(x)
            if m is None or big is None:
                out.append(x)
                continue
            dead = Decimal(self.number(m["amount"])) - Decimal(self.number(big))
            if dead > 0:
                out.append(f"{m['player']} posts ante [{dead}]")
            out.append(f"{m['player']} posts big blind [{self.number(big)}].")
        return out

    def read(self, hand_text: str, parse_value: ParseValue, source: str) -> RawHand:
        # the level on its own line before the deal, not the header's: a hand dealt as the level changes
        # has «Level: 3  Blinds(50/100)» in its header and «Blinds(100/200)» below, the blinds it is played at
        level = next(reversed([*self._LEVEL.finditer(hand_text)]), None)
        lines = self._split_dead(hand_text.split("\n"))
        hand_text = "\n".join(lines)
        if level is None or self._DEALING not in lines or any(
                self.BLIND_OR_STRADDLE_POSTING.search(x) for x in lines):
            return self._read_checked(hand_text, parse_value, source)
        seat_of: dict[str, int] = {}
        for x in lines:
            if m := self.SEATS.search(x):
                seat_of.setdefault(str(m["player"]), int(m["seat"]))
        button = self.FINAL_SEAT.search(hand_text)
        # in the hand: who acts, and who wins (the big blind who wins the blinds uncontested writes no
        # action); a player moved to the table who waits for the blinds is listed but does neither
        winners = self.collected(hand_text, lambda written: parse_value(self.number(written))) or {}
        dealt = set(self.seated(hand_text)) | set(winners)
        order = sorted((seat, name) for name, seat in seat_of.items() if name in dealt)
        if button is None or len(order) < 2:
            return self._read_checked(hand_text, parse_value, source)
        after = [n for s, n in order if s > int(button["final_seat"])] + [n for s, n in order
                                                                          if s <= int(button["final_seat"])]
        small, big = (after[-1], after[0]) if len(after) == 2 else (after[0], after[1])
        posts = [f"{small} posts small blind [{level['sb']}].", f"{big} posts big blind [{level['bb']}]."]
        at = lines.index(self._DEALING)
        return self._read_checked("\n".join([*lines[:at], *posts, *lines[at:]]), parse_value, source)

    # A line of the deal before the first bet: a check (facing the big blind: he has posted) or a call with
    # the chips it adds; a bet, a raise or an all-in ends the part of the deal these checks read.
    _CHECKS: ClassVar[re.Pattern[str]] = re.compile(r"^(?P<player>.+) checks\.?$")
    _CALLS: ClassVar[re.Pattern[str]] = re.compile(r"^(?P<player>.+) calls \[ ?\D?(?P<amount>[0-9.,]+)")
    _RAISES: ClassVar[re.Pattern[str]] = re.compile(r" (?:bets|raises|is all-In) +\[")

    def _read_checked(self, hand_text: str, parse_value: ParseValue, source: str) -> RawHand:
        """The hand read, after refusing the forced bets the client did not write as they were paid."""
        lines = hand_text.split("\n")
        if self._DEALING in lines:
            deal = lines[lines.index(self._DEALING) + 1:]
            deal = deal[:next((k for k, x in enumerate(deal) if x.startswith("** Dealing ")), len(deal))]
            deal = deal[:next((k for k, x in enumerate(deal) if self._RAISES.search(x)), len(deal))]
            self._refuse_unwritten_posts(lines, deal, parse_value, source)
        return super().read(hand_text, parse_value, source)

    def _refuse_unwritten_posts(self, lines: list[str], deal: list[str], parse_value: ParseValue,
                                source: str) -> None:
        def value(written: str) -> Any:
            return parse_value(self.number(written))

        posted: dict[str, Any] = {}
        big: dict[str, Any] = {}
        stacks: dict[str, Any] = {}
        for x in lines:
            if m := self.BLIND_OR_STRADDLE_POSTING.search(x):
                posted.setdefault(m["player"], value(m["blind_or_straddle"]))
                if " posts big blind " in x:
                    big.setdefault(m["player"], value(m["blind_or_straddle"]))
            elif m := self.STARTING_STACKS.search(x):
                stacks.setdefault(m["player"], value(m["starting_stack"]))
        joined = {m["player"] for x in lines if self.JOINED is not None and (m := self.JOINED.search(x))}
        for x in lines:  # «Seat 2: anna ( $0 USD )», «anna has joined the table.»: no stack
            if (m := self.BLIND_OR_STRADDLE_POSTING.search(x)) and m["player"] in joined and stacks.get(
                    m["player"], 1) == 0:
                raise HandHistoryError(
                    N_("{file}: «{line}»: {player} sat down at the table during this hand and the {room} "
                       "client writes his stack as 0 (his chips are not written yet): without his stack the "
                       "hand cannot be replayed exactly."),
                    file=source, line=clip(x.strip(), 80), player=clip(m["player"], 40), room=self.NAME)
        for x in deal:
            if (m := self._CHECKS.match(x)) and m["player"] not in posted:
                raise HandHistoryError(
                    N_("{file}: «{line}»: {player} checks before the flop with no blind written for him: the "
                       "client posted his blind without writing it, and how much he paid (a big blind, or a "
                       "dead small blind too) the history does not say."),
                    file=source, line=clip(x.strip(), 80), player=clip(m["player"], 40))
            m = self._CALLS.match(x)
            if m is None or m["player"] in posted:
                continue
            short = [(p, b) for p, b in big.items() if b == stacks.get(p) and value(m["amount"]) > b]
            if short:
                raise HandHistoryError(
                    SHORT_BIG_BLIND,
                    file=source, line=clip(x.strip(), 80), player=clip(short[0][0], 40),
                    posted=str(short[0][1]), amount=str(value(m["amount"])))


