"""Range notation: parsing, weights, dead cards, the 13x13 grid, notation back."""

from __future__ import annotations

import pytest

from coach.errors import InvalidInput
from coach.ranges import parse_range


@pytest.mark.parametrize(("text", "combos"), [
    ("AA", 6), ("TT+", 30), ("22+", 78), ("99-66", 24), ("66-99", 24), ("AKs", 4), ("AKo", 12),
    ("AK", 16), ("AQs+", 8), ("A2s+", 48), ("A5s-A2s", 16), ("KTo-K7o", 48), ("AsKs", 1),
    ("TT+, AQs+, AKo", 50), ("random", 1326), ("any", 1326), ("100%", 1326),
])
def test_combo_counts(text: str, combos: int) -> None:
    assert len(parse_range(text)) == combos


def test_weights_and_overrides() -> None:
    r = parse_range("76s:0.5, AKs, AKs:25%")
    assert r.size == pytest.approx(2 + 1)
    assert {c.weight for c in r.combos() if str(c).startswith("A")} == {0.25}
    assert len(parse_range("random, 72o:0")) == 1326 - 12


def test_dead_cards_remove_combos() -> None:
    r = parse_range("AA, AKs")
    assert len(r.combos(dead="As")) == 3 + 3
    assert len(r.combos(dead=["As", "Kh"])) == 3 + 2
    cards, w = r.arrays(dead="AsAh")
    assert cards.shape == (1 + 2, 2) and w.tolist() == [1.0, 1.0, 1.0]


def test_grid() -> None:
    g = parse_range("AKs, QQ:0.5, 72o").grid()
    assert g[0][1] == 1.0 and g[1][0] == 0.0  # AKs above the diagonal, AKo below
    assert g[2][2] == 0.5
    assert g[12][7] == 1.0  # row 2, column 7: 72 offsuit
    assert sum(map(sum, g)) == pytest.approx(2.5)


@pytest.mark.parametrize("text", [
    "TT+, AQs+, AKo", "22+", "99-66", "A5s-A2s, K9s+:0.5", "AsKs, TdTc", "random",
    "random, 72o:0", "JJ-99, AKs:50%, QJo", "A2s+, K2s+, Q2s+",
])
def test_notation_round_trip(text: str) -> None:
    r = parse_range(text)
    assert parse_range(str(r)) == r


def test_notation_back_is_compact() -> None:
    assert str(parse_range("TT, JJ, QQ, KK, AA, AKs, AQs, AKo")) == "TT+, AQs+, AKo"
    assert str(parse_range("random")) == "random"
    assert str(parse_range("76s:0.5")) == "76s:0.5"


@pytest.mark.parametrize("bad", ["", "AX", "AKx", "AKs:2", "TT-AKs", "AsKsQs", "AKs-QJs", "AAs"])
def test_errors(bad: str) -> None:
    with pytest.raises(InvalidInput):
        parse_range(bad)
