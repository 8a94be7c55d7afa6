"""Impostazioni: your name, the transfer code, language, four-colour deck, feedback timing, classroom mode.

Widgets write to their own keys; ``on_change`` callbacks copy the value into the
typed settings (and the profile's saved preferences), so a setting outlives the
widget when the learner goes to another page.
"""

from __future__ import annotations

import functools
from datetime import UTC
from typing import Any

import streamlit as st
from babel.dates import format_datetime

from coach import identity
from coach.cards import parse_cards
from coach.errors import InvalidInput
from coach.habit import MAX_GOAL, MIN_GOAL
from coach.i18n import NN_, Translator
from coach.store import Store
from coach.store.checks import MAX_NAME
from coach.store.devices import Device
from coach.textsafe import md_text
from coach.ui import inputs, state
from coach.ui.feedbacklevel import SETTING_LABELS
from coach.ui.table import render_card_preview
from coach.ui.widgets import page_header, play_money_note, refuse_input

LANGUAGES = {"it": "Italiano", "en": "English"}
SHOWN_CODE = "set.transfer_code"  # the transfer code shown in this session (never in the store)
DEVICES_RESULT = "set.devices_result"  # how many devices the last disconnection ended
TRANSFER_RESULT = "set.transfer_result"  # "wrong", "limited" or "moved": the last attempt


def _seed(key: str, value: Any) -> None:
    if key not in st.session_state:
        st.session_state[key] = value


def _offered(setting: str, value: object) -> object | None:
    """The setting's value if it is one the page offers (a crafted client may send anything), else None."""
    if setting == "locale":
        return inputs.member(value, list(LANGUAGES))
    if setting == "feedback_timing":
        return inputs.member(value, ["decision", "hand_end"])
    if setting == "feedback_level":
        return inputs.member(value, list(SETTING_LABELS))
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
    except InvalidInput as err:  # a name the store refuses: say why, keep the current one
        st.session_state["set.error"] = err.message
        st.session_state[key] = getattr(state.settings(), setting) or ""
        return
    st.session_state.pop("set.error", None)


def _reseed() -> None:
    """The widgets show the profile this browser now is (after a transfer code)."""
    s = state.settings()
    st.session_state["set_locale"] = s.locale
    st.session_state["set_four"] = s.four_colour
    st.session_state["set_timing"] = s.feedback_timing
    st.session_state["set_level"] = s.feedback_level
    st.session_state["set_letters"] = s.letter_shortcuts
    st.session_state["set_goal"] = s.daily_goal
    st.session_state["set_name"] = s.display_name or ""


def _new_code() -> None:
    """A new transfer code for this profile, shown once in this session; the old one stops working."""
    code = identity.new_transfer_code()
    profile = state.settings().profile
    state.save(lambda db: db.set_transfer_hash(profile, identity.transfer_hash(code)))
    if state.db_problem() is not None:  # this write failed (a success clears the notice)
        return  # the notice says why; no code is shown that would not work
    st.session_state[SHOWN_CODE] = code
    if st.session_state.get("set_transfer_end_old"):  # the devices the old codes let in go too
        keep = state.this_device()
        gone = state.save(lambda db: db.disconnect_devices(profile, keep, only_transfer=True))
        st.session_state[DEVICES_RESULT] = gone if isinstance(gone, int) else None


def _disconnect_others() -> None:
    """«Scollega gli altri dispositivi»: every other browser of this profile starts afresh."""
    profile, keep = state.settings().profile, state.this_device()
    gone = state.save(lambda db: db.disconnect_devices(profile, keep))
    st.session_state[DEVICES_RESULT] = gone if isinstance(gone, int) else None


def _devices(t: Translator) -> None:
    """The browsers using this profile, and the way to disconnect the others (a lost phone, a
    borrowed computer, a transfer code someone saw)."""
    st.subheader(t("Devices using your progress"))
    if st.session_state.pop(state.DISCONNECTED, False):
        st.warning(t("This browser was disconnected from its progress by another of your devices: it starts "
                     "afresh. To have your progress here again, type a transfer code."),
                   icon=":material/link_off:")
    profile, mine = state.settings().profile, state.this_device()
    devices = state.load(lambda db: db.devices(profile), list[Device]())
    tz = state.learner_tz()
    for d in devices:
        seen = format_datetime(d.seen.replace(tzinfo=UTC), format="short", locale=t.locale, tzinfo=tz)
        name = d.label or t("a browser")
        st.markdown(md_text(name) + " · " + (t("this device") if d.device == mine else
                                               t("last used {when}", when=seen)))
    others = [d for d in devices if d.device != mine]
    st.button(t("Disconnect the other devices"), key="set_devices_out", on_click=_disconnect_others,
              icon=":material/link_off:", disabled=not others,
              help=t("Every other browser that has your progress loses it at once (within half a minute "
                     "if it is open) and starts afresh; this one keeps it."))
    gone = st.session_state.pop(DEVICES_RESULT, None)
    if isinstance(gone, int):
        st.success(t.counted(DISCONNECTED_N, n=gone), icon=":material/link_off:")


DISCONNECTED_N = NN_("{n} device disconnected.", "{n} devices disconnected.")


def _hide_code() -> None:
    st.session_state.pop(SHOWN_CODE, None)


def _use_code() -> None:
    """Move this browser to the profile whose transfer code was typed (rate-limited)."""
    typed = st.session_state.get("set_transfer_in", "")
    st.session_state.pop(TRANSFER_RESULT, None)
    session_bucket, *address_buckets = state.transfer_buckets()
    if not _token(session_bucket):  # every try of this session, right or wrong
        return
    code = identity.normalise_transfer_code(typed)
    found, digest = None, None
    if code is not None:
        digest = identity.transfer_hash(code)
        found = state.load(lambda db: db.profile_for_transfer(digest), None)
    if found is None:
        # Only a wrong code spends the address's tries: a pupil guessing codes from fresh tabs slows
        # himself and his address down, never a classmate who types her own right code (issue 28).
        # The code's 79 random bits are what keeps it unguessable; the buckets keep guessing slow.
        if all(_token(b) for b in address_buckets):
            st.session_state[TRANSFER_RESULT] = "wrong"
        return
    state.switch_profile(found, digest)
    st.session_state.pop(SHOWN_CODE, None)  # a code shown for the previous profile
    st.session_state["set_transfer_in"] = ""
    st.session_state[TRANSFER_RESULT] = "moved"
    _reseed()


def _token(bucket: tuple[str, float, float]) -> bool:
    """One try from a transfer-code bucket; False (and the page says why) when it is empty or the
    database failed (its notice says so)."""
    name, capacity, per_second = bucket
    allowed = state.save(functools.partial(Store.take_token, bucket=name, capacity=capacity,
                                           per_second=per_second))
    if allowed is False:
        st.session_state[TRANSFER_RESULT] = "limited"
    return bool(allowed)


def _name(t: Translator) -> None:
    """Your name: only shown, never a way into a profile."""
    st.text_input(t("Your name"), key="set_name", max_chars=MAX_NAME,
                  placeholder=t("Guest"),
                  help=t("Shown in the sidebar and on the home page. The name is not a password: "
                         "anyone may choose the same one, and typing it on another device does not "
                         "bring your progress there."),
                  on_change=_copy, args=("display_name", "set_name"))
    problem = st.session_state.get("set.error")
    if problem is not None:
        st.error(t.render(problem), icon=":material/error:")


def _transfer(t: Translator) -> None:
    """The transfer code: the only way to take your progress to another browser."""
    st.header(t("Your progress on another device"))
    st.markdown(t("This browser keeps your progress under a secret identity that only this server "
                  "can issue: your name is not a password and never opens anybody's progress. To "
                  "continue on another device (a phone, the computer at home), show a **transfer "
                  "code** here and type it there. Whoever knows the code can take your progress: "
                  "do not share it and do not show it on a projector."))
    s = state.settings()
    shown = st.session_state.get(SHOWN_CODE)
    if state.classroom():
        st.info(t("In classroom mode the transfer code is never shown: leave classroom mode first."),
                icon=":material/visibility_off:")
    elif isinstance(shown, str):
        st.warning(t("Your transfer code. Do not share it and do not show it on a projector: whoever "
                     "types it takes your progress. It works until you make a new one."),
                   icon=":material/key:")
        st.code(shown, language=None)
        c1, c2 = st.columns(2)
        c1.button(t("Hide the code"), key="set_transfer_hide", on_click=_hide_code,
                  icon=":material/visibility_off:")
        c2.button(t("Make a new code (this one stops working)"), key="set_transfer_new", on_click=_new_code,
                  icon=":material/refresh:")
        _end_old(t)
    else:
        has_code = state.load(lambda db: db.identity(s.profile).has_transfer_code, False)
        label = (t("Show a new transfer code (the previous one stops working)") if has_code
                 else t("Show a transfer code"))
        st.button(label, key="set_transfer_new", on_click=_new_code, icon=":material/key:")
        if has_code:
            _end_old(t)

    with st.form("set_transfer_form", clear_on_submit=False, border=False):
        st.text_input(t("Transfer code from another device"), key="set_transfer_in", max_chars=40,
                      placeholder="ABCD-EFGH-JKMN-PQRS",
                      help=t("The code another device of yours showed in Impostazioni. This browser's "
                             "progress so far stays with this browser's old identity."))
        st.form_submit_button(t("Bring my progress here"), on_click=_use_code, icon=":material/sync:")
    result = st.session_state.get(TRANSFER_RESULT)
    if result == "wrong":
        st.error(t("This transfer code is not valid. Check that you typed it exactly as your other "
                   "device shows it (16 letters and digits); a code stops working when a new one "
                   "is made."), icon=":material/error:")
    elif result == "limited":
        st.error(t("Too many attempts with codes that do not work. Wait a few minutes and try again."),
                 icon=":material/timer:")
    elif result == "moved":
        st.success(t("Done: this browser now has your progress."), icon=":material/check_circle:")


def _end_old(t: Translator) -> None:
    st.checkbox(t("Also disconnect the devices my previous codes let in"), key="set_transfer_end_old",
                help=t("Someone saw your code? The browsers that came in with it lose your progress when you "
                       "make the new one."))


def render() -> None:
    s = state.settings()
    t = state.tr()
    page_header(t("Settings"))
    _seed("set_locale", s.locale)
    _seed("set_four", s.four_colour)
    _seed("set_timing", s.feedback_timing)
    _seed("set_level", s.feedback_level)
    _seed("set_name", s.display_name or "")
    _seed("set_classroom", s.classroom)
    _seed("set_letters", s.letter_shortcuts)
    _seed("set_goal", s.daily_goal)

    st.selectbox(t("Language"), options=list(LANGUAGES), format_func=LANGUAGES.__getitem__,
                 key="set_locale", on_change=_copy, args=("locale", "set_locale"))
    _name(t)
    st.toggle(t("Four-colour deck"), key="set_four", on_change=_copy, args=("four_colour", "set_four"),
              help=t("Spades black, hearts red, diamonds blue, clubs green: suits are told apart "
                     "even without colour vision."))
    st.html(render_card_preview(parse_cards("As Kh Qd Jc"), t, four_colour=state.settings().four_colour))
    st.toggle(t("Single-letter keyboard shortcuts"), key="set_letters",
              on_change=_copy, args=("letter_shortcuts", "set_letters"),
              help=t("F fold, K check, L call, B bet or raise, A all-in, N next hand or question, "
                     "P play or pause a lesson hand. "
                     "Off, a stray key does nothing; the arrow keys always move through a hand."))
    timing_labels = {"decision": t("After every decision"), "hand_end": t("At the end of the hand")}
    st.radio(t("Coach feedback in practice"), options=list(timing_labels),
             format_func=timing_labels.__getitem__, key="set_timing",
             on_change=_copy, args=("feedback_timing", "set_timing"))
    st.radio(t("How much the coach says"), options=list(SETTING_LABELS),
             format_func=lambda k: t(SETTING_LABELS[k]), key="set_level",
             on_change=_copy, args=("feedback_level", "set_level"),
             help=t("Essential: the grade and a sentence or two in plain words, the numbers behind "
                    "«Why?». With the numbers: every figure, chart and range at once. As the lesson "
                    "says: essential in the first lessons, the numbers from lesson 5 on."))
    st.number_input(t("Daily goal (decisions)"), min_value=MIN_GOAL, max_value=MAX_GOAL, step=1,
                    key="set_goal",
                    on_change=_copy, args=("daily_goal", "set_goal"),
                    help=t("How many decisions you want to make each day, in lessons, practice or "
                           "review. Home shows today's count and your streak of days."))
    st.toggle(t("Classroom mode (projector)"), key="set_classroom",
              on_change=_copy, args=("classroom", "set_classroom"),
              help=t("Large table and text, no sidebar. Add ?aula=1 to a link to open it "
                     "directly in classroom mode."))
    _transfer(t)
    _devices(t)
    play_money_note()
