"""What the rooms' fixture writers (:mod:`tests.support.rooms_export`, :mod:`tests.support.rooms_export_more`)
share: the players' names as one word, the hero, the button's seat, cards and chips as the rooms print them,
each event with the street's highest bet before it, what each player won, and his position in a summary."""

from __future__ import annotations

from collections.abc import Sequence

from coach.cards import Card
from coach.engine.events import ActionTaken, AntePosted, BlindPosted, BoardDealt, HoleDealt, PotAwarded
from coach.engine.hand import Hand
from coach.engine.phh_actions import format_units

__all__ = ["button", "cards", "chips", "hero_seat", "names", "no_straddles", "position", "street_actions",
           "won"]


def names(hand: Hand) -> list[str]:
    """The players' names with their spaces as ``_`` (PartyPoker's «wins» line takes one word)."""
    return ["_".join(n.split()) for n in hand.config.names]


def hero_seat(hand: Hand, hero: str | None) -> int | None:
    """The seat of ``hero``, else of the first player whose cards were dealt face up."""
    written = names(hand)
    if hero is not None and hero in written:
        return written.index(hero)
    return next((e.seat for e in hand.events if isinstance(e, HoleDealt) and e.cards is not None), None)


def button(hand: Hand) -> int:
    return hand.config.seat_of(hand.config.n_seats - 1)


def cards(dealt: Sequence[Card], sep: str = " ") -> str:
    return sep.join(str(c) for c in dealt)


def chips(amount: int, scale: int) -> str:
    """A tournament's amount in chips, thousands with a comma («1,500»), as the rooms write them."""
    return f"{int(format_units(amount, scale)):,}" if scale == 1 else format_units(amount, scale)


def no_straddles(hand: Hand, room: str, *, antes: bool = True) -> None:
    """Refuse a hand the room's format cannot write (a straddle; antes where it has none)."""
    for e in hand.events:
        if isinstance(e, BlindPosted) and e.kind == "other":
            raise ValueError(f"{room}: a straddle cannot be written")
        if isinstance(e, AntePosted) and not antes:
            raise ValueError(f"{room}: antes cannot be written")


def street_actions(hand: Hand) -> list[tuple[object, int]]:
    """Each event with the highest bet of its street before it (0 after each board card)."""
    bets: dict[int, int] = {}
    out: list[tuple[object, int]] = []
    for e in hand.events:
        top = max(bets.values(), default=0)
        out.append((e, top))
        if isinstance(e, BlindPosted):
            bets[e.seat] = e.amount
        elif isinstance(e, BoardDealt):
            bets.clear()
        elif isinstance(e, ActionTaken):
            bets[e.record.seat] = e.record.to
    return out


def won(hand: Hand) -> dict[int, int]:
    """What each seat won, over all the pots."""
    out: dict[int, int] = {}
    for e in hand.events:
        if isinstance(e, PotAwarded):
            for w, x in zip(e.winners, e.shares, strict=True):
                out[w] = out.get(w, 0) + x
    return out


def position(hand: Hand, seat: int) -> str:
    """«(small blind) », «(big blind) », «(button) » or nothing, as the rooms' summaries write it."""
    kinds = {b.seat: b.kind for b in hand.events if isinstance(b, BlindPosted)}
    if seat in kinds:
        return f"({kinds[seat]} blind) "
    return "(button) " if seat == button(hand) else ""
