"""Builds the navigation over the page files and runs the selected page.

``streamlit_app.py`` only calls :func:`run`. Page titles are translated with
the session's language each run; the URL paths stay fixed Italian words so a
shared link (``/lezioni?lezione=...&mano=...&passo=...``) works in any language.
Classroom mode hides the sidebar and the navigation and enlarges everything for
a projector; the profile line is never drawn there, nor on the teacher's page.
"""

from __future__ import annotations

import gc
import importlib
import threading

import streamlit as st

from coach.i18n import N_
from coach.ui import state
from coach.ui.hardening import guard_number_inputs
from coach.ui.widgets import browser_scripts, db_notice, inject_base_css, play_money_note

PAGES_DIR = "coach/ui/pages"
# Pages that may be on a projector even outside classroom mode: the sidebar never names the
# profile there (a profile code read on a wall screen must give nobody anything to type).
PROJECTED = frozenset({"insegnante"})

# (file stem, url path, English title msgid, icon)
PAGES: tuple[tuple[str, str, str, str], ...] = (
    ("home", "home", N_("Home"), ":material/home:"),
    ("lezioni", "lezioni", N_("Lessons"), ":material/school:"),
    ("pratica", "pratica", N_("Practice"), ":material/playing_cards:"),
    ("quiz", "quiz", N_("Quiz"), ":material/quiz:"),
    ("ripasso", "ripasso", N_("Review"), ":material/history_edu:"),
    ("replayer", "replayer", N_("Replayer"), ":material/replay:"),
    ("glossario", "glossario", N_("Glossary"), ":material/menu_book:"),
    ("progressi", "progressi", N_("Progress"), ":material/insights:"),
    ("insegnante", "insegnante", N_("Live class"), ":material/co_present:"),
    ("classe", "classe", N_("Join a class"), ":material/how_to_vote:"),
    ("impostazioni", "impostazioni", N_("Settings"), ":material/settings:"),
)


# Heavy modules the home page does not need (PokerKit, numpy, pydantic models, Plotly):
# imported in the background after the first render, so the first click on a lesson
# or the practice table does not wait for them.
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


@st.cache_resource(show_spinner=False)
def warm_up() -> threading.Thread:
    """Start the background imports once per server process (a started thread is never mutated)."""
    thread = threading.Thread(target=_import_all, name="coach-warm-up", daemon=True)
    thread.start()
    return thread


def page_path(stem: str) -> str:
    """The page file, relative to the entry script (what st.Page and AppTest expect)."""
    return f"{PAGES_DIR}/{stem}.py"


def run() -> None:
    guard_number_inputs()
    st.set_page_config(
        page_title="Il Coach di Texas Hold'em",
        page_icon="♠",
        layout="wide",
        initial_sidebar_state="auto",
    )
    t = state.tr()
    classroom = state.classroom()
    pages = [
        st.Page(page_path(stem), title=t(title), icon=icon, url_path=url, default=(stem == "home"))
        for stem, url, title, icon in PAGES
    ]
    # Classroom mode: no sidebar, the pages as a bar at the top (the teacher can still
    # move between them with one click on the projector).
    nav = st.navigation(pages, position="top" if classroom else "sidebar")
    inject_base_css(classroom)
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
    warm_up()
