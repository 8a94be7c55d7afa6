"""The decision maths and the grade scale, on plain numbers (no engine)."""

from __future__ import annotations

import pytest

from coach.feedback.grading import Grade, grade_for_loss, stake_bb, tie_margin
from coach.feedback.maths import (
    MAX_FOLD,
    Spot,
    bettor_range_width,
    call_threshold,
    equity_needed,
    ev_bet,
    ev_call,
    ev_check,
    exact_draw_odds,
    pot_odds_ratio,
    rule_of_2_and_4,
    spr,
)


def test_pot_odds_of_the_issue_example() -> None:
    # "Paghi 12 per vincere 35: ti serve il 25,5% di equity"
    assert equity_needed(12, 35) == pytest.approx(12 / 47)
    assert round(equity_needed(12, 35) * 100, 1) == 25.5
    assert pot_odds_ratio(12, 35) == pytest.approx(35 / 12)
    assert equity_needed(0, 35) == 0.0 and pot_odds_ratio(0, 35) is None


def test_call_ev_is_zero_exactly_at_the_needed_equity() -> None:
    for call, pot in [(12, 35), (1, 20), (50, 100), (7, 3)]:
        assert ev_call(equity_needed(call, pot), pot, call) == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize(("equity", "call", "pot", "expected"), [
    # all-in with a flush draw (9 outs of 46 = 19.6%) when the price asks for 33%: an error
    (9 / 46, 15, 30, Grade.ERRORE),
    # the same draw when the price asks for 4.8% (1 into 20): calling is right
    (9 / 46, 1, 20, Grade.OTTIMA),
])
def test_all_in_calls_graded_by_their_exact_ev(equity: float, call: int, pot: int, expected: Grade) -> None:
    bb = 2
    call_ev = ev_call(equity, pot, call)
    best = max(call_ev, 0.0)
    stake = pot / bb  # the pot at the decision (these deep calls are not short-stack preflop spots)
    assert grade_for_loss((best - call_ev) / bb, stake) == expected


def test_flush_draw_call_loses_about_what_the_issue_says() -> None:
    # pay 12 to win 35 with 19.6%: the call loses 2.8 chips
    assert ev_call(9 / 46, 35, 12) == pytest.approx(-2.80, abs=0.01)


def test_check_and_bet_values() -> None:
    assert ev_check(0.5, 20) == 10
    # a bluff that always works wins the pot; one that never works loses the bet
    assert ev_bet(20, 10, 10, 1.0, 0.0) == 20
    assert ev_bet(20, 10, 10, 0.0, 0.0) == -10
    # the nuts called: win pot + both bets, minus the bet
    assert ev_bet(20, 10, 10, 0.0, 1.0) == 30


def test_calling_model_is_tighter_against_bigger_bets() -> None:
    thresholds = [call_threshold(100, a, a) for a in (25, 50, 100, 200, 400)]
    assert thresholds == sorted(thresholds)
    assert 0.5 < thresholds[2] < 1.0
    # a raise reads stronger than a bet of the same size
    assert call_threshold(100, 100, 100, is_raise=True) > call_threshold(100, 100, 100)
    assert bettor_range_width(10, 1000) == 0.25
    assert 0 < MAX_FOLD < 1


def test_rule_of_2_and_4_next_to_the_exact_odds() -> None:
    assert rule_of_2_and_4(9, 2) == pytest.approx(0.36)
    assert rule_of_2_and_4(9, 1) == pytest.approx(0.18)
    assert exact_draw_odds(9, 46, 1) == pytest.approx(9 / 46)
    assert exact_draw_odds(9, 47, 2) == pytest.approx(1 - (38 / 47) * (37 / 46))
    assert rule_of_2_and_4(15, 2) > exact_draw_odds(15, 47, 2)  # the rule overestimates big draws
    assert rule_of_2_and_4(3, 0) == 0.0


def test_spr_and_spot() -> None:
    assert spr(189, 11) == pytest.approx(17.18, abs=0.01)
    assert spr(10, 0) is None
    s = Spot(pot=35, to_call=12, hero_stack=189, villain_stacks=(165,), equity=1.0, big_blind=2)
    assert s.effective_stack == 177 and not s.facing_all_in and not s.call_is_all_in
    shove = Spot(pot=30, to_call=15, hero_stack=15, villain_stacks=(0,), equity=0.2, big_blind=2)
    assert shove.facing_all_in and shove.call_is_all_in


@pytest.mark.parametrize(("loss", "stake", "estimate", "grade"), [
    # at a stake of 10 bb the scale reads as the big-blind scale trainers use: 0.1, 0.4, 1.2, 4 bb
    (0.0, 10, False, Grade.OTTIMA), (0.09, 10, False, Grade.OTTIMA), (0.1, 10, False, Grade.BUONA),
    (0.39, 10, False, Grade.BUONA), (1.0, 10, False, Grade.IMPRECISA), (1.2, 10, False, Grade.ERRORE),
    (3.99, 10, False, Grade.ERRORE), (4.0, 10, False, Grade.ERRORE_GRAVE),
    (60.0, 10, False, Grade.ERRORE_GRAVE),
    (0.15, 10, True, Grade.OTTIMA), (2.0, 10, True, Grade.IMPRECISA), (7.9, 10, True, Grade.ERRORE),
    # the same loss is small in a big pot and large in a small one
    (0.45, 1.5, False, Grade.ERRORE), (0.45, 10, False, Grade.IMPRECISA), (0.45, 100, False, Grade.OTTIMA),
    (0.19, 1.0, False, Grade.ERRORE),
])
def test_grade_scale(loss: float, stake: float, estimate: bool, grade: Grade) -> None:
    assert grade_for_loss(loss, stake, estimate=estimate) is grade


def test_stake_is_the_pot_or_a_short_stack_preflop() -> None:
    assert stake_bb(12.0, 100.0, preflop=False) == 12.0
    assert stake_bb(1.5, 10.0, preflop=True) == 10.0  # push/fold: the stack is what is at stake
    assert stake_bb(1.5, 100.0, preflop=True) == 1.5  # deep: the pot
    assert stake_bb(11.0, 10.0, preflop=True) == 11.0  # calling a shove: the pot already holds it
    assert stake_bb(0.5, 0.5, preflop=False) == 1.0  # never below a big blind
    assert tie_margin(10.0) == pytest.approx(0.1) and tie_margin(10.0, estimate=True) == pytest.approx(0.2)


def test_grades_order_and_labels() -> None:
    assert [g.value for g in Grade] == ["ottima", "buona", "imprecisa", "errore", "errore grave"]
    assert Grade.BUONA.at_least(Grade.ERRORE) is Grade.ERRORE
    assert Grade.ERRORE_GRAVE.at_least(Grade.ERRORE) is Grade.ERRORE_GRAVE
    assert Grade.ERRORE.is_mistake and not Grade.IMPRECISA.is_mistake
