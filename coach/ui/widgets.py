"""Small Streamlit building blocks shared by the pages (header, notes, CSS, table)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from coach.errors import IllegalAction
from coach.feedback.refusals import feedback_for_refusal
from coach.i18n import N_, Translator, user_params
from coach.learning.ranges import RangeView
from coach.lessons.schema import Lesson
from coach.ui import state
from coach.ui.lessons import lesson_share
from coach.ui.navigation import target
from coach.ui.phone import PHONE_CSS
from coach.ui.rangegrid import render_range_grid, title
from coach.ui.scroll import after_tap
from coach.ui.table import STREET_NAMES, TableView, render_log_box, render_table
from coach.ui.termlinks import link_feedback

_BASE_CSS = """
<style>
/* Keyboard focus must be visible on every control (learners using the keyboard). */
button:focus-visible{outline:3px solid #ffd54f !important;outline-offset:2px}
.cc-note-money{font-size:.85rem;opacity:.85}
/* Primary buttons: dark text on the yellow (white on #f2c14e is 1.7:1; this is 10:1). */
button[kind="primary"]:not(:disabled),button[kind="primary"]:not(:disabled) *{color:#14210f !important}
/* Less empty space above the page title: the table and the decision need the height. */
.stMainBlockContainer{padding-top:3.5rem}
.stMainBlockContainer h1{font-size:2.2rem;padding-top:0}
/* The step buttons keep their tooltips ("arrow keys") but not the hints, to fit in one row. */
[class*="st-key-steps-"] kbd{display:none}
/* One heading level per step (h1 page, h2 part, h3 question): h2 is sized like a subheader. */
.stMainBlockContainer h2{font-size:1.6rem;padding-top:.6rem}
.stMainBlockContainer h3{font-size:1.3rem}
/* The action log scrolls inside a fixed height, the newest line in view (column-reverse). */
.cc-logbox{max-height:15rem;overflow-y:auto;display:flex;flex-direction:column-reverse;
  border:1px solid rgba(255,255,255,.15);border-radius:.5rem;padding:.4rem .5rem}
/* No keyboard hints on a touch screen: there is no keyboard to press them on. */
@media (hover:none) and (pointer:coarse){button kbd{display:none !important}}
</style>
"""

_CLASSROOM_CSS = """
<style>
/* Classroom (projector): no sidebar, the pages in the header bar; every text 24 px or more,
   readable from the back row; one lesson step (table, narration, step controls, decision) on
   one 1920x1080 screen. Streamlit sizes its texts in rem: 1rem is 24 px here. */
html{font-size:24px}
[data-testid="stSidebar"],[data-testid="stSidebarCollapsedControl"],
[data-testid="collapsedControl"]{display:none !important}
.stMainBlockContainer, .block-container{max-width:100% !important;
  padding:calc(3.75rem + 16px) 48px 32px !important}
[data-testid="stVerticalBlock"]{gap:.55rem}
.stMainBlockContainer h1{font-size:1.5rem !important;padding:0 !important}
.stMainBlockContainer h2{font-size:1.25rem !important;padding:0 !important}
.stMainBlockContainer h3{font-size:1.1rem !important;padding:.2rem 0 0 !important}
/* Streamlit pulls the element after a heading up by 1rem (its heading's padding makes up for it);
   with the padding taken away here, that pulled a box over the heading's text. */
[data-testid="stHeading"] > [data-testid="stMarkdownContainer"]{margin-bottom:0 !important}
[data-testid="stCaptionContainer"],[data-testid="stCaptionContainer"] p,
[data-testid="stWidgetLabel"] p,.stProgress p,[data-testid="stMarkdownContainer"] p,
[data-testid="stMarkdownContainer"] li,.stButton button p,[data-testid="stHeader"] a,
[data-testid="stHeader"] span,[data-testid="stHeader"] p,input,[data-baseweb="select"] div{
  font-size:1rem !important}
[data-testid="stElementToolbar"]{display:none}
.cc-log{font-size:1rem;line-height:1.4}
.cc-logbox{max-height:7.5rem}
/* High contrast for a projector in a lit room: near-black page, white text, thick outlines. */
.stApp,[data-testid="stAppViewContainer"],[data-testid="stHeader"]{background:#020a05 !important}
.stMarkdown p,.stMarkdown li,[data-testid="stCaptionContainer"],label p{color:#ffffff !important}
.cc-seat{border-width:3px !important}
.cc-card{border:2px solid #222 !important}
/* The range grid beside a verdict: 24 px labels and numbers, cells wide enough to hold them. */
.cc-rg{max-width:56rem !important}
.cc-rg th,.cc-rg td,.cc-rg td i,.cc-rg p{font-size:1rem !important}
.cc-rg col.cc-rg-h{width:1.4rem !important}
</style>
"""

def inject_base_css(classroom: bool) -> None:
    """Focus outlines, contrast and headings everywhere; the phone layout and touch targets in their
    media queries (:mod:`coach.ui.phone`); the projector layout in classroom mode."""
    st.html(_BASE_CSS + PHONE_CSS + (_CLASSROOM_CSS if classroom else ""))


def browser_scripts() -> None:
    """This browser's profile cookie: our own script, the profile name JSON-encoded in it.

    Called last on the page, so the element never shifts the ones above it (a
    control that moves is redrawn, and the keyboard focus is lost with it).
    """
    st.html(state.profile_cookie_script(), unsafe_allow_javascript=True)


def shortcut(key: str) -> str | None:
    """A single-letter shortcut only when the learner turned them on (WCAG 2.1.4)."""
    return key if state.settings().letter_shortcuts else None


def db_notice() -> None:
    """«Progressi non salvati»: why the database failed, and that the learner can go on.

    Drawn by :func:`coach.ui.app.run` at the top of every page after the page ran,
    so a write that failed in this very run (or in the click's callback) shows at once.
    """
    problem = state.db_problem()
    if problem is None:
        return
    t = state.tr()
    st.warning(t("Progress not saved: {reason}. You can go on: what you do now stays in this session only.",
                 reason=t.render(problem)), icon=":material/cloud_off:")
    state.notice_drawn()


def refuse_input(text: str) -> None:
    """A widget value the page never offered (a crafted client's): said in a callback, nothing changes.

    Called from the callback, so the message stands at the top of the page the click redraws.
    """
    st.error(text, icon=":material/block:")


def play_money_note() -> None:
    t = state.tr()
    st.caption(t("Play chips only: no real money."))


def page_header(title: str, subtitle: str = "") -> None:
    """Page title; in classroom mode a button to leave the projector layout."""
    t = state.tr()
    if state.classroom():
        # Under Streamlit's header bar (the content starts below it), on the title's row.
        left, right = st.columns([4, 1], vertical_alignment="center")
        left.title(title)
        right.button(t("Leave classroom mode"), key="leave_classroom", on_click=_leave_classroom,
                     icon=":material/logout:", width="stretch")
    else:
        st.title(title)
    if subtitle:
        st.caption(subtitle)


def _leave_classroom() -> None:
    if "aula" in st.query_params:
        del st.query_params["aula"]
    state.update_settings(classroom=False)


def table_html(view: TableView) -> str:
    s = state.settings()
    return render_table(view, state.tr(), four_colour=s.four_colour, large=state.classroom())


def table_and_panel(view: TableView) -> tuple[DeltaGenerator, DeltaGenerator]:
    """The table on the left (the step controls go under it) and a column on the right.

    At 1280x800 the table, the step controls and the decision then share one
    screen; on a phone the right column comes after the table and its controls.
    Pages put the action log last in the right column (:func:`show_log`), so a
    long hand never pushes the buttons away.
    """
    left, right = st.columns([1.25, 1], gap="medium")
    with left:
        st.html(table_html(view))
    return left, right


def show_log(lines: Sequence[str]) -> None:
    """The hand's log, newest line in view, scrolling inside a fixed height."""
    if not lines:
        return
    t = state.tr()
    with st.container():  # one block with its title: the phone layout moves it as one (coach.ui.phone)
        st.markdown("**" + t("Action log") + "**")
        st.html(render_log_box(lines, t))


# Units of numeric answers are Italian words in the data (drills, lessons without a
# translation); the reader's language names them.
UNIT_NAMES = {"fiche": N_("chips"), "carte": N_("cards")}


def unit_label(unit: str, t: Translator) -> str:
    """A numeric answer's unit in the reader's language ("fiche" is "chips" in English)."""
    return t(UNIT_NAMES[unit]) if unit in UNIT_NAMES else unit


def link_rules(text: str, t: Translator) -> str:
    """A coach's explanation with its rules named in words and its technical terms linked to the
    glossary (:func:`coach.ui.termlinks.link_feedback`; Markdown): the name every page calls."""
    return link_feedback(text, t)


REFUSAL_KEY = "cc_refusal"


def show_refusal(refusal: IllegalAction) -> None:
    """The engine's refusal with its numbers, the rule explained, and "nothing changed"."""
    t = state.tr()
    feedback = feedback_for_refusal("", refusal)
    messages = feedback.messages()
    # The refusal's text parameters are the players' names (from a file): shown as text.
    # The rule is named in words by the last of the messages («Regola: Il rilancio minimo»).
    text = t.md(user_params(messages[0] if messages else refusal.message))
    with st.container(key=REFUSAL_KEY):
        st.error(link_rules(text, t), icon=":material/block:")
        for m in messages[1:]:
            st.markdown(link_rules(t.md(user_params(m)), t))
        st.caption(t("Nothing has changed: choose again."))
    after_tap(REFUSAL_KEY)  # on a phone the refusal is below the buttons: a tap must not seem lost


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


def show_ranges(ranges: Sequence[RangeView], t: Translator, *, expanded: bool = False) -> None:
    """Beside a verdict: the range the coach gives each opponent it assumed, one expander each.

    The expander's label is the grid's title («Il range che il coach attribuisce a Bruno
    dopo il suo rilancio»), the name escaped for Markdown; folded by default, because
    the pages that show a verdict in a narrow column or a list (practice, Replayer)
    have no room for a 13x13 grid open, and a multiway pot would show several.
    """
    for view in ranges:
        with st.expander(t.md(title(view)), expanded=expanded, icon=":material/grid_on:"):
            st.html(render_range_grid(view, t, heading=False))


def course_links(t: Translator, all_: Sequence[Lesson], done: set[str], answered: set[str],
                 completed_on: Mapping[str, str] | None = None) -> None:
    """The course path: every lesson a link to it, with its state in words.

    Completed (on a date, where given), in progress (the share of its decisions
    and questions done), not started; its prerequisites are a hint, never a lock.
    """
    titles = {x.id: f"{x.place}. {x.title}" for x in all_}
    for x in all_:
        share = lesson_share(x, answered)
        if x.id in done:
            icon = ":material/check_circle:"
            when = (completed_on or {}).get(x.id)
            status = t("completed on {date}", date=when) if when else t("completed")
        elif share > 0:
            icon = ":material/timelapse:"
            status = t("in progress, {share} done", share=t.format_percent(share, 0))
        else:
            icon, status = ":material/radio_button_unchecked:", t("not started")
        missing = [titles[r] for r in x.prerequisites if r in titles and r not in done]
        hint = t("Best after: {lessons}", lessons="; ".join(missing)) if missing else status
        st.page_link(target("lezioni"), label=f"{x.place}. {x.title} · {status}", icon=icon,
                     query_params={"lezione": x.id}, help=hint)
