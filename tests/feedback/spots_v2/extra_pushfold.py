# ruff: noqa: E501  (a data table: one spot per statement reads better than wrapped lines)
"""Push/fold where it belongs: first in, all-in or fold up to 12 big blinds;
from 12 to 25 the opening charts with a small raise (and the heads-up limp), the all-in one more
option valued by the push/fold chart.

Why the cut is at 12: the push/fold charts solve a game where the first player may only go all-in
or fold; HoldemResources (the reference heads-up Nash charts) says that game is very close to the
full game up to about 8 bb and usable to about 10, and full-game solutions of the heads-up small
blind at 12-25 bb min-raise or limp almost every hand (coach/feedback/valuation/pushfold.py has
the sources). The figures below are `python -m coach theory pushfold ... --json` (no ante): the
EV of shoving minus folding, in bb. Stacks: every player has S big blinds (PHH stacks 2 S chips).
"""

from __future__ import annotations

from typing import Any


def add(b: Any) -> None:
    def short_first_in(name: str, players: int, player: int, stack_bb: int, cards: str, *, reason: str,
                       bands: dict[str, list[str]], best: str | None = None) -> None:
        """First in with 12-25 bb: the opening charts answer (model "chart")."""
        order = [*range(3, players + 1), 1] if players > 2 else [2]  # preflop order, big blind last
        before = order[:order.index(player)]
        b.spot(name, players, {player: cards}, b.folds(*before), stacks=[2 * stack_bb] * players, best=best,
               model="chart", bands=bands, reason=reason)

    # -- heads-up, above the cut: the small blind raises small or limps ---------------------------
    # K9o on the button (small blind) heads-up with 20 bb: every full-game solution min-raises it
    # (it has 58% against a random hand; the small blind plays ~90% of hands at this depth). The
    # push/fold chart shoves it only by +0.04 bb over folding, so the all-in is at best a close
    # second; folding gives up the hand's whole edge in position (~1 bb, two thirds of the 1.5 bb
    # pot): a clear leak, never «ottima»; limping it is a legitimate mixed play.
    short_first_in("pf-hu-short-20bb-btn-k9o-raise", 2, 2, 20, "Kd9c", best="raise",
                   bands={"raise": b.OK, "fold": b.LEAK, "all_in": ["buona", "imprecisa"], "call": b.OK3},
                   reason="K9o heads-up with 20 bb: min-raise; folding it is a mistake, the all-in a distant second")
    # 22 heads-up with 13 bb: pairs are in every small-blind raising range; the chart also shoves
    # 22 (+0.79 bb over folding), so raise and all-in are both fine; folding gives up ~0.8 bb or
    # more: a leak.
    short_first_in("pf-hu-short-13bb-btn-22", 2, 2, 13, "2c2d", best="not_fold",
                   bands={"raise": b.OK, "all_in": b.OK, "fold": b.LEAK},
                   reason="22 heads-up with 13 bb: raise small or shove, never fold")
    # Q5o heads-up with 15 bb: a weak offsuit hand that solvers play by limping (half a big blind
    # for a 2 bb pot, in position after the flop); the chart folds it (shove -0.26 bb against
    # folding). Limp is right; a min-raise is a close alternative; folding loses a little (buona
    # or imprecisa); the all-in loses 0.26 bb against folding and more against the limp.
    short_first_in("pf-hu-short-15bb-btn-q5o-limp", 2, 2, 15, "Qh5s", best="call",
                   bands={"call": b.OK, "raise": b.OK3, "fold": ["buona", "imprecisa"], "all_in": b.LEAK},
                   reason="Q5o heads-up with 15 bb: limp (complete the small blind); folding costs a little")
    # 72o heads-up with 20 bb: one of the ~9% of hands the small blind folds (34.6% against a
    # random hand: even a limp's half big blind is not paid back). The chart's all-in loses 0.75
    # bb against folding; min-raising it is a leak. On the scale relative to the stake
    # 0.75 bb is 3.75% of the 20 bb stack («buona» by the number alone), but the shove puts the
    # whole stack in with a hand no range plays, where the small raise — itself a leak — risks
    # 2.5 bb: the all-in is never graded above that raise (imprecisa or errore), as before.
    short_first_in("pf-hu-short-20bb-btn-72o-fold", 2, 2, 20, "7h2d", best="fold",
                   bands={"fold": ["ottima"], "all_in": b.LEAK, "raise": b.LEAK, "call": ["buona", "imprecisa"]},
                   reason="72o heads-up with 20 bb: fold, the weakest hands do not play even for a limp")

    # -- heads-up, at or below the cut: push/fold still applies ----------------------------------
    # K9o heads-up with 8 bb: push/fold is close to the full game here (HoldemResources: up to
    # ~8-10 bb): shove +0.96 bb over folding: all-in «ottima», folding loses 0.96 bb.
    b.pushfold_first_in("pf-hu-pushfold-8bb-btn-k9o", 2, 2, 8, "Kd9c", best="raise",
                        bands={"all_in": ["ottima"], "fold": b.LEAK},
                        reason="K9o heads-up with 8 bb: all-in (push/fold applies below 12 bb)")
    # K9o heads-up with 12 bb, the last stack of the cut: shove +0.57 bb over folding.
    b.pushfold_first_in("pf-hu-pushfold-12bb-btn-k9o", 2, 2, 12, "Kd9c", best="raise",
                        bands={"all_in": ["ottima"], "fold": b.LEAK},
                        reason="K9o heads-up with 12 bb: all-in, still push/fold")

    # -- full tables, above the cut ----------------------------------------------------------------
    # 55 on the button six-handed with 14 bb: in the button's opening range (22+); the chart also
    # shoves it (+0.77 bb over folding): a small raise or the all-in are both standard at this
    # depth (solver charts mix raise and shove with small pairs); folding gives up 0.77 bb or more.
    short_first_in("pf-6max-short-14bb-btn-55", 6, 6, 14, "5h5c", best="not_fold",
                   bands={"raise": b.OK, "all_in": b.OK, "fold": b.LEAK},
                   reason="55 on the button with 14 bb: raise small or shove; folding is a leak")
    # AJs under the gun six-handed with 20 bb: a standard open at any depth. Restated with the
    # 12-25 bb tables (extra_short29.py): the push/fold equilibrium at 20 bb values its shove at
    # +0.23 bb against folding (the old "called only by QQ+/AK" was a guess of the callers, not an
    # equilibrium), about 0.6 bb below the small raise: 2.9% of the stack, a second choice
    # («buona») or a small leak, never the best. Folding it is never the best.
    short_first_in("pf-6max-short-20bb-utg-ajs", 6, 3, 20, "AhJh", best="raise",
                   bands={"raise": b.OK, "fold": b.NOT_BEST, "all_in": ["buona", "imprecisa", "errore"]},
                   reason="AJs under the gun with 20 bb: open with a small raise, not all-in")
    # A5s under the gun at nine with 13 bb: outside the UTG opening range (ATs+), but the chart
    # shoves it (+0.05 bb over folding, a near tie): all-in or fold; a small raise that folds to a
    # re-shove wastes the hand (a leak).
    short_first_in("pf-9max-short-13bb-utg-a5s", 9, 3, 13, "As5s",
                   bands={"all_in": b.OK, "fold": b.OK, "raise": b.LEAK},
                   reason="A5s under the gun at nine with 13 bb: all-in or fold (a near tie), not a small raise")
    # K7o in the cutoff at nine with 18 bb: outside the cutoff's range (KTo+); no chart at 18 bb;
    # opening it is a leak: fold. The shove is valued now (the three players behind call an
    # 18 bb jam with 77+, ATs+, AJo+, KQs, the push/fold charts' calls at 15-20 bb): K7o has
    # about 30% when called, and the blinds it wins most of the time almost pay for that; it
    # loses a few tenths of a big blind, about 2% of the stack. A loss that size is a leak, not
    # a clear mistake (a grade never says more than its own figure: docs/COACH.md, «Una sola
    # regola»); it was «errore» by a rule, beside a chart figure of about zero.
    short_first_in("pf-9max-short-18bb-co-k7o", 9, 8, 18, "Kc7d", best="fold",
                   bands={"fold": ["ottima"], "raise": b.LEAK, "all_in": ["buona", "imprecisa", "errore"]},
                   reason="K7o in the cutoff at nine with 18 bb: fold")
