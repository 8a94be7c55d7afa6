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
from coach.engine.kernel import STREETS, make_state, pk, quietly, silenced
from coach.engine.legal import LegalActions, amount_refusal
from coach.engine.pots import HandResult, Pot
from coach.engine.settlement import settle
from coach.errors import IllegalAction, InvalidInput
from coach.i18n import N_, Message
from coach.limits import MAX_CHIPS, clip, is_int

Street = Literal["preflop", "flop", "turn", "river", "showdown", "complete"]
Dealing = Literal["auto", "manual"]


def _card_arg(cards: object) -> tuple[Card, ...]:
    """Cards given to the engine as text (``"AsKd"``) or a list of cards or texts.

    Anything else (a number, ``None`` where cards are needed, a set) is bad
    input with a message, never a ``TypeError`` from deep inside the parser.
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, list | tuple) and all(isinstance(c, str | Card) for c in cards):
        return parse_cards([str(c) for c in cards])
    raise InvalidInput(N_("'{cards}' are not cards: write them as text, e.g. AsKd, or as a list of cards."),
                       cards=clip(cards))


def _is_unknown(cards: object) -> bool:
    """PHH's face-down cards, ``????`` (spaces allowed)."""
    return isinstance(cards, str) and cards.replace(" ", "") == "????"


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
            parsed = _card_arg(cards)
            if len(parsed) != 2:
                raise InvalidInput(N_("Each player gets exactly 2 hole cards, not {count}."),
                                   count=len(parsed))
            presets[seat] = parsed
        board_cards = _card_arg(board if board is not None else ())
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
    def _turn_refusal(self, seat: int | None) -> IllegalAction | None:
        if seat is not None:
            self.config.check_seat(seat)  # a wrong type or range is bad input, raised
        st = self._state
        if not st.status:
            return IllegalAction("hand_over", N_("The hand is over: no more actions."), rule="R11")
        pos = st.actor_index
        if pos is None:
            return IllegalAction(
                "no_player_to_act",
                N_("Nobody is to act now: it is the dealer's turn (cards or showdown)."), rule="R11")
        if seat is not None and seat != self._seat(pos):
            return IllegalAction(
                "not_your_turn", N_("It is not {name}'s turn: {actor} is to act."), rule="R04",
                name=self.config.names[seat],
                actor=self.config.names[self._seat(pos)])
        return None

    def _reopen_blocked(self, pos: int) -> tuple[bool, int, int]:
        """Our strict rule: has ``pos`` acted and faced less than a full raise since?

        Returns (blocked, raised_since, full_increment).
        """
        st = self._state
        assert st.street is not None
        full = max(st.completion_betting_or_raising_amount,
                   st.street.min_completion_betting_or_raising_amount)
        if pos not in self._journal.acted_level:
            return False, 0, full
        raised = max(st.bets) - self._journal.acted_level[pos]
        return raised < full, raised, full

    def legal_actions(self) -> LegalActions:
        """What the player to act may do, with the bet/raise bounds and the refusals."""
        kinds = ("fold", "check", "call", "bet", "raise", "all_in")
        turn = self._turn_refusal(None)
        if turn is not None:
            return LegalActions(actor=None, refusals=dict.fromkeys(kinds, turn))
        st = self._state
        pos = st.actor_index
        assert pos is not None and st.street is not None
        seat = self._seat(pos)
        name = self.config.names[seat]
        stack, in_front, top = st.stacks[pos], st.bets[pos], max(st.bets)
        call_amount = min(stack, top - in_front)
        refusals: dict[str, IllegalAction] = {}
        can_check = top == in_front
        if not can_check:
            refusals["check"] = IllegalAction(
                "check_facing_bet",
                N_("Check refused: there is a bet of {to_call} to call; you can call, raise or fold."),
                rule="R07", to_call=call_amount)
        else:
            refusals["call"] = IllegalAction(
                "nothing_to_call", N_("Call refused: there is nothing to call; you can check."), rule="R07")
        raise_refusal = self._raise_refusal(pos)
        can_raise_any = raise_refusal is None
        min_to = st.min_completion_betting_or_raising_to_amount if can_raise_any else None
        max_to = st.max_completion_betting_or_raising_to_amount if can_raise_any else None
        is_bet = top == 0
        if raise_refusal is not None:
            refusals["bet" if is_bet else "raise"] = raise_refusal
        if is_bet:
            refusals["raise"] = IllegalAction(
                "raise_not_bet", N_("Nobody has bet in this round: you can bet, not raise."), rule="R07")
        else:
            refusals["bet"] = IllegalAction(
                "bet_not_raise", N_("There is already a bet of {to_match}: you can raise, not bet."),
                rule="R07", to_match=top)
        fold_refusal = self._fold_refusal()
        if fold_refusal is not None:
            refusals["fold"] = fold_refusal
        legal = LegalActions(
            actor=seat, name=name, can_fold=fold_refusal is None, can_check=can_check, can_call=not can_check,
            call_amount=0 if can_check else call_amount,
            can_bet=can_raise_any and is_bet, can_raise=can_raise_any and not is_bet,
            min_raise_to=min_to, max_raise_to=max_to, stack=stack, in_front=in_front, to_match=top,
            last_increment=max(st.completion_betting_or_raising_amount,
                               st.street.min_completion_betting_or_raising_amount),
            structure=self.config.structure, refusals=refusals,
        )
        if not legal.can_all_in:
            full = stack + in_front
            if can_raise_any:
                refusals["all_in"] = amount_refusal(legal, full) or IllegalAction(
                    "above_pot_limit", N_("All-in refused by the betting structure."), rule="R18")
            elif raise_refusal is not None:
                refusals["all_in"] = raise_refusal
        return legal

    def _raise_refusal(self, pos: int) -> IllegalAction | None:
        """Why the actor may not bet or raise at all now, or None if he may."""
        st = self._state
        assert st.street is not None
        stack, in_front, top = st.stacks[pos], st.bets[pos], max(st.bets)
        cap = st.street.max_completion_betting_or_raising_count
        made = st.completion_betting_or_raising_count
        preflop = self._journal.current_street() == "preflop"
        if cap is not None and preflop and any(self.config.blinds_in_positions()):
            made += 1  # the big blind is the round's first bet: bet + 3 raises (PokerKit allows 4 raises)
        if cap is not None and made >= cap:
            return IllegalAction(
                "cap_reached",
                N_("Raise refused: the betting is capped at {cap} bets and raises per round; "
                   "you can call or fold."), rule="R18", cap=cap)
        if stack <= top - in_front:
            return IllegalAction(
                "raise_when_covered",
                N_("Raise refused: your stack of {stack} does not cover the {to_call} to call; "
                   "you can call all-in or fold."), rule="R13", stack=stack, to_call=top - in_front)
        others = [i for i in range(self.config.n_seats)
                  if i != pos and st.statuses[i] and st.stacks[i] + st.bets[i] > top]
        if not others:
            return IllegalAction(
                "nobody_to_raise",
                N_("Raise refused: every other player is all-in or out of the hand, "
                   "nobody could call it; you can call or fold."), rule="R13")
        blocked, raised, full = self._reopen_blocked(pos)
        if (blocked and self.strict and self.config.structure != "FL") or \
                not st.can_complete_bet_or_raise_to():
            return IllegalAction(
                "betting_not_reopened",
                N_("Raise refused: since {name} acted the bet went up by only {raised}, less than a "
                   "full raise of {increment} (an all-in for less), so the betting is not reopened: "
                   "{name} can only call or fold."),
                rule="R09", name=self.config.names[self._seat(pos)], raised=raised, increment=full)
        return None

    # ------------------------------------------------------------------ verbs
    def can_fold(self, seat: int | None = None) -> bool:
        return self._try(self.verify_fold, seat)

    def verify_fold(self, seat: int | None = None) -> None:
        refusal = self._turn_refusal(seat) or self._fold_refusal()
        if refusal is not None:
            raise refusal

    def _fold_refusal(self) -> IllegalAction | None:
        """Folding with nothing to call is allowed (pointless, not illegal), except when it
        would leave chips that no remaining player can win (the kernel would burn them).

        That happens only when every other player still in the hand is all-in: then no
        more chips can come in, and we mirror the kernel's collection (the top bettor's
        unmatched excess goes back) to see whether some chips sit above the largest
        contribution of a live player.
        """
        st = self._state
        pos = st.actor_index
        assert pos is not None
        if st.bets[pos] < max(st.bets):
            return None
        n = self.config.n_seats
        live = [i for i in range(n) if i != pos and st.statuses[i]]
        if not live or any(st.stacks[i] > 0 for i in live):
            return None
        bets = list(st.bets)
        trimmed = [i for i in range(n) if not (len(live) == 1 and i == live[0])]
        cutoff = sorted(st.bets)[-2]
        for i in trimmed:
            bets[i] = min(bets[i], cutoff)
        contrib = [-st.payoffs[i] - st.bets[i] + bets[i] - st.get_effective_ante(i) for i in range(n)]
        top_live = max(contrib[i] for i in live)
        stranded = sum(max(0, c - top_live) for c in contrib)
        if stranded > 0:
            return IllegalAction(
                "fold_abandons_pot",
                N_("Fold refused: nobody else can win the pot of {amount} and there is nothing to "
                   "call; check instead."), rule="R07", amount=stranded)
        return None

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
        refusal = self._turn_refusal(seat)
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
        refusal = self._turn_refusal(seat)
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
        refusal = self._turn_refusal(seat)
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
        refusal = self._turn_refusal(seat)
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
    # The dealer's verbs follow the same triad as the players': ``can_x`` /
    # ``verify_x`` (everything checked, the kernel untouched) / ``x``. The kernel
    # alone is not enough: PokerKit only *warns* when a card is dealt twice and
    # then deals it, burns a card before finding the board cards wrong, and lets a
    # player show cards other than the ones he was dealt.
    def _dealer_refusal(self, what: str) -> IllegalAction:
        return IllegalAction(
            "dealer_out_of_turn", N_("The dealer cannot {what} now."), rule="R05",
            what=Message(what))

    def _seen_cards(self, skip_seat: int | None = None) -> dict[Card, Message]:
        """Every card known to be out of the deck, with where it is (a seat's hand or the board)."""
        seen: dict[Card, Message] = {}
        for card in self._journal.board:
            seen[card] = Message(N_("on the board"))
        for seat, cards in self._journal.hole.items():
            if seat != skip_seat and cards is not None:
                for card in cards:
                    seen[card] = Message(N_("in {name}'s hand"), {"name": self.config.names[seat]})
        return seen

    def _refuse_seen(self, cards: Sequence[Card], skip_seat: int | None = None) -> None:
        seen = self._seen_cards(skip_seat)
        for card in cards:
            if card in seen:
                raise IllegalAction(
                    "card_already_out",
                    N_("The card {card} is already {where}: a deck has only one of each card."),
                    rule="R01", card=str(card), where=seen[card])

    def _hole_deal(self, seat: int, cards: object) -> tuple[int, str]:
        """Check a hole deal completely; returns (position, PokerKit text)."""
        self._manual_only()
        seat = self.config.check_seat(seat)
        parsed: tuple[Card, ...] | None = None
        if cards is not None and not _is_unknown(cards):
            parsed = _card_arg(cards)
            if len(parsed) != 2:
                raise InvalidInput(N_("Each player gets exactly 2 hole cards, not {count}."),
                                   count=len(parsed))
        pos = self._pos(seat)
        text = "????" if parsed is None else pk(parsed)
        if seat in self._journal.hole or not quietly(self._state.can_deal_hole, text, pos):
            raise self._dealer_refusal(N_("deal hole cards to this seat"))
        if parsed is not None:
            self._refuse_seen(parsed)
        return pos, text

    def can_deal_hole(self, seat: int, cards: str | Sequence[Card | str] | None = None) -> bool:
        try:
            self._hole_deal(seat, cards)
        except (IllegalAction, InvalidInput):
            return False
        return True

    def verify_deal_hole(self, seat: int, cards: str | Sequence[Card | str] | None = None) -> None:
        self._hole_deal(seat, cards)

    def deal_hole(self, seat: int, cards: str | Sequence[Card | str] | None = None) -> None:
        """Deal a seat's two hole cards (None or ``"????"``: face down and unknown, PHH ``????``)."""
        pos, text = self._hole_deal(seat, cards)
        with silenced():
            self._state.deal_hole(text, pos)
        self._sync()

    def _board_deal(self, cards: object) -> tuple[bool, str]:
        """Check a board deal completely; returns (burn first, PokerKit text)."""
        self._manual_only()
        if cards is None:
            raise InvalidInput(N_("The board cards must be known: say which cards are dealt."))
        parsed = _card_arg(cards)
        st = self._state
        text = pk(parsed)
        burn = quietly(st.can_burn_card, "??")
        pending = [c for c in st.board_dealing_counts if c]
        if burn and (not pending or any(st.hole_dealing_statuses)):
            raise self._dealer_refusal(N_("deal the board"))
        if not burn and not quietly(st.can_deal_board, text if parsed else 1):
            raise self._dealer_refusal(N_("deal the board"))
        expected = pending[0] if pending else 0
        if len(parsed) != expected:
            raise InvalidInput(N_("The dealer deals {expected} board cards now, not {count}."),
                               expected=expected, count=len(parsed))
        self._refuse_seen(parsed)
        return burn, text

    def can_deal_board(self, cards: str | Sequence[Card | str]) -> bool:
        try:
            self._board_deal(cards)
        except (IllegalAction, InvalidInput):
            return False
        return True

    def verify_deal_board(self, cards: str | Sequence[Card | str]) -> None:
        self._board_deal(cards)

    def deal_board(self, cards: str | Sequence[Card | str]) -> None:
        """Burn a card (face down, unknown) then deal the next street's board cards."""
        burn, text = self._board_deal(cards)
        st = self._state
        with silenced():
            if burn:
                st.burn_card("??")
            st.deal_board(text)
        self._sync()

    def _showing(self, seat: int, cards: object, show: object) -> tuple[int, bool | str]:
        """Check a show or muck completely; returns (position, PokerKit argument).

        Showdown integrity: a player shows the cards he was dealt. Where his hole
        cards were dealt face down (PHH ``????``), the cards he shows must not be
        anywhere else (another hand, the board).
        """
        self._manual_only()
        seat = self.config.check_seat(seat)
        if show is not None and not isinstance(show, bool):
            raise InvalidInput(N_("'{value}' is not true or false."), value=clip(show))
        dealt = self._journal.hole.get(seat)
        arg: bool | str = bool(show)
        parsed: tuple[Card, ...] | None = None
        if cards is not None:
            if _is_unknown(cards):
                arg = "????"
            else:
                parsed = _card_arg(cards)
                if len(parsed) != 2:
                    raise InvalidInput(N_("Each player gets exactly 2 hole cards, not {count}."),
                                       count=len(parsed))
                arg = pk(parsed)
        pos = self._pos(seat)
        if not quietly(self._state.can_show_or_muck_hole_cards, arg, pos):
            raise self._dealer_refusal(N_("turn over this player's cards"))
        name = self.config.names[seat]
        if arg is False and self._journal.board_count < 5:
            # All-in before the river: the hands are turned face up before the board
            # is dealt (TDA), nobody mucks. PokerKit would accept the muck and then fail
            # an internal assertion when the board is dealt to one remaining hand.
            raise IllegalAction(
                "muck_at_all_in",
                N_("{name} cannot muck: with players all-in before the river every hand is turned "
                   "face up before the board is dealt."), rule="R14", name=name)
        if arg is False:
            st = self._state
            for pot in st.pots:
                contenders = [i for i in pot.player_indices if st.statuses[i]]
                if contenders == [pos]:  # PokerKit would fail an assertion pushing a pot to nobody
                    raise IllegalAction(
                        "muck_abandons_pot",
                        N_("{name} cannot muck: nobody else can win the pot of {amount}; the hand "
                           "is shown (or shown face down, ????)."), rule="R14", name=name,
                        amount=int(pot.amount))
        if dealt is not None and (arg == "????" or (parsed is not None and set(parsed) != set(dealt))):
            raise IllegalAction(
                "shown_cards_differ",
                N_("{name} was dealt {dealt}: at the showdown a player shows the cards he was dealt."),
                rule="R14", name=name, dealt=" ".join(str(c) for c in dealt))
        if dealt is None and parsed is not None:
            self._refuse_seen(parsed, skip_seat=seat)
        return pos, arg

    def can_show_or_muck(self, seat: int, cards: str | Sequence[Card | str] | None = None, *,
                         show: bool | None = None) -> bool:
        try:
            self._showing(seat, cards, show)
        except (IllegalAction, InvalidInput):
            return False
        return True

    def verify_show_or_muck(self, seat: int, cards: str | Sequence[Card | str] | None = None, *,
                            show: bool | None = None) -> None:
        self._showing(seat, cards, show)

    def show_or_muck(self, seat: int, cards: str | Sequence[Card | str] | None = None, *,
                     show: bool | None = None) -> None:
        """At the showdown: show ``cards``, or with ``cards=None`` show the cards as dealt
        (``show=True``, PHH ``sm -``) or muck (the default, PHH ``sm``).

        ``cards`` may be unknown (``"????"``, PHH: shown but not recorded) only for
        a player whose cards were dealt face down; known cards must be the ones
        he was dealt, or, dealt face down, cards that are nowhere else.
        """
        pos, arg = self._showing(seat, cards, show)
        with silenced():
            self._state.show_or_muck_hole_cards(arg, pos)
        self._sync()

    def _manual_only(self) -> None:
        if self.dealing != "manual":
            raise InvalidInput(N_("In automatic dealing the dealer deals and shows the cards by himself."))

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
