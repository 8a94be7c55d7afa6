"""``python -m coach lessons check [PATHS]``: check lesson files against the engine.

With no path, every lesson in ``lessons/`` is checked, plus the course-wide
checks (numbering, prerequisites, every rule of DESIGN.md §5 covered). A path
may be a file or a directory (its ``*.toml``); ``--course`` adds the course
checks for explicit paths. Every existing translation (``lessons/en/NAME``) of
a checked lesson is merged and checked on the engine too; a lesson without one
is a warning line, not a failure (the English course shows it in Italian).
Problems print one a line (``file: place: problem``), in Italian unless
``--locale en`` (alias ``--lang``); a file that cannot be read (missing, not
UTF-8, nested too deep, not TOML) is one such line and the other files are still
checked. The course check also holds the lessons to the coach
(:func:`coach.learning.agreement.disagreements`): a text that names a grade or quotes a
loss other than the page shows, «Ottima» beside «the lesson suggests another choice», a
hedge about the coach. The exit status is 1 when there is any problem, 2 for a usage error.
``python -m coach lessons coverage`` prints, for each rule, where it is taught, shown and asked.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from coach.cli.common import ArgumentParser, add_locale, parse_args
from coach.errors import LessonError
from coach.i18n import N_, Message, get_translator
from coach.learning.agreement import disagreements
from coach.lessons.loader import default_lessons_dir, lesson_paths, load_lessons
from coach.lessons.overlay import OVERLAY_LOCALES
from coach.lessons.validator import check_lessons, coverage, missing_overlays

__all__ = ["main"]


def _expand(paths: Sequence[str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        out.extend(lesson_paths(p) if p.is_dir() else [p])
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = ArgumentParser(prog="python -m coach lessons",
                            description="Check the lesson files against the engine.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=ArgumentParser)
    check = sub.add_parser("check", help="load every lesson, replay its hands, check its answers")
    check.add_argument("paths", nargs="*", help="lesson files or directories (default: lessons/)")
    check.add_argument("--course", action="store_true",
                       help="also the course checks (implied when no path is given)")
    add_locale(check)
    cov = sub.add_parser("coverage", help="where each rule of DESIGN.md §5 is taught")
    cov.add_argument("directory", nargs="?", default=None)
    add_locale(cov)
    args = parse_args(parser, argv)
    if isinstance(args, int):
        return args
    if args.command == "coverage":
        try:
            lessons = load_lessons(args.directory or default_lessons_dir())
        except LessonError as err:
            print(err.localized(get_translator(args.locale)), file=sys.stderr)
            return 1
        for rule, places in coverage(lessons).items():
            print(f"{rule}: " + "; ".join(f"{k}: {', '.join(v) or '-'}" for k, v in places.items()))
        return 0

    tr = get_translator(args.locale)
    paths = _expand(args.paths) if args.paths else lesson_paths(default_lessons_dir())
    if not paths:
        print(tr.render(Message(N_("No lesson files found."))), file=sys.stderr)
        return 1
    course = args.course or not args.paths
    problems = check_lessons(paths, course=course)
    if course and not problems:  # the lessons load: hold their words to the coach's page
        files = {p.stem: str(p) for p in paths}
        problems = disagreements(load_lessons(paths[0].parent), files)
    for problem in problems:
        print(problem.render(tr))
    italian = [p for p in paths if p.parent.name not in OVERLAY_LOCALES]
    for locale in OVERLAY_LOCALES:
        done = len(italian) - len(missing := missing_overlays(italian, locale))
        if done:
            print(tr.render(Message(N_("Translations ({locale}) checked: {files}."),
                                    {"locale": locale, "files": done})))
        if missing:  # a warning, not a failure: the course falls back to the Italian text
            print(tr.render(Message(N_("Warning: no translation ({locale}) yet for {count} lessons, shown "
                                       "in Italian: {files}"),
                                    {"locale": locale, "count": len(missing),
                                     "files": ", ".join(p.name for p in missing)})))
    if problems:
        print(tr.render(Message(N_("Lesson files checked: {files}. Problems: {problems}."),
                                {"files": len(paths), "problems": len(problems)})), file=sys.stderr)
        return 1
    print(tr.render(Message(N_("Lesson files checked: {files}. No problems."), {"files": len(paths)})))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
