"""The facts of a decision read from the engine's records: the pot, the price, each action's context.

The hands are small PHH texts played by the engine; every expected figure is counted by hand from the
actions listed next to it (blinds 1/2, ``p1`` the small blind, ``p2`` the big blind).
"""

from __future__ import annotations

import pytest

from coach.engine.phh import loads_phh
from coach.errors import InvalidInput
from coach.feedback.situation import Situation, read_situation


def situation(actions: list[str], stacks: list[int], antes: list[int] | None = None) -> Situation:
    n = len(stacks)
    blinds = [1, 2] + [0] * (n - 2)
    text = (
        f'variant = "NT"\nantes = {antes or [0] * n}\nblinds_or_straddles = {blinds}\nmin_bet = 2\n'
        f"starting_stacks = {stacks}\nactions = {actions!r}\n".replace("'", '"')
    )
    return read_situation(loads_phh(text).replay(require_complete=False))


FOUR = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "d dh p4 AhKh"]


def test_preflop_history_carries_the_pot_and_the_level_before_each_action() -> None:
    # four-handed: p3 (CO) opens to 6, p4 (BTN, hero) 3-bets to 18, p1 folds, p2 calls 18, p3 calls 18
    sit = situation([*FOUR, "p3 cbr 6", "p4 cbr 18", "p1 f", "p2 cc", "p3 cc", "d db 9c5d2s", "p2 cc",
                     "p3 cc"], [200, 200, 200, 200])
    assert (sit.hero, sit.hero_position, sit.street) == (3, "BTN", "flop")
    assert sit.positions == ("SB", "BB", "CO", "BTN")
    pre = sit.preflop_actions()
    assert [(a.seat, a.kind) for a in pre] == [
        (2, "raise"), (3, "raise"), (0, "fold"), (1, "call"), (2, "call")]
    # the pot before each: 3 (blinds), 9 (+6), 27 (+18), 27 (fold), 43 (+16 from the big blind)
    assert [a.pot_before for a in pre] == [3, 9, 27, 27, 43]
    assert [a.raise_level for a in pre] == [0, 1, 2, 2, 2]
    assert [a.to_match_before for a in pre] == [2, 6, 18, 18, 18]
    # after the calls: 1 + 18 x 3 = 55, both checked the flop to the hero
    assert sit.pot == 55 and sit.to_call == 0 and sit.can_check
    assert [a.kind for a in sit.street_actions()] == ["check", "check"]
    assert sit.acted_this_street == frozenset({1, 2})
    assert sit.committed == (1, 18, 18, 18) and sit.hero_stack == 182
    assert sit.opponents == (1, 2) and sit.live_opponents == (1, 2)
    assert not sit.call_closes_action  # a check on the flop leaves the turn and the river to play


THREE = ["d dh p1 AhKh", "d dh p2 ????", "d dh p3 ????", "p3 f"]  # the button folds: blinds heads-up
STACKS3 = [100, 100, 100]


def test_a_new_street_forgets_who_acted() -> None:
    # on the turn nobody has acted yet: the set is empty even though both acted on the flop
    sit = situation([*THREE, "p1 cc", "p2 cc", "d db 9c5d2s", "p1 cc", "p2 cc", "d db Tc"], STACKS3)
    assert sit.street == "turn" and sit.hero == 0 and sit.acted_this_street == frozenset()
    assert sit.pot == 4 and len(sit.board) == 4 and sit.opponents == (1,)


def test_the_pot_for_a_call_counts_others_only_up_to_the_heros_total() -> None:
    # p3 shoves 200, the hero (p4) has 50: calling 50 wins the blinds 1 + 2 and 50 of p3's 200
    sit = situation([*FOUR, "p3 cbr 200"], [200, 200, 200, 50])
    assert sit.to_call == 50 and sit.hero_stack == 50 and not sit.can_raise
    assert sit.all_in == (2,) and sit.live_opponents == (0, 1)
    assert sit.pot_for_call(50) == 1 + 2 + 50
    # a call for the whole stack with three players still in does not close the action
    assert not sit.call_closes_action


def test_a_river_call_closes_the_action_when_everyone_live_has_acted_and_matched() -> None:
    base = [*THREE, "p1 cc", "p2 cc", "d db 9c5d2s", "p1 cc", "p2 cc", "d db Tc", "p1 cc", "p2 cc",
            "d db 3h", "p1 cc", "p2 cbr 4"]
    facing = situation(base, STACKS3)
    # the pot is 4 + 4: the hero's 2 in, the big blind's 6 counted up to the hero's 2 + 4 after the call
    assert facing.street == "river" and facing.to_call == 4 and facing.pot_for_call(4) == 8
    assert facing.call_closes_action
    first = situation(base[:-2], STACKS3)  # the hero first to act on the river: the other acts after
    assert not first.call_closes_action


def test_antes_are_in_the_pot_and_recorded_per_seat() -> None:
    sit = situation(["d dh p1 ????", "d dh p2 ????", "d dh p3 AhKh"], [100, 100, 100], antes=[1, 1, 1])
    assert sit.antes == (1, 1, 1)
    assert sit.pot == 6  # three antes and the blinds 1 + 2
    assert sit.to_call == 2 and sit.min_raise_to == 4


def test_no_decision_or_unknown_cards_are_refused() -> None:
    with pytest.raises(InvalidInput):  # the hero's cards are face down
        situation(["d dh p1 ????", "d dh p2 ????", "d dh p3 ????"], STACKS3)
    with pytest.raises(InvalidInput):  # the hand is over: nobody is to act
        situation([*THREE, "p1 f"], STACKS3)
