# ruff: noqa: E501  (a data table: one spot per statement reads better than wrapped lines)
"""Preflop spots of the issue-29 audit left open by branch pre29 (branch pre29b), bands first.

Each was written as a strong player would grade it, checked against the project's own numbers, and
failed on the code before its fix (docs/COACH.md says what changed). Seats: p1 small blind, p2 big
blind, p3 UTG, ... the button last. 1 bb = 2 chips; stacks 200 chips = 100 bb.
"""

from __future__ import annotations

from typing import Any


def add(b: Any) -> None:
    LEAK = b.LEAK
    F = b.folds

    # -- the small blind against a button open: 3-bet or fold ---------------------------------------
    # 100 bb, folded to the button who opens to 2.5 bb, the small blind has 88. Out of position with
    # the big blind still to act, a flat call invites a squeeze and plays a bloated pot out of
    # position: the published 100 bb solver charts (SB vs BTN open) 3-bet or fold nearly every hand,
    # and 88 is a clear 3-bet. The coach's chart read the cutoff's and the button's cold-call chart
    # for the small blind (call «ottima», 3-bet «imprecisa»). The call keeps 88's equity and is no
    # mistake (a second choice: «buona» or «imprecisa»); folding a pair that 3-bets is a leak.
    b.spot("pf-6max-sb-88-3bets-vs-btn-open", 6, {1: "8s8d"}, [*F(3, 4, 5), "p6 cbr 5"],
           best="raise", model="chart",
           bands={"cbr 20": ["ottima"], "call": ["buona", "imprecisa"], "fold": LEAK},
           reason="SB 88 against a button open at 100 bb: 3-bet (3-bet or fold out of position)")

    # -- QQ facing a 4-bet: folding is a clear mistake ---------------------------------------------
    # 100 bb, the button opens to 2.5 bb, the big blind 3-bets Q♥Q♦ to 11 bb, the button 4-bets to
    # 24 bb. The 4-bet range (QQ+, AK and a few A5s/A4s blockers) leaves QQ about 47% with 27% needed:
    # folding throws away the call's value (about 5 bb, 15% of the 35.5 bb pot): «errore» or worse,
    # as a strong player says (it was «imprecisa»: a 5-bet to 55 bb, which commits the stack like the
    # all-in, was valued 2.4 bb below the all-in by the «too small» rule, below the fold, and the one
    # order lifted the fold to its grade). The call is the chart's play; the 5-bet to 55 bb is the
    # all-in's equal, never worse than folding QQ.
    b.spot("pf-6max-bb-qq-calls-btn-4bet", 6, {2: "QhQd"}, [*F(3, 4, 5), "p6 cbr 5", "p1 f", "p2 cbr 22", "p6 cbr 48"],
           best="call", model="chart",
           bands={"call": ["ottima", "buona"], "fold": ["errore", "errore grave"], "cbr 110": ["buona", "imprecisa"]},
           reason="QQ in the big blind against the button's 4-bet at 100 bb: call (or get it in); never fold")

    # -- a hand the seat defends against another opener: calling is a leak, not a blunder ------------
    # 100 bb, UTG opens to 2.5 bb, folded to the big blind with K♠7♦. Against UTG's tight range K7o
    # folds (it is dominated by every Kx UTG opens), but the big blind defends it against the button
    # and the cutoff: calling costs about half a big blind (12% of the 4 bb pot by the estimate), a
    # leak a strong player calls «imprecisa», not «errore» (which he keeps for hands no chart plays,
    # 72o here). The fold is the play.
    b.spot("pf-6max-bb-k7o-folds-vs-utg-open", 6, {2: "Ks7d"}, ["p3 cbr 5", *F(4, 5, 6), "p1 f"],
           best="fold", model="chart",
           bands={"fold": ["ottima"], "call": ["buona", "imprecisa"]},
           reason="K7o in the big blind folds to an UTG open; calling is a leak, not a blunder")
    # 100 bb, a «roccia» UTG opens to 2.5 bb, the button has A♠J♦. Against a rock's tight opening
    # range the chart's continuing range shrinks and AJo folds; but AJo calls or 3-bets a later open
    # from the button: calling the rock costs half a big blind, a leak («imprecisa»), never «errore».
    b.spot("pf-6max-btn-ajo-folds-vs-roccia-utg", 6, {6: "AsJd"}, ["p3 cbr 5", "p4 f", "p5 f"],
           profiles={"p3": "roccia"}, best="fold", model="chart",
           bands={"fold": ["ottima"], "call": ["buona", "imprecisa"], "raise": LEAK},
           reason="AJo on the button folds to a rock's UTG open; calling is a leak, not a blunder")

    # -- blind against blind with a short stack: completing is standard -----------------------------
    # Six-handed, 18 bb, folded to the small blind with Q♥7♥. The 12-25 bb opening table raises it
    # (about +0.6 bb); completing for half a big blind is the other standard play blind against
    # blind at these depths (the published short-stack solutions limp a large part of the small
    # blind's range against the big blind alone) and the coach's own figure agrees (about +0.6 bb,
    # next to the raise): a close second, «ottima» or «buona». It was «imprecisa» with the sentence
    # that limping «is not part of a sound plan», which is the 100 bb multiway advice, not this spot.
    # Folding a hand the table plays is a leak.
    b.spot("pf-6max-sb-18bb-q7s-bvb-raises-or-completes", 6, {1: "Qh7h"}, [*F(3, 4, 5, 6)],
           stacks=[36] * 6, best="raise", model="chart",
           bands={"cbr 5": ["ottima", "buona"], "call": ["ottima", "buona"], "fold": LEAK},
           reason="SB Q7s blind against blind at 18 bb: small raise, completing a close second")
