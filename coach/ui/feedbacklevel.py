"""How much the coach says after a decision: *Essenziale* or *Con i numeri*.

A beginner in lesson 1 needs the grade and one plain sentence, not equity and
range grids; a practice player wants the numbers. The learner chooses in
Impostazioni (``Settings.feedback_level``); «as the lesson says» (the default)
takes the lesson's ``feedback_level`` (lessons 1 to 4 say ``essential``), and a
lesson that says nothing, or a page that is no lesson, shows the numbers. Pratica
and the Ripasso follow the learner: «as the lesson says» is the level of the next
lesson he has to take (:func:`learner_level`), so a beginner who has done lesson 2
practises at the essential level. No number is shown before the lesson that
teaches it: the price of a call as a percentage waits for the lesson whose rules
name ``pot-odds`` (:func:`shows_odds`). No widgets here: the rule is tested on its own.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Literal

from coach.i18n import N_
from coach.lessons.schema import Lesson

Level = Literal["essential", "numbers"]
ESSENTIAL: Level = "essential"
NUMBERS: Level = "numbers"

# The three choices of Impostazioni, in the order the page shows them.
SETTING_LABELS = {
    "lesson": N_("As the lesson says"),
    "essential": N_("Essential"),
    "numbers": N_("With the numbers"),
}


def lesson_level(lesson: Lesson | None) -> Level:
    """The level a lesson asks for: its ``feedback_level``, else the numbers (also with no lesson)."""
    if lesson is not None and lesson.feedback_level == ESSENTIAL:
        return ESSENTIAL
    return NUMBERS


def resolve(setting: str, lesson: Lesson | None = None) -> Level:
    """The level shown: the learner's own choice wins; «as the lesson says» follows the lesson."""
    if setting == ESSENTIAL:
        return ESSENTIAL
    if setting == NUMBERS:
        return NUMBERS
    return lesson_level(lesson)


POT_ODDS = "pot-odds"  # the rule a lesson names when it teaches the percentage a call needs


def next_lesson(course: Sequence[Lesson], done: Collection[str]) -> Lesson | None:
    """The first lesson of the course the learner has not done (None when he has done them all)."""
    return next((x for x in course if x.id not in done), None)


def learner_level(setting: str, course: Sequence[Lesson], done: Collection[str]) -> Level:
    """The level of a page that is no lesson (Pratica, the Ripasso): the learner's own choice, or
    «as the lesson says» for the next lesson he has to take; the numbers once the course is done."""
    if setting in (ESSENTIAL, NUMBERS):
        return resolve(setting)
    nxt = next_lesson(course, done)
    return NUMBERS if nxt is None else lesson_level(nxt)


def teaches(course: Sequence[Lesson], rule: str) -> Lesson | None:
    """The first lesson whose rules name ``rule`` (the lesson that teaches it)."""
    return next((x for x in course if rule in x.rules), None)


def shows_odds(setting: str, level: Level, course: Sequence[Lesson], reached: Lesson | None) -> bool:
    """Whether the price line shows the percentage a call needs: only at the numbers level, and
    (unless the learner chose «Con i numeri» himself) from the lesson that teaches pot odds on.
    ``reached`` is the lesson being read, or the learner's next lesson on a page that is no lesson
    (None: the course is done, or the page has no course behind it)."""
    if level != NUMBERS:
        return False
    if setting == NUMBERS or reached is None:
        return True
    teacher = teaches(course, POT_ODDS)
    return teacher is None or reached.place >= teacher.place


def lesson_odds(setting: str, lesson: Lesson, course: Sequence[Lesson]) -> bool:
    """:func:`shows_odds` on a lesson's own page, at the level that lesson resolves to."""
    return shows_odds(setting, resolve(setting, lesson), course, lesson)
