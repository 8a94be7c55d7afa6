"""What is wrong with a lesson file, as the author reads it.

:class:`Problem` (file, place in the file, translatable message) and
:class:`LessonLoadError` (every problem found) are shared by the loader, the
translation overlay and the validator; they live here, below all three, so the
loader can merge an overlay without the two modules importing each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from coach.errors import LessonError
from coach.i18n import N_, Message, Translator, get_translator


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a lesson: file, place in the file, and the message."""

    file: str
    where: str
    message: Message

    def render(self, tr: Translator | None = None) -> str:
        tr = tr or get_translator("it")
        text = tr.render(self.message)
        return f"{self.file}: {self.where}: {text}" if self.where else f"{self.file}: {text}"

    def __str__(self) -> str:
        return self.render(get_translator("en"))


class LessonLoadError(LessonError):
    """A lesson file that does not load; ``problems`` lists every problem found."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: list[Problem] = list(problems)
        first = self.problems[0]
        super().__init__(N_("{file}: {where}: {problem}"), file=first.file, where=first.where or "-",
                         problem=first.message)
