"""The sample hands the tests build their cases from, written once.

``SAMPLE_PHH``: the smallest legal hand with every kind of line a reader must handle: three players,
blinds 1/2, p1 dealt AsKs, p2 dealt face down (``????``), p3 folds, p1 raises to 6, p2 folds. The
PHH reader's, the ``replay`` command's and the hostile inputs' cases are this hand with one change
each, so a case's failure points at its change.

``DECIMAL_PHH``: a hand written in dollars and cents (blinds 5.00/10.00, a raise to 30.50) with the
players' names, for the narration in the file's own units (never the engine's integer chips).
"""

from __future__ import annotations

SAMPLE_PHH = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 7c7d", "p3 f", "p1 cbr 6", "p2 f"]
"""

DECIMAL_PHH = """variant = "NT"
antes = [0.00, 0.00, 0.00]
blinds_or_straddles = [5.00, 10.00, 0.00]
min_bet = 10.00
starting_stacks = [1000.00, 1000.00, 1000.00]
actions = ["d dh p1 AsKs", "d dh p2 QhQd", "d dh p3 7c2d", "p3 f", "p1 cbr 30.50", "p2 f"]
players = ["Anna", "Bruno", "Carla"]
"""
