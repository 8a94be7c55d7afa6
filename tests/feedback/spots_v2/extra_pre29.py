# ruff: noqa: E501  (a data table: one spot per statement reads better than wrapped lines)
"""Preflop spots of the issue-29 audit (branch pre29), written as a strong player would, bands first.

Short stacks (12-25 bb) facing a limp or a raise that no table covers: heads-up and blind against
blind, an open already called, an open bigger than 3 bb. They were graded by the one-street estimate,
which read a preflop decision as a bet on this street only (a 3-bet to 8 bb out of 20 «ottima» with
K4o, an all-in with no figure «errore»); now by their values (coach/feedback/valuation/
preflop_short_ev.py, docs/COACH.md «Da 12 a 25 bb, dove non c'è una tabella»). Figures below are
`python -m coach advise` on the new code. Seats: p1 small blind, p2 big blind, p3 UTG, ... the button
last; heads-up p1 is the big blind and p2 the small blind (the button). 1 bb = 2 chips.
"""

from __future__ import annotations

from typing import Any


def add(b: Any) -> None:
    OK, OK3, LEAK, BAD = b.OK, b.OK3, b.LEAK, b.BAD
    F = b.folds

    # -- short stacks facing a limp or a raise outside the tables -----------------------------------
    # Heads-up, 20 bb, the small blind min-raises to 2 bb, the big blind has K4o. The big blind closes
    # the action and pays 1 bb for a 4 bb pot: K4o has about 45% against a small blind who opens most
    # hands, so the call is the play (about +0.5 bb). A 3-bet to 8 bb puts 40% of the stack in with a
    # hand that folds to the re-shove it invites: a leak, never «ottima» (the estimate called it the
    # best at +2.3 bb). The all-in is valued against the hands that call a re-shove of K4o (about
    # -0.2 bb): a close second, not a mistake. Folding gives up the call's half big blind (2.8% of the
    # stack): a second choice, a small leak at most.
    b.spot("pf-hu-short-20bb-bb-k4o-defends-vs-min-raise", 2, {1: "Kd4s"}, ["p2 cbr 4"],
           stacks=[40, 40], best="call", model="chart",
           bands={"call": ["ottima"], "cbr 16": LEAK, "all_in": ["buona", "imprecisa"], "fold": ["buona", "imprecisa"]},
           reason="K4o in the big blind heads-up at 20 bb calls a min-raise; a 3-bet to 8 bb is a leak")
    # The same spot with A9o: the re-shove is the play (+2 bb: the small blind folds most of his opens,
    # and A9o is ahead of much of what calls), the call a close second; folding gives up 2 bb, 10% of
    # the stack. The estimate had the all-in «errore» without a figure.
    b.spot("pf-hu-short-20bb-bb-a9o-reshoves-vs-min-raise", 2, {1: "Ah9d"}, ["p2 cbr 4"],
           stacks=[40, 40], best="aggressive", model="chart",
           bands={"all_in": ["ottima"], "call": OK3, "fold": LEAK},
           reason="A9o in the big blind heads-up at 20 bb re-shoves over a min-raise; folding is a leak")
    # Heads-up, 15 bb, the small blind limps, the big blind has 72o: check. Raising the limp with the
    # worst hand gets called or re-shoved by most of the limping range, and folds to the re-shove: a
    # leak or worse (the estimate called every raise «ottima», +1.4 bb); folding for free is a mistake.
    b.spot("pf-hu-short-15bb-bb-72o-checks-vs-limp", 2, {1: "7h2c"}, ["p2 cc"],
           stacks=[30, 30], best="check", model="chart",
           bands={"check": ["ottima"], "cbr 7": LEAK, "cbr 8": LEAK, "fold": BAD},
           reason="72o in the big blind heads-up at 15 bb checks behind a limp")
    # Six-handed, 20 bb, UTG opens to 2.2 bb, the hijack calls, the button has AQo. The pot is 5.9 bb
    # and both players are capped below the hands that 4-bet: the re-shove wins it often and AQo is
    # ahead of much of what calls (+1.6 bb). Flatting with 17.8 bb behind and the blinds to act is a
    # second choice at best; folding AQo gives up the re-shove's 1.6 bb (8% of the stack): a leak.
    b.spot("pf-6max-short-20bb-btn-aqo-reshoves-over-open-and-call", 6, {6: "AcQh"}, ["p3 cbr 4", "p4 cc", "p5 f"],
           stacks=[40] * 6, best="aggressive", model="chart",
           bands={"all_in": ["ottima"], "fold": LEAK, "call": ["buona", "imprecisa"]},
           reason="AQo on the button at 20 bb re-shoves over an open and a call")
    # Six-handed, 15 bb, the cutoff opens to 3.5 bb (bigger than the tables' 3 bb), the button has ATo.
    # The open is a third of the pot the re-shove wins: ATo re-shoves (+1.1 bb); folding it gives that
    # up, 7% of the stack (the estimate graded the fold «buona» beside its own 2.9 bb loss); calling
    # 3.5 bb out of 15 to play a flop is a leak.
    b.spot("pf-6max-short-15bb-btn-ato-reshoves-vs-big-open", 6, {6: "AhTc"}, [*F(3, 4), "p5 cbr 7"],
           stacks=[30] * 6, best="aggressive", model="chart",
           bands={"all_in": OK, "fold": LEAK, "call": LEAK},
           reason="ATo on the button at 15 bb re-shoves over a 3.5 bb cutoff open")

    # -- 100 bb: an open and a 3-bet in front of a player who has not acted (cold) --------------------
    # Six-handed, UTG opens to 2.5 bb, the cutoff 3-bets to 8 bb, the button has 66. Against two
    # strong ranges (UTG's open and the cutoff's 3-bet over it) with UTG still to act behind, 66 folds:
    # a cold call for 8 bb sets-mines against two ranges with a 4-bet possible behind (a leak or a
    # mistake), a cold 4-bet turns 66 into a bluff against ranges that do not fold (a mistake), and a
    # 100 bb jam is a blunder. The one-street estimate read the 4-bet to 18.5 bb as a bet on this street
    # only and called it «ottima» (+3.9 bb), the fold «buona» beside that figure.
    b.spot("pf-6max-btn-66-folds-to-open-and-3bet-cold", 6, {6: "6s6d"}, ["p3 cbr 5", "p4 f", "p5 cbr 16"],
           best="fold", model="chart",
           bands={"fold": ["ottima"], "call": LEAK, "cbr 37": BAD, "all_in": BAD},
           reason="66 on the button folds to an open and a 3-bet (cold)")
    # The same spot with A♥K♦: the cold 4-bet (the value the charts 4-bet: QQ+, AK) is the play;
    # flatting is a second choice, folding AK a mistake, a 100 bb jam worse than the 4-bet.
    b.spot("pf-6max-btn-ako-cold-4bets-open-and-3bet", 6, {6: "AhKd"}, ["p3 cbr 5", "p4 f", "p5 cbr 16"],
           best="aggressive", model="chart",
           bands={"cbr 37": ["ottima"], "call": OK3, "fold": BAD},
           reason="AKo on the button 4-bets an open and a 3-bet (cold)")

    # -- 100 bb: a 5-bet bluff the chart mixes in, against a 4-bet with few bluffs ---------------------
    # Six-handed, UTG opens to 2.5 bb, the button 3-bets A♦5♦ to 7.5 bb, UTG 4-bets to 20 bb. The
    # «facing a 4-bet» chart 5-bets some A5s (a blocker bluff against a 4-bet range with bluffs), but
    # UTG's 4-bet is QQ+, AK and a few A5s: every hand that is not a bluff calls the jam and A5s has
    # about 30% against them, so the all-in loses about 28 bb: fold. Before, the headline said «goes
    # all-in», the fold was «buona» (held a grade below its own best figure by the chart) and the call,
    # measured from the losing all-in, «imprecisa» beside «perde circa 28 bb». A call of 12.5 bb out of
    # position against QQ+/AK is a mistake; the jam a blunder.
    b.spot("pf-6max-btn-a5s-folds-to-utg-4bet", 6, {6: "Ad5d"}, ["p3 cbr 5", "p4 f", "p5 f", "p6 cbr 15", "p1 f", "p2 f", "p3 cbr 40"],
           best="fold", model="chart",
           bands={"fold": ["ottima"], "call": BAD, "all_in": BAD},
           reason="A5s on the button folds its 3-bet bluff to a UTG 4-bet; the 5-bet jam loses about 28 bb")

    # -- 100 bb: the big blind's defence against an open, to its fold line ----------------------------
    # Six-handed, the button opens to 2.5 bb, the big blind has K♦7♣. The call pays 1.5 bb for a 5.5 bb
    # pot (27.3%); K7o has 42.7% against the button's 43% opening range and realises about 70% of it out
    # of position: about 30%, above the price. Every published 100 bb solver chart defends it. Before,
    # the chart folded it and the call was «errore» (a figure held at -0.48 bb by the chart's band).
    b.spot("pf-6max-bb-k7o-defends-vs-btn-open", 6, {2: "Kd7c"}, [*F(3, 4, 5), "p6 cbr 5", "p1 f"],
           best="call", model="chart",
           bands={"call": ["ottima"], "fold": ["buona", "imprecisa", "errore"]},
           reason="K7o in the big blind calls a button open: above the fold line")
    # Nine-handed, the cutoff opens to 2.5 bb, the big blind has A♠5♦: 43.6% against the cutoff's 28%
    # range, the same price: a call. It was «errore».
    b.spot("pf-9max-bb-a5o-defends-vs-co-open", 9, {2: "As5d"}, [*F(3, 4, 5, 6, 7), "p8 cbr 5", "p9 f", "p1 f"],
           best="call", model="chart",
           bands={"call": ["ottima"], "fold": ["buona", "imprecisa", "errore"]},
           reason="A5o in the big blind calls a cutoff open at nine: above the fold line")
    # Below the line the fold stays: 9♣3♦ against the same open (about 33%).
    b.spot("pf-9max-bb-93o-folds-vs-co-open", 9, {2: "9c3d"}, [*F(3, 4, 5, 6, 7), "p8 cbr 5", "p9 f", "p1 f"],
           best="fold", model="chart",
           bands={"fold": ["ottima"], "call": LEAK},
           reason="93o in the big blind folds to a cutoff open: below the fold line")

    # -- one open faced below the re-shove tables (5-12 bb) -------------------------------------------
    # Six-handed, 10 bb, the button min-raises to 2 bb, the big blind has Q♦8♣. A 3-bet to 8 bb puts 80%
    # of the stack in and folds to the re-shove it invites: a leak at best (the estimate called it
    # «ottima», +2.2 bb). The call (1 bb for a 3.5 bb pot, Q8o above the big blind's fold line) and the
    # re-shove are the candidates; I would have re-shoved, but the project's re-shove table at 13 bb has
    # Q8o's re-shove at -0.65 bb against the button's calls (it opens 43% and calls wide), so the band
    # leaves the order of the two open: each is fine or a small inaccuracy, folding too.
    b.spot("pf-6max-10bb-bb-q8o-vs-btn-min-raise", 6, {2: "Qd8c"}, [*F(3, 4, 5), "p6 cbr 4", "p1 f"],
           stacks=[20] * 6, model="chart",
           bands={"call": OK, "cbr 16": LEAK, "all_in": OK3, "fold": OK3},
           reason="Q8o in the big blind at 10 bb calls a button min-raise; a 3-bet to 8 bb is a leak")
