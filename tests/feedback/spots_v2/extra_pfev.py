# ruff: noqa: E501  (a data table: one spot per statement reads better than wrapped lines)
"""Banded spots for the chart-graded preflop decisions' EV (issues 29 item 3 and 30 item 1).

Every option of a decision the preflop charts grade now has an EV (coach/feedback/valuation/
preflop_ev.py): the 100 bb all-ins are graded by what they lose, like any option, and a fold
that gives up a clear all-in is not «buona». Stacks in chips with a 1/2 blind (100 bb = 200).
"""

from __future__ import annotations

from typing import Any


def add(b: Any) -> None:
    OK, OK3, LEAK, BAD, BLUNDER = b.OK, b.OK3, b.LEAK, b.BAD, b.BLUNDER
    # 7-7 in the cutoff after an under-the-gun open to 2.5 bb and a call: calling (a set with
    # position, 100 bb behind) is the play, folding a small leak. Stacking off for 100 bb to
    # win a 6.5 bb pot: the opener and the caller call with JJ+, AQs+, AKo (the opener's range
    # holds a fifth of them), against which 7-7 has about a third, so it loses about 6-7 bb
    # against folding, the whole pot and more: a blunder (it was «imprecisa» with no figure).
    b.spot("pf-6max-77-stacks-off-over-open-and-call", 6, {5: "7s7d"}, ["p3 cbr 5", "p4 cc"],
           best="call", model="chart",
           bands={"call": OK, "fold": ["buona", "imprecisa"], "all_in": BAD},
           reason="stacking off 7-7 for 100 bb over an open and a call loses about the pot: a big mistake")
    # T9s in the cutoff, facing the button's 3-bet to 7.5 bb after its own open: out of position
    # against a late 3-bet it folds (a call is a leak, docs/COACH.md). A 100 bb jam risks 97.5 bb
    # to win 11.5: the button calls with about half of his 3-bets (JJ+, AQs+, AKo), T9s has about
    # 35% against them, so the jam loses well over the pot: a blunder, never «imprecisa».
    b.spot("pf-6max-t9s-jams-100bb-vs-3bet", 6, {5: "Ts9s"}, ["p3 f", "p4 f", "p5 cbr 5", "p6 cbr 15", "p1 f", "p2 f"],
           best="fold", model="chart",
           bands={"fold": ["ottima"], "call": ["buona", "imprecisa"], "all_in": BLUNDER},
           reason="jamming T9s for 100 bb over a 3-bet loses more than the pot: errore grave")
    # Q-Q in the small blind against a button open (lesson 15, «fa molto meglio»): 3-bet to about
    # 4 times the open (out of position). The 100 bb jam wins the 4 bb pot nearly always but is
    # called only by what beats or races Q-Q (JJ+, AQs+, AKo), while the 3-bet keeps the worse
    # hands in: about 1 bb less, a quarter of the pot: a clear mistake, more than «imprecisa».
    # Folding Q-Q gives up the whole edge: a blunder.
    b.spot("pf-6max-sb-qq-jams-100bb-vs-btn-open", 6, {1: "QsQd"}, ["p3 f", "p4 f", "p5 f", "p6 cbr 5"],
           best="raise", model="chart",
           bands={"cbr 20": OK, "all_in": LEAK, "fold": BLUNDER},
           reason="Q-Q 3-bets the button from the small blind; the 100 bb jam loses a quarter of the pot")
    # K8o in the small blind, folded to, 16 bb six-handed (issue 29: the fold was «buona» while the
    # coach's own figure said it lost 58% of the pot). No small-raise chart opens K8o from the
    # small blind at 100 bb, but at 16 bb against the big blind alone the all-in is the play.
    # Restated with the 12-25 bb tables (extra_short29.py): the +0.9 bb came from a big blind who
    # called only 77+, ATs+, AJo+, KQs; the project's push/fold equilibrium at 15 bb (the shipped
    # chart, exploitability < 1e-4 bb) has him call 22+, A2s+, K7s+, Q9s+, JTs, A2o+, K9o+, QTo+, and
    # the shove gains +0.09 bb over folding. The table shoves K8o, so folding is never «ottima»; by
    # its number (0.6% of the stack) it is a second choice, «buona» (the grade never says more than
    # one step off its number, docs/COACH.md), and the text says the all-in is right.
    b.spot("pf-6max-sb-16bb-k8o-folds-a-shove", 6, {1: "Kd8c"}, ["p3 f", "p4 f", "p5 f", "p6 f"],
           stacks=[32] * 6, best="aggressive", model="chart",
           bands={"fold": ["buona", "imprecisa"], "all_in": OK},
           reason="folding K8o in the small blind with 16 bb gives up a shove worth about 0.9 bb: a leak")
    # A-K offsuit facing a cutoff open on the button at 100 bb (lesson 06): 3-bet. The 100 bb jam
    # is called by JJ+, AQs+, AKo only and wins the 4.5 bb pot otherwise: it keeps most of the
    # edge, losing under a big blind against the 3-bet: a leak, not a blunder; folding A-K is.
    b.spot("pf-6max-btn-ako-jams-100bb-vs-co-open", 6, {6: "AhKc"}, ["p3 f", "p4 f", "p5 cbr 5"],
           best="raise", model="chart",
           bands={"all_in": [*OK3, "errore"], "fold": BLUNDER},
           reason="A-K over an open: 3-bet; the 100 bb jam is a leak, the fold a blunder")
    # Facing a 4-bet that is not all-in (issue 29: «facing a 4-bet» by position; these spots were
    # graded by the one-street estimate). The button 3-bet the cutoff to 8 bb and faces a 4-bet to
    # 18 bb with 100 bb stacks: in position the charts 5-bet all-in KK+ and AKs and call with
    # TT-QQ, AQs, AKo. K-K goes all-in: the cutoff's 4-bets (QQ+, AK) call with what is not
    # behind only half the time; folding K-K gives up most of the 27.5 bb pot: a blunder. A 5-bet
    # that is not all-in only gives a price to a range that is never folding.
    b.spot("pf-6max-kk-5bets-vs-4bet", 6, {6: "KsKh"}, ["p3 f", "p4 f", "p5 cbr 5", "p6 cbr 16", "p1 f", "p2 f", "p5 cbr 36"],
           best="aggressive", model="chart",
           bands={"all_in": OK, "call": OK3, "fold": BLUNDER},
           reason="K-K facing a 4-bet goes all-in; folding it is a blunder")
    # T9s facing the same 4-bet: not in any range that continues against a 4-bet (its equity
    # against QQ+, AK is about a third and the price needs far more once the stacks follow):
    # fold; calling 10 bb more out of a 100 bb stack to flop a 70 bb pot with it is a clear mistake.
    b.spot("pf-6max-t9s-folds-to-4bet", 6, {6: "Ts9s"}, ["p3 f", "p4 f", "p5 cbr 5", "p6 cbr 16", "p1 f", "p2 f", "p5 cbr 36"],
           best="fold", model="chart",
           bands={"fold": ["ottima"], "call": BAD, "all_in": BLUNDER},
           reason="T9s folds to a 4-bet: calling or jamming is a clear mistake")
