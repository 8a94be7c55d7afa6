"""The hand's journal: the kernel's operations told again as our events.

PokerKit records what happened as *operations* by position (index 0 = first
seat left of the button); :class:`Journal` reads each new one once and keeps
what the rest of the engine and the narration need, in table terms: the
:class:`~coach.engine.events.Event` list, the :class:`ActionRecord` of every
player action, the PHH action lines, the cards known so far, who folded, who
acted at which level (our stricter reopening rule needs it), the street's last
aggressor (the showdown order needs it), and what settlement will read (the
pots as formed, the chips pushed and returned, the hands shown and mucked).

It also mirrors the chips in front and behind by position, because an operation
says how much was added, not whether that was a bet or a raise nor whether it
put the player all-in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from pokerkit import (
    AntePosting,
    BetCollection,
    BlindOrStraddlePosting,
    BoardDealing,
    CardBurning,
    CheckingOrCalling,
    ChipsPulling,
    ChipsPushing,
    CompletionBettingOrRaisingTo,
    Folding,
    HoleCardsShowingOrMucking,
    HoleDealing,
    State,
)

from coach import evaluator
from coach.cards import Card
from coach.engine.config import TableConfig
from coach.engine.events import (
    ActionKind,
    ActionRecord,
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindPosted,
    BoardDealt,
    CardBurned,
    Event,
    HandMucked,
    HandShown,
    HoleDealt,
    PotInfo,
    PotsFormed,
    StreetName,
)
from coach.engine.kernel import STREETS, cards_of, pk
from coach.engine.pots import HandResult, ShownHand
from coach.i18n import Message


def describe(cards: Sequence[Card]) -> tuple[tuple[Card, ...] | None, Message | None]:
    """Best five (made part first) and the Italian description, from the evaluator."""
    if len(cards) < 5:
        return None, None
    return evaluator.best_five(list(cards)), evaluator.describe(list(cards))


class Journal:
    """What the kernel did, as our events, records and PHH lines, plus the mirrors."""

    def __init__(self, config: TableConfig, state: State) -> None:
        self.config = config
        self.state = state
        n = config.n_seats
        self.events: list[Event] = []
        self.records: list[ActionRecord] = []
        self.codes: list[str] = []
        self._op_cursor = 0
        self.mbets = [0] * n  # mirror of PokerKit's bets, by position
        self.mstacks = list(config.stacks_in_positions())
        self.board: list[Card] = []
        self.board_count = 0  # board cards dealt, known or not
        self.hole: dict[int, tuple[Card, ...] | None] = {}
        self.folded: set[int] = set()
        self.acted_level: dict[int, int] = {}  # position -> highest bet when it last acted
        self.aggressor: dict[StreetName, int] = {}  # street -> position of last bet/raise
        self.last_action_street: StreetName = "preflop"
        self.returned: list[tuple[int, int]] = []
        self.pushes: list[ChipsPushing] = []
        self.uncontested_matched = 0
        self.pot_eligible: list[tuple[int, ...]] = []  # as formed, before losers' hands are killed
        self.pot_amounts: list[int] = []
        self.showdown_order: list[int] = []
        self.shown: list[ShownHand] = []
        self.mucked: list[int] = []
        self.result: HandResult | None = None

    # ------------------------------------------------------------ table terms
    def seat(self, pos: int) -> int:
        return self.config._seat(pos)

    def pos(self, seat: int) -> int:
        return self.config._position(seat)

    def name(self, pos: int) -> str:
        return self.config.names[self.seat(pos)]

    def order_seats(self, seats: Iterable[int]) -> tuple[int, ...]:
        """Seats in table order starting left of the button."""
        return tuple(sorted(seats, key=self.pos))

    def current_street(self) -> StreetName:
        """The betting round as of the operations processed so far (board cards dealt)."""
        return STREETS[{0: 0, 1: 0, 2: 0, 3: 1, 4: 2}.get(self.board_count, 3)]

    # ---------------------------------------------------------- the reading
    def read(self) -> None:
        """Turn the kernel's new operations into our events, records and mirrors."""
        ops = self.state.operations
        while self._op_cursor < len(ops):
            op = ops[self._op_cursor]
            self._op_cursor += 1
            self._on_op(op)

    def _on_op(self, op: Any) -> None:
        cfg = self.config
        if isinstance(op, AntePosting):
            i = op.player_index
            self.mbets[i] += op.amount
            self.mstacks[i] -= op.amount
            self.events.append(AntePosted(self.seat(i), self.name(i), op.amount, self.mstacks[i] == 0))
        elif isinstance(op, BlindOrStraddlePosting):
            i = op.player_index
            self.mbets[i] += op.amount
            self.mstacks[i] -= op.amount
            seat = self.seat(i)
            # By seat, not by size: a straddle (third blind) is "other", a big blind
            # posted all-in for less is still the big blind.
            kind: Literal["small", "big", "other"] = "other"
            if seat == cfg.small_blind_seat:
                kind = "small"
            elif seat == cfg.big_blind_seat:
                kind = "big"
            event = BlindPosted(seat, self.name(i), op.amount, kind, self.mstacks[i] == 0)
            # The small blind is posted first, as at a real table; PokerKit posts in position
            # order, which heads-up (reversed) puts the big blind first.
            at = len(self.events)
            while kind == "small" and at > 0:
                before = self.events[at - 1]
                if not isinstance(before, BlindPosted) or before.kind == "small":
                    break
                at -= 1
            self.events.insert(at, event)
        elif isinstance(op, HoleDealing):
            i = op.player_index
            seat = self.seat(i)
            cards = cards_of(op.cards)
            self.hole[seat] = cards
            self.events.append(HoleDealt(seat, self.name(i), cards))
            text = "".join(repr(c) for c in op.cards)
            self.codes.append(f"d dh p{i + 1} {text}")
        elif isinstance(op, CardBurning):
            card = cards_of([op.card])
            nxt: StreetName = STREETS[{0: 1, 3: 2}.get(self.board_count, 3)]
            self.events.append(CardBurned(card[0] if card else None, nxt))
        elif isinstance(op, BoardDealing):
            cards = cards_of(op.cards) or ()
            self.board.extend(cards)
            self.board_count += len(op.cards)
            self.acted_level = {}  # a new betting round: nobody has acted yet
            self.events.append(BoardDealt(self.current_street(), cards, tuple(self.board)))
            self.codes.append("d db " + "".join(str(c) for c in cards))
        elif isinstance(op, Folding | CheckingOrCalling | CompletionBettingOrRaisingTo):
            self._on_action(op)
        elif isinstance(op, BetCollection):
            self._on_collection(op)
        elif isinstance(op, HoleCardsShowingOrMucking):
            self._on_show(op)
        elif isinstance(op, ChipsPushing):
            self.pushes.append(op)
        elif isinstance(op, ChipsPulling):
            self.mstacks[op.player_index] += op.amount

    def _on_action(self, op: Folding | CheckingOrCalling | CompletionBettingOrRaisingTo) -> None:
        i = op.player_index
        street = self.current_street()
        top_before = max(self.mbets)
        in_front = self.mbets[i]
        kind: ActionKind
        if isinstance(op, Folding):
            kind, added = "fold", 0
            self.folded.add(self.seat(i))
        elif isinstance(op, CheckingOrCalling):
            added = op.amount
            kind = "check" if added == 0 else "call"
        else:
            added = op.amount - in_front
            kind = "bet" if top_before == 0 else "raise"
            self.aggressor[street] = i
        self.mbets[i] += added
        self.mstacks[i] -= added
        self.acted_level[i] = max(self.mbets)
        self.last_action_street = street
        record = ActionRecord(
            seat=self.seat(i), name=self.name(i), player=i + 1, kind=kind, added=added,
            to=self.mbets[i], all_in=kind != "fold" and added > 0 and self.mstacks[i] == 0, street=street)
        self.records.append(record)
        self.codes.append(record.code)
        self.events.append(ActionTaken(record))

    def _on_collection(self, op: BetCollection) -> None:
        st = self.state
        collected = list(op.bets)
        live = [i for i in range(self.config.n_seats) if st.statuses[i]]
        street = self.current_street()
        if len(live) == 1:
            w = live[0]
            others = max((self.mbets[i] for i in range(len(self.mbets)) if i != w), default=0)
            back = max(0, self.mbets[w] - others)
            # The winner's own bet stays in front of him (the kernel never collects it):
            # the part nobody matched is narrated as returned, the rest counts in his pot.
            self.uncontested_matched += self.mbets[w] - back
            if back:
                self.returned.append((self.seat(w), back))
                self.events.append(BetReturned(self.seat(w), self.name(w), back))
            for i, (m, c) in enumerate(zip(self.mbets, collected, strict=True)):
                if i != w and m > c:  # a folded player's excess over the all-in winner
                    self.returned.append((self.seat(i), m - c))
                    self.events.append(BetReturned(self.seat(i), self.name(i), m - c))
            self.mbets = [0] * len(self.mbets)
            return
        for i, (m, c) in enumerate(zip(self.mbets, collected, strict=True)):
            if m > c:
                self.returned.append((self.seat(i), m - c))
                self.mstacks[i] += m - c
                self.events.append(BetReturned(self.seat(i), self.name(i), m - c))
        self.mbets = [0] * len(self.mbets)
        infos = []
        for p in st.pots:
            seats = self.order_seats(self.seat(i) for i in p.player_indices)
            infos.append(PotInfo(int(p.amount), seats, tuple(self.config.names[s] for s in seats)))
        pots = tuple(infos)
        self.pot_eligible = [p.eligible for p in pots]
        self.pot_amounts = [p.amount for p in pots]
        self.events.append(PotsFormed(street, pots))

    def _on_show(self, op: HoleCardsShowingOrMucking) -> None:
        i = op.player_index
        seat = self.seat(i)
        self.showdown_order.append(seat)
        if not op.hole_cards:
            self.mucked.append(seat)
            self.events.append(HandMucked(seat, self.name(i)))
            self.codes.append(f"p{i + 1} sm")
            return
        cards = cards_of(op.hole_cards)
        if cards is None:  # shown, but the history does not say which cards
            self.events.append(HandMucked(seat, self.name(i), face_down=True))
            self.codes.append(f"p{i + 1} sm " + "".join(repr(c) for c in op.hole_cards))
            return
        self.hole[seat] = cards
        best, desc = describe(list(cards) + self.board)
        self.shown.append(ShownHand(seat, cards, best, desc))
        self.events.append(HandShown(seat, self.name(i), cards, best, desc))
        self.codes.append(f"p{i + 1} sm " + pk(cards))
