"""Translated lessons: an overlay of texts merged into the Italian lesson's data.

The Italian file ``lessons/NN-slug.toml`` is the source of everything the
engine checks (hands, options, answers, facts). A translation,
``lessons/<locale>/NN-slug.toml`` (same file name), holds *only* the texts, in
the same structure and order (the format is in ``docs/LESSONS.md``). Merging
puts those strings in place of the Italian ones, so a translated lesson is the
Italian lesson with other words and goes through the same schema and engine
checks; nothing a translator writes can change an answer.

Because the overlay mirrors the Italian file by position, a missing or extra
item would silently pair a text with the wrong hand or question. So the merge
is strict: unknown keys, lists of another length, feedback for an option the
Italian does not comment, a text the Italian does not have, a missing text or
a value that is not a string are each a :class:`~coach.lessons.problems.Problem`
naming the overlay file and the place (``hands[1].decisions[0].feedback."p3 cc"``).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from coach.i18n import DEFAULT_LOCALE, N_, Message
from coach.lessons.problems import LessonLoadError, Problem

__all__ = [
    "OVERLAY_LOCALES",
    "merge_overlay",
    "overlay_path",
    "overlay_problems",
]

# The locales a lesson can be translated into (the UI's other than the source language).
OVERLAY_LOCALES: tuple[str, ...] = ("en",)

# The keys an overlay may hold at each level (docs/LESSONS.md, "Translations").
LESSON_KEYS = ("title", "summary", "sections", "hands", "questions")
SECTION_KEYS = ("title", "text", "charts")
CHART_KEYS = ("title",)
HAND_KEYS = ("title", "intro", "outro", "steps", "decisions")
STEP_KEYS = ("text",)
DECISION_KEYS = ("prompt", "feedback")
QUESTION_KEYS = ("prompt", "choices", "explanation", "unit")

# A number question without ``unit`` shows the schema's default, the Italian
# "fiche"; a translated lesson shows the glossary's word instead.
DEFAULT_UNITS: dict[str, str] = {"en": "chips"}


def overlay_path(lesson: str | Path, locale: str) -> Path:
    """Where the ``locale`` translation of a lesson file lives: ``<dir>/<locale>/<name>``."""
    lesson = Path(lesson)
    return lesson.parent / locale / lesson.name


def _key(name: str) -> str:
    """A table key as the TOML path writes it: bare when it can be, else quoted ("p3 cc")."""
    if name and all(c.isalnum() or c in "_-" for c in name):
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


class _Merge:
    """Walks the Italian data and the overlay side by side, collecting problems."""

    def __init__(self, file: str, locale: str) -> None:
        self.file = file
        self.locale = locale
        self.problems: list[Problem] = []

    def add(self, where: str, msgid: str, **params: object) -> None:
        self.problems.append(Problem(self.file, where, Message(msgid, params)))

    @staticmethod
    def at(where: str, key: str) -> str:
        return f"{where}.{_key(key)}" if where else _key(key)

    def table(self, where: str, value: object) -> Mapping[str, Any] | None:
        if isinstance(value, Mapping):
            return value
        self.add(where, N_("must be a table"))
        return None

    def known(self, where: str, overlay: Mapping[str, Any], allowed: Sequence[str]) -> None:
        for key in overlay:
            if key not in allowed:
                self.add(self.at(where, key),
                         N_("unknown key: a translation holds only the texts ({allowed}); everything else "
                            "comes from the Italian lesson"), allowed=", ".join(allowed))

    def string(self, where: str, value: object) -> str | None:
        if not isinstance(value, str):
            self.add(where, N_("must be text (in quotes)"))
            return None
        if not value.strip():
            self.add(where, N_("must not be empty"))
            return None
        return value

    def text(self, where: str, target: dict[str, Any], overlay: Mapping[str, Any], key: str,
             *, italian_has: bool) -> None:
        """Put ``overlay[key]`` in ``target[key]``: required when the Italian has it, refused otherwise."""
        place = self.at(where, key)
        if key not in overlay:
            if italian_has:
                self.add(place, N_("missing: the Italian lesson has this text, so the translation needs it"))
            return
        if not italian_has:
            self.add(place, N_("the Italian lesson has no text here: leave it out"))
            return
        value = self.string(place, overlay[key])
        if value is not None:
            target[key] = value

    def items(self, where: str, italian: Sequence[Any], overlay: Mapping[str, Any],
              key: str) -> list[tuple[str, dict[str, Any], Mapping[str, Any]]]:
        """Pair the Italian items of list ``key`` with the overlay's; [] after a problem."""
        place = self.at(where, key)
        value = overlay.get(key, [])
        if not isinstance(value, list):
            self.add(place, N_("must be a list [ ... ]"))
            return []
        if len(value) != len(italian):
            self.add(place, N_("{count} in the translation, {expected} in the Italian lesson: one for each, "
                               "in the same order"), count=len(value), expected=len(italian))
            return []
        out = []
        for i, (it, en) in enumerate(zip(italian, value, strict=True)):
            table = self.table(f"{place}[{i}]", en)
            if table is not None:
                out.append((f"{place}[{i}]", it, table))
        return out

    # -- the lesson's levels ---------------------------------------------------------
    def lesson(self, italian: dict[str, Any], overlay: Mapping[str, Any]) -> None:
        self.known("", overlay, LESSON_KEYS)
        for key in ("title", "summary"):
            self.text("", italian, overlay, key, italian_has=True)
        for where, it, en in self.items("", italian.get("sections", []), overlay, "sections"):
            self.known(where, en, SECTION_KEYS)
            for key in ("title", "text"):
                self.text(where, it, en, key, italian_has=True)
            for place, chart, en_chart in self.items(where, it.get("charts", []), en, "charts"):
                self.known(place, en_chart, CHART_KEYS)
                self.text(place, chart, en_chart, "title", italian_has=True)
        for where, it, en in self.items("", italian.get("hands", []), overlay, "hands"):
            self.hand(where, it, en)
        for where, it, en in self.items("", italian.get("questions", []), overlay, "questions"):
            self.question(where, it, en)

    def hand(self, where: str, italian: dict[str, Any], overlay: Mapping[str, Any]) -> None:
        self.known(where, overlay, HAND_KEYS)
        self.text(where, italian, overlay, "title", italian_has=True)
        for key in ("intro", "outro"):
            self.text(where, italian, overlay, key, italian_has=bool(str(italian.get(key, "")).strip()))
        for place, it, en in self.items(where, italian.get("steps", []), overlay, "steps"):
            self.known(place, en, STEP_KEYS)
            self.text(place, it, en, "text", italian_has=True)
        for place, it, en in self.items(where, italian.get("decisions", []), overlay, "decisions"):
            self.decision(place, it, en)

    def decision(self, where: str, italian: dict[str, Any], overlay: Mapping[str, Any]) -> None:
        self.known(where, overlay, DECISION_KEYS)
        self.text(where, italian, overlay, "prompt", italian_has=True)
        source: dict[str, Any] = italian.get("feedback", {})
        place = self.at(where, "feedback")
        given = self.table(place, overlay.get("feedback", {}))
        if given is None:
            return
        for code in given:
            if code not in source:
                self.add(self.at(place, code),
                         N_("the Italian lesson has no feedback for this option (it has: {codes}): "
                            "leave it out"), codes=", ".join(source) or "-")
        for code in source:
            self.text(place, source, given, code, italian_has=True)

    def question(self, where: str, italian: dict[str, Any], overlay: Mapping[str, Any]) -> None:
        self.known(where, overlay, QUESTION_KEYS)
        for key in ("prompt", "explanation"):
            self.text(where, italian, overlay, key, italian_has=True)
        self.text(where, italian, overlay, "unit", italian_has="unit" in italian)
        if "unit" not in italian and italian.get("kind") == "number" and self.locale in DEFAULT_UNITS:
            italian["unit"] = DEFAULT_UNITS[self.locale]
        source: list[Any] = italian.get("choices", [])
        place = self.at(where, "choices")
        if not source:
            if "choices" in overlay:
                self.add(place, N_("the Italian lesson has no text here: leave it out"))
            return
        if "choices" not in overlay:
            self.add(place, N_("missing: the Italian lesson has this text, so the translation needs it"))
            return
        given = overlay["choices"]
        if not isinstance(given, list):
            self.add(place, N_("must be a list [ ... ]"))
            return
        if len(given) != len(source):
            self.add(place, N_("{count} in the translation, {expected} in the Italian lesson: one for each, "
                               "in the same order"), count=len(given), expected=len(source))
            return
        for i, value in enumerate(given):
            text = self.string(f"{place}[{i}]", value)
            if text is not None:
                source[i] = text


def overlay_problems(italian: Mapping[str, Any], overlay: Mapping[str, Any], *, file: str,
                     locale: str = "en") -> tuple[dict[str, Any], list[Problem]]:
    """The Italian lesson data with the overlay's texts in place, and every problem found.

    ``italian`` is the raw TOML data of a valid Italian lesson (it is not
    changed); ``file`` names the overlay in the problems.
    """
    if locale == DEFAULT_LOCALE:
        raise ValueError("the Italian lesson is the source, not a translation")
    merged: dict[str, Any] = copy.deepcopy(dict(italian))
    merge = _Merge(file, locale)
    merge.lesson(merged, overlay)
    return merged, merge.problems


def merge_overlay(italian: Mapping[str, Any], overlay: Mapping[str, Any], *, file: str,
                  locale: str = "en") -> dict[str, Any]:
    """:func:`overlay_problems`, raising :class:`LessonLoadError` with every problem."""
    merged, problems = overlay_problems(italian, overlay, file=file, locale=locale)
    if problems:
        raise LessonLoadError(problems)
    return merged
