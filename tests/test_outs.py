"""Outs and final categories: the cards that put a hand ahead, counted exactly, and each category's odds."""

from __future__ import annotations

import math

import pytest

from coach.evaluator import Category
from coach.outs import category_distribution, outs


def test_outs_against_a_hand() -> None:
    o = outs("AhKh", "Qh7h2c", "JsJd")
    assert o.count == 15 and not o.ahead and o.unseen == 45
    flush = ["Jh", "Th", "9h", "8h", "6h", "5h", "4h", "3h", "2h"]
    assert [str(c) for c in o.by_category[Category.FLUSH]] == flush
    assert {str(c) for c in o.by_category[Category.ONE_PAIR]} == {"As", "Ad", "Ac", "Ks", "Kd", "Kc"}
    assert o.hit_by_river(2) == pytest.approx(1 - math.comb(30, 2) / math.comb(45, 2))
    assert outs("JsJd", "Qh7h2c", "AhKh").ahead


def test_outs_against_a_range() -> None:
    o = outs("8c9c", "Tc7d2h", "AA, KK, QQ")
    # the gutshot sixes and jacks make a straight that beats the whole range
    straight = {"6s", "6h", "6d", "6c", "Js", "Jh", "Jd", "Jc"}
    assert {str(c) for c in o.by_category[Category.STRAIGHT]} == straight
    assert o.beat_now == 0.0
    assert all(o.beat_after[c] >= 0.5 for c in o.cards)


def test_category_distribution_preflop_matches_brute_counts() -> None:
    d = category_distribution("AhKh")
    assert list(d) == list(Category)
    assert sum(d.values()) == pytest.approx(1.0)
    # QhJhTh and any two of the other 47, or a royal flush in another suit on the board
    assert d[Category.ROYAL_FLUSH] == pytest.approx((math.comb(47, 2) + 3) / math.comb(50, 5))
    river = category_distribution("AhKh", board="QhJhTh2c3d")
    assert river[Category.ROYAL_FLUSH] == 1.0
    turn = category_distribution("AhKh", board="Qh7h2c4d")
    assert turn[Category.FLUSH] == pytest.approx(9 / 46)
    mc = category_distribution("AhKh", exact=False, samples=50000, seed=2)
    assert mc[Category.ONE_PAIR] == pytest.approx(d[Category.ONE_PAIR], abs=0.01)


def test_outs_against_a_range_sharing_cards_with_the_next_card() -> None:
    # Regression: the range's combos were evaluated with every next card, their own cards
    # included; with two aces on the board, AhAc plus the Ah "next card" is five aces, outside
    # the evaluator's tables (an IndexError that froze a practice table).
    o = outs("2c6h", "9hAdAs", "AA, 99, A9s, KK")
    assert o.count == 0 and o.beat_now == 0.0
    # the exact share beaten after a card counts only the combos that card leaves alive
    o = outs("Kc Kd", "9hAdAs", "AhQh, QQ")
    assert o.beat_after[next(c for c in o.beat_after if str(c) == "Qc")] == 0.0
