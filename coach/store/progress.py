"""A learner's progress: the profile and its identity, lessons and bookmarks, answers,
quizzes, graded decisions, review cards, practice hands and the daily habit.

A profile is addressed by name and created by its first write; a read of an unknown
profile returns nothing and creates nothing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, tzinfo
from typing import Any

from sqlalchemy import Table, case, delete, func, insert, select, update

from coach.errors import InvalidInput
from coach.i18n import N_
from coach.store.base import StoreBase
from coach.store.checks import (
    MAX_ACTION,
    MAX_CARD_SPOT,
    MAX_CHIPS,
    MAX_GRADE,
    MAX_GRADES_JSON,
    MAX_HAND_TEXT,
    MAX_KEY,
    MAX_LESSON_ID,
    MAX_POSITION,
    MAX_PRACTICE_HANDS,
    MAX_PRACTICE_STATE,
    MAX_PREFERENCES,
    MAX_QUESTION_ID,
    MAX_REF,
    MAX_ROWS,
    MAX_SCHEDULE,
    MAX_SOURCE,
    MAX_TOPIC,
    clean_display_name,
    clean_profile_name,
    digest_arg,
    ev_arg,
    flag_arg,
    text_arg,
    when_arg,
    whole_arg,
)
from coach.store.records import (
    Bookmark,
    CompletedLesson,
    DecisionRecord,
    LessonAnswer,
    PracticeHand,
    ProfileIdentity,
    ProgressSummary,
    ReviewCard,
    TopicAccuracy,
)
from coach.store.tables import (
    completed_lessons,
    decision_grades,
    lesson_answers,
    practice_hands,
    practice_sessions,
    profiles,
    quiz_answers,
    review_cards,
)


class ProgressStore(StoreBase):
    """The learner's side of the store (a mixin of :class:`coach.store.Store`)."""

    # -- profiles and preferences ------------------------------------------------------------
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
        text_arg(text, "preferences", MAX_PREFERENCES)
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
        when = when_arg(at)
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
        digest = digest_arg(digest)
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
        digest = digest_arg(digest)
        with self._tx(write=False) as conn:
            found = conn.scalar(select(profiles.c.name).where(profiles.c.transfer_hash == digest))
        return str(found) if found is not None else None

    # -- lessons ------------------------------------------------------------------------------
    def mark_lesson_completed(self, profile: str, lesson_id: str, at: datetime | None = None) -> bool:
        """Record a completed lesson once; True when it is new (idempotent under races)."""
        name = clean_profile_name(profile)
        lesson_id = text_arg(lesson_id, "lesson_id", MAX_LESSON_ID)
        when = when_arg(at)
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
        lesson_id = text_arg(lesson_id, "lesson_id", MAX_LESSON_ID)
        hand = whole_arg(hand, "hand", -1, MAX_POSITION)
        step = whole_arg(step, "step", 0, MAX_POSITION)
        place = {"last_lesson": lesson_id, "last_hand": hand, "last_step": step}
        with self._tx(write=True) as conn:
            # Written at every step of a lesson's hand: one statement for a profile that exists (issue 28),
            # the profile made first only for a new one.
            if conn.execute(update(profiles).where(profiles.c.name == name).values(**place)).rowcount == 1:
                return
            pid = self._ensure_profile(conn, name)
            conn.execute(update(profiles).where(profiles.c.id == pid).values(**place))

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
        key = text_arg(key, "answer_key", MAX_KEY)
        answer = text_arg(answer, "answer", MAX_ACTION)
        flag = None if correct is None else flag_arg(correct, "correct")
        when = when_arg(at)
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
        checked = [text_arg(k, "answer_key", MAX_KEY) for k in keys]
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
        values = {"topic": text_arg(topic, "topic", MAX_TOPIC),
                  "question_id": text_arg(question_id, "question_id", MAX_QUESTION_ID),
                  "correct": flag_arg(correct, "correct"), "answered_at": when_arg(at)}
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

    def questions_right(self, profile: str) -> set[str]:
        """The lesson questions (``lesson/question``) this profile answered right at least once.

        Read from every answer ever given, not the last one: a lesson stays «completata» after
        «Rispondi di nuovo», and a question got right in «Ripasso» counts as the lesson's own.
        """
        name = clean_profile_name(profile)
        q = quiz_answers
        with self._tx(write=False) as conn:
            rows = conn.scalars(
                select(q.c.question_id).distinct().join(profiles, profiles.c.id == q.c.profile_id)
                .where(profiles.c.name == name, q.c.correct.is_(True), q.c.question_id.contains("/"))
                .limit(MAX_ROWS)).all()
        return set(rows)

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
        values = {"grade": text_arg(grade, "grade", MAX_GRADE),
                  "source": text_arg(source, "source", MAX_SOURCE),
                  "ref": text_arg(ref, "ref", MAX_REF, allow_empty=True),
                  "action": text_arg(action, "action", MAX_ACTION, allow_empty=True),
                  "ev_loss_bb": ev_arg(ev_loss_bb), "decided_at": when_arg(at)}
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

    # -- review cards (the learning loop; scheduling is coach.learning.review's, i.e. the fsrs library's) --
    def save_review_card(self, profile: str, key: str, *, source: str, ref: str, spot: str, action: str,
                         grade: str, schedule: str, due: datetime, reviewed: bool = False,
                         at: datetime | None = None) -> bool:
        """Create the card ``key`` or, if the learner has it already, store its new state.

        ``reviewed`` counts one more review (an answer on the review page or the
        same mistake made again). True when the card is new.
        """
        name = clean_profile_name(profile)
        key = text_arg(key, "card_key", MAX_KEY)
        values = {"source": text_arg(source, "source", MAX_SOURCE), "ref": text_arg(ref, "ref", MAX_REF),
                  "spot": text_arg(spot, "spot", MAX_CARD_SPOT),
                  "action": text_arg(action, "action", MAX_ACTION, allow_empty=True),
                  "grade": text_arg(grade, "grade", MAX_GRADE),
                  "schedule": text_arg(schedule, "schedule", MAX_SCHEDULE), "due": when_arg(due)}
        when = when_arg(at)
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
        key = text_arg(key, "card_key", MAX_KEY)
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
            query = query.where(review_cards.c.due <= when_arg(due_by))
        with self._tx(write=False) as conn:
            rows = conn.execute(query.order_by(review_cards.c.due, review_cards.c.id).limit(MAX_ROWS)).all()
        return [ReviewCard(*row) for row in rows]

    def count_due_cards(self, profile: str, due_by: datetime | None = None) -> int:
        name = clean_profile_name(profile)
        r = review_cards
        with self._tx(write=False) as conn:
            return int(conn.scalar(
                select(func.count(r.c.id)).join(profiles, profiles.c.id == r.c.profile_id)
                .where(profiles.c.name == name, r.c.due <= when_arg(due_by))) or 0)

    def delete_review_card(self, profile: str, key: str) -> bool:
        """«Togli dal ripasso»: the learner drops a card (a spot they no longer want to see)."""
        name = clean_profile_name(profile)
        key = text_arg(key, "card_key", MAX_KEY)
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
        text = text_arg(phh, "phh", MAX_HAND_TEXT, lines=True)
        seat = whole_arg(hero_seat, "hero_seat", 0, 22)
        result = whole_arg(result_chips, "result_chips", -MAX_CHIPS, MAX_CHIPS)
        bb = whole_arg(big_blind, "big_blind", 1, MAX_CHIPS)
        try:
            graded = json.dumps([dict(g) for g in grades], ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError) as err:
            raise InvalidInput(N_("The store's «{field}» must be plain data, not {value}."), field="grades",
                               value=repr(grades)[:40]) from err
        text_arg(graded, "grades", MAX_GRADES_JSON)
        h = practice_hands
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            new_id = conn.execute(insert(h).values(profile_id=pid, played_at=when_arg(at), phh=text,
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
        limit = whole_arg(limit, "limit", 1, MAX_PRACTICE_HANDS)
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

    # -- the practice table in progress ---------------------------------------------------------
    def save_practice_session(self, profile: str, state: str, *, at: datetime | None = None) -> None:
        """Keep ``profile``'s practice table in progress (JSON), replacing the one kept before.

        Written after each move, so a reload of «Pratica» finds the hand where it was.
        """
        name = clean_profile_name(profile)
        text = text_arg(state, "state", MAX_PRACTICE_STATE)
        s = practice_sessions
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            done = conn.execute(update(s).where(s.c.profile_id == pid)
                                .values(state=text, updated_at=when_arg(at))).rowcount
            if not done:
                conn.execute(insert(s).values(profile_id=pid, state=text, updated_at=when_arg(at)))

    def practice_session(self, profile: str) -> str | None:
        """``profile``'s practice table in progress as saved, or None."""
        name = clean_profile_name(profile)
        s = practice_sessions
        with self._tx(write=False) as conn:
            row = conn.execute(select(s.c.state).join(profiles, profiles.c.id == s.c.profile_id)
                               .where(profiles.c.name == name)).first()
        return None if row is None else str(row[0])

    def drop_practice_session(self, profile: str) -> bool:
        """The learner left the table (or it could not be rebuilt): forget it; True if one was kept."""
        name = clean_profile_name(profile)
        with self._tx(write=True) as conn:
            pid = self._profile_id(conn, name)
            if pid is None:
                return False
            return bool(conn.execute(delete(practice_sessions)
                                     .where(practice_sessions.c.profile_id == pid)).rowcount)

    # -- the daily habit -----------------------------------------------------------------------
    def decision_days(self, profile: str, since: datetime, tz: tzinfo = UTC) -> dict[str, int]:
        """Graded decisions per day (ISO date in ``tz``, the learner's) since ``since``: goal and streak."""
        name = clean_profile_name(profile)
        d = decision_grades
        with self._tx(write=False) as conn:
            times = conn.scalars(
                select(d.c.decided_at).join(profiles, profiles.c.id == d.c.profile_id)
                .where(profiles.c.name == name, d.c.decided_at >= when_arg(since)).limit(MAX_ROWS)).all()
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
