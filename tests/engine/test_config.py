"""The table configuration: seats, positions and PHH players, the forced bets each seat posts, and the
refusals of a table that cannot be dealt. Seats count from 0; positions from the first seat left of
the button (PHH's p1)."""

from __future__ import annotations

import pytest

from coach.engine.config import TableConfig
from coach.engine.hand import Hand
from coach.errors import InvalidInput

NAMES = ("Anna", "Bruno", "Carla", "Dario")


def table(stacks: tuple[int, ...] = (100, 100, 100, 100), button: int = 1, **kw: object) -> TableConfig:
    return TableConfig(NAMES[: len(stacks)], stacks, button, **kw)  # type: ignore[arg-type]


def test_positions_start_left_of_the_button() -> None:
    t = table(button=1)  # four seats, the button on seat 1: seat 2 is p1 (small blind), seat 1 p4
    assert [t.position_of(s) for s in range(4)] == [2, 3, 0, 1]
    assert [t.player_of_seat(s) for s in range(4)] == [3, 4, 1, 2]
    assert [t.seat_of_player(p) for p in (1, 2, 3, 4)] == [2, 3, 0, 1]
    assert (t.small_blind_seat, t.big_blind_seat) == (2, 3)


def test_heads_up_the_button_posts_the_small_blind() -> None:
    t = table((100, 100), button=0)
    assert t.heads_up and (t.small_blind_seat, t.big_blind_seat) == (0, 1)
    assert t.blinds_by_seat_effective() == (1, 2)
    # PokerKit reads the heads-up blinds reversed: positions are (big blind, button), sent as (1, 2)
    assert t.blinds_in_positions() == (2, 1) and t.pokerkit_blinds() == (1, 2)


def test_forced_bets_per_seat() -> None:
    t = table(button=1, ante=1)
    assert t.blinds_by_seat_effective() == (0, 0, 1, 2)
    assert t.antes_by_seat_effective() == (1, 1, 1, 1)
    bba = table(button=1, ante=2, ante_mode="big_blind")
    assert bba.antes_by_seat_effective() == (0, 0, 0, 2)  # the big blind pays everyone's ante
    assert table(button=1).effective_min_bet == 2  # the big blind unless set
    assert table(button=1, min_bet=4).effective_min_bet == 4


def test_round_trip_between_seats_and_positions() -> None:
    t = table((10, 20, 30, 40), button=1)
    assert t.stacks_in_positions() == (30, 40, 10, 20)  # p1 is seat 2
    assert t.positions_to_seats(t.seats_to_positions((10, 20, 30, 40))) == (10, 20, 30, 40)


def test_from_positions_reads_phh_arrays() -> None:
    t = TableConfig.from_positions(["p1", "p2", "p3"], [50, 60, 70], [1, 2, 0], 0)
    assert t.button == 2 and t.blinds_by_seat_effective() == (1, 2, 0) and t.stacks == (50, 60, 70)


@pytest.mark.parametrize(("kw", "fragment"), [
    ({"stacks": (100, 0, 100, 100)}, "above zero"),
    ({"button": 4}, "button"),
    ({"small_blind": 3, "big_blind": 2}, "larger than the big blind"),
    ({"small_blind": 0, "big_blind": 0, "min_bet": 2}, "something must be in the pot"),
    ({"structure": "XL"}, "betting structure"),
    ({"min_bet": 0}, "at least one chip"),
])
def test_tables_that_cannot_be_dealt_are_refused(kw: dict[str, object], fragment: str) -> None:
    args: dict[str, object] = {"stacks": (100, 100, 100, 100), "button": 1, **kw}
    with pytest.raises(InvalidInput) as exc:
        TableConfig(NAMES, **args)  # type: ignore[arg-type]
    assert fragment in str(exc.value)


@pytest.mark.parametrize("seat", [4, -1, True, 0.0, "0"])
def test_a_seat_is_a_plain_int_on_the_table(seat: object) -> None:
    with pytest.raises(InvalidInput):
        table().check_seat(seat)


def test_names_must_be_distinct_and_present() -> None:
    with pytest.raises(InvalidInput):
        TableConfig(("Anna", "Anna"), (100, 100), 0)
    with pytest.raises(InvalidInput):
        TableConfig(("Anna", " "), (100, 100), 0)
    with pytest.raises(InvalidInput):
        TableConfig(("Anna",), (100,), 0)  # one player is no game


def test_a_blind_posted_out_of_turn_is_pokerkits_negative_post() -> None:
    """PHH writes a live blind posted out of turn (a player returning to the table) negative: the
    poster is not the last to speak before the flop; a negative ante stays bad input."""
    t = TableConfig.from_positions(["a", "b", "c", "d"], [100, 100, 100, 100], [1, 2, -2, 0], 0)
    assert t.big_blind == 2 and t.small_blind == 1 and t.blinds_in_positions() == (1, 2, -2, 0)
    hand = Hand.start(t, seed=1)
    assert hand.legal_actions().actor == 2  # the poster speaks first, in his turn (a straddle would not)
    with pytest.raises(InvalidInput):
        TableConfig.from_positions(["a", "b", "c"], [100, 100, 100], [1, 2, 0], [0, 0, -1])
