"""Legal actions and refusals: each reason code, the rule id and the numbers.

Tests are named after the rule they prove. Every refusal is also checked to
leave the hand exactly as it was.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import pytest

from coach.engine import Hand, TableConfig
from coach.errors import IllegalAction, InvalidInput
from coach.i18n import render


def table(stacks: tuple[int, ...], button: int = 0, **kw: Any) -> Hand:
    names = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Gina", "Hugo", "Ines", "Luca")[: len(stacks)]
    return Hand.start(TableConfig(names, stacks, button, **kw), seed=7)


def refused(hand: Hand, action: Callable[[], Any], code: str) -> IllegalAction:
    """The action is refused with ``code`` and leaves the hand untouched."""
    before, raw = hand.snapshot(), pickle.dumps(hand)
    with pytest.raises(IllegalAction) as info:
        action()
    assert info.value.code == code, str(info.value)
    assert hand.snapshot() == before
    assert pickle.dumps(hand) == raw          # byte-identical, kernel state included
    return info.value


def test_preflop_view_first_to_act_left_of_big_blind() -> None:
    hand = table((100, 100, 100, 100))
    legal = hand.legal_actions()
    assert legal.actor == 3 == hand.actor
    assert list(legal) == ["fold", "call", "raise", "all_in"]
    assert legal.call_amount == 2 and legal.min_raise_to == 4 and legal.max_raise_to == 100
    assert "check" not in legal and "bet" not in legal


def test_r07_check_facing_a_bet_is_refused_with_the_amount() -> None:
    hand = table((100, 100, 100))
    err = refused(hand, hand.check, "check_facing_bet")
    assert err.rule == "R07" and err.params["to_call"] == 2
    assert hand.legal_actions().explain("check") is not None


def test_r07_call_with_nothing_to_call_is_refused() -> None:
    hand = table((100, 100, 100))
    hand.call()
    hand.call()
    assert hand.actor == 2  # big blind option
    refused(hand, hand.call, "nothing_to_call")
    assert "check" in hand.legal_actions() and "raise" in hand.legal_actions()


def test_not_your_turn_names_both_players() -> None:
    hand = table((100, 100, 100))
    err = refused(hand, lambda: hand.fold(1), "not_your_turn")
    assert "Bob" in str(err) and "Alice" in str(err)


def test_r08_bet_below_minimum_refused_unless_all_in() -> None:
    hand = table((100, 100, 100))
    hand.call()
    hand.call()
    hand.check()
    err = refused(hand, lambda: hand.bet_or_raise_to(1), "bet_below_min")
    assert err.rule == "R08" and err.params["min_to"] == 2


def test_r09_raise_below_minimum_names_the_last_increment() -> None:
    hand = table((100, 100, 100, 100))
    hand.bet_or_raise_to(6)        # raise by 4
    err = refused(hand, lambda: hand.bet_or_raise_to(8), "raise_below_min")
    assert err.rule == "R09"
    assert (err.params["min_to"], err.params["increment"]) == (10, 4)
    assert str(err) == ("Raise to 8 refused: the minimum raise is to 10 because the last raise increment "
                        "was 4; all-in for less is allowed.")
    assert render(err.message, "it").startswith("Rilancio a 8 non consentito: il rilancio minimo è a 10")


def test_r10_above_stack_refused() -> None:
    hand = table((100, 100, 100))
    err = refused(hand, lambda: hand.bet_or_raise_to(101), "above_stack")
    assert err.params["max_to"] == 100


def test_all_in_for_less_than_a_raise_is_allowed() -> None:
    hand = table((100, 100, 100, 5))
    rec = hand.bet_or_raise_to(5)   # Dave, 5 in all: below the minimum raise to 4? no: above 4
    assert rec.all_in and rec.to == 5
    hand2 = table((100, 100, 100, 3))
    rec2 = hand2.all_in()           # raise to 3 < min raise to 4: allowed because all-in
    assert rec2.kind == "raise" and rec2.to == 3 and rec2.all_in


def test_r09_strict_after_limpers_short_all_in_does_not_reopen() -> None:
    """DESIGN §3 (1): limpers facing an all-in raise of less than a full raise only call or fold."""
    hand = table((100, 100, 100, 100, 3))   # Alice button, Bob SB, Carol BB, Dave UTG, Eve 3 chips
    hand.call(3)                  # Dave limps
    hand.all_in(4)                # Eve all-in to 3: raise by 1, less than the full 2
    hand.call(0)
    hand.call(1)
    legal_bb = hand.legal_actions()
    assert legal_bb.actor == 2 and "raise" in legal_bb    # the big blind has not acted yet
    hand.call(2)
    legal = hand.legal_actions()
    assert legal.actor == 3 and list(legal) == ["fold", "call"]
    err = refused(hand, lambda: hand.bet_or_raise_to(10), "betting_not_reopened")
    assert err.rule == "R09" and err.params["raised"] == 1 and err.params["increment"] == 2


def test_pokerkit_alone_would_let_the_limper_reraise() -> None:
    """What we override: PokerKit 0.7.7 reopens the betting here (docs/RULES.md)."""
    hand = Hand.start(TableConfig(tuple("ABCDE"), (100, 100, 100, 100, 3), 0), seed=7, strict=False)
    hand.call(3)
    hand.all_in(4)
    hand.call(0)
    hand.call(1)
    hand.call(2)
    assert "raise" in hand.legal_actions()


def test_r09_strict_checked_player_facing_short_all_in_bet_only_calls() -> None:
    """DESIGN §3 (2): a player who checked, facing an all-in bet below the minimum, calls or folds."""
    hand = table((100, 100, 3))      # Alice button, Bob SB, Carol BB with 3
    hand.call(0)
    hand.call(1)
    hand.check(2)
    hand.check(1)                    # flop: Bob checks
    rec = hand.all_in(2)             # Carol bets her last chip: below the minimum bet of 2
    assert rec.kind == "bet" and rec.to == 1 and rec.all_in
    assert "raise" in hand.legal_actions()   # Alice has not acted: she may raise
    hand.call(0)
    legal = hand.legal_actions()
    assert legal.actor == 1 and list(legal) == ["fold", "call"]
    refused(hand, lambda: hand.bet_or_raise_to(5), "betting_not_reopened")
    refused(hand, hand.all_in, "betting_not_reopened")


def test_full_raise_after_short_all_in_reopens() -> None:
    hand = table((100, 100, 3))
    hand.call(0)
    hand.call(1)
    hand.check(2)
    hand.check(1)
    hand.all_in(2)                   # 1, short
    hand.bet_or_raise_to(3, 0)       # Alice raises to 3: a full raise of 2
    assert "raise" in hand.legal_actions() and hand.actor == 1


def test_short_all_ins_adding_up_to_a_full_raise_reopen() -> None:
    hand = table((100, 100, 100, 14, 18), button=0)  # Dave (UTG) 14, Eve 18
    hand.bet_or_raise_to(10, 3)     # Dave... not all-in: 10 of 14
    hand.all_in(4)                  # Eve to 18: +8 (full raise is 8) -> full
    hand.call(0)
    hand.call(1)
    hand.call(2)
    assert hand.actor == 3
    assert "raise" not in hand.legal_actions()     # Dave covered: 4 left, 8 to call


def test_raise_when_covered_and_nobody_to_raise() -> None:
    hand = table((100, 10))   # heads-up: Alice button/SB
    hand.bet_or_raise_to(20)
    legal = hand.legal_actions()
    assert legal.actor == 1 and list(legal) == ["fold", "call", "all_in"] and legal.call_amount == 8
    refused(hand, lambda: hand.bet_or_raise_to(10), "raise_when_covered")
    hand2 = table((100, 100, 10))
    hand2.all_in(0)
    hand2.fold(1)
    hand2.call(2)
    assert hand2.is_complete


def test_pot_limit_maximum() -> None:
    hand = table((100, 100, 100), structure="PL")
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (4, 7)   # pot 3 + call 2 = 5 -> raise to 7
    err = refused(hand, lambda: hand.bet_or_raise_to(8), "above_pot_limit")
    assert err.rule == "R18" and err.params["max_to"] == 7
    hand.bet_or_raise_to(7)
    assert hand.legal_actions().max_raise_to == 23  # pot 10 + call 6 = 16 -> 7 + 16
    refused(hand, hand.all_in, "above_pot_limit")


def test_fixed_limit_amounts_and_cap() -> None:
    hand = table((100, 100, 100), structure="FL")
    legal = hand.legal_actions()
    assert legal.min_raise_to == legal.max_raise_to == 4
    refused(hand, lambda: hand.bet_or_raise_to(6), "fixed_limit_amount")
    hand.bet_or_raise_to(4)
    hand.bet_or_raise_to(6)
    hand.bet_or_raise_to(8)          # big blind + 3 raises = 4 bets: capped
    err = refused(hand, lambda: hand.bet_or_raise_to(10), "cap_reached")
    assert err.params["cap"] == 4
    hand.call()
    hand.call()
    assert hand.street == "flop"
    hand.check()
    assert hand.legal_actions().max_raise_to == 2   # small bet on the flop
    hand.bet_or_raise_to(2)
    hand.call()
    hand.call()
    assert hand.legal_actions().max_raise_to == 4   # big bet on the turn


def test_hand_over_refuses_everything() -> None:
    hand = table((100, 100))
    hand.fold()
    assert hand.is_complete and hand.actor is None
    refused(hand, hand.check, "hand_over")
    refused(hand, lambda: hand.bet_or_raise_to(10), "hand_over")
    assert list(hand.legal_actions()) == []


def test_bad_amount_is_invalid_input_and_changes_nothing() -> None:
    hand = table((100, 100, 100))
    before = hand.snapshot()
    with pytest.raises(InvalidInput):
        hand.bet_or_raise_to(0)
    with pytest.raises(InvalidInput):
        hand.bet_or_raise_to(2.5)  # type: ignore[arg-type]
    assert hand.snapshot() == before


def test_fold_when_check_is_free_is_legal() -> None:
    """Legal but pointless: feedback, not an error (DESIGN §1)."""
    hand = table((100, 100, 100))
    hand.call()
    hand.call()
    assert hand.can_fold() and hand.can_check()
    hand.fold()
    assert hand.folded(2)


def test_explain_matches_the_verbs() -> None:
    hand = table((100, 100, 100, 100))
    legal = hand.legal_actions()
    assert legal.explain("call") is None and legal.explain("raise", 4) is None
    problem = legal.explain("raise", 3)
    assert problem is not None and problem.code == "raise_below_min"
    assert legal.explain("bet") is not None and legal.explain("bet").code == "bet_not_raise"  # type: ignore[union-attr]
    assert not hand.can_check() and hand.can_call() and hand.can_bet_or_raise_to(4)
    assert not hand.can_bet_or_raise_to(3)


def test_fold_that_would_abandon_a_side_pot_is_refused() -> None:
    """PokerKit would burn the chips (and fail): the last player able to win a pot must check."""
    hand = table((10, 10, 1))      # Carol (big blind) is all-in with her 1 chip
    hand.bet_or_raise_to(3, 0)
    hand.call(1)                   # side pot of 4 between Alice and Bob
    hand.fold(1)                   # flop: Bob folds with nothing to call (pointless but legal)
    assert hand.actor == 0
    err = refused(hand, hand.fold, "fold_abandons_pot")
    assert err.params["amount"] == 4
    assert "fold" not in hand.legal_actions() and "check" in hand.legal_actions()


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting() -> None:
    """Two short all-ins (+5, +4) add up to 9 >= the full raise of 8: the raiser may re-raise."""
    hand = table((15, 19, 100, 100, 100))   # Alice button 15, Bob SB 19, Carol BB, Dave UTG, Eve
    hand.bet_or_raise_to(10, 3)             # Dave: raise by 8
    hand.call(4)
    hand.all_in(0)                          # Alice to 15: +5
    hand.all_in(1)                          # Bob to 19: +4, together +9 since Dave acted
    hand.call(2)
    assert hand.actor == 3 and "raise" in hand.legal_actions()
    assert hand.legal_actions().min_raise_to == 27   # 19 + the last full increment 8


def test_short_all_ins_below_a_full_raise_together_do_not_reopen() -> None:
    hand = table((15, 17, 100, 100, 100))
    hand.bet_or_raise_to(10, 3)
    hand.call(4)
    hand.all_in(0)                          # +5
    hand.all_in(1)                          # to 17: +2, together +7 < 8
    hand.call(2)
    assert hand.actor == 3 and list(hand.legal_actions()) == ["fold", "call"]


def test_after_an_all_in_bet_below_the_minimum_a_raise_is_to_that_bet_plus_the_minimum_bet() -> None:
    hand = table((100, 100, 3))
    hand.call(0)
    hand.call(1)
    hand.check(2)
    hand.check(1)
    hand.all_in(2)                          # bets 1, the minimum bet is 2
    legal = hand.legal_actions()
    assert legal.actor == 0 and legal.min_raise_to == 3


def test_fold_refused_when_only_ante_all_in_players_remain() -> None:
    """Found by the property test: four players all-in on the ante, the blinds' chips need an owner."""
    hand = Hand.start(TableConfig(tuple("ABCDEF"), (3, 1, 1, 1, 1, 3), button=4, small_blind=1,
                                  big_blind=1, ante=1), seed=445)
    hand.fold(5)                     # the small blind folds although nothing is owed
    assert list(hand.legal_actions()) == ["check"]
    err = refused(hand, hand.fold, "fold_abandons_pot")
    assert err.params["amount"] == 2
    hand.check(0)
    assert hand.result is not None and sum(hand.result.finishing_stacks) == 10
