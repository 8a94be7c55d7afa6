"""The rooms' registry: a room is one class, and once registered the importer, the upload's peek and
the pages' lists find it; each room of the registry is complete (name, signature, a fixture writer)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from coach.review.peek import peek_upload
from coach.rooms import ROOMS, find_room, import_histories, room_names
from coach.rooms.catalog import Acpc
from tests.support.rooms_export import ROOM_WRITERS, export_histories
from tests.support.toyroom import toy_room, toy_text

from .hands import histories


def test_a_toy_room_added_as_one_class_is_found_by_the_importer_and_the_peek() -> None:
    text = toy_text()
    assert import_histories(text).room is None  # unknown before it is registered
    with toy_room():
        assert find_room(text) is not None and find_room(text).NAME == "ToyPoker"  # type: ignore[union-attr]
        report = import_histories(text)
        assert report.room == "ToyPoker" and report.problem is None
        assert [o.status for o in report.hands] == ["ok"] * 4
        up = peek_upload([("toy.txt", text.encode())])
        assert up.hands == 4 and "Anna_Rossi" in up.players
        assert "ToyPoker" in room_names()
        assert room_names()[-1] == "ACPC"  # registered before the fallback
    assert "ToyPoker" not in room_names()


def test_every_room_has_a_name_a_signature_and_a_fixture_writer() -> None:
    keys = [room.KEY for room in ROOMS]
    assert len(set(keys)) == len(keys)
    for room in ROOMS:
        assert room.NAME and room.SIGNATURE.pattern
        assert room.KEY in ROOM_WRITERS, room.KEY  # tests/support/rooms_export.py writes its fixtures


@pytest.mark.parametrize("key", [room.KEY for room in ROOMS if room.KEY != "acpc"])
def test_find_room_names_the_room_that_wrote_the_file(key: str) -> None:
    text = export_histories(histories()[:1], key)
    room = find_room(text)
    assert room is not None and room.KEY == key


def test_acpc_is_a_room_of_the_registry_found_only_without_another_header() -> None:
    assert any(isinstance(room, Acpc) for room in ROOMS)
    line = "STATE:1:r300c/cc/cc/cc:Ks6d|Qh5c/9c7h3s/5d/Jc:-300|300:Alice|Bob\n"
    assert find_room(line).KEY == "acpc"  # type: ignore[union-attr]
    stars = export_histories(histories()[:1], "pokerstars")
    assert find_room(line + stars).KEY == "pokerstars"  # type: ignore[union-attr]


def test_no_private_pokerkit_method_is_called() -> None:
    """pokerkit's ``_parse_*`` methods are private: the rooms use its public patterns only."""
    root = Path(__file__).resolve().parents[2] / "coach"
    private = re.compile(r"\._parse_(?:final_seat|seats|players|variant|antes|blinds_or_straddles"
                         r"|starting_stacks|actions|variables|player_variables)\b|\._get_ordered_players\b|\._format_cards\b")
    calls = [str(p) for p in root.rglob("*.py") if private.search(p.read_text(encoding="utf-8"))]
    assert calls == []
