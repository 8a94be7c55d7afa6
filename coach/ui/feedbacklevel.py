"""How much the coach says after a decision: *Essenziale* or *Con i numeri*.

A beginner in lesson 1 needs the grade and one plain sentence, not equity and
range grids; a practice player wants the numbers. The learner chooses in
Impostazioni (``Settings.feedback_level``); «as the lesson says» (the default)
takes the lesson's ``feedback_level`` (lessons 1 to 4 say ``essential``), and a
lesson that says nothing, or a page that is no lesson (practice, review), shows
the numbers. No widgets here: the rule is tested on its own.
"""

from __future__ import annotations

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
