# ruff: noqa: E501  (a data table: one spot per statement reads better than wrapped lines)
"""Short stacks at six and nine (issue 29, point 3): the 12-25 bb opening and re-shove tables.

The tables are coach/theory/data/shortstack.npz, built by tools/build_shortstack.py from the
project's push/fold equilibria (docs/COACH.md, «Push/fold: fin dove vale»). The figures quoted below
are the tables' (`python -m coach advise FILE.phh`, `model_details.short_table`): the re-shove's EV
in bb against folding, exact given the tables' calling ranges; the call and the small 3-bet are
estimates. Stacks: every player has S big blinds (PHH stacks 2 S chips); the opens are to 5 chips
(2.5 bb). Seats: p1 small blind, p2 big blind, p3 UTG, ... the button last.
"""

from __future__ import annotations

from typing import Any


def add(b: Any) -> None:
    OK, OK3, LEAK, BAD = b.OK, b.OK3, b.LEAK, b.BAD
    F = b.folds

    # -- facing one open: re-shove, call or fold ----------------------------------------------------
    # Nine-handed, 18 bb, UTG opens and everyone folds to the button with A9s. UTG's raise range at
    # this depth is 55+, ATs+, KTs+, QTs+, JTs, AJo+, KQo (11%); the button's re-shove over it is 99+,
    # ATs+, KJs+, AQo+ (6%), and UTG calls the re-shove with TT+, AQs+, AKo, which dominates A9s. The
    # re-shove loses 0.27 bb against folding (1.5% of the stack: a second choice, never the best); a
    # flat call with 16 bb behind, out of the blinds' squeeze and dominated, is a leak; a 3-bet that is
    # not all-in commits 7 bb and folds to a re-raise: a leak.
    b.spot("pf-9max-short-18bb-btn-a9s-vs-utg-open", 9, {9: "Ah9h"}, ["p3 cbr 5", *F(4, 5, 6, 7, 8)],
           stacks=[36] * 9, best="fold", model="chart",
           bands={"fold": OK, "all_in": ["buona", "imprecisa"], "call": LEAK, "cbr 15": LEAK},
           reason="A9s on the button facing a UTG open with 18 bb at nine: fold; the re-shove is a second choice")
    # The same spot with 66: the re-shove is a near tie (-0.02 bb: the equilibrium mixes it 7% of
    # the time): folding and re-shoving are both fine; calling to set-mine with 16 bb behind costs
    # about half a big blind (an estimate): never the best.
    b.spot("pf-9max-short-18bb-btn-66-vs-utg-open", 9, {9: "6h6c"}, ["p3 cbr 5", *F(4, 5, 6, 7, 8)],
           stacks=[36] * 9, model="chart",
           bands={"fold": OK, "all_in": OK3, "call": LEAK},
           reason="66 on the button facing a UTG open with 18 bb at nine: fold or re-shove, a near tie")
    # And with KJo: dominated by UTG's calls (AK, AQ, KQ are in his raise range) and far outside the
    # re-shove range; the re-shove loses 0.54 bb (3% of the stack), the call about 1 bb: fold.
    b.spot("pf-9max-short-18bb-btn-kjo-vs-utg-open", 9, {9: "KhJc"}, ["p3 cbr 5", *F(4, 5, 6, 7, 8)],
           stacks=[36] * 9, best="fold", model="chart",
           bands={"fold": ["ottima"], "all_in": ["buona", "imprecisa"], "call": LEAK},
           reason="KJo on the button facing a UTG open with 18 bb at nine: fold")
    # Six-handed, 14 bb, the cutoff opens, the small blind has A2s. The small blind's re-shove over
    # the cutoff is 16% of hands (22+, A4s+, KTs+, QTs+, JTs, T9s, A9o+, KQo); A2s sits near its edge:
    # -0.08 bb, a near tie (the cutoff calls with 44+, A8s+, KTs+, QJs, ATo+, KQo). Folding or
    # re-shoving are both fine; calling out of position with the big blind behind is a mistake.
    b.spot("pf-6max-short-14bb-sb-a2s-vs-co-open", 6, {1: "As2s"}, [*F(3, 4), "p5 cbr 5", "p6 f"],
           stacks=[28] * 6, model="chart",
           bands={"fold": OK, "all_in": OK3, "call": BAD},
           reason="A2s in the small blind facing a cutoff open with 14 bb: fold or re-shove, a near tie")
    # Six-handed, 14 bb, the button opens, the big blind has A9o. The big blind's re-shove over the
    # button is wide (31%: 22+, A2s+, K6s+, ..., A2o+, KTo+): A9o re-shoves for +2.24 bb against
    # folding, 16% of the stack. Folding it is a clear mistake; calling plays a 5 bb pot out of
    # position with a hand that wins more all-in: a leak, not the best.
    b.spot("pf-6max-short-14bb-bb-a9o-reshoves-vs-btn-open", 6, {2: "Ac9d"}, [*F(3, 4, 5), "p6 cbr 5", "p1 f"],
           stacks=[28] * 6, best="aggressive", model="chart",
           bands={"all_in": ["ottima"], "fold": BAD, "call": ["buona", "imprecisa"]},
           reason="A9o in the big blind re-shoves over a button open with 14 bb")
    # Nine-handed, 20 bb, the hijack opens, AQo on the button: in the re-shove range (55+, ATs+,
    # KTs+, QTs+, JTs, AJo+ against the hijack): +1.04 bb against folding (5% of the stack). Folding
    # gives that up: a leak; the re-shove is the play.
    b.spot("pf-9max-short-20bb-btn-aqo-reshoves-vs-hj-open", 9, {9: "AdQc"}, [*F(3, 4, 5, 6), "p7 cbr 5", "p8 f"],
           stacks=[40] * 9, best="aggressive", model="chart",
           bands={"all_in": ["ottima"], "fold": LEAK},
           reason="AQo on the button re-shoves over a hijack open with 20 bb at nine")
    # Six-handed, 16 bb, UTG opens, AKo in the cutoff: the re-shove wins 2.53 bb against folding
    # (UTG calls with 88+, ATs+, KQs, AQo+, against which AKo is ahead or flipping); folding the
    # second-best unpaired hand is a blunder-class mistake.
    b.spot("pf-6max-short-16bb-co-ako-reshoves-vs-utg-open", 6, {5: "AhKc"}, ["p3 cbr 5", "p4 f"],
           stacks=[32] * 6, best="aggressive", model="chart",
           bands={"all_in": ["ottima"], "fold": BAD},
           reason="AKo in the cutoff re-shoves over a UTG open with 16 bb")
    # Nine-handed, 22 bb, the cutoff opens, 76s in the big blind: not a re-shove (-0.11 bb) but the
    # big blind closes the action and calls 1.5 bb to see a 5.5 bb pot with a suited connector:
    # the call is the table's play (+0.09 bb by the estimate), folding a close second, a 3-bet that
    # is not all-in a leak.
    b.spot("pf-9max-short-22bb-bb-76s-calls-co-open", 9, {2: "7s6s"}, [*F(3, 4, 5, 6, 7), "p8 cbr 5", "p9 f", "p1 f"],
           stacks=[44] * 9, best="call", model="chart",
           bands={"call": OK, "fold": OK3, "all_in": LEAK, "cbr 20": LEAK},
           reason="76s in the big blind calls a cutoff open with 22 bb at nine")

    # -- first in: raise small, all-in or fold -------------------------------------------------------
    def first_in(name: str, players: int, player: int, stack_bb: int, cards: str, *, reason: str,
                 bands: dict[str, list[str]], best: str | None = None) -> None:
        order = [*range(3, players + 1), 1]
        b.spot(name, players, {player: cards}, F(*order[:order.index(player)]), stacks=[2 * stack_bb] * players,
               best=best, model="chart", bands=bands, reason=reason)

    # Nine-handed UTG with 18 bb, A5s: outside the UTG raise range (ATs+), but the push/fold
    # equilibrium at 17.5 bb shoves it (+0.03 bb, a near tie with folding): all-in or fold; a small
    # raise that must fold to a re-shove throws the hand away (a leak). Before the tables no chart
    # valued this all-in at nine above 15 bb.
    first_in("pf-9max-short-18bb-utg-a5s-shoves", 9, 3, 18, "As5s",
             bands={"all_in": OK, "fold": OK, "raise": LEAK},
             reason="A5s under the gun at nine with 18 bb: all-in or fold (a near tie), not a small raise")
    # Six-handed cutoff with 22 bb, 88: in the raise range (it calls a re-shove: the table keeps the
    # raise); the all-in gains +0.37 bb against folding but less than the raise: a second choice;
    # folding a pair every seat opens is a mistake.
    first_in("pf-6max-short-22bb-co-88-raises", 6, 5, 22, "8s8h", best="raise",
             bands={"raise": OK, "all_in": OK3, "fold": LEAK},
             reason="88 in the cutoff with 22 bb: a small raise; the all-in a second choice")
    # Nine-handed UTG with 24 bb, 72o: the push/fold equilibrium at 25 bb loses 1.14 bb by shoving
    # it (5% of the stack, with a hand no range plays): fold; the all-in is a mistake.
    first_in("pf-9max-short-24bb-utg-72o-folds", 9, 3, 24, "7h2d", best="fold",
             bands={"fold": ["ottima"], "all_in": BAD},
             reason="72o under the gun at nine with 24 bb: fold")
