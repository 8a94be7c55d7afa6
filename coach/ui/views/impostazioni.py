"""Impostazioni: language, four-colour deck, feedback timing, profile, classroom mode.

Widgets write to their own keys; ``on_change`` callbacks copy the value into the
typed settings (and the profile's saved preferences), so a setting outlives the
widget when the learner goes to another page.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from coach.cards import parse_cards
from coach.errors import InvalidInput
from coach.habit import MAX_GOAL, MIN_GOAL
from coach.ui import inputs, state
from coach.ui.table import render_card_preview
from coach.ui.widgets import page_header, play_money_note, refuse_input

LANGUAGES = {"it": "Italiano", "en": "English"}


def _seed(key: str, value: Any) -> None:
    if key not in st.session_state:
        st.session_state[key] = value


def _offered(setting: str, value: object) -> object | None:
    """The setting's value if it is one the page offers (a crafted client may send anything), else None."""
    if setting == "locale":
        return inputs.member(value, list(LANGUAGES))
    if setting == "feedback_timing":
        return inputs.member(value, ["decision", "hand_end"])
    if setting == "daily_goal":
        return inputs.whole(value, MIN_GOAL, MAX_GOAL)
    if setting in ("four_colour", "letter_shortcuts", "classroom"):
        return inputs.member(value, [True, False])
    return value if isinstance(value, str) else None  # the profile name: the store checks the rest


def _copy(setting: str, key: str) -> None:
    value = _offered(setting, st.session_state.get(key))
    if value is None:  # refused: the control shows the current setting again
        st.session_state[key] = getattr(state.settings(), setting)
        t = state.tr()
        refuse_input(t("This value is not one of the choices offered: nothing has changed."))
        return
    try:
        state.update_settings(**{setting: value})
    except InvalidInput as err:  # a name the store refuses: say why, keep the current profile
        st.session_state["set.error"] = err.message
        st.session_state[key] = getattr(state.settings(), setting)
        return
    st.session_state.pop("set.error", None)
    if setting == "profile":  # a new profile brings its own preferences
        s = state.settings()
        st.session_state["set_locale"] = s.locale
        st.session_state["set_four"] = s.four_colour
        st.session_state["set_timing"] = s.feedback_timing
        st.session_state["set_letters"] = s.letter_shortcuts
        st.session_state["set_goal"] = s.daily_goal
        st.session_state["set_profile"] = s.profile


def render() -> None:
    s = state.settings()
    t = state.tr()
    page_header(t("Settings"))
    _seed("set_locale", s.locale)
    _seed("set_four", s.four_colour)
    _seed("set_timing", s.feedback_timing)
    _seed("set_profile", s.profile)
    _seed("set_classroom", s.classroom)
    _seed("set_letters", s.letter_shortcuts)
    _seed("set_goal", s.daily_goal)

    st.selectbox(t("Language"), options=list(LANGUAGES), format_func=LANGUAGES.__getitem__,
                 key="set_locale", on_change=_copy, args=("locale", "set_locale"))
    st.text_input(t("Profile name"), key="set_profile", max_chars=60,
                  help=t("Your progress is saved under this name. On a shared classroom server "
                         "each pupil picks their own."),
                  on_change=_copy, args=("profile", "set_profile"))
    problem = st.session_state.get("set.error")
    if problem is not None:
        st.error(t.render(problem), icon=":material/error:")
    if state.is_guest_code(s.profile):
        st.caption(t("This browser has its own profile, code {code}: type the code here on another "
                     "device to continue there, or choose a name.", code=s.profile))
    st.toggle(t("Four-colour deck"), key="set_four", on_change=_copy, args=("four_colour", "set_four"),
              help=t("Spades black, hearts red, diamonds blue, clubs green: suits are told apart "
                     "even without colour vision."))
    st.html(render_card_preview(parse_cards("As Kh Qd Jc"), t, four_colour=state.settings().four_colour))
    st.toggle(t("Single-letter keyboard shortcuts"), key="set_letters",
              on_change=_copy, args=("letter_shortcuts", "set_letters"),
              help=t("F fold, K check, L call, B bet or raise, A all-in, N next hand or question. "
                     "Off, a stray key does nothing; the arrow keys always move through a hand."))
    timing_labels = {"decision": t("After every decision"), "hand_end": t("At the end of the hand")}
    st.radio(t("Coach feedback in practice"), options=list(timing_labels),
             format_func=timing_labels.__getitem__, key="set_timing",
             on_change=_copy, args=("feedback_timing", "set_timing"))
    st.number_input(t("Daily goal (decisions)"), min_value=MIN_GOAL, max_value=MAX_GOAL, step=1,
                    key="set_goal",
                    on_change=_copy, args=("daily_goal", "set_goal"),
                    help=t("How many decisions you want to make each day, in lessons, practice or "
                           "review. Home shows today's count and your streak of days."))
    st.toggle(t("Classroom mode (projector)"), key="set_classroom",
              on_change=_copy, args=("classroom", "set_classroom"),
              help=t("Large table and text, no sidebar. Add ?aula=1 to a link to open it "
                     "directly in classroom mode."))
    play_money_note()
