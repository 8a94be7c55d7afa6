"""read_hand_file: PHH or a room's file, told apart; a file that is neither says why in the words that fit."""

from __future__ import annotations

import pytest

from coach.errors import CoachError, HandHistoryError, InvalidInput
from coach.i18n import get_translator
from coach.learning.handfile import read_hand_file
from tests.rooms.hands import SHOWDOWN, histories
from tests.support.rooms_export import export_histories

EN = get_translator("en")


@pytest.mark.parametrize("room,name,venue", [("pokerstars", "s.txt", "PokerStars"),
                                             ("partypoker", "p.txt", "PartyPoker"),
                                             ("ipoker", "i.xml", "iPoker")])
def test_a_room_file_comes_with_its_report(room: str, name: str, venue: str) -> None:
    hands = histories()[:3]  # the tournament's antes: PokerStars only
    hand_file = read_hand_file(name, export_histories(hands, room).encode())
    assert hand_file.report is not None and hand_file.room is not None and venue in hand_file.room
    assert len(hand_file.hands) == hand_file.report.count("ok") == 3


def test_a_phh_file_is_read_as_before() -> None:
    hand_file = read_hand_file("mano.txt", SHOWDOWN.encode())
    assert hand_file.report is None and len(hand_file.hands) == 1


def _problem(name: str, data: bytes) -> tuple[type[CoachError], str]:
    with pytest.raises(CoachError) as info:
        read_hand_file(name, data)
    return type(info.value), info.value.localized(EN)


def test_what_is_neither_says_why() -> None:
    italian = "Mano PokerStars n. 1: Hold'em No Limit\nPosto 1: a (2 € in fiches)\n"
    kind, text = _problem("it.txt", italian.encode())
    assert kind is InvalidInput and "written in Italian" in text and "it.txt" in text
    kind, text = _problem("x.xml", b"<session><game>nothing</game></session>")
    assert kind is InvalidInput and "no hand of a known room" in text
    kind, text = _problem("rotta.txt", b"variant = 'NT'\nactions = [\n")  # TOML: the PHH reader's words
    assert kind is HandHistoryError and "TOML" in text


def test_a_room_file_with_too_many_hands_is_refused_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("coach.learning.handfile.MAX_HANDS_PER_FILE", 2)
    kind, text = _problem("s.txt", export_histories(histories(), "pokerstars").encode())
    assert kind is InvalidInput and "more than the limit of 2" in text
