"""Plotly figures as pure functions of plain data: ``build_*_figure(data) -> go.Figure``.

Pages pass the result to ``st.plotly_chart(fig, alt=...)``; keeping the builders
free of Streamlit lets tests check the numbers and labels directly (AppTest
only sees a chart as an opaque element). Every label goes through the session's
translator and every figure has a title, so the chart means something to a
screen reader through ``alt`` and to a pupil looking at a projector.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import plotly.graph_objects as go

from coach.i18n import N_, Translator, get_translator

GOOD = "#2e9d57"
BAD = "#d64541"
NEUTRAL = "#f2c14e"
UNGRADED = "#5b8def"  # a bar before the verdict: no grade's colour (blue is none of them)
RANKS_DESC = "AKQJT98765432"

# Grade keys (coach.feedback.grading.Grade values) from best to worst, with a
# score for plotting over time and a colour.
GRADE_ORDER: tuple[str, ...] = ("ottima", "buona", "imprecisa", "errore", "errore grave")
GRADE_SCORE = {"ottima": 4, "buona": 3, "imprecisa": 2, "errore": 1, "errore grave": 0}
# The same msgids as coach.feedback.grading, so one translation serves both.
GRADE_LABELS = {"ottima": N_("Excellent"), "buona": N_("Good"), "imprecisa": N_("Inaccurate"),
                "errore": N_("Mistake"), "errore grave": N_("Blunder")}
GRADE_COLOUR = {"ottima": "#2e9d57", "buona": "#8bc34a", "imprecisa": "#f2c14e",
                "errore": "#ef8a3c", "errore grave": "#d64541"}


def count_axis(n: int) -> dict[str, object]:
    """An x axis of hand or decision numbers: whole numbers only, at most about a dozen ticks.

    Left alone, Plotly puts ticks at 0.5, 1, 1.5 when there are only a few points.
    """
    return {"tickmode": "linear", "tick0": 1, "dtick": max(1, math.ceil(n / 12)), "tickformat": "d",
            "range": [0.5, max(n, 1) + 0.5]}


def _layout(fig: go.Figure, title: str, *, height: int = 320) -> go.Figure:
    fig.update_layout(title={"text": title}, height=height, margin={"l": 10, "r": 10, "t": 50, "b": 10},
                      showlegend=False)
    return fig


@dataclass(frozen=True)
class EquityData:
    """The learner's equity against the equity a call needs (pot odds)."""

    equity: float
    needed: float
    stderr: float | None = None  # Monte Carlo standard error, shown as an error bar


def build_equity_figure(data: EquityData, t: Translator | None = None) -> go.Figure:
    """Two horizontal bars: "la tua equity" and "equity necessaria"."""
    t = t or get_translator()
    labels = [t("Equity needed"), t("Your equity")]
    values = [data.needed, data.equity]
    colours = [NEUTRAL, GOOD if data.equity >= data.needed else BAD]
    error = None
    if data.stderr:
        error = {"type": "data", "array": [0.0, 2 * data.stderr], "visible": True}
    fig = go.Figure(go.Bar(
        x=values, y=labels, orientation="h", marker_color=colours, error_x=error,
        text=[t.format_percent(v, 1) for v in values], textposition="auto",
        hovertemplate="%{y}: %{text}<extra></extra>",
    ))
    fig.update_xaxes(range=[0, 1], tickformat=".0%")
    return _layout(fig, t("Equity against the equity needed to call"), height=220)


def hand_label(row: int, col: int) -> str:
    """The 13x13 grid's hand: pairs on the diagonal, suited above, offsuit below."""
    hi, lo = RANKS_DESC[min(row, col)], RANKS_DESC[max(row, col)]
    if row == col:
        return hi + lo
    return hi + lo + ("s" if row < col else "o")


def build_range_figure(grid: Sequence[Sequence[float]], t: Translator | None = None,
                       title: str | None = None) -> go.Figure:
    """A 13x13 range heat map (weights 0..1), with the hand written in each cell."""
    t = t or get_translator()
    if len(grid) != 13 or any(len(r) != 13 for r in grid):
        raise ValueError("a range grid is 13x13")
    labels = [[hand_label(r, c) for c in range(13)] for r in range(13)]
    fig = go.Figure(go.Heatmap(
        z=[list(map(float, r)) for r in grid], text=labels, texttemplate="%{text}",
        x=list(RANKS_DESC), y=list(RANKS_DESC), zmin=0, zmax=1, showscale=False,
        colorscale=[[0, "#1d2b24"], [1, "#2e9d57"]], xgap=1, ygap=1,
        hovertemplate="%{text}: %{z:.0%}<extra></extra>",
    ))
    # Categorical axes: "9".."2" look like numbers, and Plotly would make a linear axis of
    # them, drawing only the numeric corner of the grid (and the text at NaN positions).
    ranks = list(RANKS_DESC)
    fig.update_xaxes(type="category", categoryorder="array", categoryarray=ranks, side="top",
                     showticklabels=True, tickmode="array", tickvals=ranks, ticktext=ranks, fixedrange=True)
    fig.update_yaxes(type="category", categoryorder="array", categoryarray=ranks, autorange="reversed",
                     showticklabels=True, tickmode="array", tickvals=ranks, ticktext=ranks, fixedrange=True)
    fig = _layout(fig, title or t("Opponent's range"), height=460)
    fig.update_layout(margin={"l": 30, "r": 10, "t": 80, "b": 10})
    return fig


def build_session_figure(results: Sequence[int], t: Translator | None = None) -> go.Figure:
    """Chips won or lost per hand (bars) and the running total (line)."""
    t = t or get_translator()
    hands = list(range(1, len(results) + 1))
    total: list[int] = []
    acc = 0
    for r in results:
        acc += r
        total.append(acc)
    fig = go.Figure()
    fig.add_bar(x=hands, y=list(results), name=t("This hand"),
                marker_color=[GOOD if r >= 0 else BAD for r in results])
    fig.add_scatter(x=hands, y=total, name=t("Session total"), mode="lines+markers",
                    line={"color": NEUTRAL, "width": 3})
    fig.update_xaxes(title_text=t("Hand"), **count_axis(len(results)))
    fig.update_yaxes(title_text=t("Chips"))
    fig = _layout(fig, t("Session results"))
    fig.update_layout(showlegend=True, legend={"orientation": "h", "y": -0.25})
    return fig


@dataclass(frozen=True)
class GradePoint:
    at: datetime
    grade: str


def build_grades_figure(points: Sequence[GradePoint], labels: dict[str, str] | None = None,
                        t: Translator | None = None, *, window: int = 10) -> go.Figure:
    """Decision grades over time (points) and their moving average (line).

    ``labels`` maps grade keys to their translated names for the axis; unknown
    grades are drawn in the middle of the scale rather than dropped.
    """
    t = t or get_translator()
    labels = labels or {}
    xs = list(range(1, len(points) + 1))
    scores = [GRADE_SCORE.get(p.grade, 2) for p in points]
    avg: list[float] = []
    for i in range(len(scores)):
        chunk = scores[max(0, i + 1 - window): i + 1]
        avg.append(sum(chunk) / len(chunk))
    fig = go.Figure()
    fig.add_scatter(
        x=xs, y=scores, mode="markers", name=t("Decision"),
        marker={"size": 10, "color": [GRADE_COLOUR.get(p.grade, NEUTRAL) for p in points]},
        text=[f"{labels.get(p.grade, p.grade)} · {p.at:%Y-%m-%d %H:%M}" for p in points],
        hovertemplate="%{text}<extra></extra>",
    )
    fig.add_scatter(x=xs, y=avg, mode="lines", name=t("Moving average"),
                    line={"color": NEUTRAL, "width": 3})
    fig.update_yaxes(range=[-0.3, 4.3], tickvals=[GRADE_SCORE[g] for g in GRADE_ORDER],
                     ticktext=[labels.get(g, g) for g in GRADE_ORDER])
    fig.update_xaxes(title_text=t("Decision number"), **count_axis(len(points)))
    return _layout(fig, t("Your decisions over time"))


@dataclass(frozen=True)
class TopicScore:
    topic: str
    answered: int
    correct: int


def build_quiz_figure(topics: Sequence[TopicScore], t: Translator | None = None) -> go.Figure:
    """Quiz accuracy per topic, as horizontal bars from 0 to 100%."""
    t = t or get_translator()
    ratios = [ts.correct / ts.answered if ts.answered else 0.0 for ts in topics]
    fig = go.Figure(go.Bar(
        x=ratios, y=[ts.topic for ts in topics], orientation="h",
        marker_color=[GOOD if r >= 0.7 else NEUTRAL if r >= 0.4 else BAD for r in ratios],
        text=[t.format_percent(r, 0) + f" ({ts.correct}/{ts.answered})"
              for r, ts in zip(ratios, topics, strict=True)],
        textposition="auto", hovertemplate="%{y}: %{text}<extra></extra>",
    ))
    fig.update_xaxes(range=[0, 1], tickformat=".0%")
    fig.update_yaxes(autorange="reversed")
    return _layout(fig, t("Quiz accuracy by topic"), height=max(220, 60 + 34 * len(topics)))


def describe_equity(data: EquityData, t: Translator | None = None) -> str:
    """The chart's ``alt`` text: the same figures in one sentence."""
    t = t or get_translator()
    return t("Your equity {equity} against {needed} needed to call.",
              equity=t.format_percent(data.equity, 1), needed=t.format_percent(data.needed, 1))


@dataclass(frozen=True)
class AnswerBar:
    """One bar of a live class's answers: the answer in words, how many chose it, its grade."""

    label: str
    count: int
    grade: str | None
    note: str | None = None  # written under the answer instead of the grade («giusta», «sbagliata»)


def build_distribution_figure(bars: Sequence[AnswerBar], t: Translator | None = None, *,
                              large: bool = False, title: str | None = None,
                              graded: bool = True) -> go.Figure:
    """How the class answered: one bar per answer, coloured by the coach's grade, the count on it.

    The grade is written under each answer too, so colour is never the only cue.
    ``large`` is the projector's size (fonts readable from the back row). ``graded=False`` is the
    chart before «Mostra il verdetto» (issue 22): the answers only, every bar one neutral colour, so
    the class discusses its choices before it learns which one the coach prefers.
    """
    t = t or get_translator()
    if graded:
        labels = [f"{b.label}<br>" + (b.note if b.note is not None else
                                      t(GRADE_LABELS[b.grade]) if b.grade in GRADE_LABELS else "—")
                  for b in bars]
        colours = [GRADE_COLOUR.get(b.grade or "", NEUTRAL) for b in bars]
    else:
        labels = [b.label for b in bars]
        colours = [UNGRADED] * len(bars)
    counts = [b.count for b in bars]
    fig = go.Figure(go.Bar(
        x=labels, y=counts, text=[t.format_int(c) for c in counts], textposition="outside",
        marker={"color": colours,
                "line": {"color": "#ffffff", "width": 2}},
        hovertemplate="%{x}: %{y}<extra></extra>",
    ))
    size = 24 if large else 14
    # the projector: 500 px from under the page's header and controls (at about 560 px) fits 1080 (issue 30)
    _layout(fig, title or t("How the class answered"), height=500 if large else 340)
    top = max(counts, default=0)
    fig.update_yaxes(title={"text": t("Pupils")}, rangemode="tozero", dtick=max(1, math.ceil(top / 8)),
                     range=[0, top * 1.2 + 1], tickfont={"size": size}, gridcolor="rgba(255,255,255,.15)",
                     automargin=True)
    fig.update_xaxes(tickfont={"size": size}, automargin=True)
    fig.update_traces(textfont={"size": size + 4})
    fig.update_layout(font={"size": size, "color": "#ffffff"}, title={"font": {"size": size + 4}},
                      paper_bgcolor="rgba(0,0,0,0)", plot_bgcolor="rgba(0,0,0,0)",
                      margin={"l": 80 if large else 50, "r": 10, "t": 70 if large else 50,
                              "b": 120 if large else 70})
    return fig
