"""Builds the navigation over the views' ``render`` functions and runs the selected page.

``streamlit_app.py`` only calls :func:`run`. The pages' url paths, titles and icons
are in :mod:`coach.ui.navigation`; page titles are translated with the session's
language each run.
Classroom mode hides the sidebar and the navigation and enlarges everything for
a projector; the profile line is never drawn there, nor on the teacher's page. It is
kept in the address (``?aula=1``) on every page, so a reload (F5 on the projector)
opens it again (:func:`keep_classroom_in_url`).
"""

from __future__ import annotations

import gc
import importlib
import threading
from collections.abc import Callable

import streamlit as st

from coach.ui import state
from coach.ui.document import DOCUMENT_CSS, document_script
from coach.ui.hardening import guard_number_inputs
from coach.ui.navigation import HOME, PAGES
from coach.ui.views import (
    analisi,
    classe,
    glossario,
    home,
    impostazioni,
    insegnante,
    lezioni,
    mani,
    pratica,
    progressi,
    quiz,
    replayer,
    ripasso,
)
from coach.ui.widgets import browser_scripts, db_notice, inject_base_css, play_money_note

# Pages that may be on a projector even outside classroom mode: the sidebar never names the
# profile there (a profile code read on a wall screen must give nobody anything to type).
PROJECTED = frozenset({"insegnante"})

# Each page's body, by url path (the view module of the same name).
VIEWS: dict[str, Callable[[], None]] = {
    "home": home.render,
    "lezioni": lezioni.render,
    "pratica": pratica.render,
    "quiz": quiz.render,
    "ripasso": ripasso.render,
    "replayer": replayer.render,
    "glossario": glossario.render,
    "progressi": progressi.render,
    "insegnante": insegnante.render,
    "classe": classe.render,
    "mani": mani.render,
    "analisi": analisi.render,
    "impostazioni": impostazioni.render,
}


# Heavy modules the home page does not need (PokerKit, numpy, pydantic models, Plotly):
# imported in the background after the first render, so the first click on a lesson
# or the practice table does not wait for them.
FULL_GC_EVERY = 100  # collections of the middle generation per full collection (Python: 10)
WARM_MODULES = ("coach.engine", "coach.feedback", "coach.lessons.loader", "coach.lessons.drills",
                "plotly.graph_objects")


def _import_all() -> None:
    for name in WARM_MODULES:
        try:
            importlib.import_module(name)
        except Exception:  # a module that fails here fails again, visibly, on its page
            return
    # Everything imported so far lives as long as the process: move it out of the garbage
    # collector's sight, so its collections (no longer forced after every rerun, see
    # .streamlit/config.toml) only walk the objects of the sessions.
    gc.freeze()
    # A full collection walks every session's objects with the interpreter lock held: with 250
    # learners on a process it took 125-220 ms, 19 times in 100 s, and every click of the process
    # waited behind it (500 learners: clicks' p95 1-3 s). One full collection for every
    # FULL_GC_EVERY younger ones instead of Python's 10: the learners' p95 fell to 0.26-0.36 s
    # (benchmarks/README.md); the young generations still free the short-lived cycles at once.
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_GC_EVERY)


@st.cache_resource(show_spinner=False)
def warm_up() -> threading.Thread:
    """Start the background imports once per server process (a started thread is never mutated)."""
    thread = threading.Thread(target=_import_all, name="coach-warm-up", daemon=True)
    thread.start()
    return thread


# The value of ``?aula`` this session last saw or wrote (``None``: none): a different one came
# from a link or a reload and wins over the setting; the same one is ours and follows it.
CLASSROOM_URL_KEY = "coach.classroom_url"
_UNSEEN = "unseen"


def keep_classroom_in_url() -> bool:
    """Classroom mode in the setting and in the address alike; True when it is on.

    A new ``?aula=`` (a shared link, a reload, a hand-typed address) sets the setting; the
    setting then writes ``?aula=1`` on every page (a page change drops the query), and removes
    it once classroom mode is left (Impostazioni or the exit button).
    """
    seen = st.query_params.get("aula")
    if seen is not None and seen != st.session_state.get(CLASSROOM_URL_KEY, _UNSEEN):
        on = seen not in ("0", "false", "no")
        if state.settings().classroom != on:
            state.update_settings(classroom=on)
    on = state.settings().classroom
    if on and seen != "1":
        st.query_params["aula"] = "1"
    elif not on and seen is not None:
        del st.query_params["aula"]
    st.session_state[CLASSROOM_URL_KEY] = "1" if on else None
    return on


def run() -> None:
    guard_number_inputs()
    st.set_page_config(
        page_title="Il Coach di Texas Hold'em",
        page_icon="♠",
        layout="wide",
        initial_sidebar_state="auto",
    )
    t = state.tr()
    classroom = keep_classroom_in_url()
    pages = [
        st.Page(VIEWS[p.url], title=t(p.title), icon=p.icon, url_path=p.url, default=(p.url == HOME))
        for p in PAGES
    ]
    # Classroom mode: no sidebar, the pages as a bar at the top (the teacher can still
    # move between them with one click on the projector).
    # expanded: every page in the sidebar, never Streamlit's English «View N more».
    nav = st.navigation(pages, position="top" if classroom else "sidebar", expanded=True)
    inject_base_css(classroom)
    st.html(DOCUMENT_CSS)
    notice = st.container()  # «progressi non salvati», filled after the page ran
    if not classroom:
        with st.sidebar:
            if nav.url_path not in PROJECTED:
                st.caption(t("Profile: {name}", name=state.display_label(t, markdown=True)))
            play_money_note()
    nav.run()
    with notice:
        db_notice()
    # Last on the page, so it never shifts the elements above it (and the focus with them).
    browser_scripts()
    # The document's language and Streamlit's own labels, after the page (nothing shifts).
    st.html(document_script(state.tr()), unsafe_allow_javascript=True)
    warm_up()
