"""Lessons: Italian lesson files (TOML + PHH) loaded, validated against the engine, and drills.

``load_lesson``/``load_lessons`` read files into :class:`Lesson` models;
``check_lessons`` replays every example hand and recomputes every answer;
:mod:`coach.lessons.drills` generates unlimited seeded quizzes.
"""

from coach.lessons.loader import load_lesson, load_lessons
from coach.lessons.problems import LessonLoadError, Problem
from coach.lessons.schema import RULES, Decision, ExampleHand, Lesson, Question, Section, Step
from coach.lessons.validator import check_lessons

__all__ = [
    "RULES",
    "Decision",
    "ExampleHand",
    "Lesson",
    "LessonLoadError",
    "Problem",
    "Question",
    "Section",
    "Step",
    "check_lessons",
    "load_lesson",
    "load_lessons",
]
