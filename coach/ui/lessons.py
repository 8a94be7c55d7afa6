"""Lesson data for the UI: loading (cached), progress counting, deep-link parsing.

No widgets here, so the rules that decide "is this lesson done", "which hand
does ``?mano=2`` mean" are tested without a browser.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from coach.lessons.loader import default_lessons_dir, lesson_paths, load_lessons
from coach.lessons.schema import Lesson

ANSWERS_KEY = "lesson.answers"  # "lesson/hand/at" -> DecisionAnswer
QUIZ_KEY = "lesson.quiz"  # "lesson/question" -> QuizAnswer


@dataclass(frozen=True)
class Link:
    """A position in the course: lesson id, hand index (None = the text), step index."""

    lesson: str
    hand: int | None = None
    step: int = 0


def lessons_signature(directory: Path | None = None) -> tuple[tuple[str, float], ...]:
    """The lesson files and their modification times: the cache key for :func:`all_lessons`."""
    directory = directory or default_lessons_dir()
    return tuple((p.name, p.stat().st_mtime) for p in lesson_paths(directory))


def all_lessons(directory: Path | None = None) -> list[Lesson]:
    return load_lessons(directory or default_lessons_dir())


def parse_link(params: Mapping[str, str], lessons: Sequence[Lesson]) -> Link | None:
    """``?lezione=03-azioni&mano=2&passo=5`` -> Link (1-based in the URL, 0-based here).

    ``lezione`` may be the id or the lesson number; ``mano`` the hand number or
    its id. Anything unknown is ignored rather than failing the page: a link
    typed by hand on a projector should still open the lesson.
    """
    key = (params.get("lezione") or "").strip()
    if not key:
        return None
    lesson = next((x for x in lessons if x.id == key or str(x.number) == key.lstrip("0")), None)
    if lesson is None:
        return None
    hand: int | None = None
    raw_hand = (params.get("mano") or "").strip()
    if raw_hand:
        if raw_hand.isdigit() and 1 <= int(raw_hand) <= len(lesson.hands):
            hand = int(raw_hand) - 1
        else:
            hand = next((i for i, h in enumerate(lesson.hands) if h.id == raw_hand), None)
    step = 0
    raw_step = (params.get("passo") or "").strip()
    if hand is not None and raw_step.isdigit() and int(raw_step) >= 1:
        step = int(raw_step) - 1
    return Link(lesson.id, hand, step)


def link_params(link: Link) -> dict[str, str]:
    """The query parameters of a position (what a teacher copies)."""
    out = {"lezione": link.lesson}
    if link.hand is not None:
        out["mano"] = str(link.hand + 1)
        out["passo"] = str(link.step + 1)
    return out


def decision_keys(lesson: Lesson) -> list[str]:
    return [f"{lesson.id}/{i}/{d.at}" for i, h in enumerate(lesson.hands) for d in h.decisions]


def question_keys(lesson: Lesson) -> list[str]:
    return [f"{lesson.id}/{q.id}" for q in lesson.questions]


def lesson_progress(lesson: Lesson, answered: set[str]) -> tuple[int, int]:
    """(done, total) over the lesson's decision points and questions."""
    keys = decision_keys(lesson) + question_keys(lesson)
    return sum(1 for k in keys if k in answered), len(keys)


def is_complete(lesson: Lesson, answered: set[str]) -> bool:
    """A lesson is completed when all its questions are answered (right or wrong)."""
    keys = question_keys(lesson) or decision_keys(lesson)
    return all(k in answered for k in keys)


def topic_of(lesson: Lesson, rules: Sequence[str]) -> str:
    """The topic a quiz answer counts for: its first rule, else the lesson."""
    return rules[0] if rules else lesson.id
