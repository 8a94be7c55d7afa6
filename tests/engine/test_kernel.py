"""The PokerKit adapters: card notation both ways, and one kernel state per betting structure."""

from __future__ import annotations

from pokerkit import State

from coach.cards import parse_cards
from coach.engine import TableConfig
from coach.engine.kernel import cards_of, make_state, pk


def _state(structure: str, first_hole: str = "????") -> State:
    config = TableConfig(("Alice", "Bob", "Carol"), (200, 200, 200), 0, structure=structure)  # type: ignore[arg-type]
    state = make_state(config)
    state.deal_hole(first_hole, 0)
    for pos in (1, 2):
        state.deal_hole("????", pos)
    return state


def test_cards_go_to_the_kernel_and_come_back_unchanged() -> None:
    cards = parse_cards("AsKd")
    state = _state("NL", first_hole=pk(cards))
    assert pk(cards) == "AsKd"
    assert cards_of(state.hole_cards[0]) == cards


def test_an_unknown_card_from_the_kernel_is_no_cards() -> None:
    state = _state("NL")
    assert cards_of(state.hole_cards[1]) is None   # dealt face down: ??
    assert cards_of([]) is None


def test_each_structure_gets_its_own_limit_on_the_first_raise() -> None:
    # first to act preflop, blinds 1/2, 200 behind: no limit, the pot (1 + 2 + 2 called = 5, plus the
    # 2 to call = 7), or the fixed small bet (a raise to 4)
    assert _state("NL").max_completion_betting_or_raising_to_amount == 200
    assert _state("PL").max_completion_betting_or_raising_to_amount == 7
    assert _state("FL").max_completion_betting_or_raising_to_amount == 4
