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
    OK, LEAK, BAD = b.OK, b.LEAK, b.BAD

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

    # The estimate's callers read the bettor's own range (issue 19, lesson 01 «scala-asso»). The
    # button opened, the big blind defended, called a c-bet on Kc7d2h and leads the 5s turn for 12
    # into 19. His range is what called a c-bet on a king-high board and then bets into the
    # aggressor: kings, sevens, sets, a few draws. QsJc has queen high and no draw: a raise to 36
    # (three times his bet) is a bluff that every pair he leads with calls (his share against a
    # raising range is far above the 24% the raise asks of him): it risks 24 more chips to win 31
    # and gets through well under half the time. «errore» at least; folding is right. (Before the
    # fix the callers used one line against all hands, folded about half of his range, and the
    # raise came out as a small leak.)
    b.spot("turn-6max-bluff-raise-into-a-check-call-lead", 6, {6: "QsJc"},
           [*b.folds(3, 4, 5), "p6 cbr 5", "p1 f", "p2 cc", "d db Kc7d2h", "p2 cc", "p6 cbr 4", "p2 cc",
            "d db 5s", "p2 cbr 12"],
           model="heuristic", best="fold", bands={"fold": OK, "cbr 36": BAD},
           reason="queen high does not bluff-raise a turn lead from a range that called the flop")

    # Value sizing against a range that a 3-bet has narrowed (lesson 15 «tre-bet-in-posizione»).
    # The button 3-bets the CO's open to 15, the CO calls (pot 33), and checks Kd8s2c. AhKc has
    # top pair, top kicker on a dry board. What the CO continues with: the pairs below (QQ-99,
    # 88 as a set), KQ, KJ, some Ax. A third of the pot (11) is called by the underpairs and the
    # weaker kings; a pot-size bet (33) reads as the top of a 3-bet range and only sets and the
    # best kings call. The small bet is the standard and earns more: «ottima» or «buona»; the pot
    # bet is not the best («buona» at most, a small leak at worst).
    b.spot("flop-6max-3bet-pot-tptk-small-bet-beats-pot", 6, {6: "AhKc"},
           ["p3 f", "p4 f", "p5 cbr 5", "p6 cbr 15", "p1 f", "p2 f", "p5 cc", "d db Kd8s2c", "p5 cc"],
           model="heuristic", bands={"cbr 11": OK, "cbr 33": ["buona", "imprecisa"]},
           reason="top pair top kicker in a 3-bet pot bets small on a dry board: a pot bet folds the callers")
