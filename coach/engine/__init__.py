"""The rules engine: a hand of Texas Hold'em in table terms, PokerKit behind it.

Public API (docs/API.md): :class:`TableConfig`, :class:`Hand`, :class:`LegalActions`,
:class:`ActionRecord`, the event classes, :class:`Pot`, :class:`HandResult`,
and the PHH action-code helpers.
"""

from coach.engine.codes import Code, format_code, parse_code
from coach.engine.config import TableConfig
from coach.engine.events import (
    ActionRecord,
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindPosted,
    BoardDealt,
    CardBurned,
    Event,
    HandMucked,
    HandShown,
    HoleDealt,
    PotAwarded,
    PotInfo,
    PotsFormed,
)
from coach.engine.hand import Hand, Street
from coach.engine.legal import LegalActions
from coach.engine.pots import HandResult, Pot, ShownHand

__all__ = [
    "ActionRecord", "ActionTaken", "AntePosted", "BetReturned", "BlindPosted", "BoardDealt",
    "CardBurned", "Code", "Event", "Hand", "HandMucked", "HandResult", "HandShown", "HoleDealt",
    "LegalActions", "Pot", "PotAwarded", "PotInfo", "PotsFormed", "ShownHand", "Street",
    "TableConfig", "format_code", "parse_code",
]
