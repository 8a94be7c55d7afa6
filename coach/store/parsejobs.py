"""Parse jobs (revision 0010): a hand file a page (Replayer, live class, «Le mie mani») gave a worker.

The page creates the row and enqueues the raw file (:mod:`coach.review.parsejobs`); the worker
moves it to ``running`` and writes what it read: the hands as normalized PHH and the room's
report, or the refusal with its rule. The row is the page's state: a reload, or another app
process, finds the learner's last job of the page (``purpose``) and shows its result. An import
into «Le mie mani» (``import``) then moves from ``done`` to ``saved`` in the transaction that keeps
its hands (:func:`claim_parse_job`), so they are kept once however often the page finds the job.

A profile keeps only its last job of each page: creating one deletes the earlier ones (the file's
hands are the learner's data, not a history to keep), and «Elimina le mie mani» deletes them all
(:func:`delete_parse_jobs_of`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Connection

from coach.errors import Busy, InvalidInput
from coach.i18n import N_
from coach.store.base import StoreBase
from coach.store.checks import clean_profile_name, utc_now
from coach.store.tables import MAX_ADDRESS, parse_jobs, profiles

__all__ = ["MAX_PARSE_RESULT_JSON", "PARSES_PER_ADDRESS", "PURPOSES", "ParseJob", "ParseJobStore",
           "claim_parse_job", "delete_parse_jobs_of"]

PURPOSES = ("replayer", "live", "import")
FINISHED = ("done", "failed", "saved")  # saved: an import whose hands «Le mie mani» kept
MAX_PARSE_RESULT_JSON = 16 * 1024 * 1024  # 1 MB of hands as normalized PHH, its report, in JSON
# Files being read at once for one client address (a profile has one per page already): twelve tabs of
# one pupil pasting 1 MB files take their turns instead of the whole files lane. Unknown addresses (a
# proxy on the same machine) are not counted; the size lanes of coach.review.parsejobs still keep a
# small paste apart from big files.
PARSES_PER_ADDRESS = 3
TOO_MANY_FILES = N_("Too many files are being read for your connection right now: wait a few seconds and "
                    "try again.")


@dataclass(frozen=True)
class ParseJob:
    id: int
    profile: str
    purpose: str
    status: str
    created: datetime
    result: dict[str, Any] | None

    @property
    def finished(self) -> bool:
        return self.status in FINISHED


def _purpose(value: str) -> str:
    if value not in PURPOSES:  # the pages pass constants: a bug of ours, not a user's input
        raise ValueError(f"unknown parse job purpose {value!r}")
    return value


def _id(value: int) -> int:
    if type(value) is not int or not 0 <= value < 2**63:  # ids come from this table, not from a user
        raise ValueError(f"not a parse job id: {value!r}")
    return value


def delete_parse_jobs_of(conn: Connection, profile_id: int) -> int:
    """Delete every parse job of the profile; how many (a running job's final write then finds no row)."""
    return int(conn.execute(delete(parse_jobs).where(parse_jobs.c.profile_id == profile_id)).rowcount or 0)


def claim_parse_job(conn: Connection, job_id: int, profile_id: int, note: dict[str, Any]) -> bool:
    """``done`` -> ``saved`` with ``note`` added to the result, in the caller's transaction; False when
    the job is not the profile's, not done, or was claimed already (its hands kept once only)."""
    jid = _id(job_id)
    row = conn.execute(select(parse_jobs.c.result).where(
        parse_jobs.c.id == jid, parse_jobs.c.profile_id == profile_id, parse_jobs.c.status == "done")).first()
    if row is None:
        return False
    result = {**(json.loads(row[0]) if row[0] else {}), **note}
    res = conn.execute(update(parse_jobs).where(parse_jobs.c.id == jid, parse_jobs.c.status == "done")
                       .values(status="saved", result=json.dumps(result, ensure_ascii=False)))
    return bool(res.rowcount == 1)


class ParseJobStore(StoreBase):
    """The ``parse_jobs`` table: the last hand file each page of a profile gave the workers."""

    def create_parse_job(self, profile: str, purpose: str, *, address: str | None = None,
                         per_address: int = PARSES_PER_ADDRESS) -> int:
        """A new queued job; the profile's earlier jobs of the same page go. Raises
        :class:`~coach.errors.Busy` when the client address has ``per_address`` files being read."""
        name, what = clean_profile_name(profile), _purpose(purpose)
        where = (address or "").strip()[:MAX_ADDRESS] or None
        with self._tx(write=True) as conn:
            pid = self._ensure_profile(conn, name)
            conn.execute(delete(parse_jobs).where(parse_jobs.c.profile_id == pid,
                                                  parse_jobs.c.purpose == what))
            if where is not None:
                busy = conn.scalar(select(func.count(parse_jobs.c.id)).where(
                    parse_jobs.c.address == where, parse_jobs.c.status.in_(("queued", "running")))) or 0
                if busy >= per_address:
                    raise Busy(TOO_MANY_FILES)
            job_id = conn.execute(insert(parse_jobs).values(
                profile_id=pid, purpose=what, status="queued", created=utc_now(), address=where)
                .returning(parse_jobs.c.id)).scalar_one()
        return int(job_id)

    def parse_job(self, job_id: int) -> ParseJob | None:
        with self._tx(write=False) as conn:
            row = conn.execute(select(parse_jobs, profiles.c.name)
                               .join(profiles, profiles.c.id == parse_jobs.c.profile_id)
                               .where(parse_jobs.c.id == _id(job_id))).first()
        return None if row is None else self._parse_job(row)

    def latest_parse_job(self, profile: str, purpose: str) -> ParseJob | None:
        """The profile's job of the page (what the page shows again after a reload)."""
        name, what = clean_profile_name(profile), _purpose(purpose)
        with self._tx(write=False) as conn:
            row = conn.execute(
                select(parse_jobs, profiles.c.name).join(profiles, profiles.c.id == parse_jobs.c.profile_id)
                .where(profiles.c.name == name, parse_jobs.c.purpose == what)
                .order_by(parse_jobs.c.id.desc()).limit(1)).first()
        return None if row is None else self._parse_job(row)

    @staticmethod
    def _parse_job(row: Any) -> ParseJob:
        m = row._mapping
        result = json.loads(m["result"]) if m["result"] else None
        return ParseJob(int(m["id"]), str(m["name"]), str(m["purpose"]), str(m["status"]), m["created"],
                        result)

    def start_parse_job(self, job_id: int) -> bool:
        """queued -> running; False when the job is gone (a newer file, «Elimina») or not queued."""
        with self._tx(write=True) as conn:
            res = conn.execute(update(parse_jobs).where(parse_jobs.c.id == _id(job_id),
                                                        parse_jobs.c.status == "queued")
                               .values(status="running"))
        return bool(res.rowcount == 1)

    def finish_parse_job(self, job_id: int, status: str, result: dict[str, Any]) -> bool:
        """The outcome of a queued or running job; False when it had finished or gone (nothing stored)."""
        if status not in FINISHED:
            raise InvalidInput(N_("Unknown job status {status}."), status=status)
        text = json.dumps(result, ensure_ascii=False)
        if len(text) > MAX_PARSE_RESULT_JSON:
            status, text = "failed", json.dumps({"error": "result too large"})
        with self._tx(write=True) as conn:
            res = conn.execute(update(parse_jobs).where(parse_jobs.c.id == _id(job_id),
                                                        parse_jobs.c.status.in_(("queued", "running")))
                               .values(status=status, result=text))
        return bool(res.rowcount == 1)
