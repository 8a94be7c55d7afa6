"""Figure builders (Plotly) are pure: numbers and labels checked on the figure itself."""

from __future__ import annotations

from datetime import datetime

import pytest

from coach.i18n import get_translator
from coach.ui.figures import (
    BAD,
    GOOD,
    EquityData,
    GradePoint,
    TopicScore,
    build_equity_figure,
    build_grades_figure,
    build_quiz_figure,
    build_range_figure,
    build_session_figure,
    describe_equity,
    hand_label,
)

IT = get_translator("it")


def test_equity_figure_compares_equity_with_what_is_needed() -> None:
    fig = build_equity_figure(EquityData(0.36, 0.25, stderr=0.01), IT)
    bar = fig.data[0]
    assert list(bar.x) == [0.25, 0.36]
    assert bar.marker.color[1] == GOOD
    assert list(bar.text) == ["25,0%", "36,0%"]
    assert fig.layout.title.text == "La tua equity contro quella necessaria per il call"
    assert build_equity_figure(EquityData(0.2, 0.25), IT).data[0].marker.color[1] == BAD
    assert describe_equity(EquityData(0.36, 0.25), IT) == (
        "La tua equity è 36,0% contro il 25,0% necessario per il call.")


def test_range_grid_labels() -> None:
    assert hand_label(0, 0) == "AA"
    assert hand_label(0, 1) == "AKs"
    assert hand_label(1, 0) == "AKo"
    assert hand_label(12, 12) == "22"
    grid = [[1.0 if r == c else 0.0 for c in range(13)] for r in range(13)]
    fig = build_range_figure(grid, IT)
    assert fig.data[0].text[0][1] == "AKs"
    # every rank on both axes, as categories: "9".."2" must not turn the axes numeric
    for axis in (fig.layout.xaxis, fig.layout.yaxis):
        assert axis.type == "category" and axis.showticklabels is True
        assert list(axis.tickvals) == list("AKQJT98765432")
    assert list(fig.data[0].x) == list("AKQJT98765432")
    with pytest.raises(ValueError):
        build_range_figure([[0.0] * 13] * 12, IT)


def test_counts_are_whole_numbers_on_the_x_axis() -> None:
    two = [GradePoint(datetime(2026, 1, 1), "buona")] * 2
    for fig in (build_session_figure([10], IT), build_grades_figure(two, {}, IT)):
        assert fig.layout.xaxis.tickformat == "d" and fig.layout.xaxis.dtick == 1
    assert build_session_figure([1] * 60, IT).layout.xaxis.dtick == 5


def test_session_figure_keeps_a_running_total() -> None:
    fig = build_session_figure([10, -30, 5], IT)
    assert list(fig.data[0].y) == [10, -30, 5]
    assert list(fig.data[1].y) == [10, -20, -15]


def test_grades_figure_scores_and_averages() -> None:
    pts = [GradePoint(datetime(2026, 1, d), g) for d, g in ((1, "errore grave"), (2, "ottima"), (3, "buona"))]
    fig = build_grades_figure(pts, {"ottima": "Ottima"}, IT, window=2)
    assert list(fig.data[0].y) == [0, 4, 3]
    assert list(fig.data[1].y) == [0.0, 2.0, 3.5]
    assert "Ottima" in fig.layout.yaxis.ticktext


def test_quiz_figure() -> None:
    fig = build_quiz_figure([TopicScore("R09", 4, 3), TopicScore("R03", 0, 0)], IT)
    assert list(fig.data[0].x) == [0.75, 0.0]
    assert fig.data[0].text[0] == "75% (3/4)"


def test_distribution_figure_has_one_bar_per_answer_coloured_by_grade() -> None:
    from coach.i18n import get_translator
    from coach.ui.figures import GRADE_COLOUR, AnswerBar, build_distribution_figure

    t = get_translator("it")
    fig = build_distribution_figure([AnswerBar("Call 2", 18, "ottima"), AnswerBar("Fold", 6, "errore")], t,
                                    large=True, title="Domanda 1: le risposte")
    bar = fig.data[0]
    assert list(bar.y) == [18, 6]
    assert list(bar.marker.color) == [GRADE_COLOUR["ottima"], GRADE_COLOUR["errore"]]
    assert [x.split("<br>")[1] for x in bar.x] == ["Ottima", "Errore"]  # the grade in words, not colour only
    assert fig.layout.title.text == "Domanda 1: le risposte"
