"""A learner's answer in a lesson: a choice at a decision point, or a number to a question.

The lesson page, the live class (which grades its pupils with the lesson's own
grading) and the review of a lesson's card all check an answer the same way, so
the rules live here, without Streamlit: the verdict of the coach at the decision
point with the lesson's own grades (:func:`decision_verdict`), the lesson's best
choice badged «ottima» (:func:`decision_answer`), the showdown's show-or-muck
choice that the lesson alone grades (:func:`show_or_muck_answer`), the review
card of a mistake (:func:`decision_spot`), a review card answered again as its own
page grades it (:func:`spot_verdict`) and a question's number checked
(:func:`question_answer`). The pages keep what is theirs: the cache, the session,
the widgets.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from coach.cards import parse_cards
from coach.engine import Hand
from coach.errors import CoachError
from coach.feedback import Grade
from coach.i18n import N_, Message
from coach.learning.judge import judge
from coach.learning.review import ReviewSpot, spot_of
from coach.learning.script import Attempt, HandScript, Outcome, try_choice
from coach.learning.verdict import (
    Verdict,
    authored_verdict,
    hand_profiles,
    lesson_authored,
    lesson_best,
    option_code,
)
from coach.lessons.schema import Decision, ExampleHand, Lesson, Question


@dataclass(frozen=True)
class DecisionAnswer:
    """The learner's legal choice at a decision point and what the coach said."""

    code: str
    said: Message | None
    authored: str
    in_options: bool
    is_best: bool | None
    verdict: Verdict


@dataclass(frozen=True)
class QuizAnswer:
    """A number given to a lesson's question, and whether it is the lesson's answer."""

    given: int
    correct: bool


@dataclass(frozen=True)
class GradedDecision:
    """A lesson decision the coach grades: the table as the lesson page builds it, the options it
    grades (not a showdown's show or muck) and the opponents' profiles the hand names."""

    lesson: Lesson
    example: ExampleHand
    decision: Decision
    hand: Hand
    codes: tuple[str, ...]
    profiles: dict[int, str] | None

    @property
    def where(self) -> str:
        """``lesson/hand/atN``, the name a report gives the decision."""
        return f"{self.lesson.id}/{self.example.id}/at{self.decision.at}"


def graded_decisions(lessons: Iterable[Lesson]) -> Iterator[GradedDecision]:
    """Every decision of the lessons that the coach grades, in course order: the one walk the
    turn-cache command, the benchmarks and the invariant tests share."""
    for lesson in lessons:
        for example in lesson.hands:
            script = HandScript.from_example(example)
            for d in example.decisions:
                codes = tuple(c for c in d.options if not is_show_or_muck(c))
                if not codes:
                    continue
                hand = script.hand_at(script.step_of_action(d.at))
                yield GradedDecision(lesson, example, d, hand, codes, hand_profiles(hand, example.profiles))


def decision_key(lesson_id: str, hand_index: int, at: int) -> str:
    """``lesson/hand/at``: how a decision point is named in the session, the store and the review."""
    return f"{lesson_id}/{hand_index}/{at}"


def try_decision(sc: HandScript, at: int, attempt: Attempt) -> Outcome:
    """The learner's ``attempt`` at the decision point ``at``, tried on a copy of the decision's hand.

    The engine verb that applies it is the one check of its legality; the coach's
    verdict (:func:`decision_verdict`) and the review card (:func:`decision_spot`)
    read the same table, replayed once per script (:meth:`HandScript.hand_at`).
    """
    return try_choice(sc.hand_at(sc.step_of_action(at)), attempt)


def decision_verdict(sc: HandScript, at: int, code: str) -> Verdict:
    """The coach's verdict on ``code`` at the decision point ``at`` of a lesson's hand, with the
    lesson's own grades and texts and its opponents' profiles (the same for every learner)."""
    decision = sc.decisions[at]
    return judge(sc.hand_at(sc.step_of_action(at)), code, authored=lesson_authored(decision),
                  profiles=sc.profiles)


def decision_answer(sc: HandScript, at: int, code: str, said: Message | None,
                    verdict: Verdict) -> DecisionAnswer:
    """The learner's legal ``code`` with the coach's ``verdict``, as the lesson grades it."""
    decision = sc.decisions[at]
    is_best = None if decision.best is None else code == decision.best
    if is_best is True:
        # The lesson knows something the model does not (a read, the point being taught): its
        # choice is the badge, and the coach's own grade, when different, stays as a secondary note.
        verdict = lesson_best(verdict)
    return DecisionAnswer(code, said, decision.feedback.get(code, ""), code in decision.options, is_best,
                          verdict)


def replayed_said(sc: HandScript, at: int, code: str) -> Message | None:
    """What the engine says of ``code`` played at ``at`` (an answer from an earlier session, checked
    again on the hand). Raises :class:`CoachError` or ``ValueError`` if the lesson changed under it,
    ``KeyError`` if the decision point is gone."""
    if at not in sc.decisions:
        raise KeyError(at)
    record = sc.hand_at(sc.step_of_action(at)).apply_code(code)
    return record.message() if record is not None else None


def is_show_or_muck(code: str) -> bool:
    """A showdown's choice (``p2 sm`` or ``p2 sm AsKs``), which the lesson grades alone."""
    parts = code.split()
    return len(parts) >= 2 and parts[1] == "sm"


def decision_name(sc: HandScript, seat: int) -> str:
    """The name of PHH player ``seat`` (1-based)."""
    return sc.history.names()[seat - 1]


def show_or_muck_answer(sc: HandScript, at: int, code: str) -> DecisionAnswer:
    """To show or to muck at showdown: the lesson's choice is «ottima», any other has the lesson's grade."""
    decision = sc.decisions[at]
    is_best = None if decision.best is None else code == decision.best
    parts = code.split()
    said = (Message(N_("{name} shows {cards}."), {"name": decision_name(sc, decision.seat), "cards": " ".join(
        c.symbol() for c in parse_cards(parts[2]))}) if len(parts) > 2
        else Message(N_("{name} mucks without showing."), {"name": decision_name(sc, decision.seat)}))
    verdict = (Verdict(code, grade=Grade.OTTIMA.value, grade_label=Grade.OTTIMA.label) if is_best
               else authored_verdict(code, lesson_authored(decision)))
    return DecisionAnswer(code, said, decision.feedback.get(code, ""), True, is_best, verdict)


def decision_spot(sc: HandScript, key: str, code: str, grade: str) -> ReviewSpot | None:
    """The lesson's decision point ``key`` (``lesson/hand/at``) as a review card's spot, with the
    hand's profiles; None if it cannot be written down."""
    at = int(key.rsplit("/", 1)[1])
    try:
        return spot_of(sc.hand_at(sc.step_of_action(at)), source="lesson", ref=key,
                       action=option_code(code), grade=grade, profiles=sc.profiles)
    except CoachError:
        return None


def question_answer(question: Question, value: int) -> QuizAnswer:
    """A whole number given to a lesson's question, checked against the lesson's answer."""
    return QuizAnswer(value, value == question.answer)


def spot_verdict(spot: ReviewSpot, code: str,
                 lesson: tuple[Decision, Mapping[str, str]] | None = None) -> Verdict:
    """The coach's verdict on ``code`` in a review card's spot, as the spot's own page gives it.

    A lesson's decision point (``lesson``: its decision and the hand's profiles) keeps
    the lesson's texts, grades and choice; any other spot (practice, the Replayer, a
    similar spot) is graded by the coach with the opponents' profiles it was played against.
    """
    hand = spot.hand()
    if lesson is None:
        return judge(hand, code, profiles=spot.profiles)
    decision, profiles = lesson
    verdict = judge(hand, code, authored=lesson_authored(decision), profiles=profiles)
    return lesson_best(verdict) if decision.best in (code, option_code(code)) else verdict
