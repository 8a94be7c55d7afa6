"""A hand the teacher pastes or uploads to put to the class, and the decision in it.

The hand may be PHH or an online room's history (:func:`coach.learning.handfile.read_hand_file`):
of a room's file the first readable hand is used (another one can be picked), its opponents named
by position unless the teacher keeps the names, and it then goes through the same path as PHH.

The hand is read by the Replayer's safe loader (:func:`coach.ui.live.common.read_pasted`: size,
UTF-8, a strict replay); a broken one leaves the chosen hand as it was and says why. While
a vote on a pasted hand is open, the hand and the decision are the ones the database keeps.
"""

from __future__ import annotations

import streamlit as st

from coach.engine.phh import HandHistory
from coach.errors import CoachError
from coach.i18n import N_, Translator, user_params
from coach.learning.handfile import read_hand_file
from coach.learning.replay import localized_problem
from coach.limits import MAX_HAND_BYTES
from coach.live import SpotRef, hand_digest
from coach.rooms.privacy import anonymize
from coach.store.checks import MAX_HAND_SEARCH
from coach.store.records import ClassSnapshot, HandPage, UserHand
from coach.ui import state
from coach.ui.live import common
from coach.ui.roomreport import hand_label

PASTED = "live.teacher.pasted"  # the pasted hand's PHH text (as the store keeps it)
POINT = "live.teacher.point"  # the action index of the decision picked in the pasted hand
PASTE_PROBLEM = "live.teacher.paste_problem"  # why the last pasted hand was refused (translated)
ROOM = "live.teacher.room"  # a room's file pasted: (its name, its readable hands, their labels)
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
    text = st.session_state.get(PASTED)
    if not open_vote:
        with st.expander(t("Paste or upload a hand history (PHH or an online room's)"),
                         expanded=not isinstance(text, str)):
            st.text_area(t("The hand history (PHH, or PokerStars, PartyPoker, iPoker)"),
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
    if hand is not None:
        _use(hand.title, hand.phh.encode("utf-8"))


def _on_paste() -> None:
    """Read the pasted text (or the uploaded file); a broken hand leaves the chosen one as it was."""
    t = state.tr()
    st.session_state.pop(PASTE_PROBLEM, None)
    upload = st.session_state.get("live.paste.file")
    raw = str(st.session_state.get("live.paste.text") or "")
    if upload is not None and not raw.strip():
        name, data = str(getattr(upload, "name", "hand.phh")), bytes(upload.getvalue())
    else:
        name, data = t("the pasted text"), raw.encode("utf-8")
    _use(name, data)


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
        _use_history(room[0], room[1][k])


def _use_history(name: str, history: HandHistory) -> None:
    """A room's hand, its opponents named by position unless kept, through the PHH path."""
    if not st.session_state.get("live.paste.keep_names", False):
        history = anonymize(history)
    _use(name, history.dumps().encode("utf-8"), room=False)


def _use(name: str, data: bytes, *, room: bool = True) -> None:
    """A hand checked by the Replayer's safe loader becomes the chosen one; a broken one says why.

    ``room``: ``data`` may be a room's file (its first readable hand is used)."""
    t = state.tr()
    st.session_state.pop(PASTE_PROBLEM, None)
    if room:
        try:
            hand_file = read_hand_file(name, data, limit=MAX_HAND_BYTES)
        except CoachError as err:
            st.session_state[PASTE_PROBLEM] = t.md(user_params(localized_problem(err.message)))
            return
        if hand_file.report is not None:
            ok = [h for h in hand_file.report.hands if h.history is not None]
            histories = [h.history for h in ok if h.history is not None]
            if not histories:
                st.session_state[PASTE_PROBLEM] = t("No hand of this file can be replayed.")
                return
            st.session_state[ROOM] = (name, tuple(histories), tuple(hand_label(h, t) for h in ok))
            st.session_state["live.paste.room_hand"] = 0
            _use_history(name, histories[0])
            return
        st.session_state.pop(ROOM, None)
    try:
        text, sc = common.read_pasted(name, data)
        points = common.decision_points(sc)
    except CoachError as err:
        st.session_state[PASTE_PROBLEM] = t.md(user_params(localized_problem(err.message)))  # st.error
        return
    if not points:
        st.session_state[PASTE_PROBLEM] = t(NO_DECISION)
        return
    st.session_state[PASTED] = text
    st.session_state[POINT] = points[-1]
