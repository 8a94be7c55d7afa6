"""The learner's progress, stored per profile in a real database (SQLAlchemy 2 Core).

Streamlit forgets a session on a browser refresh, and on a class server a
learner's next click may reach another app process, so everything a learner
earns (completed lessons, quiz answers by topic, graded decisions, the answers
given inside a lesson, where they left off, their settings) is written here as
soon as it happens. By default the database is SQLite in the user's data
folder, so progress survives a restart with nothing to configure; a class
server points ``COACH_DATABASE_URL`` (or the Streamlit secret
``database_url``, read by ``coach.ui``) at PostgreSQL (``pip install -e
".[postgres]"``, docs/DEPLOY.md), and every pupil's profile lives there.

What this module guarantees, because a class of 30 clicks at the same moment:

* **No lost or failed write under concurrency.** A profile is created by its
  first write with ``INSERT ... ON CONFLICT DO NOTHING`` (SQLite and
  PostgreSQL dialect inserts; other databases: a savepoint and a retry on
  ``IntegrityError``); «lesson completed» is the same idempotent insert, so
  eight processes marking it at once get one ``True`` and seven ``False``.
  SQLite write transactions start with ``BEGIN IMMEDIATE`` and wait (busy
  timeout) instead of failing when another process holds the lock.
* **Reads never write**: asking about an unknown profile returns empty
  progress and creates nothing, so a read-only database still serves reads.
* **Every argument is checked** before any SQL, with :class:`InvalidInput`
  naming the field and the limit (a 61-character name is refused, never cut
  into somebody else's profile; a NaN EV is refused, not stored as NULL).
* **Every database failure is one typed error**, :class:`StoreError` (driver
  missing, server gone, read-only, damaged file, schema too new or too old),
  whose message the UI shows as «progressi non salvati» while the learner
  goes on.
* **The schema is versioned with Alembic** (``coach/migrations``): the first
  use checks the version; an empty database is created, an older one is
  upgraded (SQLite by default; on a server with ``COACH_DB_AUTO_UPGRADE=1`` or
  ``python -m coach db upgrade``), a newer one is refused.

This module never imports streamlit: the UI caches one :class:`Store` per URL
with ``st.cache_resource`` (the engine's pool is thread-safe and the store is
never mutated after its schema check); tests create their own.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import os
import secrets
import sqlite3
import sys
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path
from typing import Any, Final

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    and_,
    case,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DataError, IntegrityError, SQLAlchemyError

from coach.classroom import (
    CLASS_OPEN,
    CODE_LENGTH,
    MAX_CLASS_TITLE,
    MAX_NAME_KEY,
    MAX_OPEN_CLASSES,
    MAX_PUPIL_NAME,
    MAX_PUPILS,
    MAX_PURGE_DAYS,
    MAX_SECONDS,
    MAX_SPOT,
    MAX_TOKEN,
    PURGE_DAYS_DEFAULT,
    SPOT_HAND,
    SWEEP_EVERY_S,
    AnswerRow,
    Bucket,
    SpotRef,
    class_state,
    clean_pupil_name,
    clean_title,
    expiry,
    hand_digest,
    name_key,
    new_join_code,
    normalise_code,
    purge_days,
    vote_open,
)
from coach.errors import InvalidInput, StoreError
from coach.i18n import N_

APP_DIR_NAME = "coach-holdem"
ENV_URL = "COACH_DATABASE_URL"
ENV_AUTO_UPGRADE = "COACH_DB_AUTO_UPGRADE"

# -- limits (every one is checked before any SQL; the columns are sized to match) ---------
MAX_NAME: Final[int] = 60  # a profile name or guest code
MAX_LESSON_ID: Final[int] = 120
MAX_TOPIC: Final[int] = 120
MAX_QUESTION_ID: Final[int] = 200
MAX_REF: Final[int] = 200
MAX_KEY: Final[int] = 200  # a lesson answer's key: "lesson/hand/at" or "lesson/question"
MAX_ACTION: Final[int] = 60
MAX_GRADE: Final[int] = 40
MAX_SOURCE: Final[int] = 40
MAX_PREFERENCES: Final[int] = 4000  # characters of the preferences as JSON
MAX_POSITION: Final[int] = 10_000  # a hand index or step in a bookmark
MAX_EV_BB: Final[float] = 1e6  # an EV loss in big blinds (the largest real one is a few hundred)
MAX_ROWS: Final[int] = 10_000  # rows one read returns (the newest, for decisions)
MAX_CARD_SPOT: Final[int] = 64_000  # a review card's spot as JSON (a hand history up to a decision)
MAX_SCHEDULE: Final[int] = 2_000  # a review card's scheduling state (the fsrs library's JSON)
MAX_HAND_TEXT: Final[int] = 64_000  # a practice hand's PHH text
MAX_GRADES_JSON: Final[int] = 16_000  # a practice hand's graded decisions as JSON
MAX_CHIPS: Final[int] = 10**12  # a practice hand's result or big blind, in chips
MAX_PRACTICE_HANDS: Final[int] = 500  # practice hands kept per profile (the newest)
# A class's teacher secret: 24 random bytes (192 bits) as URL-safe text (32 characters), made by
# create_class and shown once; the store keeps only its SHA-256. A secret given back is checked
# against this bound before anything else (a longer one cannot be ours).
TEACHER_SECRET_BYTES: Final[int] = 24
MAX_TEACHER_SECRET: Final[int] = 128
MAX_TEACHER_CLASSES: Final[int] = 50  # secrets one browser may ask about at once («your classes»)
MAX_BUCKET: Final[int] = 200  # a rate limit's bucket name ("transfer:ip:2001:db8::1")
# Connections one app process may hold: a Streamlit process runs one script at a time per
# session thread, and a class server has one process per core (docs/DEPLOY.md).
POOL_SIZE: Final[int] = 5
POOL_OVERFLOW: Final[int] = 10
POOL_TIMEOUT_S: Final[int] = 10
CONNECT_TIMEOUT_S: Final[int] = 5
# How long one SQLite transaction waits for another process's write lock before it gives up with
# «il database è occupato». Our writes hold the lock for milliseconds (eight processes racing in
# tests/store_stress.py queue well inside it), so a longer wait only ever meant a lock held by
# something else (a backup, a DB browser left in a transaction): 30 s there froze a click and then
# said «non raggiungibile». Now the learner reads «occupato» after 2.5 s and the class's next poll
# is the retry. The first schema check of a process waits longer (SCHEMA_BUSY_TIMEOUT_S): it may
# queue behind the other processes' migrations at start-up.
SQLITE_BUSY_TIMEOUT_S: Final[float] = 2.5
SCHEMA_BUSY_TIMEOUT_S: Final[float] = 30.0

# What the UI catches around a store call. Every failure of the store itself is a
# StoreError; the others stay for code that talks to an engine directly.
DB_ERRORS: tuple[type[Exception], ...] = (StoreError, SQLAlchemyError, OSError)


def _now() -> datetime:
    """Timestamps are stored as naive UTC (SQLite has no time zones)."""
    return datetime.now(UTC).replace(tzinfo=None)


def user_data_dir(env: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    """The platform's per-user data folder for the app.

    Linux and other Unixes follow XDG (``$XDG_DATA_HOME`` or ``~/.local/share``),
    macOS uses ``~/Library/Application Support``, Windows ``%APPDATA%``.
    """
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    home = Path(env.get("HOME") or Path.home())
    if platform.startswith("win"):
        base = Path(env.get("APPDATA") or home / "AppData" / "Roaming")
    elif platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(env.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / APP_DIR_NAME


def default_database_url(env: Mapping[str, str] | None = None) -> str:
    """``COACH_DATABASE_URL`` when set, else SQLite in :func:`user_data_dir`."""
    env = os.environ if env is None else env
    url = env.get(ENV_URL, "").strip()
    if url:
        return url
    return f"sqlite:///{user_data_dir(env) / 'coach.db'}"


def normalise_url(url: str) -> str:
    """A bare ``postgresql://`` URL means psycopg 3, the driver of the ``postgres`` extra.

    SQLAlchemy reads a bare ``postgresql://`` as psycopg2, which we neither ship
    nor test; an explicit ``+driver`` is left alone.
    """
    try:
        parsed = make_url(url)
    except Exception as err:  # ArgumentError, ValueError: not a URL at all
        raise StoreError(N_("the database address is not a valid URL ({problem})"),
                         kind="config", problem=str(err)[:120]) from err
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)


# -- the schema (the head revision of coach/migrations; a change here needs a revision) ----
# The tables of revision 0001 keep the constraint names each database chose when today's
# code created them (that is what every existing database has); later revisions name
# their new constraints and indexes explicitly (docs/DEVELOPING.md, "Changing the schema").
metadata = MetaData()

profiles = Table(
    "profiles", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(MAX_NAME), nullable=False, unique=True),
    Column("created_at", DateTime, nullable=False, default=_now),
    Column("preferences", Text, nullable=False, default="{}"),
    # "Riprendi da dove eri": the last lesson position the learner saw.
    Column("last_lesson", String(MAX_LESSON_ID), nullable=True),
    Column("last_hand", Integer, nullable=True),
    Column("last_step", Integer, nullable=True),
    # Revision 0006 (docs/SECURITY.md): the name the learner chose (no longer the profile's key),
    # the SHA-256 of its secret transfer code, and when a signed identity was first issued for it
    # (NULL: a profile made before signed identities, which its old browser may claim once).
    Column("display_name", String(MAX_NAME), nullable=True),
    Column("transfer_hash", String(64), nullable=True),
    Column("claimed_at", DateTime, nullable=True),
    Index("uq_profiles_transfer_hash", "transfer_hash", unique=True),
)
completed_lessons = Table(
    "completed_lessons", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id"), nullable=False, index=True),
    Column("lesson_id", String(MAX_LESSON_ID), nullable=False),
    Column("completed_at", DateTime, nullable=False),
    UniqueConstraint("profile_id", "lesson_id"),
)
quiz_answers = Table(
    "quiz_answers", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id"), nullable=False, index=True),
    Column("topic", String(MAX_TOPIC), nullable=False),
    Column("question_id", String(MAX_QUESTION_ID), nullable=False),
    Column("correct", Boolean, nullable=False),
    Column("answered_at", DateTime, nullable=False),
)
decision_grades = Table(
    "decision_grades", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id"), nullable=False, index=True),
    Column("source", String(MAX_SOURCE), nullable=False),  # "lesson", "practice", "replayer"
    Column("ref", String(MAX_REF), nullable=False, default=""),  # lesson decision key, hand number...
    Column("action", String(MAX_ACTION), nullable=False, default=""),  # the code the learner chose
    Column("grade", String(MAX_GRADE), nullable=False),
    Column("ev_loss_bb", Float, nullable=True),
    Column("decided_at", DateTime, nullable=False),
    Index("ix_decision_grades_profile_time", "profile_id", "decided_at"),  # revision 0002
)
# Revision 0002: the answers given inside a lesson (decision points and questions), one
# row per key, so a learner whose app process changed (a refresh, a restarted process
# behind the proxy) finds the lesson as they left it.
lesson_answers = Table(
    "lesson_answers", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id"), nullable=False),
    Column("answer_key", String(MAX_KEY), nullable=False),
    Column("answer", String(MAX_ACTION), nullable=False),  # the action code, or the answer given
    Column("correct", Boolean, nullable=True),  # questions only
    Column("answered_at", DateTime, nullable=False),
    UniqueConstraint("profile_id", "answer_key", name="uq_lesson_answers_profile_key"),
)
# Revision 0003: the learning loop. A decision graded «imprecisa» or worse becomes a review
# card: the spot itself (hand history up to the decision, with the ranges and profiles the
# coach assumed, as JSON) and its scheduling state (the fsrs library's own JSON), one row
# per card key so the same mistake made twice is one card. Practice hands are kept whole
# (PHH text) with their result and grades, to list, reopen in the Replayer and download.
review_cards = Table(
    "review_cards", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id"), nullable=False),
    Column("card_key", String(MAX_KEY), nullable=False),  # "lesson:01-.../2/5", "practice:<hash>"
    Column("source", String(MAX_SOURCE), nullable=False),
    Column("ref", String(MAX_REF), nullable=False),
    Column("spot", Text, nullable=False),  # coach.review.ReviewSpot as JSON
    Column("action", String(MAX_ACTION), nullable=False),  # the learner's answer the last time
    Column("grade", String(MAX_GRADE), nullable=False),  # its grade
    Column("schedule", Text, nullable=False),  # the fsrs Card as the library's JSON
    Column("due", DateTime, nullable=False),
    Column("reviews", Integer, nullable=False, default=0),
    Column("created_at", DateTime, nullable=False),
    Column("reviewed_at", DateTime, nullable=True),
    UniqueConstraint("profile_id", "card_key", name="uq_review_cards_profile_key"),
    Index("ix_review_cards_profile_due", "profile_id", "due"),
)
practice_hands = Table(
    "practice_hands", metadata,
    Column("id", Integer, primary_key=True),
    Column("profile_id", Integer, ForeignKey("profiles.id"), nullable=False),
    Column("played_at", DateTime, nullable=False),
    Column("phh", Text, nullable=False),  # the whole hand, with the players' names
    Column("hero_seat", Integer, nullable=False),  # 0-based
    Column("result_chips", Integer, nullable=False),  # the hero's net result
    Column("big_blind", Integer, nullable=False),
    Column("grades", Text, nullable=False, default="[]"),  # [{action, grade, ev_loss_bb, at}] as JSON
    Index("ix_practice_hands_profile_time", "profile_id", "played_at"),
)


# Revision 0004: the live classroom (coach/classroom.py). A class has a short join code and
# an expiry; its pupils have a display name unique in the class (compared without case) and
# a secret token their phone keeps in its URL; a question is a lesson's decision point the
# teacher opened as a vote; an answer is one pupil's choice, once per question (the unique
# key makes a repeated or raced answer count once), with the coach's grade.
live_classes = Table(
    "live_classes", metadata,
    Column("id", Integer, primary_key=True),
    Column("code", String(CODE_LENGTH), nullable=False),
    Column("teacher", String(MAX_NAME), nullable=False),  # the teacher's profile
    Column("title", String(MAX_CLASS_TITLE), nullable=False, default=""),
    Column("created_at", DateTime, nullable=False),
    Column("expires_at", DateTime, nullable=False),
    Column("closed_at", DateTime, nullable=True),
    # Revision 0006: the SHA-256 of the class's teacher secret (every teacher action checks it),
    # and «Chiudi le iscrizioni».
    Column("teacher_key", String(64), nullable=True),
    Column("joins_closed", Boolean, nullable=False, default=False, server_default=false()),
    UniqueConstraint("code", name="uq_live_classes_code"),
    Index("ix_live_classes_teacher", "teacher", "created_at"),
    Index("ix_live_classes_expires", "expires_at"),
)
live_pupils = Table(
    "live_pupils", metadata,
    Column("id", Integer, primary_key=True),
    Column("class_id", Integer, ForeignKey("live_classes.id"), nullable=False),
    Column("name", String(MAX_PUPIL_NAME), nullable=False),
    Column("name_key", String(MAX_NAME_KEY), nullable=False),  # casefolded skeleton, hashed when longer
    Column("token", String(MAX_TOKEN), nullable=False),
    Column("profile", String(MAX_NAME), nullable=True),  # the pupil's own progress profile
    Column("joined_at", DateTime, nullable=False),
    # Revision 0006: a removed pupil's row stays (answers deleted) so the name stays blocked.
    Column("removed_at", DateTime, nullable=True),
    UniqueConstraint("class_id", "name_key", name="uq_live_pupils_class_name"),
    UniqueConstraint("token", name="uq_live_pupils_token"),
)
live_questions = Table(
    "live_questions", metadata,
    Column("id", Integer, primary_key=True),
    Column("class_id", Integer, ForeignKey("live_classes.id"), nullable=False),
    Column("number", Integer, nullable=False),  # 1, 2, ... in the class
    Column("spot", String(MAX_SPOT), nullable=False),  # coach.classroom.SpotRef.key()
    Column("opened_at", DateTime, nullable=False),
    Column("closes_at", DateTime, nullable=True),  # the countdown's end, if the teacher set one
    Column("closed_at", DateTime, nullable=True),
    # Revision 0005: the hand history of a ``phh:`` spot (a hand the teacher pasted), so every
    # app process can show and grade it; NULL for a lesson's decision point or question.
    Column("hand", Text, nullable=True),
    UniqueConstraint("class_id", "number", name="uq_live_questions_class_number"),
)
live_answers = Table(
    "live_answers", metadata,
    Column("id", Integer, primary_key=True),
    Column("question_id", Integer, ForeignKey("live_questions.id"), nullable=False),
    Column("pupil_id", Integer, ForeignKey("live_pupils.id"), nullable=False),
    Column("answer", String(MAX_ACTION), nullable=False),  # the PHH code, "p3 cbr 6"
    Column("grade", String(MAX_GRADE), nullable=True),
    Column("ev_loss_bb", Float, nullable=True),
    Column("answered_at", DateTime, nullable=False),
    UniqueConstraint("question_id", "pupil_id", name="uq_live_answers_question_pupil"),
)

# Revision 0006: token buckets shared by every app process (joins per connection and per client
# address, transfer-code attempts): ``bucket`` names what is limited, ``tokens`` what is left.
rate_limits = Table(
    "rate_limits", metadata,
    Column("id", Integer, primary_key=True),
    Column("bucket", String(200), nullable=False),
    Column("tokens", Float, nullable=False),
    Column("updated_at", DateTime, nullable=False),
    UniqueConstraint("bucket", name="uq_rate_limits_bucket"),
)


# -- results ---------------------------------------------------------------------------------
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
    """A live class (coach/classroom.py): its join code, its teacher's profile, when it ends.

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
    teacher_secret: str | None = field(default=None, repr=False, compare=False)

    def state(self, now: datetime | None = None) -> str:
        """``open``, ``closed`` or ``expired``."""
        return class_state(self.closed_at, self.expires_at, _now() if now is None else now)


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
        return vote_open(self.closed_at, self.closes_at, _now() if now is None else now)


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


# -- argument checks ---------------------------------------------------------------------------
def _text(value: object, field: str, limit: int, *, allow_empty: bool = False, lines: bool = False) -> str:
    """A text argument as given: typed, bounded, printable; never cut to fit.

    ``lines``: a document (a hand history), where line breaks and tabs belong.
    """
    if not isinstance(value, str):
        raise InvalidInput(N_("The store's «{field}» must be text, not {kind}."), field=field,
                           kind=type(value).__name__)
    if not value and not allow_empty:
        raise InvalidInput(N_("The store's «{field}» is empty."), field=field)
    if len(value) > limit:
        raise InvalidInput(N_("The store's «{field}» has {length} characters; at most {limit} are allowed."),
                           field=field, length=str(len(value)), limit=str(limit))
    allowed = "\n\r\t" if lines else ""
    if any((ord(c) < 32 or ord(c) == 127) and c not in allowed for c in value):
        raise InvalidInput(N_("The store's «{field}» contains a control character."), field=field)
    return value


def _whole(value: object, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(N_("The store's «{field}» must be a whole number, not {value}."), field=field,
                           value=repr(value)[:40])
    if not low <= value <= high:
        raise InvalidInput(N_("The store's «{field}» must be between {low} and {high}, not {value}."),
                           field=field, low=str(low), high=str(high), value=str(value)[:40])
    return value


def _flag(value: object, field: str) -> bool:
    """True or False (NumPy's bool too), never a truthy string or number."""
    if isinstance(value, bool):
        return value
    if type(value).__module__ == "numpy" and type(value).__name__ in ("bool", "bool_"):  # numpy not imported
        return bool(value)
    raise InvalidInput(N_("The store's «{field}» must be true or false, not {value}."), field=field,
                       value=repr(value)[:40])


def _ev(value: object) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidInput(N_("The store's «{field}» must be a number of big blinds, not {value}."),
                           field="ev_loss_bb", value=repr(value)[:40])
    number = float(value)
    if not math.isfinite(number) or abs(number) > MAX_EV_BB:
        raise InvalidInput(N_("The store's «{field}» must be a finite number of big blinds up to "
                              "{limit}, not {value}."), field="ev_loss_bb", limit=str(int(MAX_EV_BB)),
                           value=repr(value)[:40])
    return number


def _when(value: object) -> datetime:
    if value is None:
        return _now()
    if not isinstance(value, datetime):
        raise InvalidInput(N_("The store's «{field}» must be a date and time, not {value}."), field="at",
                           value=repr(value)[:40])
    if value.tzinfo is not None:
        value = value.astimezone(UTC).replace(tzinfo=None)
    return value


def teacher_key(secret: str) -> str:
    """What the store keeps of a teacher secret: its SHA-256, hex (``live_classes.teacher_key``).

    A plain hash is enough: the secret is 192 random bits, so there is nothing to guess from
    the hash, and a stolen database does not give anyone a class's secret.
    """
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def _secret_arg(value: object) -> str | None:
    """A teacher secret given back by a caller, or None when it cannot be one (wrong type, empty,
    too long, not URL-safe text): such a value owns nothing, and is never an error."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_TEACHER_SECRET:
        return None
    if not all(c.isascii() and (c.isalnum() or c in "-_") for c in value):
        return None
    return value


def clean_profile_name(name: object) -> str:
    """A profile name as the learner typed it, spaces tidied; never empty, never cut.

    A name longer than :data:`MAX_NAME` is refused (:class:`InvalidInput`):
    cutting it would silently merge two different long names into one profile.
    """
    if not isinstance(name, str):
        raise InvalidInput(N_("The store's «{field}» must be text, not {kind}."), field="profile",
                           kind=type(name).__name__)
    cleaned = " ".join(name.split())
    if len(cleaned) > MAX_NAME:
        raise InvalidInput(N_("A profile name has at most {limit} characters (this one has {length})."),
                           limit=str(MAX_NAME), length=str(len(cleaned)))
    if any(ord(c) < 32 or ord(c) == 127 for c in cleaned):
        raise InvalidInput(N_("The store's «{field}» contains a control character."), field="profile")
    return cleaned or "Ospite"


def clean_display_name(name: object) -> str | None:
    """The name a learner chose to be shown, spaces tidied; None when blank; never cut.

    Unlike a profile key it may be shared by any number of learners: it finds nothing.
    """
    if not isinstance(name, str):
        raise InvalidInput(N_("The store's «{field}» must be text, not {kind}."), field="display_name",
                           kind=type(name).__name__)
    cleaned = " ".join(name.split())
    if len(cleaned) > MAX_NAME:
        raise InvalidInput(N_("A name has at most {limit} characters (this one has {length})."),
                           limit=str(MAX_NAME), length=str(len(cleaned)))
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in cleaned):
        raise InvalidInput(N_("The store's «{field}» contains a control character."), field="display_name")
    return cleaned or None


def _digest(value: object) -> str:
    if not isinstance(value, str) or len(value) != 64 or any(c not in "0123456789abcdef" for c in value):
        raise InvalidInput(N_("The store's «{field}» must be a SHA-256 in hexadecimal."),
                           field="transfer_hash")
    return value


# -- failures ---------------------------------------------------------------------------------------
def store_error(err: BaseException) -> StoreError:
    """One typed error, with the learner-readable reason, for whatever the database raised.

    The kinds a learner must tell apart each get their own words: ``read_only`` (a read-only
    file, mount or server), ``locked`` (another connection holds SQLite's write lock past the
    busy timeout, or a PostgreSQL lock timeout), ``too_long`` (PostgreSQL refused a value longer
    than its column: SQLite never does), ``corrupted``; only what is left is ``unreachable``.
    """
    if isinstance(err, StoreError):
        return err
    orig = getattr(err, "orig", None)
    text = str(orig or err).lower()
    if isinstance(err, ImportError) or "no module named" in text or "can't load plugin" in text:
        return StoreError(N_("the database driver is not installed (pip install -e \".[postgres]\")"),
                          kind="driver")
    if "readonly" in text or "read-only" in text or "read only" in text or isinstance(err, PermissionError):
        return StoreError(N_("the database is read-only: it can be read but nothing new is saved"),
                          kind="read_only")
    if ("database is locked" in text or "database table is locked" in text or "database is busy" in text
            or "lock timeout" in text or "could not obtain lock" in text):
        return StoreError(N_("the database is busy (another program is holding it): try again in a moment"),
                          kind="locked")
    if ("value too long" in text or type(orig).__name__ == "StringDataRightTruncation"
            or (isinstance(err, DataError) and "too long" in text)):
        return StoreError(N_("a value is too long for the database"), kind="too_long")
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return StoreError(N_("the database file is damaged"), kind="corrupted")
    if isinstance(err, IntegrityError):
        return StoreError(N_("the database refused the change"), kind="refused")
    return StoreError(N_("the database is not reachable"), kind="unreachable")


def file_replaced_error() -> StoreError:
    """The SQLite file this process opened was deleted or replaced while it ran (see ``Store._tx``)."""
    return StoreError(N_("the database file was deleted or replaced while the app was running: nothing "
                         "is saved until the app is restarted"), kind="file_replaced")


# -- the engine -----------------------------------------------------------------------------------
def _sqlite_path(url: str) -> Path | None:
    parsed = make_url(url)
    db = parsed.database or ""
    if not parsed.drivername.startswith("sqlite") or db in ("", ":memory:") or db.startswith("file:"):
        return None
    return Path(db).expanduser()


def _on_sqlite_connect(dbapi_conn: Any, _record: Any) -> None:
    """Our own transactions (see :func:`_on_sqlite_begin`), WAL, foreign keys.

    WAL lets readers go on while one process writes; ``synchronous=NORMAL`` in
    WAL keeps every committed transaction through a crash or a SIGKILL of the
    app (only a power cut may lose the last ones, never corrupt the file).
    """
    dbapi_conn.isolation_level = None  # the driver must not open transactions behind our back
    cursor = dbapi_conn.cursor()
    try:
        for pragma in ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL"):
            try:
                cursor.execute(pragma)
            except sqlite3.DatabaseError:  # a read-only or damaged file: reads may still work
                pass
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()


def _busy_timeout(conn: Connection, seconds: float) -> None:
    """SQLite's busy timeout on this pooled connection, set on the driver's connection (outside any
    transaction: a statement through SQLAlchemy would begin one)."""
    raw: Any = conn.connection.dbapi_connection
    raw.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")


def _on_sqlite_begin(conn: Connection) -> None:
    """``BEGIN IMMEDIATE`` for a write: the lock is taken (or waited for) up front.

    With a plain deferred ``BEGIN`` two processes that both read first and then
    write fail one of them at once with "database is locked" (SQLite cannot
    wait there without a deadlock); taking the write lock first makes the
    second wait for the busy timeout instead.
    """
    mode = conn.get_execution_options().get("coach_begin", "DEFERRED")
    conn.exec_driver_sql(f"BEGIN {'IMMEDIATE' if mode == 'IMMEDIATE' else 'DEFERRED'}")


def make_engine(url: str) -> Engine:
    """An engine with explicit limits, a ping before each checkout, and SQLite's transactions fixed."""
    if url.startswith("sqlite"):
        path = _sqlite_path(url)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        # Streamlit runs each session's script in its own thread.
        args = {"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT_S}
        engine = create_engine(url, connect_args=args, pool_pre_ping=True, pool_size=POOL_SIZE,
                               max_overflow=POOL_OVERFLOW, pool_timeout=POOL_TIMEOUT_S)
        event.listen(engine, "connect", _on_sqlite_connect)
        event.listen(engine, "begin", _on_sqlite_begin)
        return engine
    connect_args: dict[str, Any] = {}
    if url.startswith("postgresql"):
        connect_args["connect_timeout"] = CONNECT_TIMEOUT_S
        connect_args["application_name"] = "coach-holdem"
    return create_engine(url, connect_args=connect_args, pool_pre_ping=True, pool_size=POOL_SIZE,
                         max_overflow=POOL_OVERFLOW, pool_timeout=POOL_TIMEOUT_S, pool_recycle=3600)


def auto_upgrade_default(url: str, env: Mapping[str, str] | None = None) -> bool:
    """Upgrade an older schema by itself? SQLite yes (one user's file); a server only if told.

    On a class server the teacher upgrades once with ``python -m coach db upgrade``
    (after a backup), or sets ``COACH_DB_AUTO_UPGRADE=1``.
    """
    env = os.environ if env is None else env
    flag = env.get(ENV_AUTO_UPGRADE, "").strip().lower()
    if flag in ("1", "true", "yes", "on"):
        return True
    if flag in ("0", "false", "no", "off"):
        return False
    return url.startswith("sqlite")


class Store:
    """Progress store over one SQLAlchemy engine; every method is one transaction.

    Profiles are addressed by name (what the learner typed in Impostazioni, or
    the browser's guest code) and created by their first write, so pages never
    handle database ids. Every method raises :class:`InvalidInput` for a bad
    argument and :class:`StoreError` for a database that fails, nothing else.
    """

    def __init__(self, url: str | None = None, *, engine: Engine | None = None,
                 auto_upgrade: bool | None = None) -> None:
        try:
            self.url = normalise_url(url or default_database_url())
            self.engine = engine if engine is not None else make_engine(self.url)
        except Exception as err:  # a missing driver, a bad URL, a data folder we cannot create
            raise store_error(err) from err
        self.dialect = self.engine.dialect.name
        self.auto_upgrade = auto_upgrade_default(self.url) if auto_upgrade is None else auto_upgrade
        self._ready = False
        self._ready_lock = threading.Lock()
        self._sweep_lock = threading.Lock()  # sweep_classes: at most once an hour per store
        self._swept_at: datetime | None = None
        # The SQLite file's identity (device, inode) once the schema check opened it: a file deleted
        # or replaced under a running app is refused rather than written into a deleted inode.
        self._path = _sqlite_path(self.url) if self.dialect == "sqlite" else None
        self._file_id: tuple[int, int] | None = None

    # -- transactions and the schema check ---------------------------------------------------
    @contextmanager
    def _tx(self, *, write: bool) -> Iterator[Connection]:
        """One transaction; the schema is checked on first use; failures become StoreError."""
        try:
            self.ensure_schema()
            self._check_file()
            with self.engine.connect() as conn:
                if self.dialect == "sqlite":
                    conn.execution_options(coach_begin="IMMEDIATE" if write else "DEFERRED")
                with conn.begin():
                    yield conn
        except (InvalidInput, StoreError):
            raise
        except Exception as err:
            raise store_error(err) from err

    def _check_file(self) -> None:
        """The SQLite file is still the one this store opened (checked before every transaction).

        A deleted file lives on in the connections that hold it open: writes «succeed» into an
        inode nobody will read again, and a new connection would create an empty file. Both
        vanish silently, so both are refused with their own message (one ``stat`` per transaction).
        """
        if self._path is None or self._file_id is None:
            return
        try:
            st = os.stat(self._path)
        except FileNotFoundError as err:
            raise file_replaced_error() from err
        if (st.st_dev, st.st_ino) != self._file_id:
            raise file_replaced_error()

    def _remember_file(self) -> None:
        if self._path is not None:
            try:
                st = os.stat(self._path)
            except OSError:
                return
            self._file_id = (st.st_dev, st.st_ino)

    def ensure_schema(self) -> str:
        """Check (once per store) that the database has this version's schema; create or upgrade it.

        Returns the revision. Several app processes may start at once: SQLite
        serialises them with ``BEGIN IMMEDIATE``, PostgreSQL with an advisory
        lock, so the schema is created or upgraded exactly once.
        """
        if self._ready:
            return self.head
        with self._ready_lock:
            if self._ready:
                return self.head
            try:
                from coach.store import migrations

                with self.engine.connect() as conn:
                    if self.dialect == "sqlite":
                        conn.execution_options(coach_begin="IMMEDIATE")
                        # Processes starting together queue here behind each other's migrations.
                        _busy_timeout(conn, SCHEMA_BUSY_TIMEOUT_S)
                    try:
                        with conn.begin():
                            migrations.prepare(conn, auto_upgrade=self.auto_upgrade)
                    finally:
                        if self.dialect == "sqlite":
                            _busy_timeout(conn, SQLITE_BUSY_TIMEOUT_S)
            except (InvalidInput, StoreError):
                raise
            except Exception as err:
                raise store_error(err) from err
            self._remember_file()
            self._ready = True
            return self.head

    @property
    def head(self) -> str:
        from coach.store import migrations

        return migrations.head()

    def revision(self) -> str | None:
        """The schema revision the database says it has (None: not versioned yet)."""
        from coach.store import migrations

        try:
            with self.engine.connect() as conn:
                return migrations.current(conn)
        except Exception as err:
            raise store_error(err) from err

    # -- profiles -----------------------------------------------------------------------------
    @staticmethod
    def _profile_id(conn: Connection, name: str) -> int | None:
        return conn.scalar(select(profiles.c.id).where(profiles.c.name == name))

    def _insert_ignore(self, conn: Connection, table: Table, values: dict[str, Any],
                       keys: Sequence[str]) -> bool:
        """Insert a row unless one with the same ``keys`` exists; True when inserted.

        Race-free: the database decides, in one statement where it can.
        """
        if self.dialect == "sqlite":
            from sqlalchemy.dialects import sqlite

            stmt: Any = sqlite.insert(table).values(**values)
            stmt = stmt.on_conflict_do_nothing(index_elements=list(keys))
            return bool(conn.execute(stmt).rowcount == 1)
        if self.dialect == "postgresql":
            from sqlalchemy.dialects import postgresql

            stmt = postgresql.insert(table).values(**values).on_conflict_do_nothing(index_elements=list(keys))
            # RETURNING says whether the row went in (the driver's rowcount is not reliable here).
            return conn.execute(stmt.returning(table.c.id)).first() is not None
        exists = select(table.c.id).where(and_(*(table.c[k] == values[k] for k in keys)))
        if conn.scalar(exists) is not None:
            return False
        try:
            with conn.begin_nested():
                conn.execute(insert(table).values(**values))
        except IntegrityError:
            return False
        return True

    def _ensure_profile(self, conn: Connection, name: str) -> int:
        """The profile's id, created by this write if it is new (never by a read).

        A profile made since revision 0006 is born claimed: its name is a server-issued id
        (coach.identity), so no old unsigned cookie may ever claim it.
        """
        now = _now()
        self._insert_ignore(conn, profiles, {"name": name, "created_at": now, "preferences": "{}",
                                             "claimed_at": now}, ("name",))
        pid = self._profile_id(conn, name)
        if pid is None:  # only if the row vanished between two statements of one transaction
            raise StoreError(N_("the database refused the change"), kind="refused")
        return pid

    def profiles(self) -> list[str]:
        with self._tx(write=False) as conn:
            return list(conn.scalars(select(profiles.c.name).order_by(profiles.c.name).limit(MAX_ROWS)))

    def preferences(self, profile: str) -> dict[str, Any]:
        name = clean_profile_name(profile)
        with self._tx(write=False) as conn:
            raw = conn.scalar(select(profiles.c.preferences).where(profiles.c.name == name))
        try:
            data = json.loads(raw or "{}")
        except json.JSONDecodeError:
            return {}
        return data if isinstance(data, dict) else {}

    def save_preferences(self, profile: str, prefs: Mapping[str, Any]) -> None:
        name = clean_profile_name(profile)
        if not isinstance(prefs, Mapping):
            raise InvalidInput(N_("The store's «{field}» must be text, not {kind}."), field="preferences",
                               kind=type(prefs).__name__)
        try:
            text = json.dumps(dict(prefs), sort_keys=True, allow_nan=False)
        except (TypeError, ValueError) as err:
            raise InvalidInput(N_("The preferences cannot be saved as settings: {problem}"),
                               problem=str(err)[:80]) from err
        _text(text, "preferences", MAX_PREFERENCES)
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            conn.execute(update(profiles).where(profiles.c.id == pid).values(preferences=text))

    # -- identity (revision 0006, coach/identity.py) -----------------------------------------------
    def claim_profile(self, name: str, display_name: str | None = None, at: datetime | None = None) -> bool:
        """Claim a profile made before revision 0006 for the browser holding its old cookie; once.

        One statement: the first browser that comes back with the old unsigned cookie sets
        ``claimed_at`` and gets True; every later one (a copy of the cookie, a forged one)
        gets False, and so does a name nobody has. ``display_name`` becomes the profile's
        name on screen if it has none yet (a typed name, not a guest code).
        """
        key = clean_profile_name(name)
        shown = None if display_name is None else clean_display_name(display_name)
        when = _when(at)
        with self._tx(write=True) as conn:
            result = conn.execute(
                update(profiles).where(profiles.c.name == key, profiles.c.claimed_at.is_(None))
                .values(claimed_at=when, display_name=func.coalesce(profiles.c.display_name, shown)))
            return bool(result.rowcount == 1)

    def identity(self, profile: str) -> ProfileIdentity:
        """The profile's display name and whether it has a transfer code (a read: creates nothing)."""
        name = clean_profile_name(profile)
        with self._tx(write=False) as conn:
            p = profiles.c
            row = conn.execute(select(p.display_name, p.transfer_hash, p.claimed_at)
                               .where(p.name == name)).first()
        if row is None:
            return ProfileIdentity(None, False, False)
        return ProfileIdentity(row[0], row[1] is not None, row[2] is not None)

    def set_display_name(self, profile: str, display_name: str | None) -> str | None:
        """The name shown for the profile (None or blank: none, «Ospite»); never a key to it."""
        name = clean_profile_name(profile)
        shown = None if display_name is None else clean_display_name(display_name)
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            conn.execute(update(profiles).where(profiles.c.id == pid).values(display_name=shown))
        return shown

    def set_transfer_hash(self, profile: str, digest: str) -> None:
        """Keep the SHA-256 of the profile's new transfer code; the previous code stops working."""
        name = clean_profile_name(profile)
        digest = _digest(digest)
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            conn.execute(update(profiles).where(profiles.c.id == pid).values(transfer_hash=digest))

    def clear_transfer_hash(self, profile: str) -> None:
        """No transfer code works for the profile any more."""
        name = clean_profile_name(profile)
        with self._tx(write=True) as conn:
            conn.execute(update(profiles).where(profiles.c.name == name).values(transfer_hash=None))

    def profile_for_transfer(self, digest: str) -> str | None:
        """The profile whose transfer code has this SHA-256, or None (a read)."""
        digest = _digest(digest)
        with self._tx(write=False) as conn:
            found = conn.scalar(select(profiles.c.name).where(profiles.c.transfer_hash == digest))
        return str(found) if found is not None else None

    # -- lessons ------------------------------------------------------------------------------
    def mark_lesson_completed(self, profile: str, lesson_id: str, at: datetime | None = None) -> bool:
        """Record a completed lesson once; True when it is new (idempotent under races)."""
        name = clean_profile_name(profile)
        lesson_id = _text(lesson_id, "lesson_id", MAX_LESSON_ID)
        when = _when(at)
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            return self._insert_ignore(conn, completed_lessons,
                                       {"profile_id": pid, "lesson_id": lesson_id, "completed_at": when},
                                       ("profile_id", "lesson_id"))

    def completed_lessons(self, profile: str) -> list[CompletedLesson]:
        name = clean_profile_name(profile)
        with self._tx(write=False) as conn:
            rows = conn.execute(
                select(completed_lessons.c.lesson_id, completed_lessons.c.completed_at)
                .join(profiles, profiles.c.id == completed_lessons.c.profile_id)
                .where(profiles.c.name == name)
                .order_by(completed_lessons.c.completed_at, completed_lessons.c.id).limit(MAX_ROWS)
            ).all()
        return [CompletedLesson(lesson_id, when) for lesson_id, when in rows]

    def save_bookmark(self, profile: str, lesson_id: str, hand: int, step: int) -> None:
        """Where the learner is: ``hand`` -1 is the lesson's text."""
        name = clean_profile_name(profile)
        lesson_id = _text(lesson_id, "lesson_id", MAX_LESSON_ID)
        hand = _whole(hand, "hand", -1, MAX_POSITION)
        step = _whole(step, "step", 0, MAX_POSITION)
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            conn.execute(update(profiles).where(profiles.c.id == pid)
                         .values(last_lesson=lesson_id, last_hand=hand, last_step=step))

    def bookmark(self, profile: str) -> Bookmark | None:
        name = clean_profile_name(profile)
        with self._tx(write=False) as conn:
            row = conn.execute(select(profiles.c.last_lesson, profiles.c.last_hand, profiles.c.last_step)
                               .where(profiles.c.name == name)).first()
        if row is None or row[0] is None:
            return None
        return Bookmark(row[0], row[1] or 0, row[2] or 0)

    # -- answers inside a lesson ----------------------------------------------------------------
    def save_lesson_answer(self, profile: str, key: str, answer: str, correct: bool | None = None,
                           at: datetime | None = None) -> None:
        """The learner's answer at a lesson's decision point or question (the last one counts)."""
        name = clean_profile_name(profile)
        key = _text(key, "answer_key", MAX_KEY)
        answer = _text(answer, "answer", MAX_ACTION)
        flag = None if correct is None else _flag(correct, "correct")
        when = _when(at)
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            values = {"profile_id": pid, "answer_key": key, "answer": answer, "correct": flag,
                      "answered_at": when}
            if not self._insert_ignore(conn, lesson_answers, values, ("profile_id", "answer_key")):
                conn.execute(update(lesson_answers)
                             .where(lesson_answers.c.profile_id == pid, lesson_answers.c.answer_key == key)
                             .values(answer=answer, correct=flag, answered_at=when))

    def forget_lesson_answers(self, profile: str, keys: Sequence[str]) -> int:
        """«Prova un'altra scelta», «rispondi di nuovo»: those answers no longer count."""
        name = clean_profile_name(profile)
        checked = [_text(k, "answer_key", MAX_KEY) for k in keys]
        if not checked:
            return 0
        with self._tx(write=True) as conn:
            pid = self._profile_id(conn, name)
            if pid is None:
                return 0
            result = conn.execute(delete(lesson_answers).where(
                lesson_answers.c.profile_id == pid, lesson_answers.c.answer_key.in_(checked)))
            return int(result.rowcount or 0)

    def lesson_answers(self, profile: str) -> dict[str, LessonAnswer]:
        name = clean_profile_name(profile)
        with self._tx(write=False) as conn:
            rows = conn.execute(
                select(lesson_answers.c.answer_key, lesson_answers.c.answer, lesson_answers.c.correct)
                .join(profiles, profiles.c.id == lesson_answers.c.profile_id)
                .where(profiles.c.name == name).limit(MAX_ROWS)
            ).all()
        return {key: LessonAnswer(answer, correct) for key, answer, correct in rows}

    # -- quizzes ------------------------------------------------------------------------------
    def record_quiz_answer(
        self, profile: str, topic: str, question_id: str, correct: bool, at: datetime | None = None
    ) -> None:
        name = clean_profile_name(profile)
        values = {"topic": _text(topic, "topic", MAX_TOPIC),
                  "question_id": _text(question_id, "question_id", MAX_QUESTION_ID),
                  "correct": _flag(correct, "correct"), "answered_at": _when(at)}
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            conn.execute(insert(quiz_answers).values(profile_id=pid, **values))

    def quiz_accuracy(self, profile: str) -> list[TopicAccuracy]:
        """Answers and correct answers per topic, topics in alphabetical order."""
        name = clean_profile_name(profile)
        right = func.sum(case((quiz_answers.c.correct, 1), else_=0))
        with self._tx(write=False) as conn:
            rows = conn.execute(
                select(quiz_answers.c.topic, func.count(quiz_answers.c.id), right)
                .join(profiles, profiles.c.id == quiz_answers.c.profile_id)
                .where(profiles.c.name == name)
                .group_by(quiz_answers.c.topic).order_by(quiz_answers.c.topic)
            ).all()
        return [TopicAccuracy(topic, int(n), int(c or 0)) for topic, n, c in rows]

    # -- decisions ----------------------------------------------------------------------------
    def record_decision(
        self,
        profile: str,
        grade: str,
        *,
        source: str,
        ref: str = "",
        action: str = "",
        ev_loss_bb: float | None = None,
        at: datetime | None = None,
    ) -> None:
        name = clean_profile_name(profile)
        values = {"grade": _text(grade, "grade", MAX_GRADE), "source": _text(source, "source", MAX_SOURCE),
                  "ref": _text(ref, "ref", MAX_REF, allow_empty=True),
                  "action": _text(action, "action", MAX_ACTION, allow_empty=True),
                  "ev_loss_bb": _ev(ev_loss_bb), "decided_at": _when(at)}
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            conn.execute(insert(decision_grades).values(profile_id=pid, **values))

    def decisions(self, profile: str) -> list[DecisionRecord]:
        """Graded decisions, oldest first (the newest :data:`MAX_ROWS`)."""
        name = clean_profile_name(profile)
        d = decision_grades
        with self._tx(write=False) as conn:
            rows = conn.execute(
                select(d.c.source, d.c.ref, d.c.action, d.c.grade, d.c.ev_loss_bb, d.c.decided_at)
                .join(profiles, profiles.c.id == d.c.profile_id)
                .where(profiles.c.name == name)
                .order_by(d.c.decided_at.desc(), d.c.id.desc()).limit(MAX_ROWS)
            ).all()
        return [DecisionRecord(*row) for row in reversed(rows)]

    # -- review cards (the learning loop; scheduling is coach.review's, i.e. the fsrs library's) --
    def save_review_card(self, profile: str, key: str, *, source: str, ref: str, spot: str, action: str,
                         grade: str, schedule: str, due: datetime, reviewed: bool = False,
                         at: datetime | None = None) -> bool:
        """Create the card ``key`` or, if the learner has it already, store its new state.

        ``reviewed`` counts one more review (an answer on the review page or the
        same mistake made again). True when the card is new.
        """
        name = clean_profile_name(profile)
        key = _text(key, "card_key", MAX_KEY)
        values = {"source": _text(source, "source", MAX_SOURCE), "ref": _text(ref, "ref", MAX_REF),
                  "spot": _text(spot, "spot", MAX_CARD_SPOT),
                  "action": _text(action, "action", MAX_ACTION, allow_empty=True),
                  "grade": _text(grade, "grade", MAX_GRADE),
                  "schedule": _text(schedule, "schedule", MAX_SCHEDULE), "due": _when(due)}
        when = _when(at)
        r = review_cards
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            row = {"profile_id": pid, "card_key": key, "reviews": 0, "created_at": when, "reviewed_at": None,
                   **values}
            if self._insert_ignore(conn, r, row, ("profile_id", "card_key")):
                return True
            changes: dict[str, Any] = dict(values)
            if reviewed:
                changes["reviews"] = r.c.reviews + 1
                changes["reviewed_at"] = when
            conn.execute(update(r).where(r.c.profile_id == pid, r.c.card_key == key).values(**changes))
            return False

    def review_card(self, profile: str, key: str) -> ReviewCard | None:
        name = clean_profile_name(profile)
        key = _text(key, "card_key", MAX_KEY)
        with self._tx(write=False) as conn:
            row = conn.execute(self._cards_query(name).where(review_cards.c.card_key == key)).first()
        return ReviewCard(*row) if row is not None else None

    @staticmethod
    def _cards_query(name: str) -> Any:
        r = review_cards
        return (select(r.c.card_key, r.c.source, r.c.ref, r.c.spot, r.c.action, r.c.grade, r.c.schedule,
                       r.c.due, r.c.reviews, r.c.created_at, r.c.reviewed_at)
                .join(profiles, profiles.c.id == r.c.profile_id).where(profiles.c.name == name))

    def review_cards(self, profile: str, *, due_by: datetime | None = None) -> list[ReviewCard]:
        """The learner's cards, the most overdue first; with ``due_by``, only those due by then."""
        name = clean_profile_name(profile)
        query = self._cards_query(name)
        if due_by is not None:
            query = query.where(review_cards.c.due <= _when(due_by))
        with self._tx(write=False) as conn:
            rows = conn.execute(query.order_by(review_cards.c.due, review_cards.c.id).limit(MAX_ROWS)).all()
        return [ReviewCard(*row) for row in rows]

    def count_due_cards(self, profile: str, due_by: datetime | None = None) -> int:
        name = clean_profile_name(profile)
        r = review_cards
        with self._tx(write=False) as conn:
            return int(conn.scalar(
                select(func.count(r.c.id)).join(profiles, profiles.c.id == r.c.profile_id)
                .where(profiles.c.name == name, r.c.due <= _when(due_by))) or 0)

    def delete_review_card(self, profile: str, key: str) -> bool:
        """«Togli dal ripasso»: the learner drops a card (a spot they no longer want to see)."""
        name = clean_profile_name(profile)
        key = _text(key, "card_key", MAX_KEY)
        with self._tx(write=True) as conn:
            pid = self._profile_id(conn, name)
            if pid is None:
                return False
            result = conn.execute(delete(review_cards).where(review_cards.c.profile_id == pid,
                                                             review_cards.c.card_key == key))
            return bool(result.rowcount)

    # -- practice hands ------------------------------------------------------------------------
    def save_practice_hand(self, profile: str, phh: str, *, hero_seat: int, result_chips: int, big_blind: int,
                           grades: Sequence[Mapping[str, Any]] = (), at: datetime | None = None) -> int:
        """Keep a finished practice hand (the newest :data:`MAX_PRACTICE_HANDS` per profile); its id."""
        name = clean_profile_name(profile)
        text = _text(phh, "phh", MAX_HAND_TEXT, lines=True)
        seat = _whole(hero_seat, "hero_seat", 0, 22)
        result = _whole(result_chips, "result_chips", -MAX_CHIPS, MAX_CHIPS)
        bb = _whole(big_blind, "big_blind", 1, MAX_CHIPS)
        try:
            graded = json.dumps([dict(g) for g in grades], ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError) as err:
            raise InvalidInput(N_("The store's «{field}» must be plain data, not {value}."), field="grades",
                               value=repr(grades)[:40]) from err
        _text(graded, "grades", MAX_GRADES_JSON)
        h = practice_hands
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            new_id = conn.execute(insert(h).values(profile_id=pid, played_at=_when(at), phh=text,
                                                   hero_seat=seat, result_chips=result, big_blind=bb,
                                                   grades=graded)
                                  .returning(h.c.id)).scalar_one()
            # The oldest beyond the limit go (a long-lived profile does not grow without end).
            keep = (select(h.c.id).where(h.c.profile_id == pid).order_by(h.c.id.desc())
                    .limit(MAX_PRACTICE_HANDS))
            conn.execute(delete(h).where(h.c.profile_id == pid, h.c.id.not_in(keep.scalar_subquery())))
            return int(new_id)

    def practice_hands(self, profile: str, limit: int = 50) -> list[PracticeHand]:
        """The newest practice hands first."""
        name = clean_profile_name(profile)
        limit = _whole(limit, "limit", 1, MAX_PRACTICE_HANDS)
        h = practice_hands
        with self._tx(write=False) as conn:
            rows = conn.execute(
                select(h.c.id, h.c.played_at, h.c.phh, h.c.hero_seat, h.c.result_chips, h.c.big_blind,
                       h.c.grades)
                .join(profiles, profiles.c.id == h.c.profile_id).where(profiles.c.name == name)
                .order_by(h.c.id.desc()).limit(limit)).all()
        out = []
        for row in rows:
            try:
                grades = json.loads(row[6] or "[]")
            except json.JSONDecodeError:
                grades = []
            out.append(PracticeHand(int(row[0]), row[1], str(row[2]), int(row[3]), int(row[4]), int(row[5]),
                                    grades if isinstance(grades, list) else []))
        return out

    # -- the daily habit -----------------------------------------------------------------------
    def decision_days(self, profile: str, since: datetime, tz: tzinfo = UTC) -> dict[str, int]:
        """Graded decisions per day (ISO date in ``tz``, the learner's) since ``since``: goal and streak."""
        name = clean_profile_name(profile)
        d = decision_grades
        with self._tx(write=False) as conn:
            times = conn.scalars(
                select(d.c.decided_at).join(profiles, profiles.c.id == d.c.profile_id)
                .where(profiles.c.name == name, d.c.decided_at >= _when(since)).limit(MAX_ROWS)).all()
        days: dict[str, int] = {}
        for when in times:
            key = when.replace(tzinfo=UTC).astimezone(tz).date().isoformat()
            days[key] = days.get(key, 0) + 1
        return days

    # -- summary ------------------------------------------------------------------------------
    def summary(self, profile: str) -> ProgressSummary:
        name = clean_profile_name(profile)
        with self._tx(write=False) as conn:
            row = conn.execute(select(profiles.c.id, profiles.c.last_lesson, profiles.c.last_hand,
                                      profiles.c.last_step).where(profiles.c.name == name)).first()
            if row is None:
                return ProgressSummary(0, 0, 0, 0, None)
            pid = row[0]

            def count(table: Table, *where: Any) -> int:
                query = select(func.count(table.c.id)).where(table.c.profile_id == pid, *where)
                return int(conn.scalar(query) or 0)

            lessons = count(completed_lessons)
            answered = count(quiz_answers)
            correct = count(quiz_answers, quiz_answers.c.correct.is_(True))
            decisions = count(decision_grades)
        bookmark = Bookmark(row[1], row[2] or 0, row[3] or 0) if row[1] is not None else None
        return ProgressSummary(lessons, answered, correct, decisions, bookmark)


    # -- the live classroom (revision 0004) -----------------------------------------------------
    @staticmethod
    def _class_of(row: Any) -> LiveClass:
        return LiveClass(row.id, row.code, row.teacher, row.title, row.created_at, row.expires_at,
                         row.closed_at, bool(row.joins_closed))

    @staticmethod
    def _question_of(row: Any) -> LiveQuestion:
        return LiveQuestion(row.id, row.class_id, row.number, row.spot, row.opened_at, row.closes_at,
                            row.closed_at, row.hand)

    def create_class(self, teacher: str, title: str = "", *, hours: int = 3,
                     at: datetime | None = None) -> LiveClass:
        """A new class with a fresh join code (a code already taken is drawn again) and a fresh
        teacher secret, returned once in ``teacher_secret``: only its hash is stored, so the
        caller must keep it (the teacher's cookie and link); every teacher action asks for it.

        ``teacher`` is the creating profile, kept for «your classes» and limits, not for access.
        """
        name = clean_profile_name(teacher)
        title = clean_title(title)
        now = _when(at)
        ends = expiry(now, hours)
        secret = secrets.token_urlsafe(TEACHER_SECRET_BYTES)
        with self._tx(write=True) as conn:
            self._check_open_limit(conn, name, now)
            for _ in range(20):  # 887 million codes: a clash is rare, twenty in a row is impossible
                code = new_join_code()
                values = {"code": code, "teacher": name, "title": title, "created_at": now,
                          "expires_at": ends, "closed_at": None, "teacher_key": teacher_key(secret)}
                if self._insert_ignore(conn, live_classes, values, ("code",)):
                    row = conn.execute(select(live_classes).where(live_classes.c.code == code)).one()
                    return replace(self._class_of(row), teacher_secret=secret)
        raise StoreError(N_("the database refused the change"), kind="refused")

    def live_class(self, code: str) -> LiveClass | None:
        code = normalise_code(code)
        with self._tx(write=False) as conn:
            row = conn.execute(select(live_classes).where(live_classes.c.code == code)).first()
        return None if row is None else self._class_of(row)

    def teacher_classes(self, teacher: str, *, limit: int = 20) -> list[LiveClass]:
        """The teacher's classes, newest first."""
        name = clean_profile_name(teacher)
        limit = _whole(limit, "limit", 1, 1000)
        with self._tx(write=False) as conn:
            rows = conn.execute(select(live_classes).where(live_classes.c.teacher == name)
                                .order_by(live_classes.c.created_at.desc(), live_classes.c.id.desc())
                                .limit(limit)).all()
        return [self._class_of(r) for r in rows]

    def teacher_class(self, code: str, secret: str) -> LiveClass | None:
        """The class ``code`` if ``secret`` is its teacher's (a teacher link opened on another
        device), else None: a wrong secret and an unknown code read the same."""
        code = normalise_code(code)
        with self._tx(write=False) as conn:
            row = conn.execute(select(live_classes).where(live_classes.c.code == code)).first()
            if row is None or not self._teacher_owns(conn, row.id, secret):
                return None
        return self._class_of(row)

    def secret_classes(self, teacher_secrets: Sequence[str]) -> dict[str, LiveClass]:
        """The classes these secrets open (a teacher's browser keeps them in its cookie), by
        secret; a secret that opens nothing is left out. At most :data:`MAX_TEACHER_CLASSES`."""
        if isinstance(teacher_secrets, str) or not isinstance(teacher_secrets, Sequence):
            raise InvalidInput(N_("The store's «{field}» must be plain data, not {value}."),
                               field="teacher_secrets", value=type(teacher_secrets).__name__)
        if len(teacher_secrets) > MAX_TEACHER_CLASSES:
            raise InvalidInput(N_("The store's «{field}» must be between {low} and {high}, not {value}."),
                               field="teacher_secrets", low=0, high=MAX_TEACHER_CLASSES,
                               value=len(teacher_secrets))
        by_key = {teacher_key(s): s for s in map(_secret_arg, teacher_secrets) if s is not None}
        if not by_key:
            return {}
        with self._tx(write=False) as conn:
            rows = conn.execute(select(live_classes).where(live_classes.c.teacher_key.in_(list(by_key)))
                                .order_by(live_classes.c.created_at.desc(), live_classes.c.id.desc())).all()
        return {by_key[r.teacher_key]: self._class_of(r) for r in rows}

    def close_class(self, code: str, secret: str, at: datetime | None = None) -> bool:
        """The teacher ends the class: pupils can no longer join or answer. True if it was open
        and ``secret`` is its teacher's."""
        code = normalise_code(code)
        given = None if at is None else _when(at)
        with self._tx(write=True) as conn:
            cls = conn.execute(select(live_classes.c.id).where(live_classes.c.code == code)).first()
            if cls is None or not self._teacher_owns(conn, cls.id, secret):
                return False
            now = self._lock_open_votes(conn, live_questions.c.class_id == cls.id, given)
            conn.execute(update(live_questions).where(live_questions.c.class_id == cls.id,
                                                      live_questions.c.closed_at.is_(None))
                         .values(closed_at=now))
            result = conn.execute(update(live_classes).where(live_classes.c.id == cls.id,
                                                             live_classes.c.closed_at.is_(None))
                                  .values(closed_at=now))
            return bool(result.rowcount)

    def join_class(self, code: str, name: str, token: str, *, profile: str | None = None,
                   at: datetime | None = None) -> JoinResult:
        """A pupil joins with a display name; the same ``token`` coming back is the same pupil.

        The name's uniqueness in the class is the database's unique key (one
        ``INSERT ... ON CONFLICT DO NOTHING``): two phones typing «Anna» at the
        same moment get one ``joined`` and one ``duplicate``.
        """
        code = normalise_code(code)
        shown = clean_pupil_name(name)
        token = _text(token, "token", MAX_TOKEN)
        owner = None if profile is None else clean_profile_name(profile)
        now = _when(at)
        with self._tx(write=True) as conn:
            row = conn.execute(select(live_classes).where(live_classes.c.code == code)).first()
            if row is None:
                return JoinResult("unknown")
            cls = self._class_of(row)
            status = cls.state(now)
            if status != CLASS_OPEN:
                return JoinResult(status, live_class=cls)
            mine = conn.execute(select(live_pupils).where(live_pupils.c.token == token)).first()
            if mine is not None:  # this phone again, unless removed (or a token of another class)
                if mine.class_id == cls.id and mine.removed_at is None:
                    return JoinResult("rejoined", self._pupil_of(mine), cls)
                return JoinResult("blocked", live_class=cls)
            if cls.joins_closed:
                return JoinResult("joins_closed", live_class=cls)
            count = conn.scalar(select(func.count(live_pupils.c.id)).where(
                live_pupils.c.class_id == cls.id, live_pupils.c.removed_at.is_(None)))
            if int(count or 0) >= MAX_PUPILS:
                return JoinResult("full", live_class=cls)
            key = name_key(shown)
            values = {"class_id": cls.id, "name": shown, "name_key": key, "token": token,
                      "profile": owner, "joined_at": now}
            if not self._insert_ignore(conn, live_pupils, values, ("class_id", "name_key")):
                taken = conn.scalar(select(live_pupils.c.removed_at).where(
                    live_pupils.c.class_id == cls.id, live_pupils.c.name_key == key))
                return JoinResult("duplicate" if taken is None else "blocked", live_class=cls)
            new = conn.execute(select(live_pupils).where(live_pupils.c.token == token)).one()
            return JoinResult("joined", self._pupil_of(new), cls)

    @staticmethod
    def _pupil_of(row: Any) -> LivePupil:
        return LivePupil(row.id, row.class_id, row.name, row.token, row.profile)

    def pupil(self, token: str) -> LivePupil | None:
        """The pupil this phone is (its token), None if unknown or removed by the teacher."""
        token = _text(token, "token", MAX_TOKEN)
        with self._tx(write=False) as conn:
            row = conn.execute(select(live_pupils).where(live_pupils.c.token == token,
                                                         live_pupils.c.removed_at.is_(None))).first()
        return None if row is None else self._pupil_of(row)

    def class_pupils(self, class_id: int, secret: str) -> list[LivePupil] | None:
        """The class's pupils (their names and phone tokens) for its teacher; None for anyone else."""
        class_id = _whole(class_id, "class_id", 1, 2**62)
        with self._tx(write=False) as conn:
            if not self._teacher_owns(conn, class_id, secret):
                return None
            rows = conn.execute(select(live_pupils).where(live_pupils.c.class_id == class_id,
                                                          live_pupils.c.removed_at.is_(None))
                                .order_by(live_pupils.c.joined_at, live_pupils.c.id).limit(MAX_PUPILS)).all()
        return [self._pupil_of(r) for r in rows]

    def _teacher_owns(self, conn: Connection, class_id: int, secret: object) -> bool:
        """Whether ``secret`` is the teacher secret of class ``class_id``: the one check every
        teacher action makes. The hashes are compared in constant time; a class made before
        revision 0006 has no key and belongs to nobody (it expires within a day)."""
        given = _secret_arg(secret)
        stored = conn.scalar(select(live_classes.c.teacher_key).where(live_classes.c.id == class_id))
        if given is None or not isinstance(stored, str) or not stored:
            return False
        return hmac.compare_digest(stored.encode("ascii"), teacher_key(given).encode("ascii"))

    def remove_pupil(self, class_id: int, pupil_id: int, secret: str) -> bool:
        """The teacher removes a name (and its answers); the name stays blocked for the class and the
        phone's token no longer works (:meth:`remove_pupils`). True if removed."""
        class_id = _whole(class_id, "class_id", 1, 2**62)
        pupil_id = _whole(pupil_id, "pupil_id", 1, 2**62)
        with self._tx(write=True) as conn:
            if not self._teacher_owns(conn, class_id, secret):
                return False
            return self._remove(conn, class_id, [pupil_id], _now()) == 1

    def open_question(self, class_id: int, spot: str, secret: str, *, seconds: int | None = None,
                      hand: str | None = None, at: datetime | None = None) -> LiveQuestion | None:
        """Open a vote on ``spot`` (the previous one, if still open, closes). None: not the teacher's
        class, or the class is over.

        ``hand``: the PHH text of a ``phh:`` spot (required there, and its digest must be the
        spot's; refused for any other spot)."""
        class_id = _whole(class_id, "class_id", 1, 2**62)
        spot = _text(spot, "spot", MAX_SPOT)
        if hand is not None:
            hand = _text(hand, "hand", MAX_HAND_TEXT, lines=True)
        if spot.startswith(SPOT_HAND + ":"):
            ref = SpotRef.parse(spot)
            if hand is None or hand_digest(hand) != ref.lesson:
                raise InvalidInput(N_("The store's «{field}» does not match the spot {spot}."), field="hand",
                                   spot=spot[:60])
        elif hand is not None:
            raise InvalidInput(N_("The store's «{field}» does not match the spot {spot}."), field="hand",
                               spot=spot[:60])
        if seconds is not None:
            seconds = _whole(seconds, "seconds", 5, MAX_SECONDS)
        given = None if at is None else _when(at)
        with self._tx(write=True) as conn:
            row = conn.execute(select(live_classes).where(live_classes.c.id == class_id)).first()
            if row is None or not self._teacher_owns(conn, class_id, secret):
                return None
            if self._class_of(row).state(_now() if given is None else given) != CLASS_OPEN:
                return None
            now = self._lock_open_votes(conn, live_questions.c.class_id == class_id, given)
            conn.execute(update(live_questions).where(live_questions.c.class_id == class_id,
                                                      live_questions.c.closed_at.is_(None))
                         .values(closed_at=now))
            last = conn.scalar(select(func.max(live_questions.c.number))
                               .where(live_questions.c.class_id == class_id))
            number = int(last or 0) + 1
            closes = None if seconds is None else now + timedelta(seconds=seconds)
            conn.execute(insert(live_questions).values(class_id=class_id, number=number, spot=spot,
                                                       opened_at=now, closes_at=closes, closed_at=None,
                                                       hand=hand))
            new = conn.execute(select(live_questions).where(live_questions.c.class_id == class_id,
                                                            live_questions.c.number == number)).one()
            return self._question_of(new)

    def close_question(self, question_id: int, secret: str, at: datetime | None = None) -> bool:
        """The teacher closes the vote; True if it was still open and ``secret`` is the teacher's."""
        question_id = _whole(question_id, "question_id", 1, 2**62)
        given = None if at is None else _when(at)
        with self._tx(write=True) as conn:
            class_id = conn.scalar(select(live_questions.c.class_id)
                                   .where(live_questions.c.id == question_id))
            if class_id is None or not self._teacher_owns(conn, class_id, secret):
                return False
            now = self._lock_open_votes(conn, live_questions.c.id == question_id, given)
            result = conn.execute(update(live_questions).where(
                live_questions.c.id == question_id, live_questions.c.closed_at.is_(None))
                .values(closed_at=now))
            return bool(result.rowcount)

    def _for_share(self, stmt: Any) -> Any:
        """``SELECT ... FOR SHARE`` on PostgreSQL (SQLite's writers are serialised already)."""
        return stmt.with_for_update(read=True) if self.dialect == "postgresql" else stmt

    def _lock_open_votes(self, conn: Connection, where: Any, given: datetime | None) -> datetime:
        """Lock the open votes a close is about to close (``FOR UPDATE``: it waits for the answers in
        flight, which hold ``FOR SHARE``), then read the clock: an answer recorded before a close
        always has ``answered_at <= closed_at``."""
        if self.dialect == "postgresql":
            conn.execute(select(live_questions.c.id).where(where, live_questions.c.closed_at.is_(None))
                         .order_by(live_questions.c.id).with_for_update())
        return _now() if given is None else given

    def snapshot(self, code: str, at: datetime | None = None) -> ClassSnapshot | None:
        """The class, its latest question and the counts, in one read (the ~1 s poll)."""
        code = normalise_code(code)
        now = _when(at)
        with self._tx(write=False) as conn:
            row = conn.execute(select(live_classes).where(live_classes.c.code == code)).first()
            if row is None:
                return None
            cls = self._class_of(row)
            q = conn.execute(select(live_questions).where(live_questions.c.class_id == cls.id)
                             .order_by(live_questions.c.number.desc()).limit(1)).first()
            pupils = conn.scalar(select(func.count(live_pupils.c.id)).where(
                live_pupils.c.class_id == cls.id, live_pupils.c.removed_at.is_(None)))
            answered = 0
            if q is not None:
                answered = int(conn.scalar(select(func.count(live_answers.c.id))
                                           .where(live_answers.c.question_id == q.id)) or 0)
        question = None if q is None else self._question_of(q)
        return ClassSnapshot(cls, question, int(pupils or 0), answered, now)

    def record_class_answer(self, question_id: int, pupil_id: int, answer: str, *, grade: str | None = None,
                            ev_loss_bb: float | None = None, at: datetime | None = None) -> str:
        """A pupil's answer, once: ``recorded``, ``already`` (an earlier answer stands), ``closed``
        (the vote is over) or ``removed`` (the teacher removed the pupil, or another class's vote)."""
        question_id = _whole(question_id, "question_id", 1, 2**62)
        pupil_id = _whole(pupil_id, "pupil_id", 1, 2**62)
        answer = _text(answer, "answer", MAX_ACTION)
        grade = None if grade is None else _text(grade, "grade", MAX_GRADE)
        ev = _ev(ev_loss_bb)
        given = None if at is None else _when(at)
        with self._tx(write=True) as conn:
            # The vote must still be open when this answer commits: the question's row is read
            # FOR SHARE (answers share the lock, so they do not wait for one another), and a
            # teacher's close (an UPDATE of that row) waits until the answers in flight commit;
            # an answer that comes after the close's commit reads the row closed. SQLite has
            # one writer at a time (BEGIN IMMEDIATE): there the race cannot happen.
            q = conn.execute(self._for_share(select(live_questions).where(
                live_questions.c.id == question_id))).first()
            now = _now() if given is None else given  # read under the lock: never after the close
            p = conn.execute(select(live_pupils.c.class_id).where(live_pupils.c.id == pupil_id,
                                                                  live_pupils.c.removed_at.is_(None))).first()
            if q is None or p is None or p.class_id != q.class_id:
                return "removed"
            if not vote_open(q.closed_at, q.closes_at, now):
                return "closed"
            values = {"question_id": question_id, "pupil_id": pupil_id, "answer": answer, "grade": grade,
                      "ev_loss_bb": ev, "answered_at": now}
            if self._insert_ignore(conn, live_answers, values, ("question_id", "pupil_id")):
                return "recorded"
            return "already"

    def class_answer(self, question_id: int, pupil_id: int) -> AnswerRow | None:
        """This pupil's answer to this question, if any."""
        question_id = _whole(question_id, "question_id", 1, 2**62)
        pupil_id = _whole(pupil_id, "pupil_id", 1, 2**62)
        a, p, q = live_answers, live_pupils, live_questions
        with self._tx(write=False) as conn:
            row = conn.execute(select(q.c.number, p.c.name, a.c.answer, a.c.grade, a.c.ev_loss_bb)
                               .join(p, p.c.id == a.c.pupil_id).join(q, q.c.id == a.c.question_id)
                               .where(a.c.question_id == question_id, a.c.pupil_id == pupil_id)).first()
        return None if row is None else AnswerRow(*row)

    def question_answers(self, question_id: int, secret: str) -> list[AnswerRow] | None:
        """Every answer to a vote, with the pupils' names, for the class's teacher; None for anyone
        else (a phone reads only its own answer, :meth:`class_answer`, and the counts, :meth:`snapshot`)."""
        question_id = _whole(question_id, "question_id", 1, 2**62)
        a, p, q = live_answers, live_pupils, live_questions
        with self._tx(write=False) as conn:
            class_id = conn.scalar(select(q.c.class_id).where(q.c.id == question_id))
            if class_id is None or not self._teacher_owns(conn, class_id, secret):
                return None
            rows = conn.execute(select(q.c.number, p.c.name, a.c.answer, a.c.grade, a.c.ev_loss_bb)
                                .join(p, p.c.id == a.c.pupil_id).join(q, q.c.id == a.c.question_id)
                                .where(a.c.question_id == question_id)
                                .order_by(a.c.answered_at, a.c.id).limit(MAX_ROWS)).all()
        return [AnswerRow(*r) for r in rows]

    def class_results(self, class_id: int, secret: str) -> ClassResults | None:
        """Every question, pupil and answer of a class (the results page and its CSV), for its
        teacher; None for anyone else."""
        class_id = _whole(class_id, "class_id", 1, 2**62)
        a, p, q = live_answers, live_pupils, live_questions
        with self._tx(write=False) as conn:
            if not self._teacher_owns(conn, class_id, secret):
                return None
            questions = [self._question_of(r) for r in conn.execute(
                select(q).where(q.c.class_id == class_id).order_by(q.c.number).limit(MAX_ROWS)).all()]
            pupils = list(conn.scalars(select(p.c.name)
                                       .where(p.c.class_id == class_id, p.c.removed_at.is_(None))
                                       .order_by(p.c.joined_at, p.c.id).limit(MAX_PUPILS)))
            rows = conn.execute(select(q.c.number, p.c.name, a.c.answer, a.c.grade, a.c.ev_loss_bb)
                                .join(p, p.c.id == a.c.pupil_id).join(q, q.c.id == a.c.question_id)
                                .where(q.c.class_id == class_id)
                                .order_by(q.c.number, a.c.answered_at, a.c.id).limit(MAX_ROWS)).all()
        return ClassResults(questions, pupils, [AnswerRow(*r) for r in rows])

    # -- admission control (revision 0006; docs/CLASSE.md, «Chi può entrare») ---------------------
    def take_token(self, bucket: str, capacity: float, per_second: float, *,
                   at: datetime | None = None) -> bool:
        """Take one token from the bucket ``bucket`` (``family:key``); False when it is empty.

        A bucket holds at most ``capacity`` tokens and gets ``per_second`` back each second; a
        bucket never seen is full. The row is read and written under a lock every app process
        respects (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: ``INSERT ... ON CONFLICT DO NOTHING``
        for a new bucket, else the row ``SELECT ... FOR UPDATE``), so N racing takes from a bucket
        of N-1 tokens grant exactly N-1. A refusal writes nothing. Buckets of the same family
        that would be full again are deleted (a full bucket and no row are the same): the table stays small.
        """
        bucket = _text(bucket, "bucket", 200)
        capacity = self._rate(capacity, "capacity")
        per_second = self._rate(per_second, "per_second")
        if capacity < 1:
            raise InvalidInput(N_("The store's «{field}» must be at least 1."), field="capacity")
        given = None if at is None else _when(at)
        with self._tx(write=True) as conn:
            now = _now() if given is None else given
            granted = self._take(conn, bucket, capacity, per_second, now)
            self._prune_buckets(conn, bucket, capacity, per_second, now)
            return granted

    @staticmethod
    def _rate(value: object, field: str) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                or not 0 < value <= 1e6:
            raise InvalidInput(N_("The store's «{field}» must be a positive number."), field=field)
        return float(value)

    def _take(self, conn: Connection, bucket: str, capacity: float, per_second: float,
              now: datetime) -> bool:
        stmt = select(rate_limits.c.id, rate_limits.c.tokens, rate_limits.c.updated_at).where(
            rate_limits.c.bucket == bucket)
        if self.dialect == "postgresql":
            stmt = stmt.with_for_update()
        for _ in range(5):  # a bucket another process pruned between our two statements: again
            new = {"bucket": bucket, "tokens": capacity - 1, "updated_at": now}
            if self._insert_ignore(conn, rate_limits, new, ("bucket",)):
                return True  # a new bucket is full: this take leaves capacity - 1
            row = conn.execute(stmt).first()
            if row is not None:
                break
        else:
            raise StoreError(N_("the database refused the change"), kind="refused")
        elapsed = max(0.0, (now - row.updated_at).total_seconds())
        tokens = min(capacity, float(row.tokens) + elapsed * per_second)
        if tokens < 1:
            return False
        conn.execute(update(rate_limits).where(rate_limits.c.id == row.id)
                     .values(tokens=tokens - 1, updated_at=max(now, row.updated_at)))
        return True

    def _prune_buckets(self, conn: Connection, bucket: str, capacity: float, per_second: float,
                       now: datetime) -> None:
        """Delete this family's buckets untouched for longer than a full refill (they are full).

        On PostgreSQL ``SKIP LOCKED``: a bucket another take holds right now is left for later
        (no wait, so two takes pruning each other's buckets never deadlock)."""
        family = bucket.partition(":")[0] + ":"
        cutoff = now - timedelta(seconds=capacity / per_second)
        stale = select(rate_limits.c.id).where(rate_limits.c.bucket.startswith(family, autoescape=True),
                                               rate_limits.c.updated_at < cutoff,
                                               rate_limits.c.bucket != bucket).limit(MAX_ROWS)
        if self.dialect == "postgresql":
            stale = stale.with_for_update(skip_locked=True)
        ids = list(conn.scalars(stale))
        if ids:
            conn.execute(delete(rate_limits).where(rate_limits.c.id.in_(ids)))

    def take_all(self, buckets: Sequence[Bucket], *, at: datetime | None = None) -> Bucket | None:
        """Take a token from each bucket in turn; the first bucket that refused, or None if all gave one."""
        for b in buckets:
            if not self.take_token(b.name, b.capacity, b.per_second, at=at):
                return b
        return None

    def admit(self, code: str, name: str, token: str, *, buckets: Sequence[Bucket],
              profile: str | None = None, at: datetime | None = None) -> JoinResult:
        """A pupil's join through the rate limits (:func:`coach.classroom.join_buckets`): ``throttled``
        with the wait when a bucket is empty, else :meth:`join_class`. Every try takes a token, also
        for a wrong code: guessing codes is as slow as flooding a class."""
        normalise_code(code)
        clean_pupil_name(name)
        refused = self.take_all(buckets, at=at)
        if refused is not None:
            return JoinResult("throttled", wait_s=refused.wait_s())
        return self.join_class(code, name, token, profile=profile, at=at)

    def _check_open_limit(self, conn: Connection, teacher: str, now: datetime) -> None:
        """Raise :class:`ClassLimit` when ``teacher`` has :data:`MAX_OPEN_CLASSES` open classes.

        On PostgreSQL a lock per teacher makes two racing creations count one after the other."""
        if self.dialect == "postgresql":
            conn.execute(select(func.pg_advisory_xact_lock(func.hashtext("teacher:" + teacher))))
        rows = conn.execute(select(live_classes).where(
            live_classes.c.teacher == teacher, live_classes.c.closed_at.is_(None),
            live_classes.c.expires_at > now).order_by(live_classes.c.created_at, live_classes.c.id)).all()
        if len(rows) >= MAX_OPEN_CLASSES:
            raise ClassLimit([self._class_of(r) for r in rows])

    def set_joins_closed(self, class_id: int, secret: str, closed: bool) -> bool:
        """«Chiudi le iscrizioni» (``closed``) or «Riapri le iscrizioni»: pupils already in stay in.
        True if the class is the teacher's."""
        class_id = _whole(class_id, "class_id", 1, 2**62)
        closed = _flag(closed, "closed")
        with self._tx(write=True) as conn:
            if not self._teacher_owns(conn, class_id, secret):
                return False
            conn.execute(update(live_classes).where(live_classes.c.id == class_id)
                         .values(joins_closed=closed))
            return True

    def _remove(self, conn: Connection, class_id: int, pupil_ids: Sequence[int], now: datetime) -> int:
        """Mark the class's pupils removed (the rows stay: names blocked, tokens dead), answers deleted."""
        ids = list(conn.scalars(select(live_pupils.c.id).where(
            live_pupils.c.class_id == class_id, live_pupils.c.id.in_(list(pupil_ids)),
            live_pupils.c.removed_at.is_(None))))
        if not ids:
            return 0
        conn.execute(delete(live_answers).where(live_answers.c.pupil_id.in_(ids)))
        conn.execute(update(live_pupils).where(live_pupils.c.id.in_(ids)).values(removed_at=now))
        return len(ids)

    def remove_pupils(self, class_id: int, pupil_ids: Sequence[int], secret: str, *,
                      at: datetime | None = None) -> int:
        """The teacher removes several pupils at once (their answers deleted, their names blocked for
        the class, their phones' tokens dead); how many were removed (0: not the teacher's class)."""
        class_id = _whole(class_id, "class_id", 1, 2**62)
        if isinstance(pupil_ids, (str, bytes)) or not isinstance(pupil_ids, Sequence):
            raise InvalidInput(N_("The store's «{field}» must be a list."), field="pupil_ids")
        ids = sorted({_whole(p, "pupil_id", 1, 2**62) for p in pupil_ids})
        if len(ids) > MAX_PUPILS:
            raise InvalidInput(N_("The store's «{field}» has more than {limit} items."), field="pupil_ids",
                               limit=str(MAX_PUPILS))
        now = _when(at)
        if not ids:
            return 0
        with self._tx(write=True) as conn:
            if not self._teacher_owns(conn, class_id, secret):
                return 0
            return self._remove(conn, class_id, ids, now)

    def removed_pupils(self, class_id: int, secret: str) -> list[LivePupil]:
        """The names the teacher removed from the class (blocked), for the teacher only."""
        class_id = _whole(class_id, "class_id", 1, 2**62)
        with self._tx(write=False) as conn:
            if not self._teacher_owns(conn, class_id, secret):
                return []
            rows = conn.execute(select(live_pupils).where(live_pupils.c.class_id == class_id,
                                                          live_pupils.c.removed_at.is_not(None))
                                .order_by(live_pupils.c.removed_at, live_pupils.c.id).limit(MAX_ROWS)).all()
        return [self._pupil_of(r) for r in rows]

    def unblock_pupil(self, class_id: int, pupil_id: int, secret: str) -> bool:
        """The teacher frees a removed name: it may join again (as a new pupil, with a new phone token)."""
        class_id = _whole(class_id, "class_id", 1, 2**62)
        pupil_id = _whole(pupil_id, "pupil_id", 1, 2**62)
        with self._tx(write=True) as conn:
            if not self._teacher_owns(conn, class_id, secret):
                return False
            result = conn.execute(delete(live_pupils).where(live_pupils.c.id == pupil_id,
                                                            live_pupils.c.class_id == class_id,
                                                            live_pupils.c.removed_at.is_not(None)))
            return bool(result.rowcount)

    # -- the purge of ended classes ---------------------------------------------------------------
    def purge_classes(self, *, days: int = PURGE_DAYS_DEFAULT, dry_run: bool = False,
                      at: datetime | None = None) -> PurgeCounts:
        """Delete the classes that ended (closed, or expired) more than ``days`` ago, with their
        pupils (removed ones too), questions (the pasted hands) and answers; what was deleted.

        ``dry_run``: count only, delete nothing. Open classes and recently ended ones are never
        touched: their results CSV stays downloadable until the purge.
        """
        days = _whole(days, "days", 1, MAX_PURGE_DAYS)
        dry_run = _flag(dry_run, "dry_run")
        cutoff = _when(at) - timedelta(days=days)
        c, p, q, a = live_classes, live_pupils, live_questions, live_answers
        old = select(c.c.id).where((c.c.closed_at < cutoff) | (c.c.expires_at < cutoff))
        their_questions = select(q.c.id).where(q.c.class_id.in_(old))
        their_pupils = select(p.c.id).where(p.c.class_id.in_(old))
        their_answers = (a.c.question_id.in_(their_questions)) | (a.c.pupil_id.in_(their_pupils))
        with self._tx(write=not dry_run) as conn:
            def count(table: Table, where: Any) -> int:
                return int(conn.scalar(select(func.count()).select_from(table).where(where)) or 0)

            counts = PurgeCounts(count(c, c.c.id.in_(old)), count(p, p.c.class_id.in_(old)),
                                 count(q, q.c.class_id.in_(old)), count(a, their_answers))
            if not dry_run and counts.classes:
                conn.execute(delete(a).where(their_answers))
                conn.execute(delete(q).where(q.c.class_id.in_(old)))
                conn.execute(delete(p).where(p.c.class_id.in_(old)))
                conn.execute(delete(c).where(c.c.id.in_(old)))
        return counts

    def sweep_classes(self, *, at: datetime | None = None) -> PurgeCounts | None:
        """The automatic purge (``COACH_PURGE_DAYS``, else 30 days), at most once an hour per store
        (per app process); None when it is not due. A teacher's «Crea la classe» calls it, never a
        pupil's click: the delete may take a moment on a big database."""
        now = _when(at)
        with self._sweep_lock:
            last = self._swept_at
            if last is not None and timedelta(0) <= now - last < timedelta(seconds=SWEEP_EVERY_S):
                return None
            self._swept_at = now
        try:
            days = purge_days()
        except InvalidInput:
            days = PURGE_DAYS_DEFAULT
        return self.purge_classes(days=days, at=now)
