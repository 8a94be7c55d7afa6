"""Seats and their names: which position each seat of a 2-10 player table holds.

Both the coach (``coach.feedback``: the preflop charts are keyed by position) and the push/fold
equilibria (``coach.theory.pushfold``: a shover is named by his position) need the same names in the
same order, so they live here, below both, rather than in one of them for the other to reach into.
The shipped preflop charts (``coach/feedback/data/*.toml``) repeat each format's positions;
``coach.feedback.ranges_data.validate_table`` checks that they agree with :data:`TABLE_POSITIONS`.
"""

from __future__ import annotations

from typing import Final

# The positions of each table format in preflop order (first to act first).
TABLE_POSITIONS: Final[dict[str, tuple[str, ...]]] = {
    "headsup": ("BTN", "BB"),
    "6max": ("UTG", "MP", "CO", "BTN", "SB", "BB"),
    "9max": ("UTG", "UTG1", "UTG2", "LJ", "HJ", "CO", "BTN", "SB", "BB"),
}


def format_for(players: int) -> str:
    """Which chart a table of ``players`` uses: heads-up, up to 6, or full ring."""
    if players <= 2:
        return "headsup"
    return "6max" if players <= 6 else "9max"


def position_names(players: int) -> tuple[str, ...]:
    """Position names in preflop order (first to act first) for a table of ``players``.

    Short tables drop the early seats (4 players: CO, BTN, SB, BB); a tenth
    player is a second UTG. Heads-up: the button (who is the small blind) and
    the big blind.
    """
    names = TABLE_POSITIONS[format_for(players)]
    if players <= len(names):
        return names[len(names) - players:]
    return ("UTG",) * (players - len(names)) + names


def seat_position(players: int, button: int, seat: int) -> str:
    """The position name of ``seat`` at a table of ``players`` with the button at ``button``."""
    names = position_names(players)
    if players == 2:
        return "BTN" if seat == button else "BB"
    k = (seat - (button + 3)) % players
    return names[k]
