"""Stepping through a hand and trying the learner's choice: where the stops are, where ▶ waits for an
answer, what a step's authored texts are, and a choice applied or refused on a throwaway copy.

The hand is the shared sample (tests/support/hands.py): three players, blinds 1/2, three hole cards
dealt (actions 0-2), then p3 folds (3), p1 raises to 6 (4), p2 folds (5).
"""

from __future__ import annotations

from support.hands import SAMPLE_PHH

from coach.engine.phh import loads_phh
from coach.learning.script import Attempt, HandScript, try_choice
from coach.lessons.schema import Decision

RAISE_AT = 4  # "p1 cbr 6"


def script(**kw: object) -> HandScript:
    return HandScript.from_history(loads_phh(SAMPLE_PHH), **kw)  # type: ignore[arg-type]


def decision() -> Decision:
    return Decision(at=RAISE_AT, seat=1, prompt="?", options=["p1 f", "p1 cc", "p1 cbr 6"])


def test_stops_begin_with_every_card_dealt_then_one_per_action() -> None:
    sc = script()
    assert sc.stops == (3, 4, 5, 6) and len(sc) == 4
    assert sc.clamp(-5) == 0 and sc.clamp(99) == 3
    first = sc.hand_at(0)
    assert first.pot_total == 3 and first.actor is not None  # the blinds are in, p3 is to act
    assert sc.hand_at(3).is_complete  # after p2's fold


def test_play_waits_at_an_unanswered_decision() -> None:
    sc = script(decisions={RAISE_AT: decision()})
    step = sc.step_of_action(RAISE_AT)
    assert step == 1 and sc.decision_at(step) is not None and sc.decision_at(0) is None
    assert sc.blocked(step, set()) and not sc.blocked(step, {RAISE_AT})
    assert sc.next_stop(0, set()) == step  # ⏭ stops at the question
    assert sc.next_stop(0, {RAISE_AT}) == 3  # answered: to the end


def test_texts_are_those_of_the_actions_since_the_previous_stop() -> None:
    sc = script(step_texts={3: "p3 folds his sevens", 4: "the raise", 5: "over"})
    assert sc.texts_at(0) == []  # the deals carry no text here
    assert sc.texts_at(1) == ["p3 folds his sevens"]  # stop 1 is after action 3
    assert sc.texts_at(3) == ["over"]


def test_each_caller_gets_its_own_copy_of_a_decisions_table() -> None:
    sc = script(decisions={RAISE_AT: decision()})
    a, b = sc.hand_at(1), sc.hand_at(1)
    assert a is not b
    a.fold()
    assert b.actor == a.config.seat_of_player(1) and not b.folded(b.actor)  # the other copy is untouched


def test_a_choice_is_applied_or_refused_without_touching_the_lesson() -> None:
    sc = script(decisions={RAISE_AT: decision()})
    ok = try_choice(sc.hand_at(1), Attempt("raise", 6))
    assert ok.legal and ok.code is not None and ok.code.endswith("cbr 6")
    low = try_choice(sc.hand_at(1), Attempt("raise", 3))  # the minimum raise is to 4
    assert not low.legal and low.code is None
    zero = try_choice(sc.hand_at(1), Attempt("raise", 0))  # an unreadable amount is a refusal too
    assert not zero.legal and zero.refusal is not None
    check = try_choice(sc.hand_at(1), Attempt("check"))  # facing the big blind there is no check
    assert not check.legal


