"""Le mie mani: «Crea una mano» (a hand from a live table, entered step by step) and the saved hands.

The builder's logic is :mod:`coach.learning.builder` (pure, tested by itself); this page holds
one frozen :class:`~coach.learning.builder.Build` in the session and replaces it only when the
engine accepts a step, so a refused step or a bad field leaves everything as it was and says why
(the same refusals and rule texts as the lessons). A saved hand opens in the Replayer the way a
practice hand does (``replay.open``), with the coach's grades of the hero's decisions.
Titles and names are the user's own text: shown as plain text only.
"""

from __future__ import annotations

import streamlit as st

from coach.engine.phh import loads_phh
from coach.errors import CoachError, IllegalAction
from coach.i18n import Translator, user_params
from coach.learning.builder import (
    Build,
    BuildStep,
    StepKind,
    board_size,
    coach_grades,
    make_setup,
    parse_known_cards,
)
from coach.learning.script import Attempt
from coach.limits import MAX_PLAYERS, MIN_PLAYERS
from coach.store.checks import MAX_HAND_TITLE
from coach.store.records import UserHand
from coach.textsafe import md_text
from coach.ui import state
from coach.ui.cardpicker import card_picker
from coach.ui.controls import action_panel
from coach.ui.handlist import hand_list
from coach.ui.handview import table_view
from coach.ui.navigation import target
from coach.ui.phone import QUESTION_KEY
from coach.ui.roomimport import export_guide, room_import
from coach.ui.scroll import TAP, scroll_to
from coach.ui.table import STREET_NAMES
from coach.ui.verdict import action_label
from coach.ui.widgets import page_header, show_log, show_refusal, table_and_panel

BUILD = "builder.build"  # the hand being built (a frozen Build), None at the set-up form
PROBLEM = "builder.problem"  # the last refusal: an IllegalAction (with its rule) or a message
CONFIRM = "builder.confirm_delete"  # «Elimina le mie mani» asked, waiting for the confirmation
AREA = "builder_area"  # the table and the panel that enters its actions (scrolled into view after a tap)
SAVED = "builder.saved"  # the title of the hand just saved (the page says so once)
STREET_OF_BOARD = {0: "flop", 3: "turn", 4: "river"}


def _keep_draft(build: Build | None) -> None:
    """The half-built hand kept in the profile (revision 0013), so a reload of the page finds it."""
    profile = state.settings().profile
    draft = None if build is None else build.to_draft()
    state.save(lambda db: db.save_builder_draft(profile, draft))


def _restore_draft() -> None:
    """After a reload (a new session): the hand being built, read back from the profile, if any."""
    if BUILD in st.session_state:
        return
    profile = state.settings().profile
    draft = state.load(lambda db: db.builder_draft(profile), None)
    if not isinstance(draft, str):
        st.session_state[BUILD] = None
        return
    try:
        st.session_state[BUILD] = Build.from_draft(draft)
    except CoachError:  # a draft an older version wrote, or that no longer replays: start afresh
        st.session_state[BUILD] = None


def _problem(err: CoachError) -> None:
    st.session_state[PROBLEM] = err


def _values(n: int) -> dict[str, object]:
    ss = st.session_state
    names = [str(ss.get(f"builder.name.{i}", "")) for i in range(n)]
    return {
        "names": names,
        "stacks": [ss.get(f"builder.stack.{i}", "") for i in range(n)],
        "known": {i: str(ss.get(f"builder.cards.{i}", "")) for i in range(n)},
    }


def _on_start() -> None:
    st.session_state.pop(PROBLEM, None)
    ss = st.session_state
    n = int(ss.get("builder.n", 6))
    v = _values(n)
    try:
        setup = make_setup(v["names"], v["stacks"], button=int(ss.get("builder.button", n - 1)),  # type: ignore[arg-type]
                           small_blind=ss.get("builder.sb", ""), big_blind=ss.get("builder.bb", ""),
                           ante=ss.get("builder.ante", ""), hero=int(ss.get("builder.hero", 0)),
                           hero_cards=str(ss.get("builder.hero_cards", "")),
                           known=v["known"])  # type: ignore[arg-type]
        ss[BUILD] = Build.start(setup)
        _keep_draft(ss[BUILD])
    except CoachError as err:
        _problem(err)


def _step(step: BuildStep) -> None:
    build = st.session_state.get(BUILD)
    if not isinstance(build, Build):
        return
    st.session_state.pop(PROBLEM, None)
    try:
        st.session_state[BUILD] = build.apply(step)
        _keep_draft(st.session_state[BUILD])
    except CoachError as err:  # the build in the session stays as it was
        _problem(err)


def _on_choice(attempt: Attempt) -> None:
    kinds: dict[str, StepKind] = {"fold": "fold", "check": "check", "call": "call", "bet": "bet",
                                  "raise": "raise", "all_in": "all_in"}
    kind = kinds.get(str(attempt.kind))
    if kind is not None:
        _step(BuildStep(kind, attempt.amount))


def _on_board(count: int) -> None:
    t = state.tr()
    try:
        cards = parse_known_cards(str(st.session_state.get("builder.board", "")), count, t("Board"))
    except CoachError as err:
        _problem(err)
        return
    st.session_state["builder.board"] = ""
    _step(BuildStep("board", cards=cards))


def _on_show(seat: int) -> None:
    t = state.tr()
    try:
        cards = parse_known_cards(str(st.session_state.get("builder.show", "")), 2, t("Shown cards"))
    except CoachError as err:
        _problem(err)
        return
    _step(BuildStep("show", seat=seat, cards=cards))


def _on_undo() -> None:
    build = st.session_state.get(BUILD)
    st.session_state.pop(PROBLEM, None)
    if isinstance(build, Build) and build.steps:
        st.session_state[BUILD] = build.undo()
        _keep_draft(st.session_state[BUILD])


def _on_restart() -> None:
    st.session_state.pop(PROBLEM, None)
    st.session_state[BUILD] = None
    _keep_draft(None)


def _on_save() -> None:
    build = st.session_state.get(BUILD)
    t = state.tr()
    title = str(st.session_state.get("builder.title", "")).strip() or t("My hand")
    if not isinstance(build, Build):
        return
    profile = state.settings().profile
    saved = state.save(lambda db: db.save_user_hand(profile, title[:MAX_HAND_TITLE], build.phh()))
    if saved is not None:
        st.session_state[SAVED] = title
        st.session_state[BUILD] = None
        _keep_draft(None)


def _on_delete_all(confirmed: bool) -> None:
    if not confirmed:
        st.session_state[CONFIRM] = True
        return
    st.session_state.pop(CONFIRM, None)
    profile = state.settings().profile
    state.save(lambda db: db.delete_my_hands(profile))  # the session analyses too (their hands)


def _on_cancel_delete() -> None:
    st.session_state.pop(CONFIRM, None)


def _open(hand: UserHand) -> None:
    """To the Replayer, with the coach's grades of the hero's decisions (as «Pratica» sends its hands)."""
    t = state.tr()
    comments: list[str] = []
    try:
        with st.spinner(t("The coach is working out the numbers...")):
            graded = coach_grades(loads_phh(hand.phh, source="PHH"))
        for street, kind, amount, verdict in graded:
            if verdict.grade_label is None:
                continue
            comments.append(t("{action}: {grade}", action=t(STREET_NAMES.get(street, street)) + " · "
                              + action_label(kind, amount, t), grade=t.render(verdict.grade_label)))
    except CoachError:
        comments = []  # the Replayer says what is wrong with the hand
    st.session_state["replay.open"] = (hand.title, hand.phh, tuple(comments))
    st.switch_page(target("replayer"))


def _show_problem(t: Translator) -> None:
    err = st.session_state.get(PROBLEM)
    if isinstance(err, IllegalAction):
        show_refusal(err)
    elif isinstance(err, CoachError):
        st.error(t.md(user_params(err.message)), icon=":material/error:")
        st.caption(t("Nothing has changed: correct it and try again."))


def _setup_form(t: Translator) -> None:
    ss = st.session_state
    st.markdown(t("Enter the table as it was: the players, their stacks, the blinds and your cards. "
                  "Cards are written like AsKd (A K Q J T 9 … 2, then s h d c); leave an opponent's cards "
                  "blank if you did not see them."))
    n = int(st.number_input(t("Players at the table"), min_value=MIN_PLAYERS, max_value=MAX_PLAYERS,
                            value=6, step=1, key="builder.n"))
    c1, c2, c3 = st.columns(3)
    ss.setdefault("builder.sb", "1")
    ss.setdefault("builder.bb", "2")
    ss.setdefault("builder.ante", "0")
    c1.text_input(t("Small blind"), key="builder.sb")
    c2.text_input(t("Big blind"), key="builder.bb")
    c3.text_input(t("Ante (each player)"), key="builder.ante")
    for i in range(n):
        ss.setdefault(f"builder.name.{i}", t("Player {n}", n=i + 1))
        ss.setdefault(f"builder.stack.{i}", "200")
        a, b, c = st.columns([3, 2, 2])
        a.text_input(t("Seat {n}: name", n=i + 1), key=f"builder.name.{i}", max_chars=40)
        b.text_input(t("Stack (chips)"), key=f"builder.stack.{i}")
        c.text_input(t("Cards (if known)"), key=f"builder.cards.{i}", max_chars=8, placeholder="??")
    seats = list(range(n))
    if ss.get("builder.button") not in seats:
        ss["builder.button"] = n - 1
    if ss.get("builder.hero") not in seats:
        ss["builder.hero"] = 0
    names = _values(n)["names"]

    def seat_label(i: int) -> str:
        return t("Seat {n}", n=i + 1) + " · " + str(names[i])  # type: ignore[index]

    d1, d2, d3 = st.columns(3)
    d1.selectbox(t("Button"), seats, key="builder.button", format_func=seat_label)
    d2.selectbox(t("Your seat"), seats, key="builder.hero", format_func=seat_label)
    d3.text_input(t("Your cards"), key="builder.hero_cards", max_chars=8, placeholder="AsKd")
    with st.expander(t("Pick your cards by tapping"), icon=":material/playing_cards:"):
        others = "".join("".join(str(ss.get(f"builder.cards.{i}", "")).split())
                         for i in range(n) if i != ss.get("builder.hero"))
        used = [others[k:k + 2] for k in range(0, len(others), 2)]
        card_picker(t, "builder.pick", "builder.hero_cards", used)
    st.button(t("Start the hand"), key="builder.start", type="primary", on_click=_on_start,
              icon=":material/play_arrow:")


def _building(build: Build, t: Translator) -> None:
    hand = build.hand()
    phase = build.phase(hand)
    view = table_view(hand, t, reveal_all=True, hero=build.setup.hero)
    with st.container(key=AREA):
        left, right = table_and_panel(view)
    # after every step and every tap the table, with the seat to act, comes back into view: on a phone the
    # buttons that answer it are below the table, and a tap there scrolls the table off the top
    scroll_to(AREA, f"{len(build.steps)}.{int(st.session_state.get(TAP, 0))}", settle=True)
    with left:
        with st.container(horizontal=True, gap="small"):
            st.button(t("Undo the last action"), key="builder.undo", on_click=_on_undo,
                      disabled=not build.steps, icon=":material/undo:")
            st.button(t("Start again"), key="builder.restart", on_click=_on_restart,
                      icon=":material/restart_alt:")
    with right:
        _show_problem(t)
        if phase == "action":
            actor = hand.actor
            assert actor is not None
            with st.container(key=QUESTION_KEY + "builder"):  # on a phone: above the buttons
                st.markdown(t("**{name}** acts: what did they do?", name=md_text(hand.names[actor])))
            action_panel(hand, "builder.act", _on_choice)
        elif phase == "board":
            count = board_size(hand.board)
            street = STREET_OF_BOARD.get(len(hand.board), "river")
            st.text_input(t("The {street}: {count} cards", street=t(STREET_NAMES[street]), count=count),
                          key="builder.board", max_chars=12, placeholder="7h8h9c" if count == 3 else "2d")
            st.button(t("Deal the {street}", street=t(STREET_NAMES[street])), key="builder.deal",
                      on_click=_on_board, args=(count,), type="primary")
        elif phase == "showdown":
            seat = build.showdown_seat(hand)
            if seat is not None:
                st.markdown(t("Showdown: **{name}** shows or mucks.", name=md_text(hand.names[seat])))
                labels = {"show": t("Show"), "muck": t("Muck")}
                for option in build.showdown_options(seat, hand):
                    label = t("Show face down (cards not seen)") if option.face_down else labels[option.kind]
                    st.button(label, key=f"builder.sd.{option.kind}.{int(option.face_down)}", on_click=_step,
                              args=(option,))
                if build.setup.hole[seat] is None:
                    st.text_input(t("… or the cards shown"), key="builder.show", max_chars=8,
                                  placeholder="AsKd")
                    st.button(t("Show these cards"), key="builder.show_typed", on_click=_on_show,
                              args=(seat,))
        else:
            st.success(t("The hand is complete: give it a title and save it."), icon=":material/flag:")
            st.text_input(t("Title"), key="builder.title", max_chars=MAX_HAND_TITLE,
                          placeholder=t("My hand"))
            st.button(t("Save in My hands"), key="builder.save", type="primary", on_click=_on_save,
                      icon=":material/save:")
        show_log(view.log)


def _my_hands(t: Translator) -> None:
    profile = state.settings().profile
    total: int = state.load(lambda db: db.count_user_hands(profile), 0)
    analyses: int = state.load(lambda db: db.count_review_jobs(profile), 0)
    st.header(t("My hands ({n})", n=total))
    if not total:
        st.info(t("No hands yet: build one above, or import a file of your room."),
                icon=":material/playing_cards:")
        if not analyses:
            return
    else:
        total = hand_list(t, _open).total or total
    if st.session_state.get(CONFIRM):
        st.warning(t("Delete all your hands ({n}) and your session analyses ({analyses}), with the hands "
                     "they keep? This cannot be undone.", n=total, analyses=analyses),
                   icon=":material/warning:")
        with st.container(horizontal=True, gap="small"):
            st.button(t("Yes, delete them"), key="builder.delete_yes", type="primary",
                      on_click=_on_delete_all, args=(True,))
            st.button(t("Cancel"), key="builder.delete_no", on_click=_on_cancel_delete)
    else:
        st.button(t("Delete my hands"), key="builder.delete", on_click=_on_delete_all, args=(False,),
                  icon=":material/delete:")


def render() -> None:
    t = state.tr()
    page_header(t("My hands"), t("Build a hand you played at a live table, step by step, or import your "
                                 "online room's hands, and keep them: open them in the Replayer with the "
                                 "coach's grades, download them, or put them to your class."))
    saved = st.session_state.pop(SAVED, None)
    if isinstance(saved, str):
        st.success(t("Saved in My hands: {title}", title=md_text(saved)), icon=":material/check:")
    st.header(t("Build a hand"))
    _restore_draft()
    build = st.session_state.get(BUILD)
    if isinstance(build, Build):
        _building(build, t)
    else:
        _show_problem(t)
        _setup_form(t)
    room_import(t)
    export_guide(t)
    _my_hands(t)
