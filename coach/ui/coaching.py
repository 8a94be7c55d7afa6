"""The coach's verdict on one choice, in the shape the pages show.

:func:`assess` asks :func:`coach.feedback.analyze` (pot odds, equity, EV of
every legal option) about the hand *before* the learner's action and picks out
the option the learner chose. The feedback package is optional at import time
so a page keeps working, with the lesson's own texts, if the analysis cannot
run for a spot (an unknown hole card in a replayed hand, for instance).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from coach.engine import Hand
from coach.i18n import Message


@dataclass(frozen=True)
class Verdict:
    """What the page shows after a legal choice."""

    code: str
    grade: str | None = None  # coach.feedback.grading.Grade value ("ottima"...)
    grade_label: Message | None = None
    explanation: Message | None = None
    best_code: str | None = None
    best_explanation: Message | None = None
    equity: float | None = None
    equity_needed: float | None = None
    stderr: float | None = None
    pot: int | None = None
    to_call: int | None = None
    ev_loss_bb: float | None = None
    estimate: bool = False
    figures: tuple[Message, ...] = field(default=())
    range_grid: tuple[tuple[float, ...], ...] | None = None


_AMOUNT = re.compile(r"cbr (\d+)$")


def _closest_option(options: list[Any], code: str) -> Any | None:
    """The analysed option matching the code, or the nearest bet/raise size."""
    for o in options:
        if getattr(o, "code", None) == code:
            return o
    m = _AMOUNT.search(code)
    if m is None:
        return None
    amount = int(m.group(1))
    sized = [(abs(int(mm.group(1)) - amount), o) for o in options
             if (mm := _AMOUNT.search(str(getattr(o, "code", "")))) is not None]
    return min(sized, key=lambda x: x[0])[1] if sized else None


def _float(x: Any) -> float | None:
    if x is None:
        return None
    if isinstance(x, int | float):
        return float(x)
    for name in ("value", "equity", "mean"):
        v = getattr(x, name, None)
        if isinstance(v, int | float):
            return float(v)
    return None


def assess(hand: Hand, code: str, *, seed: int = 0) -> Verdict:
    """Grade ``code`` in the spot ``hand`` is in (the hand is not modified)."""
    try:
        from coach.feedback import analyze  # type: ignore[attr-defined]
    except ImportError:
        return Verdict(code)
    try:
        analysis = analyze(hand, seed=seed)
    except Exception:  # an analysis that cannot run must not hide the lesson's own feedback
        return Verdict(code)
    options = list(getattr(analysis, "options", ()) or ())
    chosen = _closest_option(options, code)
    best = getattr(analysis, "best", None)
    best_code = getattr(best, "code", best if isinstance(best, str) else None)
    best_option = _closest_option(options, best_code) if isinstance(best_code, str) else None
    grade = getattr(chosen, "grade", None)
    equity_obj = getattr(analysis, "equity", None)
    stderr = _float(getattr(equity_obj, "stderr", None))
    grid = getattr(analysis, "villain_grid", None) or getattr(analysis, "range_grid", None)
    figures = getattr(analysis, "figures", ()) or ()
    return Verdict(
        code=code,
        grade=getattr(grade, "value", grade if isinstance(grade, str) else None),
        grade_label=getattr(grade, "label", None),
        explanation=getattr(chosen, "explanation", None),
        best_code=best_code if isinstance(best_code, str) else None,
        best_explanation=getattr(best_option, "explanation", None),
        equity=_float(equity_obj),
        equity_needed=_float(getattr(analysis, "equity_needed", None)),
        stderr=stderr,
        pot=getattr(analysis, "pot", None),
        to_call=getattr(analysis, "to_call", None),
        ev_loss_bb=_float(getattr(chosen, "ev_loss_bb", None)),
        estimate=bool(getattr(chosen, "estimate", False)),
        figures=tuple(f for f in figures if isinstance(f, Message)),
        range_grid=tuple(tuple(float(v) for v in row) for row in grid) if grid is not None else None,
    )
