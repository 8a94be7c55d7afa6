"""A room's hand (:class:`~coach.rooms.room.RawHand`) -> the project's PHH hand, replayed.

Rooms write only what a player saw: the hero's hole cards, the shows at the
showdown, in the order the room prints them (PokerStars prints an all-in's
shows after the board, the rules turn the cards up before it). PHH needs every
deal and every show in the order the rules ask for them. So the conversion adds
only what the room cannot write: a face-down deal (``????``) for each hand the
room did not show, and at each showdown the show the room wrote for that seat,
else a muck (or, all-in before the river, where nobody mucks, the cards face
down). Nothing else is added or moved: the engine then replays the hand as a
PHH file and refuses the first action the rules refuse, with its rule; and the
pots it awards are checked against what the room says each player collected
(less the rake), so a history whose pot does not add up is refused too.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from coach.engine.hand import Hand
from coach.engine.phh import HandHistory, history_from_table
from coach.errors import CoachError, HandHistoryError, IllegalAction
from coach.i18n import N_
from coach.limits import clip
from coach.rooms.room import RawHand

__all__ = ["CASH_OUT_FIELD", "cash_outs", "check_winnings", "room_final_stacks", "to_history"]

# The PHH field (user-defined: PHH's leading underscore) of a hand with a cash-out: per player, in PHH order,
# what the room paid him outside the pot; such a player's share of the pot is kept by the room.
CASH_OUT_FIELD = "_cash_out"


def _table(raw: RawHand, actions: list[str], venue: str) -> dict[str, Any]:
    table: dict[str, Any] = {
        "variant": "NT",
        "antes": list(raw.antes),
        "blinds_or_straddles": list(raw.blinds_or_straddles),
        "min_bet": max(raw.blinds_or_straddles[:2], default=0),
        "starting_stacks": list(raw.starting_stacks),
        "actions": actions,
        "players": list(raw.players),
        "venue": venue,
        "seats": list(raw.seats),
    }
    if raw.cash_outs:  # PHH's user-defined field: what the room paid each player outside the pot
        table[CASH_OUT_FIELD] = [raw.cash_outs.get(name, Decimal(0)) for name in raw.players]
    for key in ("hand", "table", "currency", "seat_count"):
        value = raw.variables.get(key)
        if isinstance(value, str):
            table[key] = clip(value, 64)
        elif isinstance(value, int) and 0 <= value < 10**18:
            table[key] = value
    return table


def _split(raw: RawHand) -> tuple[dict[int, str], dict[int, str], list[str]]:
    """(hole cards by seat, shown cards by seat, the other actions in order)."""
    holes: dict[int, str] = {}
    shows: dict[int, str] = {}
    rest: list[str] = []
    for code in raw.actions:
        words = code.split()
        if words[:2] == ["d", "dh"] and len(words) == 4:
            holes.setdefault(int(words[2][1:]) - 1, words[3])
        elif len(words) == 3 and words[1] == "sm":
            shows.setdefault(int(words[0][1:]) - 1, words[2])
        else:
            rest.append(code)
    return holes, shows, rest


def _showdown(hand: Hand, out: list[str], shows: Mapping[int, str], holes: Mapping[int, str],
              shows_written: bool, scale: int) -> bool:
    """While the rules wait for a show or a muck: the room's show for that seat, else a muck.

    False when the rules accept none of them (a show of a card that is on the board): the
    room's shows not placed yet are then written as they are, for the replay to refuse with
    its rule.
    """
    n = hand.config.n_seats
    while hand.street == "showdown":
        for seat in range(n):
            label = f"p{seat + 1}"
            if seat in shows:
                codes = [f"{label} sm {shows[seat]}"]
            elif seat in holes and not shows_written:  # rooms that print the cards, not the shows
                codes = [f"{label} sm -"]
            else:
                codes = [f"{label} sm", f"{label} sm -" if seat in holes else f"{label} sm ????"]
            for code in codes:
                try:
                    hand.apply_code(code, scale=scale)
                except (CoachError, ValueError):
                    continue
                out.append(code)
                break
            else:
                continue
            break
        else:
            placed = {int(code.split()[0][1:]) - 1 for code in out if " sm" in code}
            out.extend(f"p{seat + 1} sm {cards}" for seat, cards in shows.items() if seat not in placed)
            return False
    return True


def _unwritten_check(hand: Hand) -> str | None:
    """The check a room leaves unwritten before it deals on, or None.

    A big blind whom everyone folds to, facing only a small blind all-in for less, has the rules' «option»
    (pokerkit's, and the engine's) with nobody left to bet against: he may check or fold, never bet. The
    rooms deal on without a line for it (PartyPoker); the check changes nothing, and it is the only
    choice a player makes there, so it is written where the room dealt on.
    """
    if hand.actor is None or hand.street == "showdown":
        return None
    legal = hand.legal_actions()
    if legal.can_check and not legal.can_bet and not legal.can_raise:
        return f"p{hand.actor + 1} cc"
    return None


def to_history(raw: RawHand, source: str, venue: str) -> tuple[HandHistory, Hand | None]:
    """The hand as PHH (validated, with the shows in the rules' order), and the engine's hand
    when every action went through (else None: ``history.replay()`` names the refusal with
    its rule, as for a PHH file); raises :class:`CoachError`."""
    holes, shows, rest = _split(raw)
    # a winner at the showdown shows his cards: where the room printed them but wrote no show (PokerBros),
    # his show is the cards it printed (the pot the rules then award is checked against the summary)
    won = raw.winnings or {}
    shows = {**{k: holes[k] for k, name in enumerate(raw.players) if won.get(name, 0) > 0 and k in holes},
             **shows}
    deals = [f"d dh p{k + 1} {holes.get(k, '????')}" for k in range(len(raw.players))]
    first = history_from_table(_table(raw, deals + rest, venue), source)  # limits, names, amounts
    scale = first.scale
    out: list[str] = []
    try:
        hand = Hand.start(first.config(), dealing="manual")
    except CoachError:
        return first, None  # the replay names the problem
    codes = deals + rest
    done: Hand | None = hand
    for k, code in enumerate(codes):
        if code.startswith("d db") and (check := _unwritten_check(hand)) is not None:
            hand.apply_code(check, scale=scale)
            out.append(check)
        if not _showdown(hand, out, shows, holes, raw.shows_written, scale):
            out.extend(codes[k:])
            done = None
            break
        try:
            hand.apply_code(code, scale=scale)
        except IllegalAction as exc:
            if exc.code == "nobody_to_raise" and " cbr " in code:
                # a room writes «raises» for an all-in larger than anyone left can call: a call, the rest
                # returned (pokerkit's parsers read it the same way)
                code = code.split(" cbr ")[0] + " cc"
                try:
                    hand.apply_code(code, scale=scale)
                except (CoachError, ValueError):
                    out.extend([code, *codes[k + 1:]])
                    done = None
                    break
                out.append(code)
                continue
            out.extend(codes[k:])
            done = None
            break
        except (CoachError, ValueError):
            out.extend(codes[k:])
            done = None
            break
        out.append(code)
    else:
        if not _showdown(hand, out, shows, holes, raw.shows_written, scale):
            done = None
    history = history_from_table(_table(raw, out, venue), source)
    return history, done if done is not None and done.is_complete else None


def check_winnings(raw: RawHand, history: HandHistory, hand: Hand) -> None:
    """Refuse a hand whose pots do not add up to what the room says each player collected.

    The room pays the pot less the rake: each player may have collected less than
    the rules award him, never more, and the total kept back is at most the rake
    the room wrote. Some rooms count the uncalled bet in what a player won, so
    either reading is accepted.
    """
    if hand.result is None:
        return
    for name in raw.cash_outs:  # the room offers a cash-out to a player all-in, never to one who folded
        if f"p{raw.players.index(name) + 1} f" in raw.actions:
            raise HandHistoryError(
                N_("{file}: the history says {player} cashed out the hand after folding: a cash-out is "
                   "offered only to a player still in the pot."), file=history.source, player=name)
    _check_final_stacks(raw, history, hand)
    result = hand.result
    played = sum((sum(award.shares) for award in result.awards), 0)
    back = sum(amount for _, amount in result.returned)  # some clients count the uncalled bet in the pot
    if raw.total_pot is not None and raw.total_pot * history.scale not in (played, played + back):
        raise HandHistoryError(
            N_("{file}: the history says the pot was {theirs}, the rules make it {ours}: the amounts of the "
               "history do not add up."), file=history.source, theirs=str(raw.total_pot),
            ours=str(history.units(played)))
    if raw.winnings is None or not (raw.winnings or raw.cash_outs):  # a cash-out's pot is always checked
        return
    won = [0] * history.player_count
    for award in result.awards:
        for seat, share in zip(award.winners, award.shares, strict=True):
            won[seat] += share
    returned = [0] * history.player_count
    for seat, amount in result.returned:
        returned[seat] += amount
    rake = raw.rake * history.scale
    claimed = [Decimal(raw.winnings.get(name, 0)) * history.scale for name in raw.players]
    for extra in (returned, [0] * history.player_count):
        diffs = [w + r - c for w, r, c in zip(won, extra, claimed, strict=True)]
        if all(d >= 0 for d in diffs) and sum(diffs) <= rake:
            return
    worst = max(range(history.player_count), key=lambda s: abs(won[s] - claimed[s]))
    raise HandHistoryError(
        N_("{file}: the history says {player} collected {theirs}, the rules award {ours}: "
           "the pot does not add up."),
        file=history.source, player=raw.players[worst],
        theirs=str(raw.winnings.get(raw.players[worst], 0)), ours=str(history.units(won[worst])))


def cash_outs(history: HandHistory) -> list[tuple[int, Decimal]]:
    """Each seat the room paid a cash-out (``_cash_out``), with the amount in the file's units; nothing for
    a field that is not one number per player (a PHH file from elsewhere)."""
    paid = history.extra.get(CASH_OUT_FIELD)
    if not isinstance(paid, list) or len(paid) != history.player_count:
        return []
    try:
        return [(seat, Decimal(amount)) for seat, amount in enumerate(paid)
                if not isinstance(amount, bool) and Decimal(amount) > 0]
    except (ArithmeticError, TypeError, ValueError):
        return []


def room_final_stacks(history: HandHistory, hand: Hand) -> tuple[Decimal, ...]:
    """Each player's stack after the hand as the room paid it before the rake, in the file's units: the
    rules' result, except that a player who cashed out (``_cash_out``) has his cash-out instead of his
    share of the pot (the room keeps that share). The rake is the engine's blind spot as for every hand:
    the import checks it against the room's «collected» lines (:func:`check_winnings`).

    Why apart from the engine's result: the engine replays the pot, which the cash-out does not change
    (the other players win or lose exactly what the cards give them); the cash-out is a side bet between
    the player and the room, settled outside the pot. In units, not chips: a cash-out may have cents in a
    hand played in whole dollars.
    """
    if hand.result is None:
        raise ValueError("the hand is not over")
    stacks = [Decimal(s) / history.scale for s in hand.result.finishing_stacks]
    won = [0] * history.player_count
    for award in hand.result.awards:
        for seat, share in zip(award.winners, award.shares, strict=True):
            won[seat] += share
    for seat, amount in cash_outs(history):
        stacks[seat] += amount - Decimal(won[seat]) / history.scale
    return tuple(stacks)


def _check_final_stacks(raw: RawHand, history: HandHistory, hand: Hand) -> None:
    """Refuse a hand whose final stacks differ from the ones the room wrote (Ongame's «Seat 1: anna
    ($133.31), net: …»): a player who won nothing must end exactly as written, a winner may have less
    by the rake.

    Why both checks: a pot won without a showdown says nothing about the antes, and an ante the room
    writes in a line no pattern reads would be converted as 0, every player richer by it and the winner
    poorer: the final stacks the room wrote catch it.
    """
    if not raw.final_stacks or hand.result is None:
        return
    won = [0] * history.player_count
    for award in hand.result.awards:
        for seat, share in zip(award.winners, award.shares, strict=True):
            won[seat] += share
    kept = Decimal(0)
    for seat, name in enumerate(raw.players):
        if name not in raw.final_stacks:
            continue
        ours = Decimal(hand.result.finishing_stacks[seat])
        theirs = raw.final_stacks[name] * history.scale
        kept += ours - theirs
        if ours < theirs or (ours > theirs and not won[seat]):
            raise HandHistoryError(
                N_("{file}: the history says {player} ends the hand with {theirs}, the rules give {ours}: "
                   "the stacks do not add up (a forced bet or an action the history writes in a line that is "
                   "not read)."), file=history.source, player=name, theirs=str(raw.final_stacks[name]),
                ours=str(history.units(int(ours))))
    if kept > raw.rake * history.scale:
        raise HandHistoryError(
            N_("{file}: the winners end the hand with {kept} less than the rules give them, more than the "
               "rake of {rake}: the stacks do not add up."), file=history.source,
            kept=str(history.units(int(kept))), rake=str(raw.rake))
