"""analyze(): figures, refusals, multiway, and the hand left untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from coach.engine import Hand, TableConfig
from coach.engine.phh import load_phh
from coach.errors import InvalidInput
from coach.feedback import Grade, analyze
from coach.feedback.analysis import count_outs, draws
from coach.i18n import render

SPOTS = Path(__file__).resolve().parent / "spots"


def spot(name: str) -> Hand:
    return load_phh(SPOTS / f"{name}.phh").replay(require_complete=False)


def test_river_call_ev_is_exact_and_the_hand_is_untouched() -> None:
    hand = spot("river-hu-nuts-vs-allin")
    before = hand.snapshot()
    a = analyze(hand)
    assert hand.snapshot() == before
    call = a.option("cc")
    assert not call.estimate and a.equity is not None and a.equity.method == "exact"
    # equity 1 against the range: call 195 to win 205 -> +205 chips = 102.5 bb
    assert call.ev_bb == pytest.approx(205 / 2)
    assert a.best == "cc" and a.option("fold").grade is Grade.ERRORE_GRAVE
    assert a.equity_needed == pytest.approx(195 / 400)


def test_the_learner_choice_is_graded_too() -> None:
    a = analyze(spot("pf-6max-btn-ajs-seed"), candidates=["cbr 13", "p6 cbr 5"])
    big = a.option("cbr 13")
    assert big.grade.rank > a.option("cbr 5").grade.rank  # 6.5 big blinds is too big an open
    assert "6,5" in render(big.explanation)


def test_multiway_monte_carlo_and_json() -> None:
    a = analyze(spot("flop-6max-3way-nfd-small-bet"), seed=4)
    assert a.equity is not None and a.equity.method == "montecarlo" and 0 < a.equity.stderr < 0.02
    # Outs against both ranges (coach.outs.outs): the 9 spades, and an ace or a ten beats
    # at least half of each range too.
    assert len(a.villain_ranges) == 2 and a.outs == 15
    data = a.to_json("en", labels=[f"p{i + 1}" for i in range(6)])
    assert data["actor"] == "p6" and data["street"] == "flop" and data["to_call"] == 4
    assert set(data["villain_ranges"]) == {"p1", "p2"}
    assert data["best"] in [o["action"] for o in data["options"]]
    assert any("Monte Carlo" in s for s in data["summary"])


def test_unknown_hero_cards_are_refused() -> None:
    cfg = TableConfig(names=("a", "b"), stacks=(100, 100), button=1)
    hand = Hand.start(cfg, dealing="manual")
    hand.deal_hole(0, None)
    hand.deal_hole(1, None)
    with pytest.raises(InvalidInput):
        analyze(hand)


def test_draws_and_outs() -> None:
    from coach.cards import parse_cards

    hero, board = parse_cards("AhJh"), parse_cards("Kh7h2c")
    assert draws(hero, board) == (True, False, False) and count_outs(hero, board) == 9
    assert draws(parse_cards("9c8d"), parse_cards("7s6h2c")) == (False, True, False)
    assert count_outs(parse_cards("9c8d"), parse_cards("7s6h2c")) == 8
    assert draws(parse_cards("9c8d"), parse_cards("6s5h2c"))[2]  # 7 fills the gutshot
    assert count_outs(parse_cards("AhJh"), parse_cards("Kh7h2c9s3h")) is None


def test_feedback_for_the_action_a_learner_picks() -> None:
    from coach.feedback import feedback_for_action

    hand = spot("river-6max-seed-nuts-vs-bet")
    refused = feedback_for_action(hand, "check")
    assert not refused.rule.legal and refused.option is None and refused.rule.reason == "check_facing_bet"
    small = feedback_for_action(hand, "raise 20")
    assert not small.rule.legal and small.rule.reason == "raise_below_min"
    chosen = feedback_for_action(hand, "raise 40")
    assert chosen.rule.legal and chosen.option is not None and chosen.option.code == "cbr 40"
    assert chosen.analysis is not None and chosen.analysis.best.startswith("cbr")
    shove = feedback_for_action(hand, "all-in")
    assert shove.option is not None and shove.option.kind == "all_in"
    free = feedback_for_action(spot("flop-hu-free-check-fold"), "fold")
    assert free.rule.grade is Grade.ERRORE and free.option is not None and free.option.grade.is_mistake


def test_a_bluff_raise_that_only_breaks_even_is_not_recommended_over_a_fold() -> None:
    # Six-high facing a pot-sized river bet, with the coach's own ranges: the model
    # assumes an opponent who defends at least the minimum defence frequency, so a
    # raise earns nothing from folds alone and the exact fold is the advice.
    a = analyze(spot("river-hu-air-vs-pot-bet"))
    assert a.best == "f"
    assert a.option("f").grade is Grade.OTTIMA
    assert all(o.ev_bb is not None and o.ev_bb <= 0.1 for o in a.options if o.code.startswith("cbr"))
    # the bettor's bet keeps its bluffs: six-high beats a few of them. The figure is against the hands the
    # river's solve bets this size with (2.3% against the range model's reading of the bet)
    assert "ne hai il 3,1%" in render(a.option("f").explanation)


def test_a_passive_play_is_not_crushed_by_an_estimated_raise() -> None:
    # Calling the nut flush draw against a small bet is fine even if raising is
    # estimated better; folding it is a mistake.
    a = analyze(spot("flop-6max-3way-nfd-small-bet"))
    assert a.option("cc").grade.rank <= Grade.BUONA.rank
    assert a.option("f").grade.rank >= Grade.ERRORE.rank


def test_percentages_take_the_right_italian_article() -> None:
    from coach.feedback.texts import pct_reading

    assert [pct_reading(x) for x in (0.255, 0.08, 0.113, 0.0, 0.003, 0.85)] == [0, 1, 1, 2, 3, 1]
