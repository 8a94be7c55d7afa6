"""«▶ Riproduci»: a lesson hand that plays itself, one action per step, at a chosen speed.

A lesson hand has 15-20 steps; clicking «Avanti» for each is tedious, and a
class watching the projector wants the hand to unfold at a pace the teacher
chooses. Playback moves the same step the ⏮ ◀ ▶ ⏭ controls move (one code path:
the deep link, the bookmark and the keyboard keep working), and it stops where a
learner must act: at a decision point nobody has answered (playback never
answers for the learner) and at the end of the hand. Its key is P (:data:`PLAY_KEY`), a letter:
on only with the other single-letter shortcuts.

The clock is a fragment with ``run_every`` (Streamlit 1.67): the browser asks
for the fragment again after the interval, the fragment moves the step and asks
for a rerun of the whole page so the table is drawn again. The fragment is drawn
only while a hand plays, so pausing (or leaving the hand) stops the clock.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from coach.i18n import N_
from coach.ui import state
from coach.ui.widgets import shortcut

PLAYING = "lesson.playing"  # the hand playing by itself ("lesson/hand"), absent when none
SPEED = "lesson.play_speed"  # "slow" / "normal" / "fast"
ARMED = "lesson.play_armed"  # True between a full run and the next tick: one tick, one step

# Seconds per step: slow enough to read the narration at «Lenta», brisk at «Veloce».
SPEEDS: dict[str, float] = {"slow": 2.5, "normal": 1.5, "fast": 0.8}
SPEED_LABELS: dict[str, str] = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}
# «▶ Riproduci» and «⏸ Pausa» share one key (only one of them is drawn): a letter, so, like the action
# buttons' letters, it works only once single-letter shortcuts are on in Impostazioni (WCAG 2.1.4);
# the arrows stay the steps' keys.
PLAY_KEY = "P"
LINGER = 2.0  # a step with the lesson's own words stays this many times longer


def next_auto_step(step: int, last: int, *, blocked: bool) -> int | None:
    """Where playback goes from ``step``: the next step, or None to stop.

    It stops at the end of the hand and at a decision the learner has not
    answered yet (``blocked``): the learner answers, then presses ▶ again.
    """
    if blocked or step >= last:
        return None
    return step + 1


def step_seconds(speed: str, *, has_text: bool) -> float:
    """How long a step stays on screen: the speed's pace, longer where the lesson speaks."""
    base = SPEEDS.get(speed, SPEEDS["normal"])
    return base * LINGER if has_text else base


def is_playing(key: str) -> bool:
    return bool(st.session_state.get(PLAYING) == key)


def _play(key: str) -> None:
    st.session_state[PLAYING] = key


def _pause() -> None:
    st.session_state.pop(PLAYING, None)


def play_controls(key: str, step: int, last: int, *, blocked: bool, has_text: bool,
                  on_step: Callable[[int], None]) -> None:
    """«▶ Riproduci» / «⏸ Pausa» and the speed; while playing, the clock that moves the step."""
    t = state.tr()
    target = next_auto_step(step, last, blocked=blocked)
    if target is None and is_playing(key):
        _pause()  # reached the learner's decision or the end: the learner takes over
    playing = is_playing(key)
    st.session_state.setdefault(SPEED, "normal")
    if st.session_state.get(SPEED) not in SPEEDS:
        st.session_state[SPEED] = "normal"
    key_ = shortcut(PLAY_KEY)
    hint = " " + (t("Key: {key}.", key=PLAY_KEY) if key_ else
                  t("Key {key}: turn on the single-letter shortcuts in Settings.", key=PLAY_KEY))
    with st.container(horizontal=True, gap="small", vertical_alignment="center", key="lesson-play"):
        if playing:
            st.button(t("Pause"), key="lesson.pause", icon=":material/pause:", on_click=_pause, shortcut=key_,
                      help=t("Stop the hand here; ▶ goes on from this step.") + hint)
        else:
            st.button(t("Play"), key="lesson.play", icon=":material/play_arrow:", on_click=_play, args=(key,),
                      disabled=target is None, shortcut=key_,
                      help=t("The hand plays by itself, one action at a time, and stops at your decisions.")
                      + hint)
        st.segmented_control(t("Speed"), list(SPEEDS), key=SPEED, required=True,
                             format_func=lambda s: t(SPEED_LABELS[s]), label_visibility="collapsed")
    if playing and target is not None:
        st.session_state[ARMED] = False
        seconds = step_seconds(str(st.session_state.get(SPEED)), has_text=has_text)
        st.fragment(_tick, run_every=seconds)(key, target, on_step)
        st.session_state[ARMED] = True


def _tick(key: str, target: int, on_step: Callable[[int], None]) -> None:
    """The clock's beat: on the browser's timed call (not the page's own run), one step on."""
    if not st.session_state.get(ARMED) or not is_playing(key):
        return
    st.session_state[ARMED] = False
    on_step(target)
    st.rerun()
