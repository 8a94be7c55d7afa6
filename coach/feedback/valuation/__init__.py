"""Valuation models: what each option of a decision is worth, and which model says so.

Every model is an object that satisfies :class:`ValuationModel` (declared in
:mod:`.base`): it takes the same :class:`Context` (the spot, the ranges
assumed, the opponents' profiles, the options, the hero's equity) and returns a
:class:`Valuation` or ``None`` when the spot is outside what it models, and it
declares as data what the rest of the coach needs to know about it:

* ``name``: a stable id, written in the CLI's JSON (``"model"``) and in the
  banded spots' expectations (never renamed, even when its module is);
* ``label``: how the coach names it to a learner (a translated :class:`Message`);
* ``exact``: an equilibrium or a chart (True), or an estimate (False);
* ``measures_ev``: it gives options an EV, or grades them directly (then the
  text says no EV was measured; every shipped model now gives one);
* ``shows_range_equity``: the summary states the hero's equity against the
  ranges assumed (not when the model carries its own, like the push/fold chart);
* ``ev_text``: the sentence giving an option's EV, or None for the estimate's;
* ``caps``: which of the grading policy's rules (:class:`Rule`,
  :mod:`coach.feedback.policy`) apply to it: the policy reads this set and never
  asks which model it is;
* ``value(ctx)``: the valuation, or None; it may raise :class:`Declined` when it
  applies but cannot answer in time (the next model answers, and the text says so).

:data:`MODELS` is the registry, in the order the analysis asks them; the first
that answers values the options:

1. :mod:`.pushfold` («tabella push/fold»): preflop, short stacks, first in or
   facing a first-in all-in: the equilibrium charts of :mod:`coach.theory`;
2. :mod:`.preflop_ranges` («tabelle preflop», id ``"chart"``): deeper preflop
   decisions, graded from the opening, defending and limped-pot range charts,
   with an EV estimate for every option (:mod:`.preflop_ev`) the grades never
   contradict;
3. :mod:`.river` («equilibrio calcolato», id ``"solver"``): heads-up on the river
   against a balanced opponent, the river solver's EV of every action for the
   hero's hand;
4. :mod:`.turn` («equilibrio calcolato su turn e river», id ``"turn_solver"``):
   heads-up on the turn against a balanced opponent, the two-street solver's
   EV of every action (shipped solutions for the lessons, live solves of small
   spots within the grading budget);
5. :mod:`.heuristic` («stima su un giro»): everywhere else, the one-street
   estimate with the opponent's profile deciding his folds and calls. It always
   answers, so it comes last.

Adding a model is one module (a class with the attributes above, its
``value``, and ``MODEL = TheClass()``) and one entry in :data:`MODELS`, at the
place in the order where it should be asked.

A model gives each option an EV in chips (relative to folding now: what the
option adds to the hero's stack on average) or, for the charts, a grade
directly; the grading rules (:mod:`coach.feedback.policy`) and the wording
(:mod:`coach.feedback.wording`) are the same for all.
"""

from __future__ import annotations

from coach.feedback.valuation import heuristic, preflop_ranges, pushfold, river, turn
from coach.feedback.valuation.base import (
    Context,
    Declined,
    EquityInfo,
    Rule,
    Valuation,
    ValuationModel,
    Valued,
)

__all__ = ["MODELS", "Context", "Declined", "EquityInfo", "Rule", "Valuation", "ValuationModel", "Valued",
           "model_named"]

MODELS: tuple[ValuationModel, ...] = (pushfold.MODEL, preflop_ranges.MODEL, river.MODEL, turn.MODEL,
                                      heuristic.MODEL)

_BY_NAME = {m.name: m for m in MODELS}


def model_named(name: str) -> ValuationModel:
    """The registered model with this stable id (``"pushfold"``, ``"chart"``, ``"solver"``...)."""
    return _BY_NAME[name]
