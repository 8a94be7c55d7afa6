"""Quiz: endless drills (who wins, minimum raise, side pots, outs) with a running score.

A drill is a pure function of (kind, seed), so the page keeps only the kind, the
seed and the score in the session; the answer and its explanation come from
the engine through :mod:`coach.lessons.drills`, never from the page.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import streamlit as st

from coach.i18n import Translator
from coach.learning.review import DrillSpot, remember_drill
from coach.lessons.drills import KINDS, Drill, DrillKind, make_drill
from coach.ui import inputs, state
from coach.ui.drills import DRILL_LABELS, drill_choice, drill_view, missing_answer, show_result
from coach.ui.widgets import page_header, refuse_input, shortcut, show_log, table_and_panel, unit_label

CURRENT = "quiz.current"  # (kind, seed)
SCORE = "quiz.score"  # Score
RESULT = "quiz.result"  # (kind, seed, given, correct) of the answered drill


@dataclass(frozen=True)
class Score:
    right: int = 0
    answered: int = 0
    streak: int = 0


def topic_key(kind: str) -> str:
    """How a drill answer is filed in the progress store."""
    return f"drill:{kind}"


def _kinds() -> list[DrillKind]:
    chosen = st.session_state.get("quiz_kinds") or list(KINDS)
    return [k for k in KINDS if k in chosen] or list(KINDS)


def _new_drill() -> None:
    rng = random.Random()
    kinds = _kinds()
    state.put(CURRENT, (kinds[rng.randrange(len(kinds))], rng.randrange(1 << 30)))
    st.session_state.pop(RESULT, None)
    st.session_state.pop("quiz_answer", None)
    st.session_state.pop("quiz.missing", None)


def _on_answer() -> None:
    kind, seed = st.session_state[CURRENT]
    drill = make_drill(kind, seed)
    value = st.session_state.get("quiz_answer")
    if value is None:
        st.session_state["quiz.missing"] = True
        return
    number = inputs.whole(value, 0, 10**9)
    if number is None:  # inf, nan, 2.5, text: refused, nothing recorded
        t = state.tr()
        refuse_input(t("Write a whole number."))
        return
    value = number
    st.session_state.pop("quiz.missing", None)
    correct = drill.is_correct(int(value))
    old: Score = state.get(SCORE, Score())
    state.put(SCORE, Score(old.right + int(correct), old.answered + 1, old.streak + 1 if correct else 0))
    state.put(RESULT, (kind, seed, int(value), correct))
    profile = state.settings().profile
    state.save(lambda db: db.record_quiz_answer(profile, topic_key(kind), f"{kind}:{seed}", correct))
    if not correct:  # it comes back in «Ripasso» (coach.learning.review)
        wrong = DrillSpot(kind, seed, int(value))
        state.save(lambda db: remember_drill(db, profile, wrong, correct))


def render() -> None:
    t = state.tr()
    page_header(t("Quiz"), t("Endless questions built on real deals: the engine knows the answers."))
    st.pills(t("Kinds of question"), list(KINDS), selection_mode="multi", default=list(KINDS),
             format_func=lambda k: t(DRILL_LABELS[k]), key="quiz_kinds")
    if CURRENT not in st.session_state:
        _new_drill()
    kind, seed = st.session_state[CURRENT]
    score: Score = state.get(SCORE, Score())
    c1, c2, c3 = st.columns(3)
    c1.metric(t("Score"), f"{score.right} / {score.answered}")
    accuracy = t.format_percent(score.right / score.answered, 0) if score.answered else "—"
    c2.metric(t("Right answers"), accuracy)
    c3.metric(t("Streak"), score.streak)
    with st.spinner(t("Dealing...")):
        drill = make_drill(kind, seed)
    st.header(t(DRILL_LABELS[kind]))
    view = drill_view(drill, t)
    # The table on the left, the question and its answer beside it (below it on a phone).
    _, right = table_and_panel(view)
    with right:
        _question(drill, kind, seed, t)
        show_log(view.log)


def _question(drill: Drill, kind: str, seed: int, t: Translator) -> None:
    st.markdown("**" + t.render(drill.prompt) + "**")
    result = st.session_state.get(RESULT)
    if result is not None and result[:2] == (kind, seed):
        _, _, given, correct = result
        show_result(drill, given, correct, t)
        st.button(t("Next question"), key="quiz_next", type="primary", on_click=_new_drill,
                  shortcut=shortcut("N"), icon=":material/arrow_forward:")
        return
    if drill.numeric:
        st.number_input(t("Your answer ({unit})", unit=unit_label(drill.unit, t)), min_value=0, value=None,
                        step=1, key="quiz_answer", placeholder=t("Write a number"))
    else:
        st.radio(t("Your answer"), list(range(len(drill.choices))), index=None, key="quiz_answer",
                 format_func=lambda i: drill_choice(drill, i, t))
    with st.container(horizontal=True):
        st.button(t("Answer"), key="quiz_go", type="primary", on_click=_on_answer)
        st.button(t("Skip"), key="quiz_skip", on_click=_new_drill)
    if st.session_state.get("quiz.missing"):
        st.warning(missing_answer(drill.numeric, t))
