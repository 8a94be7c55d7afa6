"""A lesson's answers and a class vote's card, checked without a browser: the rules every page shares."""

from __future__ import annotations

import pytest

from coach.cards import parse_cards
from coach.engine import Hand
from coach.engine.phh import HandHistory
from coach.feedback import Grade
from coach.learning.answers import (
    decision_answer,
    decision_key,
    decision_spot,
    decision_verdict,
    is_show_or_muck,
    question_answer,
    replayed_said,
    show_or_muck_answer,
    spot_verdict,
    try_decision,
)
from coach.learning.review import card_key
from coach.learning.script import Attempt, HandScript
from coach.learning.verdict import Verdict
from coach.learning.votes import question_key, vote_spot
from coach.lessons.loader import default_lessons_dir, load_lessons
from coach.lessons.schema import Lesson
from coach.live import SpotRef

COURSE = {x.id: x for x in load_lessons(default_lessons_dir())}
BEST_FOLD = ("04-preflop", 1, 7)  # the lesson teaches «p2 f»
SHOWDOWN = ("08-showdown", 0, 21)  # show or muck: the lesson's choice is to muck («p3 sm»)
# the lesson's choice is «p2 cbr 6»; no lesson grades an option against the coach today, so the test
# gives the call a grade of its own (a lesson may: `grades` in the schema) and checks the card follows it
GRADED_CALL = ("06-puntare-rilanciare", 1, 8)


def _script(lesson: str, hand: int) -> HandScript:
    return HandScript.from_example(COURSE[lesson].hands[hand])


def _lesson(lesson: str) -> Lesson:
    return COURSE[lesson]


def test_the_lessons_choice_is_ottima_whatever_the_coach_said() -> None:
    lesson, hand, at = BEST_FOLD
    sc = _script(lesson, hand)
    coach = Verdict("p2 f", grade=Grade.ERRORE.value, grade_label=Grade.ERRORE.label)
    best = decision_answer(sc, at, "p2 f", None, coach)
    assert best.is_best is True and best.in_options
    assert best.verdict.grade == Grade.OTTIMA.value and best.verdict.model_grade == Grade.ERRORE.value
    other = decision_answer(sc, at, "p2 cc", None, Verdict("p2 cc", grade=Grade.BUONA.value))
    assert other.is_best is False and other.verdict.grade == Grade.BUONA.value  # the coach's, untouched


def test_show_or_muck_is_graded_by_the_lesson_alone() -> None:
    lesson, hand, at = SHOWDOWN
    sc = _script(lesson, hand)
    assert is_show_or_muck("p3 sm") and is_show_or_muck("p3 sm Ac3d") and not is_show_or_muck("p3 cc")
    muck = show_or_muck_answer(sc, at, "p3 sm")
    assert muck.is_best is True and muck.verdict.grade == Grade.OTTIMA.value
    show = show_or_muck_answer(sc, at, "p3 sm Ac3d")
    assert show.is_best is False and show.verdict.grade != Grade.OTTIMA.value
    shown = " ".join(c.symbol() for c in parse_cards("Ac3d"))
    assert show.said is not None and show.said.params["cards"] == shown
    assert muck.said is not None and "cards" not in muck.said.params


def test_an_answer_from_an_earlier_session_is_checked_on_the_hand_again() -> None:
    lesson, hand, at = BEST_FOLD
    sc = _script(lesson, hand)
    assert replayed_said(sc, at, "p2 f") is not None
    with pytest.raises(KeyError):  # a decision point that is gone is not answered
        replayed_said(sc, at + 1000, "p2 f")


def test_a_mistake_at_a_lesson_decision_is_a_card_with_the_lessons_key_and_profiles() -> None:
    lesson, hand, at = BEST_FOLD
    sc = _script(lesson, hand)
    key = decision_key(lesson, hand, at)
    spot = decision_spot(sc, key, "p2 cc", "errore")
    assert spot is not None and spot.source == "lesson" and spot.ref == key == f"{lesson}/{hand}/{at}"
    assert spot.action == "cc" and spot.grade == "errore" and spot.profiles == dict(sc.profiles)
    assert spot.hand().legal_actions().actor is not None  # the card stops at the decision


def test_a_wrong_class_vote_is_the_lessons_card_or_the_pasted_hands() -> None:
    lesson, hand, at = BEST_FOLD
    sc = _script(lesson, hand)
    from_lesson = vote_spot(SpotRef(lesson, hand, at), sc, "p2 cc", "errore")
    assert from_lesson is not None
    alone = decision_spot(sc, decision_key(lesson, hand, at), "p2 cc", "errore")
    assert alone is not None and card_key(from_lesson) == card_key(alone)
    pasted = SpotRef.pasted("d" * 16, sc.decisions[at].at)
    from_paste = vote_spot(pasted, sc, "p2 cc", "errore")
    assert from_paste is not None and from_paste.source == "class" and from_paste.ref == pasted.key()
    assert question_key(SpotRef.quiz(lesson, "q1")) == f"{lesson}/q1"


def test_a_questions_number_is_right_only_when_it_is_the_lessons() -> None:
    question = next(q for q in _lesson("03-azioni").questions if q.kind != "choice")
    assert question_answer(question, question.answer).correct
    wrong = question_answer(question, question.answer + 1)
    assert not wrong.correct and wrong.given == question.answer + 1


def test_a_lesson_card_answered_again_is_graded_as_the_lesson_grades_it() -> None:
    lesson, hand, at = GRADED_CALL
    sc = _script(lesson, hand)
    spot = decision_spot(sc, decision_key(lesson, hand, at), "p2 f", "errore")
    assert spot is not None
    coach_alone = spot_verdict(spot, "p2 cc")
    own = Grade.IMPRECISA.value if coach_alone.grade != Grade.IMPRECISA.value else Grade.ERRORE.value
    decision = sc.decisions[at].model_copy(update={"grades": {"p2 cc": own}})
    as_lesson = (decision, dict(sc.profiles))
    graded = spot_verdict(spot, "p2 cc", as_lesson)
    assert graded.grade == own  # the lesson's own grade for the call
    assert graded.grade != coach_alone.grade and graded.model_grade == coach_alone.grade
    assert spot_verdict(spot, "p2 cbr 6", as_lesson).grade == Grade.OTTIMA.value  # the lesson's choice


VERBS = ("verify_fold", "verify_check", "verify_call", "verify_bet_or_raise_to", "verify_all_in")


def _count_builds_and_checks(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Counts the hand's replays and the legality checks of a learner's action (the engine's verify
    verbs called outside a replay: a replay checks every action of the history, which is not the click's)."""
    counts = {"replays": 0, "checks": 0}
    depth = [0]
    replay = HandHistory.replay

    def counted_replay(self: HandHistory, **kwargs: object) -> Hand:
        counts["replays"] += 1
        depth[0] += 1
        try:
            return replay(self, **kwargs)  # type: ignore[arg-type]
        finally:
            depth[0] -= 1

    monkeypatch.setattr(HandHistory, "replay", counted_replay)
    for name in VERBS:
        verb = getattr(Hand, name)

        def counted(self: Hand, *args: object, _verb: object = verb, **kwargs: object) -> None:
            if depth[0] == 0:
                counts["checks"] += 1
            _verb(self, *args, **kwargs)  # type: ignore[operator]

        monkeypatch.setattr(Hand, name, counted)
    return counts


def test_a_click_on_a_decision_builds_the_hand_once_and_checks_the_choice_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The click as the lesson page runs it: the choice tried, the coach's verdict, the review card."""
    lesson, hand, at = BEST_FOLD
    sc = _script(lesson, hand)
    counts = _count_builds_and_checks(monkeypatch)
    outcome = try_decision(sc, at, Attempt("call"))
    assert outcome.code == "p2 cc"
    answer = decision_answer(sc, at, outcome.code, outcome.said, decision_verdict(sc, at, outcome.code))
    assert answer.verdict.grade is not None and answer.verdict.grade not in ("ottima", "buona")  # a mistake
    spot = decision_spot(sc, decision_key(lesson, hand, at), outcome.code, answer.verdict.grade)
    assert spot is not None
    assert counts == {"replays": 1, "checks": 1}
    # another click on the same decision replays nothing: the table is the script's, each click a copy
    refused = try_decision(sc, at, Attempt("check"))
    assert refused.refusal is not None and counts == {"replays": 1, "checks": 2}


def test_a_choice_tried_never_touches_the_decisions_table() -> None:
    lesson, hand, at = BEST_FOLD
    sc = _script(lesson, hand)
    step = sc.step_of_action(at)
    before = sc.hand_at(step).snapshot()
    assert try_decision(sc, at, Attempt("fold")).legal
    assert sc.hand_at(step).snapshot() == before and sc.hand_at(step) is not sc.hand_at(step)
