"""coach.review.jobs: a review job run on a store, progress and cancel, and the real huey queue on SQLite."""

from __future__ import annotations

from pathlib import Path

import pytest

from coach.review import jobs
from coach.review.jobs import enqueue_review, queue, queue_url, run_review_job, worker_lock
from coach.store import Store

from .conftest import session_text


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'coach.db'}")


def test_a_job_runs_to_the_end_with_its_result_and_hands(store: Store) -> None:
    job_id = store.create_review_job("Ada", 12)
    assert run_review_job(store, job_id, [("s.phhs", session_text())], None, "it") == "done"
    job = store.review_job(job_id, "Ada")
    assert job is not None and job.status == "done" and job.done == job.total == 12
    result = job.result
    assert result is not None and result["summary"]["hero"] == "Tu"
    assert {str(d["hand"]) for d in result["decisions"]} <= set(result["hands"])


def test_a_cancelled_job_stops_between_hands_and_keeps_no_result(store: Store,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jobs, "PROGRESS_EVERY_S", 0.0)
    job_id = store.create_review_job("Ada", 12)
    real = store.advance_review_job

    def advance(jid: int, done: int) -> bool:
        if done == 4:  # the learner presses «Annulla» while the fourth hand is graded
            assert store.cancel_review_job(jid, "Ada")
        return real(jid, done)

    monkeypatch.setattr(store, "advance_review_job", advance)
    assert run_review_job(store, job_id, [("s.phhs", session_text())], None, "it") == "cancelled"
    job = store.review_job(job_id)
    assert job is not None and job.status == "cancelled" and job.done == 3 and job.result is None


def test_a_bad_file_fails_the_job_with_the_reason(store: Store) -> None:
    job_id = store.create_review_job("Ada", 1)
    assert run_review_job(store, job_id, [("x.phh", "variant = 'NT'\n")], None, "en") == "failed"
    job = store.review_job(job_id)
    assert job is not None and job.status == "failed" and "x.phh" in job.result["error"]


def test_the_sqlite_queue_carries_the_job_to_a_worker(store: Store, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COACH_DATABASE_URL", store.url)
    monkeypatch.delenv("COACH_QUEUE_URL", raising=False)
    url = queue_url(store.url)
    assert url == f"sqlite:///{tmp_path / 'coach-queue.db'}"
    job_id = enqueue_review(store, "Ada", [("s.phhs", session_text())], "Tu", "it", total=12)
    assert store.review_job(job_id).status == "queued"  # type: ignore[union-attr]
    q = queue(url)
    assert len(q) == 1
    task = q.dequeue()  # what a worker's consumer does, here in the test's thread
    q.execute(task)
    job = store.review_job(job_id)
    assert job is not None and job.status == "done" and job.result["summary"]["hero"] == "Tu"


def test_one_embedded_worker_per_queue(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'q.db'}"
    with worker_lock(url) as first:
        assert first is not None
        with worker_lock(url) as second:
            assert second is None
        assert jobs.worker_running(url)
    assert not jobs.worker_running(url)
