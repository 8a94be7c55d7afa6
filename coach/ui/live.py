"""What the teacher's and the pupils' pages of the live classroom share (Streamlit side).

The spots a teacher can put to the class (every decision point of the lessons),
the hand at a spot, the coach's grade of a pupil's answer (the lessons' own
grading, :func:`coach.ui.views.lezioni.grade_decision`), an answer in words, the
join link and its QR code (drawn by segno, as SVG: no image files, no network),
and the ~1 s poll of the class in the database.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import streamlit as st

from coach.classroom import SpotRef
from coach.engine import Hand
from coach.errors import CoachError
from coach.i18n import Translator
from coach.lessons.schema import Decision, Lesson
from coach.persistence import ClassSnapshot
from coach.ui import state
from coach.ui.player import HandScript

POLL_S = 1.0  # how often the projector and the phones read the class while it is live
TEACHER_PAGE = "insegnante"
PUPIL_PAGE = "classe"


@dataclass(frozen=True)
class Spot:
    """A decision point of a lesson, as the teacher's list shows it."""

    ref: SpotRef
    label: str


def _is_show_or_muck(decision: Decision) -> bool:
    return all(len(o.split()) >= 2 and o.split()[1] == "sm" for o in decision.options)


def spots(lessons: list[Lesson], t: Translator) -> list[Spot]:
    """Every decision point of the course (showdown choices to show or muck left out)."""
    out: list[Spot] = []
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
                out.append(Spot(SpotRef(lesson.id, h, d.at), label))
    return out


def script(ref: SpotRef) -> HandScript:
    from coach.ui.views.lezioni import script as lesson_script

    return lesson_script(ref.lesson, ref.hand)


def decision(ref: SpotRef) -> Decision:
    return script(ref).decisions[ref.at]


def hand_at_spot(ref: SpotRef) -> Hand:
    sc = script(ref)
    return sc.hand_at(sc.step_of_action(ref.at))


def answer_label(ref: SpotRef, code: str, t: Translator) -> str:
    """``p3 cbr 6`` in words at this spot: «Rilancia a 6», «Call 2», «Fold»."""
    from coach.ui.views.lezioni import action_label

    try:
        record = hand_at_spot(ref).apply_code(code)
    except (CoachError, ValueError):
        return code
    if record is None:
        return code
    if record.kind == "call":
        text = t("Call {amount}", amount=record.added) if record.added else t("Call")
    else:
        text = action_label(record.kind, record.to if record.kind in ("bet", "raise") else None, t)
    return text + (" (all-in)" if record.all_in and record.kind != "fold" else "")


def join_url(code: str) -> str:
    """The pupils' page with the code, on the address this browser uses (for the QR code)."""
    raw = st.context.url or "http://localhost:8501/" + TEACHER_PAGE
    parts = urlsplit(raw)
    path = parts.path.rstrip("/")
    if path.endswith("/" + TEACHER_PAGE) or path == TEACHER_PAGE:
        path = path[: -len(TEACHER_PAGE)].rstrip("/")
    return urlunsplit((parts.scheme, parts.netloc, f"{path}/{PUPIL_PAGE}", f"codice={code}", ""))


def qr_svg(url: str, *, scale: int = 10) -> str:
    """The join link as a QR code: SVG markup, dark on white with the quiet zone."""
    import segno

    qr = segno.make(url, error="m")
    buf = io.BytesIO()
    qr.save(buf, kind="svg", scale=scale, border=4, dark="#000000", light="#ffffff", xmldecl=False,
            svgns=True, title="QR", svgclass="cc-qr")
    return buf.getvalue().decode("utf-8")


def qr_img(url: str, alt: str) -> str:
    """The QR code as an ``<img>`` with the SVG in a data URI (``st.html`` keeps images, and strips
    inline SVG); ``alt`` is its accessible name."""
    import html

    import segno

    uri = segno.make(url, error="m").svg_data_uri(scale=10, border=4, dark="#000000", light="#ffffff")
    return f'<img class="cc-qr" src="{html.escape(uri, quote=True)}" alt="{html.escape(alt, quote=True)}">'


def snapshot(code: str) -> ClassSnapshot | None:
    """The class as the database has it now (None when unreadable: the notice says why)."""
    return state.load(lambda db: db.snapshot(code), None)
