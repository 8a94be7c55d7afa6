"""When a lesson is done, and what is still missing: its questions answered right at least once.

Answering every question is not enough (2 right of 5 is not a lesson learnt): each
question must have been answered right at least once, in the lesson or in «Ripasso».
A lesson without questions is done when its decision points are answered. What is
missing is said in numbers the course path shows («3 domande su 5: rifai le 2
sbagliate»), so this stays pure and is tested without a page.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from coach.lessons.schema import Lesson


@dataclass(frozen=True)
class LessonState:
    """A lesson's questions by where the learner stands: right at least once, answered but never
    right, not answered yet (question ids, in the lesson's order)."""

    lesson: str
    total: int
    right: tuple[str, ...]
    wrong: tuple[str, ...]
    unanswered: tuple[str, ...]
    decisions_done: bool = True

    @property
    def complete(self) -> bool:
        return not self.wrong and not self.unanswered and self.decisions_done

    @property
    def started(self) -> bool:
        return bool(self.right or self.wrong)


def question_key(lesson: Lesson, question_id: str) -> str:
    return f"{lesson.id}/{question_id}"


def lesson_state(lesson: Lesson, answered: Collection[str], right: Collection[str]) -> LessonState:
    """Where ``lesson`` stands, from the keys answered (``lesson/question``, ``lesson/hand/at``: the
    last answers) and the question keys answered right at least once."""
    ids = [q.id for q in lesson.questions]
    got = tuple(i for i in ids if question_key(lesson, i) in right)
    wrong = tuple(i for i in ids if i not in got and question_key(lesson, i) in answered)
    open_ = tuple(i for i in ids if i not in got and i not in wrong)
    decisions = True
    if not ids:  # a lesson with no questions: its decision points
        keys = [f"{lesson.id}/{h}/{d.at}" for h, hand in enumerate(lesson.hands) for d in hand.decisions]
        decisions = all(k in answered for k in keys)
    return LessonState(lesson.id, len(ids), got, wrong, open_, decisions)


def completed(lessons: Collection[Lesson], answered: Collection[str], right: Collection[str],
              marked: Collection[str]) -> set[str]:
    """The lessons done: with questions, by the rule above (whatever was marked before the rule);
    without, as marked when their last decision was answered."""
    out = set()
    for lesson in lessons:
        if lesson.questions:
            if lesson_state(lesson, answered, right).complete:
                out.add(lesson.id)
        elif lesson.id in marked:
            out.add(lesson.id)
    return out
