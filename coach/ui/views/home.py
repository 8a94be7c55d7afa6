"""Home: welcome, progress summary and "riprendi da dove eri"."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import streamlit as st

from coach.habit import Habit, habit
from coach.i18n import NN_, Translator
from coach.lessons.schema import Lesson
from coach.ui import state
from coach.ui.coursepath import done_ids, right_keys, show_path
from coach.ui.lessons import course
from coach.ui.navigation import target
from coach.ui.widgets import page_header, play_money_note


def render() -> None:
    t = state.tr()
    s = state.settings()
    page_header(t("Texas Hold'em Coach"),
                t("Learn No-Limit Texas Hold'em step by step, with a coach that explains every choice."))
    st.markdown(t("Welcome, {name}! Here you learn the rules on real hands, play against the "
                  "coach's bots and get every decision graded, with its reason in plain words.",
                  name=state.display_label(t, markdown=True)))
    all_ = _course_or_none(s.locale)
    done = _done(all_, s.profile) if all_ else set()
    _next_lesson(t, all_, done)  # first on a phone's screen: where the learner goes on
    summary = state.load(lambda db: db.summary(s.profile), None)
    if summary is not None:
        c1, c2, c3 = st.columns(3)
        c1.metric(t("Lessons completed"), _lessons_done(s.profile))
        accuracy = (t.format_percent(summary.quiz_correct / summary.quiz_answered, 0)
                    if summary.quiz_answered else "—")
        c2.metric(t("Quiz answers right"), accuracy)
        c3.metric(t("Decisions graded"), summary.decisions)
        if summary.bookmark is not None:
            b = summary.bookmark
            if st.button(t("Resume where you left off"), type="primary", key="home_resume",
                         icon=":material/play_arrow:"):
                st.session_state["lesson.goto"] = (b.lesson_id, b.hand, b.step)
                st.switch_page(target("lezioni"))
    _today(t, s.profile, s.daily_goal)
    _course(t, s.profile)
    col1, col2, col3 = st.columns(3)
    col1.page_link(target("lezioni"), label=t("Start with the lessons"), icon=":material/school:")
    col2.page_link(target("pratica"), label=t("Play a hand"), icon=":material/playing_cards:")
    col3.page_link(target("quiz"), label=t("Test yourself"), icon=":material/quiz:")
    play_money_note()


def _course(t: Translator, profile: str) -> None:
    """The course at a glance: lessons in order, ticked when done, and the next one to take."""
    try:
        all_ = course(state.settings().locale)
    except Exception:  # a broken lesson file: the lessons page says which
        return
    if not all_:
        return
    st.header(t("The course"))
    bar = st.empty()
    done = show_path(t, all_, profile)
    bar.progress(len(done) / len(all_), text=t("{done} of {total} lessons completed", done=len(done),
                                                   total=len(all_)))


def _course_or_none(locale: str) -> list[Lesson]:
    try:
        return list(course(locale))
    except Exception:  # a broken lesson file: the lessons page says which
        return []


def _done(all_: list[Lesson], profile: str) -> set[str]:
    answered: set[str] = state.load(lambda db: set(db.lesson_answers(profile)), set[str]())
    return done_ids(all_, profile, answered, right_keys(profile))


def _next_lesson(t: Translator, all_: list[Lesson], done: set[str]) -> None:
    """«Prossima lezione: 3. Le azioni», at the top of Home (on a phone, on its first screen)."""
    nxt = next((x for x in all_ if x.id not in done), None)
    if nxt is None:
        return
    label = t("Next lesson: {title}", title=str(nxt.place) + ". " + nxt.title)
    if st.button(label, key="home_next_lesson", icon=":material/school:", type="primary"):
        st.session_state["lesson.goto"] = (nxt.id, -1, 0)
        st.switch_page(target("lezioni"))


DUE_TODAY = NN_("{n} mistake to review today", "{n} mistakes to review today")
TODAY = NN_("Today: {done} decision of {goal}", "Today: {done} decisions of {goal}")
GOAL_MET = NN_("Today's goal reached: {done} decision (goal {goal})",
               "Today's goal reached: {done} decisions (goal {goal})")
STREAK = NN_("{n} day in a row at your goal", "{n} days in a row at your goal")


def today_text(h: Habit, t: Translator) -> str:
    """The day against the goal: «Oggi: 4 decisioni su 10», and once met, no «29 su 10»."""
    if h.met_today:
        return t.counted(GOAL_MET, "done", done=h.today, goal=h.goal)
    return t.counted(TODAY, "done", done=h.today, goal=h.goal)


def _lessons_done(profile: str) -> int:
    """The lessons done by the course's rule (every question right once), as the path counts them."""
    try:
        all_ = course(state.settings().locale)
    except Exception:  # a broken lesson file: the lessons page says which
        return 0
    answered: set[str] = state.load(lambda db: set(db.lesson_answers(profile)), set[str]())
    return len(done_ids(all_, profile, answered, right_keys(profile)))


def _today(t: Translator, profile: str, goal: int) -> None:
    """Mistakes to review today, and the daily goal with its streak (sober: no prizes, no money)."""
    now = datetime.now(UTC)
    tz = state.learner_tz()
    due = state.load(lambda db: db.count_due_cards(profile, now), 0)
    days: dict[str, int] = state.load(lambda db: db.decision_days(profile, now - timedelta(days=400), tz), {})
    h = habit(days, now.astimezone(tz).date(), goal)
    with st.container(border=True):
        left, right = st.columns(2, vertical_alignment="center")
        with left:
            if due:
                st.markdown("**" + t.counted(DUE_TODAY, n=due) + "**")
                st.page_link(target("ripasso"), label=t("Review them now"),
                             icon=":material/history_edu:")
            else:
                st.markdown(t("No mistakes to review today."))
                st.caption(t("A decision graded «imprecisa» or worse comes back here to be answered again."))
        with right:
            st.progress(h.share, text=today_text(h, t))
            if h.streak:
                st.caption(t.counted(STREAK, n=h.streak))
            else:
                st.caption(t("Reach your goal today to start a streak (goal in Settings)."))
