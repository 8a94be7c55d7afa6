"""The daily goal and the streak."""

from __future__ import annotations

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from coach.habit import DEFAULT_GOAL, MAX_GOAL, clamp_goal, habit

TODAY = date(2026, 12, 1)


def test_a_streak_counts_days_that_met_the_goal_up_to_today() -> None:
    days = {"2026-11-28": 12, "2026-11-29": 10, "2026-11-30": 11, "2026-12-01": 10}
    h = habit(days, TODAY, 10)
    assert (h.today, h.streak, h.met_today, h.share) == (10, 4, True, 1.0)


def test_today_not_met_yet_keeps_yesterdays_streak() -> None:
    days = {"2026-11-29": 10, "2026-11-30": 11, "2026-12-01": 3}
    h = habit(days, TODAY, 10)
    assert (h.today, h.streak, h.met_today) == (3, 2, False) and h.share == 0.3


def test_a_missed_day_breaks_the_streak() -> None:
    days = {"2026-11-28": 10, "2026-11-29": 2, "2026-11-30": 11}
    assert habit(days, TODAY, 10).streak == 1
    assert habit({}, TODAY, 10).streak == 0


def test_goals_out_of_range_are_clamped() -> None:
    assert [clamp_goal(x) for x in (0, 5, 10**9, "7", True, float("nan"), float("inf"), 7.9)] == [
        1, 5, MAX_GOAL, DEFAULT_GOAL, DEFAULT_GOAL, DEFAULT_GOAL, DEFAULT_GOAL, 7]


@given(st.dictionaries(st.dates(min_value=date(2025, 1, 1), max_value=TODAY).map(date.isoformat),
                       st.integers(0, 30)), st.integers(1, 30))
def test_the_streak_never_exceeds_the_days_that_met_the_goal(days: dict[str, int], goal: int) -> None:
    h = habit(days, TODAY, goal)
    assert 0 <= h.streak <= sum(1 for n in days.values() if n >= goal)
