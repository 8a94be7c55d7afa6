"""Typed, frozen events of a hand and their Italian narration.

Every event carries seats *and* names (a log stays readable after the table
changes) and knows how to say itself: ``event.message()`` returns a
:class:`coach.i18n.Message` that the UI renders in the learner's locale
("Bob paga 2.", "Flop: 9♣ K♣ 3♥", "Bob vince il piatto di 26 con Tris di 9,
kicker K e Q."). The engine appends events as the kernel's operations happen,
so the log is the hand's story in table order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from coach.cards import Card, format_cards
from coach.engine.codes import format_code
from coach.i18n import N_, Lowered, Message
from coach.textsafe import UserText

ActionKind = Literal["fold", "check", "call", "bet", "raise"]
StreetName = Literal["preflop", "flop", "turn", "river"]


def cards_text(cards: tuple[Card, ...]) -> str:
    """Cards with suit symbols ("9♣ K♣ 3♥"), the way the table shows them."""
    return format_cards(cards, symbols=True)


def join_messages(parts: list[Message]) -> Message:
    """"A, B e C" as nested messages, so each part is still translated."""
    if not parts:
        return Message(N_("nobody"))
    if len(parts) == 1:
        return parts[0]
    head: Message = parts[0]
    for part in parts[1:-1]:
        head = Message(N_("{first}, {rest}"), {"first": head, "rest": part})
    return Message(N_("{first} and {last}"), {"first": head, "last": parts[-1]})


def _name(text: str) -> Message:
    """A player's name as a message with no translation (names are not translated).

    Names come from hand-history files and players: :class:`UserText`, shown as plain text.
    """
    return Message("{name}", {"name": UserText(text)})


@dataclass(frozen=True)
class ActionRecord:
    """One player action as applied: what, how much was added, the total in front.

    ``to`` is the player's total bet on this street after the action (the PHH
    "raise to" amount); ``added`` the chips that left the stack.
    """

    seat: int
    name: str
    player: int
    kind: ActionKind
    added: int
    to: int
    all_in: bool
    street: StreetName

    @property
    def code(self) -> str:
        """The PHH code: ``p2 f``, ``p2 cc``, ``p2 cbr 40``."""
        if self.kind == "fold":
            return format_code("f", self.player)
        if self.kind in ("check", "call"):
            return format_code("cc", self.player)
        return format_code("cbr", self.player, self.to)

    def message(self) -> Message:
        p: dict[str, object] = {"name": UserText(self.name), "amount": self.added, "to": self.to}
        if self.kind == "fold":
            return Message(N_("{name} folds."), p)
        if self.kind == "check":
            return Message(N_("{name} checks."), p)
        if self.kind == "call":
            if self.all_in:
                return Message(N_("{name} calls {amount} and is all-in."), p)
            return Message(N_("{name} calls {amount}."), p)
        if self.kind == "bet":
            if self.all_in:
                return Message(N_("{name} bets {amount} and is all-in."), p)
            return Message(N_("{name} bets {amount}."), p)
        if self.all_in:
            return Message(N_("{name} raises to {to} and is all-in."), p)
        return Message(N_("{name} raises to {to}."), p)


@dataclass(frozen=True)
class AntePosted:
    seat: int
    name: str
    amount: int
    all_in: bool = False

    def message(self) -> Message:
        if self.all_in:
            return Message(N_("{name} posts an ante of {amount} and is all-in."),
                           {"name": UserText(self.name), "amount": self.amount})
        return Message(N_("{name} posts an ante of {amount}."),
                       {"name": UserText(self.name), "amount": self.amount})


@dataclass(frozen=True)
class BlindPosted:
    seat: int
    name: str
    amount: int
    kind: Literal["small", "big", "other"]
    all_in: bool = False

    def message(self) -> Message:
        p = {"name": UserText(self.name), "amount": self.amount}
        if self.kind == "small":
            msg = Message(N_("{name} posts the small blind of {amount}."), p)
        elif self.kind == "big":
            msg = Message(N_("{name} posts the big blind of {amount}."), p)
        else:
            msg = Message(N_("{name} posts a blind of {amount}."), p)
        if self.all_in:
            return Message(N_("{sentence} All-in."), {"sentence": msg})
        return msg


@dataclass(frozen=True)
class HoleDealt:
    seat: int
    name: str
    cards: tuple[Card, ...] | None  # None: dealt face down, unknown to us (PHH ????)

    def message(self) -> Message:
        if self.cards is None:
            return Message(N_("{name} receives two face-down cards."), {"name": UserText(self.name)})
        return Message(N_("{name} receives {cards}."),
                       {"name": UserText(self.name), "cards": cards_text(self.cards)})


@dataclass(frozen=True)
class CardBurned:
    card: Card | None
    street: StreetName

    def message(self) -> Message:
        return Message(N_("The dealer burns a card."))


_STREET_LABEL = {"flop": N_("Flop: {cards}"), "turn": N_("Turn: {cards}"), "river": N_("River: {cards}")}


@dataclass(frozen=True)
class BoardDealt:
    street: StreetName
    cards: tuple[Card, ...]
    board: tuple[Card, ...]

    def message(self) -> Message:
        return Message(_STREET_LABEL.get(self.street, N_("Flop: {cards}")), {"cards": cards_text(self.cards)})


@dataclass(frozen=True)
class ActionTaken:
    record: ActionRecord

    @property
    def seat(self) -> int:
        return self.record.seat

    def message(self) -> Message:
        return self.record.message()


@dataclass(frozen=True)
class BetReturned:
    """An uncalled bet (the part nobody matched) goes back to its owner."""

    seat: int
    name: str
    amount: int

    def message(self) -> Message:
        return Message(N_("Uncalled bet of {amount} returned to {name}."),
                       {"name": UserText(self.name), "amount": self.amount})


@dataclass(frozen=True)
class PotInfo:
    """A pot as narrated: its amount and the seats (and names) that can win it."""

    amount: int
    eligible: tuple[int, ...]
    names: tuple[str, ...]


@dataclass(frozen=True)
class PotsFormed:
    """The bets of a round go into the middle: the pot, or main and side pots."""

    street: StreetName
    pots: tuple[PotInfo, ...]

    @property
    def total(self) -> int:
        return sum(p.amount for p in self.pots)

    def message(self) -> Message:
        if len(self.pots) <= 1:
            return Message(N_("The pot is {amount}."), {"amount": self.total})
        parts = [Message(N_("main pot {amount}"), {"amount": self.pots[0].amount})]
        for i, pot in enumerate(self.pots[1:], start=1):
            players = join_messages([_name(n) for n in pot.names])
            if len(self.pots) == 2:
                parts.append(Message(N_("side pot of {amount} ({players})"),
                                     {"amount": pot.amount, "players": players}))
            else:
                parts.append(Message(N_("side pot {n} of {amount} ({players})"),
                                     {"n": str(i), "amount": pot.amount, "players": players}))
        return Message(N_("The pot is {amount}: {pots}."),
                       {"amount": self.total, "pots": join_messages(parts)})


@dataclass(frozen=True)
class HandShown:
    seat: int
    name: str
    cards: tuple[Card, ...]
    best_five: tuple[Card, ...] | None
    description: Message | None

    def message(self) -> Message:
        if self.description is None:
            return Message(N_("{name} shows {cards}."),
                           {"name": UserText(self.name), "cards": cards_text(self.cards)})
        return Message(N_("{name} shows {cards}: {hand}."),
                       {"name": UserText(self.name), "cards": cards_text(self.cards),
                        "hand": Lowered(self.description)})


@dataclass(frozen=True)
class HandMucked:
    """A hand not turned face up at the showdown.

    ``face_down`` marks a hand history's show of unrecorded cards (PHH ``sm ????``):
    the player did not muck, but nobody knows the cards, so the hand cannot be
    described (it still counts for the pots it can win only if the cards are known).
    """

    seat: int
    name: str
    face_down: bool = False

    def message(self) -> Message:
        if self.face_down:
            return Message(N_("{name} shows the hand (the cards are not recorded)."),
                           {"name": UserText(self.name)})
        return Message(N_("{name} mucks without showing."), {"name": UserText(self.name)})


@dataclass(frozen=True)
class PotAwarded:
    """A pot (main or side) goes to its winners; ``shares`` align with ``winners``.

    ``index`` 0 is the main pot, 1.. the side pots in the order they formed;
    ``total_pots`` tells whether to say "the pot" or "the main pot".
    ``odd_chip_to`` is the seat that received the odd chip of a split, if any.
    """

    index: int
    total_pots: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    names: tuple[str, ...]
    shares: tuple[int, ...]
    description: Message | None
    uncontested: bool = False
    odd_chip_to: int | None = None

    def _pot_label(self) -> Message:
        if self.total_pots <= 1:
            return Message(N_("the pot of {amount}"), {"amount": self.amount})
        if self.index == 0:
            return Message(N_("the main pot of {amount}"), {"amount": self.amount})
        if self.total_pots == 2:
            return Message(N_("the side pot of {amount}"), {"amount": self.amount})
        return Message(N_("the side pot {n} of {amount}"), {"n": str(self.index), "amount": self.amount})

    def message(self) -> Message:
        pot = self._pot_label()
        if self.uncontested:
            return Message(N_("{name} wins {pot} without showing."),
                           {"name": UserText(self.names[0]), "pot": pot})
        if len(self.winners) == 1:
            if self.description is None:
                return Message(N_("{name} wins {pot}."), {"name": UserText(self.names[0]), "pot": pot})
            return Message(N_("{name} wins {pot}: {hand}."),
                           {"name": UserText(self.names[0]), "pot": pot, "hand": Lowered(self.description)})
        names = join_messages([_name(n) for n in self.names])
        p: dict[str, object] = {"names": names, "pot": pot, "share": min(self.shares)}
        if self.description is not None:
            p["hand"] = Lowered(self.description)
            msg = Message(N_("{names} split {pot}, {share} each: {hand}."), p)
        else:
            msg = Message(N_("{names} split {pot}: {share} each."), p)
        if self.odd_chip_to is not None:
            odd_name = self.names[self.winners.index(self.odd_chip_to)]
            return Message(N_("{sentence} The odd chip goes to {name}, first left of the button."),
                           {"sentence": msg, "name": UserText(odd_name)})
        return msg


Event = (AntePosted | BlindPosted | HoleDealt | CardBurned | BoardDealt | ActionTaken | BetReturned
         | PotsFormed | HandShown | HandMucked | PotAwarded)
