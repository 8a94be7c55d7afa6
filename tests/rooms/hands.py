"""Engine hands for the rooms' tests, independent of ../shared: a showdown, a heads-up all-in before
the flop (shown before the board), a three-way all-in with a side pot in dollars and cents, a
tournament hand with antes, and a hand won without a showdown (an uncalled bet returned)."""

from __future__ import annotations

from coach.engine.phh import HandHistory, loads_phh

SHOWDOWN = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 150, 300]
actions = ["d dh p1 AsKs", "d dh p2 QhQd", "d dh p3 7c2d", "p3 f", "p1 cbr 6", "p2 cc",
  "d db Ah8d3c", "p1 cbr 8", "p2 cc", "d db 9s", "p1 cc", "p2 cc", "d db 2h", "p1 cbr 20", "p2 cc",
  "p1 sm AsKs", "p2 sm"]
players = ["Anna Rossi", "Bruno", "Carla"]
"""

HEADS_UP_ALL_IN = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [80, 120]
actions = ["d dh p1 JcJd", "d dh p2 AhKc", "p2 cbr 6", "p1 cbr 80", "p2 cc", "p1 sm JcJd", "p2 sm AhKc",
  "d db 2c7h9s", "d db Td", "d db 3s"]
"""

SIDE_POT = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [0.50, 1.00, 0]
min_bet = 1.00
starting_stacks = [20.00, 55.50, 100.00]
actions = ["d dh p1 KsKh", "d dh p2 ????", "d dh p3 AcAd", "p3 cbr 3.00", "p1 cbr 20.00", "p2 cbr 55.50",
  "p3 cc", "p1 sm KsKh", "p2 sm 8h8c", "p3 sm AcAd", "d db 2d5s9c", "d db Jh", "d db 4c"]
"""

TOURNAMENT = """variant = "NT"
antes = [25, 25, 25, 25]
blinds_or_straddles = [100, 200, 0, 0]
min_bet = 200
starting_stacks = [3000, 1500, 4000, 2500]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 Th9h", "d dh p4 ????", "p3 cbr 500", "p4 f", "p1 f",
  "p2 cc", "d db Jh8h2s", "p2 cc", "p3 cbr 700", "p2 f"]
"""


def histories() -> list[HandHistory]:
    return [loads_phh(t, name) for name, t in (("showdown", SHOWDOWN), ("heads-up", HEADS_UP_ALL_IN),
                                                ("side pot", SIDE_POT), ("tournament", TOURNAMENT))]


def _acpc(actions: str, players: str = '["Alice", "Bob"]') -> str:
    return ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [50, 100]\nmin_bet = 100\n'
            f"starting_stacks = [20000, 20000]\nactions = [{actions}]\nplayers = {players}\n")


# Heads-up hands of the ACPC competition's game (blinds 50/100, 20,000 chips; p1 the big blind).
ACPC_HANDS = (
    _acpc('"d dh p1 Ks6d", "d dh p2 Qh5c", "p2 cbr 300", "p1 cc", "d db 9c7h3s", "p1 cc", "p2 cbr 300", '
          '"p1 cc", "d db 5d", "p1 cc", "p2 cc", "d db Jc", "p1 cbr 600", "p2 cc", "p1 sm Ks6d", '
          '"p2 sm Qh5c"'),
    _acpc('"d dh p1 AhAs", "d dh p2 KdKc", "p2 cbr 20000", "p1 cc", "p1 sm AhAs", "p2 sm KdKc", '
          '"d db 2c3d4h", "d db 5s", "d db 9c"', '["Bob", "Alice"]'),
    _acpc('"d dh p1 AhAs", "d dh p2 7d2c", "p2 f"'),
    _acpc('"d dh p1 Td9d", "d dh p2 7d2c", "p2 cc", "p1 cc", "d db 2s3d4h", "p1 cbr 200", "p2 cbr 700", '
          '"p1 f"', '["Bob", "Alice"]'),
)
