"""Classe dal vivo, the teacher's page on the projector: the class, the vote, the answers, the results.

The teacher creates a class (a join code and a QR code pointing at the pupils'
page), picks a lesson's decision point, steps its hand on the projector, opens
the vote, watches the answers arrive («18 su 24 hanno risposto», polled from the
database about once a second by a fragment, so answers given on another app
process count too), closes it, shows how the class answered (a bar per answer,
coloured by the coach's grade) and then the coach's verdict and the lesson's
text. The results page lists every question and every pupil, with a CSV.

The class lives in the database; this page keeps only which class and which
spot the teacher is looking at (and mirrors the class code into the URL, so a
reload comes back to it).

Who is the teacher: whoever holds the class's secret (issue 20), never a profile
name that a pupil could read on the projector and type. ``create_class`` returns
the secret once; this browser keeps it in a signed cookie (``state.teacher_keys``),
and «Mostra il link dell'insegnante» gives a private link
(``/insegnante?codice=CODE&chiave=SECRET``) that moves the class to another device:
opening it adopts the class there and takes the secret out of the address bar.
"""

from __future__ import annotations

import html
import time
from functools import partial

import streamlit as st

from coach.errors import CoachError, InvalidInput
from coach.i18n import N_, NN_, Translator
from coach.live import (
    CLASS_OPEN,
    DEFAULT_HOURS,
    MAX_HOURS,
    MAX_PUPILS,
    MIN_HOURS,
    SpotRef,
    normalise_code,
    seconds_left,
    verdict_shown,
)
from coach.store.records import ClassSnapshot, LiveClass, LiveQuestion
from coach.textsafe import md_text
from coach.ui import inputs, state
from coach.ui.controls import step_controls
from coach.ui.handview import table_view
from coach.ui.lessons import lessons
from coach.ui.live import admission, common, paste, results, roster, vote
from coach.ui.widgets import link_rules, page_header, table_html, unit_label

CLASS = common.TEACHER_CLASS  # the class code this session shows
DEFAULT_CLASS_SIZE = 40  # a school class and a few guests; the teacher changes it
SPOT = "live.teacher.spot"  # the SpotRef key picked
STEP = "live.teacher.step"  # spot key -> the step shown on the projector
CONFIRM_END = "live.teacher.confirm_end"  # «End the class» pressed once: «Yes, end it» awaited
VIEW = "live.teacher.view"
SOURCE = "live.teacher.source"  # what the teacher poses: a lesson's decision, question, or a PHH hand
QUIZ = "live.teacher.quiz"  # the quiz spot key picked
LINK_SHOWN = "live.teacher.link_shown"  # the private teacher link is on screen
LINK_PROBLEM = "live.teacher.link_problem"  # a teacher link that opened nothing (translated)
LINK_RENEWED = "live.teacher.link_renewed"  # «Nuovo link dell'insegnante» just replaced the old one
LINK_FAILS = "live.teacher.link_fails"  # when this session's wrong teacher links were opened
KEY_PARAM = "chiave"  # the teacher link's secret in the URL (taken out once read)
# A tiny local limit on wrong teacher links, per session: the secret has 192 bits, so guessing is
# hopeless anyway; this only stops a page from being used as a fast oracle.
LINK_TRIES = 5
LINK_WINDOW_S = 600.0
BAD_LINK = N_("This teacher link does not open any class: it is wrong or incomplete, a new teacher link "
              "replaced it, the class was ended on another device, or it was deleted. Copy the current link "
              "from the device where the class is open.")
TOO_MANY_LINKS = N_("Too many wrong teacher links: try again in a few minutes.")
NOT_HERE = N_("Class {code} is managed from another device. To manage it here, open its teacher link "
              "(on the teacher's device: «Show the teacher link»).")
COUNTDOWNS = (0, 20, 30, 60, 90)

answered_line = vote.answered_line  # «18 su 24 hanno risposto»
pupils_line = roster.pupils_line  # «3 alunni in classe»


def _teacher() -> str:
    """The creating profile (kept with the class for lists and limits; it grants nothing)."""
    return state.settings().profile


# -- callbacks ------------------------------------------------------------------------------
INPUT_PROBLEM = "live.teacher.input_problem"  # why a widget's value was refused (translated)


def _refuse(problem: str) -> None:
    """A widget value the page did not offer (sent by a crafted client): said, and nothing changes."""
    st.session_state[INPUT_PROBLEM] = problem


def _input_problem() -> None:
    problem = st.session_state.pop(INPUT_PROBLEM, None)
    if isinstance(problem, str):
        st.error(problem, icon=":material/error:")


def _on_create() -> None:
    t = state.tr()
    title = str(st.session_state.get("live.new.title") or "")
    hours = inputs.whole(st.session_state.get("live.new.hours", DEFAULT_HOURS), MIN_HOURS, MAX_HOURS)
    if hours is None:
        _refuse(t("Choose how long the class stays open from the list ({low} to {high} hours).",
                  low=MIN_HOURS, high=MAX_HOURS))
        return
    size = inputs.whole(st.session_state.get("live.new.size", DEFAULT_CLASS_SIZE), 1, MAX_PUPILS)
    if size is None:
        _refuse(t("Write how many pupils the class takes, from 1 to {high}.", high=MAX_PUPILS))
        return
    teacher = _teacher()
    created = admission.create_admitted(lambda db: db.create_class(teacher, title, hours=hours,
                                                                   max_pupils=size))
    if created is not None and created.teacher_secret:
        state.remember_teacher_key(created.code, created.teacher_secret)
        _show_class(created.code)


def _show_class(code: str) -> None:
    state.put(CLASS, code)
    st.query_params["codice"] = code
    st.session_state.pop(VIEW, None)
    st.session_state.pop(LINK_SHOWN, None)


def _on_leave() -> None:
    st.session_state.pop(CLASS, None)
    if "codice" in st.query_params:
        del st.query_params["codice"]


def _on_ask_end(asked: bool) -> None:
    st.session_state[CONFIRM_END] = asked


def _on_close_class(code: str) -> None:
    """End the class; its teacher secret ends too (a leaked link opens nothing): this browser keeps
    the new one, for the results and «Riapri la classe»."""
    st.session_state.pop(CONFIRM_END, None)
    st.session_state.pop(LINK_SHOWN, None)
    key = common.teacher_key(code)
    fresh = state.save(lambda db: db.close_class(code, key))
    if isinstance(fresh, str):
        state.remember_teacher_key(code, fresh)


def _on_new_link(code: str) -> None:
    """«Nuovo link dell'insegnante»: a new secret for the class; the old link (and every device that
    opened it) stops working at once, this browser keeps the new one and shows its link."""
    key = common.teacher_key(code)
    fresh = state.save(lambda db: db.new_teacher_secret(code, key))
    if isinstance(fresh, str):
        state.remember_teacher_key(code, fresh)
        st.session_state[LINK_SHOWN] = True
        st.session_state[LINK_RENEWED] = True


def _on_reopen_class(code: str) -> None:
    """A class ended by mistake opens again (until its own end): the same code, pupils and votes."""
    key = common.teacher_key(code)
    admission.reopen(lambda db: db.reopen_class(code, key))


def _on_open(code: str, class_id: int, spot: str, hand: str | None = None) -> None:
    seconds = inputs.member(st.session_state.get("live.countdown", 0), COUNTDOWNS)
    if seconds is None:
        t = state.tr()
        _refuse(t("Choose the time to answer from the list."))
        return
    key = common.teacher_key(code)
    state.save(lambda db: db.open_question(class_id, spot, key, seconds=seconds or None, hand=hand))


def _on_close_vote(code: str, question_id: int) -> None:
    key = common.teacher_key(code)
    state.save(lambda db: db.close_question(question_id, key))


def _on_show_link(shown: bool) -> None:
    st.session_state[LINK_SHOWN] = shown


def _on_reveal(code: str, question_id: int) -> None:
    """«Mostra il verdetto», kept in the database: the projector and every phone show the grades."""
    key = common.teacher_key(code)
    state.save(lambda db: db.show_verdict(question_id, key))


def _revealed(q: LiveQuestion) -> bool:
    return verdict_shown(q.opened_at, q.closes_at)


def _on_step(key: str, step: int) -> None:
    state.get(STEP, dict[str, int]())[key] = max(0, step)


# -- the page --------------------------------------------------------------------------------
def render() -> None:
    t = state.tr()
    page_header(t("Live class"))
    _input_problem()
    if not state.classroom():
        st.caption(t("On the projector, open this page in classroom mode: large text, one screen."))
    _adopt_link(t)
    code = _wanted_code()
    key = common.teacher_key(code) if code else ""
    snap, down = common.class_snapshot(code) if code and key else (None, False)
    if down:  # the database failed: the class as last read, never «a new class»
        common.outage_banner(t)
        common.watch_outage(code)
    elif snap is not None:
        mine = state.read(lambda db: db.teacher_class(code, key))
        if not mine.failed and mine.value is None:
            snap = None  # a secret this device kept that no longer opens the class
    if snap is not None:
        state.put(CLASS, snap.live_class.code)
        _class_page(snap, t)
    elif not down:  # (down with nothing kept yet: only the banner, and the poll retries)
        if code:
            st.session_state.pop(CLASS, None)
            if not key:
                st.info(t(NOT_HERE, code=code), icon=":material/key:")
        _start(t)
    if state.teacher_keys():  # last on the page: the browser keeps its classes' secrets (signed)
        st.html(state.teacher_cookie_script(), unsafe_allow_javascript=True)


def _wanted_code() -> str:
    """The class this page should show: the URL's code (a reload, a shared link) or the session's."""
    raw = st.query_params.get("codice") or state.get(CLASS, None)
    try:
        return normalise_code(raw) if isinstance(raw, str) and raw else ""
    except InvalidInput:
        return ""


def _adopt_link(t: Translator) -> None:
    """A teacher link opened here: the class becomes this device's, and the secret leaves the URL at
    once (a projector must not keep it in its address bar). A wrong link says so, once."""
    secret = st.query_params.get(KEY_PARAM)
    if secret is None:
        return
    del st.query_params[KEY_PARAM]
    now = time.monotonic()
    fails = [f for f in state.get(LINK_FAILS, list[float]()) if now - f < LINK_WINDOW_S]
    st.session_state[LINK_FAILS] = fails
    if len(fails) >= LINK_TRIES:
        st.session_state[LINK_PROBLEM] = t(TOO_MANY_LINKS)
        return
    raw = st.query_params.get("codice") or ""
    try:
        code = normalise_code(raw)
    except InvalidInput:
        code = ""
    found = state.load(lambda db: db.teacher_class(code, secret), None) if code else None
    if found is None:
        fails.append(now)
        st.session_state[LINK_PROBLEM] = t(BAD_LINK)
        st.session_state.pop(CLASS, None)
        if "codice" in st.query_params:
            del st.query_params["codice"]
        return
    state.remember_teacher_key(found.code, secret)
    _show_class(found.code)


def _start(t: Translator) -> None:
    """No class yet: create one, or go back to one of this browser's open classes."""
    problem = st.session_state.pop(LINK_PROBLEM, None)
    if isinstance(problem, str):
        st.error(problem, icon=":material/key_off:")
    with st.container(border=True):
        st.header(t("A new class"))
        st.text_input(t("Name of the class (optional)"), key="live.new.title", max_chars=80,
                      placeholder=t("for example 3B, Tuesday course"))
        if inputs.whole(st.session_state.get("live.new.hours", DEFAULT_HOURS), MIN_HOURS, MAX_HOURS) is None:
            st.session_state["live.new.hours"] = DEFAULT_HOURS
        st.selectbox(t("The class stays open for"), list(range(MIN_HOURS, MAX_HOURS + 1)),
                     index=DEFAULT_HOURS - MIN_HOURS, key="live.new.hours",
                     format_func=lambda h: t.counted(HOURS, n=h))
        st.number_input(t("Pupils at most"), min_value=1, max_value=MAX_PUPILS, value=DEFAULT_CLASS_SIZE,
                        step=1, key="live.new.size",
                        help=t("Nobody joins beyond this number: a phone that floods the class with names "
                               "cannot take your pupils' places. You can change it in «Pupils»."))
        st.button(t("Create the class"), key="live.create", type="primary", on_click=_on_create,
                  icon=":material/groups:")
    admission.create_problem(t)
    held = list(state.teacher_keys().values())
    found = state.load(lambda db: db.secret_classes(held), dict[str, LiveClass]()) if held else {}
    mine = [c for c in found.values() if c.state() == CLASS_OPEN]
    if mine:
        st.header(t("Your open classes"))
        for c in mine:
            label = (md_text(c.title) + " · " if c.title else "") + c.code
            st.button(t("Go back to {name}", name=label), key=f"live.resume.{c.code}", on_click=_show_class,
                      args=(c.code,), icon=":material/login:")


HOURS = NN_("{n} hour", "{n} hours")


def _class_page(snap: ClassSnapshot, t: Translator) -> None:
    cls = snap.live_class
    status = cls.state(snap.now)
    title = md_text(cls.title) if cls.title else t("Class {code}", code=cls.code)
    views = ["question", "pupils", "results"]
    labels = {"question": t("Question"), "pupils": t("Pupils ({n})", n=snap.pupils), "results": t("Results")}
    head, pick, end = st.columns([2, 3, 1.2], vertical_alignment="center")
    head.header(title + " · " + cls.code if cls.title else title)
    if VIEW not in st.session_state:
        st.session_state[VIEW] = "question" if snap.pupils else "pupils"
    view = pick.segmented_control(t("View"), views, format_func=labels.__getitem__, key=VIEW, required=True,
                                  label_visibility="collapsed") or "question"
    roster.remember_drawn(snap.pupils)
    if status == CLASS_OPEN:
        end.button(t("End the class"), key="live.close_class", on_click=_on_ask_end, args=(True,),
                   icon=":material/stop_circle:", width="stretch")
        if st.session_state.get(CONFIRM_END):
            _confirm_end(cls, t)
        if view != "pupils":  # the pupils' view polls its own list
            roster.watch(cls.code)
    else:
        st.session_state.pop(CONFIRM_END, None)
        end.button(t("Another class"), key="live.leave", on_click=_on_leave, icon=":material/add:",
                   width="stretch")
        st.info(t("This class is over: pupils can no longer join or answer. The results stay here."),
                icon=":material/lock:")
        if cls.closed_at is not None and snap.now < cls.expires_at:
            st.button(t("Reopen the class"), key="live.reopen_class", on_click=_on_reopen_class,
                      args=(cls.code,), icon=":material/restart_alt:",
                      help=t("Ended by mistake? Pupils can join and answer again, until the class's "
                             "own end."))
        admission.create_problem(t)
    if view == "pupils":
        _pupils(snap, t)
    elif view == "results":
        results.results(cls, t)
    else:
        _question(snap, t)
    _teacher_link(cls, t)


def _teacher_link(cls: LiveClass, t: Translator) -> None:
    """The private link that opens this class as its teacher on another device, behind a button and a
    warning: it is the class's key, so it must never reach the projector or a pupil."""
    if not st.session_state.get(LINK_SHOWN):
        st.button(t("Show the teacher link"), key="live.show_link", on_click=_on_show_link, args=(True,),
                  icon=":material/key:", type="tertiary",
                  help=t("To manage this class from another device. Never on the projector."))
        return
    with st.container(border=True):
        st.warning(t("Never project this link and never give it to a pupil: whoever opens it is the teacher "
                     "of this class (votes, names, results). Open it on your own device; if it leaks, make "
                     "a new link: the old one stops working."), icon=":material/warning:")
        if st.session_state.pop(LINK_RENEWED, False):
            st.success(t("New teacher link: the old one no longer opens this class, on any device."),
                       icon=":material/key:")
        st.code(common.teacher_url(cls.code, common.teacher_key(cls.code)), language=None, wrap_lines=True)
        with st.container(horizontal=True, gap="small"):
            st.button(t("Hide the teacher link"), key="live.hide_link", on_click=_on_show_link, args=(False,),
                      icon=":material/visibility_off:")
            st.button(t("New teacher link"), key="live.new_link", on_click=_on_new_link, args=(cls.code,),
                      icon=":material/key_off:",
                      help=t("The link leaked? A new one replaces it: whoever holds the old link, or opened "
                             "it on another device, is no longer the teacher of this class."))


def _confirm_end(cls: LiveClass, t: Translator) -> None:
    """The second step of «End the class»: one click never ends a class."""
    with st.container(border=True, key="live-teacher-confirm-end"):
        st.warning(t("End the class now? Pupils can no longer join or answer; the results stay here. "
                     "You can reopen it until its time is over."), icon=":material/stop_circle:")
        with st.container(horizontal=True, gap="small"):
            st.button(t("Yes, end the class"), key="live.close_class.yes", type="primary",
                      on_click=_on_close_class, args=(cls.code,), icon=":material/stop_circle:")
            st.button(t("Cancel"), key="live.close_class.no", on_click=_on_ask_end, args=(False,),
                      icon=":material/undo:")


def _pupils(snap: ClassSnapshot, t: Translator) -> None:
    cls = snap.live_class
    if cls.state(snap.now) == CLASS_OPEN:
        roster.join_box(cls, t)
    roster.pupils(cls, t)
    admission.admission(cls, snap, t)


SOURCES = ("decision", "quiz", "phh")
def _source_of(spot: str) -> str:
    kind = spot.partition(":")[0]
    return {"quiz": "quiz", "phh": "phh"}.get(kind, "decision")


def _question(snap: ClassSnapshot, t: Translator) -> None:
    q = snap.question
    open_vote = q is not None and q.is_open(snap.now)
    if open_vote and q is not None:
        st.session_state[SOURCE] = _source_of(q.spot)
    elif st.session_state.get(SOURCE) not in SOURCES:
        st.session_state[SOURCE] = _source_of(q.spot) if q is not None else "decision"
    names = {"decision": t("A lesson's decision"), "quiz": t("A lesson's question"), "phh": t("A PHH hand")}
    st.segmented_control(t("What to put to the class"), SOURCES, key=SOURCE, format_func=names.__getitem__,
                         required=True, disabled=open_vote)
    source = str(st.session_state.get(SOURCE) or "decision")
    if source == "quiz":
        _quiz_question(snap, t)
        return
    if source == "phh":
        picked = paste.pasted_pick(snap, t)
        if picked is None:
            return
        ref, text = picked
    else:
        ref = _spot_pick(snap, common.spots(lessons(), t), SPOT, t("Decision to put to the class"))
        text = None
    _decision_question(snap, ref, text, t)


def _spot_pick(snap: ClassSnapshot, spots: list[common.ClassQuestion], key: str, label: str) -> SpotRef:
    """The teacher's list of lesson decisions or questions: while a vote is open it shows the one put
    to the class (and cannot change); otherwise the last one picked, or the current question's."""
    q = snap.question
    open_vote = q is not None and q.is_open(snap.now)
    by_key = {s.ref.key(): s for s in spots}
    if open_vote and q is not None and q.spot in by_key:
        st.session_state[key] = q.spot
    elif st.session_state.get(key) not in by_key:
        st.session_state[key] = q.spot if q is not None and q.spot in by_key else next(iter(by_key))
    st.selectbox(label, list(by_key), key=key, format_func=lambda k: by_key[k].label, disabled=open_vote)
    return SpotRef.parse(str(st.session_state[key]))


def _decision_question(snap: ClassSnapshot, ref: SpotRef, text: str | None, t: Translator) -> None:
    q = snap.question
    open_vote = q is not None and q.is_open(snap.now)
    shown = q if q is not None and q.spot == ref.key() else None
    try:
        pose = common.posed(ref, text, t)
    except (CoachError, KeyError) as err:
        st.error(t("This hand cannot be shown: {problem}", problem=str(err)))
        return
    sc = pose.script
    decision_step = pose.step
    steps = state.get(STEP, dict[str, int]())
    step = decision_step if shown is not None else min(steps.get(ref.key(), decision_step), decision_step)
    hand = sc.hand_at(step)
    view = table_view(hand, t, hero=pose.seat - 1)
    closed = shown is not None and q is not None and not open_vote
    left, right = st.columns([1.2, 1], gap="medium")
    with left:
        if closed and q is not None:
            # After the vote the table has been seen: the class's answers take its place, so the
            # distribution, the verdict and the lesson's text share one projector screen.
            vote.outcome(q, ref, snap.pupils, _revealed(q), t)
        else:
            st.html(table_html(view))
        if shown is None:
            step_controls(f"live.{ref.key()}", step, decision_step, blocked=False,
                          on_step=partial(_on_step, ref.key()))
    with right:
        if step < decision_step:
            for line in sc.texts_at(step):
                st.info(line, icon=":material/school:")
            st.caption(t("Step the hand up to the decision, then open the vote."))
            return
        st.markdown("**" + t("Your turn: you are {name}", name=md_text(pose.player)) + "**")
        st.markdown(pose.prompt)
        _vote_controls(snap, ref, shown, t, hand=text)
        if closed and q is not None and _revealed(q):
            results.reveal_verdict(ref, pose, text, t)


def _vote_controls(snap: ClassSnapshot, ref: SpotRef, shown: LiveQuestion | None, t: Translator,
                   hand: str | None = None) -> None:
    """Open the vote, watch the count and close it, or (closed) reveal the answer and open it again."""
    cls = snap.live_class
    q = snap.question
    open_vote = q is not None and q.is_open(snap.now)
    if open_vote and q is not None and shown is not None:
        if cls.state(snap.now) == CLASS_OPEN:
            _live_count(cls.code, q.id, t)
        else:  # the class is over (a vote left open when it expired): the last count, not polled
            st.markdown("**" + answered_line(snap.answered, snap.pupils, t) + "**")
        st.button(t("Close the vote"), key="live.close_vote", type="primary", on_click=_on_close_vote,
                  args=(cls.code, q.id), icon=":material/how_to_vote:", width="stretch")
    elif shown is not None:
        if not _revealed(shown):
            st.button(t("Show the coach's verdict") if not ref.is_quiz else t("Show the right answer"),
                      key="live.reveal", type="primary", on_click=_on_reveal, args=(cls.code, shown.id),
                      icon=":material/visibility:", width="stretch")
        with st.expander(t("Open the vote again")):
            _open_controls(cls, ref, snap, t, again=True, hand=hand)
    else:
        _open_controls(cls, ref, snap, t, hand=hand)


def _quiz_question(snap: ClassSnapshot, t: Translator) -> None:
    """A lesson's question: the prompt and its choices on the projector, then how the class answered,
    the right answer and the lesson's explanation."""
    q = snap.question
    open_vote = q is not None and q.is_open(snap.now)
    ref = _spot_pick(snap, common.quiz_spots(lessons(), t), QUIZ, t("Question to put to the class"))
    try:
        question = common.quiz_question(ref)
    except KeyError:
        st.error(t("This question is no longer in the lessons."))
        return
    shown = q if q is not None and q.spot == ref.key() else None
    closed = shown is not None and not open_vote
    left, right = st.columns([1.2, 1], gap="medium")
    with left:
        if closed and shown is not None:
            # the chart from the top of the column: under the question it ran past 1080 px (issue 30)
            vote.outcome(shown, ref, snap.pupils, _revealed(shown), t)
        else:
            _quiz_prompt(question.prompt, "2rem")
            if question.kind == "choice":
                st.html("<ol class='cc-quiz-choices' type='A'>"
                        + "".join(f"<li>{html.escape(c)}</li>" for c in question.choices)
                        + "</ol><style>.cc-quiz-choices{font-size:1.7rem;line-height:1.6}</style>")
            else:
                st.markdown(t("Answer with a number ({unit}).", unit=unit_label(question.unit, t)))
    with right:
        if closed:  # the question stays on the projector through the discussion (issue 22), beside the chart
            _quiz_prompt(question.prompt, "1.5rem")
        _vote_controls(snap, ref, shown, t)
        if closed and shown is not None and _revealed(shown):
            right_answer = common.quiz_answer_label(question, str(question.answer), t)
            st.success(t("The right answer: {answer}", answer=right_answer), icon=":material/verified:")
            st.markdown(link_rules(question.explanation, t))


def _quiz_prompt(prompt: str, size: str) -> None:
    st.html('<p class="cc-quiz-prompt">' + html.escape(prompt) + "</p>"
            "<style>.cc-quiz-prompt{font-size:" + size + ";font-weight:700;line-height:1.3}</style>")


def _open_controls(cls: LiveClass, ref: SpotRef, snap: ClassSnapshot, t: Translator,
                   again: bool = False, hand: str | None = None) -> None:
    if cls.state(snap.now) != CLASS_OPEN:
        return
    if inputs.member(st.session_state.get("live.countdown", 0), COUNTDOWNS) is None:
        st.session_state["live.countdown"] = 0  # a value the list never offered: the list's first
    st.selectbox(t("Time to answer"), COUNTDOWNS, key="live.countdown",
                 format_func=lambda s: t("no limit") if s == 0 else t("{n} seconds", n=s))
    st.button(t("Open the vote again") if again else t("Open the vote"), key="live.open",
              type="secondary" if again else "primary", on_click=_on_open,
              args=(cls.code, cls.id, ref.key(), hand), icon=":material/how_to_vote:", width="stretch")
    st.caption(pupils_line(snap.pupils, t))


@st.fragment(run_every=common.POLL_S)
def _live_count(code: str, question_id: int, t: Translator) -> None:
    """«18 su 24 hanno risposto», read from the database about once a second (the whole page is
    drawn again when the database fails or comes back: the banner)."""
    got = common.read_snapshot(code)
    if common.poll_changed(got.failed):
        st.rerun()
    snap = got.value if not got.failed else common.kept_snapshot(code)
    if snap is None or snap.question is None:
        return
    q = snap.question
    if q.id != question_id or not q.is_open(snap.now) or snap.live_class.state(snap.now) != CLASS_OPEN:
        st.rerun()  # closed (countdown over, or from another tab): the whole page shows the outcome
    total = max(snap.pupils, snap.answered)
    line = answered_line(snap.answered, snap.pupils, t)
    st.progress(snap.answered / total if total else 0.0)
    st.html('<p class="cc-count" role="status" aria-live="polite">' + line
            + "</p><style>.cc-count{font-size:2.4rem;font-weight:700;margin:.2rem 0}</style>")
    left = seconds_left(q.closes_at, snap.now)
    if left is not None:
        st.markdown("⏱ " + t("{n} seconds left", n=left))
