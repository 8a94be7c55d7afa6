"""The players still to act continue with a range or fold (coach/feedback/behind.py).

Fails on the code before it: the blinds and the opener behind a 12 bb re-jam entered the
equity as callers with any two cards (``source: any``) and TT had 30.7%, folding «buona».
"""

from __future__ import annotations

from pathlib import Path

from coach.engine.phh import load_phh
from coach.feedback.analysis import analyze
from coach.feedback.behind import BEHIND_SHARE, players_behind, still_to_act
from coach.feedback.opponents import opponent_ranges
from coach.feedback.situation import read_situation

SPOT = Path(__file__).resolve().parent / "spots_v2" / "pf-6max-tt-vs-12bb-rejam-players-behind.phh"


def test_tt_against_a_rejam_with_players_behind() -> None:
    """TT has about half the pot (51-56% by a strong player's count), more than the 42.9% needed."""
    hand = load_phh(SPOT).replay(require_complete=False)
    a = analyze(hand)
    assert a.equity is not None and 0.50 <= a.equity.value <= 0.57
    assert all(r.source != "any" for r in a.villain_ranges.values())
    assert a.option("f").grade.rank >= 2 and a.option("cc").grade.rank <= 1


def test_each_player_behind_continues_rarely() -> None:
    """A blind with any two cards continues with about BEHIND_SHARE of the jammer's range: ~5% of hands."""
    hand = load_phh(SPOT).replay(require_complete=False)
    sit = read_situation(hand)
    assert len(still_to_act(sit)) == 3  # the two blinds and the opener
    behind = players_behind(sit, opponent_ranges(sit))
    assert len(behind) == 3
    for b in behind:
        assert 0.0 < b.chance < 0.4
        assert len(b.continuing.range) > 0
    blinds = [b for b in behind if b.continuing.source == "continue.any"]
    assert blinds and all(b.chance < 2 * BEHIND_SHARE for b in blinds)


def test_nobody_behind_after_the_flop() -> None:
    """Only before the flop: after it every range already follows the player's own actions."""
    flop = SPOT.parent / "flop-6max-3way-set-checks-back-wet-board.phh"
    hand = load_phh(flop).replay(require_complete=False)
    assert still_to_act(read_situation(hand)) == []
