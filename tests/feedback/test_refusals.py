"""Rule feedback: every refusal names its rule and the numbers, in Italian."""

from __future__ import annotations

import pytest

from coach.engine import Hand, TableConfig
from coach.errors import InvalidInput
from coach.feedback.grading import Grade
from coach.feedback.refusals import explain_refusal
from coach.i18n import get_translator

IT = get_translator("it")


def six_max(**kw: object) -> Hand:
    names = ("Sara", "Bruno", "Carla", "Dario", "Elena", "Fabio")
    cfg = TableConfig(names=names, stacks=(200,) * 6, button=5)
    return Hand.start(cfg, seed=7, **kw)  # type: ignore[arg-type]


def text(fb: object) -> str:
    return " ".join(IT.render(m) for m in fb.messages())  # type: ignore[attr-defined]


def test_check_facing_a_bet_is_refused_with_rule_r07() -> None:
    hand = six_max()  # UTG (Carla, seat 2) faces the big blind
    before = hand.snapshot()
    fb = explain_refusal(hand, "check")
    assert not fb.legal and fb.reason == "check_facing_bet" and fb.rule == "R07"
    assert "2" in text(fb) and "fold" in text(fb)
    assert hand.snapshot() == before  # nothing changed


def test_bet_below_the_big_blind_names_the_minimum() -> None:
    hand = six_max()
    for code in ("p3 cc", "p4 f", "p5 f", "p6 f", "p1 cc", "p2 cc", "d db AsKd2c"):
        if code.startswith("d "):
            continue
        hand.apply_code(code)
    assert hand.street == "flop"
    fb = explain_refusal(hand, "bet 1")
    assert fb.reason == "bet_below_min" and fb.rule == "R08"
    assert "2" in text(fb)


def test_raise_below_the_minimum_shows_the_last_increment() -> None:
    hand = six_max()
    hand.apply_code("p3 cbr 6")  # raise of 4 over the big blind
    fb = explain_refusal(hand, "p4 cbr 8")
    assert fb.reason == "raise_below_min" and fb.rule == "R09"
    said = text(fb)
    assert "10" in said and "4" in said and "8" in said


def test_raise_above_the_stack() -> None:
    hand = six_max()
    fb = explain_refusal(hand, "raise 500")
    assert fb.reason == "above_stack" and fb.rule == "R10" and "200" in text(fb)


def test_acting_out_of_turn() -> None:
    hand = six_max()
    fb = explain_refusal(hand, "p6 f")  # the button cannot fold before UTG acts
    assert fb.reason == "not_your_turn" and fb.rule == "R04"
    assert "Fabio" in text(fb) and "Carla" in text(fb)


def test_fold_when_check_is_free_is_legal_but_an_error() -> None:
    hand = six_max()
    for code in ("p3 cc", "p4 f", "p5 f", "p6 f", "p1 cc"):
        hand.apply_code(code)
    fb = explain_refusal(hand, "fold")  # the big blind may check
    assert fb.legal and fb.grade is Grade.ERRORE and fb.reason == "fold_when_free"
    assert "check" in text(fb)
    assert explain_refusal(hand, "check").legal and explain_refusal(hand, "check").grade is None


def test_short_all_in_does_not_reopen_the_betting() -> None:
    cfg = TableConfig(names=("A", "B", "C"), stacks=(200, 200, 9), button=0)
    hand = Hand.start(cfg, seed=3)
    # preflop: button (A, seat 0) raises to 6, SB (B) calls, BB (C) goes all-in for 9 (+3, short)
    hand.apply_code("p3 cbr 6")
    hand.apply_code("p1 cc")
    hand.apply_code("p2 cbr 9")
    fb = explain_refusal(hand, "raise 30")
    assert not fb.legal and fb.reason == "betting_not_reopened" and fb.rule == "R09"


def test_unreadable_action() -> None:
    with pytest.raises(InvalidInput):
        explain_refusal(six_max(), "dance")
    with pytest.raises(InvalidInput):
        explain_refusal(six_max(), "raise")
