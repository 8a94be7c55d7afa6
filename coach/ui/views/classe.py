"""Classe, the pupil's page on a phone: join with the code and a name, answer the vote, see the grade.

The phone keeps the class code and its pupil's secret in the URL
(``classe?codice=K7MXQ3&alunno=...``), so a reload, a lost connection or a new
app process behind the proxy brings the pupil back to the current question. A
fragment reads the class from the database about once a second and reruns the
page when something changed (the teacher opened or closed a vote, ended the
class, removed this name). An answer is tried on the engine first: an illegal
amount is refused with the rule, exactly as in the lessons, and nothing is sent;
a legal one is graded by the lessons' coach, stored once for the class and in
the pupil's own progress (source «class»).
"""

from __future__ import annotations

from datetime import datetime
from functools import partial

import streamlit as st

from coach.errors import CoachError, IllegalAction, InvalidInput
from coach.i18n import NN_, Message, Translator
from coach.learning.answers import DecisionAnswer
from coach.learning.review import record_graded
from coach.learning.script import Attempt, try_choice
from coach.learning.votes import question_key, vote_spot
from coach.lessons.schema import Question
from coach.live import (
    CLASS_CLOSED,
    CLASS_EXPIRED,
    CLASS_OPEN,
    MAX_NUMBER_ANSWER,
    MAX_TOKEN,
    QUIZ_RIGHT,
    AnswerRow,
    SpotRef,
    clean_pupil_name,
    join_buckets,
    new_token,
    normalise_code,
    quiz_answer,
    quiz_grade,
    seconds_left,
    verdict_shown,
)
from coach.store.records import ClassSnapshot, JoinResult, LivePupil, LiveQuestion
from coach.textsafe import md_text
from coach.ui import state
from coach.ui.controls import action_panel
from coach.ui.feedbacklevel import ESSENTIAL
from coach.ui.handview import table_view
from coach.ui.lessons import grade_decision, topic_of
from coach.ui.live import common
from coach.ui.table import high_first
from coach.ui.verdict import show_answer_details, show_verdict
from coach.ui.widgets import link_rules, page_header, show_refusal, table_html, unit_label

PROBLEM = "live.pupil.problem"  # why the last join failed (a str, already translated)
REFUSALS = "live.pupil.refusals"  # question id -> IllegalAction
SEEN = "live.pupil.seen"  # what the page last drew: (question id, open, class state, verdict shown)
JUST = "live.pupil.just"  # question id -> the status of the answer just sent
QUIZ_PROBLEMS = "live.pupil.quiz_problems"  # question id -> why the typed number was refused
ENDED_POLL_S = 5.0  # how often a phone reads a class the teacher ended: to follow a reopen

_PHONE_CSS = """<style>
/* Big touch targets on a phone: every button at least 48 px high, the text larger. */
[class*="st-key-live-pupil"] button{min-height:3rem;font-size:1.1rem}
[class*="st-key-live-pupil"] input{font-size:1.2rem;min-height:2.8rem}
[class*="st-key-live-pupil-quiz"] button{min-height:3.4rem;justify-content:flex-start;text-align:left}
/* A small phone (360x640): a compact greeting, so the question and every answer fit the first screen. */
@media (max-width:480px){
  [data-testid="stMainBlockContainer"] h1{font-size:1.5rem;padding:0 0 .1rem 0}
  [data-testid="stMainBlockContainer"] [data-testid="stCaptionContainer"]{margin-top:-.6rem}
}
</style>"""


def _params() -> tuple[str, str]:
    """The class code and the pupil's token from the URL ("" when missing or malformed)."""
    raw_code = (st.query_params.get("codice") or "").strip()
    token = (st.query_params.get("alunno") or "").strip()
    try:
        code = normalise_code(raw_code)
    except InvalidInput:
        code = ""
    if len(token) > MAX_TOKEN or any(ord(c) < 33 for c in token):
        token = ""
    return code, token


# -- joining ------------------------------------------------------------------------------------
def _on_join() -> None:
    t = state.tr()
    st.session_state.pop(PROBLEM, None)
    raw_code = str(st.session_state.get("live.join.code") or "")
    raw_name = str(st.session_state.get("live.join.name") or "")
    try:
        code = normalise_code(raw_code)
    except InvalidInput as err:
        st.session_state[PROBLEM] = err.localized(t)
        return
    try:
        name = clean_pupil_name(raw_name)
    except InvalidInput as err:
        st.session_state[PROBLEM] = err.localized(t)
        return
    token = new_token()
    profile = state.settings().profile
    buckets = join_buckets(common.connection_id(), state.client_address(), profile)
    result: JoinResult | None = state.save(lambda db: db.admit(code, name, token, buckets=buckets,
                                                               profile=profile))
    if result is None:
        return
    if result.status in ("joined", "rejoined") and result.pupil is not None:
        st.query_params["codice"] = code
        st.query_params["alunno"] = result.pupil.token
        return
    st.session_state[PROBLEM] = join_problem(result.status, code, name, t, result.wait_s)


def join_problem(status: str, code: str, name: str, t: Translator, wait_s: int = 0) -> str:
    """Why a pupil could not join, in words a pupil can act on.

    An unknown code, a class that is closed or expired and a class whose joins are closed all read
    the same (:func:`no_entry`): a guess must not tell which codes exist."""
    if status == "duplicate":
        return t("The name «{name}» is already taken in this class: choose another one (for example, add "
                 "the initial of your surname).", name=md_text(name))
    if status == "blocked":
        return t("The name «{name}» cannot join this class: ask the teacher.", name=md_text(name))
    if status == "throttled":
        return throttled(wait_s, t)
    if status == "full":
        return t("The class {code} is full.", code=code)
    return no_entry(code, t)


def no_entry(code: str, t: Translator) -> str:
    """One message for a code that does not exist, a class that is over and closed joins."""
    return t("You cannot join with the code {code}: check the code on the projector, or ask the teacher "
             "(the class may be over, or its joins closed).", code=code)


def throttled(wait_s: int, t: Translator) -> str:
    """Too many tries from this phone or this network: how long to wait."""
    return t.counted(WAIT, n=max(1, wait_s))


WAIT = NN_("Too many tries in a short time: wait {n} second and press «Join the class» again.",
           "Too many tries in a short time: wait {n} seconds and press «Join the class» again.")


def _join_form(t: Translator, code: str) -> None:
    if code and "live.join.code" not in st.session_state:
        st.session_state["live.join.code"] = code
    with st.container(key="live-pupil-join"):
        st.text_input(t("Class code"), key="live.join.code", max_chars=12, placeholder="K7MXQ3")
        st.text_input(t("Your name"), key="live.join.name", max_chars=24,
                      placeholder=t("a name or a nickname"))
        st.button(t("Join the class"), key="live.join", type="primary", on_click=_on_join, width="stretch",
                  icon=":material/login:")
    problem = st.session_state.get(PROBLEM)
    if isinstance(problem, str):
        st.error(problem, icon=":material/error:")
    st.caption(t("No account and no e-mail: only the name you choose, seen by the teacher."))


def _on_leave() -> None:
    for k in ("codice", "alunno"):
        if k in st.query_params:
            del st.query_params[k]


# -- answering ---------------------------------------------------------------------------------------
def _on_choice(question_id: int, pupil: LivePupil, spot: str, hand: str | None, attempt: Attempt) -> None:
    """Try the choice on the engine; a legal one is graded and sent once."""
    ref = SpotRef.parse(spot)
    refusals: dict[int, IllegalAction] = state.get(REFUSALS, {})
    outcome = try_choice(common.hand_at_spot(ref, hand), attempt)
    if outcome.refusal is not None or outcome.code is None:
        if outcome.refusal is not None:
            refusals[question_id] = outcome.refusal
        return
    refusals.pop(question_id, None)
    code = outcome.code
    if ref.is_pasted:  # the Replayer's coach on a hand the teacher pasted
        verdict = common.pasted_verdict(ref, hand, code)
    else:
        verdict = grade_decision(ref.lesson, ref.hand, ref.at, code, outcome.said).verdict
    grade = verdict.grade
    status = state.save(lambda db: db.record_class_answer(question_id, pupil.id, code, grade=grade,
                                                          ev_loss_bb=verdict.ev_loss_bb))
    state.get(JUST, dict[int, str]())[question_id] = status or "unsaved"
    _note_unsent(question_id, status)
    if status == "recorded" and grade is not None:
        profile = pupil.profile or state.settings().profile
        # a wrong vote comes back in the pupil's «Ripasso», as the lesson's card or the pasted hand's
        state.save(lambda db: record_graded(
            db, profile, grade, source="class", ref=spot, action=code, ev_loss_bb=verdict.ev_loss_bb,
            spot=lambda: vote_spot(ref, common.spot_script(ref, hand), code, grade)))


def _on_quiz(question_id: int, pupil: LivePupil, spot: str, choice: int | None = None) -> None:
    """A lesson's question: a choice pressed, or the number typed; right or wrong, sent once."""
    t = state.tr()
    problems: dict[int, str] = state.get(QUIZ_PROBLEMS, {})
    ref = SpotRef.parse(spot)
    try:
        question = common.quiz_question(ref)
    except KeyError:
        return
    value: object = (choice if question.kind == "choice"
                     else st.session_state.get(f"live.q{question_id}.number"))
    try:
        answer = quiz_answer(value, question.kind, len(question.choices))
    except InvalidInput as err:
        problems[question_id] = err.localized(t)
        return
    problems.pop(question_id, None)
    grade = quiz_grade(answer, question.answer)
    status = state.save(lambda db: db.record_class_answer(question_id, pupil.id, answer, grade=grade))
    state.get(JUST, dict[int, str]())[question_id] = status or "unsaved"
    _note_unsent(question_id, status)
    if status == "recorded":  # it counts in the pupil's own quiz progress, as in the lesson
        profile = pupil.profile or state.settings().profile
        topic = topic_of(common.quiz_lesson(ref), question.rules)
        key = question_key(ref)
        state.save(lambda db: db.record_quiz_answer(profile, topic, key, grade == QUIZ_RIGHT))


UNSENT = "live.pupil.unsent"  # question id -> why the answer could not be recorded (a Message)


def _note_unsent(question_id: int, status: str | None) -> None:
    """An answer the database did not take (``status`` None) is never reported as sent: the phone
    keeps the question and the choice, and says why, so the pupil can send it again."""
    unsent: dict[int, Message] = state.get(UNSENT, {})
    problem = state.db_problem()
    if status is None and problem is not None:
        unsent[question_id] = problem
    else:
        unsent.pop(question_id, None)


def _unsent_notice(question_id: int, t: Translator) -> None:
    problem = state.get(UNSENT, dict[int, Message]()).get(question_id)
    if problem is not None:
        st.error(t("Your answer was not recorded: {reason}. Send it again: your choice is still here.",
                   reason=t.render(problem)), icon=":material/cloud_off:")


# -- the page ------------------------------------------------------------------------------------------
def render() -> None:
    t = state.tr()
    st.html(_PHONE_CSS)
    code, token = _params()
    pupil: LivePupil | None = None
    down = False
    if code and not token:  # the class link opened again (a new tab): this phone's pupil, if it joined
        profile = state.settings().profile
        mine: LivePupil | None = state.load(lambda db: db.pupil_of_profile(code, profile), None)
        if mine is not None:
            token = mine.token
            st.query_params["alunno"] = token
    if token:
        pupil, down = _this_pupil(token)
    if pupil is None and not down:
        page_header(t("Join a class"))
        if token:
            st.warning(t("You are no longer in this class (the teacher may have removed your name): "
                         "join again."), icon=":material/person_remove:")
        _join_form(t, code or (st.query_params.get("codice") or "").strip())
        return
    snap, snap_down = common.class_snapshot(code) if code else (None, False)
    down = down or snap_down
    st.session_state[common.OUTAGE] = down
    if down and (pupil is None or snap is None):  # nothing kept to draw: say so and keep trying
        page_header(t("Join a class"))
        common.outage_banner(t)
        common.watch_outage(code)
        return
    if pupil is None or snap is None or snap.live_class.id != pupil.class_id:
        page_header(t("Join a class"))
        _join_form(t, "")
        return
    cls = snap.live_class
    page_header(t("Hi {name}", name=md_text(pupil.name)),
                (md_text(cls.title) + " · " if cls.title else "") + cls.code)
    if down:
        common.outage_banner(t)
    status = cls.state(snap.now)
    q = snap.question
    st.session_state[SEEN] = _seen(q, snap.now, status)
    # An ended class is still polled until it expires: the teacher can reopen it («Riapri la classe»),
    # and the phones must follow without a reload. An expired class is over: its last screen stays.
    if status == CLASS_OPEN:
        _watch(cls.code, pupil.token)
    elif status == CLASS_CLOSED:
        _watch_ended(cls.code, pupil.token)
    elif down:
        common.watch_outage(cls.code)
    if status == CLASS_CLOSED:
        st.info(t("The teacher has ended the class. Thank you for taking part!"), icon=":material/lock:")
    elif status == CLASS_EXPIRED:
        st.info(t("The class has expired: its time is over."), icon=":material/lock:")
    if q is None:
        if status == CLASS_OPEN:
            st.info(t("You are in! Wait for the teacher to open the vote: the question appears here "
                      "by itself."), icon=":material/hourglass_top:")
        return
    _question_view(snap, pupil, t)


KEPT_PUPIL = "live.pupil.kept"  # the pupil this phone was at the last good read (token, LivePupil)
KEPT_ANSWERS = "live.pupil.answers"  # question id -> this pupil's answer at the last good read


def _this_pupil(token: str) -> tuple[LivePupil | None, bool]:
    """The pupil this phone is, and whether the database failed: a failed read gives the pupil of
    the last good read (never «removed»)."""
    got: state.Read[LivePupil | None] = state.read(lambda db: db.pupil(token))
    if got.failed:
        kept = st.session_state.get(KEPT_PUPIL)
        if isinstance(kept, LivePupil) and kept.token == token:
            return kept, True
        return None, True
    if got.value is None:
        st.session_state.pop(KEPT_PUPIL, None)
    else:
        st.session_state[KEPT_PUPIL] = got.value
    return got.value, False


def _my_answer(question_id: int, pupil: LivePupil) -> AnswerRow | None:
    """This pupil's answer to the question (the last good read's when the database fails)."""
    kept: dict[int, AnswerRow | None] = state.get(KEPT_ANSWERS, {})
    got: state.Read[AnswerRow | None] = state.read(lambda db: db.class_answer(question_id, pupil.id))
    if got.failed:
        return kept.get(question_id)
    kept[question_id] = got.value
    return got.value


@st.fragment(run_every=common.POLL_S)
def _watch(code: str, token: str) -> None:
    """The ~1 s poll of a live class."""
    _poll(code, token)


@st.fragment(run_every=ENDED_POLL_S)
def _watch_ended(code: str, token: str) -> None:
    """The slow poll of an ended class: only to follow a «Riapri la classe»; a class left ended with
    forty phones still open must not cost the server forty reads a second until it expires."""
    _poll(code, token)


def _poll(code: str, token: str) -> None:
    """When the class changed (a vote opened or closed, the class ended or was reopened, this name
    was removed) or the database failed or came back, the whole page is drawn again."""
    got = common.read_snapshot(code)
    if common.poll_changed(got.failed):
        st.rerun()
    snap = got.value
    if got.failed or snap is None:
        return
    q = snap.question
    if _seen(q, snap.now, snap.live_class.state(snap.now)) != st.session_state.get(SEEN):
        st.rerun()
    me: state.Read[LivePupil | None] = state.read(lambda db: db.pupil(token))
    if me.failed or me.value is None:  # the database failed on the second read, or this name was removed
        st.rerun()
    left = None if q is None or not q.is_open(snap.now) else q.closes_at
    if left is not None:
        st.markdown("⏱ " + t_seconds(seconds_left(left, snap.now) or 0))


def _seen(q: LiveQuestion | None, now: datetime, status: str) -> tuple[int | None, bool, str, bool]:
    """What the phone's screen depends on: a new vote, a vote closed, the class's state, and the
    teacher's «Mostra il verdetto» (the grade appears on the phone only then)."""
    if q is None:
        return None, False, status, False
    return q.id, q.is_open(now), status, verdict_shown(q.opened_at, q.closes_at)


def sent_wait(said: str, t: Translator) -> None:
    """A closed vote before the verdict: the answer sent, and no grade yet (issue 22)."""
    st.info(t("Answer sent: {action}. The vote is closed: look at the projector, the teacher will show the "
              "coach's verdict.", action=said), icon=":material/send:")


def t_seconds(n: int) -> str:
    return state.tr()("{n} seconds left", n=n)


def _question_view(snap: ClassSnapshot, pupil: LivePupil, t: Translator) -> None:
    q = snap.question
    assert q is not None
    try:
        ref = SpotRef.parse(q.spot)
        if ref.is_quiz:
            _quiz_view(q, ref, common.quiz_question(ref), pupil, snap, t)
            return
        pose = common.posed(ref, q.hand, t)
        hand = pose.script.hand_at(pose.step)
    except (CoachError, KeyError):
        st.error(t("This question cannot be shown on this phone: look at the projector."))
        return
    mine = _my_answer(q.id, pupil)
    open_vote = q.is_open(snap.now)
    head = "**" + t("Question {n}", n=q.number) + "** — " + t("you are {name}", name=md_text(pose.player))
    if open_vote and mine is None:
        # On a phone the question and the buttons come first (in the first screen, even at
        # 360x640: one line for the question, who you are and your cards); the whole table,
        # the same as on the projector, follows.
        cards = hand.hole_cards(pose.seat - 1)
        if cards:
            shown = " ".join(c.symbol() for c in high_first(cards) if c is not None)
            head += " · **" + t("Your cards: {cards}", cards=shown) + "**"
        st.markdown(head)
        st.markdown(pose.prompt)
        with st.container(key="live-pupil-actions"):
            # the pupil's phone is at the essential level: the chips of the price, no percentage
            action_panel(hand, f"live.q{q.id}", partial(_on_choice, q.id, pupil, q.spot, q.hand), odds=False)
        refusal = state.get(REFUSALS, dict[int, IllegalAction]()).get(q.id)
        if refusal is not None:
            show_refusal(refusal)
        _unsent_notice(q.id, t)
        st.html(table_html(table_view(hand, t, hero=pose.seat - 1, with_log=False)))
        return
    st.markdown(head)
    if mine is None:
        st.warning(t("The vote is closed and you did not answer this question."), icon=":material/timer_off:")
        return
    said = common.answer_label(ref, mine.answer, t, q.hand)
    if open_vote:
        st.success(t("Answer sent: {action}. Wait for the teacher to close the vote.", action=said),
                   icon=":material/send:")
        return
    if not verdict_shown(q.opened_at, q.closes_at):
        sent_wait(said, t)
        return
    _own_grade(ref, mine, said, t, q.hand)


def _quiz_view(q: LiveQuestion, ref: SpotRef, question: Question, pupil: LivePupil, snap: ClassSnapshot,
               t: Translator) -> None:
    """A lesson's question on a phone: the prompt and one big button per choice (or a number)."""
    mine = _my_answer(q.id, pupil)
    open_vote = q.is_open(snap.now)
    st.markdown("**" + t("Question {n}", n=q.number) + "** — " + question.prompt)
    if open_vote and mine is None:
        with st.container(key="live-pupil-quiz"):
            if question.kind == "choice":
                for i, choice in enumerate(question.choices):
                    st.button(f"{chr(65 + i)}. {choice}", key=f"live.q{q.id}.c{i}", width="stretch",
                              on_click=_on_quiz, args=(q.id, pupil, q.spot, i))
            else:
                st.number_input(t("Your answer ({unit})", unit=unit_label(question.unit, t)), min_value=0,
                                max_value=MAX_NUMBER_ANSWER, value=None, step=1, key=f"live.q{q.id}.number",
                                placeholder=t("Write a number"))
                st.button(t("Send the answer"), key=f"live.q{q.id}.send", type="primary", width="stretch",
                          on_click=_on_quiz, args=(q.id, pupil, q.spot), icon=":material/send:")
        problem = state.get(QUIZ_PROBLEMS, dict[int, str]()).get(q.id)
        if problem is not None:
            st.error(problem, icon=":material/error:")
        _unsent_notice(q.id, t)
        return
    if mine is None:
        st.warning(t("The vote is closed and you did not answer this question."), icon=":material/timer_off:")
        return
    said = common.quiz_answer_label(question, mine.answer, t)
    if open_vote:
        st.success(t("Answer sent: {action}. Wait for the teacher to close the vote.", action=said),
                   icon=":material/send:")
        return
    if not verdict_shown(q.opened_at, q.closes_at):
        sent_wait(said, t)
        return
    if mine.grade == QUIZ_RIGHT:
        st.success(t("Right: {answer}", answer=said), icon=":material/check_circle:")
    else:
        right = common.quiz_answer_label(question, str(question.answer), t)
        st.error(t("Not quite: you answered {given}; the answer is {answer}.", given=said, answer=right),
                 icon=":material/cancel:")
    st.markdown(link_rules(question.explanation, t))
    st.caption(t("Look at the projector: the teacher is showing how the class answered."))


def _own_grade(ref: SpotRef, mine: AnswerRow, said: str, t: Translator, hand: str | None = None) -> None:
    """After the vote: the pupil's own grade and the explanation (the lesson's coach, or the
    Replayer's on a pasted hand)."""
    if ref.is_pasted:
        answer = DecisionAnswer(mine.answer, None, "", True, None,
                                common.pasted_verdict(ref, hand, mine.answer))
    else:
        answer = grade_decision(ref.lesson, ref.hand, ref.at, mine.answer)
    # A phone is small: the grade and one plain sentence, the numbers behind «Perché?».
    show_verdict(answer, t, ESSENTIAL, label=said)
    show_answer_details(answer, t, ESSENTIAL)
    st.caption(t("Look at the projector: the teacher is showing how the class answered."))
