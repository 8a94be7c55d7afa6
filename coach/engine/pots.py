"""Pots and the result of a hand, as the table sees them (seats, not positions).

A :class:`Pot` is an amount and the seats that can win it; index 0 of a pot list
is the main pot, then the side pots in the order they formed. The
:class:`HandResult` lists awards **side pots first, then the main pot** (the
order the dealer pushes them, seed 001), each with its winners and shares.
"""

from __future__ import annotations

from dataclasses import dataclass

from coach.cards import Card
from coach.engine.events import PotAwarded
from coach.i18n import Message


@dataclass(frozen=True)
class Pot:
    """Chips in the middle and the seats still able to win them."""

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True)
class ShownHand:
    """A hand turned face up at the showdown, with its best five and its name."""

    seat: int
    cards: tuple[Card, ...]
    best_five: tuple[Card, ...] | None
    description: Message | None


@dataclass(frozen=True)
class HandResult:
    """How a finished hand ended.

    ``awards`` holds one :class:`PotAwarded` per pot, side pots first.
    ``returned`` the uncalled bets given back, as ``(seat, amount)``.
    ``showdown_order`` the seats in the order they showed or mucked.
    """

    starting_stacks: tuple[int, ...]
    finishing_stacks: tuple[int, ...]
    awards: tuple[PotAwarded, ...]
    returned: tuple[tuple[int, int], ...]
    showdown_order: tuple[int, ...]
    shown: tuple[ShownHand, ...]
    mucked: tuple[int, ...]
    uncontested: bool

    @property
    def net(self) -> tuple[int, ...]:
        """Chips won (+) or lost (-) by each seat."""
        return tuple(f - s for f, s in zip(self.finishing_stacks, self.starting_stacks, strict=True))

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat that won at least part of a pot, in seat order."""
        return tuple(sorted({w for a in self.awards for w in a.winners}))

    def won(self, seat: int) -> int:
        """Chips pushed to ``seat`` from the pots (its own uncalled bet excluded)."""
        return sum(share for a in self.awards for w, share in zip(a.winners, a.shares, strict=True)
                   if w == seat)

    @property
    def main_pot(self) -> PotAwarded:
        return next(a for a in self.awards if a.index == 0)

    @property
    def side_pots(self) -> tuple[PotAwarded, ...]:
        return tuple(a for a in self.awards if a.index > 0)
