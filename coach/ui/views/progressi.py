"""Progressi: completed lessons, quiz accuracy by topic, decision grades over time."""

from __future__ import annotations

from datetime import UTC, datetime

import streamlit as st
from babel.dates import format_date, format_timedelta

from coach.i18n import NN_, Translator
from coach.learning.review import open_mistakes
from coach.learning.rulenames import RULE_NAMES
from coach.lessons.schema import TOPICS
from coach.store.records import ReviewCard
from coach.ui import state
from coach.ui.coursepath import show_path
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
from coach.ui.widgets import page_header


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

    st.header(t("Lessons"))
    total = len(all_lessons)
    bar, note = st.empty(), st.empty()
    dates = {c.lesson_id: format_date(c.completed_at, format="long", locale=t.locale) for c in done}
    done_ids = show_path(t, all_lessons, s.profile, dates)
    if total:
        bar.progress(len(done_ids) / total, text=t("{done} of {total} lessons completed", done=len(done_ids),
                                                   total=total))
    if not done_ids:
        note.caption(t("No lesson completed yet."))

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
    if topic in RULE_NAMES:  # the rule's name, not its code («Le azioni», not «R07»)
        return t(RULE_NAMES[topic])
    if topic in TOPICS:  # a topic of the course (lessons are Italian data, as RULES' texts are)
        text = TOPICS[topic].split(":", 1)[0]
        return f"{text[:38]}…" if len(text) > 40 else text
    return titles.get(topic, topic)


LEARNT = NN_("{n} card answered right since it was made: it comes back later, to check you remember.",
             "{n} cards answered right since they were made: they come back later, to check you remember.")


def _mistakes(t: Translator, profile: str) -> None:
    """The learner's review cards: what was got wrong, where, and when it comes back."""
    every: list[ReviewCard] = state.load(lambda db: db.review_cards(profile), [])
    cards = open_mistakes(every)  # the count and the rows: one list
    st.header(t("Your mistakes"))
    if len(every) > len(cards):
        st.caption(t.counted(LEARNT, n=len(every) - len(cards)))
    if not cards:
        st.caption(t("No mistakes to review: the decisions graded «imprecisa» or worse in lessons and "
                     "practice will come here."))
        return
    now = datetime.now(UTC)
    st.page_link(target("ripasso"), label=t("Review your mistakes") + f" ({len(cards)})",
                 icon=":material/history_edu:")
    labels = {k: t(v) for k, v in GRADE_LABELS.items()}
    rows = ["| " + t("Where") + " | " + t("Grade") + " | " + t("Reviews") + " | " + t("Comes back") + " |",
            "|---|---|---:|---|"]
    for c in cards:
        when = c.due.replace(tzinfo=UTC)
        back = t("now") if when <= now else format_timedelta(when - now, locale=t.locale, add_direction=True)
        rows.append(f"| {card_origin(c, t)} | {labels.get(c.grade, c.grade)} | {t.format_int(c.reviews)} | "
                    f"{back} |")
    st.markdown("\n".join(rows))
