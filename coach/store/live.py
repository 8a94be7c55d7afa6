"""The live class in the database (revision 0004): classes, pupils, votes, answers,
results, and the purge of ended classes.

Pupils on different app processes see the same class because everything is here; every
teacher action checks the class's teacher secret (:meth:`LiveStore._teacher_owns`). The
rules that need no database (codes, names, vote timing) are in :mod:`coach.live`.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Table, delete, func, insert, select, update
from sqlalchemy.engine import Connection

from coach.errors import InvalidInput, StoreError
from coach.i18n import N_
from coach.live import (
    CLASS_OPEN,
    MAX_OPEN_CLASSES,
    MAX_PUPILS,
    MAX_PURGE_DAYS,
    MAX_SECONDS,
    MAX_SPOT,
    MAX_TOKEN,
    PURGE_DAYS_DEFAULT,
    SPOT_HAND,
    SWEEP_EVERY_S,
    AnswerRow,
    SpotRef,
    clean_pupil_name,
    clean_title,
    expiry,
    hand_digest,
    name_key,
    new_join_code,
    normalise_code,
    purge_days,
    verdict_shown,
    vote_open,
)
from coach.store.base import StoreBase
from coach.store.checks import (
    MAX_ACTION,
    MAX_GRADE,
    MAX_HAND_TEXT,
    MAX_ROWS,
    MAX_TEACHER_CLASSES,
    TEACHER_SECRET_BYTES,
    clean_profile_name,
    ev_arg,
    flag_arg,
    secret_arg,
    teacher_key,
    text_arg,
    utc_now,
    when_arg,
    whole_arg,
)
from coach.store.records import (
    ClassLimit,
    ClassResults,
    ClassSnapshot,
    JoinResult,
    LiveClass,
    LivePupil,
    LiveQuestion,
    PurgeCounts,
)
from coach.store.tables import live_answers, live_classes, live_pupils, live_questions


class LiveStore(StoreBase):
    """The live class's side of the store (a mixin of :class:`coach.store.Store`)."""

    @staticmethod
    def _class_of(row: Any) -> LiveClass:
        return LiveClass(row.id, row.code, row.teacher, row.title, row.created_at, row.expires_at,
                         row.closed_at, bool(row.joins_closed), int(row.max_pupils or MAX_PUPILS))

    @staticmethod
    def _question_of(row: Any) -> LiveQuestion:
        return LiveQuestion(row.id, row.class_id, row.number, row.spot, row.opened_at, row.closes_at,
                            row.closed_at, row.hand)

    def create_class(self, teacher: str, title: str = "", *, hours: int = 3, max_pupils: int | None = None,
                     at: datetime | None = None) -> LiveClass:
        """A new class with a fresh join code (a code already taken is drawn again) and a fresh
        teacher secret, returned once in ``teacher_secret``: only its hash is stored, so the
        caller must keep it (the teacher's cookie and link); every teacher action asks for it.

        ``teacher`` is the creating profile, kept for «your classes» and limits, not for access.
        """
        name = clean_profile_name(teacher)
        title = clean_title(title)
        size = None if max_pupils is None else whole_arg(max_pupils, "max_pupils", 1, MAX_PUPILS)
        now = when_arg(at)
        ends = expiry(now, hours)
        secret = secrets.token_urlsafe(TEACHER_SECRET_BYTES)
        with self._tx(write=True) as conn:
            self._check_open_limit(conn, name, now)
            for _ in range(20):  # 887 million codes: a clash is rare, twenty in a row is impossible
                code = new_join_code()
                values = {"code": code, "teacher": name, "title": title, "created_at": now,
                          "expires_at": ends, "closed_at": None, "teacher_key": teacher_key(secret),
                          "max_pupils": size}
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
        limit = whole_arg(limit, "limit", 1, 1000)
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
        by_key = {teacher_key(s): s for s in map(secret_arg, teacher_secrets) if s is not None}
        if not by_key:
            return {}
        with self._tx(write=False) as conn:
            rows = conn.execute(select(live_classes).where(live_classes.c.teacher_key.in_(list(by_key)))
                                .order_by(live_classes.c.created_at.desc(), live_classes.c.id.desc())).all()
        return {by_key[r.teacher_key]: self._class_of(r) for r in rows}

    def close_class(self, code: str, secret: str, at: datetime | None = None) -> str | None:
        """The teacher ends the class: pupils can no longer join or answer, and the teacher secret
        ends with it. Returns the class's new secret (only the closing browser gets it: results and
        «Riapri la classe» need it), so a link or a device that held the old one, a leaked link
        included, opens nothing any more. None if the class was not open or ``secret`` is not its
        teacher's."""
        code = normalise_code(code)
        given = None if at is None else when_arg(at)
        with self._tx(write=True) as conn:
            cls = conn.execute(select(live_classes.c.id).where(live_classes.c.code == code)).first()
            if cls is None or not self._teacher_owns(conn, cls.id, secret):
                return None
            now = self._lock_open_votes(conn, live_questions.c.class_id == cls.id, given)
            conn.execute(update(live_questions).where(live_questions.c.class_id == cls.id,
                                                      live_questions.c.closed_at.is_(None))
                         .values(closed_at=now))
            result = conn.execute(update(live_classes).where(live_classes.c.id == cls.id,
                                                             live_classes.c.closed_at.is_(None))
                                  .values(closed_at=now))
            return self._rotate(conn, cls.id) if result.rowcount else None

    def new_teacher_secret(self, code: str, secret: str) -> str | None:
        """«Nuovo link dell'insegnante»: the class gets a new teacher secret, returned once; the old one
        (a leaked link, another device that opened it) stops working at once. None if ``secret`` is
        not the class's teacher's."""
        code = normalise_code(code)
        with self._tx(write=True) as conn:
            cls = conn.execute(select(live_classes.c.id).where(live_classes.c.code == code)).first()
            if cls is None or not self._teacher_owns(conn, cls.id, secret):
                return None
            return self._rotate(conn, cls.id)

    @staticmethod
    def _rotate(conn: Connection, class_id: int) -> str:
        fresh = secrets.token_urlsafe(TEACHER_SECRET_BYTES)
        conn.execute(update(live_classes).where(live_classes.c.id == class_id)
                     .values(teacher_key=teacher_key(fresh)))
        return fresh

    def join_class(self, code: str, name: str, token: str, *, profile: str | None = None,
                   at: datetime | None = None) -> JoinResult:
        """A pupil joins with a display name; the same ``token`` coming back is the same pupil.

        The name's uniqueness in the class is the database's unique key (one
        ``INSERT ... ON CONFLICT DO NOTHING``): two phones typing «Anna» at the
        same moment get one ``joined`` and one ``duplicate``.
        """
        code = normalise_code(code)
        shown = clean_pupil_name(name)
        token = text_arg(token, "token", MAX_TOKEN)
        owner = None if profile is None else clean_profile_name(profile)
        now = when_arg(at)
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
            if int(count or 0) >= cls.max_pupils:  # the size the teacher set (at most MAX_PUPILS)
                return JoinResult("full", live_class=cls)
            key = name_key(shown)
            values = {"class_id": cls.id, "name": shown, "name_key": key, "token": token,
                      "profile": owner, "joined_at": now}
            if not self._insert_ignore(conn, live_pupils, values, ("class_id", "name_key")):
                taken = conn.execute(select(live_pupils).where(
                    live_pupils.c.class_id == cls.id, live_pupils.c.name_key == key)).first()
                if taken is not None and taken.removed_at is None and owner is not None \
                        and taken.profile == owner:  # the same phone (its signed profile) in a new tab
                    return JoinResult("rejoined", self._pupil_of(taken), cls)
                return JoinResult("duplicate" if taken is None or taken.removed_at is None else "blocked",
                                  live_class=cls)
            new = conn.execute(select(live_pupils).where(live_pupils.c.token == token)).one()
            return JoinResult("joined", self._pupil_of(new), cls)

    @staticmethod
    def _pupil_of(row: Any) -> LivePupil:
        return LivePupil(row.id, row.class_id, row.name, row.token, row.profile)

    def pupil_of_profile(self, code: str, profile: str) -> LivePupil | None:
        """This browser's pupil in class ``code`` (its signed profile joined it, not removed): a pupil
        who opens the class link again in a new tab is the same pupil, not a name «già preso»."""
        code = normalise_code(code)
        owner = clean_profile_name(profile)
        with self._tx(write=False) as conn:
            joined = live_pupils.join(live_classes, live_classes.c.id == live_pupils.c.class_id)
            row = conn.execute(select(live_pupils).select_from(joined)
                               .where(live_classes.c.code == code, live_pupils.c.profile == owner,
                                      live_pupils.c.removed_at.is_(None))
                               .order_by(live_pupils.c.joined_at.desc()).limit(1)).first()
        return None if row is None else self._pupil_of(row)

    def pupil(self, token: str) -> LivePupil | None:
        """The pupil this phone is (its token), None if unknown or removed by the teacher."""
        token = text_arg(token, "token", MAX_TOKEN)
        with self._tx(write=False) as conn:
            row = conn.execute(select(live_pupils).where(live_pupils.c.token == token,
                                                         live_pupils.c.removed_at.is_(None))).first()
        return None if row is None else self._pupil_of(row)

    def class_pupils(self, class_id: int, secret: str) -> list[LivePupil] | None:
        """The class's pupils (their names and phone tokens) for its teacher; None for anyone else."""
        class_id = whole_arg(class_id, "class_id", 1, 2**62)
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
        given = secret_arg(secret)
        stored = conn.scalar(select(live_classes.c.teacher_key).where(live_classes.c.id == class_id))
        if given is None or not isinstance(stored, str) or not stored:
            return False
        return hmac.compare_digest(stored.encode("ascii"), teacher_key(given).encode("ascii"))

    def open_question(self, class_id: int, spot: str, secret: str, *, seconds: int | None = None,
                      hand: str | None = None, at: datetime | None = None) -> LiveQuestion | None:
        """Open a vote on ``spot`` (the previous one, if still open, closes). None: not the teacher's
        class, or the class is over.

        ``hand``: the PHH text of a ``phh:`` spot (required there, and its digest must be the
        spot's; refused for any other spot)."""
        class_id = whole_arg(class_id, "class_id", 1, 2**62)
        spot = text_arg(spot, "spot", MAX_SPOT)
        if hand is not None:
            hand = text_arg(hand, "hand", MAX_HAND_TEXT, lines=True)
        if spot.startswith(SPOT_HAND + ":"):
            ref = SpotRef.parse(spot)
            if hand is None or hand_digest(hand) != ref.lesson:
                raise InvalidInput(N_("The store's «{field}» does not match the spot {spot}."), field="hand",
                                   spot=spot[:60])
        elif hand is not None:
            raise InvalidInput(N_("The store's «{field}» does not match the spot {spot}."), field="hand",
                               spot=spot[:60])
        if seconds is not None:
            seconds = whole_arg(seconds, "seconds", 5, MAX_SECONDS)
        given = None if at is None else when_arg(at)
        with self._tx(write=True) as conn:
            row = conn.execute(select(live_classes).where(live_classes.c.id == class_id)).first()
            if row is None or not self._teacher_owns(conn, class_id, secret):
                return None
            if self._class_of(row).state(utc_now() if given is None else given) != CLASS_OPEN:
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
        question_id = whole_arg(question_id, "question_id", 1, 2**62)
        given = None if at is None else when_arg(at)
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

    def show_verdict(self, question_id: int, secret: str, at: datetime | None = None) -> bool:
        """«Mostra il verdetto»: from now on the projector and the phones show the grades of this vote.
        Only a closed vote (an open one is refused: the class is still answering); marked without a
        new column (:func:`coach.live.verdict_shown`). True if marked, or marked already."""
        question_id = whole_arg(question_id, "question_id", 1, 2**62)
        now = when_arg(at)
        with self._tx(write=True) as conn:
            row = conn.execute(select(live_questions).where(live_questions.c.id == question_id)).first()
            if row is None or not self._teacher_owns(conn, row.class_id, secret):
                return False
            if verdict_shown(row.opened_at, row.closes_at):
                return True
            if vote_open(row.closed_at, row.closes_at, now):
                return False
            closed = row.closed_at if row.closed_at is not None else row.closes_at
            conn.execute(update(live_questions).where(live_questions.c.id == question_id)
                         .values(closes_at=row.opened_at, closed_at=closed))
            return True

    def reopen_class(self, code: str, secret: str, at: datetime | None = None) -> bool:
        """Undo «Chiudi la classe» (a class ended by mistake): pupils can join and answer again, until
        the class's own end. True if reopened; False when it is not closed, its time is over, or
        ``secret`` is not its teacher's (raises :class:`ClassLimit` past the open classes' limit)."""
        code = normalise_code(code)
        now = when_arg(at)
        with self._tx(write=True) as conn:
            row = conn.execute(select(live_classes).where(live_classes.c.code == code)).first()
            if row is None or row.closed_at is None or now >= row.expires_at \
                    or not self._teacher_owns(conn, row.id, secret):
                return False
            self._check_open_limit(conn, row.teacher, now)
            result = conn.execute(update(live_classes).where(live_classes.c.id == row.id,
                                                             live_classes.c.closed_at.isnot(None))
                                  .values(closed_at=None))
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
        return utc_now() if given is None else given

    def snapshot(self, code: str, at: datetime | None = None) -> ClassSnapshot | None:
        """The class, its latest question and the counts, in one read (the ~1 s poll)."""
        code = normalise_code(code)
        now = when_arg(at)
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
        question_id = whole_arg(question_id, "question_id", 1, 2**62)
        pupil_id = whole_arg(pupil_id, "pupil_id", 1, 2**62)
        answer = text_arg(answer, "answer", MAX_ACTION)
        grade = None if grade is None else text_arg(grade, "grade", MAX_GRADE)
        ev = ev_arg(ev_loss_bb)
        given = None if at is None else when_arg(at)
        with self._tx(write=True) as conn:
            # The vote must still be open when this answer commits: the question's row is read
            # FOR SHARE (answers share the lock, so they do not wait for one another), and a
            # teacher's close (an UPDATE of that row) waits until the answers in flight commit;
            # an answer that comes after the close's commit reads the row closed. SQLite has
            # one writer at a time (BEGIN IMMEDIATE): there the race cannot happen.
            q = conn.execute(self._for_share(select(live_questions).where(
                live_questions.c.id == question_id))).first()
            now = utc_now() if given is None else given  # read under the lock: never after the close
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
        question_id = whole_arg(question_id, "question_id", 1, 2**62)
        pupil_id = whole_arg(pupil_id, "pupil_id", 1, 2**62)
        a, p, q = live_answers, live_pupils, live_questions
        with self._tx(write=False) as conn:
            row = conn.execute(select(q.c.number, p.c.name, a.c.answer, a.c.grade, a.c.ev_loss_bb)
                               .join(p, p.c.id == a.c.pupil_id).join(q, q.c.id == a.c.question_id)
                               .where(a.c.question_id == question_id, a.c.pupil_id == pupil_id)).first()
        return None if row is None else AnswerRow(*row)

    def question_answers(self, question_id: int, secret: str) -> list[AnswerRow] | None:
        """Every answer to a vote, with the pupils' names, for the class's teacher; None for anyone
        else (a phone reads only its own answer, :meth:`class_answer`, and the counts, :meth:`snapshot`)."""
        question_id = whole_arg(question_id, "question_id", 1, 2**62)
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
        class_id = whole_arg(class_id, "class_id", 1, 2**62)
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

    # -- the purge of ended classes ---------------------------------------------------------------
    def purge_classes(self, *, days: int = PURGE_DAYS_DEFAULT, dry_run: bool = False,
                      at: datetime | None = None) -> PurgeCounts:
        """Delete the classes that ended (closed, or expired) more than ``days`` ago, with their
        pupils (removed ones too), questions (the pasted hands) and answers; what was deleted.

        ``dry_run``: count only, delete nothing. Open classes and recently ended ones are never
        touched: their results CSV stays downloadable until the purge.
        """
        days = whole_arg(days, "days", 1, MAX_PURGE_DAYS)
        dry_run = flag_arg(dry_run, "dry_run")
        cutoff = when_arg(at) - timedelta(days=days)
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
        now = when_arg(at)
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
