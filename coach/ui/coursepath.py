"""The course path with what each lesson still misses: done only with every question right once.

The home page, «Progressi» and the lesson page read the same thing here: which lessons are
done (:func:`coach.learning.completion.completed`: each question answered right at least once,
in the lesson or in «Ripasso») and, for a lesson started and not done, a sentence and a
button to its questions («3 domande su 5 giuste: rifai le 2 sbagliate»).
"""

from __future__ import annotations

import time
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


# The lesson page asks at every click (▶, an answer) which lessons are done, to tick them in its
# list: two reads of the store and the rule over the whole course each time (issue 28). What the
# store says is kept in the session for STORED_SECONDS (another tab or device of the profile is
# seen within that time) and dropped at once by this session's own writes (forget_stored); the
# rule runs again only when its inputs change.
STORED_SECONDS = 15.0
_STORED = "coursepath.stored"
_DONE = "coursepath.done"


def stored_progress(profile: str) -> tuple[frozenset[str], frozenset[str]]:
    """(the questions answered right once, the lessons marked done) as the store says, kept a while."""
    kept = st.session_state.get(_STORED)
    now = time.monotonic()
    if kept is not None and kept[0] == profile and now - kept[1] < STORED_SECONDS:
        return kept[2], kept[3]
    right = state.read(lambda db: frozenset(db.questions_right(profile)))
    marked = state.read(lambda db: frozenset(c.lesson_id for c in db.completed_lessons(profile)))
    got = (right.value or frozenset[str](), marked.value or frozenset[str]())
    if not right.failed and not marked.failed:  # a failed read is tried again at the next click
        st.session_state[_STORED] = (profile, now, *got)
    return got


def forget_stored() -> None:
    """This session wrote progress: the next :func:`stored_progress` reads the store again."""
    st.session_state.pop(_STORED, None)


def done_ids_kept(all_: Sequence[Lesson], signature: str, profile: str, answered: set[str],
                  right_here: set[str]) -> set[str]:
    """:func:`done_ids` for a page that asks at every click: the store's part from
    :func:`stored_progress`, the rule worked out again only when the course (its ``signature``),
    the answers or the questions right change."""
    right, marked = stored_progress(profile)
    key = (signature, profile, frozenset(answered), frozenset(right_here), right, marked)
    kept = st.session_state.get(_DONE)
    if kept is not None and kept[0] == key:
        return set(kept[1])
    done = completed(all_, answered, right | right_here, marked)
    st.session_state[_DONE] = (key, frozenset(done))
    return done


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
