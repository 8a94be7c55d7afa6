"""A closed vote on the teacher's projector (issue 22): how the class answered, neutral until the
teacher presses «Mostra il verdetto», and who did not answer.

Before the verdict the bars carry the answers only (one neutral colour, most chosen first), so the
class discusses its choices without the coach's grades; after it, the bars are the graded ones of
:func:`coach.ui.live.results.answer_bars`. The line under the chart counts the silences too:
«2 su 4 hanno risposto · 1 giusta · 2 senza risposta» (the share of right answers among those who
answered hid the pupils who said nothing).
"""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from coach.i18n import NN_, Translator
from coach.live import AnswerRow, SpotRef, Turnout, neutral_distribution, turnout
from coach.store.records import LiveQuestion
from coach.ui import state
from coach.ui.figures import AnswerBar, build_distribution_figure
from coach.ui.live import common
from coach.ui.live.results import answer_bars

ANSWERED = NN_("{n} of {total} has answered", "{n} of {total} have answered")
RIGHT = NN_("{n} right", "{n} right")
SILENT = NN_("{n} without an answer", "{n} without an answer")


def answered_line(n: int, total: int, t: Translator) -> str:
    """«18 su 24 hanno risposto» (the count agrees with its verb)."""
    return t.counted(ANSWERED, n=n, total=total)


def turnout_line(tally: Turnout, revealed: bool, t: Translator) -> str:
    """«2 su 4 hanno risposto · 2 senza risposta», and «· 1 giusta» once the verdict is shown."""
    parts = [answered_line(tally.answered, tally.total, t)]
    if revealed:
        parts.append(t.counted(RIGHT, n=tally.right))
    parts.append(t.counted(SILENT, n=tally.missing))
    return " · ".join(parts)


def neutral_bars(q: LiveQuestion, ref: SpotRef, answers: list[tuple[str, str | None]],
                 t: Translator) -> list[AnswerBar]:
    """The bars before the verdict: the answers in words and their counts, nothing else.

    A lesson's question with choices keeps its choices' order (A, B, C: it tells nothing); any
    other answer goes most chosen first, never best first."""
    if ref.is_quiz:
        graded = answer_bars(q, ref, answers, t)
        plain = [replace(b, grade=None, note=None) for b in graded]
        try:
            choices = common.quiz_question(ref).kind == "choice"
        except KeyError:
            choices = False
        return plain if choices else sorted(plain, key=lambda b: (-b.count, b.label))
    return [AnswerBar(common.answer_label(ref, b.answer, t, q.hand), b.count, None)
            for b in neutral_distribution(answers)]


def outcome(q: LiveQuestion, ref: SpotRef, pupils: int, revealed: bool, t: Translator) -> None:
    """The class's answers as bars (graded only once ``revealed``) and who answered, out of ``pupils``."""
    key = common.teacher_key(str(state.get(common.TEACHER_CLASS, "")))
    rows = common.read_kept(f"answers.{q.id}", lambda db: db.question_answers(q.id, key), None) \
        or list[AnswerRow]()
    answers = [(r.answer, r.grade) for r in rows]
    title = t("Question {n}: the answers", n=q.number)
    # Above the chart, so the projector's first screen has it: who answered, and who did not.
    line = turnout_line(turnout(answers, pupils), revealed, t)
    st.html('<p class="cc-turnout" role="status">' + line + "</p>"
            "<style>.cc-turnout{font-size:1.6rem;font-weight:700;margin:.2rem 0}</style>")
    if not answers:
        st.header(title)
        st.info(t("Nobody answered this question."))
    else:
        bars = answer_bars(q, ref, answers, t) if revealed else neutral_bars(q, ref, answers, t)
        fig = build_distribution_figure(bars, t, large=state.classroom(), title=title, graded=revealed)
        st.plotly_chart(fig, width="stretch", config={"displayModeBar": False},
                        key=f"live.chart.{q.id}.{int(revealed)}", theme=None,
                        alt=t("How the class answered: {bars}.", bars="; ".join(
                            f"{b.label} {b.count}" for b in bars)))
