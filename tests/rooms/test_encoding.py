"""A room's file in the encoding its client wrote: UTF-16 (Full Tilt), Windows-1252 (PokerStars' euro
tables), Latin-1, a byte-order mark; binary files refused with the reason."""

from __future__ import annotations

import pytest

from coach.i18n import get_translator
from coach.rooms import import_histories
from coach.rooms.encoding import decode_hand_text
from coach.rooms.files import read_hand_files
from tests.support.rooms_export import export_histories

from .hands import histories

EN = get_translator("en")


def _euro(room: str) -> str:
    """The room's file with euros and accented names, as an Italian player's would be."""
    hands = histories() if room == "pokerstars" else [h for h in histories() if not any(h.antes)]
    return export_histories(hands, room).replace("$", "€").replace("Anna_Rossi", "Anna_Rossì")


@pytest.mark.parametrize("encoding", ["utf_8", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be", "cp1252"])
@pytest.mark.parametrize("room", ["fulltilt", "pokerstars"])
def test_a_room_file_in_each_encoding_is_read(room: str, encoding: str) -> None:
    text = _euro(room)
    report = import_histories(text.encode(encoding))
    assert report.problem is None, EN.render(report.problem)
    assert report.hands and [o.status for o in report.hands] == ["ok"] * len(report.hands)
    assert report.hands[0].history is not None and "Anna_Rossì" in (report.hands[0].history.players or ())


def test_latin_1_is_read() -> None:
    text = export_histories(histories(), "pokerstars").replace("Anna_Rossi", "Anna_Rossì")
    report = import_histories(text.encode("latin_1"))
    assert report.problem is None and report.count("ok") == 4


@pytest.mark.parametrize("data", [bytes(range(256)) * 8, b"\xff\xfe\x00garbage",
                                  b"PK\x03\x04\x00\x00\x08\x00"])
def test_binary_files_are_refused_with_the_reason(data: bytes) -> None:
    text, problem = decode_hand_text(data)
    assert text is None and problem is not None
    assert "encoding" in EN.render(problem) or "control character" in EN.render(problem)


def test_the_front_door_reads_every_encoding_for_every_page() -> None:
    text = _euro("pokerstars")
    [read] = read_hand_files([("ft.txt", text.encode("utf_16"))])
    assert read.report is not None and read.report.count("ok") == 4
