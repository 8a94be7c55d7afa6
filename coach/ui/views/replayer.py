"""Replayer: a hand history (PHH or an online room's, uploaded or pasted) or a lesson's hand, stepped
through with comments. A room's file shows its report (read, skipped, refused) and a list of its hands.

An uploaded or pasted file is read by a worker of the task queue (:mod:`coach.ui.parsewait`), never
in this page's thread: the page shows its hands as the worker wrote them (normalized PHH, each one
replayed already), and reads only the one it shows."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import streamlit as st

from coach.engine.phh import loads_phh
from coach.errors import CoachError
from coach.i18n import Translator, user_params
from coach.learning.judge import judge
from coach.learning.replay import (
    MAX_BYTES,
    bounded,
    engine_code,
    localized_problem,
    next_action,
    script_for,
    script_of,
)
from coach.learning.review import spot_of
from coach.learning.script import HandScript
from coach.learning.verdict import Verdict
from coach.review.parsejobs import report_of
from coach.rooms import ImportReport, file_types, room_names
from coach.rooms.convert import cash_outs
from coach.textsafe import md_text
from coach.ui import feedbacklevel, inputs, parsewait, state
from coach.ui.controls import step_controls
from coach.ui.handview import display_street, narration, table_view, visible_seats
from coach.ui.lessons import lessons
from coach.ui.review import replay_spot
from coach.ui.roomreport import hand_label, show_report
from coach.ui.table import render_log
from coach.ui.verdict import GRADE_BOX, show_comment
from coach.ui.widgets import (
    page_header,
    refuse_input,
    show_log,
    street_stepper,
    table_and_panel,
)

SCRIPT = "replay.script"
STEP = "replay.step"
ERROR = "replay.error"  # a CoachError, or the reader's refusal already in words (a parse job's)
FAILED = "replay.failed"  # the worker failed or never answered: said in words, the hand shown stays
APPLIED = "replay.parse_job"  # the parse job whose result the page has taken
COMMENTS = "replay.comments"
SOURCE = "replay.source"  # (file name, the job's hands ({"phh"} or {"refused"}), how many, hand shown)
REPORT = "replay.report"  # a room's file: its ImportReport (None for a PHH file)
GRADES = "replay.grades"  # (file name, the coach's grades of a practice hand's choices, in words)


def _comments() -> dict[int, Verdict]:
    return state.get(COMMENTS, {})


def _set_script(sc: HandScript) -> None:
    state.put(SCRIPT, sc)
    state.put(STEP, 0)
    state.put(COMMENTS, {})
    st.session_state.pop(ERROR, None)


def _load(name: str, data: bytes) -> None:
    """Give an uploaded or pasted file to the workers (the limits checked first, as before)."""
    st.session_state.pop(FAILED, None)
    try:
        parsewait.submit("replayer", name, data, limit=MAX_BYTES)
    except CoachError as err:
        st.session_state[ERROR] = err


def _take_job() -> None:
    """The worker's reading of the last file, once it is done: its first readable hand shown."""
    result = parsewait.take_result("replayer", APPLIED)
    if isinstance(result, str):
        st.session_state[FAILED] = result
        return
    if result is None:
        return
    if "refused" in result:
        st.session_state[ERROR] = str(result["refused"])
        return
    report = result.get("report")
    st.session_state[REPORT] = None if report is None else report_of(report)
    st.session_state.pop("replay_room_hand", None)
    hands: list[dict[str, Any]] = list(result.get("hands") or [])
    if not hands:  # a room's file where no hand can be replayed: the report says why
        st.session_state.pop(ERROR, None)
        st.session_state.pop(SOURCE, None)
        st.session_state.pop(SCRIPT, None)
        return
    _show(str(result.get("name", "")), hands, 0)


def _show(name: str, hands: list[dict[str, Any]], hand_number: int) -> None:
    """Hand ``hand_number`` of the file, from the worker's normalized PHH (or the reason it was refused)."""
    entry = hands[min(max(0, hand_number), len(hands) - 1)]
    if "phh" not in entry:
        st.session_state[ERROR] = str(entry.get("refused", ""))
        return
    try:
        sc = script_of([bounded(name, lambda: loads_phh(str(entry["phh"]), source=name))])
    except CoachError as err:
        st.session_state[ERROR] = err
        return
    _set_script(sc)
    st.session_state[SOURCE] = (name, hands, len(hands), hand_number)


def _on_pick_hand() -> None:
    source = st.session_state.get(SOURCE)
    if source is not None:
        name, sections, count, _ = source
        number = inputs.whole(st.session_state.get("replay_hand_no", 1), 1, count)
        if number is None:  # not a hand of the file: the one shown stays
            t = state.tr()
            refuse_input(t("Choose a hand from 1 to {count}.", count=count))
            return
        _show(name, sections, number - 1)


def _on_pick_room_hand() -> None:
    source = st.session_state.get(SOURCE)
    picked = st.session_state.get("replay_room_hand")
    if source is not None and isinstance(picked, int) and not isinstance(picked, bool) \
            and 0 <= picked < source[2]:
        _show(source[0], source[1], picked)


def _on_upload() -> None:
    f = st.session_state.get("replay_file")
    if f is not None:
        _load(f.name, f.getvalue())


def _on_paste() -> None:
    text = st.session_state.get("replay_text") or ""
    t = state.tr()
    _load(t("pasted text"), text.encode("utf-8"))


def _on_lesson_hand() -> None:
    choice = st.session_state.get("replay_lesson")
    if not choice:
        return
    offered = {f"{x.id}#{i}": x.hands[i] for x in lessons() for i in range(len(x.hands))}
    hand = offered.get(choice) if isinstance(choice, str) else None
    if hand is None:  # not a hand the list offered (an unknown lesson or index): nothing changes
        st.session_state.pop("replay_lesson", None)
        t = state.tr()
        refuse_input(t("Choose a lesson's hand from the list."))
        return
    example = HandScript.from_example(hand)
    _set_script(script_for(example.history))
    st.session_state.pop(SOURCE, None)
    st.session_state.pop(REPORT, None)


def _on_step(step: int) -> None:
    state.put(STEP, max(0, step))


def _on_comment(step: int, code: str) -> None:
    sc: HandScript = st.session_state[SCRIPT]
    t = state.tr()
    with st.spinner(t("The coach is working out the numbers...")):
        _comments()[step] = judge(sc.hand_at(step), code)


def render() -> None:
    t = state.tr()
    page_header(t("Replayer"), t("Step through any hand: a hand history (PHH, or a file of your online room: "
                                 "{rooms}) or one of the lessons' hands.",
                                 rooms=", ".join(room_names(logs=False))))
    src_file, src_paste, src_lesson = st.tabs([t("Upload a file"), t("Paste the text"), t("A lesson's hand")])
    with src_file:
        st.file_uploader(t("Hand history: PHH (.phh) or an online room's (.txt, .xml)"),
                         type=["phh", "phhs", "toml", *file_types()], key="replay_file", on_change=_on_upload,
                         help=t("At most {limit} KB. The rooms' histories in English; see «How to export "
                                "your hands» in My hands.", limit=MAX_BYTES // 1024))
    with src_paste:
        st.text_area(t("PHH text, or a room's hand history"), key="replay_text", height=180,
                     max_chars=MAX_BYTES,
                     placeholder="variant = \"NT\"\nantes = [0, 0]\n...")
        st.button(t("Load"), key="replay_paste_go", on_click=_on_paste)
    with src_lesson:
        options = [f"{x.id}#{i}" for x in lessons() for i in range(len(x.hands))]
        names = {f"{x.id}#{i}": f"{x.place}. {x.title} — {h.title}" for x in lessons()
                 for i, h in enumerate(x.hands)}
        st.selectbox(t("Hand"), options, index=None, key="replay_lesson", format_func=names.__getitem__,
                     placeholder=t("Choose a hand"), on_change=_on_lesson_hand)
    _take_job()
    opened = st.session_state.pop("replay.open", None)  # from «Pratica» or «Analizza la tua sessione»
    if isinstance(opened, tuple) and len(opened) in (3, 4):  # 4: at a step («Analizza la tua sessione»)
        st.session_state[REPORT] = None  # the app's own PHH of one hand: read here, no worker needed
        _show(str(opened[0]), [{"phh": str(opened[1])}], 0)
        st.session_state[GRADES] = (str(opened[0]), tuple(opened[2]))
        if len(opened) == 4 and isinstance(opened[3], int):
            state.put(STEP, opened[3])
    err = st.session_state.get(ERROR)
    if isinstance(err, CoachError | str):
        problem = err if isinstance(err, str) else t.md(user_params(localized_problem(err.message)))
        st.error(t("This hand history cannot be replayed: {problem}", problem=problem),
                 icon=":material/error:")
    failed = st.session_state.get(FAILED)
    if isinstance(failed, str):
        st.error(failed, icon=":material/error:")
    report = st.session_state.get(REPORT)
    if isinstance(report, ImportReport):
        show_report(report, t)
    source = st.session_state.get(SOURCE)
    if isinstance(report, ImportReport) and source is not None and source[2] > 1:
        ok = [h for h in report.hands if h.status == "ok"]
        st.session_state["replay_room_hand"] = source[3]
        st.selectbox(t("Hand of the file ({count} to replay)", count=len(ok)), list(range(len(ok))),
                     key="replay_room_hand", on_change=_on_pick_room_hand,
                     format_func=lambda k: hand_label(ok[k], t))
    elif source is not None and source[2] > 1:
        st.session_state["replay_hand_no"] = source[3] + 1
        st.number_input(t("Hand of the file (1 to {count})", count=source[2]), min_value=1,
                        max_value=source[2], step=1, key="replay_hand_no", on_change=_on_pick_hand)
    sc = st.session_state.get(SCRIPT)
    if isinstance(sc, HandScript) and source is not None:
        st.caption(t("Showing: {name}", name=md_text(source[0])))
        grades = st.session_state.get(GRADES)
        if isinstance(grades, tuple) and grades[0] == source[0] and grades[1]:
            st.markdown(t("The coach's grades of your choices in this hand: {grades}.",
                          grades="; ".join(grades[1])))
    if isinstance(sc, HandScript):
        _render_script(sc, t)
    else:
        st.info(t("Load a hand to start."))


def _render_script(sc: HandScript, t: Translator) -> None:
    step = sc.clamp(int(state.get(STEP, 0)))
    hand = sc.hand_at(step)
    if "replay_reveal" not in st.session_state:
        st.session_state["replay_reveal"] = True
    reveal = bool(st.session_state["replay_reveal"])
    scale = sc.history.scale
    if scale > 1:
        st.caption(t("Amounts are shown in the file's units, with decimals."))
    view = table_view(hand, t, reveal_all=reveal, scale=scale)
    left, right = table_and_panel(view)
    with left:
        street_stepper(display_street(hand))
        step_controls("replay", step, len(sc) - 1, blocked=False, on_step=_on_step)
    with right:
        before = len(sc.hand_at(step - 1).events) if step > 0 else 0
        visible = visible_seats(hand, None, reveal)
        lines = narration(hand.events[before:], t, visible, scale) if step > 0 else []
        said = st.container()
        if lines:
            said.html(render_log(lines, t))
        k = sc.stops[step]
        nxt = next_action(sc, step)
        if k < len(sc.history.actions) and hand.actor is not None and nxt is not None:
            code = engine_code(sc.history.actions[k])
            if code is not None:
                _comment(step, code, t.md(nxt), scale, t)  # Markdown: the names escaped
        if hand.is_complete:
            st.success(t("End of the hand."), icon=":material/flag:")
            for seat, amount in cash_outs(sc.history):  # PokerStars' All-in Cash Out (docs/IMPORT.md)
                _cash_out(hand, seat, amount, t)
        st.toggle(t("Show everyone's cards"), key="replay_reveal")
        show_log(view.log)


def _cash_out(hand: Any, seat: int, amount: Decimal, t: Translator) -> None:
    """What the room paid a player who cashed out, beside the pot the table shows: the cards' result is
    not what he took home."""
    sc: HandScript = st.session_state[SCRIPT]
    scale = sc.history.scale
    chips = amount * scale  # a cash-out may have cents the hand has not
    paid = (t.format_amount(int(chips), scale) if chips == chips.to_integral_value()
            else t.format_fixed(float(amount), 2))
    name = md_text(sc.history.names()[seat])
    won = sum(share for award in (hand.result.awards if hand.result else ()) for winner, share in zip(
        award.winners, award.shares, strict=True) if winner == seat)
    if won:
        st.info(t("{name} cashed out the hand: the room paid him {amount} outside the pot and kept the "
                  "{share} the cards gave him. The table shows the pot as the cards give it.", name=name,
                  amount=paid, share=t.format_amount(won, scale)), icon=":material/payments:")
    else:
        st.info(t("{name} cashed out the hand: the room paid him {amount} outside the pot, whatever the "
                  "cards.", name=name, amount=paid), icon=":material/payments:")


def _comment(step: int, code: str, action: str, scale: int, t: Translator) -> None:
    """The next action in words and, on request, the coach's grade of it."""
    verdict = _comments().get(step)
    if verdict is None:
        st.markdown(t("Next action: {action}", action=action))
        st.button(t("What does the coach think of the next action?"), key=f"replay.comment.{step}",
                  on_click=_on_comment, args=(step, code), icon=":material/psychology:")
        return
    if verdict.grade_label is None:
        st.info(t("The coach has no analysis for this spot (unknown cards or an unusual table)."))
        return
    box = getattr(st, GRADE_BOX.get(verdict.grade or "", "info"))
    box(t("Next action: {action} — grade: {grade}", action=action, grade=t.render(verdict.grade_label)))
    if scale > 1:
        st.caption(t("The coach counts this file's amounts in cents (1,00 = 100)."))
    show_comment(verdict, t, feedbacklevel.resolve(state.settings().feedback_level))
    if st.button(t("Replay this decision"), key=f"replay.again.{step}", icon=":material/replay:",
                 help=t("Answer this spot yourself, from the table as it was, and get the coach's grade.")):
        _replay_decision(step)


def _replay_decision(step: int) -> None:
    """«Rigioca questa decisione»: the spot before the next action, on the review page."""
    sc: HandScript = st.session_state[SCRIPT]
    source = st.session_state.get(SOURCE)
    name = str(source[0]) if source is not None else "replayer"
    try:
        spot = spot_of(sc.hand_at(step), source="replayer", ref=f"{name[:120]}/{step}")
    except CoachError as err:
        st.session_state[ERROR] = err
        return
    replay_spot(spot)
