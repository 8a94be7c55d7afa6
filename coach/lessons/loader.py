"""Reading lesson files: TOML -> :class:`~coach.lessons.schema.Lesson`, or precise problems.

A lesson author is a teacher, not a programmer: every problem names the file,
the place in it (``hands[0].decisions[1].options``, counting from 0 like the
lists themselves) and what is wrong, in the learner's language. Pydantic's own
error texts are English, so each error type is mapped to a translatable msgid.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from coach.i18n import DEFAULT_LOCALE, N_, Message
from coach.lessons.overlay import merge_overlay, overlay_path
from coach.lessons.problems import LessonLoadError, Problem
from coach.lessons.schema import Lesson
from coach.limits import clip, read_text_file, toml_problem

FILE_NAME = re.compile(r"^(?P<number>\d{2})-(?P<slug>[a-z0-9][a-z0-9-]*)\.toml$")


# Pydantic error types -> our msgids (its "ctx" supplies the named parameters).
_PYDANTIC_MESSAGES: dict[str, str] = {
    "missing": N_("required field is missing"),
    "extra_forbidden": N_("unknown field (a typo?)"),
    "string_type": N_("must be text (in quotes)"),
    "int_type": N_("must be a whole number"),
    "int_parsing": N_("must be a whole number"),
    "int_from_float": N_("must be a whole number"),
    "float_type": N_("must be a number"),
    "finite_number": N_("must be a finite number"),
    "bool_type": N_("must be true or false"),
    "list_type": N_("must be a list [ ... ]"),
    "dict_type": N_("must be a table"),
    "model_type": N_("must be a table"),
    "model_attributes_type": N_("must be a table"),
    "literal_error": N_("must be one of {expected}"),
    "string_pattern_mismatch": N_("has the wrong form (it must match {pattern})"),
    "string_too_short": N_("must not be empty"),
    "string_too_long": N_("is too long (at most {max_length} characters)"),
    "too_short": N_("needs at least {min_length} items"),
    "greater_than": N_("must be greater than {gt}"),
    "greater_than_equal": N_("must be at least {ge}"),
}


def _where(loc: Iterable[int | str]) -> str:
    """``('hands', 0, 'phh', 'actions', 3)`` -> ``hands[0].phh.actions[3]``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + part
    return out


def problems_from_validation(file: str, err: ValidationError) -> list[Problem]:
    """Turn pydantic's errors into :class:`Problem` s with translatable messages."""
    problems = []
    for e in err.errors(include_url=False):
        ctx: dict[str, Any] = dict(e.get("ctx") or {})
        if e["type"] == "lesson":
            # our own PydanticCustomError: the template is the msgid
            message = Message(_template(e), {k: v for k, v in ctx.items() if k != "__msgid__"})
        elif e["type"] in _PYDANTIC_MESSAGES:
            params = {k: str(v) if not isinstance(v, int | Message) else v for k, v in ctx.items()}
            message = Message(_PYDANTIC_MESSAGES[e["type"]], params)
        else:
            message = Message(N_("invalid value: {problem}"), {"problem": e["msg"]})
        loc = list(e["loc"])
        if e["type"] == "lesson" and loc and loc[-1] == "actions" and isinstance(ctx.get("index"), int):
            loc.append(ctx["index"])  # point at the action itself, not at the whole list
        problems.append(Problem(file, _where(loc), message))
    return problems


def _template(e: Any) -> str:
    """The msgid of a custom error (pydantic keeps it next to the formatted text)."""
    # errors() gives only the formatted text, so the schema keeps the msgid in ctx.
    msgid: str = e.get("ctx", {}).get("__msgid__", e["msg"])
    return msgid


def _read_data(text: str, file: str) -> dict[str, Any]:
    """TOML text -> data, or a :class:`LessonLoadError` naming ``file``.

    The nesting is checked before parsing (``tomllib`` recurses once per level),
    and a leading byte-order mark is dropped.
    """
    text = text.removeprefix("\ufeff")
    problem = toml_problem(text)
    if problem is not None:
        raise LessonLoadError([Problem(file, "", Message(N_("not valid TOML: {problem}"),
                                                          {"problem": problem}))])
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as err:
        raise LessonLoadError([Problem(file, "", Message(N_("not valid TOML: {problem}"),
                                                          {"problem": clip(err, 120)}))]) from None
    except MemoryError:  # the scan above bounds what tomllib builds: the last line of defence
        raise LessonLoadError([Problem(file, "", Message(N_("the file is too large to be read.")))]) from None


def _read_text(path: Path) -> str:
    text, problem = read_text_file(path)
    if text is None:
        raise LessonLoadError([Problem(str(path), "", Message(N_("cannot read the file: {problem}"),
                                                              {"problem": problem}))])
    return text


def parse_lesson(text: str, file: str = "<lesson>", *, overlay: str | None = None,
                 overlay_file: str = "<overlay>", locale: str = "en") -> Lesson:
    """Validate lesson TOML text; ``file`` (``NN-slug.toml``) gives the id and number.

    With ``overlay`` (the TOML text of a translation, ``overlay_file`` naming it
    in problems), the Italian lesson is validated first, then the overlay's
    texts are merged in (:mod:`coach.lessons.overlay`) and the result validated
    again: a problem of the Italian names ``file``, one of the translation
    ``overlay_file``.
    """
    data = _read_data(text, file)
    name = Path(file).name
    m = FILE_NAME.match(name)
    if m is None:
        raise LessonLoadError([Problem(file, "", Message(
            N_("the file name must be NN-slug.toml (two digits, a dash, lowercase words), "
               "e.g. 01-mazzo-carte-punti.toml")))])
    stem = name.removesuffix(".toml")
    problems: list[Problem] = []
    if "position" in data:
        problems.append(Problem(file, "position", Message(
            N_("the place in the course comes from the file name (and 'after'): leave it out"))))
        del data["position"]
    for key, value in (("id", stem), ("number", int(m.group("number")))):
        if key in data and data[key] != value:
            problems.append(Problem(file, key, Message(
                N_("'{given}' does not match the file name ('{expected}'): leave it out"),
                {"given": str(data[key]), "expected": str(value)})))
        data[key] = value
    try:
        lesson = Lesson.model_validate(data)
    except ValidationError as err:
        problems.extend(problems_from_validation(file, err))
        raise LessonLoadError(problems) from None
    if problems:
        raise LessonLoadError(problems)
    if overlay is None:
        return lesson
    merged = merge_overlay(data, _read_data(overlay, overlay_file), file=overlay_file, locale=locale)
    try:
        return Lesson.model_validate(merged)
    except ValidationError as err:
        raise LessonLoadError(problems_from_validation(overlay_file, err)) from None


def load_lesson(path: str | Path, *, locale: str = DEFAULT_LOCALE) -> Lesson:
    """Read and validate one lesson file; raises :class:`LessonLoadError` with every problem.

    For another ``locale`` the translation ``<dir>/<locale>/<name>`` is merged in
    when it exists; without one the Italian lesson is returned as it is (the
    course stays whole while translations are written; ``lessons check`` warns).
    """
    path = Path(path)
    text = _read_text(path)
    if locale == DEFAULT_LOCALE:
        return parse_lesson(text, str(path))
    translation = overlay_path(path, locale)
    if not translation.is_file():
        return parse_lesson(text, str(path))
    return parse_lesson(text, str(path), overlay=_read_text(translation), overlay_file=str(translation),
                        locale=locale)


def lesson_paths(directory: str | Path) -> list[Path]:
    """The lesson files of a directory, in course order (their names start with the number)."""
    return sorted(Path(directory).glob("*.toml"))


def course_order(lessons: Sequence[Lesson]) -> list[Lesson]:
    """The lessons in course order, each with its ``position`` (1, 2, ...).

    The order of the file names, except that a lesson with ``after`` comes right
    after that lesson (several after the same one keep their file order; a lesson
    after a lesson that is itself placed ``after`` follows it there). A lesson whose
    ``after`` names no lesson of the course, or that is part of a loop, stays where its
    file name puts it / goes last (the course check reports both).
    """
    ordered = sorted(lessons, key=lambda x: (x.number, x.id))
    ids = {x.id for x in ordered}
    children: dict[str, list[Lesson]] = {}
    roots: list[Lesson] = []
    for lesson in ordered:
        if lesson.after is not None and lesson.after in ids and lesson.after != lesson.id:
            children.setdefault(lesson.after, []).append(lesson)
        else:
            roots.append(lesson)
    out: list[Lesson] = []
    placed: set[str] = set()

    def place(lesson: Lesson) -> None:
        out.append(lesson)
        placed.add(lesson.id)
        for child in children.get(lesson.id, []):
            if child.id not in placed:
                place(child)

    for lesson in roots:
        place(lesson)
    out += [x for x in ordered if x.id not in placed]  # a loop of 'after': last, reported by the check
    return [x.model_copy(update={"position": i}) for i, x in enumerate(out, start=1)]


def load_lessons(directory: str | Path, *, locale: str = DEFAULT_LOCALE) -> list[Lesson]:
    """Every lesson in ``directory``, in course order (:func:`course_order`); raises on the
    first broken file."""
    return course_order([load_lesson(p, locale=locale) for p in lesson_paths(directory)])


@cache
def default_lessons_dir() -> Path:
    """``lessons/`` of the checkout (the package is run from it); resolved once (pages ask at each click)."""
    return Path(__file__).resolve().parent.parent.parent / "lessons"


__all__ = [
    "LessonLoadError",
    "Problem",
    "course_order",
    "default_lessons_dir",
    "lesson_paths",
    "load_lesson",
    "load_lessons",
    "parse_lesson",
    "problems_from_validation",
]
