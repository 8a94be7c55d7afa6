"""ACPC logs (the Annual Computer Poker Competition's dealer), with the competition's game as a preset.

An ACPC log line says the hand's number, the actions, the cards and the result, not the game: the
blinds and the stacks are in a separate game definition that the log never repeats (so pokerkit's
``ACPCProtocolParser`` must be given them). The coach reads one game, the one of the competition's
heads-up No-Limit Hold'em event, :data:`PRESET`: 2 players, blinds 50/100, 20,000 chips each at the
start of every hand (``blind = 100 50``, ``firstPlayer = 2 1 1 1``: player 1 is the big blind,
player 2 the small blind and the button, who speaks first before the flop and last after it).

A line ``STATE:12:r300c/cr600c/cc/r1200f:Ks6d|Qh5c/9c7h3s/5d/Jc:-600|600:Alice|Bob`` (or the same
fields with the players first) becomes a :class:`~coach.rooms.room.RawHand`: ``r`` raises to a
total for the whole hand (so the street's part is the total less what each had in when the street
began), ``c`` checks or calls, ``f`` folds, ``/`` deals the next board cards. It is replayed by the
engine like any room's hand (:func:`coach.rooms.convert.to_history`), and the result the log states
for each player must be what the rules give, else the hand is refused: the pot does not add up.
Other games (more players, limit betting) are refused with the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Final

from coach.engine.phh import HandHistory
from coach.errors import HandHistoryError
from coach.i18n import N_
from coach.limits import clip
from coach.rooms.convert import to_history
from coach.rooms.room import RawHand

__all__ = ["PRESET", "SIGNATURE", "AcpcGame", "read_hand", "read_line"]


@dataclass(frozen=True)
class AcpcGame:
    """The game a log's lines are played under (the ACPC game definition's fields the coach needs)."""

    small_blind: int
    big_blind: int
    stack: int


PRESET: Final[AcpcGame] = AcpcGame(small_blind=50, big_blind=100, stack=20_000)

# «STATE:hand:actions:cards:results:players» or «players:hand:actions:cards:results», one per line.
_STATE = re.compile(r"^STATE:(?P<hand>\d{1,12}):(?P<actions>[rcf/0-9]*):(?P<cards>[^:\n]+)"
                    r":(?P<results>[^:\n]+):(?P<players>[^:\n]+)$")
_PLAYERS_FIRST = re.compile(r"^(?P<players>[^:\n|]+\|[^:\n]+):(?P<hand>\d{1,12}):(?P<actions>[rcf/0-9]*)"
                            r":(?P<cards>[^:\n]+):(?P<results>[^:\n]+)$")
SIGNATURE: Final = re.compile(r"^(?:STATE:\d{1,12}:[rcf/0-9]*:|[^:\n|]+\|[^:\n]+:\d{1,12}:[rcf/0-9]*:)", re.M)
_TOKEN = re.compile(r"r(\d{1,12})|c|f|/")
_CARDS = re.compile(r"(?:[2-9TJQKA][cdhs])*")


def _refuse(where: str, why: str, **values: object) -> HandHistoryError:
    return HandHistoryError(why, file=where, **values)


def read_line(text: str, where: str, game: AcpcGame = PRESET) -> tuple[RawHand, tuple[int, ...]]:
    """One log line as a room's hand, and the result the log states for each player (PHH order).

    Raises :class:`HandHistoryError` naming ``where`` when the line is not a heads-up No-Limit hand
    of ``game``.
    """
    m = _STATE.match(text) or _PLAYERS_FIRST.match(text)
    if m is None:
        raise _refuse(where, N_("{file}: the line is not an ACPC log line («{line}»)."), line=clip(text, 60))
    players = tuple(m["players"].split("|"))
    if len(players) != 2 or len(set(players)) != 2:
        raise _refuse(where, N_("{file}: the ACPC game read here is heads-up No-Limit Hold'em (blinds "
                                "{small}/{big}, {stack} chips): this line has {count} players."),
                      small=game.small_blind, big=game.big_blind, stack=game.stack, count=len(players))
    try:
        results = tuple(int(Decimal(r)) for r in m["results"].split("|"))
    except (InvalidOperation, ValueError, OverflowError):
        results = ()
    holes, *boards = m["cards"].split("/")
    hole_cards = holes.split("|")
    if len(results) != 2 or len(hole_cards) != 2 or len(boards) > 3 or not all(
            _CARDS.fullmatch(c) for c in [*hole_cards, *boards]):
        raise _refuse(where, N_("{file}: the cards or the result cannot be read («{line}»)."),
                      line=clip(text, 60))
    if "".join(t.group() for t in _TOKEN.finditer(m["actions"])) != m["actions"]:
        raise _refuse(where, N_("{file}: «{actions}» is not a No-Limit ACPC action sequence (a raise "
                                "needs its amount)."), actions=clip(m["actions"], 60))
    actions = [f"d dh p{k + 1} {cards or '????'}" for k, cards in enumerate(hole_cards)]
    actor, street, before, top = 1, 0, 0, game.big_blind  # the button (p2) speaks first before the flop
    for token in _TOKEN.finditer(m["actions"]):
        move = token.group()
        if move == "/":
            if street >= len(boards):
                raise _refuse(where, N_("{file}: the actions go on to a street whose cards the line "
                                        "does not give («{line}»)."), line=clip(text, 60))
            actions.append(f"d db {boards[street]}")
            street, before, actor = street + 1, top, 0
            continue
        if move == "f":
            actions.append(f"p{actor + 1} f")
        elif move == "c":
            actions.append(f"p{actor + 1} cc")
        else:
            top = int(token.group(1))
            actions.append(f"p{actor + 1} cbr {top - before}")
        actor = 1 - actor
    actions += [f"d db {cards}" for cards in boards[street:]]  # the rest of an all-in's board
    actions += [f"p{k + 1} sm {cards}" for k, cards in enumerate(hole_cards) if cards]
    raw = RawHand(players=players, seats=(1, 2), antes=(0, 0),
                  blinds_or_straddles=(game.small_blind, game.big_blind),  # PHH heads-up order, reversed
                  starting_stacks=(game.stack, game.stack), actions=tuple(actions),
                  variables={"hand": int(m["hand"])})
    return raw, results


def read_hand(text: str, where: str, game: AcpcGame = PRESET) -> tuple[RawHand, HandHistory]:
    """One log line replayed by the engine: the room's hand and the PHH hand.

    Raises :class:`CoachError`: the line is not a hand of ``game``, the rules refuse an action
    (with the rule), or a player's result is not the one the log states (the pot does not add up).
    """
    raw, results = read_line(text, where, game)
    history, hand = to_history(raw, where, "ACPC")
    if hand is None:
        hand = history.replay()
    assert hand.result is not None
    for k, (end, start, said) in enumerate(zip(hand.result.finishing_stacks, raw.starting_stacks, results,
                                               strict=True)):
        if end - start != said:
            raise HandHistoryError(
                N_("{file}: the log says {player} won {theirs}, the rules give {ours}: the pot does not "
                   "add up."), file=where, player=raw.players[k], theirs=said, ours=end - start)
    return raw, history
