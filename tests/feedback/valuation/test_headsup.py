"""What the heads-up solver models read off a decision: the pot from earlier streets, the effective
stack, where the street's betting stands, and both ranges (the hero's own hand always in his).

Two river spots of the banded set, their figures counted by hand from the PHH actions.
"""

from __future__ import annotations

from pathlib import Path

from coach.engine.phh import load_phh
from coach.feedback.handread import read_hand
from coach.feedback.options import Option
from coach.feedback.situation import Situation, read_situation
from coach.feedback.valuation.base import Context
from coach.feedback.valuation.headsup import heads_up_inputs

SPOTS = Path(__file__).resolve().parent.parent / "spots_v2"
FOLD, CALL, CHECK = Option("f", "fold", None), Option("cc", "call", None), Option("cc", "check", None)


def context(name: str, options: list[Option], given: dict[int, str] | None = None) -> Context:
    sit: Situation = read_situation(load_phh(SPOTS / f"{name}.phh").replay(require_complete=False))
    return Context(sit, {}, {}, options, None, None, read_hand(sit.hero_cards, sit.board), given, 0)


def test_facing_a_river_bet() -> None:
    # p1 (hero, K♥T♣) and p2: 5 each preflop (10), 4 each on the flop (18), checks on the turn,
    # p1 checks the river and p2 bets 6: 18 from earlier streets, 200 - 9 = 191 each behind
    ctx = context("river-hu-top-pair-calls-small-bet", [FOLD, CALL, Option("cbr 18", "raise", 18)])
    hu = heads_up_inputs(ctx)
    assert (hu.dead_pot, hu.stack, hu.aggressive) == (18, 191, 1)
    assert hu.root.contrib == (0.0, 6.0) and hu.root.raises == 0 and not hu.root.checked
    assert hu.root.last_inc == 6.0  # the minimum raise is to 12: an increment of 6
    assert hu.root.amounts == (18.0,)  # the sizes offered are the options', as amounts "to"
    board = {c.index for c in ctx.sit.board}
    assert all(a not in board and b not in board for a, b in hu.villain_combos)
    hi, lo = sorted((c.index for c in ctx.sit.hero_cards), reverse=True)
    assert hu.hero_combos[(hi, lo)] == 1.0  # the hero's own hand, fully in his range


def test_checked_to_on_the_river() -> None:
    # 5 each preflop (10), 4 each on the flop (18), 12 each on the turn (42); p1 checks the river
    # to the hero (p2, 9♥8♥): 179 each behind, the minimum bet 2 is the increment
    ctx = context("river-hu-balanced-bluff-vs-equilibrio", [FOLD, CHECK, Option("cbr 30", "bet", 30)])
    hu = heads_up_inputs(ctx)
    assert (hu.dead_pot, hu.stack, hu.aggressive) == (42, 179, 0)
    assert hu.root.contrib == (0.0, 0.0) and hu.root.checked and hu.root.last_inc == 2.0
    assert hu.root.amounts == (30.0,)


def test_a_lesson_range_is_the_villains() -> None:
    ctx = context("river-hu-top-pair-calls-small-bet", [FOLD, CALL], given={1: "AA"})
    # no ace on K♦8♣4♥2♠6♣: all 6 combos of aces
    assert len(heads_up_inputs(ctx).villain_combos) == 6
