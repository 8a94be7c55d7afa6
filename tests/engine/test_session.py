"""A session of hands: the button moves, busted players leave, heads-up, levels, antes."""

from __future__ import annotations

import pytest

from coach.engine.events import AntePosted, BlindPosted
from coach.engine.hand import Hand
from coach.engine.phh import loads_phh
from coach.engine.session import BlindLevel, Session
from coach.errors import InvalidInput

NAMES = ("Anna", "Bruno", "Carla", "Dario")


def fold_round(hand: Hand) -> None:
    """Everybody folds to the big blind (or checks when free): the hand ends at once."""
    while not hand.is_complete:
        legal = hand.legal_actions()
        if legal.can_check:
            hand.check()
        else:
            hand.fold()


def call_down(hand: Hand) -> None:
    """Everybody calls or checks to the showdown (the dealer does the rest)."""
    while not hand.is_complete:
        legal = hand.legal_actions()
        if legal.can_check:
            hand.check()
        else:
            hand.call()


def blinds_posted(hand: Hand) -> dict[int, int]:
    return {e.seat: e.amount for e in hand.events if isinstance(e, BlindPosted)}


def antes_posted(hand: Hand) -> dict[int, int]:
    return {e.seat: e.amount for e in hand.events if isinstance(e, AntePosted)}


def bust(session: Session, loser: int, winner: int) -> None:
    """Play a hand in which table seat ``loser`` goes all-in and loses to ``winner``.

    Preset cards: the winner holds aces, the loser 7-2 offsuit, on a board that
    helps neither. Everyone else folds.
    """
    hand = session.start_hand(hole_cards={winner: "AsAh", loser: "7d2c"}, board="KsQd9c4h3s")
    lo, wi = session.hand_seat(loser), session.hand_seat(winner)
    while not hand.is_complete:
        legal = hand.legal_actions()
        seat = hand.actor
        if seat == lo:
            if legal.can_raise or legal.can_bet:
                hand.all_in()
            elif legal.can_call:
                hand.call()
            else:
                hand.check()
        elif seat == wi:
            if legal.can_call:
                hand.call()
            elif legal.can_check:
                hand.check()
            else:  # pragma: no cover - the winner always can call or check
                hand.all_in()
        elif legal.can_check:
            hand.check()
        else:
            hand.fold()
    record = session.finish_hand()
    assert loser in record.busted


# -- the button -----------------------------------------------------------------------


def test_button_moves_one_seat_clockwise_each_hand() -> None:
    session = Session(NAMES, 100, button=0, seed=1)
    buttons = []
    for _ in range(6):
        config, seats = session.next_config()
        buttons.append(seats[config.button])
        hand = session.start_hand()
        # small blind left of the button, big blind left of the small blind
        posted = blinds_posted(hand)
        b = seats.index(buttons[-1])
        assert posted == {(b + 1) % 4: 1, (b + 2) % 4: 2}
        fold_round(hand)
        session.finish_hand()
    assert buttons == [0, 1, 2, 3, 0, 1]
    assert sum(session.stacks) == 400


def test_busted_player_leaves_and_blinds_skip_the_empty_seat() -> None:
    session = Session(NAMES, (100, 10, 100, 100), button=3, seed=2)
    # hand 1: button Dario (3), SB Anna (0), BB Bruno (1); Bruno busts to Carla
    bust(session, loser=1, winner=2)
    assert session.stacks[1] == 0
    assert session.active_seats == (0, 2, 3)
    # hand 2: the button moves on to Anna, Bruno's seat is skipped: SB Carla, BB Dario
    assert session.button == 0
    _config, seats = session.next_config()
    assert seats == (0, 2, 3)
    hand = session.start_hand()
    assert {seats[s]: a for s, a in blinds_posted(hand).items()} == {2: 1, 3: 2}
    fold_round(hand)
    session.finish_hand()
    # hand 3: button Carla (the next seat with chips after Anna)
    assert session.button == 2
    assert sum(session.stacks) == 310


def test_heads_up_rule_applies_when_two_players_remain() -> None:
    session = Session(("Anna", "Bruno", "Carla"), (100, 100, 5), button=0, seed=3)
    # hand 1: button Anna, SB Bruno, BB Carla; Carla busts against Anna
    bust(session, loser=2, winner=0)
    assert session.active_seats == (0, 1)
    assert session.button == 1
    config, seats = session.next_config()
    assert config.heads_up and seats[config.button] == 1
    hand = session.start_hand()
    button = config.button
    other = 1 - button
    # the button posts the small blind and acts first preflop...
    assert blinds_posted(hand) == {button: 1, other: 2}
    assert hand.actor == button
    hand.call()
    hand.check()
    # ...and last after the flop
    assert hand.street == "flop"
    assert hand.actor == other
    hand.check()
    assert hand.actor == button
    call_down(hand)
    session.finish_hand()
    # the button keeps alternating heads-up
    assert session.button == 0


def test_session_ends_when_one_player_has_all_the_chips() -> None:
    session = Session(("Anna", "Bruno"), (100, 10), button=0, mode="tournament", seed=4)
    bust(session, loser=1, winner=0)
    assert session.is_over
    assert session.stacks == (110, 0)
    assert session.eliminated == [1]
    assert session.standings() == (0, 1)
    with pytest.raises(InvalidInput):
        session.start_hand()


def test_players_busted_in_the_same_hand_finish_by_starting_stack() -> None:
    session = Session(("Anna", "Bruno", "Carla"), (200, 10, 20), button=0, mode="tournament", seed=5)
    hand = session.start_hand(hole_cards={0: "AsAh", 1: "7d2c", 2: "8d3c"}, board="KsQd9c4h5s")
    while not hand.is_complete:
        legal = hand.legal_actions()
        if hand.actor == 0:
            hand.call() if legal.can_call else hand.check()
        elif legal.can_raise or legal.can_bet:
            hand.all_in()
        elif legal.can_call:
            hand.call()
        else:
            hand.check()
    record = session.finish_hand()
    assert set(record.busted) == {1, 2}
    # Bruno started with less: out first, Carla finishes second
    assert session.eliminated == [1, 2]
    assert session.standings() == (0, 2, 1)


# -- levels and antes -------------------------------------------------------------------


def test_tournament_levels_rise_every_n_hands() -> None:
    levels = (BlindLevel(1, 2), BlindLevel(2, 4), BlindLevel(5, 10, ante=1))
    session = Session(NAMES, 1000, levels=levels, hands_per_level=2, mode="tournament", seed=6)
    seen = []
    for _ in range(7):
        hand = session.start_hand()
        blinds, antes = sorted(blinds_posted(hand).values()), set(antes_posted(hand).values())
        seen.append((session.level_index, blinds, antes))
        fold_round(hand)
        record = session.finish_hand()
        assert record.level == levels[record.level_index]
    assert [s[0] for s in seen] == [0, 0, 1, 1, 2, 2, 2]
    assert [s[1] for s in seen] == [[1, 2]] * 2 + [[2, 4]] * 2 + [[5, 10]] * 3
    assert [s[2] for s in seen] == [set()] * 4 + [{1}] * 3
    assert sum(session.stacks) == 4000


def test_antes_each_and_big_blind_ante() -> None:
    each = Session(NAMES, 100, levels=BlindLevel(1, 2, ante=1), seed=7)
    hand = each.start_hand()
    assert antes_posted(hand) == {0: 1, 1: 1, 2: 1, 3: 1}
    fold_round(hand)
    each.finish_hand()
    assert sum(each.stacks) == 400

    bb = Session(NAMES, 100, levels=BlindLevel(1, 2, ante=2), ante_mode="big_blind", seed=7)
    config, _seats = bb.next_config()
    hand = bb.start_hand()
    assert antes_posted(hand) == {config.big_blind_seat: 2}
    fold_round(hand)
    bb.finish_hand()
    assert sum(bb.stacks) == 400


def test_cash_game_keeps_its_blinds_and_allows_top_ups() -> None:
    session = Session(NAMES, 100, levels=BlindLevel(1, 2), seed=8)
    for _ in range(5):
        hand = session.start_hand()
        assert sorted(blinds_posted(hand).values()) == [1, 2]
        fold_round(hand)
        session.finish_hand()
    session.add_chips(0, 50)
    assert sum(session.stacks) == 450
    before = session.stacks[3]
    assert before > 0
    assert session.leave(3) == before
    assert session.stacks[3] == 0 and 3 not in session.active_seats
    assert sum(session.stacks) == 450 - before
    with pytest.raises(InvalidInput):
        Session(NAMES, 100, levels=(BlindLevel(1, 2), BlindLevel(2, 4)), hands_per_level=3)


def test_tournament_refuses_top_ups_and_leaving() -> None:
    session = Session(NAMES, 100, mode="tournament")
    with pytest.raises(InvalidInput):
        session.add_chips(0, 10)
    with pytest.raises(InvalidInput):
        session.leave(0)


# -- guards -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"names": ("A",), "stacks": 100},
        {"names": NAMES, "stacks": (100, 100)},
        {"names": NAMES, "stacks": (100, 0, 0, 0)},
        {"names": NAMES, "stacks": 100, "button": 4},
        {"names": NAMES, "stacks": (0, 100, 100, 100), "button": 0},
        {"names": NAMES, "stacks": 100, "levels": ()},
        {"names": NAMES, "stacks": 100, "levels": (BlindLevel(1, 2), BlindLevel(2, 4)), "mode": "tournament"},
        {"names": NAMES, "stacks": 100, "levels": (BlindLevel(2, 4), BlindLevel(1, 2)), "mode": "tournament",
         "hands_per_level": 5},
        {"names": NAMES, "stacks": 100, "hands_per_level": 0},
    ],
)
def test_bad_sessions_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidInput):
        Session(**kwargs)  # type: ignore[arg-type]


def test_bad_levels_are_refused() -> None:
    with pytest.raises(InvalidInput):
        BlindLevel(0, 0)
    with pytest.raises(InvalidInput):
        BlindLevel(3, 2)
    with pytest.raises(InvalidInput):
        BlindLevel(1, 2, ante=-1)


def test_one_hand_at_a_time() -> None:
    session = Session(NAMES, 100, seed=9)
    with pytest.raises(InvalidInput):
        session.finish_hand()
    hand = session.start_hand()
    with pytest.raises(InvalidInput):
        session.start_hand()
    with pytest.raises(InvalidInput):
        session.finish_hand()  # not over yet: nothing recorded
    assert session.hands_played == 0 and session.stacks == (100,) * 4
    fold_round(hand)
    session.finish_hand()
    assert session.hands_played == 1


def test_seeded_sessions_deal_the_same_cards() -> None:
    def first_hands(seed: int) -> list[tuple[object, ...]]:
        session = Session(NAMES, 100, seed=seed)
        out = []
        for _ in range(3):
            hand = session.start_hand()
            out.append(tuple(hand.hole_cards(s) for s in range(4)))
            fold_round(hand)
            session.finish_hand()
        return out

    assert first_hands(11) == first_hands(11)
    assert first_hands(11) != first_hands(12)


def test_recorded_hands_export_as_phh_and_replay() -> None:
    session = Session(NAMES, 100, levels=BlindLevel(1, 2, ante=1), seed=10)
    hand = session.start_hand()
    call_down(hand)
    record = session.finish_hand()
    text = record.phh(event="test")
    history = loads_phh(text, "session.phh")
    assert history.extra["hand"] == 1 and history.extra["event"] == "test"
    again = history.replay()
    assert again.result is not None and hand.result is not None
    assert again.result.finishing_stacks == history.expected_finishing_stacks()
    assert tuple(sorted(again.result.finishing_stacks)) == tuple(sorted(hand.result.finishing_stacks))


def test_heads_up_big_blind_ante_is_paid_by_the_big_blind() -> None:
    session = Session(("Anna", "Bruno"), 100, levels=BlindLevel(1, 2, ante=2), ante_mode="big_blind", seed=12)
    config, _seats = session.next_config()
    hand = session.start_hand()
    assert antes_posted(hand) == {config.big_blind_seat: 2}


def test_leaving_the_button_seat_passes_the_button_on() -> None:
    session = Session(NAMES, 100, button=1, seed=13)
    session.leave(1)
    assert session.button == 2
    config, seats = session.next_config()
    assert seats == (0, 2, 3) and seats[config.button] == 2
    with pytest.raises(InvalidInput):
        session.start_hand(hole_cards={1: "AsAh"})  # seat 1 is empty: not dealt in
    assert session.current is None


def test_a_refused_start_leaves_the_session_unchanged() -> None:
    a, b = Session(NAMES, 100, seed=14), Session(NAMES, 100, seed=14)
    with pytest.raises(InvalidInput):
        a.start_hand(hole_cards={0: "AsAh", 1: "AsKd"})  # the ace of spades twice
    assert a.current is None
    ha, hb = a.start_hand(), b.start_hand()
    assert [ha.hole_cards(s) for s in range(4)] == [hb.hole_cards(s) for s in range(4)]
