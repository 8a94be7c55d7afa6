"""anonymize: a room's hand keeps the hero's name and names every opponent by position, unique, with
the actions untouched; hero_of finds the one player whose hole cards the room wrote."""

from __future__ import annotations

from dataclasses import replace

import pytest

from coach.engine.phh import loads_phh
from coach.rooms import import_histories
from coach.rooms.privacy import anonymize, hero_of, name_labels, scrub_names, seat_names
from tests.support.rooms_export import export_histories

from .hands import SHOWDOWN, TOURNAMENT, histories


def _imported() -> list:
    report = import_histories(export_histories(histories(), "pokerstars", tournament=False), source="s.txt")
    return [h.history for h in report.hands if h.history is not None]


def test_the_hero_stays_and_the_opponents_become_positions() -> None:
    first, heads_up, _, tournament = _imported()
    assert first.names() == ("Anna_Rossi", "Bruno", "Carla")
    assert hero_of(first) == "Anna_Rossi"
    assert anonymize(first).names() == ("Anna_Rossi", "BB", "BTN")  # p1 is the small blind: the hero
    assert anonymize(heads_up).names() == ("p1", "BTN")  # heads-up: p1 is the big blind, the hero
    assert anonymize(tournament).names() == ("SB", "BB", "p3", "BTN")


def test_the_hand_is_unchanged_but_for_the_names() -> None:
    for history in _imported():
        out = anonymize(history)
        assert out.actions == history.actions and out.starting_stacks == history.starting_stacks
        assert out.replay().stacks == history.replay().stacks
        assert loads_phh(out.dumps()).names() == out.names()  # what the store keeps reads back


def test_an_explicit_hero_and_no_hero() -> None:
    hand = loads_phh(SHOWDOWN)  # every hole card known: the hero cannot be told
    assert hero_of(hand) is None
    assert anonymize(hand).names() == ("SB", "BB", "BTN")
    assert anonymize(hand, "Bruno").names() == ("SB", "Bruno", "BTN")
    assert hero_of(loads_phh(TOURNAMENT)) == "p3"


def test_names_are_unique_even_against_the_hero_and_at_ten_seats() -> None:
    hand = loads_phh(SHOWDOWN)
    named = replace(hand, players=("BB", "Bruno", "Carla"))  # the hero calls himself «BB»
    assert anonymize(named, "BB").names() == ("BB", "BB 2", "BTN")
    names = seat_names(10)
    assert len(set(names)) == 10 and names[-1] == "BTN" and names.count("UTG") == 1 and "UTG 2" in names


@pytest.mark.parametrize("n", range(2, 11))
def test_seat_names_end_with_the_button(n: int) -> None:
    names = seat_names(n)
    assert len(names) == n and len(set(names)) == n
    assert names[-1] == "BTN"
    assert names[0] == ("BB" if n == 2 else "SB")


def test_scrub_names_replaces_whole_opponent_names_and_keeps_the_hero() -> None:
    names = name_labels(("anna", "anna b", "Bruno", "BB"))  # PHH order: SB, BB, UTG, BTN
    said = "s.txt:9: «Bruno: posts straddle $4» after anna b and anna; Brunone, BB and the BB's pot"
    out = scrub_names(said, names, hero="anna b")
    assert out == "s.txt:9: «CO: posts straddle $4» after anna b and SB; Brunone, BTN and the BTN's pot"
    assert scrub_names(said, (), hero=None) == said  # nothing known: nothing to replace


def test_name_labels_are_positions_in_phh_order_else_seats() -> None:
    assert name_labels(("a", "b", "c")) == (("a", "SB"), ("b", "BB"), ("c", "BTN"))
    assert name_labels(("a", "b", "c"), ordered=False) == (("a", "p1"), ("b", "p2"), ("c", "p3"))


def test_a_refused_hand_names_its_players_for_the_scrub() -> None:
    text = export_histories(histories()[:1], "pokerstars").replace(
        "Anna_Rossi collected $68", "Anna_Rossi collected $86")
    outcome = import_histories(text).hands[0]
    assert outcome.status == "refused" and outcome.names == (("Anna_Rossi", "SB"), ("Bruno", "BB"),
                                                              ("Carla", "BTN"))
