"""The range that follows the hand: each action reweights a player's combos (coach.feedback.actionranges)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from coach.engine import Hand
from coach.engine.phh import loads_phh
from coach.feedback.actionranges import (
    Act,
    action_likelihood,
    draw_outs,
    features,
    narrow,
    p_aggressive,
    p_check,
    value_line,
)
from coach.feedback.opponents import (
    STORY_POSTFLOP,
    STORY_PREFLOP,
    opponent_range,
    preflop_read,
    response_to_raise,
    to_act,
)
from coach.feedback.profiles import PROFILES
from coach.feedback.rangemodel import WeightedRange, to_indices
from coach.feedback.ranges_data import table_for
from coach.feedback.situation import read_situation

BOARD = tuple(to_indices("Kh8s4d"))


def combos(*hands: str) -> np.ndarray:
    return np.array([to_indices(h) for h in hands], dtype=np.int64)


def likelihood(hands: list[str], act: Act, key: str = "equilibrio") -> dict[str, float]:
    feat = features(combos(*hands), BOARD)
    return dict(zip(hands, action_likelihood(feat, act, PROFILES[key]).tolist(), strict=True))


def test_draw_outs_count_flush_and_straight_draws_with_a_hole_card() -> None:
    board = to_indices("Th7h2c")
    outs = draw_outs(combos("Ah3h", "9c8d", "9c6d", "9h8h", "AcKd", "Jd9c"), board).tolist()
    assert outs == [9, 8, 4, 15, 0, 4]
    assert draw_outs(combos("Ah3h"), to_indices("Th7h2c3d4s")).tolist() == [0]  # no draw on the river


def test_a_pot_bet_keeps_the_strong_hands_and_few_middle_pairs() -> None:
    pot_bet = Act("bet", 1.0, 10, 0, 0)
    got = likelihood(["KcKd", "AdKc", "8d7d", "6c6d"], pot_bet)
    assert got["KcKd"] > 0.95 and got["AdKc"] > 0.8
    assert got["8d7d"] < 0.1 and got["6c6d"] < 0.1


def test_a_small_bet_is_wider_and_more_merged_than_a_big_one() -> None:
    small, big = Act("bet", 0.3, 10, 0, 0), Act("bet", 1.0, 10, 0, 0)
    assert likelihood(["8d7d"], small)["8d7d"] > 3 * likelihood(["8d7d"], big)["8d7d"]
    assert value_line(0.3) < value_line(0.7) < value_line(1.0) < value_line(2.0) < value_line(10.0)


def test_a_raise_is_stronger_than_a_bet_of_the_same_size() -> None:
    bet, raise_ = Act("bet", 0.7, 10, 0, 0), Act("raise", 0.7, 20, 7, 1)
    assert likelihood(["Kd3c"], raise_)["Kd3c"] < 0.5 * likelihood(["Kd3c"], bet)["Kd3c"]
    assert value_line(0.5, raise_level=1) > value_line(1.0)
    assert value_line(0.5, raise_level=1, check_raise=True) > value_line(0.5, raise_level=1)


def test_a_check_caps_the_range_but_a_check_to_the_raiser_hardly() -> None:
    feat = features(combos("KcKd", "8d7d"), BOARD)
    capped = p_check(feat)
    to_raiser = p_check(feat, to_aggressor=True)
    assert capped[0] < 0.5 and capped[1] > 0.9
    assert to_raiser[0] > 0.8


def test_profiles_bluff_and_value_differently() -> None:
    feat = features(combos("QdJc", "Kd3c"), BOARD)  # air, weak top pair
    rock, balanced, maniac = (p_aggressive(feat, 0.7, prof=PROFILES[k], weights=np.ones(2))
                              for k in ("roccia", "equilibrio", "aggressivo"))
    assert rock[0] < balanced[0] < maniac[0]  # bluffs
    lines = [value_line(0.7, prof=PROFILES[k]) for k in ("roccia", "equilibrio", "aggressivo")]
    assert lines[0] > lines[1] > lines[2]


def test_narrowing_drops_no_combo_and_keeps_the_order() -> None:
    rng = WeightedRange(combos("KcKd", "8d7d", "QdJc"), np.ones(3))
    out = narrow(rng, BOARD, Act("bet", 1.0, 10, 0, 0))
    assert len(out) == 3 and out.weights[0] > out.weights[1] and out.weights[0] > out.weights[2]


def _hand(players: int, codes: list[str], hole: dict[int, str] | None = None, stacks: int = 200) -> Hand:
    """A hand stopped after ``codes`` (PHH players: p1 small blind, p2 big blind, ...)."""
    deal = [f"d dh p{p} {(hole or {}).get(p, '????')}" for p in range(1, players + 1)]
    text = "\n".join([
        'variant = "NT"', "ante_trimming_status = true", f"antes = {[0] * players}",
        f"blinds_or_straddles = {[1, 2] + [0] * (players - 2)}", "min_bet = 2",
        f"starting_stacks = {[stacks] * players}",
        "actions = [", *[f"  {json.dumps(a)}," for a in deal + codes], "]"]) + "\n"
    return loads_phh(text).replay(require_complete=False)


def test_a_caller_of_an_all_in_has_a_calling_range_not_the_shovers() -> None:
    hand = _hand(9, ["p3 cbr 30", "p4 f", "p5 f", "p6 f", "p7 cc", "p8 cc"], hole={9: "7c2d"}, stacks=30)
    sit = read_situation(hand)
    shover, caller, overcaller = (preflop_read(sit, s) for s in (2, 6, 7))
    assert (shover.story, caller.story, overcaller.story) == ("all_in", "call_all_in", "overcall_all_in")
    sizes = [opponent_range(sit, s).range.total for s in (2, 6, 7)]
    assert sizes[0] > sizes[1] > sizes[2]


def test_card_removal_and_the_story_of_a_flop_raise() -> None:
    hand = _hand(6, ["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 f", "p2 cc", "d db Kh8s4d", "p2 cc", "p6 cbr 4",
                     "p2 cbr 14"], hole={6: "KdKc"})
    sit = read_situation(hand)
    got = opponent_range(sit, 1, dead=(*to_indices("KdKc"), *BOARD))
    used = set(got.range.cards.ravel().tolist())
    assert not used & {*to_indices("KdKc"), *BOARD}
    assert got.story is not None and got.story.msgid == STORY_POSTFLOP["check_raise"]
    assert opponent_range(sit, 5).story is not None
    assert opponent_range(sit, 5).story.msgid == STORY_POSTFLOP["bet"]  # type: ignore[union-attr]
    assert STORY_PREFLOP["call_all_in"] != STORY_PREFLOP["all_in"]


@pytest.mark.parametrize(("key", "wider"), [("roccia", False), ("aggressivo", True)])
def test_the_answer_to_a_3bet_follows_the_raisers_profile(key: str, wider: bool) -> None:
    f3 = table_for(6).vs_3bet
    assert f3 is not None
    base = response_to_raise(f3.raise_range, f3.call, PROFILES["equilibrio"])
    moved = response_to_raise(f3.raise_range, f3.call, PROFILES[key])
    n_base = len(base.raise_classes) + len(base.call_classes)
    n_moved = len(moved.raise_classes) + len(moved.call_classes)
    assert (n_moved > n_base) if wider else (n_moved < n_base)
    assert ("AJo" in moved.call_classes) is wider
    assert base.note is None and moved.note is not None


def test_a_donk_lead_and_the_check_of_a_check_raise_are_read_apart() -> None:
    # issue 29: the fit reads a bet into the last street's aggressor (a donk lead) with its own
    # constants, and the check that opens a check-raise caps less than a plain check (the raise that
    # follows reads the rest of the hand)
    flop = ["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 f", "p2 cc", "d db Kh8s4d", "p2 cc", "p6 cbr 4", "p2 cc",
            "d db 2c"]
    lead = read_situation(_hand(6, [*flop, "p2 cbr 8"], hole={6: "KdKc"}))
    cbet = read_situation(_hand(6, [*flop, "p2 cc", "p6 cbr 8"], hole={2: "KdKc"}))
    check_raise = read_situation(_hand(6, [*flop, "p2 cc", "p6 cbr 8", "p2 cbr 30"], hole={6: "KdKc"}))
    read = {name: [to_act(a, s.history, s.players) for a in s.history if a.street == "turn"]
            for name, s in (("lead", lead), ("cbet", cbet), ("check_raise", check_raise))}
    assert read["lead"][0].lead and not read["lead"][0].continuation
    assert read["cbet"][1].continuation and not read["cbet"][1].lead
    assert read["check_raise"][0].kind == "check" and read["check_raise"][0].check_raise
    assert read["cbet"][0].kind == "check" and not read["cbet"][0].check_raise
    feat = features(combos("KcKd", "8d7d"), BOARD)
    opening, plain = action_likelihood(feat, read["check_raise"][0]), action_likelihood(feat, read["cbet"][0])
    assert opening[0] > plain[0]  # a set checks to check-raise more often than it checks to give up
    assert opening[1] == pytest.approx(plain[1], abs=0.05)  # a middle pair checks either way


def test_an_overbet_by_the_c_bettor_carries_its_sizes_bluffs_not_a_c_bets() -> None:
    """A 2-pot turn barrel after a flop c-bet is polarised: the bluffs a 2-pot bet asks for on the turn
    (1.5 × 2/3 per value combo: half the range), not 1.875 times them (post29 audit: 8-7 on K-7-3-2
    called a 2-pot barrel with 56% against a range that was 64% below the value line)."""
    hand = _hand(6, ["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 f", "p2 cc", "d db Kd7s3c", "p2 cc", "p6 cbr 4",
                     "p2 cc", "d db 2h", "p2 cc", "p6 cbr 38"], hole={2: "8h7h"})
    got = opponent_range(read_situation(hand), 5, dead=tuple(to_indices("8h7hKd7s3c2h"))).range
    value = features(got.cards, tuple(to_indices("Kd7s3c2h"))).made >= value_line(2.0) - 0.005
    below = float(got.weights[~value].sum() / got.weights.sum())
    # half the range, plus the middle pairs that bet 2.5% of the time and the 0.4% floor of the rest
    assert below <= 0.58, below
