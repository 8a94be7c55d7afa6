"""The class's answers on the teacher's projector: the bars of a vote, the coach's verdict revealed,
and the results of the whole class (per question, per pupil, as CSV).

Drawn by the teacher's page (:mod:`coach.ui.views.insegnante`), read from the store with
the teacher's secret for the class; the grades are the lessons' own
(:func:`coach.ui.lessons.grade_decision`) or, on a pasted hand, the Replayer's coach.
"""

from __future__ import annotations

import html
import textwrap
from dataclasses import replace

import streamlit as st

from coach.errors import CoachError, InvalidInput
from coach.i18n import NN_, Translator
from coach.lessons.schema import Question
from coach.live import (
    CLASS_OPEN,
    PURGE_DAYS_DEFAULT,
    QUIZ_RIGHT,
    AnswerRow,
    SpotRef,
    distribution,
    per_pupil,
    purge_date,
    purge_days,
    quiz_grade,
    results_csv,
    share_right,
)
from coach.store.records import LiveClass, LiveQuestion
from coach.textsafe import md_text
from coach.ui import state
from coach.ui.figures import GRADE_LABELS, AnswerBar, build_distribution_figure
from coach.ui.lessons import grade_decision, lessons
from coach.ui.live import common
from coach.ui.widgets import link_rules


def answer_bars(q: LiveQuestion, ref: SpotRef, answers: list[tuple[str, str | None]],
          t: Translator) -> list[AnswerBar]:
    if ref.is_quiz:
        try:
            question = common.quiz_question(ref)
        except KeyError:
            question = None
        if question is not None:
            return quiz_bars(question, [a for a, _ in answers], t)
    return [AnswerBar(common.answer_label(ref, b.answer, t, q.hand), b.count, b.grade)
            for b in distribution(answers)]


def quiz_bars(question: Question, answers: list[str], t: Translator) -> list[AnswerBar]:
    """A question's answers: every choice in order (the right one green, «giusta»), or each number given."""
    counts: dict[str, int] = {}
    for a in answers:
        counts[a] = counts.get(a, 0) + 1
    keys = [str(i) for i in range(len(question.choices))] if question.kind == "choice" else sorted(
        counts, key=lambda a: (a != str(question.answer), -counts[a], int(a) if a.isdigit() else 0))
    right = str(question.answer)

    def label(k: str) -> str:  # «A. Anna, con la<br>coppia d'Assi»: short lines stay horizontal on the axis
        text = common.quiz_answer_label(question, k, t)
        if question.kind == "choice":
            text = f"{chr(65 + int(k))}. {text}"
        return "<br>".join(textwrap.wrap(html.escape(text), 22)) or text

    return [AnswerBar(label(k), counts.get(k, 0),
                      quiz_grade(k, question.answer), t("right") if k == right else t("wrong")) for k in keys]


def outcome(q: LiveQuestion, ref: SpotRef, t: Translator) -> None:
    """The class's answers as bars, coloured by the coach's grade, and the share of right answers."""
    key = common.teacher_key(str(state.get(common.TEACHER_CLASS, "")))
    rows = common.read_kept(f"answers.{q.id}", lambda db: db.question_answers(q.id, key), None) \
        or list[AnswerRow]()
    answers = [(r.answer, r.grade) for r in rows]
    if not answers:
        st.header(t("Question {n}: the answers", n=q.number))
        st.info(t("Nobody answered this question."))
    else:
        right = share_right(answers)
        bars = answer_bars(q, ref, answers, t)
        fig = build_distribution_figure(bars, t, large=state.classroom(),
                                        title=t("Question {n}: the answers", n=q.number))
        st.plotly_chart(fig, width="stretch", config={"displayModeBar": False}, key=f"live.chart.{q.id}",
                        theme=None,
                        alt=t("How the class answered: {bars}.", bars="; ".join(
                            f"{b.label} {b.count}" for b in bars)))
        if right is not None:
            share = t.format_percent(right, 0)
            if ref.is_quiz:
                st.markdown("**" + t("Right answers: {share}", share=share) + "**")
            else:
                st.markdown("**" + t("Right answers (excellent or good): {share}", share=share) + "**")


def reveal_verdict(ref: SpotRef, pose: common.Posed, text: str | None, t: Translator) -> None:
    """The best choice with the coach's grade and explanation, and the lesson's own words."""
    authored = ""
    if ref.is_pasted:
        probe = common.pasted_verdict(ref, text, f"p{pose.seat} cc")
        best = f"p{pose.seat} {probe.best_code}" if probe.best_code else f"p{pose.seat} cc"
        v = common.pasted_verdict(ref, text, best)
    else:
        dec = common.decision(ref)
        best_ = dec.best
        if best_ is None:  # the lesson names no best choice: the coach's own
            probe = grade_decision(ref.lesson, ref.hand, ref.at, dec.options[0]).verdict
            best_ = f"p{dec.seat} {probe.best_code}" if probe.best_code else dec.options[0]
        best = best_
        answer = grade_decision(ref.lesson, ref.hand, ref.at, best)
        v = answer.verdict
        authored = answer.authored if not v.authored else ""
    head = t("The coach's verdict: {action}", action=common.answer_label(ref, best, t, text))
    if v.grade_label is not None:
        head += " — " + t.render(v.grade_label)
    st.success(head, icon=":material/verified:")
    if authored:
        st.markdown(authored)
    if v.explanation is not None:
        st.markdown(link_rules(t.render(v.explanation), t))
    for line in v.figures:
        st.markdown("- " + t.render(line))


def results(cls: LiveClass, t: Translator) -> None:
    """Per question (distribution, share right) and per pupil (answers, grades); CSV."""
    key = common.teacher_key(cls.code)
    res = common.read_kept(f"results.{cls.id}", lambda db: db.class_results(cls.id, key), None)
    if res is None:
        return
    if not res.questions:
        st.info(t("No vote yet: the results appear after the first question."))
        return
    spots = {q.number: q.spot for q in res.questions}
    quizzes = _quiz_questions(res.questions)
    # A question's answer in the CSV is its choice's text (or the number), not the choice's index.
    csv_rows = [replace(r, answer=common.quiz_answer_label(quizzes[r.question], r.answer, t))
                if r.question in quizzes else r for r in res.rows]
    st.download_button(t("Download the results (CSV)"), results_csv(csv_rows, spots),
                       file_name=f"classe-{cls.code}.csv", mime="text/csv", key="live.csv",
                       icon=":material/download:")
    _kept_until(cls, t)
    st.header(t("Per question"))
    lines = ["| " + t("Question") + " | " + t("Decision") + " | " + t("Answers") + " | " + t("Right") + " |",
             "|---|---|---:|---:|"]
    labels = {s.ref.key(): s.label for s in [*common.spots(lessons(), t), *common.quiz_spots(lessons(), t)]}
    for q in res.questions:
        if q.spot.startswith("phh:"):
            labels[q.spot] = t("A pasted hand, action {n}", n=SpotRef.parse(q.spot).at + 1)
        answers = [(r.answer, r.grade) for r in res.rows if r.question == q.number]
        right = share_right(answers)
        lines.append(f"| {q.number} | {labels.get(q.spot, q.spot)} | {t.format_int(len(answers))} | "
                     + ("—" if right is None else t.format_percent(right, 0)) + " |")
    st.markdown("\n".join(lines))
    st.header(t("Per pupil"))
    lines = ["| " + t("Pupil") + " | " + t("Answers") + " | " + t("Right") + " | " + t("Grades") + " |",
             "|---|---:|---:|---|"]
    for s in per_pupil(res.pupils, res.rows):
        grades = ", ".join(f"{r.question}: " + _grade_word(r, r.question in quizzes, t)
                           for r in res.rows if r.pupil == s.name)
        name = md_text(s.name)
        lines.append(f"| {name} | {t.format_int(s.answered)} | {t.format_int(s.right)} | {grades or '—'} |")
    st.markdown("\n".join(lines))


def _grade_word(row: AnswerRow, quiz: bool, t: Translator) -> str:
    if quiz:
        return t("right") if row.grade == QUIZ_RIGHT else t("wrong")
    return t(GRADE_LABELS[row.grade]) if row.grade in GRADE_LABELS else "—"


def _quiz_questions(questions: list[LiveQuestion]) -> dict[int, Question]:
    """The class's votes on a lesson's question, by number, with the question (when still in the lessons)."""
    out: dict[int, Question] = {}
    for q in questions:
        if q.spot.startswith("quiz:"):
            try:
                out[q.number] = common.quiz_question(SpotRef.parse(q.spot))
            except (KeyError, CoachError):
                continue
    return out


def _kept_until(cls: LiveClass, t: Translator) -> None:
    """Until when the results stay downloadable: the purge deletes a class some days after it ended."""
    try:
        days = purge_days()
    except InvalidInput:
        days = PURGE_DAYS_DEFAULT
    if cls.closed_at is None and cls.state() == CLASS_OPEN:
        st.caption(t.counted(KEPT_OPEN, n=days))
        return
    ended = min(cls.expires_at, cls.closed_at) if cls.closed_at is not None else cls.expires_at
    st.caption(t("The results stay here, and the CSV can be downloaded, until {date}: then the class, its "
                 "pupils and answers are deleted.", date=purge_date(ended, days).strftime("%d/%m/%Y")))


KEPT_OPEN = NN_("The results stay here, and the CSV can be downloaded, until {n} day after the class ends: "
                "then the class, its pupils and answers are deleted.",
                "The results stay here, and the CSV can be downloaded, until {n} days after the class ends: "
                "then the class, its pupils and answers are deleted.")
