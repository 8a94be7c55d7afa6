# ruff: noqa: E501  (a data table: one spot per statement reads better than wrapped lines)
"""Preflop raise sizes: the sizing rule of the preflop charts (model "chart").

The standard sizes are those strong players and solver charts use at 100 bb: first in 2-2.5 bb
(2.5-3.5 from the small blind), 2-2.5 bb at 12-25 bb; over limpers 3 bb + 1 per limper (2.5-4
bb + 1 per limper in position, 3-5 bb + 1 from the blinds); a 3-bet about 3 times the open in
position, 4 times out of position, one open more per caller; a 4-bet 2.2-2.5 times the 3-bet.
What a size costs away from them (docs/COACH.md, «Le misure dei rilanci preflop»): too small
gives the others a price (a min-raise over a limp lets the limper and everyone behind in, a
min 3-bet lets the opener continue with anything); too big risks more to win the same pot
(the worse hands fold anyway, the better ones continue). Each band below says why; the stake is
the pot (1.5 bb plus what has gone in), at 25 bb or less the stack. Chips: blinds 1/2,
stacks 200 = 100 bb unless said; 6-max seats p1 SB, p2 BB, p3 UTG, p4 MP, p5 CO, p6 BTN.
"""

from __future__ import annotations

from typing import Any


def add(b: Any) -> None:
    OK, LEAK = b.OK, b.LEAK
    # A♠Q♠ on the button against the cutoff's open to 2.5 bb: a 3-bet in position (lesson 15).
    # 3 times the open (15) is the standard; the minimum 3-bet to 8 asks the opener for 3 chips
    # into 16 (a 5:1 price: he continues with anything and keeps position on nobody): a leak,
    # «imprecisa» at least, not a blunder; 5 times (25) risks 10 more chips for the same folds,
    # since the worse hands fold to 15 already and the better ones continue: a second choice or
    # a small leak.
    b.spot("pf-6max-btn-3bet-sizes-vs-co-open", 6, {6: "AsQs"}, ["p3 f", "p4 f", "p5 cbr 5"], best="raise", model="chart",
           bands={"cbr 15": ["ottima"], "cbr 8": LEAK, "cbr 25": ["buona", "imprecisa"]},
           reason="AQs 3-bets the cutoff in position: 3 times the open; the min 3-bet gives a price, 5 times is oversized")
    # Q♥Q♣ in the small blind against the button's open to 2.5 bb (lesson 15): out of position the
    # 3-bet is about 4 times the open (20): the opener who calls plays the whole hand in
    # position, so he must pay more. 3 times (15) is a little small out of position, «buona»
    # (or a small leak), not the standard; 6 times (30) is big but wins the same pot with a hand
    # that wants action: a close second at worst.
    b.spot("pf-6max-sb-3bet-sizes-vs-btn-open", 6, {1: "QhQc"}, ["p3 f", "p4 f", "p5 f", "p6 cbr 5"], best="raise", model="chart",
           bands={"cbr 20": ["ottima"], "cbr 15": ["buona", "imprecisa"], "cbr 30": OK},
           reason="QQ 3-bets the button from the small blind: 4 times the open out of position; 3 times is small")
    # The big blind against the small blind's open to 3 bb: the big blind plays the hand in
    # position after the flop, so its 3-bet is the in-position size, about 3 times (18); 4 times
    # (24) is a little big but fine. A♠K♦ is a 3-bet in every chart.
    b.spot("pf-6max-bb-3bet-in-position-vs-sb-open", 6, {2: "AsKd"}, ["p3 f", "p4 f", "p5 f", "p6 f", "p1 cbr 6"], best="raise", model="chart",
           bands={"cbr 18": ["ottima"], "cbr 24": OK},
           reason="AKo 3-bets the small blind from the big blind: in position, 3 times the open")
    # K♥K♦ in the small blind after a cutoff open to 2.5 bb and a button call: a squeeze. With a
    # caller in the pot the 3-bet grows by one open (about 5 times out of position, 25): 3 times
    # (15) gives both players a price to see a flop three-way against kings: a leak or at best a
    # close second.
    b.spot("pf-6max-sb-squeeze-sizes", 6, {1: "KhKd"}, ["p3 f", "p4 f", "p5 cbr 5", "p6 cc"], best="raise", model="chart",
           bands={"cbr 25": ["ottima"], "cbr 15": ["buona", "imprecisa"]},
           reason="KK squeezes an open and a call from the small blind: one open more per caller")
    # A♠Q♦ in the cutoff after an under-the-gun limp (lesson 13): isolate with 3 bb + 1 for the
    # limper (8). A min-raise to 4 gives the limper 3:1 and everyone behind a great price: it does
    # not isolate, «imprecisa» (better than calling, worse than a real raise); 8 bb (16) risks twice
    # the chips for the same folds: a second choice or a small leak.
    b.spot("pf-6max-co-iso-sizes-vs-limp", 6, {5: "AsQd"}, ["p3 cc", "p4 f"], best="raise", model="chart",
           bands={"cbr 8": ["ottima"], "cbr 4": ["imprecisa"], "cbr 16": ["buona", "imprecisa"]},
           reason="AQo isolates a limper in position: 3 bb + 1; the min-raise does not isolate")
    # A♥J♥ under the gun six-handed, 100 bb: open 2-2.5 bb. 4 bb (8) risks more to win the same
    # 1.5 bb and folds the hands that would pay: a close second or a small leak; 10 bb (20) is a
    # leak (only hands that beat A♥J♥ continue), not a blunder.
    b.spot("pf-6max-utg-ajs-open-sizes", 6, {3: "AhJh"}, [], best="raise", model="chart",
           bands={"cbr 5": ["ottima"], "cbr 4": ["ottima"], "cbr 8": ["buona", "imprecisa"], "cbr 20": LEAK},
           reason="AJs opens 2-2.5 bb under the gun; 4 bb is big, 10 bb a leak")
    # A♦K♣ in the cutoff, opened to 2.5 bb, 3-bet to 7.5 bb by the button: 4-bet about 2.2-2.5
    # times (34). The minimum 4-bet (25, 1.7 times) gives the 3-bettor a good price to call in
    # position; 3.3 times (50) puts a quarter of the stack in where 34 does the same job: both
    # a close second or a small leak.
    b.spot("pf-6max-co-4bet-sizes-vs-btn-3bet", 6, {5: "AdKc"}, ["p3 f", "p4 f", "p5 cbr 5", "p6 cbr 15", "p1 f", "p2 f"], best="not_fold", model="chart",
           bands={"cbr 34": ["ottima"], "cbr 25": ["buona", "imprecisa"], "cbr 50": ["buona", "imprecisa"]},
           reason="AKo 4-bets the button's 3-bet: 2.2-2.5 times; the minimum and 3.3 times are seconds")
    # K♠Q♦ on the button six-handed with 15 bb each: above the push/fold cut, the open is 2-2.5 bb.
    # 4 bb (8) puts 27% of the stack in without the all-in's fold equity and leaves a raise-fold
    # that throws the hand away: a close second at best, more likely a small leak; 6 bb (12, 40%
    # of the stack) commits the stack: a leak.
    b.spot("pf-6max-short-15bb-btn-kqo-sizes", 6, {6: "KsQd"}, ["p3 f", "p4 f", "p5 f"], stacks=[30] * 6, best="not_fold", model="chart",
           bands={"cbr 5": ["ottima"], "cbr 8": ["buona", "imprecisa"], "cbr 12": LEAK},
           reason="KQo opens 2-2.5 bb with 15 bb on the button; bigger raises commit the stack")
