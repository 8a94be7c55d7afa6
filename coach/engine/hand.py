"""One hand of Texas Hold'em on the PokerKit rules kernel, in table terms.

:class:`Hand` wraps a PokerKit ``State`` and hides it: callers speak of seats
(clockwise, with a button), never of PokerKit's positions (index 0 = first seat
left of the button). Legality has one source of truth, the triad
``can_x()`` / ``verify_x()`` (raises :class:`coach.errors.IllegalAction` with a
reason code, the rule id and the numbers) / ``x()`` (applies, returns a frozen
:class:`ActionRecord`). A refused action leaves the hand untouched.

We are stricter than PokerKit 0.7.7 in one family of cases (DESIGN.md §3,
docs/RULES.md): an all-in that is less than a full bet or raise never reopens
the betting for a player who has already acted in the round, so after limpers
a short all-in raise lets them only call or fold, and a player who checked and
then faces an all-in bet below the minimum may only call or fold. PokerKit
clears its "already acted" set on such wagers because it measures a raise
against the round's largest raise so far, which starts at zero.

Dealing: in ``"auto"`` mode the dealer deals preset cards first, then from our
seeded :class:`coach.cards.Deck` (never PokerKit's globally shuffled deck),
burns a card before each street and runs the showdown. In ``"manual"`` mode
(PHH replay, lessons) the caller deals and shows; unknown hole cards are
allowed.

This module holds the verbs and the read-only views; the machines behind them
have their own modules: the refusals (why an action is illegal) in
:mod:`coach.engine.legal`, the PokerKit adapters in :mod:`coach.engine.kernel`,
the reading of the kernel's operations into our events in
:mod:`coach.engine.journal`, the awards in :mod:`coach.engine.settlement`, the
automatic dealer in :mod:`coach.engine.dealer`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pokerkit import State

from coach.cards import Card, Deck, parse_cards
from coach.engine.codes import parse_code
from coach.engine.config import TableConfig
from coach.engine.dealer import AutoDealer
from coach.engine.events import ActionRecord, Event
from coach.engine.journal import Journal
from coach.engine.kernel import STREETS, make_state, silenced
from coach.engine.legal import (
    LegalActions,
    amount_refusal,
    card_arg,
    check_board_deal,
    check_hole_deal,
    check_show_or_muck,
    fold_refusal,
    legal_actions_of,
    turn_refusal,
)
from coach.engine.pots import HandResult, Pot
from coach.engine.settlement import settle
from coach.errors import IllegalAction, InvalidInput
from coach.i18n import N_, Message
from coach.limits import MAX_CHIPS, clip, is_int

Street = Literal["preflop", "flop", "turn", "river", "showdown", "complete"]
Dealing = Literal["auto", "manual"]


@dataclass(frozen=True)
class _Snapshot:
    """What a refused action must leave unchanged (used by tests)."""

    data: tuple[Any, ...]


class Hand:
    """One hand at one table; build it with :meth:`Hand.start`."""

    def __init__(self, config: TableConfig, state: State, dealing: Dealing, deck: Deck | None,
                 hole_preset: dict[int, tuple[Card, ...]], board_preset: tuple[Card, ...],
                 muck_losers: bool, strict: bool) -> None:
        self.config = config
        self._state = state
        self.dealing: Dealing = dealing
        self._dealer = None if deck is None else AutoDealer(deck, hole_preset, board_preset, muck_losers)
        self.muck_losers = muck_losers
        self.strict = strict
        self._journal = Journal(config, state)

    # ------------------------------------------------------------------ setup
    @classmethod
    def start(
        cls,
        config: TableConfig,
        *,
        seed: int | random.Random | None = None,
        dealing: Dealing = "auto",
        hole_cards: Mapping[int, str | Sequence[Card | str]] | None = None,
        board: str | Sequence[Card | str] | None = None,
        muck_losers: bool = False,
        strict: bool = True,
    ) -> Hand:
        """Post the forced bets and, in auto mode, deal; returns the hand at its first decision.

        ``hole_cards`` maps seats to preset cards (the rest come from the deck
        shuffled by ``seed``: an int, or an injected ``random.Random``); ``board``
        presets the first board cards.
        ``muck_losers``: in auto mode a player who cannot win any pot he is in,
        given the hands already shown, mucks instead of showing (off by default:
        a tutorial shows every hand, as the seeds' example hands do).
        ``strict=False`` follows PokerKit's reopening rule (for comparisons only).
        """
        if not isinstance(config, TableConfig):
            raise InvalidInput(N_("A hand starts from a TableConfig, not {value}."), value=clip(config))
        if not isinstance(dealing, str) or dealing not in ("auto", "manual"):
            raise InvalidInput(N_("Unknown dealing mode '{mode}'."), mode=clip(dealing))
        if seed is not None and not is_int(seed) and not isinstance(seed, random.Random):
            raise InvalidInput(N_("The seed must be a whole number or a random generator, not {value}."),
                               value=clip(seed))
        for flag in (muck_losers, strict):
            if not isinstance(flag, bool):
                raise InvalidInput(N_("'{value}' is not true or false."), value=clip(flag))
        presets: dict[int, tuple[Card, ...]] = {}
        if hole_cards is not None and not isinstance(hole_cards, Mapping):
            raise InvalidInput(N_("The preset hole cards must map seats to cards, not {value}."),
                               value=clip(hole_cards))
        for seat, cards in (hole_cards or {}).items():
            config.check_seat(seat)
            parsed = card_arg(cards)
            if len(parsed) != 2:
                raise InvalidInput(N_("Each player gets exactly 2 hole cards, not {count}."),
                                   count=len(parsed))
            presets[seat] = parsed
        board_cards = card_arg(board if board is not None else ())
        if len(board_cards) > 5:
            raise InvalidInput(N_("The board has at most 5 cards, not {count}."), count=len(board_cards))
        every = [c for cs in presets.values() for c in cs] + list(board_cards)
        parse_cards([str(c) for c in every])  # refuses a card given twice
        deck: Deck | None = None
        if dealing == "auto":
            deck = Deck(seed)
            deck.remove(every)
        state = make_state(config)
        hand = cls(config, state, dealing, deck, presets, board_cards, muck_losers, strict)
        hand._sync()
        hand._run_dealer()
        return hand

    def __repr__(self) -> str:
        actor = self.actor
        who = self.config.names[actor] if actor is not None else "-"
        board = " ".join(str(c) for c in self._journal.board) or "-"
        return (f"<Hand {self.config.structure} {self.config.n_seats} seats street={self.street} "
                f"actor={who} pot={self.pot_total} board={board}>")

    # ------------------------------------------------------------- public view
    @property
    def names(self) -> tuple[str, ...]:
        return self.config.names

    def _seat(self, pos: int) -> int:
        return self.config._seat(pos)

    def _pos(self, seat: int) -> int:
        return self.config._position(seat)

    @property
    def is_complete(self) -> bool:
        return not self._state.status

    @property
    def street(self) -> Street:
        st = self._state
        if not st.status:
            return "complete"
        if st.showdown_index is not None:
            return "showdown"
        idx = st.street_index
        return STREETS[idx] if idx is not None and 0 <= idx < 4 else "preflop"

    @property
    def actor(self) -> int | None:
        pos = self._state.actor_index
        return None if pos is None else self._seat(pos)

    @property
    def board(self) -> tuple[Card, ...]:
        return tuple(self._journal.board)

    def hole_cards(self, seat: int) -> tuple[Card, ...] | None:
        """The seat's hole cards; None when not dealt yet or unknown (PHH ``????``)."""
        return self._journal.hole.get(self.config.check_seat(seat))

    @property
    def stacks(self) -> tuple[int, ...]:
        return self.config.positions_to_seats(self._state.stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips in front of each seat on this street (not yet in the pot)."""
        if self.is_complete:
            return (0,) * self.config.n_seats
        return self.config.positions_to_seats(self._state.bets)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        return self.config.stacks

    @property
    def pot_total(self) -> int:
        """Every chip in the middle: the pots plus the bets in front of the players."""
        if self.is_complete:
            return 0
        return sum(self.config.stacks) - sum(self._state.stacks)

    def pots(self) -> tuple[Pot, ...]:
        """Main pot then side pots, each with the seats that can win it.

        During a betting round the chips in front of the players are not in a
        pot yet (see :attr:`bets`); once the hand is over, the pots as awarded.
        """
        if self._journal.result is not None:
            awards = sorted(self._journal.result.awards, key=lambda a: a.index)
            return tuple(Pot(a.amount, a.eligible) for a in awards)
        out = []
        for p in self._state.pots:
            out.append(Pot(int(p.amount), self._journal.order_seats(self._seat(i) for i in p.player_indices)))
        return tuple(out)

    def in_hand(self, seat: int) -> bool:
        """Still contesting the pot (has not folded)."""
        return self.config.check_seat(seat) not in self._journal.folded

    def folded(self, seat: int) -> bool:
        return self.config.check_seat(seat) in self._journal.folded

    def is_all_in(self, seat: int) -> bool:
        """No chips left behind and still in the hand."""
        return self.in_hand(seat) and self._state.stacks[self._pos(seat)] == 0 and not self.is_complete

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._journal.events)

    @property
    def actions(self) -> tuple[ActionRecord, ...]:
        return tuple(self._journal.records)

    @property
    def phh_actions(self) -> tuple[str, ...]:
        """The hand as PHH action lines (``d dh p1 AsKs``, ``p3 cbr 6``, ``p1 sm AsKs``)."""
        return tuple(self._journal.codes)

    @property
    def result(self) -> HandResult | None:
        return self._journal.result

    def messages(self) -> list[Message]:
        """The narration of the hand so far, one message per event."""
        return [e.message() for e in self._journal.events]

    def snapshot(self) -> _Snapshot:
        """A comparable fingerprint of everything a refused action must not change."""
        st = self._state
        journal = self._journal
        return _Snapshot((
            tuple(st.stacks), tuple(st.bets), tuple(st.statuses), len(st.operations),
            tuple(st.actor_indices), st.street_index, st.completion_betting_or_raising_amount,
            st.completion_betting_or_raising_count, tuple(sorted(st.acted_player_indices)),
            tuple(st.consecutive_short_all_in_amounts), tuple(repr(c) for c in st.deck_cards),
            len(journal.events), len(journal.records), tuple(sorted(journal.acted_level.items())),
            tuple(journal.board), tuple(sorted(journal.hole.items())),
            None if self._dealer is None else tuple(self._dealer.deck.cards),
        ))

    # ------------------------------------------------------------ legality
    def legal_actions(self) -> LegalActions:
        """What the player to act may do, with the bet/raise bounds and the refusals."""
        return legal_actions_of(self._journal, self.strict)

    # ------------------------------------------------------------------ verbs
    def can_fold(self, seat: int | None = None) -> bool:
        return self._try(self.verify_fold, seat)

    def verify_fold(self, seat: int | None = None) -> None:
        refusal = turn_refusal(self._journal, seat) or fold_refusal(self._journal)
        if refusal is not None:
            raise refusal

    def fold(self, seat: int | None = None) -> ActionRecord:
        self.verify_fold(seat)
        return self._apply(self._state.fold)

    def can_check(self, seat: int | None = None) -> bool:
        return self._try(self.verify_check, seat)

    def verify_check(self, seat: int | None = None) -> None:
        self._verify_kind("check", seat)

    def check(self, seat: int | None = None) -> ActionRecord:
        self.verify_check(seat)
        return self._apply(self._state.check_or_call)

    def can_call(self, seat: int | None = None) -> bool:
        return self._try(self.verify_call, seat)

    def verify_call(self, seat: int | None = None) -> None:
        self._verify_kind("call", seat)

    def call(self, seat: int | None = None) -> ActionRecord:
        self.verify_call(seat)
        return self._apply(self._state.check_or_call)

    def check_or_call(self, seat: int | None = None) -> ActionRecord:
        """Check when nothing is owed, else call (PHH's ``cc``)."""
        refusal = turn_refusal(self._journal, seat)
        if refusal is not None:
            raise refusal
        return self._apply(self._state.check_or_call)

    def can_bet_or_raise_to(self, amount: int, seat: int | None = None) -> bool:
        return self._try(lambda s: self.verify_bet_or_raise_to(amount, s), seat)

    def verify_bet_or_raise_to(self, amount: int, seat: int | None = None) -> None:
        """``amount`` is the total in front this street after the bet or raise."""
        if not is_int(amount) or amount <= 0:
            raise InvalidInput(N_("'{amount}' is not an amount of chips: use a whole number above zero."),
                               amount=clip(amount))
        if amount > MAX_CHIPS:
            raise InvalidInput(N_("{amount} chips is above the limit of {limit} chips."),
                               amount=clip(amount), limit=MAX_CHIPS)
        refusal = turn_refusal(self._journal, seat)
        if refusal is not None:
            raise refusal
        legal = self.legal_actions()
        if not (legal.can_bet or legal.can_raise):
            raise legal.refusals["bet" if legal.to_match == 0 else "raise"]
        problem = amount_refusal(legal, amount)
        if problem is not None:
            raise problem
        if not self._state.can_complete_bet_or_raise_to(amount):  # pragma: no cover - kernel disagrees
            raise IllegalAction("raise_below_min", N_("Raise to {amount} refused by the rules kernel."),
                                rule="R09", amount=amount)

    def bet_or_raise_to(self, amount: int, seat: int | None = None) -> ActionRecord:
        self.verify_bet_or_raise_to(amount, seat)
        return self._apply(lambda: self._state.complete_bet_or_raise_to(amount))

    def can_all_in(self, seat: int | None = None) -> bool:
        return self._try(self.verify_all_in, seat)

    def verify_all_in(self, seat: int | None = None) -> None:
        refusal = turn_refusal(self._journal, seat)
        if refusal is not None:
            raise refusal
        legal = self.legal_actions()
        if not legal.can_all_in:
            raise legal.refusals["all_in"]

    def all_in(self, seat: int | None = None) -> ActionRecord:
        """Put every chip in: a bet/raise to the whole stack, or a call for less."""
        self.verify_all_in(seat)
        legal = self.legal_actions()
        full = legal.stack + legal.in_front
        if (legal.can_bet or legal.can_raise) and legal.max_raise_to == full:
            return self._apply(lambda: self._state.complete_bet_or_raise_to(full))
        return self._apply(self._state.check_or_call)

    def _verify_kind(self, kind: str, seat: int | None) -> None:
        refusal = turn_refusal(self._journal, seat)
        if refusal is not None:
            raise refusal
        legal = self.legal_actions()
        if kind not in legal:
            raise legal.refusals[kind]

    @staticmethod
    def _try(verify: Callable[[int | None], None], seat: int | None) -> bool:
        try:
            verify(seat)
        except (IllegalAction, InvalidInput):
            return False
        return True

    def _apply(self, op: Callable[[], Any]) -> ActionRecord:
        before = len(self._journal.records)
        with silenced():
            op()
        self._sync()
        self._run_dealer()
        assert len(self._journal.records) == before + 1
        return self._journal.records[before]

    # ------------------------------------------------------- PHH action codes
    def apply_code(self, code: str, *, scale: int = 1) -> ActionRecord | None:
        """Apply one PHH line (``p2 cbr 40``, ``p1 cc``, ``d db AhKh2c``, ``p1 sm AsKs``).

        Player actions return their record; dealer lines and showdowns None.
        """
        parsed = parse_code(code, scale=scale)
        if parsed.verb == "db":
            assert parsed.cards is not None
            self.deal_board(parsed.cards)
            return None
        assert parsed.player is not None
        seat = self.config.seat_of_player(parsed.player)
        if parsed.verb == "dh":
            assert parsed.cards is not None
            self.deal_hole(seat, parsed.cards)
            return None
        if parsed.verb == "sm":
            if parsed.cards == "-":
                self.show_or_muck(seat, show=True)
            else:
                self.show_or_muck(seat, parsed.cards)
            return None
        if parsed.verb == "f":
            return self.fold(seat)
        if parsed.verb == "cc":
            return self.check_or_call(seat)
        assert parsed.amount is not None
        return self.bet_or_raise_to(parsed.amount, seat)

    # ------------------------------------------------------- manual dealing
    # The dealer's verbs follow the same triad as the players' (their checks,
    # stricter than the kernel's, are in legal.py).
    def can_deal_hole(self, seat: int, cards: str | Sequence[Card | str] | None = None) -> bool:
        try:
            check_hole_deal(self._journal, self.dealing, seat, cards)
        except (IllegalAction, InvalidInput):
            return False
        return True

    def verify_deal_hole(self, seat: int, cards: str | Sequence[Card | str] | None = None) -> None:
        check_hole_deal(self._journal, self.dealing, seat, cards)

    def deal_hole(self, seat: int, cards: str | Sequence[Card | str] | None = None) -> None:
        """Deal a seat's two hole cards (None or ``"????"``: face down and unknown, PHH ``????``)."""
        pos, text = check_hole_deal(self._journal, self.dealing, seat, cards)
        with silenced():
            self._state.deal_hole(text, pos)
        self._sync()

    def can_deal_board(self, cards: str | Sequence[Card | str]) -> bool:
        try:
            check_board_deal(self._journal, self.dealing, cards)
        except (IllegalAction, InvalidInput):
            return False
        return True

    def verify_deal_board(self, cards: str | Sequence[Card | str]) -> None:
        check_board_deal(self._journal, self.dealing, cards)

    def deal_board(self, cards: str | Sequence[Card | str]) -> None:
        """Burn a card (face down, unknown) then deal the next street's board cards."""
        burn, text = check_board_deal(self._journal, self.dealing, cards)
        st = self._state
        with silenced():
            if burn:
                st.burn_card("??")
            st.deal_board(text)
        self._sync()

    def can_show_or_muck(self, seat: int, cards: str | Sequence[Card | str] | None = None, *,
                         show: bool | None = None) -> bool:
        try:
            check_show_or_muck(self._journal, self.dealing, seat, cards, show)
        except (IllegalAction, InvalidInput):
            return False
        return True

    def verify_show_or_muck(self, seat: int, cards: str | Sequence[Card | str] | None = None, *,
                            show: bool | None = None) -> None:
        check_show_or_muck(self._journal, self.dealing, seat, cards, show)

    def show_or_muck(self, seat: int, cards: str | Sequence[Card | str] | None = None, *,
                     show: bool | None = None) -> None:
        """At the showdown: show ``cards``, or with ``cards=None`` show the cards as dealt
        (``show=True``, PHH ``sm -``) or muck (the default, PHH ``sm``).

        ``cards`` may be unknown (``"????"``, PHH: shown but not recorded) only for
        a player whose cards were dealt face down; known cards must be the ones
        he was dealt, or, dealt face down, cards that are nowhere else.
        """
        pos, arg = check_show_or_muck(self._journal, self.dealing, seat, cards, show)
        with silenced():
            self._state.show_or_muck_hole_cards(arg, pos)
        self._sync()

    # --------------------------------------------------------- auto dealer
    def _run_dealer(self) -> None:
        if self.dealing != "auto":
            return
        assert self._dealer is not None
        self._dealer.run(self._state, self._journal, self._sync)

    # ------------------------------------------------- kernel -> our events
    def _sync(self) -> None:
        """Read the kernel's new operations into the journal; settle once the hand is over."""
        journal = self._journal
        journal.read()
        if not self._state.status and journal.result is None:
            journal.result = settle(journal)
            journal.events.extend(journal.result.awards)
