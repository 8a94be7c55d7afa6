"""A file a user gives the app (uploaded or pasted): a PHH hand history or an online room's hands.

Learners have their rooms' histories (PokerStars, iPoker, 888poker ...), not PHH, and a ``.txt`` may
be either: the Replayer, «Le mie mani» and the live class read what they are given through
:func:`read_hand_file`, which is the one front door for a user's file
(:func:`coach.rooms.files.read_hand_files`: one set of limits, one detection of the room, every
encoding a room writes) with the Replayer's hand count. A room's file comes back with its
:class:`~coach.rooms.ImportReport` (read, skipped with the reason, refused with the line and the
rule) and its readable hands; a PHH file with its parsed sections.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from coach.engine.phh import HandHistory
from coach.learning.replay import MAX_BYTES, Section, bounded
from coach.rooms import MAX_HANDS_PER_FILE, ImportReport
from coach.rooms.files import Limits, read_hand_files

__all__ = ["HandFile", "read_hand_file"]


@dataclass(frozen=True)
class HandFile:
    """The hands of a file, each ready for :func:`coach.learning.replay.script_of`.

    ``report`` is set for a room's file (``hands`` are then its ``ok`` hands, possibly none).
    """

    name: str
    hands: Sequence[HandHistory | Section]
    report: ImportReport | None = None

    @property
    def room(self) -> str | None:
        return None if self.report is None else self.report.room


def read_hand_file(name: str, data: bytes, *, limit: int = MAX_BYTES) -> HandFile:
    """The hands of ``data``; raises a :class:`CoachError` when no hand of it can be read at all."""
    [read] = bounded(name, lambda: read_hand_files([(name, data)], Limits(limit, MAX_HANDS_PER_FILE)))
    if read.report is not None:
        return HandFile(name, [h.history for h in read.report.hands if h.history is not None], read.report)
    return HandFile(name, list(read.sections))
