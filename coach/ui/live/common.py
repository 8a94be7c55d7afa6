"""What the teacher's and the pupils' pages of the live class share (Streamlit side).

The spots a teacher can put to the class (every decision point of the lessons),
the hand at a spot, the coach's grade of a pupil's answer (the lessons' own
grading, :func:`coach.ui.lessons.grade_decision`), an answer in words, the
join link and its QR code (drawn by segno, as SVG: no image files, no network),
and the ~1 s poll of the class in the database.
"""

from __future__ import annotations

import html
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, cast
from urllib.parse import urlencode, urlsplit, urlunsplit

import segno
import streamlit as st

from coach.engine import Hand
from coach.engine.phh import loads_phh
from coach.errors import CoachError
from coach.i18n import Translator
from coach.learning.judge import judge
from coach.learning.replay import script_for
from coach.learning.script import HandScript
from coach.learning.verdict import Verdict
from coach.lessons.schema import Decision, Lesson, Question
from coach.live import SpotRef, hand_digest, is_loopback, lan_address
from coach.store import Store
from coach.store.records import ClassSnapshot
from coach.textsafe import isolate, md_text
from coach.ui import state
from coach.ui.lessons import lessons
from coach.ui.lessons import script as lesson_script
from coach.ui.verdict import action_label

CONNECTION = "live.connection"  # this session's random id: the rate limits' «connection»
T = TypeVar("T")
POLL_S = 1.0  # how often the projector and the phones read the class while it is live
TEACHER_PAGE = "insegnante"
PUPIL_PAGE = "classe"
TEACHER_CLASS = "live.teacher.class"  # the class code the teacher's session shows


@dataclass(frozen=True)
class ClassQuestion:
    """What a teacher can put to the class (a lesson's decision point or a quiz question), as listed."""

    ref: SpotRef
    label: str


def _is_show_or_muck(decision: Decision) -> bool:
    return all(len(o.split()) >= 2 and o.split()[1] == "sm" for o in decision.options)


def spots(lessons: list[Lesson], t: Translator) -> list[ClassQuestion]:
    """Every decision point of the course (showdown choices to show or muck left out)."""
    out: list[ClassQuestion] = []
    for lesson in lessons:
        for h, example in enumerate(lesson.hands):
            several = len(example.decisions) > 1
            for n, d in enumerate(example.decisions, start=1):
                if _is_show_or_muck(d):
                    continue
                player = example.player_name(d.seat)
                if several:  # two decisions of one hand must not read the same
                    player = t("{player}, decision {n}", player=player, n=n)
                label = t("{lesson} · {hand} · {player}", lesson=f"{lesson.place}. {lesson.title}",
                          hand=example.title, player=player)
                out.append(ClassQuestion(SpotRef(lesson.id, h, d.at), label))
    return out


def quiz_spots(lessons: list[Lesson], t: Translator) -> list[ClassQuestion]:
    """Every question of the course's lessons (choices or a number), as the teacher's list shows it."""
    out: list[ClassQuestion] = []
    for lesson in lessons:
        for n, q in enumerate(lesson.questions, start=1):
            prompt = q.prompt if len(q.prompt) <= 90 else q.prompt[:89] + "…"
            label = t("{lesson} · question {n}: {prompt}", lesson=f"{lesson.place}. {lesson.title}", n=n,
                      prompt=prompt)
            out.append(ClassQuestion(SpotRef.quiz(lesson.id, q.id), label))
    return out


def quiz_question(ref: SpotRef) -> Question:
    """The lesson's question a ``quiz:`` spot names (in the session's language); KeyError if gone."""
    for lesson in lessons():
        if lesson.id == ref.lesson:
            for q in lesson.questions:
                if q.id == ref.question:
                    return q
    raise KeyError(ref.key())


def quiz_lesson(ref: SpotRef) -> Lesson:
    for lesson in lessons():
        if lesson.id == ref.lesson:
            return lesson
    raise KeyError(ref.key())


def quiz_answer_label(q: Question, answer: str, t: Translator) -> str:
    """A stored answer in words: the choice's text, or the number in the locale's format."""
    if not answer.isdigit():
        return answer
    if q.kind == "choice":
        i = int(answer)
        return q.choices[i] if i < len(q.choices) else answer
    return t.format_int(int(answer))


# -- a hand the teacher pasted (spot phh:DIGEST/AT, its text stored with the question) -------------
@st.cache_resource(show_spinner=False, max_entries=64)
def _pasted_script(digest: str, text: str) -> HandScript:
    """A pasted hand's script, parsed once per process (the digest names it in the cache)."""
    history = loads_phh(text, source="PHH")
    history.replay(require_complete=False)
    return script_for(history)


def pasted_script(ref: SpotRef, text: str | None) -> HandScript:
    if text is None or hand_digest(text) != ref.lesson:
        raise KeyError(ref.key())
    return _pasted_script(ref.lesson, text)


def decision_points(sc: HandScript) -> list[int]:
    """The action indices of a hand where a player is to act (the decisions a teacher can pose).

    From the script's one replay (:attr:`HandScript.views`), which the script keeps: the
    pasted hand's script is cached by the text's digest, so the teacher's clicks replay
    nothing."""
    return [view.at for view in sc.views if view.actor is not None]


def point_label(sc: HandScript, at: int, t: Translator) -> str:
    """«Mossa 7 (flop): tocca a Bruno»."""
    view = sc.views[sc.step_of_action(at)]
    # A selectbox's option is plain text: the file's name isolated, not escaped.
    name = isolate(sc.history.names()[view.actor]) if view.actor is not None else "?"
    return t("Action {n} ({street}): {name} to act", n=at + 1, street=view.street, name=name)


@dataclass(frozen=True)
class Posed:
    """A decision put to the class: the hand's script, the step of the decision, who decides."""

    ref: SpotRef
    script: HandScript
    step: int
    seat: int  # 1-based, as in a lesson's Decision
    player: str
    prompt: str


def posed(ref: SpotRef, text: str | None, t: Translator) -> Posed:
    """The decision at ``ref`` (a lesson's, or a pasted hand's with its ``text``); raises KeyError or a
    :class:`CoachError` when it cannot be shown."""
    if ref.is_pasted:
        sc = pasted_script(ref, text)
        step = sc.step_of_action(ref.at)
        actor = sc.hand_at(step).actor
        if actor is None:
            raise KeyError(ref.key())
        name = sc.history.names()[actor]
        return Posed(ref, sc, step, actor + 1, name, t("What does {name} do?", name=md_text(name)))
    sc = script(ref)
    dec = sc.decisions[ref.at]
    return Posed(ref, sc, sc.step_of_action(ref.at), dec.seat, sc.history.names()[dec.seat - 1], dec.prompt)


def script(ref: SpotRef) -> HandScript:
    return lesson_script(ref.lesson, ref.hand)


def decision(ref: SpotRef) -> Decision:
    return script(ref).decisions[ref.at]


def spot_script(ref: SpotRef, text: str | None = None) -> HandScript:
    """The hand a decision put to the class is played on: the lesson's, or the pasted ``text``."""
    return pasted_script(ref, text) if ref.is_pasted else script(ref)


def hand_at_spot(ref: SpotRef, text: str | None = None) -> Hand:
    sc = spot_script(ref, text)
    return sc.hand_at(sc.step_of_action(ref.at))


@st.cache_resource(show_spinner=False, max_entries=4096)
def _pasted_verdict(digest: str, text: str, at: int, code: str, locale: str) -> Verdict:
    """The coach's verdict on ``code`` in a pasted hand, once per process (every pupil of a class
    answers the same spot)."""
    sc = _pasted_script(digest, text)
    return judge(sc.hand_at(sc.step_of_action(at)), code)


def pasted_verdict(ref: SpotRef, text: str | None, code: str) -> Verdict:
    """The one judge (:func:`coach.learning.judge.judge`) on a pupil's answer in a pasted hand."""
    if text is None:
        raise KeyError(ref.key())
    return _pasted_verdict(ref.lesson, text, ref.at, code, state.settings().locale)


def answer_label(ref: SpotRef, code: str, t: Translator, text: str | None = None) -> str:
    """``p3 cbr 6`` in words at this spot: «Rilancia a 6», «Call 2», «Fold»."""
    try:
        record = hand_at_spot(ref, text).apply_code(code)
    except (CoachError, ValueError, KeyError):
        return code
    if record is None:
        return code
    if record.kind == "call":
        text_ = t("Call {amount}", amount=record.added) if record.added else t("Call")
    else:
        text_ = action_label(record.kind, record.to if record.kind in ("bet", "raise") else None, t)
    return text_ + (" (all-in)" if record.all_in and record.kind != "fold" else "")


def teacher_key(code: str) -> str:
    """This browser's secret for class ``code`` ("" when it has none: the store refuses it)."""
    return state.teacher_keys().get(code, "")


def _page_url(page: str, query: str) -> str:
    """One of our pages with ``query``, on the address this browser uses."""
    raw = st.context.url or "http://localhost:8501/" + TEACHER_PAGE
    parts = urlsplit(raw)
    path = parts.path.rstrip("/")
    if path.endswith("/" + TEACHER_PAGE) or path == TEACHER_PAGE:
        path = path[: -len(TEACHER_PAGE)].rstrip("/")
    return urlunsplit((parts.scheme, parts.netloc, f"{path}/{page}", query, ""))


def join_url(code: str) -> str:
    """The pupils' page with the code, on the address this browser uses (for the QR code)."""
    return _page_url(PUPIL_PAGE, f"codice={code}")


@dataclass(frozen=True)
class JoinAddress:
    """The link the projector shows pupils: ``url``, and whether the browser opened the app on a
    loopback address (``127.0.0.1``, ``localhost``, ``::1``) that no phone can reach. Then
    ``lan_url`` is the same link on this computer's local-network address (None when there is none)."""

    url: str
    loopback: bool
    lan_url: str | None = None

    @property
    def shown(self) -> str:
        """The link to put on the projector and in the QR code."""
        return self.lan_url or self.url


def join_address(code: str, lan: Callable[[], str | None] | None = None) -> JoinAddress:
    """The join link, and a reachable one when this browser's is a loopback address (issue 22);
    ``lan`` finds this computer's local-network address (:func:`coach.live.lan_address`)."""
    url = join_url(code)
    parts = urlsplit(url)
    if not is_loopback(parts.hostname):
        return JoinAddress(url, False)
    address = (lan or lan_address)()
    if address is None:
        return JoinAddress(url, True)
    host = f"[{address}]" if ":" in address else address
    netloc = host + (f":{parts.port}" if parts.port else "")
    return JoinAddress(url, True, urlunsplit((parts.scheme, netloc, parts.path, parts.query, "")))


def teacher_url(code: str, secret: str) -> str:
    """The private teacher link: the teacher page with the class and its secret (whoever opens it
    becomes the class's teacher on that device; never projected)."""
    return _page_url(TEACHER_PAGE, urlencode({"codice": code, "chiave": secret}))


def qr_img(url: str, alt: str) -> str:
    """The QR code as an ``<img>`` with the SVG in a data URI (``st.html`` keeps images, and strips
    inline SVG); ``alt`` is its accessible name."""
    uri = segno.make(url, error="m").svg_data_uri(scale=10, border=4, dark="#000000", light="#ffffff")
    return f'<img class="cc-qr" src="{html.escape(uri, quote=True)}" alt="{html.escape(alt, quote=True)}">'


def snapshot(code: str) -> ClassSnapshot | None:
    """The class as the database has it now (None when unreadable: the notice says why)."""
    return state.load(lambda db: db.snapshot(code), None)


# -- admission control: who is asking (docs/CLASSE.md, «Chi può entrare») ----------------------------
def connection_id() -> str:
    """A random id for this Streamlit session (one browser tab's connection), made once and kept in
    session state: the key of the per-connection rate limits."""
    value = st.session_state.get(CONNECTION)
    if not isinstance(value, str):
        value = secrets.token_hex(16)
        st.session_state[CONNECTION] = value
    return value


# -- a database outage during a class: the screen stays, a banner says so, the poll goes on ----------
KEPT = "live.kept"  # class code -> the last snapshot read without a failure
OUTAGE = "live.outage"  # the last full run drew the page from kept data (the database failed)


def read_snapshot(code: str) -> state.Read[ClassSnapshot | None]:
    """The class now, or the failure (never None for «the database did not answer»); a good read is
    kept, so a later failure can still draw the class as it was."""
    got: state.Read[ClassSnapshot | None] = state.read(lambda db: db.snapshot(code))
    if not got.failed:
        kept: dict[str, ClassSnapshot] = state.get(KEPT, {})
        if got.value is None:
            kept.pop(code, None)
        else:
            kept[code] = got.value
    return got


def kept_snapshot(code: str) -> ClassSnapshot | None:
    """The last snapshot of this class read without a failure, if this session has one."""
    value = state.get(KEPT, dict[str, ClassSnapshot]()).get(code)
    return value if isinstance(value, ClassSnapshot) else None


KEPT_READS = "live.kept_reads"  # a page's other reads (pupils, answers, results) at their last success


def read_kept(key: str, action: Callable[[Store], T], default: T) -> T:
    """A read whose last good value stands in when the database fails (the banner says so), so a
    failed read never shows «nobody has joined» or «nobody answered» on the projector."""
    kept: dict[str, object] = state.get(KEPT_READS, {})
    got = state.read(action)
    if got.failed:
        return cast(T, kept.get(key, default))
    kept[key] = got.value
    return cast(T, got.value)


def class_snapshot(code: str) -> tuple[ClassSnapshot | None, bool]:
    """The class to draw and whether the database failed: a failed read gives the kept snapshot
    (the projector stays on its class and vote, the phone on its question), never «no class».
    Records for the page's polls whether this run drew from kept data (:func:`watch_outage`)."""
    got = read_snapshot(code)
    down = got.failed
    st.session_state[OUTAGE] = down
    return (kept_snapshot(code) if down else got.value), down


def outage_banner(t: Translator) -> None:
    """«Connessione al database persa: riprovo…», with the reason; the page goes on polling."""
    problem = state.db_problem()
    reason = t.render(problem) if problem is not None else ""
    st.warning(t("Connection to the database lost: retrying… ({reason})", reason=reason),
               icon=":material/sync_problem:")


def poll_changed(failed: bool) -> bool:
    """In a poll: True when the database went down or came back since the page was drawn (the poll
    then reruns the whole page, to show or to clear the banner)."""
    return failed != bool(st.session_state.get(OUTAGE, False))


@st.fragment(run_every=POLL_S)
def watch_outage(code: str) -> None:
    """While the database fails: try the class again about once a second, and redraw the page the
    first time a read works (the banner goes by itself)."""
    if poll_changed(read_snapshot(code).failed):
        st.rerun()
