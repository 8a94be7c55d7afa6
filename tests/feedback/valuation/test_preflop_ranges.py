"""The preflop charts' sizing rule (``coach/feedback/valuation/preflop_ranges.py``; docs/COACH.md,
«Le misure dei rilanci preflop»): one test per part of the rule.

The standard bands are read from real spots (the banded spots' PHH files), the loss's shape from
the function itself, and the grades from full analyses, where a size's grade must fall as it moves
away from the band and never depend on anything but the hand's grade and the size's loss.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coach.engine.phh import load_phh
from coach.feedback.analysis import DecisionAnalysis, analyze
from coach.feedback.grading import THRESHOLDS, Grade
from coach.feedback.situation import Situation, read_situation
from coach.feedback.valuation.preflop_ranges import (
    BIG_SLOPE,
    SMALL_SLOPE,
    StandardSize,
    chart_situation,
    size_loss,
    standard_size,
    with_size,
)

SPOTS = Path(__file__).resolve().parent.parent / "spots_v2"


def situation(name: str) -> Situation:
    return read_situation(load_phh(SPOTS / f"{name}.phh").replay(require_complete=False))


def band(name: str) -> tuple[float, float]:
    """The spot's standard band: in big blinds, or in times the raise faced."""
    sit = situation(name)
    chart = chart_situation(sit, None)
    assert chart is not None, name
    b = standard_size(sit, chart[0], short=chart[0] == "unopened" and name.startswith("pf-6max-short"))
    unit = b.times or sit.big_blind
    return round(b.lo / unit, 2), round(b.hi / unit, 2)


def grades(name: str, codes: list[str]) -> DecisionAnalysis:
    hand = load_phh(SPOTS / f"{name}.phh").replay(require_complete=False)
    return analyze(hand, solver=False, candidates=codes)


@pytest.mark.parametrize(("name", "expected"), [
    ("pf-6max-utg-ajs-open-sizes", (2.0, 2.5)),  # first in: 2-2.5 bb
    ("pf-6max-sb-kto-open", (2.5, 3.5)),  # the small blind at 3+ players: out of position, 3 bb
    ("pf-6max-short-15bb-btn-kqo-sizes", (2.0, 2.5)),  # 12-25 bb: 2-2.5 bb from every seat
    ("pf-6max-co-iso-sizes-vs-limp", (3.5, 5.0)),  # one limper, in position: 3 bb + 1, give or take
    ("pf-6max-bb-ako-vs-limpers-iso", (6.0, 8.0)),  # three limpers, from the big blind: 3-5 bb + 3
    ("pf-hu-bb-aqo-vs-limp", (3.5, 5.0)),  # heads-up the big blind isolates the button's limp like IP
    ("pf-6max-btn-3bet-sizes-vs-co-open", (2.5, 3.5)),  # 3-bet in position: ~3x
    ("pf-6max-sb-3bet-sizes-vs-btn-open", (3.5, 4.5)),  # 3-bet out of position: ~4x
    ("pf-6max-bb-3bet-in-position-vs-sb-open", (2.5, 3.5)),  # the big blind acts last against the SB
    ("pf-6max-sb-squeeze-sizes", (4.5, 5.5)),  # one caller: one open more
    ("pf-6max-co-4bet-sizes-vs-btn-3bet", (2.2, 2.5)),  # 4-bet: 2.2-2.5x the 3-bet
])
def test_standard_sizes(name: str, expected: tuple[float, float]) -> None:
    """The standard band of each kind of spot."""
    assert band(name) == expected


def test_size_loss_grows_with_the_distance_from_the_band() -> None:
    """Nothing inside the band; below it, SMALL_SLOPE times the part of the lower edge missed (never
    reaching SMALL_SLOPE); above it, BIG_SLOPE per upper edge of excess (growing without bound)."""
    b = StandardSize(10.0, 20.0, None)
    assert size_loss(10, b) == size_loss(15, b) == size_loss(20, b) == 0.0
    assert size_loss(5, b) == pytest.approx(SMALL_SLOPE / 2)
    assert size_loss(40, b) == pytest.approx(BIG_SLOPE)
    small = [size_loss(x, b) for x in (9, 7, 5, 3, 1)]
    big = [size_loss(x, b) for x in (21, 30, 40, 80, 400)]
    assert small == sorted(small) and big == sorted(big)
    assert max(small) < SMALL_SLOPE < big[-1]


def test_a_sizes_loss_is_added_to_the_hands_grade() -> None:
    """The hand's grade for raising starts at the lower edge of its band on the scale; the size's
    share is added there and graded on grading.py's thresholds."""
    buona_edge, imprecisa_edge, errore_edge = (bound for _, bound in THRESHOLDS[:3])
    assert with_size(Grade.OTTIMA, 0.0) is Grade.OTTIMA
    assert with_size(Grade.OTTIMA, buona_edge) is Grade.BUONA
    assert with_size(Grade.OTTIMA, imprecisa_edge + 0.001) is Grade.IMPRECISA
    assert with_size(Grade.BUONA, imprecisa_edge - buona_edge - 0.001) is Grade.BUONA
    assert with_size(Grade.BUONA, imprecisa_edge - buona_edge + 0.001) is Grade.IMPRECISA
    assert with_size(Grade.IMPRECISA, errore_edge - imprecisa_edge + 0.001) is Grade.ERRORE
    for g in Grade:  # a size never improves a grade
        assert with_size(g, 0.0) is g and with_size(g, 0.5).rank >= g.rank


@pytest.mark.parametrize(("name", "codes"), [
    ("pf-6max-btn-3bet-sizes-vs-co-open", ["cbr 15", "cbr 12", "cbr 10", "cbr 8"]),  # smaller and smaller
    ("pf-6max-btn-3bet-sizes-vs-co-open", ["cbr 15", "cbr 20", "cbr 25", "cbr 40", "cbr 80"]),  # bigger
    ("pf-6max-sb-3bet-sizes-vs-btn-open", ["cbr 20", "cbr 15", "cbr 10"]),
    ("pf-6max-co-iso-sizes-vs-limp", ["cbr 8", "cbr 6", "cbr 4"]),
    ("pf-6max-utg-ajs-open-sizes", ["cbr 5", "cbr 8", "cbr 12", "cbr 20", "cbr 40"]),
    ("pf-6max-short-15bb-btn-kqo-sizes", ["cbr 5", "cbr 6", "cbr 8", "cbr 12"]),
])
def test_the_grade_falls_with_the_distance(name: str, codes: list[str]) -> None:
    """Away from the standard, each size is graded no better than the one closer to it; the farthest is
    graded below the standard, and the figures in the JSON are the rule's."""
    a = grades(name, codes)
    ranks = [a.option(c).grade.rank for c in codes]
    assert ranks == sorted(ranks) and ranks[-1] > ranks[0], (name, ranks)
    sizes = a.to_json("en")["model_details"]["sizes"]
    sit = situation(name)
    chart = chart_situation(sit, None)
    assert chart is not None
    b = standard_size(sit, chart[0], short=name.startswith("pf-6max-short"))
    for c in codes:
        amount = int(c.split()[1])
        text = next(o["explanation"] for o in a.to_json("en")["options"] if o["action"] == c)
        if size_loss(amount, b) > 0:
            assert "The standard here is" in text and "of the " in text, text
        else:
            assert "The standard here is" not in text, text
        assert sizes[c]["loss_share"] == round(size_loss(amount, b), 4)


def test_a_five_bet_that_commits_the_stack_is_the_all_ins_equal() -> None:
    """Facing a 4-bet to 24 bb at 100 bb, a 5-bet to 55 bb leaves 45 bb behind a pot of 80: it commits
    the stack like the all-in and is worth the same (no size loss); a 5-bet to 37 bb leaves 63 behind
    a pot of 62 and keeps the «too small» loss. So folding Q-Q is never graded above that 5-bet."""
    a = grades("pf-6max-bb-qq-calls-btn-4bet", ["cbr 110", "cbr 74"])
    by = {o.code: o for o in a.options}
    assert a.details["sizes"]["cbr 110"]["loss_share"] == 0.0
    assert a.details["sizes"]["cbr 74"]["loss_share"] > 0.0
    assert by["cbr 110"].ev_bb == pytest.approx(by["cbr 200"].ev_bb)
    assert by["f"].grade.rank >= Grade.ERRORE.rank
