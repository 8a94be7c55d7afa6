"""The 169 starting-hand classes: their names on the grid, their combos, card removal between them, and
range notation back from per-class weights. Counts are the textbook ones (6 / 4 / 12 combos)."""

from __future__ import annotations

import numpy as np

from coach.cards import parse_cards
from coach.theory.classes import (
    CLASS_NAMES,
    CLASS_OF_NAME,
    N_CLASSES,
    all_combos,
    class_index,
    class_sizes,
    combos_of,
    disjoint_pairs,
    grid_of,
    range_text,
)


def cls(cards: str) -> int:
    a, b = parse_cards(cards)
    return class_index(a.index, b.index)


def test_the_grid_layout() -> None:
    # row and column 0 are the ace: AA top left, 22 bottom right; suited above the diagonal
    assert CLASS_NAMES[0] == "AA" and CLASS_NAMES[168] == "22"
    assert CLASS_NAMES[1] == "AKs" and CLASS_NAMES[13] == "AKo"
    assert CLASS_NAMES[13 * 12 + 11] == "32o" and CLASS_NAMES[13 * 11 + 12] == "32s"
    assert len(set(CLASS_NAMES)) == N_CLASSES == 169


def test_class_of_two_cards_ignores_order_and_reads_suits() -> None:
    assert cls("AsKs") == cls("KsAs") == CLASS_OF_NAME["AKs"]
    assert cls("AsKd") == CLASS_OF_NAME["AKo"]
    assert cls("7h7c") == CLASS_OF_NAME["77"]
    assert cls("2d3c") == CLASS_OF_NAME["32o"]


def test_combo_counts() -> None:
    sizes = class_sizes()
    assert sizes.sum() == 1326 == len(all_combos())  # 52 x 51 / 2
    assert sizes[CLASS_OF_NAME["AA"]] == 6 and sizes[CLASS_OF_NAME["AKs"]] == 4
    assert sizes[CLASS_OF_NAME["AKo"]] == 12
    assert sorted(set(sizes.tolist())) == [4, 6, 12]
    assert (sizes == 6).sum() == 13 and (sizes == 4).sum() == 78 and (sizes == 12).sum() == 78
    assert all(cls_ == CLASS_OF_NAME["KQs"] for cls_ in (class_index(int(a), int(b))
                                                           for a, b in combos_of(CLASS_OF_NAME["KQs"])))


def test_card_removal_between_classes() -> None:
    n = disjoint_pairs()
    aa, kk, aks, ako = (CLASS_OF_NAME[k] for k in ("AA", "KK", "AKs", "AKo"))
    assert n[aa, aa] == 6  # each of the 6 pairs of aces leaves exactly the other two aces
    assert n[aks, aks] == 12  # each suited AK leaves the 3 of other suits
    assert n[aa, kk] == 36  # no card in common: 6 x 6
    assert n[aa, aks] == 12  # two aces leave two suited AKs each
    assert n[ako, aa] == 36  # one ace used: 3 pairs of the other three aces, 12 x 3
    assert np.array_equal(n, n.T)


def test_grid_of_puts_class_i_at_row_col() -> None:
    values = np.arange(N_CLASSES, dtype=float)
    grid = grid_of(values)
    assert len(grid) == 13 and all(len(row) == 13 for row in grid)
    assert grid[0][1] == CLASS_OF_NAME["AKs"] and grid[1][0] == CLASS_OF_NAME["AKo"]


def test_range_text_keeps_classes_at_the_threshold() -> None:
    w = np.zeros(N_CLASSES)
    for name in ("AA", "KK", "QQ", "AKs"):
        w[CLASS_OF_NAME[name]] = 1.0
    w[CLASS_OF_NAME["JJ"]] = 0.49  # under half: left out
    assert range_text(w) == "QQ+, AKs"
    assert range_text(w, threshold=0.4) == "JJ+, AKs"
    assert range_text(np.zeros(N_CLASSES)) == ""
