"""From an engine :class:`~coach.engine.Hand` to the table's :class:`TableView`.

The table renderer knows nothing about the engine; this adapter decides what a
learner may see: the hero's cards face up, everybody else's face down until
they are shown at showdown, unless the teacher reveals them ("mostra carte").
The narration follows the same rule, so the action log never gives away a card
the table hides.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from coach.cards import Card
from coach.engine import Event, Hand, HandMucked, HandShown, HoleDealt, PotAwarded
from coach.i18n import Translator
from coach.learning.replay import in_units
from coach.ui.table import PotView, SeatView, TableView


def shown_seats(events: Iterable[Event]) -> set[int]:
    """Seats whose cards were shown at showdown (everybody may see them)."""
    return {e.seat for e in events if isinstance(e, HandShown)}


def visible_seats(hand: Hand, hero: int | None, reveal_all: bool) -> set[int]:
    if reveal_all:
        return set(range(hand.config.n_seats))
    seen = shown_seats(hand.events)
    if hero is not None:
        seen.add(hero)
    return seen


BOARD_STREETS = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}


def display_street(hand: Hand) -> str:
    """The street to show: the one the cards on the table say, not the engine's next one.

    The engine moves to the next street as soon as a betting round closes, before
    the dealer turns the cards (and calls an all-in "showdown" before the run-out);
    a learner reads the label next to the board, so it follows the board. A hand
    everyone else folded ends without a showdown ("complete").
    """
    if hand.is_complete:
        result = hand.result
        contested = any(isinstance(e, (HandShown, HandMucked)) for e in hand.events)
        return "showdown" if contested and not (result is not None and result.uncontested) else "complete"
    if hand.street == "showdown" and len(hand.board) == 5:
        return "showdown"
    return BOARD_STREETS.get(len(hand.board), hand.street)


def narration(events: Sequence[Event], t: Translator, visible: set[int], scale: int = 1) -> list[str]:
    """Event messages in the reader's language, hiding the cards the table hides."""
    out: list[str] = []
    for e in events:
        if isinstance(e, HoleDealt) and e.seat not in visible and e.cards is not None:
            e = replace(e, cards=None)
        out.append(t.render(in_units(e.message(), scale)))
    return out


def _won(hand: Hand) -> dict[int, int]:
    won: dict[int, int] = {}
    for e in hand.events:
        if isinstance(e, PotAwarded):
            for seat, share in zip(e.winners, e.shares, strict=False):
                won[seat] = won.get(seat, 0) + share
    return won


def table_view(hand: Hand, t: Translator, *, hero: int | None = None, reveal_all: bool = False,
               caption: str = "", scale: int = 1, with_log: bool = True) -> TableView:
    """The table as the learner should see it now."""
    cfg = hand.config
    visible = visible_seats(hand, hero, reveal_all)
    stacks, bets = hand.stacks, hand.bets
    won = _won(hand) if hand.is_complete else {}
    seats: list[SeatView] = []
    for i in range(cfg.n_seats):
        hole = hand.hole_cards(i)
        folded = hand.folded(i)
        cards: tuple[Card | None, ...]
        if hole is None:
            dealt = any(isinstance(e, HoleDealt) and e.seat == i for e in hand.events)
            cards = (None, None) if dealt and not folded else ()
        elif folded and i not in visible:
            cards = ()
        elif i in visible:
            cards = tuple(hole)
        else:
            cards = (None,) * len(hole)
        note = t("wins {amount}", amount=t.format_amount(won[i], scale)) if i in won else ""
        seats.append(SeatView(
            name=cfg.names[i], stack=stacks[i], bet=bets[i], cards=cards, folded=folded,
            all_in=hand.is_all_in(i), is_button=(i == cfg.button),
            is_small_blind=(i == cfg.small_blind_seat and cfg.small_blind > 0),
            is_big_blind=(i == cfg.big_blind_seat), is_actor=(hand.actor == i),
            is_hero=(hero == i), note=note,
        ))
    pots = tuple(PotView(p.amount, p.eligible) for p in hand.pots())
    log = tuple(narration(hand.events, t, visible, scale)) if with_log else ()
    return TableView(seats=tuple(seats), board=hand.board, pots=pots, street=display_street(hand), hero=hero,
                     scale=scale, caption=caption, log=log)
