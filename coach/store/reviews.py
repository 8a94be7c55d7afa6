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
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Connection

from coach.errors import InvalidInput
from coach.i18n import N_
from coach.store.base import StoreBase
from coach.store.checks import clean_profile_name, utc_now
from coach.store.tables import profiles, review_jobs

__all__ = ["JOB_STATUSES", "MAX_RESULT_JSON", "ReviewJob", "ReviewJobStore", "delete_jobs_of"]

JOB_STATUSES = ("queued", "running", "done", "cancelled", "failed")
FINISHED = ("done", "cancelled", "failed")
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

    def create_review_job(self, profile: str, total: int) -> int:
        name = clean_profile_name(profile)
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            job_id = conn.execute(insert(review_jobs).values(
                profile_id=pid, status="queued", done=0, total=_count(total, "total"),
                created=utc_now()).returning(review_jobs.c.id)).scalar_one()
        return int(job_id)

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
