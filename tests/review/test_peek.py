"""coach.review.peek: the page's one scan of an upload (limits, hands counted, players) for each format."""

from __future__ import annotations

import pytest

from coach.engine.phh import loads_phhs
from coach.errors import InvalidInput
from coach.i18n import get_translator
from coach.limits import MAX_HAND_BYTES
from coach.review import peek
from coach.review.peek import peek_upload
from tests.support.rooms_export import export_histories

from .conftest import session_text


def test_a_phh_session_is_counted_and_its_most_present_player_guessed() -> None:
    text = session_text()
    up = peek_upload([("s.phhs", text.encode())])
    hands = loads_phhs(text, "s.phhs")
    assert up.hands == len(hands) == 12
    assert up.hero == "Tu" and up.players[0] == "Tu"
    assert set(up.players) == {p for h in hands for p in h.players or ()}
    assert up.texts == (("s.phhs", text),)


@pytest.mark.parametrize("room", ["pokerstars", "partypoker", "ipoker"])
def test_a_rooms_file_is_counted_and_its_players_listed(room: str) -> None:
    hands = loads_phhs(session_text(), "s.phhs")
    text = export_histories(hands, room, hero="Tu")
    up = peek_upload([(f"s.{room}", text.encode())])
    assert up.hands == 12
    assert up.hero == "Tu"
    assert set(up.players) == {p for h in hands for p in h.players or ()}


def test_several_files_add_up() -> None:
    text = session_text()
    up = peek_upload([("a.phhs", text.encode()), ("b.phhs", text.encode())])
    assert up.hands == 24 and len(up.texts) == 2


@pytest.mark.parametrize(("data", "needle"), [
    (b" " * (MAX_HAND_BYTES + 1), "too large"),
    (b"\xff\xfe\x00garbage", "UTF-8"),
    (b"  \n", "no hand"),
])
def test_the_upload_limits_are_checked_on_the_page(data: bytes, needle: str) -> None:
    with pytest.raises(InvalidInput) as err:
        peek_upload([("x.phhs", data)])
    assert needle in err.value.localized(get_translator("en"))


def test_more_hands_than_a_review_reads_are_refused_before_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(peek, "MAX_SESSION_HANDS", 20)
    text = session_text().encode()
    peek_upload([("a.phhs", text)])
    with pytest.raises(InvalidInput):
        peek_upload([("a.phhs", text), ("b.phhs", text)])
