"""A hand the teacher pastes or uploads to put to the class, and the decision in it.

The hand may be PHH or an online room's history: a worker of the task queue reads it
(:mod:`coach.ui.parsewait`, :mod:`coach.review.parsejobs`: the same reader, limits and strict
replay as the Replayer's), never this page's thread. Of a room's file the first readable hand is
used (another one can be picked), its opponents named by position unless the teacher keeps the
names. A broken hand leaves the chosen hand as it was and says why. While a vote on a pasted hand
is open, the hand and the decision are the ones the database keeps.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from coach.errors import CoachError
from coach.i18n import N_, Translator, user_params
from coach.learning.replay import localized_problem
from coach.limits import MAX_HAND_BYTES
from coach.live import SpotRef, hand_digest
from coach.rooms import HandOutcome, room_names
from coach.store.checks import MAX_HAND_SEARCH
from coach.store.records import ClassSnapshot, HandPage, UserHand
from coach.ui import parsewait, state
from coach.ui.live import common
from coach.ui.roomreport import hand_label

PASTED = "live.teacher.pasted"  # the pasted hand's PHH text (as the store keeps it)
POINT = "live.teacher.point"  # the action index of the decision picked in the pasted hand
PASTE_PROBLEM = "live.teacher.paste_problem"  # why the last pasted hand was refused (translated)
ROOM = "live.teacher.room"  # a room's file pasted: (its name, its hands as the worker wrote them, labels)
APPLIED = "live.teacher.parse_job"  # the parse job whose result the page has taken
MINE_SEARCH = "live.paste.mine_search"  # the search over the teacher's saved hands
MINE_SHOWN = 50  # saved hands offered at once in «… oppure dalle mie mani»
NO_DECISION = N_("Nobody is to act at any point of this hand: there is no decision to pose.")


def pasted_pick(snap: ClassSnapshot, t: Translator) -> tuple[SpotRef, str] | None:
    """A hand the teacher pastes or uploads (the Replayer's safe loader) and the decision in it."""
    q = snap.question
    open_vote = q is not None and q.is_open(snap.now)
    if q is not None and q.hand is not None and (open_vote or PASTED not in st.session_state):
        st.session_state[PASTED] = q.hand  # the vote on a pasted hand, as the database has it
        st.session_state[POINT] = SpotRef.parse(q.spot).at
    if not open_vote:
        _take_job(t)
    text = st.session_state.get(PASTED)
    if not open_vote:
        with st.expander(t("Paste or upload a hand history (PHH or an online room's)"),
                         expanded=not isinstance(text, str)):
            st.text_area(t("The hand history (PHH, or {rooms})",
                           rooms=", ".join(room_names(logs=False))),
                         key="live.paste.text", height=160, max_chars=MAX_HAND_BYTES,
                         placeholder="variant = 'NT'\nstarting_stacks = [...]\nactions = [...]")
            st.file_uploader(t("… or a file (.phh, .txt, .xml)"), type=["phh", "phhs", "toml", "txt", "xml"],
                             key="live.paste.file")
            st.checkbox(t("Keep the opponents' names"), key="live.paste.keep_names",
                        help=t("Unticked, the players of a room's hand are shown with the name of their "
                               "position (BTN, SB, BB…), except the one who saved the file."))
            st.button(t("Use this hand"), key="live.paste.use", on_click=_on_paste, icon=":material/upload:")
            _room_hands(t)
            _from_my_hands(t)
            problem = st.session_state.get(PASTE_PROBLEM)
            if isinstance(problem, str):
                st.error(problem, icon=":material/error:")
    if not isinstance(text, str):
        st.info(t("Paste a hand (or upload a .phh file): the hand may stop at the decision to pose, or "
                  "pick the decision below."), icon=":material/content_paste:")
        return None
    try:
        sc = common.pasted_script(SpotRef.pasted(hand_digest(text), 0), text)
        points = common.decision_points(sc)
    except (CoachError, KeyError) as err:
        st.error(t("This hand cannot be shown: {problem}", problem=str(err)))
        return None
    if not points:
        st.warning(t(NO_DECISION))
        return None
    if st.session_state.get(POINT) not in points:
        st.session_state[POINT] = points[-1]
    st.selectbox(t("Decision to put to the class"), points, key=POINT, disabled=open_vote,
                 format_func=lambda at: common.point_label(sc, at, t))
    return SpotRef.pasted(hand_digest(text), int(st.session_state[POINT])), text


def _from_my_hands(t: Translator) -> None:
    """«Dalle mie mani»: one of the teacher profile's saved hands, through the same path as a pasted one.

    The newest :data:`MINE_SHOWN` are offered; with more, a search (title, player, room, date, as in
    «Le mie mani») finds the others, so a profile with thousands of hands stays quick to use.
    """
    profile = state.settings().profile
    query = str(st.session_state.get(MINE_SEARCH) or "")[:MAX_HAND_SEARCH]
    found: HandPage = state.load(lambda db: db.find_user_hands(profile, query, limit=MINE_SHOWN),
                                 HandPage((), 0, 0))
    if not found.total:
        return
    if found.total > MINE_SHOWN:
        st.text_input(t("Search my hands"), key=MINE_SEARCH, max_chars=MAX_HAND_SEARCH,
                      placeholder=t("Title, player, room or date (12/11/2026)"), icon=":material/search:")
    titles = {h.id: h.title for h in found.hands}
    st.selectbox(t("… or from My hands"), list(titles), index=None, key="live.paste.mine",
                 format_func=titles.__getitem__, placeholder=t("Choose one of your hands"),
                 on_change=_on_mine)
    if found.found > MINE_SHOWN:
        st.caption(t("The newest {shown} of {n} hands: search to find the others.", shown=MINE_SHOWN,
                     n=found.found))
    elif not found.found:
        st.caption(t("No hand matches this search."))


def _on_mine() -> None:
    hid = st.session_state.get("live.paste.mine")
    if not isinstance(hid, int) or isinstance(hid, bool):
        return
    profile = state.settings().profile
    hand: UserHand | None = state.load(lambda db: db.user_hand(profile, hid), None)
    if hand is not None:  # the app's own PHH, checked when it was saved: no worker needed
        st.session_state.pop(PASTE_PROBLEM, None)
        st.session_state.pop(ROOM, None)
        _use_text(hand.phh)


def _on_paste() -> None:
    """Give the pasted text (or the uploaded file) to the workers; the limits are checked first."""
    t = state.tr()
    st.session_state.pop(PASTE_PROBLEM, None)
    upload = st.session_state.get("live.paste.file")
    raw = str(st.session_state.get("live.paste.text") or "")
    if upload is not None and not raw.strip():
        name, data = str(getattr(upload, "name", "hand.phh")), bytes(upload.getvalue())
    else:
        name, data = t("the pasted text"), raw.encode("utf-8")
    try:
        parsewait.submit("live", name, data, limit=MAX_HAND_BYTES,
                         keep_names=bool(st.session_state.get("live.paste.keep_names", False)))
    except CoachError as err:
        st.session_state[PASTE_PROBLEM] = t.md(user_params(localized_problem(err.message)))


def _take_job(t: Translator) -> None:
    """The worker's reading of the last file, once: its first hand becomes the chosen one."""
    result = parsewait.take_result("live", APPLIED)
    if result is None:
        return
    st.session_state.pop(PASTE_PROBLEM, None)
    if isinstance(result, str) or "refused" in result:
        st.session_state[PASTE_PROBLEM] = result if isinstance(result, str) else str(result["refused"])
        return
    hands: list[dict[str, Any]] = list(result.get("hands") or [])
    if result.get("report") is not None:
        labels = tuple(hand_label(HandOutcome(int(h["label"]["number"]), int(h["label"]["line"]),
                                              h["label"].get("room_hand"), "ok"), t) for h in hands)
        st.session_state[ROOM] = (str(result.get("name", "")), tuple(hands), labels)
        st.session_state["live.paste.room_hand"] = 0
    else:
        st.session_state.pop(ROOM, None)
    if hands:
        _use_entry(hands[0])


def _room_hands(t: Translator) -> None:
    """The hands of a pasted room's file, to pick another one than the first."""
    room = st.session_state.get(ROOM)
    if not isinstance(room, tuple) or len(room[1]) < 2:
        return
    labels = room[2]
    st.selectbox(t("Hand of the file"), list(range(len(labels))), key="live.paste.room_hand",
                 format_func=lambda k: labels[k], on_change=_on_room_hand)


def _on_room_hand() -> None:
    room = st.session_state.get(ROOM)
    k = st.session_state.get("live.paste.room_hand")
    if isinstance(room, tuple) and isinstance(k, int) and not isinstance(k, bool) and 0 <= k < len(room[1]):
        st.session_state.pop(PASTE_PROBLEM, None)
        _use_entry(room[1][k])


def _use_entry(entry: dict[str, Any]) -> None:
    """A hand as the worker wrote it: its normalized PHH, or why it was refused."""
    if "phh" in entry:
        _use_text(str(entry["phh"]))
    else:
        st.session_state[PASTE_PROBLEM] = str(entry.get("refused", ""))


def _use_text(text: str) -> None:
    """A hand in our own normalized PHH becomes the chosen one; one with no decision says why."""
    t = state.tr()
    try:
        sc = common.pasted_script(SpotRef.pasted(hand_digest(text), 0), text)
        points = common.decision_points(sc)
    except CoachError as err:
        st.session_state[PASTE_PROBLEM] = t.md(user_params(localized_problem(err.message)))  # st.error
        return
    if not points:
        st.session_state[PASTE_PROBLEM] = t(NO_DECISION)
        return
    st.session_state[PASTED] = text
    st.session_state[POINT] = points[-1]
