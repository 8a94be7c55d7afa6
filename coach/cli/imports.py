"""``python -m coach import FILE... [--out DIR]``: online rooms' hand histories -> PHH files.

Each hand prints one JSON line::

    {"file": "session.txt", "hand": "254872112", "line": 120, "room": "PokerStars",
     "status": "ok", "reason": null, "phh": "out/session-254872112.phh"}

``status`` is ``ok`` (the engine replayed it; with ``--out DIR`` written there as
one PHH file, ``phh`` its path; without, ``phh`` is the PHH text), ``skipped``
(another game than No-Limit Hold'em, ``reason`` says which) or ``refused``
(``reason`` names the line and the rule). A file that cannot be read or is refused
whole (too large, too many hands, no known room, written in Italian) prints
``{"file": ..., "error": ...}`` as ``replay`` does. ``--locale it|en``.

Exit status: 0 when every hand was imported or skipped, 1 when a file or a hand
was refused, 2 for a usage error.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from coach.cli.common import ArgumentParser, add_locale, error_line, internal_error, parse_args
from coach.errors import CoachError
from coach.i18n import N_, Message, Translator, get_translator
from coach.limits import MAX_FILE_BYTES, clip, read_text_file
from coach.rooms import HandOutcome, import_histories

__all__ = ["import_file", "main"]

_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")


def _reason(outcome: HandOutcome, tr: Translator) -> str | None:
    reason = outcome.reason
    if reason is None:
        return None
    return reason.localized(tr) if isinstance(reason, CoachError) else tr.render(reason)


def import_file(path: str, tr: Translator, out_dir: Path | None) -> list[dict[str, Any]]:
    """One JSON-ready dict per hand of ``path``; a file refused whole is one ``{"file", "error"}``."""
    text, problem = read_text_file(path, MAX_FILE_BYTES)
    if text is None:
        assert problem is not None
        return [error_line(path, problem, tr)]
    try:
        report = import_histories(text, source=path)
    except Exception as exc:  # a bug of ours must not stop the other files
        return [internal_error(path, exc, tr)]
    if report.problem is not None:
        return [error_line(path, report.problem, tr)]
    lines: list[dict[str, Any]] = []
    stem = _UNSAFE.sub("_", Path(path).stem)[:64] or "hand"
    for outcome in report.hands:
        hand = outcome.room_hand or str(outcome.number)
        line: dict[str, Any] = {"file": path, "hand": hand, "line": outcome.line, "room": report.room,
                                "status": outcome.status, "reason": _reason(outcome, tr), "phh": None}
        if outcome.history is not None:
            phh = outcome.history.dumps()
            if out_dir is None:
                line["phh"] = phh
            else:
                target = out_dir / f"{stem}-{_UNSAFE.sub('_', hand)[:40]}.phh"
                try:
                    target.write_text(phh, encoding="utf-8")
                except OSError as exc:
                    line.update(status="refused", reason=tr.render(Message(
                        N_("cannot write {path} ({detail})."),
                        {"path": str(target), "detail": clip(exc.strerror or exc, 80)})))
                else:
                    line["phh"] = str(target)
        lines.append(line)
    return lines


def main(argv: Sequence[str] | None = None, *, stdout: IO[str] | None = None) -> int:
    """Entry point of ``python -m coach import``; returns the exit status."""
    parser = ArgumentParser(
        prog="python -m coach import",
        description="Convert online rooms' hand histories (PokerStars, PartyPoker, iPoker, ...) to PHH; "
                    "print one JSON line per hand.",
        epilog="Exit status: 0 all hands imported or skipped, 1 some file or hand refused, 2 usage error.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="a hand-history file of an online room")
    parser.add_argument("--out", metavar="DIR",
                        help="write one PHH file per hand into DIR (created if missing)")
    add_locale(parser)
    args = parse_args(parser, argv)
    if isinstance(args, int):
        return args
    out = stdout if stdout is not None else sys.stdout
    tr = get_translator(args.locale)
    out_dir: Path | None = None
    if args.out is not None:
        out_dir = Path(args.out)
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            out.write(json.dumps(error_line(args.out, Message(
                N_("cannot create the folder ({detail})."), {"detail": clip(exc.strerror or exc, 80)}), tr),
                ensure_ascii=False) + "\n")
            return 1
    failed = False
    for path in args.files:
        for line in import_file(path, tr, out_dir):
            failed = failed or "error" in line or line.get("status") == "refused"
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
    out.flush()
    return 1 if failed else 0
