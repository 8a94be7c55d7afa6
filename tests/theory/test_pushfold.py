"""Push/fold equilibria: every shipped chart is an equilibrium, and it says what theory says."""

from __future__ import annotations

import numpy as np
import pytest

from coach.errors import InvalidInput
from coach.theory import pushfold
from coach.theory.classes import CLASS_NAMES, CLASS_OF_NAME, N_CLASSES, class_sizes
from coach.theory.pushfold import chart, chart_specs, hand_ev, scaled_calls, shipped_keys, shove_gain, solve


def test_every_chart_is_shipped() -> None:
    assert sorted(shipped_keys()) == sorted(chart_specs())


def test_every_shipped_chart_is_an_equilibrium(capsys: pytest.CaptureFixture[str]) -> None:
    worst_hu = worst_mw = 0.0
    rows = []
    for players, seat, stack, ante in chart_specs():
        c = chart(players, seat, stack, ante)
        if players == 2:
            worst_hu = max(worst_hu, c.exploitability_bb)
        else:
            worst_mw = max(worst_mw, c.exploitability_bb)
        rows.append((players, seat, stack, ante, c.exploitability_bb))
    with capsys.disabled():
        print(f"\npush/fold: {len(rows)} charts; largest exploitability heads-up {worst_hu:.2e} bb, "
              f"multiway {worst_mw:.2e} bb per hand")
    # the documented bound (docs/THEORY.md §2); test_pushfold_exploitability recomputes the measure
    assert worst_hu <= pushfold.TARGET_BB
    assert worst_mw <= pushfold.TARGET_BB


# The heads-up equilibrium is not monotone for a few small suited hands: at 2.5-4.5 bb the big
# blind calls almost any two cards and their high-card value is the worst of all; at 5-11 bb his
# calling range is made of big cards, against which their cards are live. Known from published
# Nash charts (these hands have two shoving intervals); everything else must be monotone.
NON_MONOTONE = {"43s", "53s", "63s"}


def test_heads_up_shoves_are_monotone_in_the_stack(capsys: pytest.CaptureFixture[str]) -> None:
    # "shoved at S" means shoving is worth at least 0.01 bb more than folding at S; the hand must then
    # not be a clear fold (folding 0.01 bb better) at any smaller stack. Closer calls are the noise of
    # indifference: an equilibrium may mix them in any proportion.
    found: dict[str, tuple[float, float]] = {}
    for ante in pushfold.ANTES:
        charts = [chart(2, "SB", s, ante) for s in pushfold.HU_STACKS]
        margin = np.array([c.ev_push - c.ev_fold for c in charts])
        for i in range(N_CLASSES):
            col = margin[:, i]
            for k in range(1, len(col)):
                if col[k] > 0.01 and col[:k].min() < -0.01:
                    found[CLASS_NAMES[i]] = (ante, pushfold.HU_STACKS[k])
    with capsys.disabled():
        print(f"\nheads-up push/fold: hands shoved at a stack but clearly folded at a smaller one: {found}")
    assert set(found) <= NON_MONOTONE


def test_known_heads_up_facts() -> None:
    # at 1 big blind the small blind shoves everything; the big blind calls everything
    c = chart(2, "SB", 1.0)
    assert c.push.min() == 1.0
    assert c.calls[0].min() == 1.0
    # deeper stacks shove less, and the big blind calls tighter than the small blind shoves
    shares = [chart(2, "SB", s).push_share() for s in (5.0, 10.0, 15.0, 20.0, 25.0)]
    assert shares == sorted(shares, reverse=True)
    c10 = chart(2, "SB", 10.0)
    assert 0.5 < c10.push_share() < 0.65  # the classic figure: about 58% of hands at 10 bb
    assert c10.call_share() < c10.push_share()
    # A2o is a shove at 8 bb heads-up, 72o is a fold at 20 bb and AA always shoves
    a2o = hand_ev(2, "SB", 8.0, "A2o")
    assert a2o["frequency"] == 1.0 and a2o["push"] > a2o["fold"]
    assert chart(2, "SB", 20.0).push[CLASS_OF_NAME["72o"]] == 0.0
    assert all(chart(2, "SB", s).push[CLASS_OF_NAME["AA"]] == 1.0 for s in pushfold.HU_STACKS)


def test_multiway_facts() -> None:
    # 55 under the gun with 6 bb at six-handed is a shove; the earlier the seat, the tighter the range
    c = chart(6, "UTG", 6.0)
    assert c.push[CLASS_OF_NAME["55"]] == 1.0
    shares = [chart(9, seat, 10.0).push_share() for seat in range(8)]
    assert shares[0] < shares[4] < shares[7]
    # antes widen the ranges (more dead money to win)
    assert chart(9, "CO", 10.0, 0.125).push_share() > chart(9, "CO", 10.0).push_share()
    # callers: the big blind calls wider than a player who still has the big blind behind him
    c = chart(6, "BTN", 10.0)
    assert c.callers == ("SB", "BB")
    assert c.call_share(1) > c.call_share(0)


def test_ev_consistency() -> None:
    # the EV of shoving is above folding exactly for the hands shoved (pure spots)
    c = chart(2, "SB", 12.0)
    pure = (c.push == 0) | (c.push == 1)
    better = c.ev_push > c.ev_fold
    assert ((c.push == 1) == better)[pure & (np.abs(c.ev_push - c.ev_fold) > 1e-3)].all()
    # the small blind's fold costs his blind
    assert c.ev_fold[0] == pytest.approx(-0.5)
    # averaged over all hands the game is zero-sum: what SB wins the BB loses
    weights = class_sizes() / 1326
    sb = float((weights * (c.push * c.ev_push + (1 - c.push) * c.ev_fold)).sum())
    assert -0.5 < sb < 1.0


def test_solving_again_agrees_with_the_shipped_chart() -> None:
    for players, seat, stack in ((2, 0, 9.5), (6, 2, 7.0)):
        fresh = solve(players, seat, stack, 0.0)
        shipped = chart(players, seat, stack, 0.0)
        assert np.abs(fresh.push - shipped.push).max() < 0.05
        assert fresh.exploitability_bb < 0.01


def test_off_grid_spots_are_solved_on_demand() -> None:
    c = chart(2, "SB", 7.3, 0.2)
    assert c.exploitability_bb < 0.01
    assert 0 < c.push_share() < 1


@pytest.mark.parametrize(("players", "seat", "stack", "ante"), [
    (1, 0, 10, 0), (10, 0, 10, 0), (2, "BB", 10, 0), (6, "XX", 10, 0), (2, 0, 30, 0), (6, 0, 20, 0),
    (2, 0, 0.2, 0), (2, 0, 10, -1), (2, 0, float("nan"), 0),
])
def test_bad_queries_are_refused(players: int, seat: int | str, stack: float, ante: float) -> None:
    with pytest.raises(InvalidInput):
        chart(players, seat, stack, ante)


def test_hand_names_and_cards() -> None:
    assert hand_ev(2, "SB", 10.0, "As2d") == hand_ev(2, "SB", 10.0, "A2o")
    with pytest.raises(InvalidInput):
        hand_ev(2, "SB", 10.0, "AKx")
    assert len(CLASS_OF_NAME) == N_CLASSES


# -- callers who do not call as the chart does (the coach's profiles) ----------------------------


def test_scaled_calls_keep_the_share_asked_and_the_most_profitable_calls() -> None:
    c = chart(6, "BTN", 10.0)
    sizes = class_sizes()
    share = [float((x * sizes).sum()) / 1326 for x in c.calls]
    assert all(np.array_equal(a, b) for a, b in zip(scaled_calls(c, (1.0, 1.0)), c.calls, strict=True))
    tight, loose = scaled_calls(c, (0.6, 0.6)), scaled_calls(c, (1.6, 1.6))
    for j in range(len(c.calls)):
        assert float((tight[j] * sizes).sum()) / 1326 == pytest.approx(0.6 * share[j], abs=1e-9)
        assert float((loose[j] * sizes).sum()) / 1326 == pytest.approx(min(1.0, 1.6 * share[j]), abs=1e-9)
        assert np.all(tight[j] <= c.calls[j] + 1e-12) and np.all(loose[j] >= c.calls[j] - 1e-12)
        margin = c.ev_call[j] - c.ev_fold_caller[j]
        # a tighter caller drops the least profitable calls: what he keeps is worth more than what he drops
        kept, dropped = tight[j] > 0, (c.calls[j] - tight[j]) > 1e-9
        assert margin[kept].min() >= margin[dropped].max() - 1e-12
        added = (loose[j] - c.calls[j]) > 1e-9
        assert margin[added].min() >= margin[(loose[j] < 1e-9)].max() - 1e-12


def test_shove_gain_with_the_charts_own_calls_is_the_charts_ev() -> None:
    c = chart(6, "BTN", 10.0)
    np.testing.assert_allclose(shove_gain(c, c.calls), c.ev_push - c.ev_fold, atol=1e-9)
    # callers calling less: the weakest hand's shove gains (fewer calls), the best hand's loses (fewer calls)
    tight = shove_gain(c, scaled_calls(c, (0.5, 0.5)))
    assert tight[CLASS_OF_NAME["72o"]] > c.ev_push[CLASS_OF_NAME["72o"]] - c.ev_fold[CLASS_OF_NAME["72o"]]
    assert tight[CLASS_OF_NAME["AA"]] < c.ev_push[CLASS_OF_NAME["AA"]] - c.ev_fold[CLASS_OF_NAME["AA"]]
