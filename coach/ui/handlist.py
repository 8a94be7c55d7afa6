"""The list of «Le mie mani»: a page of 20 hands at a time, a search, filters, and a zip of the found.

A learner who imports a season of online play has thousands of hands: drawing each as a row
made the page slow and the hand they wanted impossible to find. The store pages, searches and
filters in SQL (:meth:`coach.store.Store.find_user_hands`); this module keeps the search and the
filters in the session, draws one page (newest first) with its counts, and offers every found
hand as one zip of PHH files, built only when the button is pressed (Streamlit runs the
callable then, on its own thread). Titles, names and rooms are the user's or a file's text:
shown as plain text only. The page «Le mie mani» calls :func:`hand_list`.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from typing import Literal

import streamlit as st

from coach.i18n import NN_, Translator
from coach.store import Store
from coach.store.checks import MAX_HAND_SEARCH
from coach.store.records import HandPage, UserHand
from coach.textsafe import UserText, md_text
from coach.ui import state

__all__ = ["PER_PAGE", "hand_list", "zip_of"]

PER_PAGE = 20
PAGE = "mani.list.page"  # the page shown, 0 = the newest hands
SEARCH = "mani.list.search"
SOURCE = "mani.list.source"  # "builder" or "import"; "all" or None: every hand
ROOM = "mani.list.room"  # a room's name; None: every room
MINE = "mani.list.mine"  # only the hands with a decision of the hero
CONFIRM = "mani.list.confirm_delete"  # the hand whose row asks «Eliminare …?» (one click never deletes)
HANDS = NN_("{n} hand", "{n} hands")
FOUND = NN_("{n} found", "{n} found")
Source = Literal["builder", "import"]


def zip_of(hands: list[UserHand]) -> bytes:
    """The hands as one zip, a PHH file each (``mano-<id>.phh``, as the row's own download names it)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for h in hands:
            zf.writestr(f"mano-{h.id}.phh", h.phh)
    return buf.getvalue()


def _query() -> tuple[str, Source | None, str | None, bool]:
    """The search and the filters as the widgets hold them (text cut at :data:`MAX_HAND_SEARCH`)."""
    ss = st.session_state
    text = str(ss.get(SEARCH) or "")[:MAX_HAND_SEARCH]
    source = ss.get(SOURCE)
    room = ss.get(ROOM)
    return (text, source if source in ("builder", "import") else None,
            room if isinstance(room, str) else None, bool(ss.get(MINE)))


def _first_page() -> None:
    st.session_state[PAGE] = 0


def _turn(step: int) -> None:
    st.session_state[PAGE] = max(0, int(st.session_state.get(PAGE, 0)) + step)


def _ask(hand_id: int | None) -> None:
    st.session_state[CONFIRM] = hand_id


def _on_delete(hand_id: int, title: str) -> None:
    st.session_state.pop(CONFIRM, None)
    profile = state.settings().profile
    t = state.tr()
    if state.save(lambda db: db.delete_user_hand(profile, hand_id)):
        st.toast(t("Deleted: {title}", title=UserText(title)), icon=":material/delete:")


def _filters(t: Translator, rooms: list[str]) -> None:
    st.text_input(t("Search"), key=SEARCH, max_chars=MAX_HAND_SEARCH, on_change=_first_page,
                  placeholder=t("Title, player, room or date (12/11/2026)"), icon=":material/search:")
    labels: dict[str, str] = {"all": t("All"), "builder": t("Built"), "import": t("Imported")}
    st.session_state.setdefault(SOURCE, "all")
    a, b, c = st.columns([3, 3, 3], vertical_alignment="bottom")
    a.segmented_control(t("Where from"), list(labels), key=SOURCE, format_func=labels.__getitem__,
                        on_change=_first_page)
    if rooms:
        b.selectbox(t("Room"), rooms, index=None, key=ROOM, placeholder=t("Every room"),
                    on_change=_first_page)
    c.checkbox(t("Only hands with a decision of mine"), key=MINE, on_change=_first_page)


def _confirm_row(h: UserHand, t: Translator) -> None:
    """The row of a hand whose delete icon was pressed: the question, «Sì, elimina» and «Annulla»."""
    with st.container(border=True, key=f"mani-confirm-delete-{h.id}"):
        with st.container(horizontal=True, gap="small", vertical_alignment="center"):
            st.markdown(t("Delete «{title}»?", title=md_text(h.title)))
            st.button(t("Yes, delete"), key="mani.list.delete.yes", type="primary", icon=":material/delete:",
                      on_click=_on_delete, args=(h.id, h.title))
            st.button(t("Cancel"), key="mani.list.delete.no", on_click=_ask, args=(None,),
                      icon=":material/undo:")


def _row(h: UserHand, t: Translator, open_hand: Callable[[UserHand], None]) -> None:
    if st.session_state.get(CONFIRM) == h.id:
        _confirm_row(h, t)
        return
    cols = st.columns([5, 3, 3, 1], vertical_alignment="center")
    origin = h.room or (t("Built") if h.source == "builder" else t("Imported"))
    details = " · ".join(x for x in (h.players, origin, h.created_at.strftime("%d/%m/%Y %H:%M")) if x)
    cols[0].markdown(md_text(h.title) + "  \n:small[" + md_text(details) + "]")
    if cols[1].button(t("Open in the Replayer"), key=f"builder.open.{h.id}", icon=":material/replay:"):
        open_hand(h)
    cols[2].download_button(t("Download (.phh)"), data=h.phh, file_name=f"mano-{h.id}.phh", mime="text/plain",
                            key=f"builder.download.{h.id}", icon=":material/download:", on_click="ignore")
    cols[3].button("", key=f"builder.remove.{h.id}", icon=":material/delete:", help=t("Delete this hand"),
                   on_click=_ask, args=(h.id,))


def _pager(t: Translator, page: int, pages: int) -> None:
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        st.button(t("Previous hands"), key="mani.list.prev", on_click=_turn, args=(-1,), disabled=page == 0,
                  icon=":material/chevron_left:")
        st.markdown(t("Page {page} of {pages}", page=page + 1, pages=pages))
        st.button(t("Next hands"), key="mani.list.next", on_click=_turn, args=(1,),
                  disabled=page + 1 >= pages, icon=":material/chevron_right:", icon_position="right")


def _zip_button(t: Translator, db: Store, profile: str, found: int) -> None:
    text, source, room, mine = _query()

    def build() -> bytes:  # run by Streamlit when pressed, on its own thread: no session here
        return zip_of(db.matching_user_hands(profile, text, source=source, room=room, hero_decision=mine))

    st.download_button(t("Download all (zip)") if found > 1 else t("Download (zip)"), data=build,
                       file_name="mie-mani.zip", mime="application/zip", key="mani.list.zip",
                       icon=":material/folder_zip:", on_click="ignore")


def hand_list(t: Translator, open_hand: Callable[[UserHand], None]) -> HandPage:
    """The search, the filters, one page of the found hands and the pager; the page (its counts)."""
    profile = state.settings().profile
    rooms: list[str] = state.load(lambda db: db.user_hand_rooms(profile), [])
    if st.session_state.get(ROOM) not in (None, *rooms):
        st.session_state[ROOM] = None  # the room's hands were deleted
    text, source, room, mine = _query()
    page = max(0, int(st.session_state.get(PAGE, 0)))

    def find(at: int) -> HandPage:
        return state.load(lambda db: db.find_user_hands(profile, text, source=source, room=room,
                                                         hero_decision=mine, offset=at * PER_PAGE,
                                                         limit=PER_PAGE), HandPage((), 0, 0))

    found = find(page)
    pages = max(1, -(-found.found // PER_PAGE))
    if page >= pages:  # fewer hands than the page (a deletion, a narrower search): the last page
        page = pages - 1
        st.session_state[PAGE] = page
        found = find(page)
    if not found.total:
        return found
    _filters(t, rooms)
    st.markdown(t.counted(HANDS, n=found.total) + " · " + t.counted(FOUND, n=found.found))
    if not found.found:
        st.info(t("No hand matches: change the search or the filters."), icon=":material/search_off:")
        return found
    for h in found.hands:
        _row(h, t, open_hand)
    _pager(t, page, pages)
    _zip_button(t, state.store(), profile, found.found)
    return found
