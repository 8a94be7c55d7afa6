"""What the rooms' fixture writers (:mod:`tests.support.rooms_export`, :mod:`tests.support.rooms_export_more`)
share: the players' names as one word, the hero, the button's seat, cards and chips as the rooms print them,
each event with the street's highest bet before it, what each player won, his position in a summary, and
the body of a hand in PokerStars' layout, which Winamax writes too (:func:`stars_lines`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from coach.cards import Card
from coach.engine.events import (
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindPosted,
    BoardDealt,
    HandMucked,
    HandShown,
    HoleDealt,
    PotAwarded,
)
from coach.engine.hand import Hand
from coach.engine.phh_actions import format_units

__all__ = ["StarsLayout", "button", "cards", "chips", "hero_seat", "names", "no_straddles", "position",
           "stars_lines", "street_actions", "won"]


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


@dataclass(frozen=True)
class StarsLayout:
    """What the rooms that write PokerStars' layout (PokerStars, Winamax) write differently."""

    sep: str  # between a name and its verb: «anna: folds» (PokerStars) or «anna folds» (Winamax)
    ante: str  # «posts the ante» or «posts ante»
    board_gap: str  # between the board so far and the new card: «[Ah 8d 3c] [9s]» or «[Ah 8d 3c][9s]»
    deal_section: str  # the line before the first action (PokerStars: before the hero's cards too)
    section_before_cards: bool
    returned: bool  # «Uncalled bet ($4) returned to anna»
    mucks: bool  # «anna: mucks hand»
    side_pot: str  # «side pot-1» or «side pot 1»


def stars_lines(hand: Hand, hero: int | None, u: Callable[[int], str], layout: StarsLayout) -> tuple[
        list[str], int]:
    """The lines from the forced bets to the pots collected, and the pot (what was bet, less what came
    back)."""
    written = names(hand)
    out: list[str] = []
    bets: dict[int, int] = {}
    shown = False
    total = 0
    for e in hand.events:
        if isinstance(e, AntePosted):
            out.append(f"{written[e.seat]}{layout.sep}{layout.ante} {u(e.amount)}")
            total += e.amount
        elif isinstance(e, BlindPosted):
            out.append(f"{written[e.seat]}{layout.sep}posts {e.kind} blind {u(e.amount)}")
            bets[e.seat] = e.amount
            total += e.amount
        elif isinstance(e, HoleDealt) and e.seat == hero and e.cards is not None:
            if layout.section_before_cards and layout.deal_section not in out:
                out.append(layout.deal_section)
            out.append(f"Dealt to {written[e.seat]} [{cards(e.cards)}]")
        elif isinstance(e, BoardDealt):
            bets.clear()
            if e.street == "flop":
                out.append(f"*** FLOP *** [{cards(e.cards)}]")
            else:
                out.append(f"*** {e.street.upper()} *** [{cards(e.board[:-1])}]{layout.board_gap}"
                           f"[{cards(e.cards)}]")
        elif isinstance(e, ActionTaken):
            if layout.deal_section not in out:
                out.append(layout.deal_section)
            r, name = e.record, written[e.record.seat] + layout.sep
            allin = " and is all-in" if r.all_in else ""
            top = max(bets.values(), default=0)
            total += r.added
            if r.kind in ("fold", "check"):
                out.append(f"{name}{r.kind}s")
            elif r.kind == "call":
                out.append(f"{name}calls {u(r.added)}{allin}")
            elif top == 0:
                out.append(f"{name}bets {u(r.to)}{allin}")
            else:
                out.append(f"{name}raises {u(r.to - top)} to {u(r.to)}{allin}")
            bets[r.seat] = r.to
        elif isinstance(e, BetReturned):
            if layout.returned:
                out.append(f"Uncalled bet ({u(e.amount)}) returned to {written[e.seat]}")
            total -= e.amount
        elif isinstance(e, HandShown | HandMucked):
            if not shown:
                out.append("*** SHOW DOWN ***")
                shown = True
            if isinstance(e, HandShown):
                out.append(f"{written[e.seat]}{layout.sep}shows [{cards(e.cards)}] (a hand)")
            elif layout.mucks:
                out.append(f"{written[e.seat]}{layout.sep}mucks hand")
        elif isinstance(e, PotAwarded):
            pot = "pot" if e.total_pots <= 1 else (
                "main pot" if e.index == 0 else layout.side_pot.format(e.index))
            out += [f"{written[w]} collected {u(x)} from {pot}"
                    for w, x in zip(e.winners, e.shares, strict=True)]
    return out, total
