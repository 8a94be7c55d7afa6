"""The types every valuation model shares: what it reads, what it answers, what it declares."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from coach.feedback.grading import Grade
from coach.feedback.handread import HandRead
from coach.feedback.opponents import OpponentRange
from coach.feedback.options import Option
from coach.feedback.profiles import Profile
from coach.feedback.rangemodel import ComboEquity
from coach.feedback.situation import Situation
from coach.i18n import Message


class Rule(StrEnum):
    """The grading policy's named rules that a model opts into (:mod:`coach.feedback.policy`).

    Each rule caps (or floors) grades where the model's numbers are known to be
    wrong or too coarse; a model lists in ``caps`` the ones that apply to it, and
    the policy reads that set instead of asking which model it is. They are the
    one-street estimate's corrections: an exact model (a chart, a solver)
    declares none, and is graded by its EVs alone. The rule of the game that
    holds for every model (folding when checking is free is «errore») is not
    listed here. Each rule is documented in ``docs/COACH.md`` («Le regole che
    restano») and has its own test in ``tests/feedback/test_policy.py``.
    """

    BLUFF_CATCHER = "bluff_catcher"  # raising a bluff-catcher into an aggressive bettor: «buona» at best
    MULTIWAY_BLUFF = "multiway_bluff"  # a bluff raise into a bettor and a caller: «imprecisa» at best
    BREAK_EVEN_BLUFF = "break_even_bluff"  # a bet with no showdown value that only breaks even
    RIVER_OVERBET = "river_overbet"  # river bets above twice / four times the pot
    DEEP_OVERBET = "deep_overbet"  # before the river, more than three times the pot: «errore» at best
    OVERBET = "overbet"  # before the river, two to three times the pot and not all-in: «buona» at best
    MIN_RAISE = "min_raise"  # a flop/turn raise under 2.5 times the bet: «buona» at best
    BLUFF_RAISE = "bluff_raise"  # a flop/turn raise with no showdown value against a bet
    NOISE_TIE = "noise_tie"  # a loss within twice the Monte Carlo error is no loss
    PASSIVE_VS_ESTIMATE = "passive_vs_estimate"  # a passive play beaten only by an estimated raise
    FOLD_GREAT_PRICE = "fold_great_price"  # folding 30%+ equity at half the price: «errore»
    BLUFF_LOSES = "bluff_loses"  # the note that a bluff loses against checking or calling
    STRONG_PASSIVE = "strong_passive"  # strong hands calling or checking before the river: a floor
    NUTS_PASSIVE = "nuts_passive"  # calling or checking the nuts on the river: «imprecisa» at worst
    OTHER_SIZE = "other_size"  # a bet or raise beating every passive play, at another size: «buona» at least


class Declined(Exception):
    """The model applies but cannot answer (in time, or at all): the next model answers, the text says why.

    ``note`` is that sentence when it is not the default one (the equilibrium would take too long).
    """

    def __init__(self, note: Message | None = None) -> None:
        super().__init__()
        self.note = note


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
    # before the flop with players still to act (coach.feedback.behind): the hero's equity when they all
    # fold (against the players already in), his equity when one or more continue, and the chance that
    # none does; None otherwise
    equity_branches: tuple[float, float, float] | None = None
    # after the flop with players still to act: the hero's equity against every live range whole (what
    # a bet or raise of his meets: they face more than the bet they would have continued against, and
    # the estimate does not read who goes on against a raise); None otherwise (``equity`` serves)
    equity_whole: EquityInfo | None = None

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

    model: ValuationModel  # the registered model that answered (:data:`coach.feedback.valuation.MODELS`)
    valued: list[Valued]
    note: Message  # which model produced the numbers, added to every explanation
    headline: Message | None = None  # the spot in one sentence (price, chart)
    summary: list[Message] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)  # figures for the JSON (exploitability...)
    # the option codes an exact model plays (a chart's or solver's frequency of at least
    # coach.feedback.policy.PLAYED_FREQ); None when the model does not say
    played: frozenset[str] | None = None
    # the hero's equity against the hands the model itself brings the villain to this decision with (a
    # street solved from its start: his range brought in times how often the solve takes his line), where
    # it replaces the range model's figure in what the learner reads: the price sentence and the equity
    # beside the options must be the ones the EVs come from, or a call «ottima» for 19 bb stands beside
    # «ne hai il 34,7%, ti serve il 33,3%» (None: the range model's equity is the model's own)
    equity: EquityInfo | None = None


@runtime_checkable
class ValuationModel(Protocol):
    """What a valuation model declares and does (see :mod:`coach.feedback.valuation`).

    * ``name``: a stable id, written in the CLI's JSON (``"model"``) and in the
      banded spots' expectations: never renamed;
    * ``label``: how the coach names the model to a learner (translated);
    * ``exact``: the model's numbers are an equilibrium or a chart, not an estimate;
    * ``measures_ev``: it gives options an EV (False: it grades them directly,
      and the text says that no EV was measured);
    * ``shows_range_equity``: the summary states the hero's equity against the
      ranges assumed (False when the model has its own, e.g. the chart's);
    * ``ev_text``: the msgid of the sentence giving an option's EV
      (``{ev}`` in bb), or None for the estimate's own sentences;
    * ``caps``: the policy's rules (:class:`Rule`) that apply to this model;
    * ``value(ctx)``: the valuation, or None when the spot is outside the model
      (it may raise :class:`Declined` when it applies but cannot answer in time).
    """

    @property
    def name(self) -> str: ...

    @property
    def label(self) -> Message: ...

    @property
    def exact(self) -> bool: ...

    @property
    def measures_ev(self) -> bool: ...

    @property
    def shows_range_equity(self) -> bool: ...

    @property
    def ev_text(self) -> str | None: ...

    @property
    def caps(self) -> frozenset[Rule]: ...

    def value(self, ctx: Context) -> Valuation | None: ...
