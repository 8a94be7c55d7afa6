"""FROZEN COPY of coach/persistence.py as released before the schema had migrations.

The migration tests build databases with this exact code, so "a database made by
today's code" stays what it was. Never edit it; a later schema gets its own frozen copy.

The original first line: the learner's progress, stored per profile in a real database (SQLAlchemy 2).

Streamlit forgets a session on a browser refresh, so everything a learner earns
(completed lessons, quiz answers by topic, graded decisions, where they left off,
their settings) is written here as soon as it happens. By default the database
is SQLite in the user's data folder, so progress survives a restart with nothing
to configure; a classroom server points ``COACH_DATABASE_URL`` (or the Streamlit
secret ``database_url``, read by ``coach.ui``) at any SQLAlchemy URL, e.g.
PostgreSQL, and every pupil's profile lives there.

This module never imports streamlit: the UI caches one :class:`Store` per URL
with ``st.cache_resource`` (the engine is thread-safe and immutable from the
callers' point of view); tests create their own on a temporary file.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    cast,
    create_engine,
    func,
    select,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

APP_DIR_NAME = "coach-holdem"
ENV_URL = "COACH_DATABASE_URL"
MAX_NAME = 60

# What a database outage raises (an unreachable server, a read-only data folder): the UI
# catches exactly these, keeps the learner's session going and says progress is not saved.
DB_ERRORS: tuple[type[Exception], ...] = (SQLAlchemyError, OSError)


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


class Base(DeclarativeBase):
    pass


class ProfileRow(Base):
    __tablename__ = "profiles"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(MAX_NAME), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=_now)
    preferences: Mapped[str] = mapped_column(Text, default="{}")
    # "Riprendi da dove eri": the last lesson position the learner saw.
    last_lesson: Mapped[str | None] = mapped_column(String(120), nullable=True)
    last_hand: Mapped[int | None] = mapped_column(Integer, nullable=True)
    last_step: Mapped[int | None] = mapped_column(Integer, nullable=True)


class LessonRow(Base):
    __tablename__ = "completed_lessons"
    __table_args__ = (UniqueConstraint("profile_id", "lesson_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id"), index=True)
    lesson_id: Mapped[str] = mapped_column(String(120))
    completed_at: Mapped[datetime] = mapped_column(DateTime, default=_now)


class QuizRow(Base):
    __tablename__ = "quiz_answers"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id"), index=True)
    topic: Mapped[str] = mapped_column(String(120))
    question_id: Mapped[str] = mapped_column(String(200))
    correct: Mapped[bool] = mapped_column(Boolean)
    answered_at: Mapped[datetime] = mapped_column(DateTime, default=_now)


class DecisionRow(Base):
    __tablename__ = "decision_grades"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id"), index=True)
    source: Mapped[str] = mapped_column(String(40))  # "lesson", "practice", "replayer"
    ref: Mapped[str] = mapped_column(String(200), default="")  # lesson id, hand number...
    action: Mapped[str] = mapped_column(String(60), default="")  # the code the learner chose
    grade: Mapped[str] = mapped_column(String(40))
    ev_loss_bb: Mapped[float | None] = mapped_column(Float, nullable=True)
    decided_at: Mapped[datetime] = mapped_column(DateTime, default=_now)


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
class ProgressSummary:
    lessons_completed: int
    quiz_answered: int
    quiz_correct: int
    decisions: int
    bookmark: Bookmark | None


def clean_profile_name(name: str) -> str:
    """Profile names are free text from the learner: trimmed, bounded, never empty."""
    cleaned = " ".join(name.split())[:MAX_NAME]
    return cleaned or "Ospite"


class Store:
    """Progress store over one SQLAlchemy engine; every method is one transaction.

    Profiles are addressed by name (what the learner typed in Impostazioni) and
    created on first use, so pages never handle database ids.
    """

    def __init__(self, url: str | None = None, *, engine: Engine | None = None) -> None:
        self.url = url or default_database_url()
        if engine is None:
            connect_args: dict[str, Any] = {}
            if self.url.startswith("sqlite"):
                # Streamlit runs each session's script in its own thread.
                connect_args["check_same_thread"] = False
                path = self.url.split("///", 1)[-1]
                if path and path != ":memory:" and not path.startswith("file:"):
                    Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            engine = create_engine(self.url, connect_args=connect_args, future=True)
        self.engine = engine
        Base.metadata.create_all(engine)
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    # -- profiles -------------------------------------------------------------
    def _profile(self, s: Session, name: str) -> ProfileRow:
        name = clean_profile_name(name)
        row = s.scalar(select(ProfileRow).where(ProfileRow.name == name))
        if row is None:
            row = ProfileRow(name=name, preferences="{}")
            s.add(row)
            s.flush()
        return row

    def profiles(self) -> list[str]:
        with self._sessions() as s:
            return list(s.scalars(select(ProfileRow.name).order_by(ProfileRow.name)))

    def preferences(self, profile: str) -> dict[str, Any]:
        with self._sessions.begin() as s:
            try:
                data = json.loads(self._profile(s, profile).preferences or "{}")
            except json.JSONDecodeError:
                return {}
            return data if isinstance(data, dict) else {}

    def save_preferences(self, profile: str, prefs: Mapping[str, Any]) -> None:
        with self._sessions.begin() as s:
            self._profile(s, profile).preferences = json.dumps(dict(prefs), sort_keys=True)

    # -- lessons --------------------------------------------------------------
    def mark_lesson_completed(self, profile: str, lesson_id: str, at: datetime | None = None) -> bool:
        """Record a completed lesson once; True when it is new."""
        with self._sessions.begin() as s:
            row = self._profile(s, profile)
            exists = s.scalar(
                select(LessonRow).where(LessonRow.profile_id == row.id, LessonRow.lesson_id == lesson_id)
            )
            if exists is not None:
                return False
            s.add(LessonRow(profile_id=row.id, lesson_id=lesson_id, completed_at=at or _now()))
            return True

    def completed_lessons(self, profile: str) -> list[CompletedLesson]:
        with self._sessions.begin() as s:
            row = self._profile(s, profile)
            rows = s.scalars(
                select(LessonRow).where(LessonRow.profile_id == row.id).order_by(LessonRow.completed_at)
            )
            return [CompletedLesson(r.lesson_id, r.completed_at) for r in rows]

    def save_bookmark(self, profile: str, lesson_id: str, hand: int, step: int) -> None:
        with self._sessions.begin() as s:
            row = self._profile(s, profile)
            row.last_lesson, row.last_hand, row.last_step = lesson_id, int(hand), int(step)

    def bookmark(self, profile: str) -> Bookmark | None:
        with self._sessions.begin() as s:
            row = self._profile(s, profile)
            if row.last_lesson is None:
                return None
            return Bookmark(row.last_lesson, row.last_hand or 0, row.last_step or 0)

    # -- quizzes --------------------------------------------------------------
    def record_quiz_answer(
        self, profile: str, topic: str, question_id: str, correct: bool, at: datetime | None = None
    ) -> None:
        with self._sessions.begin() as s:
            row = self._profile(s, profile)
            s.add(QuizRow(profile_id=row.id, topic=topic, question_id=question_id,
                          correct=bool(correct), answered_at=at or _now()))

    def quiz_accuracy(self, profile: str) -> list[TopicAccuracy]:
        """Answers and correct answers per topic, topics in alphabetical order."""
        with self._sessions.begin() as s:
            row = self._profile(s, profile)
            total = func.count(QuizRow.id)
            right = func.sum(cast(QuizRow.correct, Integer))
            rows = s.execute(
                select(QuizRow.topic, total, right)
                .where(QuizRow.profile_id == row.id)
                .group_by(QuizRow.topic)
                .order_by(QuizRow.topic)
            ).all()
            return [TopicAccuracy(topic, int(n), int(c or 0)) for topic, n, c in rows]

    # -- decisions ------------------------------------------------------------
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
        with self._sessions.begin() as s:
            row = self._profile(s, profile)
            s.add(DecisionRow(profile_id=row.id, source=source, ref=ref[:200], action=action[:60],
                              grade=grade, ev_loss_bb=ev_loss_bb, decided_at=at or _now()))

    def decisions(self, profile: str) -> list[DecisionRecord]:
        """Graded decisions, oldest first."""
        with self._sessions.begin() as s:
            row = self._profile(s, profile)
            rows = s.scalars(
                select(DecisionRow).where(DecisionRow.profile_id == row.id)
                .order_by(DecisionRow.decided_at, DecisionRow.id)
            )
            return [DecisionRecord(r.source, r.ref, r.action, r.grade, r.ev_loss_bb, r.decided_at)
                    for r in rows]

    # -- summary --------------------------------------------------------------
    def summary(self, profile: str) -> ProgressSummary:
        with self._sessions.begin() as s:
            row = self._profile(s, profile)
            lessons = s.scalar(select(func.count(LessonRow.id)).where(LessonRow.profile_id == row.id)) or 0
            answered = s.scalar(select(func.count(QuizRow.id)).where(QuizRow.profile_id == row.id)) or 0
            correct = s.scalar(
                select(func.count(QuizRow.id)).where(QuizRow.profile_id == row.id, QuizRow.correct)
            ) or 0
            decisions = s.scalar(
                select(func.count(DecisionRow.id)).where(DecisionRow.profile_id == row.id)
            ) or 0
            bookmark = (
                Bookmark(row.last_lesson, row.last_hand or 0, row.last_step or 0)
                if row.last_lesson is not None else None
            )
            return ProgressSummary(int(lessons), int(answered), int(correct), int(decisions), bookmark)
