"""The course path with what each lesson still misses: done only with every question right once.

The home page, «Progressi» and the lesson page read the same thing here: which lessons are
done (:func:`coach.learning.completion.completed`: each question answered right at least once,
in the lesson or in «Ripasso») and, for a lesson started and not done, a sentence and a
button to its questions («3 domande su 5 giuste: rifai le 2 sbagliate»).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import streamlit as st

from coach.i18n import NN_, Translator
from coach.learning.completion import LessonState, completed, lesson_state
from coach.lessons.schema import Lesson
from coach.ui import feedbacklevel, lessonnav, state
from coach.ui.feedbacklevel import Level
from coach.ui.navigation import target
from coach.ui.widgets import course_links

REDO = NN_("redo the wrong one", "redo the {n} wrong ones")
TO_ANSWER = NN_("answer the one left", "answer the {n} left")


def right_keys(profile: str) -> set[str]:
    """The lesson questions this profile answered right at least once (empty if the store is down)."""
    return state.load(lambda db: db.questions_right(profile), set[str]())


def done_ids(all_: Sequence[Lesson], profile: str, answered: set[str], right: set[str]) -> set[str]:
    """The lessons done, by the rule (questions right once; the marks for lessons without any)."""
    marked = state.load(lambda db: {c.lesson_id for c in db.completed_lessons(profile)}, set[str]())
    return completed(all_, answered, right, marked)


def learner_feedback(all_: Sequence[Lesson]) -> tuple[Level, bool]:
    """The feedback level and whether the price line shows its percentage on a page that is no
    lesson (Pratica, the Ripasso's own cards): they follow the learner's next lesson
    (:func:`coach.ui.feedbacklevel.learner_level`)."""
    settings = state.settings()
    profile = settings.profile
    answered: set[str] = state.load(lambda db: set(db.lesson_answers(profile)), set[str]())
    done = done_ids(all_, profile, answered, right_keys(profile))
    level = feedbacklevel.learner_level(settings.feedback_level, all_, done)
    reached = feedbacklevel.next_lesson(all_, done)
    odds = feedbacklevel.shows_odds(settings.feedback_level, level, all_, reached)
    return level, odds


def missing_text(where: LessonState, t: Translator) -> str:
    """What a lesson still misses, in words: «3 domande su 5 giuste: rifai le 2 sbagliate»."""
    head = t("{right} of {total} questions right", right=len(where.right), total=where.total)
    parts = []
    if where.wrong:
        parts.append(t.counted(REDO, n=len(where.wrong)))
    if where.unanswered:
        parts.append(t.counted(TO_ANSWER, n=len(where.unanswered)))
    return head + (": " + "; ".join(parts) if parts else "")


def show_path(t: Translator, all_: Sequence[Lesson], profile: str,
              completed_on: Mapping[str, str] | None = None) -> set[str]:
    """The course path (every lesson, ticked when done), then each started lesson's missing
    questions with a button that opens them; the lessons done, for the caller's counts."""
    answered: set[str] = state.load(lambda db: set(db.lesson_answers(profile)), set[str]())
    right = right_keys(profile)
    done = done_ids(all_, profile, answered, right)
    course_links(t, all_, done, answered, completed_on)
    for lesson in all_:
        where = lesson_state(lesson, answered, right)
        if lesson.id in done or not lesson.questions or not where.started:
            continue
        label = t("Lesson {n}: {missing}", n=lesson.place, missing=missing_text(where, t))
        if st.button(label, key=f"path.missing.{lesson.id}", icon=":material/replay:",
                     help=t("Open the questions of «{title}»", title=lesson.title)):
            lessonnav.open_questions(lesson.id)
            st.switch_page(target("lezioni"))
    return done
