"""A lesson is done only with each question answered right once; what is missing, counted."""

from __future__ import annotations

from coach.learning.completion import completed, lesson_state
from coach.lessons.loader import default_lessons_dir, load_lessons

LESSONS = load_lessons(default_lessons_dir())
LESSON = next(x for x in LESSONS if x.id == "02-bottone-bui")
KEYS = [f"{LESSON.id}/{q.id}" for q in LESSON.questions]


def test_all_answered_is_not_done_until_each_was_right_once() -> None:
    where = lesson_state(LESSON, set(KEYS), set(KEYS[2:]))
    assert not where.complete and where.started
    assert where.wrong == tuple(q.id for q in LESSON.questions[:2]) and not where.unanswered
    assert len(where.right) == len(KEYS) - 2
    assert LESSON.id not in completed(LESSONS, set(KEYS), set(KEYS[2:]), {LESSON.id})  # an old mark
    assert lesson_state(LESSON, set(KEYS), set(KEYS)).complete
    assert LESSON.id in completed(LESSONS, set(KEYS), set(KEYS), set())


def test_unanswered_and_wrong_are_told_apart() -> None:
    where = lesson_state(LESSON, set(KEYS[:2]), set(KEYS[:1]))
    assert where.wrong == (LESSON.questions[1].id,)
    assert len(where.unanswered) == len(KEYS) - 2
    assert not lesson_state(LESSON, set(), set()).started
