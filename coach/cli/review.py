"""``python -m coach review FILE... [--hero NAME]``: a session's hero decisions, the costliest first.

Each hero decision prints one JSON line, sorted by EV lost (biggest first)::

    {"file": "s.phhs", "hand": 12, "street": "river", "position": "BB", "kind": "river_call",
     "action": "call", "code": "cc", "grade": "errore", "ev_loss_bb": 6.4, "best": "fold", ...}

then one summary line (``{"summary": {...}, "leaks": [...]}``: EV lost by street and
position, grades, the three leaks with their explanation). ``hand`` counts the hands of
the session from 1. The hero is who plays most hands, or ``--hero``. The coach's fast
models grade (the charts and the one-street estimate, no river solver), as the app's
session review does. A file that cannot be read prints ``{"file", "error"}`` and a hand
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
from coach.i18n import get_translator
from coach.review.session import RefusedHand, detect_hero, load_texts, review_session
from coach.review.summary import action_words, best_words, kind_label, leaks, summarize


def _parser() -> ArgumentParser:
    p = ArgumentParser(prog="python -m coach review", description=__doc__.splitlines()[0])
    p.add_argument("files", nargs="+", metavar="FILE", help="PHH files (.phh, or .phhs with many hands)")
    p.add_argument("--hero", default=None, help="the player to review (default: who plays most hands)")
    add_locale(p)
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
    for r in review.refused:
        if r.hand < 0:  # refused by the room's importer: its number in the file, its file:line
            emit({"file": r.source.rsplit(":", 1)[0], "hand": -r.hand, "error": r.reason})
        else:
            emit({"file": file_of[r.hand], "hand": r.hand + 1, "error": r.reason})
        status = 1
    for d in review.decisions:
        emit({"file": file_of[d.hand], "hand": d.hand + 1, "street": d.street, "position": d.position,
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
