"""Lesson data for the UI: loading (cached per locale), progress counting, deep-link parsing,
and a lesson's hands and graded decisions in the session's language.

No widgets here (only the shared caches of the loaded course, of its hands' scripts
and of the coach's verdicts), so the rules that decide "is this lesson done", "which
hand does ``?mano=2`` mean" are tested without a browser, and every page that shows
a lesson's decision (the lessons, the live class, the teacher, the review) grades it
through :func:`grade_decision`, the same way.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from coach.errors import CoachError
from coach.i18n import DEFAULT_LOCALE, N_, Message, Translator
from coach.learning.answers import DecisionAnswer, decision_answer, decision_verdict
from coach.learning.completion import lesson_state
from coach.learning.script import HandScript
from coach.learning.verdict import Verdict
from coach.lessons.loader import (
    course_order,
    default_lessons_dir,
    lesson_paths,
    load_lesson,
    load_lessons,
)
from coach.lessons.problems import LessonLoadError
from coach.lessons.range_grids import chart_grid, chart_share
from coach.lessons.schema import Lesson, RangeChart
from coach.ui import state
from coach.ui.figures import build_range_figure

ANSWERS_KEY = "lesson.answers"  # "lesson/hand/at" -> DecisionAnswer
QUIZ_KEY = "lesson.quiz"  # "lesson/question" -> QuizAnswer


@dataclass(frozen=True)
class Link:
    """A position in the course: lesson id, hand index (None = the text), step index."""

    lesson: str
    hand: int | None = None
    step: int = 0


def lessons_signature(directory: Path | None = None, locale: str = DEFAULT_LOCALE
                      ) -> tuple[tuple[str, float], ...]:
    """The lesson files and their modification times: the cache key for :func:`all_lessons`.

    For another locale the translations (``<dir>/<locale>/NAME``) count too, so
    a new or edited translation is picked up without a restart.
    """
    directory = directory or default_lessons_dir()
    files = lesson_paths(directory)
    if locale != DEFAULT_LOCALE:
        files += [p for p in lesson_paths(directory / locale) if (directory / p.name).is_file()]
    return tuple((str(p.relative_to(directory)), p.stat().st_mtime) for p in files)


def all_lessons(directory: Path | None = None, locale: str = DEFAULT_LOCALE) -> list[Lesson]:
    """The course in ``locale``: each lesson with its translation merged in when there is one.

    A translation that does not load leaves its lesson in Italian rather than
    taking the course down for that language (``lessons check`` fails on it, so
    it does not reach a release); a broken Italian lesson still raises.
    """
    directory = directory or default_lessons_dir()
    if locale == DEFAULT_LOCALE:
        return load_lessons(directory)
    out = []
    for path in lesson_paths(directory):
        try:
            out.append(load_lesson(path, locale=locale))
        except LessonLoadError:
            out.append(load_lesson(path))
    return course_order(out)


@st.cache_resource(show_spinner=False, max_entries=8)
def _course(signature: str, locale: str) -> list[Lesson]:
    return all_lessons(locale=locale)


def course(locale: str = DEFAULT_LOCALE) -> list[Lesson]:
    """The course in ``locale``, cached per locale and loaded again when a file changes.

    Shared by every session (the models are frozen); pages pass the session's
    locale (``state.settings().locale``). The files' signature (a ``stat`` of every lesson and
    translation) is taken at most once every :data:`SIGNATURE_SECONDS` per folder and locale, not
    at each of a page's calls at each click: an edited lesson shows within a second.
    """
    return _course(course_signature(locale), locale)


SIGNATURE_SECONDS = 1.0
_signatures: dict[tuple[Path, str], tuple[float, str]] = {}


def course_signature(locale: str = DEFAULT_LOCALE) -> str:
    """:func:`lessons_signature` of the course folder as a short digest, the key of the process's
    caches (the course, the scripts, the verdicts): taken again at most once every
    :data:`SIGNATURE_SECONDS`, and a short string is cheap for ``st.cache_resource`` to hash."""
    directory = default_lessons_dir()
    key = (directory, locale)
    now = time.monotonic()
    taken = _signatures.get(key)
    if taken is not None and now - taken[0] < SIGNATURE_SECONDS:
        return taken[1]
    files = repr((str(directory), lessons_signature(directory, locale)))
    digest = hashlib.blake2b(files.encode(), digest_size=12).hexdigest()
    _signatures[key] = (now, digest)
    return digest


def parse_link(params: Mapping[str, str], lessons: Sequence[Lesson]) -> Link | None:
    """``?lezione=03-azioni&mano=2&passo=5`` -> Link (1-based in the URL, 0-based here).

    ``lezione`` may be the id or the lesson's number as the course shows it (its
    place, :attr:`Lesson.place`); ``mano`` the hand number or
    its id. Anything unknown is ignored rather than failing the page: a link
    typed by hand on a projector should still open the lesson.
    """
    key = (params.get("lezione") or "").strip()
    if not key:
        return None
    lesson = next((x for x in lessons if x.id == key or str(x.place) == key.lstrip("0")), None)
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


def _shown(text: str) -> str:
    """A piece of a typed URL, safe to put in a sentence (no markdown, bounded)."""
    return re.sub(r"[^\w\-. ]", "", text)[:40]


def link_problems(params: Mapping[str, str], lessons: Sequence[Lesson]) -> list[Message]:
    """What a deep link asks for and the course does not have, in the learner's words.

    :func:`parse_link` opens what it can; these messages say what it could not
    (``?lezione=xyz``, ``mano=99``, ``passo=-5``) instead of silently showing
    something else. A step past the end of a hand is checked by the page, which
    knows the hand's length (:func:`step_problem`).
    """
    key = (params.get("lezione") or "").strip()
    if not key:
        return []
    lesson = next((x for x in lessons if x.id == key or str(x.place) == key.lstrip("0")), None)
    if lesson is None:
        return [Message(N_("The link asks for the lesson «{key}», which does not exist: choose one from "
                           "the list."), {"key": _shown(key)})]
    out: list[Message] = []
    raw_hand = (params.get("mano") or "").strip()
    hand_ok = not raw_hand or (raw_hand.isdigit() and 1 <= int(raw_hand) <= len(lesson.hands)) or any(
        h.id == raw_hand for h in lesson.hands)
    if not hand_ok:
        out.append(Message(N_("Lesson {number} has no hand «{hand}» (its hands: 1 to {count}): here is "
                              "its text."), {"number": str(lesson.place), "hand": _shown(raw_hand),
                                            "count": str(len(lesson.hands))}))
    raw_step = (params.get("passo") or "").strip()
    if hand_ok and raw_hand and raw_step and not (raw_step.isdigit() and int(raw_step) >= 1):
        out.append(Message(N_("«{step}» is not a step number (1, 2, 3...): the hand opens at its first "
                              "step."), {"step": _shown(raw_step)}))
    return out


def step_problem(link: Link, steps: int) -> Message | None:
    """A link's step past the end of its hand (the hand shows its last step)."""
    if link.hand is None or link.step < steps:
        return None
    return Message(N_("Hand {hand} has {count} steps, not {step}: here is the last one."),
                   {"hand": str(link.hand + 1), "count": str(steps), "step": str(link.step + 1)})


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


def is_complete(lesson: Lesson, answered: set[str], right: set[str]) -> bool:
    """A lesson is completed when each of its questions was answered right at least once (``right``:
    the question keys got right); one without questions, when its decisions are answered."""
    return lesson_state(lesson, answered, right).complete


def topic_of(lesson: Lesson, rules: Sequence[str]) -> str:
    """The topic a quiz answer counts for: its first rule, else the lesson."""
    return rules[0] if rules else lesson.id


def lesson_share(lesson: Lesson, answered: set[str]) -> float:
    """How much of a lesson is done: its decision points and questions answered (0 to 1)."""
    keys = set(question_keys(lesson)) | set(decision_keys(lesson))
    if not keys:
        return 0.0
    return len(keys & answered) / len(keys)


# -- the course in the session's language, its hands, and a decision graded (cached per process) --
@st.cache_resource(show_spinner=False, max_entries=4096)
def lesson_verdict(signature: str, locale: str, lesson_id: str, hand: int, at: int,
                   code: str) -> Verdict:
    """The coach's verdict on ``code`` at a lesson's decision point, computed once per process.

    A class answers the same decision points: the analysis of a spot and an
    answer is the same for every learner (it depends on the lesson, its language
    and the code only), so it is worked out once and shared (a frozen Verdict,
    never mutated). The key has the lessons' signature, so an edited lesson is
    analysed again.
    """
    return decision_verdict(script_for_locale(signature, locale, lesson_id, hand), at, code)


@st.cache_resource(show_spinner=False, max_entries=64)
def _script(signature: str, locale: str, lesson_id: str, hand: int) -> HandScript:
    lesson = next(x for x in course(locale) if x.id == lesson_id)
    return HandScript.from_example(lesson.hands[hand])


def lessons() -> list[Lesson]:
    """The course in the session's language (an English translation where there is one)."""
    return course(state.settings().locale)


def script(lesson_id: str, hand: int) -> HandScript:
    """The hand's script (its titles and step texts) in the session's language."""
    locale = state.settings().locale
    return _script(course_signature(locale), locale, lesson_id, hand)


def script_for_locale(signature: str, locale: str, lesson_id: str,
                      hand: int) -> HandScript:
    return _script(signature, locale, lesson_id, hand)


def grade_decision(lesson_id: str, hand_index: int, at: int, code: str,
                   said: Message | None = None) -> DecisionAnswer:
    """A legal ``code`` at a lesson's decision point, graded exactly as the lesson grades it, the
    analysis from the shared cache (the lesson page, the live class and its teacher use this)."""
    locale = state.settings().locale
    verdict = lesson_verdict(course_signature(locale), locale, lesson_id, hand_index, at, code)
    return decision_answer(script(lesson_id, hand_index), at, code, said, verdict)


def section_charts(charts: list[RangeChart], t: Translator) -> None:
    """The section's range charts, two to a row: the coach's own charts, on its 13x13 grid."""
    for start in range(0, len(charts), 2):
        row = charts[start:start + 2]
        for col, chart in zip(st.columns(2), row, strict=False):
            try:
                grid = chart_grid(chart)
            except CoachError as err:  # the lesson check refuses this; never take the page down
                col.warning(err.localized(t))
                continue
            share = t.format_percent(chart_share(grid))
            with col:
                st.plotly_chart(build_range_figure(grid, t, title=chart.title), width="stretch",
                                config={"displayModeBar": False},
                                alt=t("{title}: a 13 by 13 grid of the starting hands; the coloured ones, "
                                      "{share} of all hands, are in the range.",
                                      title=chart.title, share=share))
                st.caption(t("{share} of all starting hands. Pairs on the diagonal, suited hands above it, "
                             "offsuit hands below.", share=share))
