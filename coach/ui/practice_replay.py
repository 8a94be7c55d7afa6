"""«Rigioca questa decisione» inside «Pratica»: the same spot again, then back to the hand.

The practice page used to send the learner to «Ripasso» mid-hand, with no way back to the table.
Here the spot is played in place: the table as it was before the choice, the action buttons, the
coach's verdict, and «Torna alla mano», which shows the practice hand again exactly where it was
(the hand never moved: it waits in the session while the spot is replayed).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import streamlit as st

from coach.errors import CoachError, IllegalAction
from coach.learning.answers import DecisionAnswer, spot_verdict
from coach.learning.review import ReviewSpot, similar_spot
from coach.learning.script import Attempt, try_choice
from coach.ui import state
from coach.ui.controls import action_panel
from coach.ui.handview import table_view
from coach.ui.phone import QUESTION_KEY
from coach.ui.scroll import scroll_to
from coach.ui.verdict import show_answer_details, show_verdict
from coach.ui.widgets import show_log, show_refusal, table_and_panel

REPLAY = "practice.replay"  # the spot being replayed: a Replay
AREA = "prac_replay_area"  # the container the page scrolls to


@dataclass(frozen=True)
class Replay:
    spot: ReviewSpot
    round: int  # fresh button keys for each spot opened
    answer: DecisionAnswer | None = None
    refusal: CoachError | None = None


def replay_in_progress() -> Replay | None:
    r = st.session_state.get(REPLAY)
    return r if isinstance(r, Replay) else None


def open_replay(spot: ReviewSpot) -> None:
    """«Rigioca questa decisione» (a callback): the page plays ``spot`` instead of the hand."""
    before = replay_in_progress()
    st.session_state[REPLAY] = Replay(spot, (before.round + 1) if before is not None else 1)


def open_similar(spot: ReviewSpot) -> None:
    """«Una mano simile» (a callback): a fresh spot of the same kind, played in place."""
    try:
        fresh = similar_spot(spot, random.SystemRandom().randrange(1 << 30))
    except CoachError as err:
        st.session_state[REPLAY] = Replay(spot, 1, refusal=err)
        return
    open_replay(fresh)


def close_replay() -> None:
    """«Torna alla mano»: the practice hand again, where it was."""
    st.session_state.pop(REPLAY, None)


def _on_choice(replay: Replay, attempt: Attempt) -> None:
    if replay_in_progress() is not replay:
        return  # a stale click: another spot is open
    try:
        outcome = try_choice(replay.spot.hand(), attempt)
    except CoachError as err:
        st.session_state[REPLAY] = Replay(replay.spot, replay.round, refusal=err)
        return
    if outcome.refusal is not None or outcome.code is None:
        st.session_state[REPLAY] = Replay(replay.spot, replay.round, refusal=outcome.refusal)
        return
    t = state.tr()
    with st.spinner(t("The coach is working out the numbers...")):
        verdict = spot_verdict(replay.spot, outcome.code, None)
    st.session_state[REPLAY] = Replay(replay.spot, replay.round,
                                      DecisionAnswer(outcome.code, outcome.said, "", True, None, verdict))


def render_replay(replay: Replay) -> None:
    """The spot, the buttons or the verdict, and «Torna alla mano» (always there)."""
    t = state.tr()
    try:
        hand = replay.spot.hand()
    except CoachError as err:
        st.warning(err.localized(t))
        st.button(t("Back to the hand"), key="prac_back", type="primary", on_click=close_replay,
                  icon=":material/undo:")
        return
    st.info(t("Replaying a decision: the hand waits for you where you left it."), icon=":material/replay:")
    with st.container(key=AREA):
        view = table_view(hand, t, hero=hand.legal_actions().actor)
        _, right = table_and_panel(view)
        with right:
            if replay.answer is None:
                with st.container(key=QUESTION_KEY + "replay"):  # on a phone: above the buttons
                    st.header(t("Your turn: what do you do?"))
                action_panel(hand, f"prac.again.{replay.round}", lambda a: _on_choice(replay, a))
                if isinstance(replay.refusal, IllegalAction):
                    show_refusal(replay.refusal)
                elif replay.refusal is not None:
                    st.error(replay.refusal.localized(t), icon=":material/error:")
            else:
                show_verdict(replay.answer, t)
            with st.container(horizontal=True):
                st.button(t("Back to the hand"), key="prac_back",
                          type="primary" if replay.answer is not None else "secondary",
                          on_click=close_replay, icon=":material/undo:")
                if replay.answer is not None:
                    st.button(t("Try it again"), key=f"prac.retry.{replay.round}", on_click=open_replay,
                              args=(replay.spot,), icon=":material/replay:")
            show_log(view.log)
    if replay.answer is not None:
        show_answer_details(replay.answer, t)
    scroll_to(AREA, f"replay.{replay.round}.{replay.answer is not None}")
