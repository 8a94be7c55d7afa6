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
from coach.engine.events import join_messages
from coach.evaluator import best_five, category, describe_strength, evaluate
from coach.i18n import N_, Lowered, Message, Translator
from coach.learning.replay import in_units
from coach.positions import seat_position
from coach.textsafe import UserText
from coach.ui.table import PotView, SeatView, TableView, high_first

NAMED_FROM = 6  # from six players on, every seat shows its position (UTG, MP, CO, BTN...)


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
    """Event messages in the reader's language, hiding the cards the table hides.

    A player's cards are said high card first, as the table shows them (the
    events keep the dealt order).
    """
    out: list[str] = []
    for e in events:
        if isinstance(e, HoleDealt) and e.seat not in visible and e.cards is not None:
            e = replace(e, cards=None)
        elif isinstance(e, HoleDealt) and e.cards is not None:
            e = replace(e, cards=_held(e.cards))
        elif isinstance(e, HandShown):
            e = replace(e, cards=_held(e.cards))
        out.append(t.render(in_units(e.message(), scale)))
    return out


def _held(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(c for c in high_first(cards) if c is not None)


def position_labels(n_seats: int, button: int) -> tuple[str, ...]:
    """Each seat's position as the table names it: empty below six players (D/SB/BB say enough).

    The names are the coach's own (:func:`coach.positions.seat_position`, which its
    charts and its words use), with the first to speak always «UTG» and the seats
    after him «UTG+1», «UTG+2»: at seven players the coach plays the first seat
    with the full-ring UTG+2 range, but a learner reads «UTG» as «first to speak».
    """
    if n_seats < NAMED_FROM:
        return ("",) * n_seats
    names = [seat_position(n_seats, button, s) for s in range(n_seats)]
    early = 0
    for k in range(n_seats):  # preflop order: the seat after the big blind first
        seat = (button + 3 + k) % n_seats
        if not names[seat].startswith("UTG"):
            break
        names[seat] = "UTG" if early == 0 else f"UTG+{early}"
        early += 1
    return tuple(names)


def showdown_fives(hand: Hand) -> dict[int, tuple[Card, ...]]:
    """The five cards of each hand shown at a finished showdown, by seat (empty before the end).

    The engine's own choice when it made one (``HandShown.best_five``), else the
    evaluator's: the same five the result sentence names.
    """
    if not hand.is_complete or len(hand.board) < 5:
        return {}
    out: dict[int, tuple[Card, ...]] = {}
    for e in hand.events:
        if isinstance(e, HandShown) and len(e.cards) + len(hand.board) >= 5:
            out[e.seat] = tuple(e.best_five) if e.best_five else best_five(list(e.cards) + list(hand.board))
    return out


def showdown_winners(hand: Hand) -> list[int]:
    """The seats that won a pot at a showdown (not by everyone folding), in seat order."""
    won = {seat for e in hand.events if isinstance(e, PotAwarded) and not e.uncontested for seat in e.winners}
    return sorted(won & set(showdown_fives(hand)))


WINS_WITH = N_("{name} wins with {hand}")
SPLIT_WITH = N_("{names} split the pot with {hand}")


def showdown_result(hand: Hand, t: Translator) -> tuple[str, ...]:
    """«Anna vince con doppia coppia, A e 8, kicker K»: who won the showdown, and with what."""
    fives = showdown_fives(hand)
    winners = showdown_winners(hand)
    if not winners:
        return ()
    names = hand.config.names
    by_hand: dict[int, list[int]] = {}
    for seat in winners:
        by_hand.setdefault(evaluate(fives[seat]), []).append(seat)
    lines: list[str] = []
    for strength, seats in sorted(by_hand.items(), reverse=True):
        described = Lowered(_described(hand, seats[0], strength))
        if len(seats) == 1:
            lines.append(t.render(Message(WINS_WITH, {"name": UserText(names[seats[0]]), "hand": described})))
        else:
            joined = join_messages([Message("{name}", {"name": UserText(names[s])}) for s in seats])
            lines.append(t.render(Message(SPLIT_WITH, {"names": joined, "hand": described})))
    return tuple(lines)


def _described(hand: Hand, seat: int, strength: int) -> Message:
    shown = next(e for e in hand.events if isinstance(e, HandShown) and e.seat == seat)
    if shown.description is not None:
        return shown.description
    return describe_strength(strength)


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
    labels = position_labels(cfg.n_seats, cfg.button)
    fives = showdown_fives(hand)
    winners = showdown_winners(hand)
    best_board = frozenset(c for s in winners for c in fives[s] if c in hand.board)
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
            is_hero=(hero == i), note=note, position=labels[i],
            best=frozenset(c for c in fives[i] if c not in hand.board) if i in winners else frozenset(),
            hand_name=t.render(category(evaluate(fives[i])).label) if i in fives else "",
        ))
    pots = tuple(PotView(p.amount, p.eligible) for p in hand.pots())
    log = tuple(narration(hand.events, t, visible, scale)) if with_log else ()
    return TableView(seats=tuple(seats), board=hand.board, pots=pots, street=display_street(hand), hero=hero,
                     scale=scale, caption=caption, log=log, best_board=best_board,
                     result=showdown_result(hand, t))
