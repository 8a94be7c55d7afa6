"""The options the coach grades: which sizes it puts next to fold and call, in each kind of spot.

Each spot is a six-handed hand at blinds 1/2 with 200-chip stacks (p1 SB, p2 BB, p3 UTG, p4 MP,
p5 CO, p6 BTN) played by the engine up to the decision; the expected sizes are worked out by hand
from the sizing rule in ``coach/feedback/options.py``'s docstring, in the order the rule lists them
(the standard sizes, then the minimum raise, then the all-in).
"""

from __future__ import annotations

import pytest

from coach.engine.phh import loads_phh
from coach.feedback.options import (
    Option,
    aggressive_option,
    candidate_options,
    limpers,
    parse_raise_code,
)
from coach.feedback.situation import Situation, read_situation

DEAL = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????", "d dh p5 ????", "d dh p6 ????"]


def spot(actions: list[str], hero: int, cards: str = "AsKs",
         stacks: tuple[int, ...] = (200,) * 6) -> Situation:
    """The situation after ``actions``, the hero (1-based PHH seat) holding ``cards``."""
    deal = [f"d dh p{hero} {cards}" if d.startswith(f"d dh p{hero} ") else d for d in DEAL]
    text = (
        'variant = "NT"\nantes = [0, 0, 0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 0, 0, 0, 0]\nmin_bet = 2\n'
        f"starting_stacks = {list(stacks)}\nactions = {deal + actions!r}\n".replace("'", '"')
    )
    return read_situation(loads_phh(text).replay(require_complete=False))


def codes(options: list[Option]) -> list[tuple[str, str]]:
    return [(o.code, o.kind) for o in options]


def test_first_in_open_sizes_are_2_5_and_3_big_blinds_then_min_raise_and_all_in() -> None:
    sit = spot(["p3 f", "p4 f"], hero=5)
    # 2.5 x 2 = 5, 3 x 2 = 6; the minimum raise is to 4 (2 + 2); the stack is 200
    assert codes(candidate_options(sit)) == [
        ("f", "fold"), ("cc", "call"), ("cbr 5", "raise"), ("cbr 6", "raise"), ("cbr 4", "raise"),
        ("cbr 200", "all_in"),
    ]


def test_each_limper_adds_a_big_blind_and_the_big_blind_iso_raises_bigger() -> None:
    sit = spot(["p3 cc", "p4 f"], hero=5)
    assert limpers(sit) == 1
    # one limper: 2.5 x 2 + 2 = 7, 3 x 2 + 2 = 8
    assert [o.code for o in candidate_options(sit)][2:4] == ["cbr 7", "cbr 8"]
    bb = spot(["p3 cc", "p4 f", "p5 f", "p6 f", "p1 f"], hero=2)
    # the big blind can check; out of position a third size 4 x 2 + 2 = 10 is added
    assert codes(candidate_options(bb))[:5] == [
        ("f", "fold"), ("cc", "check"), ("cbr 7", "raise"), ("cbr 8", "raise"), ("cbr 10", "raise"),
    ]


def test_three_bet_sizes_depend_on_position_and_on_callers() -> None:
    # in position against an open to 6: 3x = 18 and 4x = 24; minimum re-raise to 10 (6 + 4)
    btn = spot(["p3 cbr 6", "p4 f", "p5 f"], hero=6)
    assert [o.code for o in candidate_options(btn)] == ["f", "cc", "cbr 18", "cbr 24", "cbr 10", "cbr 200"]
    # out of position (the big blind) 4x first: 24 then 18
    bb = spot(["p3 cbr 6", "p4 f", "p5 f", "p6 f", "p1 f"], hero=2)
    assert [o.code for o in candidate_options(bb)][2:4] == ["cbr 24", "cbr 18"]
    # one caller of the open: one open more each (a squeeze), (3 + 1) x 6 = 24, (4 + 1) x 6 = 30
    squeeze = spot(["p3 cbr 6", "p4 cc"], hero=5)
    assert [o.code for o in candidate_options(squeeze)][2:4] == ["cbr 24", "cbr 30"]


def test_a_four_bet_is_2_3_times_the_three_bet() -> None:
    sit = spot(["p3 cbr 6", "p4 f", "p5 f", "p6 cbr 20", "p1 f", "p2 f"], hero=3)
    # 2.3 x 20 = 46; minimum re-raise to 34 (20 + 14)
    assert [o.code for o in candidate_options(sit)] == ["f", "cc", "cbr 46", "cbr 34", "cbr 200"]


PREFLOP_TO_FLOP = ["p3 f", "p4 f", "p5 cbr 6", "p6 f", "p1 cc", "p2 f", "d db Jh8d3c"]


def test_postflop_bets_are_fractions_of_the_pot() -> None:
    sit = spot(PREFLOP_TO_FLOP, hero=1)
    assert sit.pot == 14  # 6 + 6 + the big blind's 2
    # 0.33 x 14 = 4.62 -> 5, 0.5 x 14 = 7, 0.66 x 14 = 9.24 -> 9, 14; minimum bet 2; 194 behind
    assert codes(candidate_options(sit)) == [
        ("f", "fold"), ("cc", "check"), ("cbr 5", "bet"), ("cbr 7", "bet"), ("cbr 9", "bet"),
        ("cbr 14", "bet"), ("cbr 2", "bet"), ("cbr 194", "all_in"),
    ]


def test_postflop_raises_are_2_5x_and_three_quarters_and_whole_pot_after_calling() -> None:
    sit = spot([*PREFLOP_TO_FLOP, "p1 cbr 7"], hero=5)
    # facing 7 into 14: pot 21, after the call 28 -> 2.5 x 7 = 17.5 -> 18, 7 + 0.75 x 28 = 28,
    # 7 + 28 = 35; minimum raise to 14
    assert [o.code for o in candidate_options(sit)] == ["f", "cc", "cbr 18", "cbr 28", "cbr 35", "cbr 14",
                                                        "cbr 194"]


def test_the_learners_own_size_is_added_only_when_legal_and_new() -> None:
    sit = spot(PREFLOP_TO_FLOP, hero=1)
    base = [o.code for o in candidate_options(sit)]
    extra = candidate_options(sit, ["cbr 50", "p1 cbr 60", "cbr 1", "cbr 300", "cbr 7", "cc"])
    # 50 and 60 are legal and new; 1 is below the minimum bet of 2, 300 above the 194 behind,
    # 7 is already there and "cc" is no size
    assert [o.code for o in extra] == [*base, "cbr 50", "cbr 60"]


def test_calling_for_the_whole_stack_is_an_all_in_and_leaves_no_raise() -> None:
    sit = spot(["p3 cbr 200", "p4 f", "p5 f"], hero=6, stacks=(200, 200, 200, 200, 200, 50))
    assert codes(candidate_options(sit)) == [("f", "fold"), ("cc", "all_in")]


def test_aggressive_option_names_bet_raise_and_all_in() -> None:
    flop = spot(PREFLOP_TO_FLOP, hero=1)
    assert aggressive_option(flop, 10) == Option("cbr 10", "bet", 10)
    assert aggressive_option(flop, 194) == Option("cbr 194", "all_in", 194)  # all 194 behind
    facing = spot([*PREFLOP_TO_FLOP, "p1 cbr 7"], hero=5)
    assert aggressive_option(facing, 20).kind == "raise"
    assert Option("cbr 20", "raise", 20).aggressive and not Option("cbr 20", "raise", 20).passive
    assert Option("cc", "call", None).passive and not Option("f", "fold", None).aggressive


@pytest.mark.parametrize(("code", "amount"), [
    ("cbr 40", 40), ("p3 cbr 40", 40), ("cc", None), ("f", None), ("cbr x", None), ("p3 cbr", None),
    ("px cbr 40", None), ("", None),
])
def test_parse_raise_code(code: str, amount: int | None) -> None:
    assert parse_raise_code(code) == amount
