# ruff: noqa: E501  (a data table: one spot per statement reads better than wrapped lines)
"""Banded spots for the 100 bb preflop all-ins and the 4-bettor's range (issue 29, points 3 and 4).

A 100 bb all-in over an open was valued against JJ+, AQs+, AKo calling whatever hand made it, so
a weak hand's push won the pot almost always and could be «la scelta giusta» (docs/COACH.md, «Tabelle
e valori insieme»: T6o heads-up). Now it is also called by every hand that beats the price against
the range that shoves it (a player who shoves T6o for 100 bb shoves everything stronger). And a
4-bettor's range holds the chart's bluffs (A5s), so the 5-bet all-in the charts play is not a loss.
Stacks in chips with a 1/2 blind (100 bb = 200).
"""

from __future__ import annotations

from typing import Any


def add(b: Any) -> None:
    OK, BAD = b.OK, b.BAD
    # Heads-up, 100 bb, T6o in the big blind facing the button's min-raise to 2 bb. The big blind pays
    # 1 bb to play for a 4 bb pot (25% needed) and T6o has about 40% against the button's opening range
    # (three quarters of the hands): heads-up the big blind defends some 75-85% against a min-raise
    # and T6o is among the defends: calling is the play, folding a leak, not a blunder. A 100 bb push
    # risks 99 bb to win 3: a player who shoves T6o shoves every better hand too, and against that any
    # pair, any ace, K7o+ calls (about 45% of the button's range), T6o has a third of the pot then: it
    # loses about 13 bb, four times the pot: a clear mistake at least, never «la scelta giusta».
    # (Before: all-in +0.18 bb «la scelta giusta», call «errore», fold «imprecisa».)
    b.spot("pf-hu-bb-t6o-defends-vs-min-raise", 2, {1: "Td6s"}, ["p2 cbr 4"],
           best="call", model="chart",
           bands={"call": OK, "fold": ["buona", "imprecisa"], "all_in": BAD},
           reason="T6o defends the big blind against a heads-up min-raise; a 100 bb push is a clear mistake")
    # Six-handed, 9s8s in the big blind against the button's 2.5 bb open, 100 bb: a call (a suited
    # connector closing the action at 3.5 to 1). Pushing 100 bb to win 4.5 bb: against the range that
    # shoves 98s (about the strongest third of hands) the button calls with pairs, good aces and
    # broadways, and 98s is a third of the pot behind them: it loses more than the pot: a clear mistake
    # (it was «imprecisa», valued +0.24 bb against JJ+, AQs+, AKo calling).
    b.spot("pf-6max-bb-98s-jams-100bb-vs-btn-open", 6, {2: "9s8s"}, ["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 f"],
           best="call", model="chart",
           bands={"call": OK, "all_in": BAD},
           reason="98s calls a button open from the big blind; the 100 bb push loses more than the pot")
    # Six-handed, A♥K♥ in the big blind: the cutoff opens to 2.5 bb, the big blind 3-bets to 11 and the
    # cutoff 4-bets to 25 (2.3 times). The published 100 bb charts 5-bet A-K suited all-in here (KK+,
    # AKs and a few A5s, the «facing a 4-bet» chart out of position) or call it; folding it is a clear
    # mistake. The cutoff's 4-bet is QQ+, AK and A5s, the bluff the charts 4-bet with: A5s folds to the
    # all-in, and against the rest (blocked by the hero's ace and king) A-K suited has about 42%, with
    # 37 bb already in the pot: the all-in gains about 4 bb over folding.
    # (Before: the 4-bet read as QQ+, AK alone, the all-in lost 5 bb and folding was the best, «buona».)
    b.spot("pf-6max-bb-aks-5bets-vs-co-4bet", 6, {2: "AhKh"}, ["p3 f", "p4 f", "p5 cbr 5", "p6 f", "p1 f", "p2 cbr 22", "p5 cbr 50"],
           best="aggressive", model="chart",
           bands={"all_in": OK, "call": b.OK3, "fold": BAD},
           reason="A-K suited goes all-in (or calls) against a 4-bet that holds the chart's bluffs; folding it is a clear mistake")
