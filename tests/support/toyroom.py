"""A made-up room, written as one class, for the test that a room is found everywhere once registered.

«ToyPoker» writes PokerStars' lines under its own header («ToyPoker Hand #…»): the class below is
all a new room of that kind needs (docs/ARCHITECTURE.md, «Aggiungere una room»).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from coach.i18n import N_
from coach.rooms import ROOMS, register
from coach.rooms.catalog import PokerStars
from tests.rooms.hands import histories
from tests.support.rooms_export import export_histories


@dataclass
class ToyPoker(PokerStars):
    KEY = "toypoker"
    NAME = "ToyPoker"
    SIGNATURE = re.compile(r"^ToyPoker Hand #", re.M)
    GUIDE = N_("In the client's settings, in the section on the hand history, turn on saving the hand "
               "histories and choose the language **English**.")


def toy_text() -> str:
    """Four hands in ToyPoker's format (PokerStars' lines, the header renamed)."""
    return export_histories(histories(), "pokerstars").replace("PokerStars Hand #", "ToyPoker Hand #")


@contextmanager
def toy_room() -> Iterator[ToyPoker]:
    """ToyPoker registered for the duration of the block, then removed."""
    room = register(ToyPoker())
    try:
        yield room
    finally:
        ROOMS.remove(room)
