"""Equity: exact enumeration against known figures, Monte Carlo against exact, ranges."""

from __future__ import annotations

import itertools
import math

import pytest

from coach.cards import ALL_CARDS, parse_cards
from coach.equity import (
    equity,
    equity_result,
    hand_vs_combos,
    hand_vs_range,
    range_vs_range,
)
from coach.errors import InvalidInput
from coach.evaluator import evaluate
from coach.ranges import parse_range


def test_aks_v_qq_preflop_exact() -> None:
    r = equity_result(["AsKs", "QhQd"])
    assert r.method == "exact" and r.boards == math.comb(48, 5) == 1712304
    assert r.wins == (787966, 917606) and r.ties == (6732, 6732)
    assert [round(e, 6) for e in r.equities] == [0.462145, 0.537855]
    assert r.stderr == (0.0, 0.0)


def test_72o_v_aa_preflop_exact() -> None:
    assert [round(e, 6) for e in equity(["7c2d", "AhAd"])] == [0.118063, 0.881937]


def test_three_way_flop_exact() -> None:
    e = equity(["AsKs", "QhQd", "JcTc"], board="9s8s2d")
    assert [round(x, 6) for x in e] == [0.540421, 0.326689, 0.132890]


def brute_force(hands: list[str], board: str) -> list[float]:
    """Reference: every completion through the single-hand evaluator."""
    hs = [list(parse_cards(h)) for h in hands]
    b = list(parse_cards(board))
    used = {c for h in hs for c in h} | set(b)
    live = [c for c in ALL_CARDS if c not in used]
    shares = [0.0] * len(hs)
    n = 0
    for extra in itertools.combinations(live, 5 - len(b)):
        s = [evaluate(h + b + list(extra)) for h in hs]
        best = max(s)
        winners = [i for i, x in enumerate(s) if x == best]
        for i in winners:
            shares[i] += 1 / len(winners)
        n += 1
    return [x / n for x in shares]


@pytest.mark.parametrize(("hands", "board"), [
    (["AsKs", "QhQd", "JcTc", "2c2d"], "9s8s2h"),
    (["AhKh", "AdKd"], "Qh7h2c4d"),     # split pots dominate
    (["5c4c", "AsAd", "KhKd"], "Ac3c2d"),
    (["9h9d", "8c7c"], "Ts6h5d2s3c"),   # river: one board
])
def test_exact_matches_brute_force(hands: list[str], board: str) -> None:
    assert equity(hands, board=board) == pytest.approx(brute_force(hands, board), abs=1e-12)


@pytest.mark.parametrize(("hands", "board"), [
    (["AsKs", "QhQd"], ""),
    (["AsKs", "QhQd", "JcTc"], ""),
    (["AsKs", "QhQd", "JcTc"], "9s8s2d"),
])
def test_monte_carlo_within_four_stderr(hands: list[str], board: str) -> None:
    exact = equity_result(hands, board=board)
    mc = equity_result(hands, board=board, exact=False, samples=40000, seed=7)
    assert mc.method == "monte_carlo" and mc.boards == 40000
    for e, m, se in zip(exact.equities, mc.equities, mc.stderr, strict=True):
        assert se > 0
        assert abs(e - m) <= 4 * se
    assert sum(mc.equities) == pytest.approx(1.0)
    # seeded: the same seed, the same answer
    again = equity_result(hands, board=board, exact=False, samples=40000, seed=7)
    assert again.equities == mc.equities


def test_hand_vs_range_exact_equals_average_over_combos() -> None:
    board = "9s8s2d4c"
    r = hand_vs_range("AsKs", "TT+, AQs+, AKo", board=board)
    assert r.method == "exact"
    combos = parse_range("TT+, AQs+, AKo").combos(dead=parse_cards("AsKs9s8s2d4c"))
    per = [equity(["AsKs", f"{c.cards[0]}{c.cards[1]}"], board=board)[0] for c in combos]
    assert r.equities[0] == pytest.approx(sum(per) / len(per), abs=1e-12)


def test_pair_range_on_a_paired_board_counts_each_combo_on_its_own_runouts() -> None:
    # A combo of aces on an ace-paired flop: the runouts that reuse one of its aces are
    # impossible; scoring them anyway made a key of five aces and the enumeration crashed.
    board = "AsAc7c"
    r = hand_vs_range("KsKd", "AA", board=board)
    assert r.method == "exact"
    assert r.equities[0] == pytest.approx(equity(["KsKd", "AhAd"], board=board)[0], abs=1e-12)


def test_per_combo_equities_agree_with_hand_vs_range() -> None:
    hero, board, text = "AsKs", "9s8s2d", "TT+, AQs+, AKo, 98s"
    cards, weights = parse_range(text).arrays(dead=parse_cards(hero + board))
    idx = [c.index for c in parse_cards(hero)], [c.index for c in parse_cards(board)]
    found = hand_vs_combos(*idx, cards, weights)
    assert found.method == "exact" and found.stderr == 0.0
    whole = hand_vs_range(hero, text, board=board).equities[0]
    assert float((found.per_combo * weights).sum() / weights.sum()) == pytest.approx(whole, abs=1e-12)
    first = "".join(str(ALL_CARDS[i]) for i in cards[0])
    assert found.per_combo[0] == pytest.approx(equity([hero, first], board=board)[0], abs=1e-12)
    mc = hand_vs_combos(*idx, cards, weights, exact=False, seed=3)
    assert mc.method == "monte_carlo" and mc.stderr > 0
    assert abs(float((mc.per_combo * weights).sum() / weights.sum()) - whole) <= 4 * mc.stderr


def test_weighted_range() -> None:
    board = "Ks7d2c"
    full = hand_vs_range("AhAd", "KK, 77:0.5", board=board)
    kk = equity(["AhAd", "KhKd"], board=board)[0]
    sevens = equity(["AhAd", "7h7s"], board=board)[0]
    # KK has 3 combos left (Ks on board), 77 has 3 combos at half weight
    expected = (3 * kk + 1.5 * sevens) / 4.5
    assert full.equities[0] == pytest.approx(expected, abs=1e-12)


def test_range_vs_range_exact_and_monte_carlo_agree() -> None:
    board = "9s8s2d4c"
    ex = range_vs_range("TT+, AQs+", "22+, A2s+, KTo+", board=board)
    mc = range_vs_range("TT+, AQs+", "22+, A2s+, KTo+", board=board, exact=False, samples=40000, seed=3)
    assert ex.method == "exact" and mc.method == "monte_carlo"
    assert abs(ex.equities[0] - mc.equities[0]) <= 4 * mc.stderr[0]


def test_range_vs_range_river_by_hand() -> None:
    board = "As Kd 7h 4c 2s"
    r = range_vs_range("AQs, 44", "KK, AJo", board=board)
    win = tie = total = 0.0
    dead = set(parse_cards(board))
    for a in parse_range("AQs, 44").combos(dead=dead):
        for b in parse_range("KK, AJo").combos(dead=dead):
            if set(a.cards) & set(b.cards):
                continue
            sa = evaluate([*a.cards, *dead])
            sb = evaluate([*b.cards, *dead])
            total += 1
            win += sa > sb
            tie += sa == sb
    assert r.equities[0] == pytest.approx((win + tie / 2) / total)


def test_preflop_range_uses_monte_carlo_within_stderr() -> None:
    r = hand_vs_range("AsKs", "QQ, JJ", samples=40000, seed=1)
    assert r.method == "monte_carlo"
    exact = (6 * equity(["AsKs", "QhQd"])[0] + 6 * equity(["AsKs", "JhJd"])[0]) / 12
    assert abs(r.equities[0] - exact) <= 4 * r.stderr[0]


def test_many_players_and_errors() -> None:
    e = equity(["AsAd", "KsKd", "QsQd", "JsJd", "TsTd", "9s9d"], board="2c3h7d")
    assert sum(e) == pytest.approx(1.0) and e[0] == max(e)
    for bad in (["AsKs"], ["AsKs", "AsQd"], ["AsKs", "QhQd"] * 6):
        with pytest.raises(InvalidInput):
            equity(bad)
    with pytest.raises(InvalidInput):
        equity(["AsKs", "QhQd"], board="2c3h")
    with pytest.raises(InvalidInput):
        equity(["AsKs", "QhQd"], board="2c3h4d", dead="2c")
    with pytest.raises(InvalidInput):
        equity_result(["AsKs", "random", "random"], exact=True)


def test_monte_carlo_weights_agree_with_brute_force_for_interacting_ranges() -> None:
    """Ranges that share cards: the sequential deal, weighted by the range still available,
    must give the true joint distribution (every disjoint triple of combos, weight product)."""
    from coach.cards import parse_cards
    from coach.evaluator import evaluate
    from coach.ranges import parse_range

    notations = ["AA, KK:0.5, QsJs", "AKs, AA:0.3, KQ", "KK, AK:0.7, QQ"]
    board = parse_cards("2c7d9hTsJc")
    combos = [parse_range(n).combos(dead=board) for n in notations]
    shares = [0.0, 0.0, 0.0]
    total = 0.0
    for a in combos[0]:
        for b in combos[1]:
            if set(a.cards) & set(b.cards):
                continue
            for c in combos[2]:
                if set(c.cards) & (set(a.cards) | set(b.cards)):
                    continue
                w = a.weight * b.weight * c.weight
                s = [evaluate([*x.cards, *board]) for x in (a, b, c)]
                for i in range(3):
                    if s[i] == max(s):
                        shares[i] += w / s.count(max(s))
                total += w
    exact = [x / total for x in shares]
    mc = equity_result(notations, board="2c7d9hTsJc", samples=60_000, seed=5)
    assert mc.method == "monte_carlo"
    for e, m, se in zip(exact, mc.equities, mc.stderr, strict=True):
        assert 0 < se < 0.01
        assert abs(e - m) <= 4 * se, (exact, mc.equities, mc.stderr)
