# ruff: noqa: E501  (a data table: one spot per statement reads better than wrapped lines)
"""Banded spots for one grading scale relative to what is at stake, with no contradictions.

The push/fold figures quoted are the equilibrium chart's own (``coach.theory.pushfold.chart``,
no ante): the EV of shoving minus that of folding for the hand's class, in big blinds. Before
the flop with a short stack the stake is the effective stack (``coach/feedback/grading.py``):
ottima < 1%, buona < 4%, imprecisa < 12%, errore < 40% of it. Where the chart plays an option
it is never graded below one it does not play; options within 1% of the stack are a tie.
"""

from __future__ import annotations

from typing import Any


def short_first_in(b: Any, name: str, players: int, player: int, stack_bb: int, cards: str, *, reason: str,
                   bands: dict[str, list[str]], best: str | None = None) -> None:
    """First in with 12-25 bb: the opening charts answer (model "chart"), as in extra_pushfold.py."""
    order = [*range(3, players + 1), 1] if players > 2 else [2]  # preflop order, big blind last
    before = order[:order.index(player)]
    b.spot(name, players, {player: cards}, b.folds(*before), stacks=[2 * stack_bb] * players, best=best,
           model="chart", bands=bands, reason=reason)


def add(b: Any) -> None:
    OK, LEAK, BAD = b.OK, b.LEAK, b.BAD
    # 55 under the gun with 6 bb nine-handed. The chart shoves it (22+ at 6 bb) and
    # the shove is +0.10 bb over folding: no bluff rule may turn the fold into the best choice;
    # folding gives up 0.10 bb, 1.7% of the stack: «buona» (a close second), never «ottima».
    b.pushfold_first_in("pf-9max-pushfold-6bb-utg-55", 9, 3, 6, "5c5d", best="raise",
                        bands={"all_in": ["ottima"], "fold": ["buona", "imprecisa"]},
                        reason="55 shoves 6 bb under the gun at nine: the chart plays it, +0.10 bb")
    # K7o on the button heads-up with 10 bb: the chart shoves (+0.45 bb). Folding loses
    # 0.45 bb, 30% of the 1.5 bb pot and 4.5% of the stack: not «buona» (imprecisa or errore).
    b.pushfold_first_in("pf-hu-pushfold-10bb-btn-k7o", 2, 2, 10, "Kh7c", best="raise",
                        bands={"all_in": ["ottima"], "fold": LEAK},
                        reason="K7o shoves 10 bb heads-up: folding loses 0.45 bb, 4.5% of the stack")
    # A chart shove worth a few hundredths of a big blind (J6o, 6 bb heads-up: +0.04 bb).
    # The chart shoves it, so the shove is the best; folding is within 1% of the stack (0.06 bb):
    # a tie («valgono lo stesso»), «ottima» or at worst «buona», never «Il fold è la scelta giusta».
    b.pushfold_first_in("pf-hu-pushfold-6bb-btn-j6o", 2, 2, 6, "Jc6d", best="raise",
                        bands={"all_in": ["ottima"], "fold": OK},
                        reason="J6o shoves 6 bb heads-up by a hair (+0.04 bb): a tie the chart breaks by shoving")
    # T7o, 8 bb heads-up: the chart shoves, +0.005 bb: the same tie, the shove named best.
    b.pushfold_first_in("pf-hu-pushfold-8bb-btn-t7o", 2, 2, 8, "Tc7d", best="raise",
                        bands={"all_in": ["ottima"], "fold": OK},
                        reason="T7o shoves 8 bb heads-up: +0.005 bb, a tie the chart plays as a shove")
    # K3o, 12 bb heads-up: the chart shoves, +0.016 bb: a tie, the shove named best.
    b.pushfold_first_in("pf-hu-pushfold-12bb-btn-k3o", 2, 2, 12, "Kc3d", best="raise",
                        bands={"all_in": ["ottima"], "fold": OK},
                        reason="K3o shoves 12 bb heads-up: +0.016 bb, a tie the chart plays as a shove")
    # T8s under the gun with 6 bb six-handed: the chart shoves it always although its EV is
    # 0.005 bb below folding (within the chart's precision): what the chart plays is never
    # graded below what it does not play, so the shove is «ottima» and the best.
    b.pushfold_first_in("pf-6max-pushfold-6bb-utg-t8s", 6, 3, 6, "Tc8c", best="raise",
                        bands={"all_in": ["ottima"], "fold": OK},
                        reason="T8s shoves 6 bb under the gun: the chart plays it; a tie within its precision")
    # Q7o, 12 bb heads-up: the chart folds it (the shove is -0.075 bb, 0.6% of the stack): fold
    # is the best, the shove a tie or a close second.
    b.pushfold_first_in("pf-hu-pushfold-12bb-btn-q7o", 2, 2, 12, "Qc7d", best="fold",
                        bands={"fold": ["ottima"], "all_in": OK},
                        reason="Q7o folds 12 bb heads-up by a hair: the chart folds it")
    # A5o in the small blind at nine with 15 bb. Restated (the push/fold cut at 12 bb):
    # this spot was written when push/fold ran to 15 bb at full tables; above 12 bb the opening
    # charts answer (docs/COACH.md «Push/fold: fin dove vale»): A5o is in the small blind's 15 bb
    # opening range, so the small raise (2-2.5 bb) is the standard play and the all-in (+0.75 bb
    # over folding by the push/fold chart) a sound alternative; folding gives up at least that
    # 0.75 bb, 5% of the stack: a leak (imprecisa), more than a close second.
    short_first_in(b, "pf-9max-short-15bb-sb-a5o", 9, 1, 15, "Ac5d", best="raise",
                   bands={"raise": OK, "all_in": OK, "fold": LEAK},
                   reason="A5o with 15 bb in the small blind: a small raise, or the all-in; folding loses 0.75 bb or more")
    # ATo under the gun at nine with 10 bb: the chart folds it; the shove loses 0.10 bb, 1% of
    # the stack: a close second at worst.
    b.pushfold_first_in("pf-9max-pushfold-10bb-utg-ato", 9, 3, 10, "AcTd", best="fold",
                        bands={"fold": ["ottima"], "all_in": OK},
                        reason="ATo folds 10 bb under the gun at nine, by 0.1 bb")
    # K9o under the gun at nine with 10 bb: the shove loses 0.33 bb, 3.3% of the stack: buona,
    # near imprecisa.
    b.pushfold_first_in("pf-9max-pushfold-10bb-utg-k9o", 9, 3, 10, "Kc9d", best="fold",
                        bands={"fold": ["ottima"], "all_in": ["buona", "imprecisa"]},
                        reason="K9o folds 10 bb under the gun at nine: the shove loses 0.33 bb")
    # A8o in the lojack at nine with 12 bb: the shove loses 0.24 bb, 2% of the stack.
    b.pushfold_first_in("pf-9max-pushfold-12bb-lj-a8o", 9, 6, 12, "Ac8d", best="fold",
                        bands={"fold": ["ottima"], "all_in": ["buona", "imprecisa"]},
                        reason="A8o folds 12 bb from the lojack at nine: the shove loses 0.24 bb")
    # 83o in the cutoff at nine with 6 bb: the shove loses 0.74 bb, 12% of a 6 bb stack: the
    # same three quarters of a big blind that is small at 60 bb is a real mistake here
    # (imprecisa or errore).
    b.pushfold_first_in("pf-9max-pushfold-6bb-co-83o", 9, 8, 6, "8c3d", best="fold",
                        bands={"fold": ["ottima"], "all_in": LEAK},
                        reason="83o folds 6 bb in the cutoff: the shove loses 0.74 bb, 12% of the stack")
    # 93o in middle position six-handed with 6 bb: the shove loses 0.76 bb, 13% of the stack.
    b.pushfold_first_in("pf-6max-pushfold-6bb-mp-93o", 6, 4, 6, "9c3d", best="fold",
                        bands={"fold": ["ottima"], "all_in": LEAK},
                        reason="93o folds 6 bb in middle position: the shove loses 0.76 bb, 13% of the stack")
    # A9o under the gun six-handed with 15 bb. Restated (the push/fold cut at 12 bb):
    # written when push/fold ran to 15 bb; above 12 bb the opening charts answer. A9o is not in
    # the 15 bb UTG opening range (16%): fold. The push/fold chart folds it too (its shove loses
    # 0.24 bb, 1.6% of the stack), and an all-in with a hand no range plays risks the whole stack
    # where a small raise would risk 2.5 bb: a close second at best (buona), a small leak at worst
    # (imprecisa). Opening it small is the same borderline leak.
    short_first_in(b, "pf-6max-short-15bb-utg-a9o", 6, 3, 15, "Ac9d", best="fold",
                   bands={"fold": ["ottima"], "all_in": ["buona", "imprecisa"], "raise": ["buona", "imprecisa"]},
                   reason="A9o folds 15 bb under the gun six-handed: outside the opening range; the shove loses 0.24 bb")
    # J5o in the small blind six-handed with 10 bb: the shove loses 0.18 bb, 1.8% of the stack.
    b.pushfold_first_in("pf-6max-pushfold-10bb-sb-j5o", 6, 1, 10, "Jc5d", best="fold",
                        bands={"fold": ["ottima"], "all_in": ["buona", "imprecisa"]},
                        reason="J5o folds 10 bb in the small blind: the shove loses 0.18 bb")
    # A gutshot all-in for 97 bb into a 12.5 bb pot on the flop (98s on J72 rainbow,
    # first to act, two callers behind). Only better hands call a shove of eight pots and the
    # worse hands fold: «errore» or worse, and checking (the gutshot sees the turn for free) is
    # right. The estimate's number for the shove's folds is not trusted: its EV is not given.
    b.spot("flop-6max-gutshot-deep-allin", 6, {2: "9c8c"},
           ["p3 cbr 6", "p4 f", "p5 cc", "p6 cc", "p1 f", "p2 cc", "d db Jd7h2s"],
           best="check", model="heuristic", bands={"all_in": BAD, "check": OK},
           reason="a gutshot does not shove eight times the pot on the flop: check")
