"""What the upload page learns from the files without parsing them: limits, a hand count, the players.

Why not parse on the page: reading a room's history replays every hand with the engine
(about 2.5 ms a hand: 12 s for a 5,000-hand session), and the page's thread is the one
every click of this learner waits on. So the page only checks what costs one linear scan
(size, UTF-8, the number of hands, the same limits as :func:`coach.review.session.load_session`)
and counts the names that the formats write on lines of their own (PHH ``players = [...]``,
a room's ``Seat 1: Name (`` and ``Dealt to Name [``, iPoker's ``<player name="...">``).
The worker of the task queue parses the files for real (:mod:`coach.review.jobs`): a hand
the rules refuse, or another game, is reported in the job's result, not here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from coach.errors import InvalidInput
from coach.i18n import N_
from coach.limits import MAX_HAND_BYTES, MAX_NAME_LENGTH, kb_up
from coach.review.session import MAX_SESSION_HANDS
from coach.rooms import find_room
from coach.rooms.encoding import decode_hand_text

__all__ = ["Upload", "peek_upload"]

_PHH_SECTION = re.compile(r"^\s*\[\d+\]\s*$", re.M)
_PHH_PLAYERS = re.compile(r"^\s*players\s*=\s*\[([^\n\]]*)\]", re.M)
_N = MAX_NAME_LENGTH
_QUOTED = re.compile(rf"\"((?:[^\"\\\n]|\\.){{1,{_N}}})\"|'([^'\n]{{1,{_N}}})'")


@dataclass(frozen=True)
class Upload:
    """The files as text, how many hands they seem to hold, the players (most hands first), the hero."""

    texts: tuple[tuple[str, str], ...]
    hands: int
    players: tuple[str, ...]
    hero: str | None  # the player dealt cards in a room's file, else who plays most hands


def _scan(text: str, seen: Counter[str], dealt: Counter[str]) -> int:
    """The hands of one file, counting each hand's players once; 0 when nothing looks like a hand."""
    room = find_room(text)  # the registry's detection, the importer's (coach.rooms.catalog)
    if room is not None:  # an online room's history: each hand's names on the room's own lines
        hands = 0
        for _, chunk in room.hands(room.normalize(text)):
            players, hero = room.peek(chunk)
            seen.update(players)
            dealt.update(hero)
            hands += 1
        return hands
    for line in _PHH_PLAYERS.finditer(text):
        names = {a or b for a, b in _QUOTED.findall(line.group(1))}
        seen.update(names)
    sections = len(_PHH_SECTION.findall(text))
    return sections or (1 if text.strip() else 0)


def peek_upload(files: Sequence[tuple[str, bytes]]) -> Upload:
    """The uploaded ``(name, bytes)`` files checked for the upload's limits, with a hand count and players.

    Raises :class:`InvalidInput` (in the words of :func:`coach.review.session.load_session`)
    for a file too large or not UTF-8, no hand at all, or more hands than a review reads.
    """
    texts: list[tuple[str, str]] = []
    seen: Counter[str] = Counter()
    dealt: Counter[str] = Counter()
    hands = 0
    for name, data in files:
        if len(data) > MAX_HAND_BYTES:
            raise InvalidInput(
                N_("The file {name} is too large ({size} KB): a hand history is at most {limit} KB."),
                name=name, size=kb_up(len(data)), limit=MAX_HAND_BYTES // 1024)
        text, problem = decode_hand_text(data)
        if text is None:
            raise InvalidInput(N_("The file {name} cannot be read as text: is it really a hand history? "
                                  "({problem})"), name=name, problem=problem)
        hands += _scan(text.replace("\r\n", "\n").replace("\r", "\n"), seen, dealt)
        if hands > MAX_SESSION_HANDS:
            raise InvalidInput(N_("A session review reads at most {limit} hands."), limit=MAX_SESSION_HANDS)
        texts.append((name, text))
    if not hands:
        raise InvalidInput(N_("The files hold no hand."))
    players = [n for n, _ in seen.most_common() if n]
    hero = dealt.most_common(1)[0][0] if dealt else (players[0] if players else None)
    if hero is not None and hero not in players:
        players.insert(0, hero)
    elif hero is not None:  # the hero first in the list, the others by hands played
        players.remove(hero)
        players.insert(0, hero)
    return Upload(tuple(texts), hands, tuple(players), hero)
