# ruff: noqa: E501  (a data table: one spot per statement reads better than wrapped lines)
"""Spots answered by the heads-up turn solver (coach/feedback/valuation/turn.py).

The turn model answers heads-up turn decisions the hero faces without a bet
(first to act, or checked to) when both ranges are small enough to solve in
the grading budget: a 3-bet pot (the hero's 3-betting range and the caller's
range are narrow) is the usual case.
"""

from __future__ import annotations

from typing import Any


def add(b: Any) -> None:
    # Top pair top kicker in position in a 3-bet pot, checked to on a blank turn: the caller's range
    # (he called the 3-bet, check-called the flop, checked the turn) is full of weaker kings, eights
    # and pocket pairs that call a bet; checking behind gives up that value and gives free cards.
    # Every strong player bets (checking is a leak). The all-in (172 into 59: at an SPR of 2.9 the
    # stacks can go in) is the right action at a poor size: it folds out the weaker kings that would pay
    # two streets; a size leak, not a blunder.
    b.spot("turn-6max-3bet-pot-tptk-bets-when-checked-to", 6, {6: "AhKh"},
           [*b.CO_3BET_POT, "d db Kd8c3s", "p5 cc", "p6 cbr 12", "p5 cc", "d db 2d", "p5 cc"],
           best="aggressive", model="turn_solver",
           bands={"cbr 20": b.OK, "cbr 44": b.OK, "check": b.LEAK, "all_in": ["buona", "imprecisa", "errore"]},
           reason="top pair top kicker bets the turn in a 3-bet pot when the caller checks to it")
