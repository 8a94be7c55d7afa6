"""The range charts a lesson shows: their grids are the coach's own data (the charts it grades with),
their share of all hands counts combos, and a chart the coach does not have is refused by name."""

from __future__ import annotations

import pytest

from coach.errors import CoachError
from coach.feedback.ranges_data import ANY_TWO, table_for
from coach.i18n import get_translator
from coach.lessons.range_grids import chart_grid, chart_share
from coach.lessons.schema import RangeChart
from coach.ranges import parse_range
from coach.theory import pushfold

IT = get_translator("it")


def test_chart_grids_are_the_coachs_own_data() -> None:
    def grid(text: str) -> list[list[float]]:
        return parse_range(text).grid()

    assert chart_grid(RangeChart(kind="open", title="t", players=6, position="CO")) == grid(
        table_for(6).open_range("CO"))
    assert chart_grid(RangeChart(kind="open", title="t", players=9, position="utg")) == grid(
        table_for(9).open_range("UTG"))
    assert chart_grid(RangeChart(kind="threebet", title="t", players=6, position="BTN",
                                 against="CO")) == grid(table_for(6).facing_open("BTN", "CO").raise_range)
    assert chart_grid(RangeChart(kind="call", title="t", players=6, position="BB", against="BTN")) == grid(
        table_for(6).bb_defend["BTN"].call)
    assert chart_grid(RangeChart(kind="isoraise", title="t", players=6, position="BTN")) == grid(
        table_for(6).vs_limp["BTN"].raise_range)
    hu = pushfold.chart(2, "SB", 10)
    assert chart_grid(RangeChart(kind="push", title="t", players=2, position="SB",
                                 stack=10)) == hu.push_grid()
    assert chart_grid(RangeChart(kind="push_call", title="t", players=2, position="BB", against="SB",
                                 stack=10)) == hu.call_grid(0)
    assert chart_share(hu.push_grid()) == pytest.approx(hu.push_share(), abs=1e-9)


def test_chart_share_counts_combos() -> None:
    assert chart_share(chart_grid(RangeChart(kind="range", title="t", range="AA"))) == pytest.approx(6 / 1326)
    aks = chart_grid(RangeChart(kind="range", title="t", range="AKs, AKo"))
    assert chart_share(aks) == pytest.approx(16 / 1326)
    assert chart_share(chart_grid(RangeChart(kind="range", title="t", range=ANY_TWO))) == pytest.approx(1.0)


@pytest.mark.parametrize(("chart", "fragment"), [
    (RangeChart(kind="open", title="t", players=6, position="BB"), "il grande buio non apre mai"),
    (RangeChart(kind="threebet", title="t", players=6, position="UTG", against="CO"), "parla prima di CO"),
    (RangeChart(kind="push", title="t", players=10, position="UTG", stack=8), "fino a 9 giocatori"),
])
def test_charts_the_coach_does_not_have_are_refused(chart: RangeChart, fragment: str) -> None:
    with pytest.raises(CoachError) as info:
        chart_grid(chart)
    assert fragment in info.value.localized(IT)
