"""The adapters to PokerKit, the rules kernel behind :class:`coach.engine.hand.Hand`.

Everything that speaks PokerKit's language lives here, so the rest of the engine
speaks ours: which game class a table structure plays (PokerKit has no Pot-Limit
Hold'em, so we compose one), which of the kernel's chores it runs by itself, the
card notation both ways (``"AsKd"`` out, ``??`` for unknown cards back), and the
kernel's advisory warnings silenced where they are not errors.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from pokerkit import Automation, FixedLimitTexasHoldem, Mode, NoLimitTexasHoldem, State
from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem

from coach.cards import Card, parse_cards
from coach.engine.config import TableConfig
from coach.engine.events import StreetName

# PokerKit warns (instead of refusing) on legal-but-pointless actions in cash
# games, e.g. folding when checking is free: that is feedback, not an error.
warnings.filterwarnings("ignore", category=UserWarning, module=r"pokerkit(\..*)?")

# The kernel's chores it runs by itself; dealing and the showdown stay ours
# (our seeded deck, our showdown order).
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
STREETS: tuple[StreetName, ...] = ("preflop", "flop", "turn", "river")


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """PokerKit has Pot-Limit Omaha but no Pot-Limit Hold'em class: compose one."""


def make_state(config: TableConfig) -> State:
    """A fresh kernel state for the table: the structure's game, the forced bets, the stacks."""
    antes = config.pokerkit_antes()
    blinds = config.pokerkit_blinds()
    stacks = config.stacks_in_positions()
    n = config.n_seats
    trim = False
    min_bet = config.effective_min_bet
    if config.structure == "FL":
        return FixedLimitTexasHoldem.create_state(
            AUTOMATIONS, trim, antes, blinds, min_bet, 2 * min_bet, stacks, n, mode=Mode.CASH_GAME)
    if config.structure == "PL":
        game = PotLimitTexasHoldem(AUTOMATIONS, trim, antes, blinds, min_bet, mode=Mode.CASH_GAME)
        state: State = game(stacks, n)
        return state
    return NoLimitTexasHoldem.create_state(
        AUTOMATIONS, trim, antes, blinds, min_bet, stacks, n, mode=Mode.CASH_GAME)


def pk(cards: Sequence[Card]) -> str:
    """Cards in the notation PokerKit parses ("AsKd")."""
    return "".join(str(c) for c in cards)


def cards_of(pk_cards: Sequence[Any]) -> tuple[Card, ...] | None:
    """Our cards from PokerKit's, or None when any is unknown (``??``)."""
    text = "".join(repr(c) for c in pk_cards)
    if "?" in text or not text:
        return None
    return parse_cards(text)


@contextmanager
def silenced() -> Iterator[None]:
    """The kernel's advisory warnings ignored, whatever the warning filters (test
    runners reset the module filter above)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def quietly(check: Callable[..., bool], *args: Any) -> bool:
    """A kernel ``can_x`` without its advisory warnings (a card "not recommended" to
    deal is our own refusal to make, with a message)."""
    with silenced():
        return check(*args)
