"""The shipped 169x169 preflop equity table against full enumeration and against eval7."""

from __future__ import annotations

import itertools

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


def _suit_orbits(hero: list[int], villain: list[list[int]]) -> list[tuple[list[int], int]]:
    """The villain combos up to the suit relabellings that leave the hero combo as it is, each with
    how many combos it stands for.

    Poker has no best suit: relabelling the suits of both hands and of every board gives the same
    winners, so two villain combos that such a relabelling maps onto each other (fixing the hero's
    two cards) have the same equity against the hero. 88 v A9o has 12 villain combos but 4 orbits.
    """
    perms = [p for p in itertools.permutations(range(4))
             if sorted(4 * (c // 4) + p[c % 4] for c in hero) == sorted(hero)]
    orbits: dict[tuple[int, ...], list[list[int]]] = {}
    for b in villain:
        key = min(tuple(sorted(4 * (c // 4) + p[c % 4] for c in b)) for p in perms)
        orbits.setdefault(key, []).append(b)
    return [(list(key), len(members)) for key, members in orbits.items()]


def test_suit_orbits_cover_every_combo_once() -> None:
    a = combos_of(CLASS_OF_NAME["88"])[0].tolist()
    orbits = _suit_orbits(a, combos_of(CLASS_OF_NAME["A9o"]).tolist())
    assert sorted(w for _, w in orbits) == [2, 2, 4, 4]
    a = combos_of(CLASS_OF_NAME["AKs"])[0].tolist()
    orbits = _suit_orbits(a, combos_of(CLASS_OF_NAME["QJs"]).tolist())
    assert sorted(w for _, w in orbits) == [1, 3]  # QJ of the hero's suit, or of another


@pytest.mark.slow
@pytest.mark.parametrize(("hero", "villain"), [("AKs", "QJs"), ("88", "A9o")])
def test_cells_agree_with_eval7(hero: str, villain: str) -> None:
    """Every board of the cell judged by eval7, an evaluator that shares no code with ours.

    Two exact savings keep it to seconds: one hero combo and one villain combo per suit orbit
    (``_suit_orbits``; every combo of a class sees the same by suit symmetry), and the hero's
    eval7 rank computed once per board of the 50 unseen cards and shared by every villain combo.
    """
    eval7 = pytest.importorskip("eval7", reason="eval7 (bench extra) is not installed")

    e7 = [eval7.Card(str(Card.from_index(i))) for i in range(52)]
    a = combos_of(CLASS_OF_NAME[hero])[0].tolist()
    unseen = [c for c in range(52) if c not in a]
    # the boards of the 50 unseen cards, twice in the same order: as eval7's cards and as indices
    indices = np.fromiter(itertools.chain.from_iterable(itertools.combinations(unseen, 5)),
                          dtype=np.int8).reshape(-1, 5)
    ha = tuple(e7[i] for i in a)
    unseen_e7 = [e7[i] for i in unseen]
    hero_rank = np.array([eval7.evaluate(ha + board) for board in itertools.combinations(unseen_e7, 5)])
    total = 0.0
    n = 0
    for b, weight in _suit_orbits(a, combos_of(CLASS_OF_NAME[villain]).tolist()):
        if set(a) & set(b):
            continue
        live = ~np.isin(indices, b).any(axis=1)
        assert live.sum() == BOARDS_PER_MATCHUP
        hb = tuple(e7[i] for i in b)
        villain_rank = np.array([eval7.evaluate(hb + board) for board in
                                 itertools.compress(itertools.combinations(unseen_e7, 5), live.tolist())])
        mine = hero_rank[live]
        score = np.count_nonzero(mine > villain_rank) + 0.5 * np.count_nonzero(mine == villain_rank)
        total += weight * score / BOARDS_PER_MATCHUP
        n += weight
    assert total / n == pytest.approx(class_equity(hero, villain), abs=1e-4)
