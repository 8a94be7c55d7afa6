"""The hand in table terms: seats and button, forced bets, dealing, pots, showdown, result."""

from __future__ import annotations

import pytest

from coach.cards import parse_cards
from coach.engine import (
    AntePosted,
    BetReturned,
    BlindPosted,
    BoardDealt,
    CardBurned,
    Hand,
    HandMucked,
    HoleDealt,
    TableConfig,
)
from coach.errors import IllegalAction, InvalidInput

NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Gina", "Hugo", "Ines", "Luca")


def cfg(stacks: tuple[int, ...], button: int = 0, **kw: object) -> TableConfig:
    return TableConfig(NAMES[: len(stacks)], stacks, button, **kw)  # type: ignore[arg-type]


# -- seats, positions, PHH players -------------------------------------------------
def test_position_mapping_round_trips_and_puts_the_button_last() -> None:
    c = cfg((100,) * 6, button=3)
    assert [c.position_of(s) for s in range(6)] == [2, 3, 4, 5, 0, 1]
    assert all(c.seat_of(c.position_of(s)) == s for s in range(6))
    assert c.seat_of_player(1) == 4 == c.small_blind_seat   # p1 = small blind
    assert c.seat_of_player(6) == 3                         # pn = button
    assert c.player_of_seat(5) == 2 and c.big_blind_seat == 5
    with pytest.raises(InvalidInput):
        c.seat_of_player(7)


def test_heads_up_mapping_button_is_small_blind_and_p2() -> None:
    c = cfg((100, 100), button=1)
    assert c.small_blind_seat == 1 and c.big_blind_seat == 0
    assert c.seat_of_player(1) == 0 and c.seat_of_player(2) == 1


def test_from_positions_reads_phh_arrays() -> None:
    c = TableConfig.from_positions(["p1", "p2", "p3"], [50, 60, 70], [1, 2, 0], 0)
    assert c.button == 2 and c.blinds_by_seat == (1, 2, 0) and c.big_blind == 2
    hand = Hand.start(c, dealing="manual")
    assert hand.bets == (1, 2, 0) and hand.stacks == (49, 58, 70)
    hu = TableConfig.from_positions(["p1", "p2"], [100, 100], [1, 2], 0)   # PHH heads-up reads reversed
    hand2 = Hand.start(hu, dealing="manual")
    assert hand2.bets == (2, 1)   # p1 is the big blind, p2 the button posts the small blind


# -- order of play ------------------------------------------------------------------
def test_r04_r06_order_six_handed() -> None:
    hand = Hand.start(cfg((100,) * 6, button=2), seed=1)
    assert hand.bets == (0, 0, 0, 1, 2, 0)
    assert hand.actor == 5                         # left of the big blind
    for _ in range(4):
        hand.call()
    hand.call()                                    # small blind completes
    assert hand.actor == 4                         # big blind acts last preflop
    hand.check()
    assert hand.street == "flop" and hand.actor == 3   # first active left of the button


def test_r17_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    hand = Hand.start(cfg((100, 100), button=1), seed=2)
    assert hand.bets == (2, 1)
    assert hand.actor == 1
    hand.call()
    hand.check()
    assert hand.street == "flop" and hand.actor == 0
    hand.check()
    assert hand.actor == 1


def test_r05_dealer_burns_before_each_street_and_deals_from_the_left() -> None:
    hand = Hand.start(cfg((100, 100, 100), button=0), seed=4)
    dealt = [e.seat for e in hand.events if isinstance(e, HoleDealt)]
    assert dealt == [1, 2, 0]
    for _ in range(2):
        hand.call()
    hand.check()
    for _ in range(3):
        for _ in range(3):
            hand.check()
    kinds = [type(e).__name__ for e in hand.events if isinstance(e, CardBurned | BoardDealt)]
    assert kinds == ["CardBurned", "BoardDealt"] * 3
    assert [len(e.cards) for e in hand.events if isinstance(e, BoardDealt)] == [3, 1, 1]


def test_seeded_deck_is_reproducible_and_presets_are_respected() -> None:
    a = Hand.start(cfg((100,) * 4), seed=11, hole_cards={2: "AsAd"}, board="Kh")
    b = Hand.start(cfg((100,) * 4), seed=11, hole_cards={2: "AsAd"}, board="Kh")
    assert [a.hole_cards(s) for s in range(4)] == [b.hole_cards(s) for s in range(4)]
    assert a.hole_cards(2) == parse_cards("AsAd")
    c = Hand.start(cfg((100,) * 4), seed=12)
    assert [a.hole_cards(s) for s in range(4)] != [c.hole_cards(s) for s in range(4)]
    with pytest.raises(InvalidInput):
        Hand.start(cfg((100,) * 4), hole_cards={0: "AsKs", 1: "AsQd"})


def test_any_player_count_the_deck_allows() -> None:
    hand = Hand.start(TableConfig(tuple(f"P{i}" for i in range(22)), (50,) * 22, 0), seed=3)
    cards = [c for s in range(22) for c in hand.hole_cards(s) or ()]
    assert len(set(cards)) == 44
    with pytest.raises(InvalidInput):
        Hand.start(TableConfig(tuple(f"P{i}" for i in range(23)), (50,) * 23, 0))


# -- forced bets ---------------------------------------------------------------------
def test_r03_antes_each_and_big_blind_ante() -> None:
    hand = Hand.start(cfg((100, 100, 100), ante=1), seed=1)
    antes = [e for e in hand.events if isinstance(e, AntePosted)]
    assert [e.amount for e in antes] == [1, 1, 1]
    assert hand.pot_total == 6 and [p.amount for p in hand.pots()] == [3]
    bba = Hand.start(cfg((100, 100, 100, 100), ante=2, ante_mode="big_blind"), seed=1)
    antes = [e for e in bba.events if isinstance(e, AntePosted)]
    assert [(e.seat, e.amount) for e in antes] == [(2, 2)]
    assert bba.pot_total == 5 and bba.stacks[2] == 96
    bba.fold()
    bba.fold()
    bba.fold()   # everyone folds to the big blind: he takes back his blind and wins the rest
    assert bba.result is not None and bba.result.finishing_stacks == (100, 99, 101, 100)


def test_big_blind_all_in_for_less_than_the_blind() -> None:
    """We follow PokerKit: the others call what the big blind really posted (docs/RULES.md)."""
    hand = Hand.start(cfg((100, 100, 1)), seed=3)
    blinds = [e for e in hand.events if isinstance(e, BlindPosted)]
    assert [(e.kind, e.amount, e.all_in) for e in blinds] == [("small", 1, False), ("big", 1, True)]
    legal = hand.legal_actions()
    assert legal.call_amount == 1 and legal.min_raise_to == 3
    hand.call(0)
    assert hand.can_check(1)


# -- pots --------------------------------------------------------------------------------
def test_r12_uncontested_pot_returns_the_uncalled_bet_without_showdown() -> None:
    hand = Hand.start(cfg((100, 100, 100)), seed=5)
    hand.bet_or_raise_to(10)
    hand.fold()
    hand.fold()
    result = hand.result
    assert result is not None and result.uncontested and result.shown == ()
    assert result.returned == ((0, 8),)
    assert [e.amount for e in hand.events if isinstance(e, BetReturned)] == [8]
    assert result.awards[0].amount == 5 and result.finishing_stacks == (103, 99, 98)


def test_r13_bet_returned_when_the_caller_is_all_in_for_less() -> None:
    hand = Hand.start(cfg((100, 100, 30)), seed=6)
    hand.bet_or_raise_to(60)
    hand.fold()
    hand.call()           # Carol all-in for 30
    assert hand.result is not None
    assert (0, 30) in hand.result.returned
    assert sum(hand.result.finishing_stacks) == 230


def test_odd_chip_goes_to_the_first_winner_left_of_the_button() -> None:
    # Board plays a straight for both: Alice (button) and Carol split 5 chips.
    hand = Hand.start(cfg((100, 100, 100)), seed=1,
                      hole_cards={0: "2c3d", 1: "4h5h", 2: "2d3c"}, board="AsKdQhJcTs")
    hand.call(0)
    hand.fold(1)          # the small blind's 1 chip makes the pot odd
    hand.check(2)
    for _ in range(3):
        hand.check(2)
        hand.check(0)
    result = hand.result
    assert result is not None
    award = result.awards[0]
    assert award.amount == 5 and set(award.winners) == {0, 2}
    shares = dict(zip(award.winners, award.shares, strict=True))
    assert shares == {2: 3, 0: 2} and award.odd_chip_to == 2   # Carol sits left of the button


def test_side_pots_award_side_first_and_eligibility() -> None:
    hand = Hand.start(cfg((50, 100, 200, 200), button=3), seed=8,
                      hole_cards={0: "AsAd", 1: "KsKd", 2: "QsQd", 3: "7c2h"}, board="2c5d9hJs3c")
    hand.all_in(2)        # Carol (UTG... seat 2 is the big blind? button 3: SB 0, BB 1, UTG 2)
    hand.fold(3)
    hand.all_in(0)
    hand.all_in(1)
    result = hand.result
    assert result is not None
    assert [a.index for a in result.awards] == [1, 0]
    side, main = result.awards
    assert (main.amount, main.winners, set(main.eligible)) == (150, (0,), {0, 1, 2})
    assert (side.amount, side.winners, set(side.eligible)) == (100, (1,), {1, 2})
    assert result.finishing_stacks == (150, 100, 100, 200)


# -- showdown -------------------------------------------------------------------------------
def test_r14_no_river_bet_first_active_left_of_button_shows_first() -> None:
    hand = Hand.start(cfg((100, 100, 100), button=2), seed=2)
    hand.call()
    hand.call()
    hand.check()
    for _ in range(9):
        hand.check()
    assert hand.result is not None and hand.result.showdown_order == (0, 1, 2)


def test_muck_losers_option_lets_a_beaten_hand_muck() -> None:
    hand = Hand.start(cfg((100, 100)), seed=1, hole_cards={0: "AsAd", 1: "7c2h"},
                      board="Kd9s5c4h3d", muck_losers=True)
    hand.call(0)
    hand.check(1)
    for _ in range(2):            # flop and turn: checked
        hand.check(1)
        hand.check(0)
    hand.check(1)                 # river: Alice bets, Bob calls
    hand.bet_or_raise_to(2, 0)
    hand.call(1)
    assert hand.result is not None
    assert hand.result.mucked == (1,)
    assert [e.seat for e in hand.events if isinstance(e, HandMucked)] == [1]


# -- manual dealing and PHH codes -------------------------------------------------------------
def test_manual_replay_with_codes_and_unknown_cards() -> None:
    c = cfg((100, 100, 100))
    hand = Hand.start(c, dealing="manual")
    assert hand.actor is None
    for line in ("d dh p1 ????", "d dh p2 AsKs", "d dh p3 ????"):
        assert hand.apply_code(line) is None
    assert hand.hole_cards(1) is None and hand.hole_cards(2) == parse_cards("AsKs")
    rec = hand.apply_code("p3 cbr 6")
    assert rec is not None and rec.seat == 0 and rec.code == "p3 cbr 6"
    hand.apply_code("p1 f")
    hand.apply_code("p2 cc")
    with pytest.raises(IllegalAction):
        hand.apply_code("p2 cc")           # the dealer must deal the flop first
    hand.apply_code("d db 2c7d9h")
    hand.apply_code("p2 cc")
    hand.apply_code("p3 cc")
    hand.apply_code("d db Jc")
    hand.apply_code("p2 cc")
    hand.apply_code("p3 cc")
    hand.apply_code("d db 3s")
    hand.apply_code("p2 cc")
    hand.apply_code("p3 cc")
    assert hand.street == "showdown"
    hand.apply_code("p2 sm AsKs")
    hand.apply_code("p3 sm QdQc")
    assert hand.result is not None
    assert hand.result.winners == (0,)
    assert hand.phh_actions[-2:] == ("p2 sm AsKs", "p3 sm QdQc")


def test_auto_mode_refuses_manual_dealing() -> None:
    hand = Hand.start(cfg((100, 100)), seed=1)
    with pytest.raises(InvalidInput):
        hand.deal_board("2c3c4c")


def test_chips_are_conserved_in_a_long_hand() -> None:
    hand = Hand.start(cfg((37, 120, 80, 15, 200), button=1), seed=21)
    while not hand.is_complete:
        legal = hand.legal_actions()
        if "raise" in legal or "bet" in legal:
            assert legal.min_raise_to is not None
            hand.bet_or_raise_to(legal.min_raise_to)
        else:
            hand.call()
    assert hand.result is not None
    assert sum(hand.result.finishing_stacks) == 37 + 120 + 80 + 15 + 200


def test_manual_showdown_forms_show_known_unknown_and_muck() -> None:
    hand = Hand.start(cfg((100, 100, 100)), dealing="manual")
    for line in ("d dh p1 AsAd", "d dh p2 ????", "d dh p3 KsKd", "p3 cc", "p1 cc", "p2 cc",
                 "d db 2c7d9h", "p1 cc", "p2 cc", "p3 cc", "d db Jc", "p1 cc", "p2 cc", "p3 cc",
                 "d db 3s", "p1 cc", "p2 cc", "p3 cc"):
        hand.apply_code(line)
    hand.apply_code("p1 sm -")       # shows the cards as dealt
    hand.apply_code("p2 sm ????")    # shown, not recorded
    hand.apply_code("p3 sm")         # mucks
    result = hand.result
    assert result is not None and result.winners == (1,)   # p1 is seat 1 (button is seat 0)
    assert result.mucked == (0,) and [s.seat for s in result.shown] == [1]
    assert hand.phh_actions[-3:] == ("p1 sm AsAd", "p2 sm ????", "p3 sm")


def test_an_injected_random_generator_drives_the_deck() -> None:
    import random

    a = Hand.start(cfg((100,) * 3), seed=random.Random(5))
    b = Hand.start(cfg((100,) * 3), seed=5)
    assert [a.hole_cards(s) for s in range(3)] == [b.hole_cards(s) for s in range(3)]


def test_straddle_from_phh_arrays_is_narrated_as_a_blind() -> None:
    c = TableConfig.from_positions(["p1", "p2", "p3", "p4"], [100] * 4, [1, 2, 4, 0], 0)
    hand = Hand.start(c, dealing="manual")
    posted = [(e.seat, e.kind, e.amount) for e in hand.events if isinstance(e, BlindPosted)]
    assert posted == [(0, "small", 1), (1, "big", 2), (2, "other", 4)]
    for seat in range(4):
        hand.deal_hole(seat, None)
    legal = hand.legal_actions()
    assert hand.actor == 3 and legal.call_amount == 4 and legal.min_raise_to == 8


def test_heads_up_big_blind_ante_is_posted_by_the_big_blind() -> None:
    """PokerKit reads heads-up antes reversed, like the blinds: the engine hides it."""
    for button in (0, 1):
        c = cfg((100, 100), button=button, ante=2, ante_mode="big_blind")
        hand = Hand.start(c, seed=1)
        posted = [(e.seat, e.amount) for e in hand.events if isinstance(e, AntePosted)]
        assert posted == [(c.big_blind_seat, 2)]
        assert hand.stacks[c.big_blind_seat] == 96 and hand.stacks[c.button] == 99
    hu = TableConfig.from_positions(["p1", "p2"], [100, 100], [1, 2], [2, 0])   # raw PHH arrays
    assert hu.antes_by_seat == (0, 2) and hu.pokerkit_antes() == (2, 0)


def test_one_player_winning_main_and_side_pots_gets_one_award_per_pot() -> None:
    # PokerKit merges pots whose contenders coincide once losers are mucked;
    # the learner must still see the main pot and each side pot, side pots first.
    from coach.engine import Hand, TableConfig

    cfg = TableConfig(names=("a", "b", "c", "d"), stacks=(170, 140, 270, 280), button=3,
                      small_blind=1, big_blind=2)
    h = Hand.start(cfg, seed=1, hole_cards={0: "2c3d", 1: "2d3c", 2: "AsAh", 3: "4h5d"},
                   board="AdKs9c7h2s")
    while not h.is_complete:
        if h.legal_actions().can_raise:
            h.all_in()
        else:
            h.call()
    assert h.result is not None
    awards = h.result.awards
    assert [(a.index, a.amount, a.winners) for a in awards] == [(2, 200, (2,)), (1, 90, (2,)), (0, 560, (2,))]
    assert awards[0].eligible == (2, 3)
    assert h.result.finishing_stacks == (0, 0, 850, 10)


def test_side_pot_won_by_another_player_than_the_main_pot() -> None:
    from coach.engine import Hand, TableConfig

    cfg = TableConfig(names=("a", "b", "c"), stacks=(30, 100, 100), button=2, small_blind=1, big_blind=2)
    # a (short) has the best hand, b beats c for the side pot
    h = Hand.start(cfg, seed=2, hole_cards={0: "AsAh", 1: "KsKh", 2: "QsQh"}, board="2c7d9hJs3c")
    while not h.is_complete:
        if h.legal_actions().can_raise:
            h.all_in()
        else:
            h.call()
    assert h.result is not None
    assert [(a.amount, a.winners) for a in h.result.awards] == [(140, (1,)), (90, (0,))]
