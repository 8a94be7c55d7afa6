"""The shipped 169x169 preflop equity table against full enumeration and against eval7."""

from __future__ import annotations

import numpy as np
import pytest

from coach.cards import Card
from coach.equity import equity_result
from coach.theory.classes import (
    CLASS_NAMES,
    CLASS_OF_NAME,
    N_CLASSES,
    all_combos,
    class_index,
    class_sizes,
    combos_of,
    disjoint_pairs,
)
from coach.theory.preflop import BOARDS_PER_MATCHUP, class_equity, equity_table, load_equity_counts


def test_classes_match_the_grid_of_ranges() -> None:
    from coach.ranges import parse_range

    assert len(CLASS_NAMES) == N_CLASSES == 169
    assert class_sizes().sum() == 1326
    for name in ("AA", "AKs", "AKo", "T9s", "72o", "22"):
        grid = np.array(parse_range(name).grid()).reshape(169)
        assert np.flatnonzero(grid == 1.0).tolist() == [CLASS_OF_NAME[name]]
    for a, b in all_combos()[::97].tolist():
        assert class_index(a, b) == class_index(b, a)


def test_pair_counts_are_card_removal() -> None:
    n = disjoint_pairs()
    assert n.sum() == 1326 * 1225
    assert n[CLASS_OF_NAME["AA"], CLASS_OF_NAME["AA"]] == 6
    assert n[CLASS_OF_NAME["AKs"], CLASS_OF_NAME["AKo"]] == 4 * 6
    assert (n == n.T).all()


def test_table_is_consistent() -> None:
    doubled, pairs = load_equity_counts()
    assert (pairs == disjoint_pairs()).all()
    eq = equity_table()
    np.testing.assert_allclose(eq + eq.T, 1.0, atol=1e-12)
    np.testing.assert_allclose(np.diag(eq), 0.5, atol=1e-12)
    # exactly: the doubled scores of A v B and B v A add up to every board of every pair, twice
    assert ((doubled + doubled.T) == 2 * pairs * BOARDS_PER_MATCHUP).all()


def test_known_matchups() -> None:
    # the figures every equity calculator prints (PokerStove, ProPokerTools)
    assert class_equity("AA", "KK") == pytest.approx(0.8195, abs=5e-5)
    assert class_equity("AKs", "QQ") == pytest.approx(0.4605, abs=5e-5)
    assert class_equity("72o", "AA") == pytest.approx(0.1180, abs=5e-5)


def _cell_by_enumeration(hero: str, villain: str) -> tuple[int, int]:
    """``(doubled, pairs)`` of a cell from every combo pair, each enumerated by coach.equity."""
    doubled = pairs = 0
    for a in combos_of(CLASS_OF_NAME[hero]).tolist():
        for b in combos_of(CLASS_OF_NAME[villain]).tolist():
            if set(a) & set(b):
                continue
            r = equity_result([[Card.from_index(i) for i in a], [Card.from_index(i) for i in b]], exact=True)
            assert r.boards == BOARDS_PER_MATCHUP
            doubled += int(2 * r.wins[0] + r.ties[0])
            pairs += 1
    return doubled, pairs


@pytest.mark.parametrize(("hero", "villain"), [("AA", "KK"), ("AKs", "QJs"), ("T9s", "22"), ("A5s", "AKo")])
def test_cells_agree_with_full_enumeration_exactly(hero: str, villain: str) -> None:
    doubled, pairs = load_equity_counts()
    i, j = CLASS_OF_NAME[hero], CLASS_OF_NAME[villain]
    assert _cell_by_enumeration(hero, villain) == (int(doubled[i, j]), int(pairs[i, j]))


@pytest.mark.slow
@pytest.mark.parametrize(("hero", "villain"), [("AKs", "QJs"), ("88", "A9o")])
def test_cells_agree_with_eval7(hero: str, villain: str) -> None:
    eval7 = pytest.importorskip("eval7", reason="eval7 (bench extra) is not installed")
    from coach.evaluator import combinations_array

    e7 = [eval7.Card(str(Card.from_index(i))) for i in range(52)]
    # one hero combo is enough: every combo of a class sees the same by suit symmetry
    a = combos_of(CLASS_OF_NAME[hero])[0].tolist()
    total = 0.0
    n = 0
    for b in combos_of(CLASS_OF_NAME[villain]).tolist():
        if set(a) & set(b):
            continue
        live = [c for c in range(52) if c not in (*a, *b)]
        boards = np.array(live)[combinations_array(len(live), 5)]
        score = 0.0
        ha, hb = [e7[i] for i in a], [e7[i] for i in b]
        for row in boards.tolist():
            board = [e7[i] for i in row]
            x, y = eval7.evaluate(ha + board), eval7.evaluate(hb + board)
            score += 1.0 if x > y else 0.5 if x == y else 0.0
        total += score / len(boards)
        n += 1
    assert total / n == pytest.approx(class_equity(hero, villain), abs=1e-4)
