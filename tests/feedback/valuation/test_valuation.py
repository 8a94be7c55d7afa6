"""The valuation models' interface and registry: declared data the analysis and the policy read."""

from __future__ import annotations

from pathlib import Path

import pytest

from coach.engine import Hand
from coach.engine.phh import load_phh
from coach.feedback import analysis, analyze
from coach.feedback import texts as T
from coach.feedback.valuation import (
    MODELS,
    Context,
    Declined,
    Rule,
    Valuation,
    ValuationModel,
    heuristic,
    model_named,
)
from coach.i18n import Message, render

SPOTS = Path(__file__).resolve().parent.parent / "spots"


def spot(name: str) -> Hand:
    return load_phh(SPOTS / f"{name}.phh").replay(require_complete=False)


class _Without(heuristic.Heuristic):
    """The one-street estimate with some of its rules removed (what another model might declare)."""

    def __init__(self, removed: frozenset[Rule]) -> None:
        self.caps = frozenset(Rule) - removed

    def value(self, ctx: Context) -> Valuation:
        val = heuristic.value(ctx)
        val.model = self
        return val


class _Slow:
    """A model that applies everywhere but never answers in time."""

    name = "slow"
    label = Message("slow")
    exact = True
    measures_ev = True
    shows_range_equity = True
    ev_text: str | None = None
    caps: frozenset[Rule] = frozenset()

    def value(self, ctx: Context) -> Valuation | None:
        raise Declined


def test_the_registry_keeps_the_order_the_coach_asks_and_the_stored_ids() -> None:
    # the ids are written in the CLI's JSON and the banded spots: they never change
    assert [m.name for m in MODELS] == ["pushfold", "chart", "solver", "turn_solver", "heuristic"]
    assert all(isinstance(m, ValuationModel) for m in MODELS)
    assert all(model_named(m.name) is m for m in MODELS)
    with pytest.raises(KeyError):
        model_named("charts")


def test_only_the_estimate_is_inexact_and_it_answers_last() -> None:
    assert [m.exact for m in MODELS] == [True, True, True, True, False]
    assert MODELS[-1] is heuristic.MODEL and heuristic.MODEL.caps == frozenset(Rule)
    # the preflop charts grade from the ranges, with an EV estimate for every option (preflop_ev.py),
    # and get none of the estimate's rules
    chart = model_named("chart")
    assert chart.measures_ev and chart.caps == frozenset()


def test_labels_are_the_words_lessons_use() -> None:
    words = {m.name: render(m.label, "it") for m in MODELS}
    assert words == {"pushfold": "tabella push/fold", "chart": "tabelle preflop",
                     "solver": "equilibrio calcolato", "turn_solver": "equilibrio calcolato su turn e river",
                     "heuristic": "stima su un giro"}
    assert render(model_named("heuristic").label, "en") == "one-street estimate"


def test_the_json_names_the_model_in_the_locale() -> None:
    a = analyze(spot("flop-6max-seed-bet"))
    assert a.to_json("it")["model"] == "heuristic"
    assert a.to_json("it")["model_label"] == "stima su un giro"
    assert a.to_json("en")["model_label"] == "one-street estimate"


def test_the_policy_reads_the_models_caps(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = spot("flop-6max-seed-bet")
    capped = analyze(hand).option("cbr 195")  # an all-in of more than three times the pot on the flop
    note = render(Message(T.DEEP_OVERBET_NOTE))
    assert note in render(capped.explanation)
    monkeypatch.setattr(analysis, "MODELS", (_Without(frozenset({Rule.DEEP_OVERBET})),))
    free = analyze(hand).option("cbr 195")
    assert note not in render(free.explanation)
    assert free.grade.rank < capped.grade.rank


def test_a_model_that_declines_hands_over_to_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis, "MODELS", (_Slow(), heuristic.MODEL))
    a = analyze(spot("flop-6max-seed-bet"))
    assert a.model == "heuristic"
    assert any(m == Message(T.MODEL_FALLBACK) for m in a.summary)



def _v2(name: str) -> Hand:
    return load_phh(SPOTS.parent / "spots_v2" / f"{name}.phh").replay(require_complete=False)


def test_the_estimate_s_callers_read_the_bettor_s_own_range() -> None:
    """Lesson 01's line: the small blind called the flop on A-2-3 and leads the 4; a raise with king
    high is called by his aces and fives, the bulk of what he leads with. The old caller line,
    measured against all hands, folded half of his range; against the big blind's raising range his
    every pair has the price, so he folds well under a third of the time and the raise loses."""
    a = analyze(_v2("turn-6max-bluff-raise-into-a-turn-lead"), seed=0, candidates=["cbr 36"])
    assert a.model == "heuristic"
    assert a.details["fold_share"]["cbr 36"] < 0.35
    assert a.option("cbr 36").ev_bb is not None and a.option("cbr 36").ev_bb < a.option("f").ev_bb - 2


def test_the_estimate_s_callers_fold_more_to_a_bigger_bet() -> None:
    """Against the hero's range after a bet, a bigger bet reads stronger: fewer of the caller's hands
    have the price, so the pot-size c-bet is called less often than a third of the pot."""
    a = analyze(_v2("flop-6max-3bet-pot-tptk-small-bet-beats-pot"), seed=0, candidates=["cbr 11", "cbr 33"])
    folds = a.details["fold_share"]
    assert folds["cbr 33"] > folds["cbr 11"] + 0.1
