"""Seat names: the coach and the push/fold charts name every seat of a 2-10 player table alike."""

from __future__ import annotations

import pytest

from coach.feedback.ranges_data import FORMATS, load_range_table, parse_table, validate_table
from coach.positions import TABLE_POSITIONS, format_for, position_names, seat_position


def test_position_names() -> None:
    assert position_names(6) == ("UTG", "MP", "CO", "BTN", "SB", "BB")
    assert position_names(4) == ("CO", "BTN", "SB", "BB")
    assert position_names(2) == ("BTN", "BB")
    assert position_names(9)[0] == "UTG" and len(position_names(10)) == 10
    assert position_names(10)[:2] == ("UTG", "UTG")


def test_seat_position() -> None:
    # six seats, button on seat 5: seat 0 is the small blind, seat 2 under the gun
    assert [seat_position(6, 5, s) for s in range(6)] == ["SB", "BB", "UTG", "MP", "CO", "BTN"]
    assert seat_position(2, 1, 1) == "BTN" and seat_position(2, 1, 0) == "BB"


@pytest.mark.parametrize(("players", "fmt"),
                         [(2, "headsup"), (3, "6max"), (6, "6max"), (7, "9max"), (10, "9max")])
def test_format_for(players: int, fmt: str) -> None:
    assert format_for(players) == fmt


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_shipped_charts_name_the_same_positions(fmt: str) -> None:
    assert load_range_table(fmt).positions == TABLE_POSITIONS[fmt]


def test_the_validator_refuses_a_chart_with_other_positions() -> None:
    table = parse_table({"format": "6max", "positions": ["UTG", "HJ", "CO", "BTN", "SB", "BB"], "open": {}})
    assert any("positions" in p for p in validate_table(table))
