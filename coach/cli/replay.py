"""``python -m coach replay FILE...``: replay PHH hand histories, one JSON line per hand.

Each hand prints one JSON object on its own line::

    {"file": "h.phh", "finishing_stacks": [116, 90, 100, 94], "winners": ["p1"],
     "pots": [{"index": 0, "amount": 26, "eligible": ["p1", "p2"], "winners": ["p1"],
               "shares": [26]}], ...}

Amounts are in the file's units (a file in dollars and cents prints ``"138.80"``
as an exact decimal string, whole amounts as JSON integers). Players are the PHH
labels ``p1``..``pN`` (``players`` adds the names when the file has them). A
``.phhs`` file with ``[1]``, ``[2]``... sections prints one line per section,
with ``"hand"`` set to the section name.

A file that cannot be read (missing, not UTF-8: a byte-order mark is fine,
larger than the limit), is not valid PHH, exceeds a limit of docs/RULES.md or
describes an action the rules refuse prints ``{"file": ..., "error": "..."}`` on
its line (the message names the action) and the remaining files are still
replayed. ``--locale it|en`` (alias ``--lang``) picks the language.

Exit status: 0 when every hand replayed, 1 when at least one file or hand
failed (or, with ``--check``, ended with stacks different from the file's
``finishing_stacks``), 2 for a usage error.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import IO, Any

from coach.cli.common import ArgumentParser, add_locale, error_line, internal_error, parse_args, read_file
from coach.engine.phh import HandHistory, history_from_table, split_phhs
from coach.errors import CoachError, HandHistoryError
from coach.i18n import N_, Translator, get_translator

__all__ = ["main", "replay_file", "summarize"]


def summarize(history: HandHistory, hand: Any) -> dict[str, Any]:
    """The JSON-ready outcome of a replayed hand, amounts in the file's units."""
    result = hand.result
    assert result is not None
    label = history.label
    out: dict[str, Any] = {
        "finishing_stacks": [history.units(s) for s in result.finishing_stacks],
        "winners": [label(s) for s in result.winners],
        "pots": [
            {
                "index": award.index,
                "amount": history.units(award.amount),
                "eligible": [label(s) for s in award.eligible],
                "winners": [label(s) for s in award.winners],
                "shares": [history.units(x) for x in award.shares],
            }
            for award in sorted(result.awards, key=lambda a: a.index)
        ],
        "board": "".join(str(c) for c in hand.board),
        "uncontested": result.uncontested,
    }
    if history.players is not None:
        out["players"] = list(history.players)
    expected = history.expected_finishing_stacks()
    if expected is not None:
        out["matches_file"] = tuple(result.finishing_stacks) == expected
    return out


def replay_file(path: str, tr: Translator, *, check: bool = False) -> list[dict[str, Any]]:
    """One JSON-ready dict per hand of ``path``; errors become ``{"file", "error"}``."""
    text, problem = read_file(path)
    if text is None:
        assert problem is not None
        return [error_line(path, problem, tr)]
    try:
        sections = split_phhs(text, path)
    except CoachError as exc:
        return [error_line(path, exc, tr)]
    except Exception as exc:  # a bug of ours must not stop the other files
        return [internal_error(path, exc, tr)]
    lines: list[dict[str, Any]] = []
    for source, table in sections:
        line: dict[str, Any] = {"file": path}
        if source != path:
            line["hand"] = source[len(path) + 1:-1]
        try:
            assert table is not None
            history = history_from_table(table, source)
            hand = history.replay()
            line.update(summarize(history, hand))
            result = hand.result
            assert result is not None
            if check and line.get("matches_file") is False:
                err = HandHistoryError(
                    N_("{file}: the replay ends with stacks {ours}, the file says {theirs}."),
                    file=source,
                    ours=", ".join(str(history.units(s)) for s in result.finishing_stacks),
                    theirs=", ".join(str(v) for v in history.finishing_stacks or ()),
                )
                line = {"file": path, **({"hand": line["hand"]} if "hand" in line else {}),
                        "error": err.localized(tr)}
        except CoachError as exc:
            line = {"file": path, **({"hand": line["hand"]} if "hand" in line else {}),
                    "error": exc.localized(tr)}
        except Exception as exc:  # a bug of ours must not stop the other files
            err = HandHistoryError(N_("{file}: internal error while replaying ({detail})."),
                                   file=source, detail=f"{type(exc).__name__}: {exc}")
            line = {"file": path, **({"hand": line["hand"]} if "hand" in line else {}),
                    "error": err.localized(tr)}
        lines.append(line)
    return lines


def main(argv: Sequence[str] | None = None, *, stdout: IO[str] | None = None) -> int:
    """Entry point of ``python -m coach replay``; returns the exit status."""
    parser = ArgumentParser(
        prog="python -m coach replay",
        description="Replay PHH hand histories through the engine; print one JSON line per hand.",
        epilog="Exit status: 0 all hands replayed, 1 some file or hand failed, 2 usage error.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="a .phh file (or .phhs with sections)")
    add_locale(parser)
    parser.add_argument("--check", action="store_true",
                        help="fail a hand whose stacks differ from the file's finishing_stacks")
    args = parse_args(parser, argv)
    if isinstance(args, int):
        return args
    out = stdout if stdout is not None else sys.stdout
    tr = get_translator(args.locale)
    failed = False
    for path in args.files:
        for line in replay_file(path, tr, check=args.check):
            failed = failed or "error" in line
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
    out.flush()
    return 1 if failed else 0
