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
