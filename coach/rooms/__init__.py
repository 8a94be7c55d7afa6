"""Hand histories of online rooms: detected, read with pokerkit's parsers, replayed by the engine.

:func:`import_histories` is the one entry point (the ``import`` command, and later the
upload pages); :mod:`coach.rooms.export` writes engine hands in the rooms' formats.
"""

from __future__ import annotations

from coach.rooms.importer import (
    MAX_HANDS_PER_FILE,
    MAX_LINE_CHARS,
    HandOutcome,
    ImportReport,
    import_histories,
)

__all__ = ["MAX_HANDS_PER_FILE", "MAX_LINE_CHARS", "HandOutcome", "ImportReport", "import_histories"]
