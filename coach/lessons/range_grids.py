"""The grids of the range charts a lesson shows: the coach's own preflop and push/fold charts, 13x13.

A lesson names a chart (:class:`~coach.lessons.schema.RangeChart`: "the open from the
cutoff at a table of 6", "the push/fold shove of the small blind with 10 big
blinds") and this module computes its grid from the same data the coach grades
with (``coach/feedback/data/*.toml``, the push/fold equilibria of
:mod:`coach.theory.pushfold`), so a lesson can never show a chart the coach does
not use. Grids are 13x13 weights 0..1, rows and columns A..2, pairs on the
diagonal, suited hands above it (:meth:`coach.ranges.Range.grid`).
"""

from __future__ import annotations

from coach.errors import InvalidInput
from coach.feedback.ranges_data import table_for
from coach.i18n import N_
from coach.lessons.schema import RangeChart
from coach.positions import position_names
from coach.ranges import parse_range
from coach.theory import pushfold

__all__ = ["chart_grid", "chart_share"]

# Combos per cell: a pair has 6, a suited hand 4, an offsuit hand 12 (1,326 in all).
_COMBOS = [[6 if r == c else 4 if r < c else 12 for c in range(13)] for r in range(13)]


def _position(chart: RangeChart, name: str, names: tuple[str, ...]) -> str:
    key = name.strip().upper()
    if key not in names:
        raise InvalidInput(N_("a table of {players} has no seat '{seat}': use one of {names}"),
                           players=chart.players, seat=name, names=", ".join(dict.fromkeys(names)))
    return key


def chart_grid(chart: RangeChart) -> list[list[float]]:
    """The 13x13 grid of ``chart``; raises :class:`InvalidInput` naming what does not exist."""
    if chart.kind == "range":
        return parse_range(chart.range).grid()
    if chart.kind in ("push", "push_call"):
        if chart.players > pushfold.MAX_PLAYERS:
            raise InvalidInput(N_("the push/fold charts go up to {players} players"),
                               players=pushfold.MAX_PLAYERS)
        names = pushfold.shove_order(chart.players)
        if chart.kind == "push":
            pf = pushfold.chart(chart.players, chart.position, chart.stack, chart.ante)
            return pf.push_grid()
        pf = pushfold.chart(chart.players, chart.against, chart.stack, chart.ante)
        return pf.call_grid(pf.caller_index(_position(chart, chart.position, names)))
    names = position_names(chart.players)
    table = table_for(chart.players)
    hero = _position(chart, chart.position, names)
    if chart.kind == "open":
        text = table.open_range(hero)
        if not text:
            raise InvalidInput(N_("the coach has no opening chart for {seat}: the big blind never opens"),
                               seat=hero)
        return parse_range(text).grid()
    if chart.kind == "isoraise":
        return parse_range(table.facing_limp(hero).raise_range).grid()
    opener = _position(chart, chart.against, names)
    if names.index(opener) >= names.index(hero) and hero != "BB":
        raise InvalidInput(N_("{seat} acts before {opener}: it cannot face his open"),
                           seat=hero, opener=opener)
    facing = table.facing_open(hero, opener)
    return parse_range(facing.raise_range if chart.kind == "threebet" else facing.call).grid()


def chart_share(grid: list[list[float]]) -> float:
    """The share of all 1,326 starting hands the grid holds (weights counted as fractions)."""
    return sum(grid[r][c] * _COMBOS[r][c] for r in range(13) for c in range(13)) / 1326
