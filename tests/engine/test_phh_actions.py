"""PHH's action lines and amounts: parsed exactly, written back in the file's units, refused by name."""

from __future__ import annotations

from decimal import Decimal

import pytest

from coach.engine.phh_actions import format_units, parse_action, parse_number, split_action
from coach.errors import HandHistoryError


def test_a_decimal_raise_is_scaled_to_whole_chips_and_written_back_as_it_was() -> None:
    raw = split_action("f.phh", 3, "p2 cbr 2.5 # a small raise")
    action = parse_action("f.phh", raw, players=3, scale=10)
    assert (action.kind, action.seat, action.amount, action.comment) == ("bet_raise", 1, 25, "a small raise")
    assert action.code(10) == "p2 cbr 2.5 # a small raise"
    assert format_units(13880, 100) == "138.80" and format_units(500, 100) == "5"


def test_unknown_cards_stay_unknown() -> None:
    action = parse_action("f.phh", split_action("f.phh", 1, "d dh p1 ????"), players=2, scale=1)
    assert action.cards == (None, None) and action.known_cards is None


def test_a_player_the_hand_does_not_have_is_refused_naming_the_file_and_the_action() -> None:
    with pytest.raises(HandHistoryError) as err:
        parse_action("f.phh", split_action("f.phh", 4, "p9 f"), players=2, scale=1)
    assert err.value.params["file"] == "f.phh" and err.value.params["number"] == 4


def test_an_amount_must_be_a_finite_non_negative_number() -> None:
    assert parse_number("f.phh", "min_bet", Decimal("0.25")) == Decimal("0.25")
    for bad in (Decimal("inf"), -1, True, "2"):
        with pytest.raises(HandHistoryError):
            parse_number("f.phh", "min_bet", bad)
