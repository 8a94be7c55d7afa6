"""What «Le mie mani» searches and filters on, read once from a hand's PHH when it is saved.

A learner with thousands of imported hands looks for one by a player's name, the room, the
title or the day, and narrows the list to the hands where they had a decision. Reading every
PHH text at each search would be slow and cannot be done in SQL; so these few facts are taken
from the hand when it is stored (and by revision 0011 for the hands kept before it) and kept
in columns of ``user_hands``: the page pages and filters in SQL. Pure functions: the store and
the migration call them, the tests call them directly. A text that is not a readable hand still
gets its title searched.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from coach.engine.phh import HandHistory, loads_phh
from coach.errors import CoachError
from coach.limits import clip
from coach.rooms.privacy import hero_of

__all__ = ["HERO_FIELD", "MAX_PLAYERS_TEXT", "MAX_ROOM", "HandMeta", "date_range", "hand_meta",
           "like_pattern", "search_key"]

HERO_FIELD = "_hero"  # the builder's PHH field: the hero's player number (1 = p1)
MAX_ROOM = 40  # a room's name (PHH ``venue``) as kept for the filter
MAX_PLAYERS_TEXT = 1000  # the players' names, joined, as kept for the list and the search
DECISIONS = frozenset({"fold", "check_call", "bet_raise"})


@dataclass(frozen=True)
class HandMeta:
    """The searchable facts of one hand (None where the hand does not say)."""

    room: str | None  # the PHH ``venue`` of a room's hand ("PokerStars"); None for a built hand
    players: str  # the players' names, «, »-joined
    hero_decisions: int | None  # how many times the hero acted; None when the hero is not known
    search: str  # title, players and room, case-folded: what a search matches


def search_key(text: str) -> str:
    """How a search compares text: case-folded, so «anna» finds «Anna» on every database."""
    return text.casefold()


def _hero_seat(history: HandHistory) -> int | None:
    number = history.extra.get(HERO_FIELD)
    if isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= history.player_count:
        return number - 1
    name = hero_of(history)
    names = history.names()
    return names.index(name) if name is not None and name in names else None


def hand_meta(title: str, phh: str) -> HandMeta:
    """The facts of a hand: its room, its players, the hero's decisions, and its search text."""
    try:
        history = loads_phh(phh, source="PHH")
    except (CoachError, ValueError, TypeError):  # not a readable hand: only its title is searched
        return HandMeta(None, "", None, search_key(title))
    venue = history.extra.get("venue")
    room = clip(venue.strip(), MAX_ROOM) if isinstance(venue, str) and venue.strip() else None
    players = clip(", ".join(history.names()), MAX_PLAYERS_TEXT)
    seat = _hero_seat(history)
    decisions = None if seat is None else sum(
        1 for a in history.actions if a.seat == seat and a.kind in DECISIONS)
    search = search_key("\n".join((title, players, room or "")))
    return HandMeta(room, players, decisions, search)


_DAY = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})")  # 12/11/2026, 12.11.2026, 12-11-2026
_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")  # 2026-11-12
_MONTH = re.compile(r"(\d{1,2})[/.-](\d{4})")  # 11/2026


def date_range(word: str) -> tuple[datetime, datetime] | None:
    """The days a search word names (a day or a month, Italian order or ISO), or None if not a date.

    The list shows when each hand was saved as «12/11/2026 21:30»: typing that day finds its hands.
    """
    try:
        if m := _DAY.fullmatch(word):
            start = datetime(int(m[3]), int(m[2]), int(m[1]))
            return start, start + timedelta(days=1)
        if m := _ISO.fullmatch(word):
            start = datetime(int(m[1]), int(m[2]), int(m[3]))
            return start, start + timedelta(days=1)
        if m := _MONTH.fullmatch(word):
            year, month = int(m[2]), int(m[1])
            start = datetime(year, month, 1)
            return start, datetime(year + month // 12, month % 12 + 1, 1)
    except ValueError:  # 31/02/2026, month 13: searched as text (and found nowhere)
        return None
    return None


def like_pattern(word: str) -> str:
    """A ``LIKE`` pattern that finds ``word`` anywhere, its ``%``, ``_`` and ``\\`` taken literally
    (escape character ``\\``): a search for «50%» finds «50%», not everything."""
    escaped = search_key(word).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"
