"""Parse jobs in the store (revision 0010): one job per page and profile, a result read back once done."""

from __future__ import annotations

import pytest

from coach.store import Store


def test_a_job_goes_queued_running_done_and_a_new_one_replaces_it(store_url: str) -> None:
    store = Store(store_url)
    assert store.latest_parse_job("Ada", "replayer") is None
    first = store.create_parse_job("Ada", "replayer")
    job = store.latest_parse_job("Ada", "replayer")
    assert job is not None
    assert (job.id, job.status, job.result, job.finished) == (first, "queued", None, False)
    assert store.start_parse_job(first) and not store.start_parse_job(first)
    assert store.finish_parse_job(first, "done", {"hands": [{"phh": "x"}]})
    job = store.parse_job(first)
    assert job is not None and job.finished and job.result == {"hands": [{"phh": "x"}]}
    assert not store.finish_parse_job(first, "failed", {"error": "late"})  # finished: nothing changes
    second = store.create_parse_job("Ada", "replayer")
    assert second != first  # never the id of the job it replaced: the page tells them apart by id
    latest = store.latest_parse_job("Ada", "replayer")
    assert store.parse_job(first) is None and latest is not None and latest.id == second
    assert not store.start_parse_job(first)  # a worker that takes the replaced job stores nothing


def test_jobs_are_kept_per_page_and_profile(store_url: str) -> None:
    store = Store(store_url)
    a = store.create_parse_job("Ada", "replayer")
    b = store.create_parse_job("Ada", "live")
    c = store.create_parse_job("Bea", "replayer")
    assert [store.latest_parse_job(p, w).id for p, w in  # type: ignore[union-attr]
            (("Ada", "replayer"), ("Ada", "live"), ("Bea", "replayer"))] == [a, b, c]
    with pytest.raises(ValueError):
        store.create_parse_job("Ada", "elsewhere")


def test_delete_my_hands_deletes_the_files_read_too(store_url: str) -> None:
    store = Store(store_url)
    job = store.create_parse_job("Ada", "live")
    store.create_parse_job("Bea", "live")
    store.delete_my_hands("Ada")
    assert store.parse_job(job) is None and store.latest_parse_job("Bea", "live") is not None
    assert not store.finish_parse_job(job, "done", {"hands": []})  # the worker's late write finds no row
