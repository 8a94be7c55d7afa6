"""The class's answers on the teacher's projector: the bars of a vote, the coach's verdict revealed,
and the results of the whole class (per question, per pupil, names hidden on request; as .xlsx and CSV,
:mod:`coach.live_export`).

Drawn by the teacher's page (:mod:`coach.ui.views.insegnante`), read from the store with
the teacher's secret for the class; the grades are the lessons' own
(:func:`coach.ui.lessons.grade_decision`) or, on a pasted hand, the Replayer's coach.
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Callable
from datetime import UTC, datetime

import streamlit as st

from coach.errors import CoachError, InvalidInput
from coach.i18n import NN_, Translator
from coach.learning.judge import best_choice
from coach.learning.verdict import lesson_authored, option_code
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
    share_right,
)
from coach.live_export import (
    CSV_MIME,
    NO_ANSWER,
    XLSX_MIME,
    ExportQuestion,
    ExportRow,
    export_rows,
    file_name,
    pupil_aliases,
    results_csv,
    results_xlsx,
)
from coach.store.records import LiveClass, LiveQuestion
from coach.textsafe import md_text
from coach.ui import state
from coach.ui.figures import GRADE_LABELS, AnswerBar
from coach.ui.lessons import grade_decision, lessons
from coach.ui.live import common
from coach.ui.verdict import bold_line, point, without_text
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


def reveal_verdict(ref: SpotRef, pose: common.Posed, text: str | None, t: Translator) -> None:
    """The best choice with the coach's grade, one line to take away (the lesson's point for it, else
    the coach's plain sentence) and, folded under it, the lesson's words, the explanation and figures."""
    lesson_text = ""
    if ref.is_pasted:  # the judge's best choice, read off the spot's analysis (no option graded first)
        best_opt = best_choice(common.hand_at_spot(ref, text))
        best = f"p{pose.seat} {best_opt or 'cc'}"
        v = common.pasted_verdict(ref, text, best)
    else:
        dec = common.decision(ref)
        best_ = dec.best
        if best_ is None:  # the lesson names no best choice: the judge's, with the lesson's grades laid over
            sc = common.script(ref)
            best_opt = best_choice(common.hand_at_spot(ref), authored=lesson_authored(dec),
                                   profiles=sc.profiles)
            best_ = f"p{dec.seat} {best_opt}" if best_opt else dec.options[0]
        best = best_
        answer = grade_decision(ref.lesson, ref.hand, ref.at, best)
        v = answer.verdict
        lesson_text = answer.authored
    head = t("The coach's verdict: {action}", action=common.answer_label(ref, best, t, text))
    if v.grade_label is not None:
        head += " — " + t.render(v.grade_label)
    st.success(head, icon=":material/verified:")
    # The coach's headline names its own best choice: said only where it is the one revealed.
    agrees = v.best_code is None or v.best_code == option_code(best)
    line = point(lesson_text, v.headline if agrees else None, t)
    if line and not lesson_text and agrees and v.reason is not None:  # the coach's sentence and its why
        line += " " + t.render(v.reason)
    if line:
        with st.container(key="reveal_takeaway"):
            st.markdown(bold_line(line, t))
    with st.expander(t("Details"), expanded=False, icon=":material/expand_more:"):
        if lesson_text:
            st.markdown(lesson_text)
        explanation = without_text(v.explanation, lesson_text)
        if explanation is not None:
            st.markdown(link_rules(t.render(explanation), t))
        for fig in v.figures:
            st.markdown("- " + t.render(fig))


def results(cls: LiveClass, t: Translator) -> None:
    """Per question (answers, non-answers, share right) and per pupil (answers, grades), the names
    hidden on request («Nascondi i nomi»); the answers as .xlsx and CSV."""
    key = common.teacher_key(cls.code)
    res = common.read_kept(f"results.{cls.id}", lambda db: db.class_results(cls.id, key), None)
    if res is None:
        return
    if not res.questions:
        st.info(t("No vote yet: the results appear after the first question."))
        return
    quizzes = _quiz_questions(res.questions)
    labels = {s.ref.key(): s.label for s in [*common.spots(lessons(), t), *common.quiz_spots(lessons(), t)]}
    for q in res.questions:
        if q.spot.startswith("phh:"):
            labels[q.spot] = t("A pasted hand, action {n}", n=SpotRef.parse(q.spot).at + 1)
    questions = [ExportQuestion(q.number, _question_text(q, labels, quizzes), _local(q.opened_at))
                 for q in res.questions]
    rows = export_rows(questions, res.pupils, res.rows, _answer_words(res.questions, quizzes, t),
                       lambda r: _grade_word(r, r.question in quizzes, t))
    files, hide = st.columns([3, 1], vertical_alignment="center")
    with files:
        _downloads(cls, rows, t)
    with hide:
        hidden = _hide_names_toggle(t)
    _kept_until(cls, t)
    st.header(t("Per question"))
    lines = ["| " + t("Question") + " | " + t("Decision") + " | " + t("Answers") + " | " + t("No answer")
             + " | " + t("Right") + " |", "|---|---|---:|---:|---:|"]
    for q in res.questions:
        answers = [(r.answer, r.grade) for r in res.rows if r.question == q.number]
        silent = sum(1 for r in rows if r.question == q.number and r.answer is None)
        right = "—" if (share := share_right(answers)) is None else t.format_percent(share, 0)
        lines.append(f"| {q.number} | {labels.get(q.spot, q.spot)} | {t.format_int(len(answers))} | "
                     f"{t.format_int(silent)} | {right} |")
    st.markdown("\n".join(lines))
    st.header(t("Per pupil"))
    shown = pupil_aliases(res.pupils, t) if hidden else {name: name for name in res.pupils}
    lines = ["| " + t("Pupil") + " | " + t("Answers") + " | " + t("Right") + " | " + t("Grades") + " |",
             "|---|---:|---:|---|"]
    summaries = per_pupil(res.pupils, res.rows)
    for s in [s for s in summaries if s.answered]:
        grades = ", ".join(f"{r.question}: " + _grade_word(r, r.question in quizzes, t)
                           for r in res.rows if r.pupil == s.name)
        lines.append(f"| {md_text(shown[s.name])} | {t.format_int(s.answered)} | {t.format_int(s.right)} | "
                     f"{grades or '—'} |")
    # Who answered nothing is listed as such, after the others: never «0 right» among them.
    for s in [s for s in summaries if not s.answered]:
        lines.append(f"| {md_text(shown[s.name])} | — | — | {t(NO_ANSWER)} |")
    st.markdown("\n".join(lines))


HIDE_NAMES = "live.results.hide_names"  # the teacher's choice, kept while the view is not drawn
HIDE_NAMES_WIDGET = "live.results.hide_names.widget"


def _hide_names_toggle(t: Translator) -> bool:
    """«Nascondi i nomi»: pupils become «Alunno 1», «Alunno 2»… (in the order they joined). The
    choice outlives a switch to another view (a widget's own state is dropped when it is not drawn),
    so the names never come back on the projector by surprise."""
    if HIDE_NAMES_WIDGET not in st.session_state:
        st.session_state[HIDE_NAMES_WIDGET] = bool(st.session_state.get(HIDE_NAMES, False))
    st.toggle(t("Hide the names"), key=HIDE_NAMES_WIDGET, on_change=_remember_hide_names,
              help=t("On the projector: each pupil shows as «Pupil 1», «Pupil 2»… The files keep the names."))
    return bool(st.session_state[HIDE_NAMES_WIDGET])


def _remember_hide_names() -> None:
    st.session_state[HIDE_NAMES] = bool(st.session_state.get(HIDE_NAMES_WIDGET, False))


def _downloads(cls: LiveClass, rows: list[ExportRow], t: Translator) -> None:
    """The answers as a spreadsheet and as a CSV for the locale, made when clicked (no rerun)."""
    day = (_local(cls.created_at) or cls.created_at).date()
    xlsx, text = st.columns(2)
    xlsx.download_button(t("Download the results (Excel)"), lambda: results_xlsx(rows, t),
                         file_name=file_name(cls.code, day, "xlsx"), mime=XLSX_MIME, key="live.xlsx",
                         on_click="ignore", icon=":material/table_view:", width="stretch")
    text.download_button(t("Download the results (CSV)"), lambda: results_csv(rows, t),
                         file_name=file_name(cls.code, day, "csv"), mime=CSV_MIME, key="live.csv",
                         on_click="ignore", icon=":material/download:", width="stretch")


def _local(when: datetime | None) -> datetime | None:
    """A time from the store (UTC) in the teacher's time zone, as the teacher's clock shows it."""
    if when is None:
        return None
    aware = when if when.tzinfo is not None else when.replace(tzinfo=UTC)
    return aware.astimezone(state.learner_tz()).replace(tzinfo=None)


def _question_text(q: LiveQuestion, labels: dict[str, str], quizzes: dict[int, Question]) -> str:
    """What the class was asked, as a line of a file: a lesson's question's text, or the decision's
    place in the course and its prompt (never the spot's id)."""
    if q.number in quizzes:
        return " ".join(quizzes[q.number].prompt.split())
    label = labels.get(q.spot, q.spot)
    if not q.spot.startswith("lesson:"):
        return label
    try:
        prompt = " ".join(common.decision(SpotRef.parse(q.spot)).prompt.split())
    except (KeyError, IndexError, CoachError):
        return label
    return f"{label} — {prompt}" if prompt else label


def _answer_words(questions: list[LiveQuestion], quizzes: dict[int, Question],
                  t: Translator) -> Callable[[AnswerRow], str]:
    """A stored answer in words with the coach's own labels («Rilancio a 60», «Call 20», «Fold»; a
    question's choice by its text), each distinct answer worded once."""
    by_number = {q.number: q for q in questions}
    said: dict[tuple[int, str], str] = {}

    def words(r: AnswerRow) -> str:
        if (r.question, r.answer) not in said:
            q = by_number.get(r.question)
            if r.question in quizzes:
                text = common.quiz_answer_label(quizzes[r.question], r.answer, t)
            elif q is None:
                text = r.answer
            else:
                try:
                    text = common.answer_label(SpotRef.parse(q.spot), r.answer, t, q.hand)
                except CoachError:
                    text = r.answer
            said[(r.question, r.answer)] = text
        return said[(r.question, r.answer)]

    return words


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
