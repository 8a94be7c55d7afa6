"""A file a user gives the app (uploaded or pasted): a PHH hand history or an online room's hands.

Learners have their rooms' histories (PokerStars, PartyPoker, iPoker ...), not PHH, and a
``.txt`` may be either: the Replayer, «Le mie mani» and the live class all read what they are
given through :func:`read_hand_file`, which asks the rooms' importer first (it detects a room by
its hands' first lines, a cheap scan under the same limits) and else reads PHH. A room's file
comes back with its :class:`~coach.rooms.ImportReport` (read, skipped with the reason, refused
with the line and the rule) and its readable hands; a PHH file with its parsed sections, as
before. A file that is neither says why in the words that fit it: the PHH reader's error for
what looks like TOML, the importer's (a room written in Italian, with the setting to switch) for
the rest.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from coach.engine.phh import HandHistory
from coach.errors import CoachError, InvalidInput
from coach.i18n import N_
from coach.learning.replay import MAX_BYTES, Section, load_sections
from coach.rooms import ImportReport, import_histories

__all__ = ["HandFile", "read_hand_file"]

# A line only a TOML (PHH) text starts with: «key = ...» or a [section]. A room writes neither.
_TOML_LIKE = re.compile(r"^[ \t]*(?:[\w\"'.-]+[ \t]*=|\[)", re.M)


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
    report = import_histories(data, source=name, limit=limit)
    if report.room is not None and report.problem is None:
        return HandFile(name, [h.history for h in report.hands if h.history is not None], report)
    if report.room is not None:  # a room's file refused as a whole (too many hands)
        raise InvalidInput(N_("The file {name} cannot be read: {problem}"), name=name, problem=report.problem)
    try:
        return HandFile(name, load_sections(name, data))
    except CoachError:
        text = data[:64 * 1024].decode("utf-8", errors="replace")
        if _TOML_LIKE.search(text) or name.lower().endswith((".phh", ".phhs", ".toml")):
            raise
        raise InvalidInput(N_("The file {name} is neither a PHH hand history nor an online room's history "
                              "that can be read: {problem}"), name=name, problem=report.problem) from None
