# ruff: noqa: E501  (a data table: one spot per statement reads better than wrapped lines)
"""Banded spots for issue 29 (coach v4): one per failure class the issue lists, each with its reason.

Stacks are in chips with a 1/2 blind (100 bb = 200 chips). The grading rule these bands rely
on is docs/COACH.md «Una sola regola»: a loss is measured against the pot and the stack (the
worse counts), rules lift an option one grade at most above its numbers (two for the
one-street estimate), and within a decision the order of values is the order of grades.
"""

from __future__ import annotations

from typing import Any


def add(b: Any) -> None:
    OK, LEAK, BAD, BLUNDER = b.OK, b.LEAK, b.BAD, b.BLUNDER
    # Players still to act (issue 29, point 2). UTG opens to 5 with 40 bb, the cutoff re-jams
    # 12 bb (24 chips), the button has TsTd with 40 bb; the blinds and the opener are still to
    # act. They are not callers with any two cards: each continues with the top of what
    # overcalls a 12 bb jam (TT+, AQs+, AK: about 5% of hands) and folds the rest. TT has about
    # 52% of the pot in that mixture (55% against the 12 bb cutoff jam alone); 24 to win 32
    # needs 42.9%: calling is right («ottima»/«buona»), folding gives up about 2.7 bb, 17% of
    # the 16 bb pot: never «ottima»/«buona» (it was «ottima» when the blinds held any two cards
    # and TT had 30%). The isolating re-shove is left unbanded: the estimate's value of it leans
    # on how often three players behind continue against 40 bb, which it only guesses.
    b.spot("pf-6max-tt-vs-12bb-rejam-players-behind", 6, {6: "TsTd"}, ["p3 cbr 5", "p4 f", "p5 cbr 24"],
           stacks=[80, 80, 80, 80, 24, 80], best="call", model="heuristic",
           bands={"call": OK, "fold": LEAK},
           reason="players still to act continue with a range, not any two: TT calls a 12 bb re-jam")
    # Across decisions (issue 29, point 4): K-K facing a 4-bet all-in for 100 bb after its own
    # 3-bet. Against a 4-bet jamming range (QQ+, AK and some bluffs) K-K has well over the 41%
    # the price asks; folding loses about 40 bb, 40% of a 100 bb stack: «errore grave», never
    # milder than calling the nuts instead of raising it (it was «errore», a third of the pot).
    b.spot("pf-6max-kk-folds-to-4bet-allin", 6, {6: "KsKh"}, ["p3 f", "p4 f", "p5 cbr 5", "p6 cbr 16", "p1 f", "p2 f", "p5 cbr 200"],
           best="call", model="heuristic",
           bands={"call": ["ottima"], "fold": BLUNDER},
           reason="folding K-K to a 4-bet all-in loses 40% of the stack: errore grave")
    # Within one decision (issue 29, point 4): a set of sevens three-way on a wet board
    # (7h 8h 2c after a call and a check in front: the small blind checks, the big blind
    # checks, the button is last). Checking behind gives two players a free card to the flush
    # and straight draws this board is full of: no "standard slow play" lifts it to «buona»
    # (it was «buona» by the strong-passive rule while its own figure said it lost a third of
    # the pot). Betting is best («ottima»/«buona» for the sizes), the check a leak.
    b.spot("flop-6max-3way-set-checks-back-wet-board", 6, {6: "7s7d"},
           ["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 cc", "p2 cc", "d db 7h8h2c", "p1 cc", "p2 cc"],
           best="aggressive", model="heuristic",
           bands={"check": LEAK, "fold": BAD},
           reason="top set three-way on a wet board bets: checking back is no standard slow play")
    # Fold at a great price (issue 29, point 4; lesson 07 is the same class). Three-way in a
    # raised pot, the flop checks around on Jd7c4s; on the 2h turn the small blind bets 2 into
    # 15 and the big blind folds. The button's 9s9d (an underpair with showdown value) pays 2
    # to win 17 (10.5% needed) with far more equity: folding gives up the pot on the price alone
    # («errore» or worse, never «imprecisa»); calling or raising is fine.
    b.spot("turn-6max-underpair-folds-to-a-tiny-bet", 6, {6: "9s9d"},
           ["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 cc", "p2 cc", "d db Jd7c4s", "p1 cc", "p2 cc", "p6 cc", "d db 2h", "p1 cbr 2", "p2 f"],
           best="not_fold", model="heuristic",
           bands={"fold": BAD, "call": OK},
           reason="folding an underpair for 2 into 15 with far more than the 10.5% needed is a mistake")
    # Preflop by the pair of positions (issue 29, point 3). The button opens, the big blind
    # 3-bets to 22 (11 bb): in position against a blind a late opener continues with about half
    # of his opens; AhJc calls (published 100 bb solver charts call AJo here and 4-bet a few
    # of them), folding gives up a profitable call («imprecisa»), a 100 bb shove is no answer.
    b.spot("pf-6max-btn-ajo-calls-bb-3bet", 6, {6: "AhJc"}, ["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 f", "p2 cbr 22"],
           best="call", model="chart",
           bands={"call": OK, "fold": LEAK},
           reason="AJo on the button calls a big-blind 3-bet in position")
    # 88 on the button against the big blind's 3-bet: every pair calls in position (set value
    # and showdown value against a wide blind 3-bet); folding is a leak.
    b.spot("pf-6max-btn-88-calls-bb-3bet", 6, {6: "8h8c"}, ["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 f", "p2 cbr 22"],
           best="call", model="chart",
           bands={"call": OK, "fold": LEAK},
           reason="88 on the button calls a big-blind 3-bet in position")
    # KhQc in the cutoff against the button's 3-bet to 16: out of position against a late,
    # wide 3-bet, KQo is at the bottom of the calling range (solver charts mix call and fold,
    # calling more often): the call is fine, the fold at most a small leak.
    b.spot("pf-6max-co-kqo-calls-btn-3bet", 6, {5: "KhQc"}, ["p3 f", "p4 f", "p5 cbr 5", "p6 cbr 16", "p1 f", "p2 f"],
           best="call", model="chart",
           bands={"call": OK, "fold": ["buona", "imprecisa"]},
           reason="KQo in the cutoff calls the button's 3-bet")
    # Th9h in the cutoff against the button's 3-bet: out of position the suited connector is
    # below the calling range (it was «ottima» with one chart for every pair): fold; the call
    # loses a little («imprecisa»: it calls in position against the blinds), 4-betting is a mistake.
    b.spot("pf-6max-co-t9s-folds-to-btn-3bet", 6, {5: "Th9h"}, ["p3 f", "p4 f", "p5 cbr 5", "p6 cbr 16", "p1 f", "p2 f"],
           best="fold", model="chart",
           bands={"fold": OK, "call": ["buona", "imprecisa"], "raise": BAD},
           reason="T9s out of position against a button 3-bet folds")
    # Unopened pots by profile (issue 29, point 3): 9h5c on the button, two rocks in the blinds.
    # A steal wins 1.5 bb when both fold; rocks defend about 60% of the chart's hands each, so
    # both fold about 60% of the time and the open is worth about +0.7 bb even when a called
    # 9-5 realises only a third of the pot: raising is right, folding a leak (it was «ottima»,
    # and every steal «errore»). A 100 bb shove to win 1.5 bb is still a mistake.
    b.spot("pf-6max-btn-95o-steals-vs-two-rocks", 6, {6: "9h5c"}, ["p3 f", "p4 f", "p5 f"],
           best="raise", model="chart", profiles={"p1": "roccia", "p2": "roccia"},
           bands={"raise": OK, "fold": LEAK, "all_in": BAD},
           reason="the button steals any two cards against two rocks in the blinds")
    # Aggression over two streets (issue 29, point 1). The big blind check-raises the flop
    # (7 -> 24 on Jh8h3c) and leads the 9h turn for the pot. After a check-raise a turn bet is a
    # second barrel of a polarised line, not a c-bet: sets, two pairs, made straights and flushes,
    # a few draws. QsQd has 11-28% by a strong player's count and 33% is needed: folding is
    # right, calling a leak (it was «ottima» at 37%; the model now gives about 28%).
    b.spot("turn-6max-qq-folds-to-checkraise-and-pot-lead", 6, {6: "QsQd"},
           ["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 f", "p2 cc", "d db Jh8h3c", "p2 cc", "p6 cbr 7", "p2 cbr 24", "p6 cc", "d db 9h", "p2 cbr 59"],
           best="fold", model="heuristic",
           bands={"fold": OK, "call": ["buona", "imprecisa", "errore"]},
           reason="an overpair folds to a flop check-raise and a pot-sized turn lead on a wet board")
    # The same line on Ts9s5d 8s with a 1.5-pot turn overbet: AcAd has under 15% against the
    # straights, flushes, sets and two pairs that overbet after a check-raise (37.5% needed):
    # fold; calling is a clear leak (call and fold were both «ottima»; the model now gives 30%).
    b.spot("turn-6max-aa-folds-to-checkraise-and-overbet", 6, {6: "AcAd"},
           ["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 f", "p2 cc", "d db Ts9s5d", "p2 cc", "p6 cbr 7", "p2 cbr 24", "p6 cc", "d db 8s", "p2 cbr 88"],
           best="fold", model="heuristic",
           bands={"fold": OK, "call": LEAK},
           reason="aces fold to a flop check-raise and a turn overbet on a four-to-a-straight-flush board")
    # The same pair-of-positions chart at nine (issue 29, point 3): AdJs on the button (p9)
    # against the big blind's 3-bet calls in position, as at six.
    b.spot("pf-9max-btn-ajo-calls-bb-3bet", 9, {9: "AdJs"}, [*b.folds(3, 4, 5, 6, 7, 8), "p9 cbr 5", "p1 f", "p2 cbr 22"],
           best="call", model="chart",
           bands={"call": OK, "fold": LEAK},
           reason="AJo on the button calls a big-blind 3-bet in position, nine-handed")
    # Players still to act at nine (issue 29, point 2): UTG+2 opens, the cutoff re-jams 12 bb,
    # TsTd on the button with 40 bb; the opener and both blinds still to act continue with the
    # top of what overcalls a 12 bb jam. About 51% for TT, 42.9% needed: call; folding a leak.
    b.spot("pf-9max-tt-vs-12bb-rejam-players-behind", 9, {9: "TsTd"}, [*b.folds(3, 4), "p5 cbr 5", *b.folds(6, 7), "p8 cbr 24"],
           stacks=[80, 80, 80, 80, 80, 80, 80, 24, 80], best="call", model="heuristic",
           bands={"call": OK, "fold": LEAK},
           reason="players still to act continue with a range, not any two: TT calls a 12 bb re-jam at nine")
    # Unopened pots by profile, the other way (issue 29, point 3): 9h5c on the button against
    # two aggressive blinds, who defend and 3-bet more than the chart assumes: the button opens
    # tighter than the chart, and 9-5 offsuit (outside even the chart) folds; a steal is a leak.
    b.spot("pf-6max-btn-95o-folds-vs-two-aggressive-blinds", 6, {6: "9h5c"}, ["p3 f", "p4 f", "p5 f"],
           best="fold", model="chart", profiles={"p1": "aggressivo", "p2": "aggressivo"},
           bands={"fold": OK, "raise": LEAK},
           reason="the button folds 9-5 offsuit against two aggressive blinds")
    # Facing a 3-bet by the pair of positions: KdQd in the cutoff against the button's 3-bet
    # is a clear continue (call, or 4-bet at times): folding it gives up a profitable call.
    b.spot("pf-6max-co-kqs-continues-vs-btn-3bet", 6, {5: "KdQd"}, ["p3 f", "p4 f", "p5 cbr 5", "p6 cbr 16", "p1 f", "p2 f"],
           best="not_fold", model="chart",
           bands={"call": OK, "fold": LEAK},
           reason="KQs in the cutoff continues against the button's 3-bet")
    # Nine-handed, KhQc in the cutoff (p8) against the button's (p9) 3-bet: out of position
    # against a late 3-bet KQo is at the bottom of the calling range: the call is fine.
    b.spot("pf-9max-co-kqo-calls-btn-3bet", 9, {8: "KhQc"}, [*b.folds(3, 4, 5, 6, 7), "p8 cbr 5", "p9 cbr 16", "p1 f", "p2 f"],
           best="call", model="chart",
           bands={"call": OK, "fold": ["buona", "imprecisa"]},
           reason="KQo in the cutoff calls the button's 3-bet, nine-handed")
