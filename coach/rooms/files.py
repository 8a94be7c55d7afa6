"""The one front door for a user's hand files: :func:`read_hand_files`, one set of limits, one detection.

Why one door: the Replayer, «Le mie mani», the live class's upload and paste and the session review
all read what a user gives them, a PHH file or a room's history; read in two places, the limits,
the encodings and the room's detection drifted apart (a file the Replayer read was refused by the
review). Here each file is checked for its size, decoded whatever encoding the room's client wrote
(:func:`coach.rooms.encoding.decode_hand_text`), given to the room the registry finds
(:func:`coach.rooms.catalog.find_room`) or else read as PHH sections, and the hands of all the
files are counted against one limit. The limits are by file size and hand count (and, in the
importer, by hand and line of a hand), never by a line of the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from coach.engine.phh import split_phhs
from coach.errors import CoachError, InvalidInput
from coach.i18n import N_
from coach.limits import MAX_FILE_BYTES, MAX_HAND_BYTES, kb_up
from coach.rooms.encoding import decode_hand_text
from coach.rooms.importer import MAX_HANDS_PER_FILE, ImportReport, import_histories

__all__ = ["COMMAND", "UPLOAD", "HandText", "Limits", "read_hand_files"]

# A line only a TOML (PHH) text starts with: «key = ...» or a [section]. A room writes neither.
_TOML_LIKE = re.compile(r"^[ \t]*(?:[\w\"'.-]+[ \t]*=|\[)", re.M)


@dataclass(frozen=True)
class Limits:
    """How large one file may be, and how many hands all the files of one request may hold."""

    file_bytes: int
    hands: int


# A page's upload or paste (Streamlit's own upload limit is the same 1 MB) and a session review;
# a command on the user's own computer reads larger files.
UPLOAD: Final[Limits] = Limits(MAX_HAND_BYTES, 5000)
COMMAND: Final[Limits] = Limits(MAX_FILE_BYTES, MAX_HANDS_PER_FILE)


@dataclass(frozen=True)
class HandText:
    """One file read: a room's (``report`` set, one outcome per hand) or PHH (``sections``, parsed TOML)."""

    name: str
    text: str
    report: ImportReport | None = None
    sections: tuple[tuple[str, Mapping[str, Any]], ...] = ()

    @property
    def room(self) -> str | None:
        return None if self.report is None else self.report.room

    @property
    def hand_count(self) -> int:
        return len(self.report.hands) if self.report is not None else len(self.sections)


def _text(name: str, data: bytes | str, limits: Limits) -> str:
    if len(data) > limits.file_bytes:
        raise InvalidInput(
            N_("The file {name} is too large ({size} KB): a hand history is at most {limit} KB."),
            name=name, size=kb_up(len(data)), limit=limits.file_bytes // 1024)
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    text, problem = decode_hand_text(data)
    if text is None:
        raise InvalidInput(
            N_("The file {name} cannot be read as text: is it really a hand history? ({problem})"),
            name=name, problem=problem)
    return text


def _one(name: str, data: bytes | str, limits: Limits, room_hands: int) -> HandText:
    text = _text(name, data, limits)
    if not text.strip():
        raise InvalidInput(N_("The file {name} is empty."), name=name)
    report = import_histories(text, source=name, limit=max(limits.file_bytes, len(text)),
                              max_hands=room_hands)
    if report.room is not None:
        if report.problem is not None:  # a room's file refused as a whole (too many hands)
            raise InvalidInput(N_("The file {name} cannot be read: {problem}"), name=name,
                               problem=report.problem)
        return HandText(name, text, report)
    try:
        sections = tuple((source, table) for source, table in split_phhs(text, name) if table)
    except (RecursionError, MemoryError):
        raise InvalidInput(N_("The hand history {name} is nested too deeply or too large to be read."),
                           name=name) from None
    except CoachError:
        if _TOML_LIKE.search(text[:64 * 1024]) or name.lower().endswith((".phh", ".phhs", ".toml")):
            raise
        raise InvalidInput(N_("The file {name} is neither a PHH hand history nor an online room's history "
                              "that can be read: {problem}"), name=name, problem=report.problem) from None
    if not sections:
        raise InvalidInput(N_("The file {name} holds no hand."), name=name)
    return HandText(name, text, None, sections)


def read_hand_files(files: Iterable[tuple[str, bytes | str]], limits: Limits = UPLOAD) -> list[HandText]:
    """Each ``(name, bytes or text)`` file read; raises :class:`InvalidInput` naming the file and why.

    A file is refused whole when it is over ``limits.file_bytes``, not text in an encoding a room
    writes, empty, neither a room's history nor PHH, or when the files hold more than
    ``limits.hands`` hands together. A room's file keeps every hand's outcome (read, skipped, refused
    with the reason); PHH sections are parsed, not yet validated (the Replayer validates the hand it
    shows, the review every hand).
    """
    out: list[HandText] = []
    total = 0
    for name, data in files:
        read = _one(name, data, limits, max(0, limits.hands - total))
        total += read.hand_count
        if total > limits.hands:
            raise InvalidInput(N_("The files hold more than {limit} hands: read at most {limit} at a time."),
                               limit=limits.hands)
        out.append(read)
    return out
