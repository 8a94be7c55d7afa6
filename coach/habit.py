"""The daily habit, kept sober: a goal of decisions a day and the streak of days that met it.

Nothing here looks like money or a prize: a learner sees how many decisions
they made today against their own goal, and for how many days in a row they
met it. A day that has not met the goal yet does not break the streak until it
is over (yesterday's streak still counts this morning).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta

DEFAULT_GOAL = 10
MIN_GOAL = 1
MAX_GOAL = 200
HORIZON_DAYS = 400  # how far back a streak is counted


@dataclass(frozen=True)
class Habit:
    goal: int
    today: int  # decisions made today
    streak: int  # consecutive days that met the goal, up to today (or yesterday if today is not met yet)

    @property
    def met_today(self) -> bool:
        return self.today >= self.goal

    @property
    def share(self) -> float:
        return min(1.0, self.today / self.goal) if self.goal else 1.0


def clamp_goal(value: object) -> int:
    """A goal from the preferences: a whole number in range, else the default."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return DEFAULT_GOAL
    try:
        number = int(value)
    except (OverflowError, ValueError):  # inf, nan
        return DEFAULT_GOAL
    return max(MIN_GOAL, min(MAX_GOAL, number))


def habit(days: Mapping[str, int], today: date, goal: int) -> Habit:
    """``days`` maps ISO dates to decisions made that day (see ``Store.decision_days``)."""
    goal = clamp_goal(goal)
    count = int(days.get(today.isoformat(), 0))
    day = today if count >= goal else today - timedelta(days=1)
    streak = 0
    while streak < HORIZON_DAYS and days.get(day.isoformat(), 0) >= goal:
        streak += 1
        day -= timedelta(days=1)
    return Habit(goal, count, streak)
