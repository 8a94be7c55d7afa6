"""Hand histories of online rooms: each room one class in :data:`ROOMS`, read, replayed by the engine.

:func:`import_histories` reads one room's file (the ``import`` command; the pages go through
:func:`coach.rooms.files.read_hand_files`, the one front door for a user's file); :func:`find_room`
says which room wrote a text. How to add a room: docs/ARCHITECTURE.md.
"""

from __future__ import annotations

from coach.rooms.catalog import ROOMS, file_types, find_room, register, room_names
from coach.rooms.importer import (
    MAX_HANDS_PER_FILE,
    MAX_LINE_CHARS,
    HandOutcome,
    ImportReport,
    import_histories,
)

__all__ = ["MAX_HANDS_PER_FILE", "MAX_LINE_CHARS", "ROOMS", "HandOutcome", "ImportReport", "file_types",
           "find_room", "import_histories", "register", "room_names"]
