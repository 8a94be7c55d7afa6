"""The session review's Plotly figures, pure functions of the job's stored summary (house style of
:mod:`coach.ui.figures`: a title, translated labels, the grade colours, no mode bar)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from coach.i18n import Translator
from coach.ui.figures import BAD, GRADE_COLOUR, GRADE_LABELS, GRADE_ORDER

__all__ = ["build_grades_over_session", "build_loss_figure", "grade_blocks"]


def build_loss_figure(summary: Mapping[str, Any], t: Translator) -> go.Figure:
    """EV lost (bb) by street and by position, side by side."""
    streets: Mapping[str, float] = summary.get("by_street", {})
    positions: Mapping[str, float] = summary.get("by_position", {})
    fig = make_subplots(rows=1, cols=2, subplot_titles=(t("By street"), t("By position")))
    fig.add_bar(x=list(streets), y=list(streets.values()), marker_color=BAD, name=t("By street"),
                hovertemplate="%{x}: %{y:.1f} bb<extra></extra>", row=1, col=1)
    fig.add_bar(x=list(positions), y=list(positions.values()), marker_color=BAD, name=t("By position"),
                hovertemplate="%{x}: %{y:.1f} bb<extra></extra>", row=1, col=2)
    fig.update_yaxes(title_text=t("EV lost (bb)"), row=1, col=1)
    fig.update_layout(title={"text": t("Where the chips went")}, height=320, showlegend=False,
                      margin={"l": 10, "r": 10, "t": 70, "b": 10})
    return fig


def grade_blocks(timeline: Sequence[Sequence[Any]], hands: int, blocks: int = 10) -> list[dict[str, int]]:
    """Grades counted per block of hands (``blocks`` blocks over the session)."""
    size = max(1, -(-max(hands, 1) // blocks))
    out = [dict.fromkeys(GRADE_ORDER, 0) for _ in range(-(-max(hands, 1) // size))]
    for hand, grade in timeline:
        b = min(int(hand) // size, len(out) - 1)
        if grade in out[b]:
            out[b][grade] += 1
    return out


def build_grades_over_session(summary: Mapping[str, Any], t: Translator) -> go.Figure:
    """The grades of the hero's decisions, block by block of hands: stacked bars, best at the bottom."""
    hands = int(summary.get("hands", 0))
    blocks = grade_blocks(summary.get("timeline", []), hands)
    size = max(1, -(-max(hands, 1) // 10))
    labels = [f"{i * size + 1}–{min(hands, (i + 1) * size)}" for i in range(len(blocks))]
    fig = go.Figure()
    for g in GRADE_ORDER:
        fig.add_bar(x=labels, y=[b[g] for b in blocks], name=t(GRADE_LABELS[g]), marker_color=GRADE_COLOUR[g])
    fig.update_layout(barmode="stack", title={"text": t("Your grades over the session")}, height=320,
                      margin={"l": 10, "r": 10, "t": 50, "b": 10}, showlegend=True,
                      legend={"orientation": "h", "y": -0.25})
    fig.update_xaxes(title_text=t("Hands"))
    fig.update_yaxes(title_text=t("Decisions"))
    return fig
