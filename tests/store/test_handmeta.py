"""The searchable facts of a saved hand (coach/store/handmeta.py): room, players, the hero's
decisions, the search text; dates and literal wildcards in a search."""

from __future__ import annotations

from datetime import datetime

from coach.store.handmeta import date_range, hand_meta, like_pattern
from tests.rooms.hands import SHOWDOWN, TOURNAMENT

ROOM_HAND = SHOWDOWN + 'venue = "PokerStars"\n'


def test_a_rooms_hand_gives_its_room_players_and_the_heros_decisions() -> None:
    meta = hand_meta("Mano del martedì", ROOM_HAND)
    assert meta.room == "PokerStars"
    assert meta.players == "Anna Rossi, Bruno, Carla"
    assert meta.hero_decisions is None  # every hole card is known: the hero cannot be told
    assert "anna rossi" in meta.search and "pokerstars" in meta.search and "martedì" in meta.search


def test_the_hero_is_the_player_whose_cards_alone_are_known_or_the_builders_field() -> None:
    tournament = hand_meta("t", TOURNAMENT)  # only p3's cards: p3 raised, then bet the flop
    assert tournament.hero_decisions == 2 and tournament.room is None
    built = hand_meta("b", SHOWDOWN + "_hero = 3\n")  # Carla folded first: one decision
    assert built.hero_decisions == 1
    walk = hand_meta("w", TOURNAMENT.replace('"d dh p3 Th9h"', '"d dh p3 ????"') + "_hero = 4\n")
    assert walk.hero_decisions == 1  # p4 folded
    assert hand_meta("x", SHOWDOWN + "_hero = 9\n").hero_decisions is None  # no such player


def test_a_text_that_is_not_a_hand_is_searched_by_its_title() -> None:
    meta = hand_meta("Appunti", "not a hand at all")
    assert (meta.room, meta.players, meta.hero_decisions, meta.search) == (None, "", None, "appunti")


def test_dates_name_a_day_or_a_month_and_wrong_ones_are_text() -> None:
    assert date_range("12/11/2026") == (datetime(2026, 11, 12), datetime(2026, 11, 13))
    assert date_range("2026-11-12") == date_range("12.11.2026") == date_range("12-11-2026")
    assert date_range("12/2026") == (datetime(2026, 12, 1), datetime(2027, 1, 1))
    assert date_range("31/02/2026") is None and date_range("13/2026") is None and date_range("Anna") is None


def test_wildcards_are_literal_in_a_search_pattern() -> None:
    assert like_pattern("50%") == "%50\\%%"
    assert like_pattern("p_1\\x") == "%p\\_1\\\\x%"
    assert like_pattern("ANNA") == "%anna%"
