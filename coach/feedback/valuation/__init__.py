"""Valuation models: what each option of a decision is worth, and which model says so.

Every model takes the same :class:`Context` (the spot, the ranges assumed, the
opponents' profiles, the options, the hero's equity) and returns a
:class:`Valuation` or ``None`` when the spot is outside what it models. The
analysis asks them in order and uses the first that answers:

1. :mod:`.pushfold` («tabella push/fold»): preflop, short stacks, first in or
   facing a first-in all-in: the equilibrium charts of :mod:`coach.theory`;
2. :mod:`.charts` (the preflop charts): deeper preflop decisions, graded from
   the opening, defending and limped-pot charts (no EV measured);
3. :mod:`.river` («equilibrio calcolato»): heads-up on the river against a
   balanced opponent, the river solver's EV of every action for the hero's hand;
4. :mod:`.heuristic` («stima su un giro»): everywhere else, the one-street
   estimate with the opponent's profile deciding his folds and calls.

A model gives each option an EV in chips (relative to folding now: what the
option adds to the hero's stack on average) or, for the charts, a grade
directly; the grading rules (:mod:`coach.feedback.policy`) and the wording
(:mod:`coach.feedback.wording`) are the same for all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from coach.feedback.grading import Grade
from coach.feedback.handread import HandRead
from coach.feedback.opponents import OpponentRange
from coach.feedback.options import Option
from coach.feedback.profiles import Profile
from coach.feedback.rangemodel import ComboEquity
from coach.feedback.situation import Situation
from coach.i18n import Message

MODELS = ("pushfold", "chart", "solver", "heuristic")


@dataclass(frozen=True)
class EquityInfo:
    value: float
    method: str  # "exact" | "montecarlo"
    stderr: float
    samples: int


@dataclass
class Context:
    """Everything a model may need about one decision (read once by the analysis)."""

    sit: Situation
    ranges: Mapping[int, OpponentRange]
    profiles: Mapping[int, Profile]
    options: list[Option]
    equity: EquityInfo | None
    combo_eq: ComboEquity | None
    hand: HandRead
    given: Mapping[int, str] | None
    seed: int
    solver: bool = True

    @property
    def bb(self) -> int:
        return self.sit.big_blind


@dataclass
class Valued:
    """One option as a model values it: EV in chips (None when not measured) or a grade."""

    opt: Option
    ev: float | None
    estimate: bool
    grade: Grade | None = None
    notes: list[Message] = field(default_factory=list)


@dataclass
class Valuation:
    """A model's answer for a decision."""

    model: str  # one of MODELS
    valued: list[Valued]
    note: Message  # which model produced the numbers, added to every explanation
    headline: Message | None = None  # the spot in one sentence (price, chart)
    summary: list[Message] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)  # figures for the JSON (exploitability...)
