"""Small Streamlit building blocks shared by the pages (header, notes, CSS, table)."""

from __future__ import annotations

import streamlit as st

from coach.errors import IllegalAction
from coach.ui import state
from coach.ui.table import STREET_NAMES, TableView, render_log, render_table

_BASE_CSS = """
<style>
/* Keyboard focus must be visible on every control (learners using the keyboard). */
button:focus-visible{outline:3px solid #ffd54f !important;outline-offset:2px}
.cc-note-money{font-size:.85rem;opacity:.85}
</style>
"""

_CLASSROOM_CSS = """
<style>
[data-testid="stSidebar"],[data-testid="stSidebarCollapsedControl"],
[data-testid="collapsedControl"]{display:none !important}
.stMainBlockContainer, .block-container{max-width:100% !important;padding-top:1.2rem !important}
.stMarkdown p, .stMarkdown li{font-size:1.45rem !important;line-height:1.5}
h1{font-size:2.6rem !important} h2{font-size:2.1rem !important}
.stButton button p{font-size:1.3rem !important}
.cc-log{font-size:1.35rem;line-height:1.45}
/* High contrast for a projector in a lit room: near-black page, white text, thick outlines. */
.stApp,[data-testid="stAppViewContainer"],[data-testid="stHeader"]{background:#020a05 !important}
.stMarkdown p,.stMarkdown li,[data-testid="stCaptionContainer"],label p{color:#ffffff !important}
.cc-seat{border-width:3px !important}
.cc-card{border:2px solid #222 !important}
</style>
"""


def inject_base_css(classroom: bool) -> None:
    """Focus outlines everywhere; the projector layout in classroom mode."""
    st.html(_BASE_CSS + (_CLASSROOM_CSS if classroom else ""))


def play_money_note() -> None:
    t = state.tr()
    st.caption(t("Play chips only: no real money."))


def page_header(title: str, subtitle: str = "") -> None:
    """Page title; in classroom mode a button to leave the projector layout."""
    t = state.tr()
    if state.classroom():
        left, right = st.columns([5, 1])
        left.title(title)
        right.button(t("Leave classroom mode"), key="leave_classroom", on_click=_leave_classroom)
    else:
        st.title(title)
    if subtitle:
        st.caption(subtitle)


def _leave_classroom() -> None:
    if "aula" in st.query_params:
        del st.query_params["aula"]
    state.update_settings(classroom=False)


def show_table(view: TableView, *, log: bool = True) -> None:
    """The table and, beside it, the action log (below it on a phone)."""
    s = state.settings()
    t = state.tr()
    large = state.classroom()
    html = render_table(view, t, four_colour=s.four_colour, large=large)
    if log and view.log:
        left, right = st.columns([3, 1]) if not large else st.columns([4, 1])
        with left:
            st.html(html)
        with right:
            st.markdown("**" + t("Action log") + "**")
            st.html(render_log(view.log, t))
    else:
        st.html(html)


def show_refusal(refusal: IllegalAction) -> None:
    """The engine's refusal with its numbers, the rule explained, and "nothing changed"."""
    from coach.feedback.rules import feedback_for_refusal  # heavy (numpy): only when needed

    t = state.tr()
    feedback = feedback_for_refusal("", refusal)
    messages = feedback.messages()
    text = t.render(messages[0]) if messages else refusal.localized(t)
    if refusal.rule:
        text += " " + t("(Rule {rule}.)", rule=refusal.rule)
    st.error(text, icon=":material/block:")
    for m in messages[1:]:
        st.markdown(t.render(m))
    st.caption(t("Nothing has changed: choose again."))


STREETS = ("preflop", "flop", "turn", "river", "showdown")


def street_stepper(street: str) -> None:
    """Preflop ▸ Flop ▸ Turn ▸ River ▸ Showdown, with the current street in bold.

    ``street`` is :func:`coach.ui.handview.display_street` (it follows the cards on
    the table); a hand won without a showdown ("complete") bolds no street and
    says the hand is over.
    """
    t = state.tr()
    parts = []
    for name in STREETS:
        label = t(STREET_NAMES[name])
        parts.append(f"**{label}**" if name == street else label)
    line = " ▸ ".join(parts)
    if street == "complete":
        line += " · **" + t(STREET_NAMES["complete"]) + "**"
    st.caption(line)
