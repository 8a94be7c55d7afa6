"""River spots: the solver on real boards and ranges, its EVs, its cache, its refusals."""

from __future__ import annotations

import numpy as np
import pytest

from coach.errors import InvalidInput
from coach.theory.river import RiverSpot, cached, clear_cache, solve_river
from coach.theory.trees import TreeConfig
from tests.support.floats import sum_bound

NARROW_OOP = "TT+, AJs+, KQs, AQo+, 76s, 65s"
NARROW_IP = "99+, ATs+, KJs+, QJs, JTs, AJo+, KQo"


def test_board_that_plays_splits_the_pot() -> None:
    # broadway on the board in four suits: every hand plays it, every showdown is a split
    spot = RiverSpot.make("As Kd Qh Jc Ts", "random", "random", 100, 300)
    r = solve_river(spot, target_pct=0.5, use_cache=False)
    assert r.values[0] == pytest.approx(50, rel=0.005)
    assert r.values[1] == pytest.approx(50, rel=0.005)
    assert r.exploitability_pct <= 0.5


def test_narrow_spot_reaches_target_and_evs_make_sense() -> None:
    spot = RiverSpot.make("Ks Th 7s 4d 2c", NARROW_OOP, NARROW_IP, 60, 120)
    r = solve_river(spot, target_pct=0.3, use_cache=False)
    assert r.exploitability_pct <= 0.3
    # the values share the pot exactly, up to float64 sums over one opponent's hands per showdown and
    # fold (coach/theory/cfr.py), each term at most the pot plus both stacks
    n_terms = max(len(h) for h in r.hands)
    assert r.values[0] + r.values[1] == pytest.approx(60, abs=sum_bound(n_terms, 60 + 2 * 120, sums=2))
    root = r.node(())
    assert root.player == 0 and root.actions[0] == "check"
    np.testing.assert_allclose(root.strategy.sum(axis=1), 1.0)
    # facing a bet: folding is worth exactly 0 (nothing put in yet), and the set of kings never folds
    facing = r.node(("bet 45",))
    assert facing.player == 1
    fold = facing.actions.index("fold")
    ev = facing.ev[:, fold]
    assert np.allclose(ev[~np.isnan(ev)], 0.0)
    kk = r.hand_summary(1, "KhKd", ("bet 45",))
    assert kk["strategy"][fold] < 0.01
    # the best hand's EV of calling is more than the pot it wins
    assert kk["ev"][facing.actions.index("call")] > 60


def test_ev_of_an_action_matches_its_strategy() -> None:
    # where a hand mixes two actions at equilibrium, they are worth the same (within the solve's precision)
    spot = RiverSpot.make("Ks Th 7s 4d 2c", NARROW_OOP, NARROW_IP, 60, 120)
    r = solve_river(spot, target_pct=0.3)
    facing = r.node(("bet 45",))
    mixed = [(i, np.flatnonzero(row > 0.2)) for i, row in enumerate(facing.strategy)]
    mixed = [(i, acts) for i, acts in mixed if len(acts) >= 2 and facing.reach[i] > 0]
    assert mixed, "some hand mixes facing a bet"
    for i, acts in mixed:
        evs = facing.ev[i, acts]
        assert np.ptp(evs) < 0.02 * 60 + 1e-9


def test_cache_returns_the_same_result() -> None:
    clear_cache()
    spot = RiverSpot.make("Qc 9d 5h 3s 2d", "QQ+, AQs+, 99", "JJ+, AQs+, KQs", 50, 100)
    first = solve_river(spot)
    assert cached(spot) is first
    assert solve_river(spot) is first
    other = RiverSpot.make("Qc 9d 5h 3s 2d", "QQ+, AQs+, 99", "JJ+, AQs+, KQs", 50, 100,
                           TreeConfig(oop_bets=(0.5,)))
    assert cached(other) is None


@pytest.mark.parametrize(("board", "oop", "ip", "pot", "stack"), [
    ("Ks Th 7s", "random", "random", 10, 10),          # not a river
    ("Ks Th 7s 4d 2c", "random", "random", 0, 10),     # no pot
    ("Ks Th 7s 4d 2c", "random", "random", 10, -1),    # negative stack
    ("Ks Th 7s 4d 2c", "KsKh", "random", 10, 10),      # the only combo uses a board card
])
def test_bad_spots_are_refused(board: str, oop: str, ip: str, pot: float, stack: float) -> None:
    with pytest.raises(InvalidInput):
        RiverSpot.make(board, oop, ip, pot, stack)


def test_unknown_line_and_hand_are_refused() -> None:
    spot = RiverSpot.make("Ks Th 7s 4d 2c", "AA", "QQ", 10, 10)
    r = solve_river(spot)
    with pytest.raises(InvalidInput):
        r.node(("bet 999",))
    with pytest.raises(InvalidInput):
        r.hand_summary(0, "QhQd")
