"""A hand file read by the task queue's workers, as the Replayer and the live class wait for it.

The page never parses an uploaded or pasted file in its own thread (:mod:`coach.review.parsejobs`
says why): :func:`submit` checks the cheap limits (the same errors as before) and enqueues the raw
file; :func:`take_result` finds the page's last job in the store, draws «Lettura del file…» and
polls it with a fragment while it runs, and hands the page the result once, when it is done, so a
reload (or another app process) shows the same file again. A worker that died or never started
leaves the job pending: after :data:`~coach.review.parsejobs.PENDING_LIMIT_S` the job is failed
and the page says so, its state untouched.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import streamlit as st

from coach.errors import Busy
from coach.review.jobs import ensure_worker
from coach.review.parsejobs import PENDING_LIMIT_S, enqueue_parse, precheck
from coach.store import Store
from coach.store.checks import utc_now
from coach.store.parsejobs import ParseJob
from coach.textsafe import md_text
from coach.ui import state

__all__ = ["POLL_S", "submit", "take_result"]

POLL_S = 0.5
TIMEOUT = "timeout"


def submit(purpose: str, name: str, data: bytes, *, limit: int, keep_names: bool = False) -> None:
    """Check the limits (raises the reader's :class:`~coach.errors.CoachError`, or
    :class:`~coach.errors.Busy` when the connection has its share of files being read) and queue the file."""
    precheck(name, data, limit=limit)
    profile, locale = state.settings().profile, state.settings().locale
    address = state.client_address()

    def enqueue(db: Store) -> int | Busy:
        try:
            return enqueue_parse(db, profile, purpose, name, data, locale, keep_names=keep_names,
                                 address=address)
        except Busy as err:  # the connection's share of files being read: said as the file's refusal
            return err

    got = state.save(enqueue)
    if isinstance(got, Busy):
        raise got
    if got is not None:
        ensure_worker(state.database_url())


def _stale(job: ParseJob) -> bool:
    return not job.finished and utc_now() - job.created > timedelta(seconds=PENDING_LIMIT_S)


def take_result(purpose: str, applied: str) -> dict[str, Any] | str | None:
    """The page's job, once: its result when done, the reason in words when it failed, else None.

    ``applied`` is the session key that remembers the job already handed to the page. While the
    job runs this draws the waiting message and a fragment that reruns the page when it ends.
    """
    profile = state.settings().profile
    job: ParseJob | None = state.load(lambda db: db.latest_parse_job(profile, purpose), None)
    if job is None or st.session_state.get(applied) == job.id:
        return None
    jid = job.id
    if _stale(job):
        state.save(lambda db: db.finish_parse_job(jid, "failed", {"error": TIMEOUT}))
        job = state.load(lambda db: db.parse_job(jid), None)
        if job is None:
            return None
    if not job.finished:
        _wait(jid)
        return None
    st.session_state[applied] = job.id
    result = job.result or {}
    if job.status in ("done", "saved"):  # saved: an import whose hands were kept (its result says so)
        return result
    t = state.tr()
    if result.get("error") == TIMEOUT:
        return t("Reading the file took too long: the coach's background worker may have stopped. Try "
                 "again; if it happens again, tell whoever runs the coach.")
    return t("The file could not be read because of an error of the coach: {reason}",
             reason=md_text(str(result.get("error", ""))))


@st.fragment(run_every=POLL_S)
def _wait(job_id: int) -> None:
    """«Lettura del file…» while the worker reads it; the whole page again once it is done."""
    t = state.tr()
    job: ParseJob | None = state.load(lambda db: db.parse_job(job_id), None)
    if job is None or job.finished or _stale(job):
        st.rerun()
    st.status(t("Reading the file…"), state="running")
