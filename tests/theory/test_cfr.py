"""The CFR core on games with known answers, and its showdown sums against brute force."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from coach.theory.cfr import Hands, Solver, _Showdown
from coach.theory.trees import TreeConfig, build_tree
from tests.support.floats import sum_bound


def _brute(hero: Hands, opp: Hands, reach: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Reach of compatible weaker / equal / all opponent hands, one pair at a time."""
    n = len(hero)
    w, t, c = np.zeros(n), np.zeros(n), np.zeros(n)
    for h in range(n):
        for v in range(len(opp)):
            if set(hero.cards[h].tolist()) & set(opp.cards[v].tolist()):
                continue
            c[h] += reach[v]
            if opp.strength[v] < hero.strength[h]:
                w[h] += reach[v]
            elif opp.strength[v] == hero.strength[h]:
                t[h] += reach[v]
    return w, t, c


def _random_hands(rng: np.random.Generator, n: int, k: int, ids: int, levels: int) -> Hands:
    rows = set()
    while len(rows) < n:
        rows.add(tuple(sorted(rng.choice(ids, size=k, replace=False).tolist(), reverse=True)))
    cards = np.array(sorted(rows), dtype=np.int64)
    return Hands(cards, rng.integers(0, levels, size=n).astype(np.int64), rng.random(n))


@pytest.mark.parametrize("k", [1, 2])
@pytest.mark.parametrize("seed", range(6))
def test_showdown_sums_match_brute_force(k: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    ids = 12 if k == 2 else 9
    hero = _random_hands(rng, 30 if k == 2 else 7, k, ids, 5)
    opp = _random_hands(rng, 40 if k == 2 else 8, k, ids, 5)
    reach = rng.random((len(opp), 3))
    w, t, c = _Showdown(hero, opp).sums(reach)
    tol = sum_bound(len(opp), len(opp))  # cumulative float64 sums over the opponent's hands, reaches <= 1
    for col in range(3):
        bw, bt, bc = _brute(hero, opp, reach[:, col])
        np.testing.assert_allclose(w[:, col], bw, atol=tol)
        np.testing.assert_allclose(t[:, col], bt, atol=tol)
        np.testing.assert_allclose(c[:, col], bc, atol=tol)


def _kuhn() -> Solver:
    # Kuhn poker: cards J, Q, K; each antes 1 (the pot of 2); one bet of 1 (half the pot), no raise.
    tree = build_tree(2, 1, TreeConfig(oop_bets=(0.5,), raises=(), max_raises=0, allin=False))
    cards = Hands(np.array([[0], [1], [2]]), np.array([0, 1, 2]), np.ones(3))
    return Solver(tree, (cards, cards))


def test_kuhn_poker_value_and_exploitability() -> None:
    sol = _kuhn().solve(target_pct=0.0, max_iterations=2000, check_every=500)
    # utilities here count the pot as won: the first player's net is his share minus his ante of 1
    assert sol.values[0] - 1 == pytest.approx(-1 / 18, abs=1e-3)
    assert sol.values[0] + sol.values[1] == pytest.approx(2.0, abs=1e-9)
    assert sol.exploitability < 1e-3
    root = sol.strategy[0]
    # the known equilibrium family: never bet the queen first; bet the king three times as often as the jack
    assert root[1, 1] < 0.01
    assert root[2, 1] == pytest.approx(3 * root[0, 1], abs=0.02)


def test_kuhn_exploitability_decreases() -> None:
    solver = _kuhn()
    seen = []
    for _ in range(5):
        for _ in range(40):
            solver.iterate()
        seen.append(solver.exploitability())
    assert seen[-1] < seen[0]
    assert all(b <= a + 1e-9 for a, b in itertools.pairwise(seen))


@pytest.mark.parametrize("size", [0.5, 1.0, 2.0])
def test_polarised_toy_game(size: float) -> None:
    # the bettor holds the nuts or air (one of each), the caller a bluff-catcher; one bet of size x pot
    tree = build_tree(1, 100, TreeConfig(oop_bets=(size,), ip_bets=(), raises=(), max_raises=0, allin=False))
    bettor = Hands(np.array([[0], [1]]), np.array([2, 0]), np.ones(2))
    catcher = Hands(np.array([[2]]), np.array([1]), np.ones(1))
    sol = Solver(tree, (bettor, catcher)).solve(target_pct=0.0, max_iterations=3000, check_every=500)
    bet = sol.strategy[0][:, 1]
    assert bet[0] == pytest.approx(1.0, abs=1e-3)  # the nuts always bets
    assert bet[1] / bet[0] == pytest.approx(size / (1 + size), rel=0.01)  # bluffs : value = s / (1 + s)
    facing = tree.find([tree.nodes[0].actions[1]])
    call = sol.strategy[facing][0, 1]
    assert call == pytest.approx(1 / (1 + size), rel=0.01)  # the caller defends 1 / (1 + s)


def test_tree_sizes_and_raise_cap() -> None:
    tree = build_tree(100, 200, TreeConfig())
    root = tree.nodes[0]
    assert root.actions == ("check", "bet 33", "bet 75", "bet 125", "allin 200")
    facing = tree.nodes[tree.find(["bet 75"])]
    assert facing.actions[:2] == ("fold", "call")
    # a 75% raise of a 75 bet: to 75 + 0.75 * (100 + 150) = 262.5 > 200, so only the all-in remains
    assert facing.actions[2:] == ("allin 200",)
    small = tree.nodes[tree.find(["bet 33"])]
    # raise to 33 + 0.75 * (100 + 66) = 157.5, then the all-in
    assert small.actions == ("fold", "call", "raise 157.5", "allin 200")
    # after two raises only calling or folding is left
    deep = build_tree(100, 10_000, TreeConfig())
    node = deep.nodes[deep.find(["bet 33", "raise 157.5", "raise 468.75"])]
    assert node.actions == ("fold", "call")
    assert deep.nodes[deep.find(["bet 33", "allin 10000"])].actions == ("fold", "call")
