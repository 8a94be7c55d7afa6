"""Lines of a room's history that the engine cannot replay exactly: the hand is refused, naming the line.

A coach must not grade a hand replayed under other rules than the ones it was played by. Some
forced bets are written by the rooms and cannot be replayed exactly by the engine. A big blind
posted by a third player (a player returning to the table, or joining it, who does not wait for
the big blind to reach him) *is* replayed: it is live, and he still speaks in his turn, which is
pokerkit's (and PHH's) «post», a negative blind (:meth:`coach.rooms.room.Room.read` writes it).
A cash-out («cashed out the hand for $22.77», PokerStars' All-in Cash Out) is read too: the pot is
replayed as the cards give it and the cash-out kept beside it (:func:`coach.rooms.convert.room_final_stacks`).
Refused:

- «posts small & big blinds» (PokerStars: a player returning to the table pays a dead small blind
  and a live big blind at once): the history does not say which part of the sum is dead.
- a small blind posted by a third player: a missed small blind is dead money at most rooms and live
  at others, and the history does not say which; replayed either way it could be wrong.
- a board run twice («*** FIRST RIVER ***», «*** SECOND RIVER ***»): a PHH hand has one board.
- a straddle. Under the gun the order would be exact (the straddler speaks last), the minimum
  raise would not: the engine counts it from the big blind, the rooms from the straddle, so a raise
  the room forbids would be accepted; from another seat the order follows house rules the history
  does not state.

Each refusal says the file, the line and the line's text, as the rules' refusals do.
"""

from __future__ import annotations

from typing import Any

from coach.errors import HandHistoryError
from coach.i18n import N_
from coach.limits import clip
from coach.rooms.room import RawHand

__all__ = ["REASONS", "SHORT_BIG_BLIND", "out_of_turn_blind", "refused_line"]

REASONS: dict[str, str] = {
    "dead_small_blind": N_(
        "{file}: «{line}»: a player returning to the table posts a dead small blind and a live big "
        "blind at once, as one sum. Which part of it is dead money and which part counts as his bet is a "
        "house rule the history does not write: the hand is refused rather than replayed with a split "
        "it does not state."),
    "out_of_turn_small_blind": N_(
        "{file}: «{line}»: a small blind posted by a player who is not in the blinds (a player "
        "returning to the table). Such a blind is dead money at some rooms and part of the player's bet "
        "at others, and the history does not say which: the hand is refused rather than replayed under "
        "a rule it may not have been played by."),
    "run_it_twice": N_(
        "{file}: «{line}»: the players ran it twice: the room dealt the rest of the board twice and split "
        "the pot between the two boards. A hand the engine replays has one board: the hand is refused "
        "rather than replayed with one of them."),
    "straddle": N_(
        "{file}: «{line}»: a straddle. The engine would count the minimum raise from the big blind, "
        "the rooms count it from the straddle (and a straddle from a seat other than the one after the "
        "big blind changes the order of play by house rules that the history does not state). The hand "
        "is refused rather than replayed under other rules."),
}


# A big blind all-in for less than the blind, whom the others call for the whole blind (PartyPoker,
# PokerStars)
SHORT_BIG_BLIND = N_(
    "{file}: «{line}»: the big blind {player} is all-in for {posted}, less than the big blind, and the "
    "others call the whole big blind ({amount}) as the room's rules ask. The engine, as pokerkit and the "
    "PHH format, counts a call up to what the big blind posted: the hand cannot be replayed exactly.")


def _error(key: str, source: str, line: int, text: str) -> HandHistoryError:
    return HandHistoryError(REASONS[key], file=f"{source}:{line}", line=clip(text.strip(), 80))


def refused_line(parser: Any, hand_text: str, source: str, first_line: int) -> HandHistoryError | None:
    """The first line of ``hand_text`` that the parser lists in ``REFUSED_LINES``, as a refusal."""
    patterns = getattr(parser, "REFUSED_LINES", ())
    if not patterns:
        return None
    for k, text in enumerate(hand_text.splitlines()):
        for pattern, key in patterns:
            if pattern.search(text):
                return _error(key, source, first_line + k, text)
    return None


def out_of_turn_blind(raw: RawHand, parser: Any, hand_text: str, source: str,
                      first_line: int) -> HandHistoryError | None:
    """A blind other than the big blind posted by a player beyond the two blinds, as a refusal.

    A big blind posted there is read (pokerkit's negative blind: live, the player speaks in his turn);
    a smaller one may be dead or live by the room's house rule, which the history does not write; the
    two blinds in one sum are a dead small blind with a live big blind, and any other larger post is a
    straddle, each refused with its reason.
    """
    big = max(raw.blinds_or_straddles[:2], default=0)
    small = min(raw.blinds_or_straddles[:2], default=0)

    def kind(posted: Any) -> str | None:
        if posted < big:
            return "out_of_turn_small_blind"
        if posted == big:
            return None  # a live big blind, read (pokerkit's negative blind)
        # the two blinds in one sum («Post BB $1.50» at $0.50/$1), as «posts small & big blinds»; any
        # other post larger than the big blind («posts big blind $8» at $2/$4) is a straddle
        return "dead_small_blind" if posted == big + small else "straddle"

    late = {name: key for name, blind in zip(raw.players, raw.blinds_or_straddles, strict=True)
            if blind < 0 and (key := kind(-blind)) is not None}
    if not late:
        return None
    for k, text in enumerate(hand_text.splitlines()):
        m = parser.BLIND_OR_STRADDLE_POSTING.search(text)
        if m is not None and m["player"] in late:
            return _error(late[m["player"]], source, first_line + k, text)
    first = sorted(late)[0]
    return _error(late[first], source, first_line, first)
