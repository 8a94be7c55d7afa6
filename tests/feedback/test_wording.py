"""The coach's sentences about options, rendered in English: nouns, verdicts, losses, ties, EV lines.

The expected sentences are the msgids of ``coach/feedback/texts.py`` filled in by hand with the
option and the figure of each case.
"""

from __future__ import annotations

import pytest

from coach.feedback import texts as T
from coach.feedback.options import Option
from coach.feedback.wording import (
    bb_figure,
    best_verdict,
    ev_line,
    gain_over,
    join,
    loses,
    loss_figure,
    noun,
    tie_verdict,
)
from coach.i18n import Decimal, Message, render

FOLD = Option("f", "fold", None)
CHECK = Option("cc", "check", None)
CALL = Option("cc", "call", None)
CALL_ALL_IN = Option("cc", "all_in", None)
BET6 = Option("cbr 6", "bet", 6)
RAISE18 = Option("cbr 18", "raise", 18)
SHOVE = Option("cbr 200", "all_in", 200)


def en(msg: Message) -> str:
    return render(msg, "en")


@pytest.mark.parametrize(("option", "text"), [
    (FOLD, "the fold"), (CHECK, "the check"), (CALL, "the call"),
    (CALL_ALL_IN, "the call"),  # calling all-in is still a call
    (BET6, "the bet of 6"), (RAISE18, "the raise to 18"), (SHOVE, "the all-in"),
])
def test_noun_names_each_kind(option: Option, text: str) -> None:
    assert en(noun(option)) == text


def test_best_verdict_carries_the_size() -> None:
    assert en(best_verdict(BET6)) == "Betting 6 is the right choice"
    assert en(best_verdict(RAISE18)) == "Raising to 18 is the right choice"
    assert en(best_verdict(CALL_ALL_IN)) == "Calling is the right choice"
    assert en(best_verdict(SHOVE)) == "Going all-in is the right choice"


@pytest.mark.parametrize(("value", "shown"), [
    (1.26, 1.3), (-0.04, 0.0),  # rounds to zero: zero, never "-0"
    (-2.35, -2.4), (0.0, 0.0),
])
def test_bb_figure_has_one_decimal_and_no_negative_zero(value: float, shown: float) -> None:
    fig = bb_figure(value)
    assert fig.value == pytest.approx(shown) and fig.decimals == 1
    assert str(fig.value) != "-0.0"


def test_a_small_loss_keeps_two_decimals() -> None:
    assert loss_figure(0.03) == Decimal(0.03, 2)  # under a tenth: two decimals, not "0.0"
    assert loss_figure(0.004).value == 0.0  # under half a cent: nothing to show
    assert loss_figure(0.26) == bb_figure(0.26)  # a tenth and more: one decimal


def test_loses_says_the_same_below_half_a_cent_and_marks_estimates() -> None:
    verdict = best_verdict(CHECK)
    assert en(loses(verdict, BET6, 0.001, estimate=False)) == (
        "Checking is the right choice: the bet of 6 is worth about the same.")
    assert en(loses(verdict, BET6, 1.26, estimate=False)) == (
        "Checking is the right choice: the bet of 6 loses about 1.3 bb.")
    assert en(loses(verdict, BET6, 1.26, estimate=True)).endswith("loses about 1.3 bb (an estimate).")


def test_tie_lists_every_tied_option() -> None:
    assert en(tie_verdict(CHECK, [BET6])) == "These are worth the same: the check and the bet of 6"
    assert en(tie_verdict(CHECK, [BET6, SHOVE])) == (
        "These are worth the same: the check, the bet of 6 and the all-in")  # one list (issue 30)


def test_join_drops_missing_sentences() -> None:
    assert en(join(None, noun(FOLD), None, noun(CALL))) == "the fold the call"
    assert en(join(None, noun(FOLD))) == "the fold"


def test_join_of_nothing_renders_nothing() -> None:
    assert en(join()) == ""


def test_gain_over_picks_the_passive_option_and_the_model_kind() -> None:
    assert gain_over(CHECK, estimate=True) == T.GAIN_OVER_CHECK
    assert gain_over(CHECK, estimate=False) == T.GAIN_OVER_CHECK_EXACT
    assert gain_over(FOLD, estimate=False) == T.GAIN_OVER_FOLD_EXACT
    assert gain_over(CALL, estimate=True) == T.GAIN_OVER_CALL


def test_ev_line_uses_the_models_sentence_or_explains_the_estimate() -> None:
    # a whole number of big blinds is shown without decimals
    assert en(ev_line(BET6, 2.0, estimate=False, model_text=T.IS_BEST_EV_SOLVER)) == (
        "Expected value at equilibrium: 2 bb.")
    assert en(ev_line(CALL, 1.5, estimate=False, model_text=None)) == "Expected value: 1.5 bb."
    assert en(ev_line(CALL, 1.5, estimate=True, model_text=None)) == (
        "Expected value: about 1.5 bb (an estimate: it counts only this street's pot odds, not the bets to "
        "come).")
    assert "simple model of the opponent" in en(ev_line(BET6, 1.5, estimate=True, model_text=None))
    assert "goes to showdown" in en(ev_line(CHECK, 1.5, estimate=True, model_text=None))
