"""``python -m coach review FILE... [--hero NAME]``: a session's hero decisions, the costliest first.

Each hero decision prints one JSON line, sorted by EV lost (biggest first)::

    {"file": "s.phhs", "hand": 12, "street": "river", "position": "BB", "kind": "river_call",
     "action": "call", "code": "cc", "grade": "errore", "ev_loss_bb": 6.4, "best": "fold", ...}

then one summary line (``{"summary": {...}, "leaks": [...]}``: EV lost by street and
position, grades, the three leaks with their explanation). ``hand`` counts the hands of
the session from 1; ``hand_name`` is how the player finds it in his own file (the room's
hand number and the line where it starts), ``room_hand`` and ``line`` the same as
figures. Amounts are in big blinds, with the money in parentheses where the hand was
played for money. ``--format text`` prints the same review as a readable summary instead.
The hero is who plays most hands, or ``--hero``. The one judge grades
(:func:`coach.learning.judge.judge`, the same models as the Replayer and ``advise``),
as the app's session review does. A file that cannot be read prints ``{"file", "error"}`` and a hand
the rules refuse ``{"file", "hand", "error"}`` (the shape of ``replay``); the others are
still reviewed. Exit status: 0 all read, 1 a file or hand refused, 2 usage error.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import IO, Any

from coach.cli.common import ArgumentParser, add_locale, error_line, internal_error, parse_args, read_file
from coach.engine.phh import HandHistory
from coach.errors import CoachError
from coach.feedback import Grade
from coach.i18n import N_, Translator, get_translator
from coach.review.session import (
    RefusedHand,
    ReviewedDecision,
    SessionReview,
    detect_hero,
    load_texts,
    review_session,
)
from coach.review.summary import STREETS, action_words, best_words, hand_name, kind_label, leaks, summarize


def _parser() -> ArgumentParser:
    p = ArgumentParser(prog="python -m coach review", description=__doc__.splitlines()[0])
    p.add_argument("files", nargs="+", metavar="FILE", help="PHH files (.phh, or .phhs with many hands)")
    p.add_argument("--hero", default=None, help="the player to review (default: who plays most hands)")
    add_locale(p)
    p.add_argument("--format", choices=("json", "text"), default="json",
                   help="json: one JSON line per decision and a summary line (default); text: a readable "
                        "summary, the leaks and the costliest decisions")
    return p


def main(argv: Sequence[str] | None = None, *, stdout: IO[str] | None = None) -> int:
    args = parse_args(_parser(), argv)
    if isinstance(args, int):
        return args
    out = stdout if stdout is not None else sys.stdout
    tr = get_translator(args.locale)
    status = 0
    hands: list[HandHistory] = []
    on_import: list[RefusedHand] = []  # a room's hands its importer refused or skipped
    file_of: list[str] = []

    def emit(line: dict[str, Any]) -> None:
        out.write(json.dumps(line, ensure_ascii=False) + "\n")

    for path in args.files:
        text, problem = read_file(path)
        if text is None:
            assert problem is not None
            emit(error_line(path, problem, tr))
            status = 1
            continue
        try:
            found = load_texts([(path, text)], tr, on_import)
        except CoachError as exc:
            emit(error_line(path, exc, tr))
            status = 1
            continue
        except Exception as exc:  # a bug of ours must not stop the other files
            emit(internal_error(path, exc, tr))
            status = 1
            continue
        hands += found
        file_of += [path] * len(found)
    if not hands:
        out.flush()
        return 1
    try:
        hero = detect_hero(hands, args.hero)
    except CoachError as exc:
        emit(error_line(", ".join(args.files), exc, tr))
        return 1
    review = review_session(hands, hero, tr, refused_on_import=on_import)
    assert review is not None
    if args.format == "text":
        out.write(review_text(review, tr, file_of))
        out.flush()
        return 1 if status or review.refused else 0
    for r in review.refused:
        if r.hand < 0:  # refused by the room's importer: its number in the file, its file:line
            emit({"file": r.source.rsplit(":", 1)[0], "hand": -r.hand, "error": r.reason})
        else:
            emit({"file": file_of[r.hand], "hand": r.hand + 1, "error": r.reason})
        status = 1
    for d in review.decisions:
        file, _, line = d.source.rpartition(":")
        emit({"file": file_of[d.hand], "hand": d.hand + 1, "hand_name": tr.render(hand_name(d)),
              "room_hand": d.room_hand, "line": int(line) if file and line.isdigit() else None,
              "street": d.street, "position": d.position,
              "kind": d.kind, "kind_text": tr.render(kind_label(d.kind)),
              "action": tr.render(action_words(d)),
              "code": d.action, "grade": d.grade, "ev_loss_bb": None if d.ev_loss_bb is None
              else round(d.ev_loss_bb, 2), "best": tr.render(best_words(d)), "best_code": d.best,
              "model": d.model})
    summary = summarize(review)
    summary.pop("timeline")
    emit({"summary": summary, "leaks": [
        {"kind": x.kind, "street": x.street, "count": x.count, "mistakes": x.mistakes,
         "ev_lost_bb": x.ev_lost_bb, "title": tr.render(x.title()), "explanation": tr.render(x.explanation()),
         "examples": [e.hand + 1 for e in x.examples]} for x in leaks(review.decisions)]})
    out.flush()
    return status


TOP_DECISIONS = 10  # the costliest decisions the text summary lists


def _grade(grade: str, tr: Translator) -> str:
    return tr.render(Grade(grade).label).lower() if grade in Grade._value2member_map_ else grade


def decision_line(d: ReviewedDecision, tr: Translator) -> str:
    """One decision as the text summary and the app's list say it."""
    name = tr.render(hand_name(d))
    if d.ev_loss_bb is None:  # a figure the coach does not give (an untrusted estimate): the grade alone
        return tr(N_("{hand} · {street} · {position} · {kind}: {action}, {grade} (no loss measured); the "
                     "coach prefers {best}"),
                  hand=name[:1].upper() + name[1:], street=d.street, position=d.position,
                  kind=tr.render(kind_label(d.kind)), action=tr.render(action_words(d)),
                  grade=_grade(d.grade, tr), best=tr.render(best_words(d)))
    loss = tr.format_fixed(d.ev_loss_bb, 1)
    return tr(N_("{hand} · {street} · {position} · {kind}: {action}, {grade}, {loss} bb lost; the coach "
                 "prefers {best}"),
              hand=name[:1].upper() + name[1:], street=d.street, position=d.position,
              kind=tr.render(kind_label(d.kind)), action=tr.render(action_words(d)),
              grade=_grade(d.grade, tr), loss=loss,
              best=tr.render(best_words(d)))


def review_text(review: SessionReview, tr: Translator, file_of: Sequence[str]) -> str:
    """The review as a club player reads it: the session in one line, where the big blinds went,
    the three leaks with their examples, the costliest decisions, the hands left out."""
    summary = summarize(review)
    lines = [tr(N_("Session of {hero}: {hands} hands, {decisions} decisions, {ev} bb lost, {mistakes} "
                   "mistakes."), hero=review.hero, hands=summary["hands"], decisions=summary["decisions"],
                ev=tr.format_fixed(summary["ev_lost_bb"], 1), mistakes=summary["mistakes"])]
    lines.append(tr(N_("By street: {streets}"), streets=" · ".join(
        f"{s} {tr.format_fixed(summary['by_street'].get(s, 0.0), 1)} bb" for s in STREETS)))
    lines.append(tr(N_("By position: {positions}"), positions=" · ".join(
        f"{p} {tr.format_fixed(v, 1)} bb" for p, v in sorted(summary["by_position"].items(),
                                                               key=lambda kv: -kv[1]))))
    lines.append(tr(N_("Grades: {grades}"), grades=" · ".join(
        f"{_grade(g, tr)} {n}" for g, n in summary["grades"].items())))
    found = leaks(review.decisions)
    lines.append("")
    if found:
        lines.append(tr(N_("The leaks that cost you most:")))
        for n, leak in enumerate(found, start=1):
            lines.append(f"{n}. {tr.render(leak.title())}")
            lines.append("   " + tr.render(leak.explanation()))
            lines += ["   - " + decision_line(e, tr) for e in leak.examples]
    else:
        lines.append(tr(N_("No leak stands out in this session.")))
    lines.append("")
    lines.append(tr(N_("The costliest decisions:")))
    lines += ["- " + decision_line(d, tr) for d in review.decisions[:TOP_DECISIONS]]
    if review.refused:
        lines.append("")
        lines.append(tr(N_("Hands left out: {count}."), count=len(review.refused)))
        for r in review.refused[:TOP_DECISIONS]:
            where = r.source if r.hand < 0 else f"{file_of[r.hand]} ({r.source})"
            lines.append(f"- {where}: {r.reason}")
    return "\n".join(lines) + "\n"
