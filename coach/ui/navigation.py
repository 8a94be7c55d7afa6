"""The app's pages by URL: the one table of url paths, titles and icons, and links to them.

A page exists once, as the ``render`` function of its view (``coach.ui.views.<url>``);
``coach.ui.app`` puts those functions into ``st.navigation`` under the url paths here.
The url paths are fixed Italian words, so a shared link
(``/lezioni?lezione=...&mano=...&passo=...``) works in any language; the titles are
English msgids, translated with the session's language each run.

A view that links to another page (``st.page_link``, ``st.switch_page``) asks
:func:`target` for it by url path instead of importing the other view: Streamlit
identifies a navigation page by its url path alone, so the link needs nothing of the
page it opens, and no view imports another view.
"""

from __future__ import annotations

from typing import NamedTuple

import streamlit as st
from streamlit.navigation.page import StreamlitPage

from coach.i18n import N_


class PageEntry(NamedTuple):
    url: str  # the url path, also the view's module name (coach/ui/views/<url>.py)
    title: str  # English msgid, translated per run
    icon: str


PAGES: tuple[PageEntry, ...] = (
    PageEntry("home", N_("Home"), ":material/home:"),
    PageEntry("lezioni", N_("Lessons"), ":material/school:"),
    PageEntry("pratica", N_("Practice"), ":material/playing_cards:"),
    PageEntry("quiz", N_("Quiz"), ":material/quiz:"),
    PageEntry("ripasso", N_("Review"), ":material/history_edu:"),
    PageEntry("replayer", N_("Replayer"), ":material/replay:"),
    PageEntry("glossario", N_("Glossary"), ":material/menu_book:"),
    PageEntry("progressi", N_("Progress"), ":material/insights:"),
    PageEntry("insegnante", N_("Live class"), ":material/co_present:"),
    PageEntry("classe", N_("Join a class"), ":material/how_to_vote:"),
    PageEntry("mani", N_("My hands"), ":material/back_hand:"),
    PageEntry("analisi", N_("Analyze your session"), ":material/query_stats:"),
    PageEntry("impostazioni", N_("Settings"), ":material/settings:"),
)
HOME = "home"  # the default page: served at the root URL
_BY_URL = {p.url: p for p in PAGES}


def _opened_by_navigation() -> None:
    """Never runs: a link's page is run by ``st.navigation``, which holds the view's render."""


def target(url: str) -> StreamlitPage:
    """The page at ``url``, for ``st.page_link`` and ``st.switch_page`` (never for ``st.navigation``)."""
    entry = _BY_URL[url]
    return st.Page(_opened_by_navigation, title=entry.title, icon=entry.icon, url_path=entry.url)
