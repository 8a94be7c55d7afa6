"""What happened before the decision, read from the engine's action records.

The analysis and the bots need the same facts: who is to act, the pot, the
price, each opponent's line (preflop "opened from CO", postflop "bet 12 into
23 on the river"), who has already acted on this street. They are computed
once here from ``hand.actions`` and the forced bets, never from PokerKit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from coach.cards import Card
from coach.errors import InvalidInput
from coach.i18n import N_
from coach.positions import seat_position

if TYPE_CHECKING:
    from coach.engine import Hand

STREET_BOARD = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}


@dataclass(frozen=True)
class PastAction:
    """One action before the decision, with the pot as it was just before it."""

    seat: int
    kind: str  # fold check call bet raise
    street: str
    added: int
    to: int
    all_in: bool
    pot_before: int
    to_match_before: int  # the highest bet in front when it acted
    raise_level: int  # preflop: raises before it (0 = unopened); postflop: bets/raises before it


@dataclass(frozen=True)
class Situation:
    hero: int
    hero_cards: tuple[Card, ...]
    board: tuple[Card, ...]
    street: str
    players: int
    button: int
    big_blind: int
    pot: int
    to_call: int
    hero_in_front: int
    to_match: int
    hero_stack: int
    committed: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    opponents: tuple[int, ...]  # still in the hand
    all_in: tuple[int, ...]  # opponents with no chips behind
    history: tuple[PastAction, ...]
    positions: tuple[str, ...]
    names: tuple[str, ...]
    min_raise_to: int | None
    max_raise_to: int | None
    can_check: bool
    can_call: bool
    can_raise: bool
    acted_this_street: frozenset[int] = field(default_factory=frozenset)
    antes: tuple[int, ...] = ()  # each seat's ante in the pot (a big blind ante is the big blind's)

    @property
    def hero_position(self) -> str:
        return self.positions[self.hero]

    def preflop_actions(self) -> list[PastAction]:
        return [a for a in self.history if a.street == "preflop"]

    def street_actions(self, street: str | None = None) -> list[PastAction]:
        st = street or self.street
        return [a for a in self.history if a.street == st]

    @property
    def live_opponents(self) -> tuple[int, ...]:
        """Opponents who can still put chips in (in the hand, not all-in)."""
        return tuple(s for s in self.opponents if s not in self.all_in)

    def pot_for_call(self, call: int) -> int:
        """Chips the hero can win after calling ``call`` (before his call), side pots aside.

        Each other player's contribution counts up to the hero's total after
        the call; the hero's own chips already in count fully.
        """
        total = self.committed[self.hero] + call
        others = sum(min(c, total) for s, c in enumerate(self.committed) if s != self.hero)
        return others + self.committed[self.hero]

    @property
    def call_closes_action(self) -> bool:
        """A call (or check) by the hero ends the betting for good."""
        others_live = [s for s in self.live_opponents]
        if not others_live:
            return True
        if self.to_call > 0 and self.to_call >= self.hero_stack:
            return len(self.opponents) == 1
        if self.street != "river":
            return False
        return all(s in self.acted_this_street and self.bets[s] == self.to_match for s in others_live)


def read_situation(hand: Hand) -> Situation:
    """The facts of the decision in front of the player to act."""
    legal = hand.legal_actions()
    hero = legal.actor
    if hero is None:
        raise InvalidInput(N_("There is no decision to analyse: nobody is to act in this hand."))
    cards = hand.hole_cards(hero)
    if cards is None or len(cards) != 2:
        raise InvalidInput(
            N_("The hole cards of {name}, who is to act, are unknown: the coach needs them."),
            name=hand.config.names[hero])
    cfg = hand.config
    n = cfg.n_seats
    blinds = tuple(abs(b) for b in cfg.blinds_by_seat_effective())  # a blind posted out of turn is negative
    antes = cfg.antes_by_seat_effective()
    stacks0 = cfg.stacks
    forced = [min(stacks0[s], blinds[s] + antes[s]) for s in range(n)]
    pot = sum(forced)
    street_bets = [min(stacks0[s] - antes[s], blinds[s]) if stacks0[s] > antes[s] else 0 for s in range(n)]
    cur_street = "preflop"
    level = 0
    history: list[PastAction] = []
    acted: set[int] = set()
    for rec in hand.actions:
        if rec.street != cur_street:
            cur_street = rec.street
            street_bets = [0] * n
            level = 0
            acted = set()
        top = max(street_bets)
        history.append(PastAction(
            seat=rec.seat, kind=rec.kind, street=rec.street, added=rec.added, to=rec.to,
            all_in=rec.all_in, pot_before=pot, to_match_before=top, raise_level=level,
        ))
        pot += rec.added
        street_bets[rec.seat] = rec.to if rec.kind in ("bet", "raise", "call") else street_bets[rec.seat]
        if rec.kind in ("bet", "raise"):
            level += 1
        acted.add(rec.seat)
    street = str(hand.street)
    if street != cur_street:
        acted = set()
    committed = tuple(stacks0[s] - hand.stacks[s] for s in range(n))
    opponents = tuple(s for s in range(n) if s != hero and hand.in_hand(s))
    all_in = tuple(s for s in opponents if hand.stacks[s] == 0)
    positions = tuple(seat_position(n, cfg.button, s) for s in range(n))
    return Situation(
        hero=hero, hero_cards=tuple(cards), board=tuple(hand.board), street=street, players=n,
        button=cfg.button, big_blind=cfg.big_blind, pot=hand.pot_total, to_call=legal.call_amount,
        hero_in_front=legal.in_front, to_match=legal.to_match, hero_stack=legal.stack,
        committed=committed, stacks=tuple(hand.stacks), bets=tuple(hand.bets), opponents=opponents,
        all_in=all_in, history=tuple(history), positions=positions, names=tuple(cfg.names),
        min_raise_to=legal.min_raise_to, max_raise_to=legal.max_raise_to, can_check=legal.can_check,
        can_call=legal.can_call, can_raise=legal.can_bet or legal.can_raise,
        acted_this_street=frozenset(acted),
        antes=tuple(min(stacks0[s], antes[s]) for s in range(n)),
    )
