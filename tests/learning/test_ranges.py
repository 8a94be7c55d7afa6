"""An opponent's range on the 13x13 grid: per class the weighted share of its live combos, card removal
applied. Counts by hand: a pair has 6 combos, a suited hand 4, an offsuit hand 12."""

from __future__ import annotations

import pytest

from coach.cards import parse_cards
from coach.feedback.rangemodel import parse_weighted
from coach.learning.ranges import range_view

AA, AKS, AKO, KK = (0, 0), (0, 1), (1, 0), (1, 1)  # (row, column): A at 0, suited above the diagonal


def dead(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


def test_a_full_class_weighs_one_and_the_rest_zero() -> None:
    view = range_view(2, "Bruno", None, parse_weighted("AA, AKs"), ())
    r, c = AA
    assert view.weights[r][c] == 1.0 and view.weights[AKS[0]][AKS[1]] == 1.0
    assert view.weights[AKO[0]][AKO[1]] == 0.0 and view.weights[KK[0]][KK[1]] == 0.0
    assert view.live[AA[0]][AA[1]] == 6 and view.live[AKS[0]][AKS[1]] == 4 and view.live[AKO[0]][AKO[1]] == 12
    assert view.combos == pytest.approx(10)  # 6 + 4
    assert sum(sum(row) for row in view.live) == 1326


def test_card_removal_shrinks_the_live_combos() -> None:
    # A♠ on the board: AA keeps 3 combos (of the other three aces), AKs 3 (no A♠K♠), AKo 9 (no A♠Kx)
    view = range_view(2, "Bruno", None, parse_weighted("AA, AKs, AKo"), dead("As"))
    assert view.live[AA[0]][AA[1]] == 3 and view.live[AKS[0]][AKS[1]] == 3
    assert view.live[AKO[0]][AKO[1]] == 9
    assert view.weights[AA[0]][AA[1]] == 1.0  # all of what is left is still in his range
    assert view.combos == pytest.approx(3 + 3 + 9)


def test_a_partly_weighted_class_shows_its_share() -> None:
    # half of AKs: each of the 4 combos at weight 0.5 -> a share of 0.5; one combo blocked leaves 3 x 0.5
    view = range_view(1, "Carla", None, parse_weighted("AKs:0.5"), dead("Kh"))
    assert view.live[AKS[0]][AKS[1]] == 3
    assert view.weights[AKS[0]][AKS[1]] == pytest.approx(0.5)
    assert view.combos == pytest.approx(1.5)
