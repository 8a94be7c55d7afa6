"""What the store returns: frozen dataclasses, so a page never holds a database row or id it
could write through, and a read can be cached or compared as a value."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from coach.errors import InvalidInput
from coach.i18n import N_
from coach.live import MAX_PUPILS, AnswerRow, class_state, vote_open
from coach.store.checks import utc_now


@dataclass(frozen=True)
class ProfileIdentity:
    """What the store knows of who a profile is (revision 0006): never how to reach it."""

    display_name: str | None  # the name the learner chose to be shown (None: «Ospite»)
    has_transfer_code: bool
    claimed: bool  # a signed identity was issued for it (False: made before 0006, unclaimed)


@dataclass(frozen=True)
class ReviewCard:
    """A review card as stored: the spot (JSON), the last answer and its grade, the schedule."""

    key: str
    source: str
    ref: str
    spot: str
    action: str
    grade: str
    schedule: str
    due: datetime  # naive UTC
    reviews: int
    created_at: datetime
    reviewed_at: datetime | None


@dataclass(frozen=True)
class PracticeHand:
    """One practice hand as stored: the whole hand, the learner's seat and result, the grades."""

    id: int
    played_at: datetime
    phh: str
    hero_seat: int
    result_chips: int
    big_blind: int
    grades: list[dict[str, Any]]


@dataclass(frozen=True)
class CompletedLesson:
    lesson_id: str
    completed_at: datetime


@dataclass(frozen=True)
class TopicAccuracy:
    topic: str
    answered: int
    correct: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0


@dataclass(frozen=True)
class DecisionRecord:
    source: str
    ref: str
    action: str
    grade: str
    ev_loss_bb: float | None
    decided_at: datetime


@dataclass(frozen=True)
class Bookmark:
    lesson_id: str
    hand: int
    step: int


@dataclass(frozen=True)
class LessonAnswer:
    """An answer given inside a lesson: the action code (decisions) or the choice (questions)."""

    answer: str
    correct: bool | None


@dataclass(frozen=True)
class ProgressSummary:
    lessons_completed: int
    quiz_answered: int
    quiz_correct: int
    decisions: int
    bookmark: Bookmark | None


@dataclass(frozen=True)
class LiveClass:
    """A live class (coach/live.py): its join code, its teacher's profile, when it ends.

    ``teacher`` is the profile that created the class (its «your classes» list and a per-teacher
    limit), never a credential: whoever holds ``teacher_secret`` is the teacher. The secret is
    filled only in what :meth:`Store.create_class` returns (the one time it exists in clear);
    every other read leaves it None. It is kept out of ``repr`` (logs) and of ``==``.
    """

    id: int
    code: str
    teacher: str
    title: str
    created_at: datetime
    expires_at: datetime
    closed_at: datetime | None
    joins_closed: bool = False  # «Chiudi le iscrizioni» (revision 0006)
    max_pupils: int = MAX_PUPILS  # the class size its teacher set (revision 0012)
    teacher_secret: str | None = field(default=None, repr=False, compare=False)

    def state(self, now: datetime | None = None) -> str:
        """``open``, ``closed`` or ``expired``."""
        return class_state(self.closed_at, self.expires_at, utc_now() if now is None else now)


@dataclass(frozen=True)
class LivePupil:
    id: int
    class_id: int
    name: str
    token: str
    profile: str | None


@dataclass(frozen=True)
class LiveQuestion:
    id: int
    class_id: int
    number: int
    spot: str
    opened_at: datetime
    closes_at: datetime | None
    closed_at: datetime | None
    hand: str | None = None  # the PHH text of a pasted hand (spot ``phh:...``)

    def is_open(self, now: datetime | None = None) -> bool:
        return vote_open(self.closed_at, self.closes_at, utc_now() if now is None else now)


@dataclass(frozen=True)
class ClassSnapshot:
    """What the projector and the phones poll: the class, its latest question and the counts."""

    live_class: LiveClass
    question: LiveQuestion | None
    pupils: int
    answered: int  # answers to ``question``
    now: datetime


@dataclass(frozen=True)
class JoinResult:
    """``joined``, ``rejoined`` (the same phone again), ``duplicate`` (the name is taken),
    ``closed``, ``expired``, ``unknown`` (no such code) or ``full``; ``joins_closed`` (the teacher
    closed the joins), ``blocked`` (the teacher removed this name, or this token, from the class),
    ``throttled`` (too many joins from this connection or address: ``wait_s`` says how long to wait)."""

    status: str
    pupil: LivePupil | None = None
    live_class: LiveClass | None = None
    wait_s: int = 0


@dataclass(frozen=True)
class PurgeCounts:
    """What a purge deleted (or, in a dry run, would delete)."""

    classes: int = 0
    pupils: int = 0
    questions: int = 0
    answers: int = 0


class ClassLimit(InvalidInput):
    """A teacher already has :data:`MAX_OPEN_CLASSES` open classes: ``open_classes`` are the ones
    to end first (the message names them)."""

    def __init__(self, open_classes: Sequence[LiveClass]) -> None:
        codes = ", ".join((c.title + " " if c.title else "") + c.code for c in open_classes)
        super().__init__(N_("You already have {n} open classes ({codes}): end one of them before creating "
                            "another."), n=len(open_classes), codes=codes)
        self.open_classes = list(open_classes)


@dataclass(frozen=True)
class ClassResults:
    questions: list[LiveQuestion]
    pupils: list[str]  # in the order they joined
    rows: list[AnswerRow]


@dataclass(frozen=True)
class UserHand:
    """A hand of «Le mie mani» (revision 0008): its title, the PHH text, where it came from."""

    id: int
    title: str
    phh: str
    source: str  # "builder" («Crea una mano») or "import"
    created_at: datetime
    room: str | None = None  # revision 0011: a room's hand's «venue» (None for a built hand)
    players: str = ""  # the players' names, «, »-joined
    hero_decisions: int | None = None  # the hero's actions in the hand; None: hero unknown


@dataclass(frozen=True)
class HandPage:
    """One page of «Le mie mani» as searched: its hands, how many match, how many the profile has."""

    hands: tuple[UserHand, ...]
    found: int
    total: int
