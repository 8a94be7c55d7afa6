"""Banded spots for the one-street estimate's remaining blind spots (lessons 01, 11 and 15).

Each spot is a failure class a lesson had to override the coach for: a draw's call floored as if
it were a strong hand slowplaying, a value bet on a dry board whose small size the estimate
ranked below the pot-size bet, a bluff raise into a range that the flop call and the turn bet
left strong. The bands are set from poker reasoning, written above each spot.
"""

from __future__ import annotations

from typing import Any

CO_OPEN_BTN_CALLS = ["p3 f", "p4 f", "p5 cbr 5", "p6 cc", "p1 f", "p2 f"]  # pot 13 on the flop


def add(b: Any) -> None:
    OK, LEAK = b.OK, b.LEAK

    # A draw facing a pot-size turn bet pays a price, it does not slowplay. 4h3h on KhJh7c 5s: nine
    # hearts and the three other sixes (7-6-5-4-3) are 12 outs, 26% with one card to come (about
    # 31% against the CO's range, counting a pair of fours or threes against a bluff). The CO bets
    # 25 into 25: the call needs 25 / 75 = 33% and loses about 1 bb, 4% of the pot: a leak
    # («imprecisa», «errore» at worst), never lifted to «buona» as a strong hand's standard call
    # would be. Folding is fine; a semi-bluff raise is the alternative (not banded).
    b.spot("turn-6max-combo-draw-folds-to-pot-bet", 6, {6: "4h3h"},
           [*CO_OPEN_BTN_CALLS, "d db KhJh7c", "p5 cbr 6", "p6 cc", "d db 5s", "p5 cbr 25"],
           model="heuristic", bands={"fold": OK, "call": LEAK},
           reason="12 outs on the turn (about 30%) do not call a pot-size bet that asks 33%")
