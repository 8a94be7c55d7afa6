"""What every ``python -m coach`` sub-command shares: the language option, usage
errors in that language, reading a file, and the one shape of a bad file's line.

The contract (README, «Riga di comando»): a file that cannot be read or
processed prints ``{"file": ..., "error": ...}`` on its own line and the command
goes on with the next file; the exit status is non-zero when any file failed;
no input, however hostile, prints a traceback. Usage errors (an unknown option,
a number that is not a number) print one line on stderr in the chosen language
and exit with status 2.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import IO, Any, NoReturn

from coach.errors import CoachError
from coach.i18n import N_, SUPPORTED_LOCALES, Message, Translator, get_translator
from coach.limits import clip, read_text_file

__all__ = [
    "ArgumentParser",
    "add_locale",
    "error_line",
    "internal_error",
    "parse_args",
    "read_file",
]


class _UsageError(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ArgumentParser(argparse.ArgumentParser):
    """argparse that hands its usage errors back instead of printing English and exiting."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


def add_locale(parser: argparse.ArgumentParser) -> None:
    """``--locale it|en`` on every sub-command; ``--lang`` is kept as an alias (``replay`` had it)."""
    parser.add_argument("--locale", "--lang", dest="locale", choices=SUPPORTED_LOCALES, default="it",
                        help="language of the output and of the error messages (default: it)")


def _locale_in(argv: Sequence[str]) -> str:
    """The language asked for on the command line, read before argparse runs."""
    for i, arg in enumerate(argv):
        for opt in ("--locale", "--lang"):
            if arg == opt and i + 1 < len(argv) and argv[i + 1] in SUPPORTED_LOCALES:
                return argv[i + 1]
            if arg.startswith(opt + "=") and arg.split("=", 1)[1] in SUPPORTED_LOCALES:
                return arg.split("=", 1)[1]
    return "it"


# argparse's own messages (English, from its gettext domain) -> ours, by shape.
_USAGE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"the following arguments are required: (?P<detail>.*)"),
     N_("missing argument: {detail}")),
    (re.compile(r"unrecognized arguments: (?P<detail>.*)"), N_("unknown arguments: {detail}")),
    (re.compile(r"argument (?P<option>\S+): invalid choice: '?(?P<value>.*?)'? "
                r"\(choose from (?P<choices>.*)\)"),
     N_("option {option}: '{value}' is not one of {choices}")),
    (re.compile(r"argument (?P<option>\S+): invalid (?:int|float) value: '?(?P<value>.*?)'?$"),
     N_("option {option}: '{value}' is not a whole number")),
    (re.compile(r"argument (?P<option>\S+): expected one argument"), N_("option {option} needs a value")),
    (re.compile(r"argument (?P<option>\S+): not allowed with argument (?P<other>\S+)"),
     N_("option {option} cannot be used with {other}")),
)


def _usage_message(message: str) -> Message:
    for pattern, msgid in _USAGE:
        m = pattern.match(message)
        if m is not None:
            return Message(msgid, {k: clip(v) for k, v in m.groupdict().items()})
    return Message(N_("invalid command line: {detail}"), {"detail": clip(message, 120)})


def parse_args(parser: ArgumentParser, argv: Sequence[str] | None,
               stderr: IO[str] | None = None) -> argparse.Namespace | int:
    """The parsed arguments, or the exit status after a usage error (2) or ``--help`` (0)."""
    args = list(sys.argv[1:] if argv is None else argv)
    err = stderr if stderr is not None else sys.stderr
    try:
        return parser.parse_args(args)
    except _UsageError as exc:
        tr = get_translator(_locale_in(args))
        err.write(parser.format_usage())
        err.write(tr.render(Message(N_("{command}: error: {problem}"),
                                    {"command": parser.prog, "problem": _usage_message(exc.message)})) + "\n")
        return 2
    except SystemExit as exc:  # --help, --version
        return 0 if exc.code in (0, None) else 2


def read_file(path: str) -> tuple[str | None, Message | None]:
    """A file's text (UTF-8, a byte-order mark dropped, size-limited), or why not."""
    return read_text_file(path)


def error_line(file: str, problem: Message | CoachError, tr: Translator, **extra: Any) -> dict[str, Any]:
    """The one shape of a bad file's line: ``{"file": ..., "error": ...}`` (plus ``hand``...)."""
    text = problem.localized(tr) if isinstance(problem, CoachError) else tr.render(
        Message(N_("{file}: {problem}"), {"file": file, "problem": problem}))
    return {"file": file, **extra, "error": text}


def internal_error(file: str, exc: BaseException, tr: Translator, **extra: Any) -> dict[str, Any]:
    """A bug of ours while processing ``file``: reported on its line, the next file still runs."""
    return error_line(file, Message(N_("internal error while processing the file ({detail})."),
                                    {"detail": clip(f"{type(exc).__name__}: {exc}", 160)}), tr, **extra)
