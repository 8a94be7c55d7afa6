# ruff: noqa: E501  (a data table: one spot per statement reads better than wrapped lines)
"""Banded postflop spots from the issue-29 follow-up audit (post29b): players still to act after
the flop and multiway valuation. Bands decided as a strong player would, before the fix; each
spot failed on the code before its fix (said beside it).

Stacks are in chips with a 1/2 blind (100 bb = 200 chips). The grading rule these bands rely on
is docs/COACH.md «Una sola regola»; the players still to act are «Chi deve ancora parlare» there.
"""

from __future__ import annotations

from typing import Any

# Under the gun opens to 5, the cutoff, the button and the big blind call: 21 in the pot, four-way.
UTG_FOUR_WAY = ["p3 cbr 5", "p4 f", "p5 cc", "p6 cc", "p1 f", "p2 cc"]


def add(b: Any) -> None:
    OK, NOT = b.OK, ["imprecisa", "errore", "errore grave"]
    # Second pair facing a third-pot bet with two players still to act (point 2 of the issue).
    # Kd8c3s four-way: the big blind and UTG (the opener) check, the cutoff bets 7 into 21, the
    # button has 9h8h. 7 to win 35 needs 20%. The two behind checked (no set, no strong king: those
    # bet or check-raise later, a capped range) and each goes on against a bet and a call with about a
    # third of his hands; most of the time 9-8 plays the bettor alone, against whom it has about 47%.
    # Calling is clear, folding gives up the pot's price: at least «imprecisa». The coach took both
    # checkers to showdown with their whole ranges (24% equity) and called the fold «buona» (it
    # failed here before the fix).
    b.spot("flop-6max-4way-second-pair-calls-third-pot-two-behind", 6, {6: "9h8h"},
           [*UTG_FOUR_WAY, "d db Kd8c3s", "p2 cc", "p3 cc", "p5 cbr 7"],
           model="heuristic",
           bands={"call": OK, "fold": NOT},
           reason="second pair facing a 1/3 bet with two checked players behind: they mostly fold, so 20% needed is met; folding is not good")
    # Top pair top kicker facing under the gun's half-pot c-bet four-way with two players behind
    # (multiway valuation). Qs8d4c: the big blind checks, UTG bets 10 into 21, the cutoff has AcQh.
    # Calling is the standard play; a pot-sized raise is called by UTG's sets, two pairs and
    # strong draws, and by what the two behind continue with, while the queens it beats fold: not
    # the best play, «imprecisa» or «errore». The coach valued the raise as if every caller held
    # his whole range (the learner's 50% against the three ranges), called it «buona» at 9.4 bb
    # and the call «buona» beside «perde circa 5,6 bb» (it failed here before the fix).
    b.spot("flop-6max-4way-tptk-calls-utg-cbet-pot-raise-not-best", 6, {5: "AcQh"},
           [*UTG_FOUR_WAY, "d db Qs8d4c", "p2 cc", "p3 cbr 10"],
           model="heuristic",
           bands={"call": OK, "cbr 51": ["imprecisa", "errore"]},
           reason="TPTK facing UTG's c-bet four-way calls; a pot-sized raise is met by the hands that beat it: not best")
