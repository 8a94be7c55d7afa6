"""The iPoker network's hands as text (``GAME #… Texas Hold'em NL €0.05/€0.10``), beside its XML files.

Read to the layout of the text files in fpdb's public test data (``regression-test-files/cash/PokerTracker``,
the files named ``*.iPoker.*``: the client's own text, «Version:18.9.3.4 Uncalled:Y», and an older one
without the version): seats with «DEALER» after the button's, «Post SB/BB/Ante», the cards suit first
(«[HA CA]», the older client «[dJ s7 h6]»), «Raise (NF) €1.00» to the street's total, «Call» and «Allin»
with the chips they add, «Total pot €7.52 Rake €0.53» and «wins €7.52» after the rake. The game is written
once per hand, so another game (Omaha) is skipped by its header.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from pokerkit.notation import REParser

from coach.rooms.textroom import TextRoom

__all__ = ["IPokerText"]

_AMOUNT = r"\D?(?P<{}>[0-9][0-9.,]*)"


@dataclass
class IPokerText(TextRoom, REParser):
    KEY = "ipoker_text"
    NAME = "iPoker"
    SIGNATURE = re.compile(r"^GAME #\d+[: ]", re.M)
    RAISE = "to"
    FINAL_SEAT = re.compile(r"^Seat (?P<final_seat>\d+): .+ DEALER$", re.M)
    VARIANT = re.compile(r"^GAME #\d+:? (?:Version:\S+ Uncalled:\S+ )?Texas Hold'em +(?P<variant>NL) ", re.M)
    VARIANTS: ClassVar[dict[str, str]] = {"NL": "NT"}
    SEATS = re.compile(r"^Seat (?P<seat>\d+): (?P<player>.+?) \(\D?[0-9][0-9.,]* in chips\)")
    STARTING_STACKS = re.compile(r"^Seat \d+: (?P<player>.+?) \(" + _AMOUNT.format("starting_stack")
                                 + r" in chips\)")
    ANTE_POSTING = re.compile(r"^(?P<player>.+?): Post Ante " + _AMOUNT.format("ante") + "$")
    BLIND_OR_STRADDLE_POSTING = re.compile(r"^(?P<player>.+?): (?:Post )?[SB]B(?: Allin)? "
                                           + _AMOUNT.format("blind_or_straddle") + "$")
    HOLE_DEALING = re.compile(r"^Dealt to (?P<player>.+?) \[(?P<cards>[^\]\n]+)\]$")
    BOARD_DEALING = re.compile(r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\* \[(?P<cards>[^\]\n]+)\]$")
    FOLDING = re.compile(r"^(?P<player>.+?): Fold$")
    CHECKING_OR_CALLING = re.compile(r"^(?P<player>.+?): (?:Check|Call \D?[0-9][0-9.,]*)$")
    COMPLETION_BETTING_OR_RAISING = re.compile(
        r"^(?P<player>.+?): (?:Bet|Raise(?: \(NF\)| to)?|Allin) " + _AMOUNT.format("amount") + "$")
    HOLE_CARDS_SHOWING = re.compile(r"^(?P<player>.+?): Shows \[(?P<cards>[^\]\n]+)\]")
    VARIABLES: ClassVar[dict[str, tuple[re.Pattern[str], Any]]] = {
        "hand": (re.compile(r"^GAME #(?P<hand>\d+)", re.M), str),
        "table": (re.compile(r"^Table (?P<table>[^\n]{1,60})", re.M), str),
    }
    PLAYER_VARIABLES: ClassVar[dict[str, Any]] = {}
    COLLECTED = re.compile(r"^(?P<player>.+?): wins " + _AMOUNT.format("winnings"))
    RAKE = re.compile(r"^Total pot \D?[0-9][0-9.,]* Rake " + _AMOUNT.format("rake"), re.M)
    TOURNAMENT = re.compile(r"^GAME #[^\n]* Tournament ", re.M)
    _ALL_IN: ClassVar[re.Pattern[str]] = re.compile(r"^.+?: Allin ")

    def raise_total(self, bets: dict[str, Any], player: str, amount: Any, line: str) -> Any:
        """«Allin» writes the chips the player adds (a call or a raise for his last chips), «Bet» and
        «Raise» the street's total."""
        return bets[player] + amount if self._ALL_IN.match(line) else amount

    def cards(self, written: str) -> str:
        """The suit first («HA», «D10», the older client's «dJ»)."""
        return super().cards(" ".join(c[1:] + c[:1].lower() for c in written.split()))
