"""One exception hierarchy, all ``ValueError``s, each carrying a translatable message.

Callers catch by kind: bad input the user can fix (:class:`InvalidInput`), an
action the rules forbid (:class:`IllegalAction`, with the rule id and the
numbers), a broken lesson file, a broken hand history. ``str(err)`` is English
(logs, tracebacks in tests); ``err.localized(tr)`` is what a learner reads.
"""

from __future__ import annotations

from typing import Any

from coach.i18n import Message, Translator, get_translator


class CoachError(ValueError):
    """Base class: a :class:`Message` plus structured parameters."""

    def __init__(self, msgid: str, /, **params: Any) -> None:
        self.message = Message(msgid, params)
        self.params = params
        # The English text is rendered when asked (logs, tracebacks), not here: the engine builds an
        # IllegalAction for every option it explains (the buttons' «why not»), on every click.
        super().__init__(msgid)

    def __str__(self) -> str:
        return get_translator("en").render(self.message)

    def localized(self, tr: Translator) -> str:
        return tr.render(self.message)


class InvalidInput(CoachError):
    """Text the user or a file gave us that cannot be parsed (card, amount...)."""


class Busy(InvalidInput):
    """A fair-share limit reached (jobs under way per profile or per address, joins per minute):
    nothing is wrong with the input, the user tries again later. Pages show it as a warning,
    not as the database's «progressi non salvati»."""


class IllegalAction(CoachError):
    """An action the rules forbid at this moment.

    ``code`` is a stable reason code (``"below_min_raise"``), ``rule`` the rule
    id from DESIGN.md §5 (``"R09"``); ``params`` hold the numbers in the text.
    """

    def __init__(self, code: str, msgid: str, /, *, rule: str | None = None, **params: Any) -> None:
        self.code = code
        self.rule = rule
        super().__init__(msgid, **params)


class LessonError(CoachError):
    """A lesson file that does not load or does not agree with the engine."""


class HandHistoryError(CoachError):
    """A PHH file that is not valid PHH or describes an illegal hand."""


class StoreError(CoachError):
    """The progress store could not read or write; the learner's session goes on.

    ``kind`` says why, for logs and tests: ``driver`` (not installed), ``unreachable``
    (server gone), ``locked`` (SQLite's write lock held elsewhere past the busy timeout),
    ``read_only``, ``file_replaced`` (the SQLite file was deleted or replaced while the app
    ran), ``too_long`` (a value longer than its column), ``corrupted``, ``schema_newer``
    (a later version of the app made this database), ``schema_older`` (it needs
    ``python -m coach db upgrade``), ``refused``, ``config`` (a bad URL). The message
    is the reason in words: the UI shows it inside «progressi non salvati».
    """

    def __init__(self, msgid: str, /, *, kind: str = "unreachable", **params: Any) -> None:
        self.kind = kind
        super().__init__(msgid, **params)
