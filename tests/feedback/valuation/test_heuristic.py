"""The one-street estimate: fold 0, check and call from the equity, a bet from the folds it earns, and
the profiled opponent named in its note.

Inputs: the banded river spot ``river-hu-top-pair-calls-small-bet`` (the hero K♥T♣ faces a bet of 6
into 18 on K♦8♣4♥2♠6♣: 24 in the middle, 9 of them his) with the equity given, so each figure is the
module docstring's formula worked out by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coach.engine.phh import load_phh
from coach.feedback.handread import read_hand
from coach.feedback.opponents import opponent_range
from coach.feedback.options import Option
from coach.feedback.profiles import PROFILES, Profile
from coach.feedback.situation import read_situation
from coach.feedback.valuation.base import Context, EquityInfo
from coach.feedback.valuation.heuristic import _max_fold, context_sentence, value
from coach.i18n import render

SPOTS = Path(__file__).resolve().parent.parent / "spots_v2"
FOLD, CALL = Option("f", "fold", None), Option("cc", "call", None)
RAISE18 = Option("cbr 18", "raise", 18)


def context(equity: float, villain: str | None = None, profile: Profile | None = None) -> Context:
    hand = load_phh(SPOTS / "river-hu-top-pair-calls-small-bet.phh").replay(require_complete=False)
    sit = read_situation(hand)
    dead = tuple(c.index for c in (*sit.hero_cards, *sit.board))
    ranges = {1: opponent_range(sit, 1, given=villain, dead=dead)}
    profiles = {1: profile} if profile is not None else {}
    return Context(sit, ranges, profiles, [FOLD, CALL, RAISE18], EquityInfo(equity, "exact", 0.0, 0), None,
                   read_hand(sit.hero_cards, sit.board), None, 0)


def test_fold_is_zero_and_a_closing_river_call_is_exact() -> None:
    v = value(context(0.5))
    fold, call = v.valued[0], v.valued[1]
    assert fold.ev == 0.0
    # 24 in the middle after his bet; calling 6 with half of it: 0.5 x (24 + 6) - 6 = 9
    assert call.ev == pytest.approx(9.0) and not call.estimate  # the call ends the hand: exact


def test_a_raise_against_pure_bluffs_is_worth_the_pot_plus_what_he_calls() -> None:
    # his range: only QJs, which K♥T♣ beats. Raising to 18 (18 more) wins the 24 when he folds; when he
    # calls 12 more the hero wins 24 + 18 + 12 and has put in 18: 36. So EV = 24 f + 36 (1 - f)
    v = value(context(1.0, villain="QJs"))
    raise_ = v.valued[2]
    f = v.details["fold_share"]["cbr 18"]
    assert 0.0 <= f <= 1.0 and raise_.estimate
    assert raise_.ev == pytest.approx(24 * f + 36 * (1 - f))


def test_the_note_names_a_profiled_opponent() -> None:
    assert "balanced player" in render(value(context(0.5)).note, "en")
    rock = render(value(context(0.5, profile=PROFILES["roccia"])).note, "en")
    assert "rock" in rock and "balanced player" not in rock


def test_the_price_sentence() -> None:
    ctx = context(0.5)
    text = render(context_sentence(ctx.sit, ctx.equity), "en")  # type: ignore[arg-type]
    # pay 6 to win 24: 6 / 30 = 20%
    assert text.startswith("You pay 6 to win 24: ") and "20" in text
    assert context_sentence(ctx.sit, None) is None


@pytest.mark.parametrize(("risk", "pot", "cap"), [
    (10, 20, 0.7), (20, 20, 0.7),  # up to the pot: the profile's maximum
    (40, 20, 0.7 + 0.27 * 0.5),  # twice the pot: half way from 0.7 to 0.97
    (60, 20, 0.97), (200, 20, 0.97),  # three times and more: 97%
])
def test_overbets_make_folds_likelier(risk: int, pot: int, cap: float) -> None:
    assert _max_fold(0.7, risk, pot) == pytest.approx(cap)
