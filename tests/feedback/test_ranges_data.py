"""The preflop charts are data: they parse, make sense, and name every seat."""

from __future__ import annotations

import numpy as np
import pytest

from coach.feedback.rangemodel import class_of, hand_classes, parse_weighted
from coach.feedback.ranges_data import (
    ANY_TWO,
    FORMATS,
    load_range_table,
    parse_table,
    validate_all,
    validate_table,
)
from coach.theory.classes import class_name, disjoint_pairs
from coach.theory.preflop import equity_table


def test_every_shipped_chart_is_valid() -> None:
    assert validate_all() == []


def test_any_two_cards_is_all_1326_hands() -> None:
    assert len(parse_weighted(ANY_TWO)) == 1326


@pytest.mark.parametrize("fmt", FORMATS)
def test_opening_ranges_widen_towards_the_button(fmt: str) -> None:
    table = load_range_table(fmt)
    opens = [p for p in table.positions if p in table.open and p != "SB"]
    widths = [parse_weighted(table.open[p]).share_of_all() for p in opens]
    assert widths == sorted(widths) and widths[0] > 0.05


def test_the_validator_finds_overlaps_and_bad_notation() -> None:
    bad = parse_table({
        "format": "test", "positions": ["CO", "BTN", "SB", "BB"],
        "open": {"CO": "22+, AKo", "BTN": "33+"},
        "vs_open": {"CO": {"threebet": "QQ+", "call": "JJ-QQ"}},
        "villain": {"limp": "not a range"},
    })
    problems = validate_table(bad)
    assert any("open.BTN lacks" in p for p in problems)
    assert any("both raise and call" in p and "QQ" in p for p in problems)
    assert any("villain.limp" in p for p in problems)


def test_charts_answer_the_classic_questions() -> None:
    t6 = load_range_table("6max")
    assert "72o" not in hand_classes(t6.open["UTG"]) and "AA" in hand_classes(t6.open["UTG"])
    assert "AJs" in hand_classes(t6.open["BTN"])
    assert "KK" in hand_classes(t6.facing_open("CO", "UTG").raise_range)
    assert class_of(51, 50) == "AA" and class_of(51, 47) == "AKs" and class_of(46, 51) == "AKo"


def test_chart_notation_reads_through_the_shared_parser() -> None:
    from coach.errors import InvalidInput
    from coach.feedback.rangemodel import parse_weighted

    assert len(parse_weighted("TT+, AQs+, AKo, 76s")) == 5 * 6 + 2 * 4 + 12 + 4
    assert len(parse_weighted("A5s-A2s")) == 16 and len(parse_weighted("22-44")) == 18
    assert len(parse_weighted("AK")) == 16 and len(parse_weighted("AhKh")) == 1
    assert set(parse_weighted("A5s:0.5").weights.tolist()) == {0.5}
    for bad in ("XYs", "AKx", "A5s-K2s", "A5s:2"):
        with pytest.raises(InvalidInput):
            parse_weighted(bad)


def test_a_narrowed_range_has_the_same_grid_as_its_notation() -> None:
    from coach.feedback.rangemodel import parse_weighted
    from coach.ranges import parse_range

    text = "AA, AKs, AQo:0.5, 72o"
    assert parse_weighted(text).grid() == parse_range(text).grid()


def test_the_grid_of_a_range() -> None:
    from coach.ranges import parse_range

    g = parse_range("AA, AKs, AQo:0.5, 72o").grid()
    assert len(g) == 13 and all(len(row) == 13 for row in g)
    assert g[0][0] == 1.0 and g[0][1] == 1.0 and g[1][0] == 0.0  # AA, AKs in; AKo out
    assert g[2][0] == 0.5  # AQo, offsuit below the diagonal
    assert g[12][7] == 1.0  # 72o: row of the 2, column of the 7
    assert sum(map(sum, g)) == 3.5


def test_an_empty_chart_cell_is_an_empty_range() -> None:
    from coach.feedback.rangemodel import parse_weighted

    assert len(parse_weighted("")) == 0 and len(parse_weighted("  ")) == 0


def test_heads_up_short_stack_folds_are_the_documented_ones() -> None:
    """headsup.toml says how its 12-25 bb ranges were made: the small blind plays every hand but the
    offsuit ones below 37% equity against a random hand (the exact preflop table); raise and limp
    never share a hand. The data must still say what its comment says."""
    table = load_range_table("headsup")
    raised = set(hand_classes(table.short_open_range("BTN")))
    limped = set(hand_classes(table.short_limp_range("BTN")))
    assert not raised & limped
    pairs = disjoint_pairs().astype(np.float64)
    vs_random = (pairs * equity_table()).sum(axis=1) / pairs.sum(axis=1)
    documented = {class_name(i) for i in range(169) if class_name(i).endswith("o") and vs_random[i] < 0.37}
    everything = {class_name(i) for i in range(169)}
    assert everything - raised - limped == documented
    assert len(documented) == 10


@pytest.mark.parametrize("fmt", FORMATS)
def test_short_stack_opening_range_falls_back_to_the_100bb_one(fmt: str) -> None:
    table = load_range_table(fmt)
    for pos in table.positions:
        if pos not in table.short_open:
            assert table.short_open_range(pos) == table.open_range(pos)


def test_facing_a_four_bet_by_position() -> None:
    """Issue 29: the 3-bettor's answer to a 4-bet by position; in position he continues wider."""
    for fmt in ("6max", "9max"):
        table = load_range_table(fmt)
        ip, oop = table.facing_4bet("BTN"), table.facing_4bet("BB")
        assert ip is not None and oop is not None and ip is not oop
        width = {k: parse_weighted(f.call).total + parse_weighted(f.raise_range).total
                 for k, f in (("ip", ip), ("oop", oop))}
        assert width["ip"] > width["oop"]
        assert "KK" in hand_classes(ip.raise_range) and "AKo" in hand_classes(oop.call)
    assert load_range_table("headsup").facing_4bet("BB") is None


@pytest.mark.parametrize("fmt", ["6max", "9max"])
def test_the_big_blind_defends_every_hand_above_the_fold_line(fmt: str) -> None:
    """issue 29 audit: against a 2.5 bb open the big blind pays 1.5 bb for a 5.5 bb pot (27.3%); a weak
    hand out of position realises about 70% of its equity, so every hand with at least 39% against the
    opener's range defends in the learner's chart (``call`` and ``call_also``). Before, K7o, Q8o, J8o
    and T8o folded to the button's open (42.7-39.1%) and calling them was «errore»."""
    from coach.theory.classes import CLASS_NAMES, CLASS_OF_NAME, class_sizes

    table = load_range_table(fmt)
    eq_table = equity_table()
    sizes = class_sizes().astype(float)
    for opener in table.bb_defend:
        if opener == "SB":  # a 3 bb open from the small blind, and the big blind in position: another price
            continue
        w = np.zeros(169)
        for name, weight in hand_classes(table.open_range(opener)).items():
            w[CLASS_OF_NAME[name]] = weight
        w *= sizes
        eq = eq_table @ w / w.sum()
        f = table.facing_open("BB", opener)
        defended = set(hand_classes(f.learner_call)) | set(hand_classes(f.raise_range))
        missing = [CLASS_NAMES[i] for i in range(169) if eq[i] >= 0.39 and CLASS_NAMES[i] not in defended]
        assert not missing, (fmt, opener, missing)
        assert not set(hand_classes(f.also)) & set(hand_classes(f.call)), (fmt, opener)


@pytest.mark.parametrize("fmt", ["6max", "9max"])
def test_the_small_blind_three_bets_or_folds_against_the_button(fmt: str) -> None:
    """The learner's small blind against a button open (``[sb_vs_open.BTN]``) 3-bets the pairs, suited
    aces and connectors the cold-call chart flats, continues with the same hands (the 12-25 bb tables
    read only whether a hand continues), and the range reader keeps the cold-call chart."""
    table = load_range_table(fmt)
    sb = table.learner_facing_open("SB", "BTN")
    cold = table.facing_open("SB", "BTN")
    assert sb is not cold and cold is table.vs_open["BTN"]
    assert {"88", "66", "A8s", "T9s"} <= set(hand_classes(sb.raise_range))
    assert set(hand_classes(sb.call)) <= {"22", "33", "44", "55"}
    both = set(hand_classes(sb.raise_range)) | set(hand_classes(sb.learner_call))
    assert both == set(hand_classes(cold.raise_range)) | set(hand_classes(cold.learner_call))
    assert table.learner_facing_open("BB", "BTN") is table.facing_open("BB", "BTN")
