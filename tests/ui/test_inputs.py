"""The widget-value checks (coach/ui/inputs.py): what a crafted client may send, refused or bounded."""

from __future__ import annotations

import math

import pytest

from coach.ui.inputs import HUGE_AMOUNT, amount, member, whole


@pytest.mark.parametrize(("value", "expected"), [
    (5, 5), (5.0, 5), (" 7 ", 7), (0, 0), (10, 10),
    (11, None), (-1, None), (2.5, None), (math.inf, None), (math.nan, None), ("abc", None), ("", None),
    (True, None), (None, None), ([3], None), ("9" * 40, None),
])
def test_whole_numbers_in_range(value: object, expected: int | None) -> None:
    assert whole(value, 0, 10) == expected


@pytest.mark.parametrize(("value", "expected"), [
    (40, 40), (40.0, 40), (math.inf, HUGE_AMOUNT), (1e300, HUGE_AMOUNT), (10**30, HUGE_AMOUNT),
    (math.nan, None), (-math.inf, None), (2.5, None), ("x", None), (False, None), (-5, -5),
])
def test_amounts_are_whole_and_bounded(value: object, expected: int | None) -> None:
    assert amount(value) == expected


def test_membership_is_by_value_and_type() -> None:
    assert member(20, (0, 20, 30)) == 20
    assert member("20", (0, 20, 30)) is None  # a string where the list offers numbers
    assert member(True, (0, 1)) is None  # True == 1, but it is not an option
    assert member("abc", ["cash", "tournament"]) is None
    assert member("cash", ["cash", "tournament"]) == "cash"
