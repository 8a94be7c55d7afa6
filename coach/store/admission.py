"""Who may enter a live class (revision 0006; docs/CLASSE.md, «Chi può entrare»): token-bucket
rate limits shared by every app process, closed joins, removed pupils whose names stay blocked.

Kept apart from :mod:`coach.store.live` because it is the defence against a flood or a
guessed code, with its own locking (a bucket's row under ``FOR UPDATE``), not part of
running a lesson.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.engine import Connection

from coach.errors import InvalidInput, StoreError
from coach.i18n import N_
from coach.live import MAX_PUPILS, Bucket, clean_pupil_name, normalise_code
from coach.store.checks import MAX_ROWS, flag_arg, text_arg, utc_now, when_arg, whole_arg
from coach.store.live import LiveStore
from coach.store.records import JoinResult, LivePupil
from coach.store.tables import live_answers, live_classes, live_pupils, rate_limits


class AdmissionStore(LiveStore):
    """Admission to a live class (a mixin of :class:`coach.store.Store`)."""

    # -- rate limits ------------------------------------------------------------------------------
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
        bucket = text_arg(bucket, "bucket", 200)
        capacity = self._rate(capacity, "capacity")
        per_second = self._rate(per_second, "per_second")
        if capacity < 1:
            raise InvalidInput(N_("The store's «{field}» must be at least 1."), field="capacity")
        given = None if at is None else when_arg(at)
        with self._tx(write=True) as conn:
            now = utc_now() if given is None else given
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
        """A pupil's join through the rate limits (:func:`coach.live.join_buckets`): ``throttled``
        with the wait when a bucket is empty, else :meth:`join_class`. Every try takes a token, also
        for a wrong code: guessing codes is as slow as flooding a class."""
        normalise_code(code)
        clean_pupil_name(name)
        refused = self.take_all(buckets, at=at)
        if refused is not None:
            return JoinResult("throttled", wait_s=refused.wait_s())
        return self.join_class(code, name, token, profile=profile, at=at)

    # -- closed joins, removed and blocked names ------------------------------------------------
    def remove_pupil(self, class_id: int, pupil_id: int, secret: str) -> bool:
        """The teacher removes a name (and its answers); the name stays blocked for the class and the
        phone's token no longer works (:meth:`remove_pupils`). True if removed."""
        class_id = whole_arg(class_id, "class_id", 1, 2**62)
        pupil_id = whole_arg(pupil_id, "pupil_id", 1, 2**62)
        with self._tx(write=True) as conn:
            if not self._teacher_owns(conn, class_id, secret):
                return False
            return self._remove(conn, class_id, [pupil_id], utc_now()) == 1

    def set_joins_closed(self, class_id: int, secret: str, closed: bool) -> bool:
        """«Chiudi le iscrizioni» (``closed``) or «Riapri le iscrizioni»: pupils already in stay in.
        True if the class is the teacher's."""
        class_id = whole_arg(class_id, "class_id", 1, 2**62)
        closed = flag_arg(closed, "closed")
        with self._tx(write=True) as conn:
            if not self._teacher_owns(conn, class_id, secret):
                return False
            conn.execute(update(live_classes).where(live_classes.c.id == class_id)
                         .values(joins_closed=closed))
            return True

    def set_class_size(self, class_id: int, secret: str, size: int) -> bool:
        """The teacher sets how many pupils the class takes (1 to :data:`~coach.live.MAX_PUPILS`);
        pupils already in stay in even above it. True if the class is the teacher's."""
        class_id = whole_arg(class_id, "class_id", 1, 2**62)
        size = whole_arg(size, "max_pupils", 1, MAX_PUPILS)
        with self._tx(write=True) as conn:
            if not self._teacher_owns(conn, class_id, secret):
                return False
            conn.execute(update(live_classes).where(live_classes.c.id == class_id).values(max_pupils=size))
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
        class_id = whole_arg(class_id, "class_id", 1, 2**62)
        if isinstance(pupil_ids, (str, bytes)) or not isinstance(pupil_ids, Sequence):
            raise InvalidInput(N_("The store's «{field}» must be a list."), field="pupil_ids")
        ids = sorted({whole_arg(p, "pupil_id", 1, 2**62) for p in pupil_ids})
        if len(ids) > MAX_PUPILS:
            raise InvalidInput(N_("The store's «{field}» has more than {limit} items."), field="pupil_ids",
                               limit=str(MAX_PUPILS))
        now = when_arg(at)
        if not ids:
            return 0
        with self._tx(write=True) as conn:
            if not self._teacher_owns(conn, class_id, secret):
                return 0
            return self._remove(conn, class_id, ids, now)

    def removed_pupils(self, class_id: int, secret: str) -> list[LivePupil]:
        """The names the teacher removed from the class (blocked), for the teacher only."""
        class_id = whole_arg(class_id, "class_id", 1, 2**62)
        with self._tx(write=False) as conn:
            if not self._teacher_owns(conn, class_id, secret):
                return []
            rows = conn.execute(select(live_pupils).where(live_pupils.c.class_id == class_id,
                                                          live_pupils.c.removed_at.is_not(None))
                                .order_by(live_pupils.c.removed_at, live_pupils.c.id).limit(MAX_ROWS)).all()
        return [self._pupil_of(r) for r in rows]

    def unblock_pupil(self, class_id: int, pupil_id: int, secret: str) -> bool:
        """The teacher frees a removed name: it may join again (as a new pupil, with a new phone token)."""
        class_id = whole_arg(class_id, "class_id", 1, 2**62)
        pupil_id = whole_arg(pupil_id, "pupil_id", 1, 2**62)
        with self._tx(write=True) as conn:
            if not self._teacher_owns(conn, class_id, secret):
                return False
            result = conn.execute(delete(live_pupils).where(live_pupils.c.id == pupil_id,
                                                            live_pupils.c.class_id == class_id,
                                                            live_pupils.c.removed_at.is_not(None)))
            return bool(result.rowcount)
