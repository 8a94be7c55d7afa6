"""The class's pupils on the teacher's page: the join box (code, QR, link), the names as they join,
removing one only after a second «Sì, rimuovi», and one pupil count for the whole page (issue 22).

The count: the page draws its tab («Alunni (3)») and every «3 alunni in classe» from the snapshot
it read; :func:`remember_drawn` keeps that number, and the polls (the list here, :func:`watch` on the
other views) draw the whole page again as soon as the database says otherwise, so two numbers that
disagree never stay on the projector.
"""

from __future__ import annotations

import streamlit as st

from coach.i18n import NN_, Translator
from coach.live import CLASS_OPEN
from coach.store.records import LiveClass, LivePupil
from coach.textsafe import md_text
from coach.ui import state
from coach.ui.live import common

PUPILS = NN_("{n} pupil in the class", "{n} pupils in the class")
DRAWN = "live.teacher.drawn_pupils"  # the pupil count the page was last drawn with
CONFIRM_REMOVE = "live.teacher.confirm_remove"  # the pupil id whose removal awaits «Yes, remove»


def pupils_line(n: int, t: Translator) -> str:
    return t.counted(PUPILS, n=n)


def remember_drawn(pupils: int) -> None:
    st.session_state[DRAWN] = pupils


def _changed(pupils: int) -> bool:
    return st.session_state.get(DRAWN) != pupils


@st.fragment(run_every=common.POLL_S)
def watch(code: str) -> None:
    """On the question and results views of an open class: the page is drawn again when a pupil
    joins or is removed (the tab's count), or when the database fails or comes back (the banner)."""
    got = common.read_snapshot(code)
    if common.poll_changed(got.failed):
        st.rerun()
    snap = got.value
    if got.failed or snap is None:
        return
    if snap.live_class.state(snap.now) != CLASS_OPEN or _changed(snap.pupils):
        st.rerun()


def join_box(cls: LiveClass, t: Translator) -> None:
    """The join code, big, the QR code and the link (for the projector); a warning, and the local
    network's address instead, when the teacher opened the app as ``localhost`` (no phone can open
    a loopback address: the QR code would lead nowhere)."""
    where = common.join_address(cls.code)
    if where.loopback:
        _loopback_warning(where, t)
    url = where.shown
    qr, words = st.columns([1, 2], vertical_alignment="center")
    img = common.qr_img(url, t("QR code of the link to join the class"))
    qr.html('<div class="cc-qrbox">' + img + "</div>"
            "<style>.cc-qrbox img{width:100%;max-width:380px;height:auto;display:block;"
            "image-rendering:pixelated}</style>")
    with words:
        st.markdown(t("Open on your phone (or scan the QR code):"))
        st.code(url, language=None)
        st.html('<p class="cc-joincode" aria-label="' + t("Class code") + '">' + " ".join(cls.code) + "</p>"
                "<style>.cc-joincode{font-size:5rem;font-weight:800;letter-spacing:.2em;margin:0;"
                "font-family:monospace;line-height:1.1}</style>")


def _loopback_warning(where: common.JoinAddress, t: Translator) -> None:
    if where.lan_url is not None:
        st.warning(t("This page was opened as {address}: that address only works on this computer, so the "
                     "pupils' phones cannot open it. The QR code and the link below use this computer's "
                     "address on the local network instead: the phones must be on the same Wi-Fi. If "
                     "they still cannot open it, start the app with --server.address 0.0.0.0 "
                     "(see docs/CLASSE.md).",
                     address=_host(where.url)), icon=":material/wifi_off:")
    else:
        st.warning(t("This page was opened as {address}: that address only works on this computer, so the "
                     "pupils' phones cannot open this QR code. Connect the computer to the school's network, "
                     "start the app with --server.address 0.0.0.0 and open this page with the computer's "
                     "network address (see docs/CLASSE.md).", address=_host(where.url)),
                   icon=":material/wifi_off:")


def _host(url: str) -> str:
    return url.split("//", 1)[-1].split("/", 1)[0]


def pupils(cls: LiveClass, t: Translator) -> None:
    """The pupils of an open class as they join (polled), or the names of a class that is over."""
    if cls.state() == CLASS_OPEN:
        _pupil_list(cls, t)
    else:  # a class that is over is not polled any more
        pupil_names(cls, t)


@st.fragment(run_every=common.POLL_S)
def _pupil_list(cls: LiveClass, t: Translator) -> None:
    """The names as they join (the fragment reads the database about once a second); the whole page
    is drawn again when their number is not the one it was drawn with (the tab's «Alunni (n)»)."""
    if cls.state() != CLASS_OPEN:  # expired meanwhile: the page without this poll
        st.rerun()
    seen = pupil_names(cls, t)
    if seen is not None and _changed(seen):
        st.rerun()


def pupil_names(cls: LiveClass, t: Translator) -> int | None:
    """The pupils' names as buttons that ask to remove them; how many there are (None: unreadable)."""
    key = common.teacher_key(cls.code)
    listed = common.read_kept(f"pupils.{cls.id}", lambda db: db.class_pupils(cls.id, key), None)
    names = listed or list[LivePupil]()
    st.markdown("**" + pupils_line(len(names), t) + "**")
    if not names:
        st.caption(t("Nobody has joined yet."))
        return None if listed is None else 0
    pending = st.session_state.get(CONFIRM_REMOVE)
    asked = next((p for p in names if p.id == pending), None)
    if asked is not None:
        with st.container(border=True, key="live-teacher-confirm-remove"):
            st.warning(t("Remove {name} from the class? Their answers are deleted and the name cannot join "
                         "again (until you let it back in).", name=md_text(asked.name)),
                       icon=":material/person_remove:")
            with st.container(horizontal=True, gap="small"):
                st.button(t("Yes, remove {name}", name=md_text(asked.name)), key="live.remove.yes",
                          type="primary", icon=":material/person_remove:", on_click=_on_remove,
                          args=(cls.code, cls.id, asked.id))
                st.button(t("Cancel"), key="live.remove.no", on_click=_on_ask, args=(None,),
                          icon=":material/undo:")
    with st.container(horizontal=True, gap="small"):
        for p in names:
            st.button(md_text(p.name), key=f"live.remove.{p.id}", icon=":material/close:",
                      help=t("Remove {name} from the class", name=md_text(p.name)),
                      on_click=_on_ask, args=(p.id,))
    st.caption(t("Press a name to remove it from the class (you will be asked to confirm)."))
    return len(names)


def _on_ask(pupil_id: int | None) -> None:
    st.session_state[CONFIRM_REMOVE] = pupil_id


def _on_remove(code: str, class_id: int, pupil_id: int) -> None:
    st.session_state.pop(CONFIRM_REMOVE, None)
    key = common.teacher_key(code)
    state.save(lambda db: db.remove_pupil(class_id, pupil_id, key))
