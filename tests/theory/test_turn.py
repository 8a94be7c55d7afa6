"""Turn spots: the two-street solver against river solves, toy games with known answers, card removal."""

from __future__ import annotations

import numpy as np
import pytest

from coach.cards import parse_cards
from coach.errors import InvalidInput
from coach.theory.river import RiverSpot, solve_river
from coach.theory.trees import TreeConfig
from coach.theory.turn import TurnSpot, clear_cache, iteration_seconds, solve_turn, solver_for
from tests.support.floats import sum_bound

SMALL_OOP = "AA, KK, 99, 76s, A5s"
SMALL_IP = "QQ, JJ, AKs, T9s"
CHECKS_ONLY = TreeConfig(oop_bets=(), raises=(), allin=False)


def test_exploitability_falls_with_iterations() -> None:
    spot = TurnSpot.make("Ks Th 7s 4d", SMALL_OOP, SMALL_IP, 60, 120)
    solver = solver_for(spot)
    figures = []
    for n in (2, 10, 40):
        while solver.t < n:
            solver.iterate()
        figures.append(solver.exploitability())
    assert figures[0] > figures[1] > figures[2]
    assert 100 * figures[2] / 60 < 2.0


def test_checked_turn_is_the_average_of_the_river_games() -> None:
    # with checks only on the turn the game splits into one river game per river card: the turn value of
    # each player is the average of the river games' values, weighted by the deals each river card leaves
    board = "Ks Th 7s 4d"
    spot = TurnSpot.make(board, SMALL_OOP, SMALL_IP, 40, 80, config=CHECKS_ONLY,
                         river_config=TreeConfig(oop_bets=(0.75,), raises=(), allin=True))
    turn = solve_turn(spot, target_pct=0.05, use_cache=False)
    assert turn.exploitability_pct <= 0.05
    on_board = {c.index for c in parse_cards(board)}
    total = 0.0
    mass = 0.0
    worst = 0.0
    for r in range(52):
        if r in on_board:
            continue
        river = [c for c in parse_cards(board)] + [c for c in _cards() if c.index == r]
        rspot = RiverSpot.make(river, dict(spot.ranges[0]), dict(spot.ranges[1]), 40, 80,
                               TreeConfig(oop_bets=(0.75,), raises=(), allin=True))
        res = solve_river(rspot, target_pct=0.05, use_cache=False)
        h0, h1 = res.hands
        share = h0.cards[:, :, None, None] == h1.cards[None, None, :, :]
        pairs = float((h0.weights[:, None] * h1.weights[None, :] * ~share.any(axis=(1, 3))).sum())
        total += pairs * res.values[0]
        mass += pairs
        worst = max(worst, res.exploitability_pct)
    expected = total / mass
    # both are within their exploitability of the game value
    assert turn.values[0] == pytest.approx(expected, abs=0.4 * (0.05 + worst) + 1e-6)


def _cards() -> list:  # type: ignore[type-arg]
    from coach.cards import Card

    return [Card.from_index(i) for i in range(52)]


def test_nuts_against_air_wins_the_pot_and_air_folds() -> None:
    # a royal flush on the turn: nothing the river brings beats it, and the air has no card to improve with
    spot = TurnSpot.make("Ah Kh Qh Jh", "Th9c", "2c3d, 2d3c, 4c5d", 50, 100)
    r = solve_turn(spot, target_pct=0.1, use_cache=False)
    assert r.values[0] == pytest.approx(50, abs=0.1)
    assert r.values[1] == pytest.approx(0, abs=0.1)
    root = r.node(())
    for label in root.actions:
        if label == "check":
            continue
        facing = r.node((label,))
        fold = facing.actions.index("fold")
        assert r.range_summary((label,))["fold"] > 0.99, (label, facing.strategy[:, fold])


def test_no_combo_meets_the_board_or_its_river_card() -> None:
    board = "Ks Th 7s 4d"
    spot = TurnSpot.make(board, "random", "KK, AKs, 77", 30, 60)
    dead = {c.index for c in parse_cards(board)}
    for combos in spot.ranges:
        assert all(a not in dead and b not in dead for (a, b), _ in combos)
    assert len(spot.ranges[0]) == 1128  # every combo of the 48 unseen cards
    solver = solver_for(spot)
    for p in (0, 1):
        cards = solver.hands[p].cards
        live = solver.mask[p].reshape(solver.n_rivers, -1)
        for k, river in enumerate(solver.rivers.tolist()):
            holds = (cards == river).any(axis=1)
            assert not live[k][holds].any()
            assert live[k][~holds].all()
            weights = solver.virtual[p].weights.reshape(solver.n_rivers, -1)[k]
            assert not weights[holds].any()


def test_results_are_deterministic_and_cached() -> None:
    clear_cache()
    spot = TurnSpot.make("9h 8h 3c 2d", SMALL_OOP, SMALL_IP, 60, 150)
    a = solve_turn(spot, iterations=20, target_pct=None, use_cache=False)
    b = solve_turn(spot, iterations=20, target_pct=None, use_cache=False)
    assert a.iterations == b.iterations == 20
    for path, node in a.nodes.items():
        np.testing.assert_array_equal(node.strategy, b.nodes[path].strategy)
        np.testing.assert_array_equal(node.ev, b.nodes[path].ev)
    assert a.exploitability_pct == b.exploitability_pct
    c = solve_turn(spot, iterations=20, target_pct=None)
    assert solve_turn(spot, iterations=20, target_pct=None) is c


def test_evs_and_strategies_make_sense() -> None:
    spot = TurnSpot.make("Ks Th 7s 4d", SMALL_OOP, SMALL_IP, 60, 150)
    r = solve_turn(spot, target_pct=0.5, use_cache=False)
    assert r.exploitability_pct <= 0.5
    # the two values share the pot exactly, up to the float32 showdown products (coach/theory/turncfr.py):
    # each product adds one opponent's hands (plus the reach's cast to float32), and a value is at most
    # the pot plus both stacks; measured 2.1e-6 off on one CPU, within this bound on any
    n_terms = max(r.solver.n)
    assert sum(r.values) == pytest.approx(60, abs=sum_bound(n_terms, 60 + 2 * 150, np.float32, sums=2))
    root = r.node(())
    np.testing.assert_allclose(root.strategy.sum(axis=1), 1.0)
    bet = next(a for a in r.node(("check",)).actions if a.startswith("bet"))
    facing = r.node(("check", bet))
    assert facing.player == 0
    fold = facing.actions.index("fold")
    ev = facing.ev[:, fold]
    assert np.allclose(ev[~np.isnan(ev)], 0.0)
    # the set of kings on K-T-7-4 never folds to a bet on the turn, and calling is worth more than the pot
    kk = r.hand_summary(0, "KhKd", ("check", bet))
    assert kk["strategy"][fold] < 0.01
    assert kk["ev"][facing.actions.index("call")] > 60
    # a river node is reachable by its card
    player, actions, strategy = r.river_strategy(("check", "check", "river"), "2c")
    assert player == 0 and actions[0] == "check"
    np.testing.assert_allclose(strategy.sum(axis=1), 1.0)


def test_refusals() -> None:
    with pytest.raises(InvalidInput):
        TurnSpot.make("Ks Th 7s", "AA", "KK", 10, 10)
    with pytest.raises(InvalidInput):
        TurnSpot.make("Ks Th 7s 4d", "AA", "KK", 0, 10)
    spot = TurnSpot.make("Ks Th 7s 4d", "AA", "KK", 10, 10)
    r = solve_turn(spot, iterations=5, target_pct=None, use_cache=False)
    with pytest.raises(InvalidInput):
        r.node(("bet 999",))
    with pytest.raises(InvalidInput):
        r.river_strategy(("check", "check", "river"), "Ks")


def test_the_time_estimate_grows_with_the_ranges_and_the_trees() -> None:
    small = TurnSpot.make("Ks Th 7s 4d", SMALL_OOP, SMALL_IP, 60, 150)
    wide = TurnSpot.make("Ks Th 7s 4d", "22+, A2s+, KTs+", "22+, A2s+, KTs+", 60, 150)
    deep = TurnSpot.make("Ks Th 7s 4d", SMALL_OOP, SMALL_IP, 60, 600)
    assert 0 < iteration_seconds(small) < iteration_seconds(wide)
    assert iteration_seconds(small) < iteration_seconds(deep)
