"""The legal actions of the player to act, and why an action is refused.

The refusals of :class:`coach.engine.hand.Hand`'s verbs live here: whose turn
it is, what the player to act may do (with our stricter reopening rule, the
Fixed-Limit cap, the fold that would abandon a pot), and the dealer's checks in
manual dealing (a card dealt twice, the wrong number of board cards, a show of
cards other than those dealt). Each reads the hand's
:class:`~coach.engine.journal.Journal` and changes nothing.

:class:`LegalActions` is a read-only view built by :meth:`Hand.legal_actions`:
it feeds the buttons and the amount input directly (``"raise" in legal``,
``legal.min_raise_to``), and ``legal.explain(kind, amount)`` returns the
:class:`coach.errors.IllegalAction` the engine would raise, or ``None``.

Every refusal has a stable reason code, the rule id of DESIGN.md §5 and the
numbers, in an English msgid translated into Italian, e.g. "Raise to 8 refused:
the minimum raise is to 10 because the last raise increment was 4; all-in for
less is allowed."
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

from coach.cards import Card, parse_cards
from coach.engine.journal import Journal
from coach.engine.kernel import pk, quietly
from coach.errors import IllegalAction, InvalidInput
from coach.i18n import N_, Message
from coach.limits import MAX_CHIPS, clip, is_int

Kind = Literal["fold", "check", "call", "bet", "raise", "all_in"]
KINDS: tuple[Kind, ...] = ("fold", "check", "call", "bet", "raise", "all_in")

# Reason codes (stable identifiers tests and the feedback layer match on).
REASONS = (
    "not_your_turn", "no_player_to_act", "hand_over", "check_facing_bet", "nothing_to_call",
    "bet_below_min", "raise_below_min", "above_stack", "betting_not_reopened", "above_pot_limit",
    "fixed_limit_amount", "cap_reached", "raise_when_covered", "nobody_to_raise", "bet_not_raise",
    "raise_not_bet", "not_an_amount",
)


@dataclass(frozen=True)
class LegalActions:
    """What the actor may do now, with the bounds of a bet or raise.

    ``min_raise_to`` / ``max_raise_to`` are "to" amounts (total in front this
    street), for a bet as for a raise; ``None`` when neither is allowed.
    ``call_amount`` is capped at the actor's stack (calling all-in for less).
    """

    actor: int | None
    name: str | None = None
    can_fold: bool = False
    can_check: bool = False
    can_call: bool = False
    call_amount: int = 0
    can_bet: bool = False
    can_raise: bool = False
    min_raise_to: int | None = None
    max_raise_to: int | None = None
    stack: int = 0
    in_front: int = 0
    to_match: int = 0
    last_increment: int = 0
    structure: str = "NL"
    refusals: dict[str, IllegalAction] = field(default_factory=dict, compare=False, repr=False)

    @property
    def can_all_in(self) -> bool:
        return self.actor is not None and (
            (self.max_raise_to == self.stack + self.in_front and (self.can_bet or self.can_raise))
            or (self.can_call and self.call_amount == self.stack)
        )

    def __contains__(self, kind: object) -> bool:
        return kind in set(self)

    def __iter__(self) -> Iterator[Kind]:
        flags = {
            "fold": self.can_fold, "check": self.can_check, "call": self.can_call,
            "bet": self.can_bet, "raise": self.can_raise, "all_in": self.can_all_in,
        }
        return iter([k for k in KINDS if flags[k]])

    def explain(self, kind: str, amount: int | None = None) -> IllegalAction | None:
        """The refusal the engine would give for ``kind`` (and ``amount``), or None.

        An amount that is not a whole number of chips within the limit raises
        :class:`InvalidInput`, as the verbs do.
        """
        if amount is not None and (not is_int(amount) or amount <= 0 or amount > MAX_CHIPS):
            raise InvalidInput(N_("'{amount}' is not an amount of chips: use a whole number above zero."),
                               amount=clip(amount))
        if not isinstance(kind, str):
            raise InvalidInput(N_("Unknown action '{kind}'."), kind=clip(kind))
        if kind in ("bet", "raise") and amount is not None:
            if kind in self and self.min_raise_to is not None and self.max_raise_to is not None:
                return amount_refusal(self, amount)
        if kind in self:
            return None
        return self.refusals.get(kind)


def amount_refusal(legal: LegalActions, amount: int) -> IllegalAction | None:
    """Why ``bet/raise to amount`` is refused given the bounds, or None if allowed."""
    assert legal.min_raise_to is not None and legal.max_raise_to is not None
    full_stack = legal.stack + legal.in_front
    if amount > full_stack:
        return IllegalAction(
            "above_stack",
            N_("{amount} refused: {name} has only {max_to} in all (stack plus the chips in front)."),
            rule="R10", amount=amount, max_to=full_stack, name=legal.name or "",
        )
    if legal.structure == "FL" and amount != legal.max_raise_to:
        return IllegalAction(
            "fixed_limit_amount",
            N_("{amount} refused: in Fixed-Limit a bet or raise on this street goes exactly to {to}."),
            rule="R18", amount=amount, to=legal.max_raise_to,
        )
    if amount > legal.max_raise_to:
        return IllegalAction(
            "above_pot_limit",
            N_("{amount} refused: in Pot-Limit the most you can make it is {max_to}, "
               "the pot after your call."),
            rule="R18", amount=amount, max_to=legal.max_raise_to,
        )
    if amount < legal.min_raise_to and amount != full_stack:
        if legal.can_bet:
            return IllegalAction(
                "bet_below_min",
                N_("Bet of {amount} refused: the minimum bet is {min_to}; less is allowed only all-in."),
                rule="R08", amount=amount, min_to=legal.min_raise_to,
            )
        return IllegalAction(
            "raise_below_min",
            N_("Raise to {amount} refused: the minimum raise is to {min_to} because the last raise "
               "increment was {increment}; all-in for less is allowed."),
            rule="R09", amount=amount, min_to=legal.min_raise_to, increment=legal.last_increment,
        )
    return None


# ------------------------------------------------------------- the cards given
def card_arg(cards: object) -> tuple[Card, ...]:
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


def is_unknown(cards: object) -> bool:
    """PHH's face-down cards, ``????`` (spaces allowed)."""
    return isinstance(cards, str) and cards.replace(" ", "") == "????"


# ---------------------------------------------------------- the players' refusals
def turn_refusal(journal: Journal, seat: int | None) -> IllegalAction | None:
    if seat is not None:
        journal.config.check_seat(seat)  # a wrong type or range is bad input, raised
    st = journal.state
    if not st.status:
        return IllegalAction("hand_over", N_("The hand is over: no more actions."), rule="R11")
    pos = st.actor_index
    if pos is None:
        return IllegalAction(
            "no_player_to_act",
            N_("Nobody is to act now: it is the dealer's turn (cards or showdown)."), rule="R11")
    if seat is not None and seat != journal.seat(pos):
        return IllegalAction(
            "not_your_turn", N_("It is not {name}'s turn: {actor} is to act."), rule="R04",
            name=journal.config.names[seat],
            actor=journal.config.names[journal.seat(pos)])
    return None


def reopen_blocked(journal: Journal, pos: int) -> tuple[bool, int, int]:
    """Our strict rule: has ``pos`` acted and faced less than a full raise since?

    Returns (blocked, raised_since, full_increment).
    """
    st = journal.state
    assert st.street is not None
    full = max(st.completion_betting_or_raising_amount,
               st.street.min_completion_betting_or_raising_amount)
    if pos not in journal.acted_level:
        return False, 0, full
    raised = max(st.bets) - journal.acted_level[pos]
    return raised < full, raised, full


def legal_actions_of(journal: Journal, strict: bool) -> LegalActions:
    """What the player to act may do, with the bet/raise bounds and the refusals."""
    kinds = ("fold", "check", "call", "bet", "raise", "all_in")
    turn = turn_refusal(journal, None)
    if turn is not None:
        return LegalActions(actor=None, refusals=dict.fromkeys(kinds, turn))
    st = journal.state
    pos = st.actor_index
    assert pos is not None and st.street is not None
    seat = journal.seat(pos)
    name = journal.config.names[seat]
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
    no_raise = raise_refusal(journal, strict, pos)
    can_raise_any = no_raise is None
    min_to = st.min_completion_betting_or_raising_to_amount if can_raise_any else None
    max_to = st.max_completion_betting_or_raising_to_amount if can_raise_any else None
    is_bet = top == 0
    if no_raise is not None:
        refusals["bet" if is_bet else "raise"] = no_raise
    if is_bet:
        refusals["raise"] = IllegalAction(
            "raise_not_bet", N_("Nobody has bet in this round: you can bet, not raise."), rule="R07")
    else:
        refusals["bet"] = IllegalAction(
            "bet_not_raise", N_("There is already a bet of {to_match}: you can raise, not bet."),
            rule="R07", to_match=top)
    no_fold = fold_refusal(journal)
    if no_fold is not None:
        refusals["fold"] = no_fold
    legal = LegalActions(
        actor=seat, name=name, can_fold=no_fold is None, can_check=can_check, can_call=not can_check,
        call_amount=0 if can_check else call_amount,
        can_bet=can_raise_any and is_bet, can_raise=can_raise_any and not is_bet,
        min_raise_to=min_to, max_raise_to=max_to, stack=stack, in_front=in_front, to_match=top,
        last_increment=max(st.completion_betting_or_raising_amount,
                           st.street.min_completion_betting_or_raising_amount),
        structure=journal.config.structure, refusals=refusals,
    )
    if not legal.can_all_in:
        full = stack + in_front
        if can_raise_any:
            refusals["all_in"] = amount_refusal(legal, full) or IllegalAction(
                "above_pot_limit", N_("All-in refused by the betting structure."), rule="R18")
        elif no_raise is not None:
            refusals["all_in"] = no_raise
    return legal


def raise_refusal(journal: Journal, strict: bool, pos: int) -> IllegalAction | None:
    """Why the actor may not bet or raise at all now, or None if he may."""
    st = journal.state
    assert st.street is not None
    stack, in_front, top = st.stacks[pos], st.bets[pos], max(st.bets)
    cap = st.street.max_completion_betting_or_raising_count
    made = st.completion_betting_or_raising_count
    preflop = journal.current_street() == "preflop"
    if cap is not None and preflop and any(journal.config.blinds_in_positions()):
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
    others = [i for i in range(journal.config.n_seats)
              if i != pos and st.statuses[i] and st.stacks[i] + st.bets[i] > top]
    if not others:
        return IllegalAction(
            "nobody_to_raise",
            N_("Raise refused: every other player is all-in or out of the hand, "
               "nobody could call it; you can call or fold."), rule="R13")
    blocked, raised, full = reopen_blocked(journal, pos)
    if (blocked and strict and journal.config.structure != "FL") or \
            not st.can_complete_bet_or_raise_to():
        return IllegalAction(
            "betting_not_reopened",
            N_("Raise refused: since {name} acted the bet went up by only {raised}, less than a "
               "full raise of {increment} (an all-in for less), so the betting is not reopened: "
               "{name} can only call or fold."),
            rule="R09", name=journal.config.names[journal.seat(pos)], raised=raised, increment=full)
    return None


def fold_refusal(journal: Journal) -> IllegalAction | None:
    """Folding with nothing to call is allowed (pointless, not illegal), except when it
    would leave chips that no remaining player can win (the kernel would burn them).

    That happens only when every other player still in the hand is all-in: then no
    more chips can come in, and we mirror the kernel's collection (the top bettor's
    unmatched excess goes back) to see whether some chips sit above the largest
    contribution of a live player.
    """
    st = journal.state
    pos = st.actor_index
    assert pos is not None
    if st.bets[pos] < max(st.bets):
        return None
    n = journal.config.n_seats
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


# ----------------------------------------------------------- the dealer's refusals
# The dealer's verbs follow the same triad as the players': ``can_x`` /
# ``verify_x`` (everything checked, the kernel untouched) / ``x``. The kernel
# alone is not enough: PokerKit only *warns* when a card is dealt twice and
# then deals it, burns a card before finding the board cards wrong, and lets a
# player show cards other than the ones he was dealt.
def dealer_refusal(what: str) -> IllegalAction:
    return IllegalAction(
        "dealer_out_of_turn", N_("The dealer cannot {what} now."), rule="R05",
        what=Message(what))

def seen_cards(journal: Journal, skip_seat: int | None = None) -> dict[Card, Message]:
    """Every card known to be out of the deck, with where it is (a seat's hand or the board)."""
    seen: dict[Card, Message] = {}
    for card in journal.board:
        seen[card] = Message(N_("on the board"))
    for seat, cards in journal.hole.items():
        if seat != skip_seat and cards is not None:
            for card in cards:
                seen[card] = Message(N_("in {name}'s hand"), {"name": journal.config.names[seat]})
    return seen

def refuse_seen(journal: Journal, cards: Sequence[Card], skip_seat: int | None = None) -> None:
    seen = seen_cards(journal, skip_seat)
    for card in cards:
        if card in seen:
            raise IllegalAction(
                "card_already_out",
                N_("The card {card} is already {where}: a deck has only one of each card."),
                rule="R01", card=str(card), where=seen[card])

def check_hole_deal(journal: Journal, dealing: str, seat: int, cards: object) -> tuple[int, str]:
    """Check a hole deal completely; returns (position, PokerKit text)."""
    manual_only(dealing)
    seat = journal.config.check_seat(seat)
    parsed: tuple[Card, ...] | None = None
    if cards is not None and not is_unknown(cards):
        parsed = card_arg(cards)
        if len(parsed) != 2:
            raise InvalidInput(N_("Each player gets exactly 2 hole cards, not {count}."),
                               count=len(parsed))
    pos = journal.pos(seat)
    text = "????" if parsed is None else pk(parsed)
    if seat in journal.hole or not quietly(journal.state.can_deal_hole, text, pos):
        raise dealer_refusal(N_("deal hole cards to this seat"))
    if parsed is not None:
        refuse_seen(journal, parsed)
    return pos, text


def check_board_deal(journal: Journal, dealing: str, cards: object) -> tuple[bool, str]:
    """Check a board deal completely; returns (burn first, PokerKit text)."""
    manual_only(dealing)
    if cards is None:
        raise InvalidInput(N_("The board cards must be known: say which cards are dealt."))
    parsed = card_arg(cards)
    st = journal.state
    text = pk(parsed)
    burn = quietly(st.can_burn_card, "??")
    pending = [c for c in st.board_dealing_counts if c]
    if burn and (not pending or any(st.hole_dealing_statuses)):
        raise dealer_refusal(N_("deal the board"))
    if not burn and not quietly(st.can_deal_board, text if parsed else 1):
        raise dealer_refusal(N_("deal the board"))
    expected = pending[0] if pending else 0
    if len(parsed) != expected:
        raise InvalidInput(N_("The dealer deals {expected} board cards now, not {count}."),
                           expected=expected, count=len(parsed))
    refuse_seen(journal, parsed)
    return burn, text


def check_show_or_muck(journal: Journal, dealing: str, seat: int, cards: object,
                       show: object) -> tuple[int, bool | str]:
    """Check a show or muck completely; returns (position, PokerKit argument).

    Showdown integrity: a player shows the cards he was dealt. Where his hole
    cards were dealt face down (PHH ``????``), the cards he shows must not be
    anywhere else (another hand, the board).
    """
    manual_only(dealing)
    seat = journal.config.check_seat(seat)
    if show is not None and not isinstance(show, bool):
        raise InvalidInput(N_("'{value}' is not true or false."), value=clip(show))
    dealt = journal.hole.get(seat)
    arg: bool | str = bool(show)
    parsed: tuple[Card, ...] | None = None
    if cards is not None:
        if is_unknown(cards):
            arg = "????"
        else:
            parsed = card_arg(cards)
            if len(parsed) != 2:
                raise InvalidInput(N_("Each player gets exactly 2 hole cards, not {count}."),
                                   count=len(parsed))
            arg = pk(parsed)
    pos = journal.pos(seat)
    if not quietly(journal.state.can_show_or_muck_hole_cards, arg, pos):
        raise dealer_refusal(N_("turn over this player's cards"))
    name = journal.config.names[seat]
    if arg is False and journal.board_count < 5:
        # All-in before the river: the hands are turned face up before the board
        # is dealt (TDA), nobody mucks. PokerKit would accept the muck and then fail
        # an internal assertion when the board is dealt to one remaining hand.
        raise IllegalAction(
            "muck_at_all_in",
            N_("{name} cannot muck: with players all-in before the river every hand is turned "
               "face up before the board is dealt."), rule="R14", name=name)
    if arg is False:
        st = journal.state
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
        refuse_seen(journal, parsed, skip_seat=seat)
    return pos, arg


def manual_only(dealing: str) -> None:
    if dealing != "manual":
        raise InvalidInput(N_("In automatic dealing the dealer deals and shows the cards by himself."))
