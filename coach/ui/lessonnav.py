"""Where the learner is in the course: the lesson, its part (text, a hand, the questions) and the
step of a hand; the bookmark that «riprendi da dove eri» opens, and the deep links
(``?lezione=…&mano=…&passo=…``) read from and written to the URL.

The lesson page (:mod:`coach.ui.views.lezioni`) moves through the course with these;
the home page hands it a position through ``lesson.goto``.
"""

from __future__ import annotations

import streamlit as st

from coach.errors import CoachError
from coach.lessons.schema import Lesson
from coach.ui import state
from coach.ui.lessons import Link, link_params, link_problems, parse_link, script, step_problem

CURRENT = "lesson.current"
PARTS = "lesson.parts"  # lesson id -> part ("text", "hand0", ..., "quiz")
STEPS = "lesson.steps"  # "lesson/hand" -> step
LINK = "lesson.link"
LINK_PROBLEMS = "lesson.link_problems"  # what the last deep link asked for and could not open
WHOLE_PAGE = "lesson.whole_page"  # a click inside the hand asked for the whole page to be drawn again
NOTICE = "lesson.notice"  # the database notice as the page last drew it


def page_drawn() -> None:
    """The whole lesson page is being drawn: what a click in the hand asked for is done.

    A click on ▶/◀, a choice or «riprova» redraws only the hand (a fragment: issue 28, a click's CPU);
    what it changes outside it (the lesson done, the part, the database notice) asks for the whole page.
    """
    st.session_state.pop(WHOLE_PAGE, None)
    st.session_state[NOTICE] = state.db_problem()


def ask_whole_page() -> None:
    """This click changes more than the hand (the next hand, the questions, the lesson completed)."""
    st.session_state[WHOLE_PAGE] = True


def whole_page_wanted() -> bool:
    """Asked by a click, or the database notice would change (a write failed, or works again)."""
    return bool(st.session_state.pop(WHOLE_PAGE, False)) or st.session_state.get(NOTICE) != state.db_problem()


def lesson_parts() -> dict[str, str]:
    """Each lesson's part shown (``text``, ``hand0``, …, ``quiz``), by lesson id."""
    return state.get(PARTS, {})


def hand_steps() -> dict[str, int]:
    """Each hand's step shown, by ``lesson/hand``."""
    return state.get(STEPS, {})


def position(lesson_id: str) -> Link:
    part = lesson_parts().get(lesson_id, "text")
    if part.startswith("hand"):
        hand = int(part[4:])
        return Link(lesson_id, hand, hand_steps().get(f"{lesson_id}/{hand}", 0))
    return Link(lesson_id)


def go_to(link: Link) -> None:
    """Move to a position (lesson, part, step) and remember it as the bookmark."""
    state.put(CURRENT, link.lesson)
    parts = lesson_parts()
    if link.hand is not None:
        parts[link.lesson] = f"hand{link.hand}"
        hand_steps()[f"{link.lesson}/{link.hand}"] = link.step
    elif parts.get(link.lesson, "text").startswith("hand"):
        parts[link.lesson] = "text"
    st.session_state.pop("lesson_pick", None)
    st.session_state.pop(f"lesson_part.{link.lesson}", None)
    ask_whole_page()
    save_bookmark(link)


def open_questions(lesson_id: str) -> None:
    """The course path's «rifai le domande sbagliate»: the lesson opens on its questions (the
    caller switches to the lesson page)."""
    lesson_parts()[lesson_id] = "quiz"
    st.session_state.pop(f"lesson_part.{lesson_id}", None)
    st.session_state["lesson.goto"] = (lesson_id, -1, 0)


def save_bookmark(link: Link) -> None:
    profile = state.settings().profile
    state.save(lambda db: db.save_bookmark(profile, link.lesson, -1 if link.hand is None else link.hand,
                                           link.step))


def apply_incoming(all_: list[Lesson]) -> None:
    """A deep link in the URL, or "riprendi da dove eri" from the home page."""
    goto = st.session_state.pop("lesson.goto", None)
    if goto is not None:
        lesson_id, hand, step = goto
        if any(x.id == lesson_id for x in all_):
            go_to(Link(lesson_id, None if hand < 0 else hand, step))
        return
    raw = {k: (st.query_params.get(k) or "").strip() for k in ("lezione", "mano", "passo")}
    last = state.get(LINK, None)
    if not raw["lezione"] or (last is not None and {k: v for k, v in raw.items() if v} == link_params(last)):
        return  # no link, or the URL this page wrote itself
    problems = link_problems(raw, all_)
    link = parse_link(raw, all_)
    if link is not None and link.hand is not None:
        try:
            problem = step_problem(link, len(script(link.lesson, link.hand)))
        except CoachError:
            problem = None
        if problem is not None:
            problems.append(problem)
    state.put(LINK_PROBLEMS, problems)
    if link is not None and link != last:
        go_to(link)
        state.put(LINK, link)


def sync_url(link: Link) -> None:
    params = link_params(link)
    for k in ("lezione", "mano", "passo"):
        if k in params:
            if st.query_params.get(k) != params[k]:
                st.query_params[k] = params[k]
        elif k in st.query_params:
            del st.query_params[k]
    state.put(LINK, link)
