"""Progressi: completed lessons, quiz accuracy by topic, decision grades over time."""

from __future__ import annotations

from datetime import UTC, datetime

import streamlit as st
from babel.dates import format_date, format_timedelta

from coach.i18n import Translator
from coach.lessons.schema import RULES, TOPICS
from coach.store.records import ReviewCard
from coach.ui import state
from coach.ui.drills import DRILL_LABELS
from coach.ui.figures import (
    GRADE_LABELS,
    GradePoint,
    TopicScore,
    build_grades_figure,
    build_quiz_figure,
)
from coach.ui.lessons import lessons
from coach.ui.navigation import target
from coach.ui.review import card_origin
from coach.ui.widgets import course_links, page_header


def render() -> None:
    t = state.tr()
    s = state.settings()
    page_header(t("Progress"), t("Profile: {name}", name=state.display_label(t, markdown=True)))
    read = state.load(lambda db: (db.completed_lessons(s.profile), db.quiz_accuracy(s.profile),
                                  db.decisions(s.profile)), None)
    if read is None:  # the notice at the top says why
        return
    done, topics, decisions = read
    try:
        all_lessons = lessons()
    except Exception:
        all_lessons = []
    titles = {x.id: f"{x.place}. {x.title}" for x in all_lessons}
    done_ids = {c.lesson_id for c in done}

    st.header(t("Lessons"))
    total = len(all_lessons)
    if total:
        n_done = len(done_ids & set(titles))
        st.progress(n_done / total, text=t("{done} of {total} lessons completed", done=n_done, total=total))
    if not done:
        st.caption(t("No lesson completed yet."))
    answer_keys: set[str] = state.load(lambda db: set(db.lesson_answers(s.profile)), set())
    dates = {c.lesson_id: format_date(c.completed_at, format="long", locale=t.locale) for c in done}
    course_links(t, all_lessons, done_ids, answer_keys, dates)

    _mistakes(t, s.profile)

    st.header(t("Quizzes"))
    if topics:
        scores = [TopicScore(_topic_label(x.topic, titles, t), x.answered, x.correct) for x in topics]
        right = sum(x.correct for x in topics)
        answered = sum(x.answered for x in topics)
        st.metric(t("Right answers"), t.format_percent(right / answered, 0),
                  help=t("{right} of {answered} answers", right=right, answered=answered))
        st.plotly_chart(build_quiz_figure(scores, t), width="stretch", config={"displayModeBar": False},
                        alt=t("Quiz accuracy by topic: {summary}", summary="; ".join(
                            f"{x.topic} {t.format_percent(x.correct / x.answered if x.answered else 0, 0)}"
                            for x in scores)))
    else:
        st.caption(t("No quiz answered yet."))

    st.header(t("Decisions"))
    if decisions:
        labels = {k: t(v) for k, v in GRADE_LABELS.items()}
        points = [GradePoint(d.decided_at, d.grade) for d in decisions]
        good = sum(1 for d in decisions if d.grade in ("ottima", "buona"))
        st.metric(t("Good or excellent decisions"), t.format_percent(good / len(decisions), 0),
                  help=t("{good} of {total} decisions", good=good, total=len(decisions)))
        st.plotly_chart(build_grades_figure(points, labels, t), width="stretch",
                        config={"displayModeBar": False},
                        alt=t("Your {total} graded decisions over time; {good} good or excellent.",
                              total=len(decisions), good=good))
    else:
        st.caption(t("No decision graded yet: play a hand or a lesson."))


def _topic_label(topic: str, titles: dict[str, str], t: Translator) -> str:
    if topic.startswith("drill:") and topic[6:] in DRILL_LABELS:
        return t("Quiz: {kind}", kind=t(DRILL_LABELS[topic[6:]]))
    if topic in RULES:
        text = RULES[topic]
        return f"{topic} · {text[:38]}…" if len(text) > 40 else f"{topic} · {text}"
    if topic in TOPICS:  # a topic of the course (lessons are Italian data, as RULES' texts are)
        text = TOPICS[topic].split(":", 1)[0]
        return f"{text[:38]}…" if len(text) > 40 else text
    return titles.get(topic, topic)


def _mistakes(t: Translator, profile: str) -> None:
    """The learner's review cards: what was got wrong, where, and when it comes back."""
    cards: list[ReviewCard] = state.load(lambda db: db.review_cards(profile), [])
    st.header(t("Your mistakes"))
    if not cards:
        st.caption(t("No mistakes to review: the decisions graded «imprecisa» or worse in lessons and "
                     "practice will come here."))
        return
    now = datetime.now(UTC)
    due = sum(1 for c in cards if c.due.replace(tzinfo=UTC) <= now)
    st.page_link(target("ripasso"), label=t("Review your mistakes") + f" ({due})",
                 icon=":material/history_edu:")
    labels = {k: t(v) for k, v in GRADE_LABELS.items()}
    rows = ["| " + t("Where") + " | " + t("Grade") + " | " + t("Reviews") + " | " + t("Comes back") + " |",
            "|---|---|---:|---|"]
    for c in cards[:50]:
        when = c.due.replace(tzinfo=UTC)
        back = t("now") if when <= now else format_timedelta(when - now, locale=t.locale, add_direction=True)
        rows.append(f"| {card_origin(c, t)} | {labels.get(c.grade, c.grade)} | {t.format_int(c.reviews)} | "
                    f"{back} |")
    st.markdown("\n".join(rows))
