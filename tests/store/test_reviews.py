"""Review jobs in the store (revision 0009): one learner's jobs, progress that is also the cancel check."""

from __future__ import annotations

import pytest

from coach.errors import InvalidInput
from coach.store import Store


def test_a_job_goes_queued_running_done(store_url: str) -> None:
    store = Store(store_url)
    assert store.latest_review_job("Ada") is None
    job_id = store.create_review_job("Ada", 10)
    job = store.latest_review_job("Ada")
    assert job is not None and (job.id, job.status, job.done, job.total) == (job_id, "queued", 0, 10)
    assert store.start_review_job(job_id) and not store.start_review_job(job_id)
    assert store.advance_review_job(job_id, 4)
    assert store.review_job(job_id).done == 4  # type: ignore[union-attr]
    assert store.finish_review_job(job_id, "done", {"summary": {"hands": 10}})
    job = store.review_job(job_id, "Ada")
    assert job is not None and job.finished and job.result == {"summary": {"hands": 10}}
    assert not store.advance_review_job(job_id, 5)  # a finished job takes no more progress


def test_cancel_is_the_owners_and_stops_progress(store_url: str) -> None:
    store = Store(store_url)
    job_id = store.create_review_job("Ada", 10)
    store.start_review_job(job_id)
    assert not store.cancel_review_job(job_id, "Eve")  # somebody else's job
    assert store.review_job(job_id, "Eve") is None
    assert store.cancel_review_job(job_id, "Ada")
    assert not store.advance_review_job(job_id, 3)
    assert not store.finish_review_job(job_id, "done", {"x": 1})
    job = store.review_job(job_id)
    assert job is not None and job.status == "cancelled" and job.result is None


def test_the_latest_job_is_the_one_the_page_resumes(store_url: str) -> None:
    store = Store(store_url)
    first = store.create_review_job("Ada", 1)
    second = store.create_review_job("Ada", 2)
    store.create_review_job("Eve", 3)
    assert second > first
    assert store.latest_review_job("Ada").id == second  # type: ignore[union-attr]


def test_deleting_a_profiles_jobs_cancels_its_running_one(store_url: str) -> None:
    store = Store(store_url)
    running = store.create_review_job("Ada", 10)
    store.start_review_job(running)
    finished = store.create_review_job("Ada", 1)
    store.start_review_job(finished)
    store.finish_review_job(finished, "done", {"hands": {"0": "x"}})
    other = store.create_review_job("Eve", 2)
    assert store.count_review_jobs("Ada") == 2
    assert store.delete_review_jobs("Ada") == 2
    assert store.latest_review_job("Ada") is None and store.count_review_jobs("Ada") == 0
    assert not store.advance_review_job(running, 3)  # the worker stops at its next hand
    assert not store.finish_review_job(running, "done", {"x": 1})  # and stores nothing
    assert store.review_job(running) is None
    assert store.latest_review_job("Eve").id == other  # type: ignore[union-attr]
    assert store.delete_review_jobs("Ada") == 0 and store.delete_review_jobs("Nessuno") == 0


def test_bad_arguments_are_refused(store_url: str) -> None:
    store = Store(store_url)
    with pytest.raises(InvalidInput):
        store.create_review_job("Ada", -1)
    job_id = store.create_review_job("Ada", 1)
    with pytest.raises(InvalidInput):
        store.finish_review_job(job_id, "running", None)
