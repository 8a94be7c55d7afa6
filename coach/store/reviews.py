"""Session review jobs (revision 0009): created by the page, advanced by a queue worker, read back.

The task queue (huey, :mod:`coach.review.jobs`) carries the work; this table carries what
the learner sees: how far the job is, whether it was cancelled, its result. Progress and
the cancel check are one statement (:meth:`ReviewJobStore.advance_review_job`): the worker's
update of ``done`` only lands while the job is still ``running``, so a job cancelled by the
page (any app process) stops at the next hand, with no flag to poll apart.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Connection

from coach.errors import Busy, InvalidInput
from coach.i18n import N_
from coach.store.base import StoreBase
from coach.store.checks import clean_profile_name, utc_now
from coach.store.tables import MAX_ADDRESS, profiles, review_jobs

__all__ = ["ABANDONED_S", "JOB_STATUSES", "MAX_RESULT_JSON", "REVIEWS_PER_ADDRESS", "REVIEWS_PER_PROFILE",
           "ReviewJob", "ReviewJobStore", "delete_jobs_of"]

JOB_STATUSES = ("queued", "running", "done", "cancelled", "failed")
FINISHED = ("done", "cancelled", "failed")
UNDER_WAY = ("queued", "running")
# One review running and one waiting per profile, and as many per client address (a tab without the
# cookie is a new profile; the address is the same). A school behind one NAT raises the address's
# allowance (COACH_REVIEWS_PER_ADDRESS, docs/DEPLOY.md); an unknown address (a proxy on the same
# machine) is not counted.
REVIEWS_PER_PROFILE = 2
REVIEWS_PER_ADDRESS = 2
ABANDONED_S = 120.0  # a review whose page has not looked at it for this long is cancelled at its next chunk
ABANDONED = "abandoned"  # the result of such a review: the page says why it stopped
TOO_MANY_OF_PROFILE = N_("You already have an analysis running and one waiting: wait for one to end, or "
                         "cancel it, before you start another.")
TOO_MANY_OF_ADDRESS = N_("Too many analyses are under way from your connection: wait for one to end before "
                         "you start another.")
MAX_RESULT_JSON = 8 * 1024 * 1024  # a review of 5,000 hands is about 3 MB of JSON


@dataclass(frozen=True)
class ReviewJob:
    id: int
    profile: str
    status: str
    done: int
    total: int
    created: datetime
    result: dict[str, Any] | None

    @property
    def finished(self) -> bool:
        return self.status in FINISHED

    @property
    def abandoned(self) -> bool:
        """Cancelled by the worker because no page looked at it for :data:`ABANDONED_S`."""
        return self.status == "cancelled" and bool((self.result or {}).get(ABANDONED))


TOUCH_EVERY_S = 5.0


def _address(value: str | None) -> str | None:
    """The client address as kept (clipped to the column; None: unknown, never counted)."""
    return (value or "").strip()[:MAX_ADDRESS] or None


def _count(value: int, field: str) -> int:
    if type(value) is not int or not 0 <= value <= 10**6:
        raise InvalidInput(N_("The field {field} must be a whole number from 0 to a million."), field=field)
    return value


def delete_jobs_of(conn: Connection, profile_id: int) -> int:
    """Delete every review job of the profile, results included; how many.

    A queued or running job goes too, and that is its cancel: the worker's next progress
    write (:meth:`ReviewJobStore.advance_review_job`) or its final write finds no running row,
    so it stops and stores nothing, and a queued job's worker finds no row to start.
    """
    return int(conn.execute(delete(review_jobs).where(review_jobs.c.profile_id == profile_id)).rowcount or 0)


class ReviewJobStore(StoreBase):
    """The ``review_jobs`` table: one row per session review a learner started."""

    def create_review_job(self, profile: str, total: int, *, address: str | None = None,
                          per_profile: int = REVIEWS_PER_PROFILE,
                          per_address: int = REVIEWS_PER_ADDRESS) -> int:
        """A new queued job, unless the profile or the client address has its share under way
        (raises :class:`~coach.errors.Busy`). The profile's row is locked (PostgreSQL) while counting,
        so two app processes cannot both let a third review of one profile in."""
        name = clean_profile_name(profile)
        where = _address(address)
        total = _count(total, "total")
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            conn.execute(select(profiles.c.id).where(profiles.c.id == pid).with_for_update())
            mine = conn.scalar(select(func.count(review_jobs.c.id)).where(
                review_jobs.c.profile_id == pid, review_jobs.c.status.in_(UNDER_WAY))) or 0
            if mine >= per_profile:
                raise Busy(TOO_MANY_OF_PROFILE)
            if where is not None:
                theirs = conn.scalar(select(func.count(review_jobs.c.id)).where(
                    review_jobs.c.address == where, review_jobs.c.status.in_(UNDER_WAY))) or 0
                if theirs >= per_address:
                    raise Busy(TOO_MANY_OF_ADDRESS)
            now = utc_now()
            job_id = conn.execute(insert(review_jobs).values(
                profile_id=pid, status="queued", done=0, total=total, created=now, seen=now,
                address=where).returning(review_jobs.c.id)).scalar_one()
        return int(job_id)

    def touch_review_jobs(self, profile: str) -> None:
        """The page looks at the learner's reviews (its progress fragment, each second): the running
        one and the waiting one are still wanted.

        Written at most every few seconds (the ``seen`` condition), so a page watching costs a
        statement that usually changes nothing."""
        cutoff = utc_now() - timedelta(seconds=TOUCH_EVERY_S)
        name = clean_profile_name(profile)
        with self._tx(write=True) as conn:
            pid = self._profile_id(conn, name)
            if pid is None:
                return
            conn.execute(update(review_jobs).where(
                review_jobs.c.profile_id == pid, review_jobs.c.status.in_(UNDER_WAY),
                review_jobs.c.seen < cutoff).values(seen=utc_now()))

    def watched_review_job(self, job_id: int, *, abandoned_s: float = ABANDONED_S) -> bool:
        """Whether a page looked at the job within ``abandoned_s`` (a job from before revision 0012,
        with no ``seen``, counts as watched)."""
        with self._tx(write=False) as conn:
            seen = conn.scalar(select(review_jobs.c.seen).where(review_jobs.c.id == _count(job_id, "job")))
        return seen is None or seen >= utc_now() - timedelta(seconds=abandoned_s)

    def review_job(self, job_id: int, profile: str | None = None) -> ReviewJob | None:
        """The job, or None (also when ``profile`` is given and the job is somebody else's)."""
        q = (select(review_jobs, profiles.c.name).join(profiles, profiles.c.id == review_jobs.c.profile_id)
             .where(review_jobs.c.id == _count(job_id, "job")))
        if profile is not None:
            q = q.where(profiles.c.name == clean_profile_name(profile))
        with self._tx(write=False) as conn:
            row = conn.execute(q).first()
        return None if row is None else self._job(row)

    def latest_review_job(self, profile: str) -> ReviewJob | None:
        """The learner's last review (what the page resumes after a reload)."""
        name = clean_profile_name(profile)
        with self._tx(write=False) as conn:
            row = conn.execute(
                select(review_jobs, profiles.c.name).join(profiles, profiles.c.id == review_jobs.c.profile_id)
                .where(profiles.c.name == name).order_by(review_jobs.c.id.desc()).limit(1)).first()
        return None if row is None else self._job(row)

    @staticmethod
    def _job(row: Any) -> ReviewJob:
        m = row._mapping
        result = json.loads(m["result"]) if m["result"] else None
        return ReviewJob(int(m["id"]), str(m["name"]), str(m["status"]), int(m["done"]), int(m["total"]),
                         m["created"], result)

    def start_review_job(self, job_id: int) -> bool:
        """queued -> running; False when the job was cancelled (or is not queued) meanwhile."""
        with self._tx(write=True) as conn:
            res = conn.execute(update(review_jobs).where(review_jobs.c.id == _count(job_id, "job"),
                                                         review_jobs.c.status == "queued")
                               .values(status="running"))
        return bool(res.rowcount == 1)

    def advance_review_job(self, job_id: int, done: int, total: int | None = None) -> bool:
        """Progress, and the cancel check in the same statement: False when the job no longer runs.

        ``total`` corrects the count the page guessed from the files once the worker has
        read them (a room's file may hold hands of other games, a PHH file fewer sections).
        """
        values = {"done": _count(done, "done")}
        if total is not None:
            values["total"] = _count(total, "total")
        with self._tx(write=True) as conn:
            res = conn.execute(update(review_jobs).where(review_jobs.c.id == _count(job_id, "job"),
                                                         review_jobs.c.status == "running")
                               .values(**values))
        return bool(res.rowcount == 1)

    def finish_review_job(self, job_id: int, status: str, result: dict[str, Any] | None) -> bool:
        """Store the outcome of a running job; False when it had been cancelled (nothing stored)."""
        if status not in FINISHED:
            raise InvalidInput(N_("Unknown job status {status}."), status=status)
        text = json.dumps(result, ensure_ascii=False) if result is not None else None
        if text is not None and len(text) > MAX_RESULT_JSON:
            raise InvalidInput(N_("The review is too large to be kept."))
        with self._tx(write=True) as conn:
            res = conn.execute(update(review_jobs).where(review_jobs.c.id == _count(job_id, "job"),
                                                         review_jobs.c.status.in_(("queued", "running")))
                               .values(status=status, result=text))
        return bool(res.rowcount == 1)

    def cancel_review_job(self, job_id: int, profile: str) -> bool:
        """The learner's «Annulla»: a queued or running job of theirs becomes cancelled."""
        name = clean_profile_name(profile)
        with self._tx(write=True) as conn:
            pid = self._profile_id(conn, name)
            if pid is None:
                return False
            res = conn.execute(update(review_jobs).where(
                review_jobs.c.id == _count(job_id, "job"), review_jobs.c.profile_id == pid,
                review_jobs.c.status.in_(("queued", "running"))).values(status="cancelled"))
        return bool(res.rowcount == 1)

    def count_review_jobs(self, profile: str) -> int:
        """How many session reviews the profile keeps (any status)."""
        name = clean_profile_name(profile)
        with self._tx(write=False) as conn:
            return int(conn.scalar(select(func.count(review_jobs.c.id))
                                   .join(profiles, profiles.c.id == review_jobs.c.profile_id)
                                   .where(profiles.c.name == name)) or 0)

    def delete_review_jobs(self, profile: str) -> int:
        """Every session review of the profile goes, a running one cancelled by it; how many."""
        name = clean_profile_name(profile)
        with self._tx(write=True) as conn:
            pid = self._profile_id(conn, name)
            return 0 if pid is None else delete_jobs_of(conn, pid)
