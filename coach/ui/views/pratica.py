"""Pratica: complete hands against the coach's bots, with feedback and the session's charts."""

from __future__ import annotations

import os
import time
import tomllib
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from functools import partial

import streamlit as st
from babel.dates import format_datetime

from coach.engine.session import HandRecord
from coach.errors import IllegalAction, InvalidInput
from coach.feedback import STYLES
from coach.i18n import N_, Translator
from coach.learning.practice import HERO, GradedDecision, Mode, PracticeConfig, PracticeTable
from coach.learning.review import needs_review, record_graded
from coach.learning.script import Attempt
from coach.limits import toml_problem
from coach.store import Store
from coach.store.records import PracticeHand
from coach.ui import inputs, state
from coach.ui.controls import action_panel
from coach.ui.coursepath import learner_feedback
from coach.ui.feedbacklevel import Level
from coach.ui.figures import GRADE_LABELS, GradePoint, build_grades_figure, build_session_figure
from coach.ui.handview import table_view
from coach.ui.lessons import lessons
from coach.ui.navigation import target
from coach.ui.ondemand import folded
from coach.ui.phone import QUESTION_KEY
from coach.ui.practice_replay import REPLAY, open_replay, open_similar, render_replay, replay_in_progress
from coach.ui.scroll import after_tap, scroll_to
from coach.ui.table import STREET_NAMES
from coach.ui.verdict import GRADE_BOX, action_label, show_comment
from coach.ui.widgets import (
    page_header,
    play_money_note,
    refuse_input,
    shortcut,
    show_log,
    show_refusal,
    table_and_panel,
)

TABLE = "practice.table"
KEPT = "practice.kept"  # the table's snapshot as last written to the store (written again when it changes)
AREA = "prac_table_area"  # the table and its panel: the page scrolls there at each decision
BOT_PACE = 0.6  # seconds between two bots' actions, so the learner can follow them
PACE_ENV = "COACH_BOT_PACE"  # seconds; "0" in the tests (every bot at once)
HISTORY_SHOWN = 30  # practice hands listed (the store keeps more; the download has these)
HISTORY_KEY = "prac_history"
HISTORY_SECONDS = 15.0  # another tab's new hands show within this time
REFUSAL = "practice.refusal"
STYLE_NAMES = {
    "mixed": N_("Mixed (one style per bot)"),
    "tight-aggressive": N_("Tight and aggressive"),
    "loose-aggressive": N_("Loose and aggressive"),
    "tight-passive": N_("Tight and passive"),
    "loose-passive": N_("Loose and passive (calls a lot)"),
}

GRADES_KEY = "prac_grades"  # the hand's grades, above «Mano successiva»
COMMENT_KEY = "prac_comment"  # the coach's comment on the last choice, at the learner's next turn

def _table() -> PracticeTable | None:
    tb = st.session_state.get(TABLE)
    return tb if isinstance(tb, PracticeTable) else None


def _on_sit() -> None:
    t = state.tr()
    ss = st.session_state
    seed = ss.get("practice.seed")
    seats = inputs.whole(ss.get("prac_seats", 6), 2, 10)
    mode = inputs.member(ss.get("prac_mode", "cash"), list[Mode](["cash", "tournament"]))
    stack = inputs.whole(ss.get("prac_stack", 100), 20, 500)
    style = inputs.member(ss.get("prac_style", "mixed"), ["mixed", *STYLES])
    level = ss.get("prac_difficulty", 70)  # a percentage
    difficulty = level / 100 if isinstance(level, int | float) and not isinstance(level, bool) else -1.0
    if seats is None or mode is None or stack is None or style is None or not 0.0 <= difficulty <= 1.0:
        refuse_input(t("A setting of the table is not one of the choices offered: choose again."))
        return  # nan fails the range check too
    cfg = PracticeConfig(seats=seats, mode=mode, stack_bb=stack, style=style, difficulty=difficulty,
                         seed=int(seed) if seed is not None else None,
                         hero_name=state.display_label(t))
    tb = PracticeTable.create(cfg)
    tb.deal(bots=bot_pace() <= 0)
    st.session_state[TABLE] = tb
    st.session_state.pop(REFUSAL, None)


def _on_deal(tb: PracticeTable) -> None:
    with tb.held():  # taken before the first Streamlit call: see _on_choice
        if _table() is not tb:
            return
        if tb.can_deal:
            try:
                tb.deal(bots=bot_pace() <= 0)
            except IllegalAction:  # a second click on «Mano successiva»: the first one dealt already
                return
        st.session_state.pop(REFUSAL, None)


def _on_rebuy(tb: PracticeTable) -> None:
    with tb.held():
        if _table() is tb:
            tb.rebuy()


def _on_leave() -> None:
    for key in (TABLE, REFUSAL, KEPT, REPLAY):
        st.session_state.pop(key, None)
    profile = state.settings().profile
    state.save(lambda db: db.drop_practice_session(profile))


def bot_pace() -> float:
    """Seconds between two bots' actions (:data:`BOT_PACE`; the env var ``COACH_BOT_PACE`` in tests)."""
    try:
        pace = float(os.environ.get(PACE_ENV, BOT_PACE))
    except ValueError:
        return BOT_PACE
    return pace if 0.0 <= pace <= 5.0 else BOT_PACE


def _on_choice(tb: PracticeTable, at: tuple[int, int], attempt: Attempt) -> None:
    """The learner's choice: applied with the bots' replies as one move, or not at all.

    Streamlit's fast reruns stop a run (at its next Streamlit call) and start the newer one in
    another thread at once. The table is therefore taken *before* any Streamlit call: a run
    already stopped stops at the first one (``_table``), before the move, and a newer run's page
    waits until the move is over instead of drawing the table half-way (see
    ``PracticeTable.held``). What follows the move (the grades into the progress store, the
    finished hand into the history) is done by every page draw (``_record``), so a run stopped
    just after the move loses nothing.
    """
    with tb.held():
        if _table() is not tb or not tb.hero_to_act():
            return
        t = state.tr()
        with st.spinner(t("The coach is working out the numbers...")):
            try:
                outcome = tb.act(attempt, at=at, bots=bot_pace() <= 0)
            except IllegalAction:  # a stale click: another click already played this turn
                return
    if outcome.refusal is not None:
        st.session_state[REFUSAL] = outcome.refusal
        return
    st.session_state.pop(REFUSAL, None)


def _record(tb: PracticeTable) -> None:
    """The learner's graded choices and finished hands into the store, once each (every page draw).

    Each item leaves the table's pending list inside the same store call as its write (no
    Streamlit call in between, where a stopped run would end): never lost, never written twice;
    a write the database refuses stays pending for the next draw.
    """
    if not tb.unrecorded and not tb.unsaved:
        return
    profile = state.settings().profile

    def record(db: Store, d: GradedDecision) -> None:  # a mistake comes back in «Ripasso»
        if d.verdict.grade is not None:
            record_graded(db, profile, d.verdict.grade, source="practice", ref=f"hand {d.hand_number}",
                          action=d.said, ev_loss_bb=d.verdict.ev_loss_bb, spot=d.spot)
        tb.recorded(d)

    for d in list(tb.unrecorded):
        state.save(partial(record, d=d))
    for r in list(tb.unsaved):
        _store_finished(tb, profile, r)


def _store_finished(tb: PracticeTable, profile: str, record: HandRecord) -> None:
    """A finished hand goes into the learner's practice history (the database)."""
    if HERO not in record.seats:
        tb.saved(record)
        return
    grades = [{"action": d.said, "kind": _kind_of(d), "grade": d.verdict.grade,
               "ev_loss_bb": d.verdict.ev_loss_bb, "street": d.street}
              for d in tb.decisions_of(record.number) if d.verdict.grade is not None]
    text = record.phh()
    result = record.stacks_after[HERO] - record.stacks_before[HERO]

    def save(db: Store) -> None:
        db.save_practice_hand(profile, text, hero_seat=record.seats.index(HERO), result_chips=result,
                              big_blind=record.level.big_blind, grades=grades)
        tb.saved(record)

    state.save(save)
    st.session_state.pop(HISTORY_KEY, None)  # the list shows the new hand


def _kind_of(d: GradedDecision) -> str:
    """fold, check, call, bet, raise or all_in: what the coach called the learner's option."""
    row = next((o for o in d.verdict.options if o.code == d.said), None)
    return row.kind if row is not None else _kind_amount(d.said)[0]


def render() -> None:
    t = state.tr()
    page_header(t("Practice"), t("Play complete hands against the coach's bots."))
    tb = _table() or _restored()
    if tb is None:
        _setup(t)
        return
    replay = replay_in_progress()
    if replay is not None:  # «Rigioca questa decisione»: the hand waits in the session meanwhile
        render_replay(replay)
        return
    with tb.held():  # never drawn in the middle of a move (see _on_choice)
        _bots_one_by_one(tb, t)
        tb.advance()  # a move cut short is finished here: the page never waits on a bot
        _record(tb)
        _keep(tb)
        _play(tb, t)
    _history(t)
    play_money_note()


def _restored() -> PracticeTable | None:
    """The table kept in the store for this profile (a reload), rebuilt; None if there is none."""
    profile = state.settings().profile
    text = state.load(lambda db: db.practice_session(profile), None)
    if text is None:
        return None
    try:
        tb = PracticeTable.restore(text)
    except InvalidInput:  # kept by another version, or damaged: a fresh table instead
        state.save(lambda db: db.drop_practice_session(profile))
        return None
    st.session_state[TABLE] = tb
    st.session_state[KEPT] = text
    return tb


def _keep(tb: PracticeTable) -> None:
    """The table into the store when it changed, so a reload finds it (the table held)."""
    snap = tb.snapshot()
    if st.session_state.get(KEPT) == snap:
        return
    profile = state.settings().profile

    def keep(db: Store) -> None:
        db.save_practice_session(profile, snap)
        st.session_state[KEPT] = snap

    try:
        state.save(keep)
    except InvalidInput:  # a session too long to keep: it lasts as long as the browser's session
        st.session_state[KEPT] = snap


def _bots_one_by_one(tb: PracticeTable, t: Translator) -> None:
    """The bots' actions shown one at a time, :func:`bot_pace` seconds apart (the table held).

    Each action is applied whole before the pause (:meth:`PracticeTable.step`), so a click that
    stops this run finds the table between two actions, and the next draw plays the rest.
    """
    pace = bot_pace()
    if pace <= 0 or tb.hand is None or tb.session.current is None:
        return
    spot = st.empty()
    shown = 0
    while tb.session.current is not None and not tb.hero_to_act() and not tb.session.current.is_complete:
        hand = tb.session.current
        shown += 1
        with spot.container(key=f"prac_bots_{shown}"):
            view = table_view(hand, t, hero=tb.hero_seat())
            _, right = table_and_panel(view)
            with right:
                st.caption(t("The other players are acting..."))
                show_log(view.log)
            scroll_to(f"prac_bots_{shown}", f"{tb.session_id}.{tb.hand_number}.bots")
        time.sleep(pace)
        if not tb.step():
            break
    spot.empty()


def _setup(t: Translator) -> None:
    st.slider(t("Players at the table"), min_value=2, max_value=10, value=6, key="prac_seats",
              help=t("Two players is heads-up: the button posts the small blind."))
    modes = {"cash": t("Cash game (fixed blinds)"), "tournament": t("Tournament (rising blinds)")}
    st.radio(t("Game"), list(modes), format_func=modes.__getitem__, key="prac_mode", horizontal=True)
    if st.session_state.get("prac_mode", "cash") == "cash":
        st.number_input(t("Starting stack (big blinds)"), min_value=20, max_value=500, value=100, step=10,
                        key="prac_stack")
    styles = ["mixed", *STYLES]
    st.selectbox(t("Bots' style"), styles, format_func=lambda k: t(STYLE_NAMES.get(str(k), str(k))),
                 key="prac_style")
    st.slider(t("Bots' strength"), min_value=0, max_value=100, value=70, step=10, key="prac_difficulty",
              format="%d%%", help=t("How often a bot plays the coach's best choice (100% = always)."))
    st.button(t("Sit down at the table"), key="prac_sit", type="primary", on_click=_on_sit,
              icon=":material/playing_cards:")
    _history(t)
    play_money_note()


def _play(tb: PracticeTable, t: Translator) -> None:
    """The table, the learner's buttons or the hand's end, and the session's charts (the table held)."""
    s = state.settings()
    sess = tb.session
    level = sess.level
    info = t("Hand {n}", n=max(1, tb.hand_number)) + " · " + t(
        "blinds {small}/{big}", small=level.small_blind, big=level.big_blind)
    if level.ante:
        info += " · " + t("ante {ante}", ante=level.ante)
    if sess.mode == "tournament":
        info += " · " + t("level {n}", n=sess.level_index + 1)
    st.caption(info)
    hand = tb.hand
    hero = tb.hero_seat()
    if hand is None:
        return
    view = table_view(hand, t, hero=hero)
    refusal = st.session_state.get(REFUSAL)
    feedback, odds = learner_feedback(lessons())  # Pratica follows the learner's next lesson
    with st.container(key=AREA):
        _, right = table_and_panel(view)
        with right:
            if tb.hero_to_act():
                # The comment on the last choice first, then the next decision's buttons.
                if s.feedback_timing == "decision":
                    _feedback(tb, tb.hand_number, t, feedback, at_turn=True)
                with st.container(key=QUESTION_KEY + "practice"):  # on a phone: above the buttons
                    st.header(t("Your turn"))
                seen = (tb.hand_number, len(hand.actions))  # the decision these buttons answer
                action_panel(hand, f"prac.{seen[0]}.{seen[1]}", partial(_on_choice, tb, seen), odds=odds)
                if isinstance(refusal, IllegalAction):
                    show_refusal(refusal)
            elif sess.current is None and tb.last_record is not None:
                _hand_over(tb, t, feedback)
            show_log(view.log)
    # The table in view when a hand opens and at each of the learner's turns; after a tap the coach's
    # comment (at the learner's next turn) or the hand's grades (at its end) are brought into view
    # instead (coach.ui.scroll.after_tap): on a phone they are below the table.
    answered = bool(tb.decisions_of(tb.hand_number)) and (
        sess.current is None or (tb.hero_to_act() and s.feedback_timing == "decision"))
    if not answered:
        scroll_to(AREA, f"{tb.session_id}.{tb.hand_number}.{len(hand.actions)}.{sess.current is None}")
    _session_charts(tb, t)


def _hand_over(tb: PracticeTable, t: Translator, level: Level) -> None:
    """The hand's result, the grades of the learner's choices above «Mano successiva» (on a phone
    they are read before the next hand starts), what to do next, then the coach's comments."""
    sess = tb.session
    assert tb.last_record is not None
    net = tb.results[-1] if tb.results else 0
    if net > 0:
        st.success(t("You won {amount} chips in this hand.", amount=net), icon=":material/trending_up:")
    elif net < 0:
        st.warning(t("You lost {amount} chips in this hand.", amount=-net),
                   icon=":material/trending_down:")
    else:
        st.info(t("You broke even in this hand."))
    _grades_line(tb.decisions_of(tb.last_record.number), t)
    with st.container(horizontal=True):
        if tb.can_deal:
            st.button(t("Next hand"), key="prac_next", type="primary", on_click=_on_deal, args=(tb,),
                      shortcut=shortcut("N"), icon=":material/playing_cards:")
        st.download_button(t("Download the hand (PHH)"), data=tb.last_record.phh(),
                           file_name=f"mano-{tb.last_record.number}.phh", mime="text/plain",
                           key="prac_download", icon=":material/download:", on_click="ignore")
        st.button(t("Leave the table"), key="prac_leave", on_click=_on_leave, icon=":material/logout:")
    if tb.hero_busted and sess.mode == "cash":
        st.warning(t("You have no chips left."))
        st.button(t("Buy in again ({amount} chips)", amount=tb.buy_in), key="prac_rebuy",
                  on_click=_on_rebuy, args=(tb,), icon=":material/add_circle:")
    elif tb.hero_busted:
        st.error(t("You have no chips left: the session is over."))
    elif sess.is_over:
        st.success(t("You won the tournament: you have all the chips!"), icon=":material/emoji_events:")
    _feedback(tb, tb.last_record.number, t, level, at_turn=False)


def _grades_line(decisions: Sequence[GradedDecision], t: Translator) -> None:
    """«Le tue scelte: Preflop · Ottima — Flop · Errore»: every grade of the hand in one line."""
    graded = [(d.street, d.verdict.grade_label) for d in decisions if d.verdict.grade_label is not None]
    if not graded:
        return
    with st.container(key=GRADES_KEY):
        st.markdown(t("Your choices: {grades}", grades=" — ".join(
            f"{t(STREET_NAMES.get(s, s))} · **{t.render(g)}**" for s, g in graded if g is not None)))
    after_tap(GRADES_KEY)


def _feedback(tb: PracticeTable, hand_number: int, t: Translator, level: Level, *, at_turn: bool) -> None:
    """The coach's comment on the last choice, open, with one «Rigioca» / «Una mano simile» pair.

    At the hand's end the comments on the earlier choices follow in one closed «Commenti precedenti»
    expander. At the learner's turn only the last one shows, without the bots' ranges (they come
    with the hand's end), so the next decision's buttons stay on a 1280x800 screen.
    """
    decisions = tb.decisions_of(hand_number)
    if not decisions:
        return
    last = decisions[-1]
    with st.container(key=COMMENT_KEY):
        st.markdown("**" + t("The coach's comments") + "**")
        _comment(last, t, level, ranges=not at_turn)  # at the learner's turn the buttons stay on the screen
    if at_turn:
        after_tap(COMMENT_KEY, block="start")
    if last.spot is not None:
        with st.container(horizontal=True):
            st.button(t("Replay this decision"), key=f"prac.replay.{hand_number}.{len(decisions)}",
                      icon=":material/replay:", on_click=open_replay, args=(last.spot,),
                      help=t("The same spot again, from the table as it was."))
            if needs_review(last.verdict.grade):
                st.button(t("A similar hand"), key=f"prac.similar.{hand_number}.{len(decisions)}",
                          icon=":material/shuffle:", on_click=open_similar, args=(last.spot,),
                          help=t("The same spot with new cards: the same street, price and position."))
    if at_turn or len(decisions) < 2:
        return
    with st.expander(t("Earlier comments ({n})", n=len(decisions) - 1)):
        for d in decisions[:-1]:
            _comment(d, t, level)


def _comment(d: GradedDecision, t: Translator, level: Level, *, ranges: bool = True) -> None:
    """One choice: what the learner did, the grade, the explanation and the options' numbers."""
    v = d.verdict
    # The choice in the lessons' words ("hai scelto: Anna paga 2"), never a PHH code.
    said = t.md(d.message) if d.message is not None else action_label(*_kind_amount(d.said), t)
    street = t(STREET_NAMES.get(d.street, d.street))
    head = t("{street} — you chose: {action}", street=street, action=said)
    if v.grade_label is not None:
        head += " — " + t("grade: {grade}", grade=t.render(v.grade_label))
    getattr(st, GRADE_BOX.get(v.grade or "", "info"))(head)
    # the bots' ranges: at the hand's end (at the learner's turn they push the buttons away)
    show_comment(v, t, level, ranges=ranges)


def _history(t: Translator) -> None:
    """The learner's practice hands (the database): result, grades, open in the Replayer, download all."""
    profile = state.settings().profile
    hands = _kept_hands(profile)
    if not hands:
        return
    # Folded at the table: drawn (30 rows, their dates, their buttons) only once opened. One key per
    # place, so the list opens by itself away from the table and stays folded at it.
    seated = _table() is not None
    key = HISTORY_KEY + (".table" if seated else ".lobby")
    with folded(t("Your practice hands ({n})", n=len(hands)), key, expanded=not seated) as box:
        if box is None:
            return
        texts = [f"[{n}]\n{h.phh.strip()}\n" for n, h in enumerate(reversed(hands), start=1)]
        st.download_button(t("Download them all (one PHH file)"), data="\n".join(texts),
                           file_name="mani-di-pratica.phhs", mime="text/plain", key="prac_download_all",
                           icon=":material/download:", on_click="ignore")
        labels = {k: t(v) for k, v in GRADE_LABELS.items()}
        for h in hands:
            when = format_datetime(h.played_at.replace(tzinfo=UTC), format="short", locale=t.locale,
                                   tzinfo=state.learner_tz())
            net = h.result_chips
            result = (t("won {amount} chips", amount=net) if net > 0 else
                      t("lost {amount} chips", amount=-net) if net < 0 else t("broke even"))
            grades = ", ".join(labels.get(str(g.get("grade")), str(g.get("grade"))) for g in h.grades)
            cols = st.columns([5, 2], vertical_alignment="center")
            line = t("**Hand {n}** · {when} · {result}", n=_hand_no(h.phh), when=when, result=result)
            cols[0].markdown(line + (" · " + t("grades: {grades}", grades=grades) if grades else ""))
            if cols[1].button(t("Open in the Replayer"), key=f"prac.open.{h.id}", icon=":material/replay:"):
                comments = [t("{action}: {grade}", action=_said_in(g, t),
                              grade=labels.get(str(g.get("grade")), "")) for g in h.grades]
                open_in_replayer(t("practice hand {n}", n=_hand_no(h.phh)), h.phh, comments)


def _kept_hands(profile: str) -> list[PracticeHand]:
    """The practice hands listed, read from the store at most every :data:`HISTORY_SECONDS` (each
    action at the table reran the query) and again at once after this session saved one."""
    kept = st.session_state.get(HISTORY_KEY)
    now = time.monotonic()
    if kept is not None and kept[0] == profile and now - kept[1] < HISTORY_SECONDS:
        return list(kept[2])
    got = state.read(lambda db: db.practice_hands(profile, HISTORY_SHOWN))
    if got.failed or got.value is None:
        return []
    st.session_state[HISTORY_KEY] = (profile, now, tuple(got.value))
    return list(got.value)


def _hand_no(text: str) -> str:
    """The session's hand number, which the practice table writes into the PHH (``hand = 3``)."""
    if toml_problem(text) is not None:  # the store's text, read with the same limits as any hand
        return "?"
    try:
        number = tomllib.loads(text).get("hand")
    except (tomllib.TOMLDecodeError, ValueError, RecursionError, MemoryError):
        return "?"
    return str(number) if isinstance(number, int) else "?"


def _said_in(grade: Mapping[str, object], t: Translator) -> str:
    """A stored decision in words: its street and action (``cc`` is a call here: the hand is gone)."""
    street = t(STREET_NAMES.get(str(grade.get("street", "")), str(grade.get("street", ""))))
    code_kind, amount = _kind_amount(str(grade.get("action", "")))
    kind = str(grade.get("kind") or code_kind)
    return street + " · " + action_label(kind, amount if kind in ("bet", "raise") else None, t)


def open_in_replayer(name: str, text: str, comments: Sequence[str] = ()) -> None:
    """Hand ``text`` to the Replayer and go there (it loads it on its next run, with the coach's grades)."""
    st.session_state["replay.open"] = (name, text, tuple(comments))
    st.switch_page(target("replayer"))


def _kind_amount(code: str) -> tuple[str, int | None]:
    """``cbr 40`` -> ("raise", 40), ``cc`` -> ("call", None): a code without its narration."""
    parts = code.split()
    if parts and parts[0] == "cbr" and len(parts) > 1 and parts[1].isdigit():
        return "raise", int(parts[1])
    return {"f": "fold", "cc": "call"}.get(parts[0] if parts else "", "call"), None


def _session_charts(tb: PracticeTable, t: Translator) -> None:
    if not tb.results:
        return
    with st.expander(t("This session: results and grades"), expanded=tb.session.current is None):
        total = sum(tb.results)
        st.metric(t("Chips won or lost"), t.format_int(total), delta=t.format_int(tb.results[-1]))
        st.plotly_chart(build_session_figure(tb.results, t), width="stretch",
                        config={"displayModeBar": False},
                        alt=t("Chips won or lost in each of the {n} hands; total {total}.", n=len(tb.results),
                              total=total))
        graded = tb.grades()  # with the earlier hands' grades after a reload
        if graded:
            labels = {k: t(v) for k, v in GRADE_LABELS.items()}
            points = [GradePoint(datetime.now(), g) for g in graded]
            good = sum(1 for g in graded if g in ("ottima", "buona"))
            st.plotly_chart(build_grades_figure(points, labels, t), width="stretch",
                            config={"displayModeBar": False},
                            alt=t("Your {total} graded decisions over time; {good} good or excellent.",
                                  total=len(graded), good=good))
