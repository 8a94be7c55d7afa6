"""Home: welcome, progress summary and "riprendi da dove eri"."""

from __future__ import annotations

import streamlit as st

from coach.i18n import Translator
from coach.ui import state
from coach.ui.lessons import course
from coach.ui.widgets import page_header, play_money_note


def render() -> None:
    t = state.tr()
    s = state.settings()
    page_header(t("Texas Hold'em Coach"),
                t("Learn No-Limit Texas Hold'em step by step, with a coach that explains every choice."))
    st.markdown(t("Welcome, {name}! Here you learn the rules on real hands, play against the "
                  "coach's bots and get every decision graded with honest numbers: pot odds, "
                  "equity, chips won or lost.", name=state.profile_label(s.profile, t)))
    summary = state.load(lambda db: db.summary(s.profile), None)
    if summary is not None:
        c1, c2, c3 = st.columns(3)
        c1.metric(t("Lessons completed"), summary.lessons_completed)
        accuracy = (t.format_percent(summary.quiz_correct / summary.quiz_answered, 0)
                    if summary.quiz_answered else "—")
        c2.metric(t("Quiz answers right"), accuracy)
        c3.metric(t("Decisions graded"), summary.decisions)
        if summary.bookmark is not None:
            b = summary.bookmark
            if st.button(t("Resume where you left off"), type="primary", key="home_resume",
                         icon=":material/play_arrow:"):
                st.session_state["lesson.goto"] = (b.lesson_id, b.hand, b.step)
                st.switch_page("coach/ui/pages/lezioni.py")
    _course(t, s.profile)
    col1, col2, col3 = st.columns(3)
    col1.page_link("coach/ui/pages/lezioni.py", label=t("Start with the lessons"), icon=":material/school:")
    col2.page_link("coach/ui/pages/pratica.py", label=t("Play a hand"), icon=":material/playing_cards:")
    col3.page_link("coach/ui/pages/quiz.py", label=t("Test yourself"), icon=":material/quiz:")
    play_money_note()


def _course(t: Translator, profile: str) -> None:
    """The course at a glance: lessons in order, ticked when done, and the next one to take."""
    try:
        all_ = course(state.settings().locale)
    except Exception:  # a broken lesson file: the lessons page says which
        return
    done = state.load(lambda db: {c.lesson_id for c in db.completed_lessons(profile)}, set[str]())
    if not all_:
        return
    st.header(t("The course"))
    st.progress(len(done & {x.id for x in all_}) / len(all_),
                text=t("{done} of {total} lessons completed", done=len(done & {x.id for x in all_}),
                       total=len(all_)))
    # Every lesson is a link to it (a click opens the lesson, not just reads its title).
    for x in all_:
        st.page_link("coach/ui/pages/lezioni.py", label=f"{x.place}. {x.title}",
                     icon=":material/check_circle:" if x.id in done else ":material/radio_button_unchecked:",
                     query_params={"lezione": x.id},
                     help=t("Completed") if x.id in done else t("Not completed yet"))
    nxt = next((x for x in all_ if x.id not in done), None)
    label = t("Next lesson: {title}", title=str(nxt.place) + ". " + nxt.title) if nxt is not None else ""
    if nxt is not None and st.button(label, key="home_next_lesson", icon=":material/school:"):
        st.session_state["lesson.goto"] = (nxt.id, -1, 0)
        st.switch_page("coach/ui/pages/lezioni.py")
