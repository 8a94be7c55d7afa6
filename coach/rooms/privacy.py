"""Opponents' names out of what is kept: a room's hand with its players named by their seats.

A room's history names everyone at the table by their screen name, and those are other people's
data: the learner needs their own name (the hero, whose decisions the coach grades) and the
positions, not who the opponents were. So what the app stores of an imported hand names each
opponent by position (``BTN``, ``SB``, ``BB``, ``UTG`` ... the names the coach's charts use, the same
in every language), unless the user chooses to keep the names. Pure functions: the pages call them
when saving, the tests call them directly.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from coach.engine.phh import HandHistory
from coach.positions import seat_position

__all__ = ["anonymize", "hero_of", "name_labels", "scrub_names", "seat_names"]


def hero_of(history: HandHistory) -> str | None:
    """The player whose hole cards the history knows (the room's «Dealt to»), if exactly one is known.

    A room writes the hole cards of the player who saved the file only; at a showdown the others'
    cards are shows, not deals. None when no deal, or more than one, is known (a PHH hand written
    by hand, where the hero cannot be told).
    """
    names = history.names()
    known = {a.seat for a in history.actions
             if a.kind == "deal_hole" and a.seat is not None and a.known_cards is not None}
    if len(known) != 1:
        return None
    seat = known.pop()
    return names[seat] if 0 <= seat < len(names) else None


def seat_names(player_count: int) -> tuple[str, ...]:
    """Each PHH seat's position name (``p1`` first, the button last), made unique (``UTG``, ``UTG 2``)."""
    out: list[str] = []
    for seat in range(player_count):
        base = seat_position(player_count, player_count - 1, seat)
        name, k = base, 1
        while name in out:
            k += 1
            name = f"{base} {k}"
        out.append(name)
    return tuple(out)


def anonymize(history: HandHistory, hero: str | None = None) -> HandHistory:
    """``history`` with every player but ``hero`` named by position; the actions and amounts unchanged.

    ``hero`` defaults to :func:`hero_of`. A position name that happens to be the hero's own name
    gets a number, so no two players share a name. With no hero every player is renamed.
    """
    if hero is None:
        hero = hero_of(history)
    names = history.names()
    positions = seat_names(history.player_count)
    taken = {hero} if hero in names else set()
    out: list[str] = []
    for seat, name in enumerate(names):
        if name == hero:
            out.append(name)
            continue
        new, k = positions[seat], 1
        while new in taken:
            k += 1
            new = f"{positions[seat]} {k}"
        taken.add(new)
        out.append(new)
    return replace(history, players=tuple(out))


def name_labels(players: Sequence[str], ordered: bool = True) -> tuple[tuple[str, str], ...]:
    """Each player's name with the name he gets in what is stored: his position when ``players`` is
    in PHH order (``p1`` first, the button last), else ``p1``, ``p2``... in the order given."""
    labels = seat_names(len(players)) if ordered and 2 <= len(players) else tuple(
        f"p{k + 1}" for k in range(len(players)))
    return tuple(zip(players, labels, strict=True))


def scrub_names(text: str, names: Sequence[tuple[str, str]], hero: str | None) -> str:
    """``text`` (a refused hand's reason, which may quote a line of the room's history) with each
    opponent's name replaced by his label, the hero's name kept.

    Whole names only (not inside a longer word), longest first in one pass, so a name that is part
    of another's (``anna`` in ``anna b``) or of the hero's is never cut in two.
    """
    table = {name: (name if name == hero else label) for name, label in names if name}
    if not table:
        return text
    alternatives = "|".join(re.escape(n) for n in sorted(table, key=len, reverse=True))
    pattern = re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")
    return pattern.sub(lambda m: table[m.group()], text)
