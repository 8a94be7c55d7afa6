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


def test_an_import_jobs_hands_are_kept_once(store_url: str) -> None:
    store = Store(store_url)
    phh = "variant = 'NLHE'\n"
    job = store.create_parse_job("Ada", "import")
    assert store.save_parse_job_hands("Ada", job, [("Mano 1", phh)]) is None  # not read yet: nothing kept
    store.finish_parse_job(job, "done", {"name": "f.txt", "hands": [{"phh": phh}]})
    assert store.save_parse_job_hands("Bea", job, [("Mano 1", phh)]) is None  # another profile's job
    assert store.save_parse_job_hands("Ada", job, [("Mano 1", phh), ("Mano 2", phh)], left_out=3) == 2
    assert store.save_parse_job_hands("Ada", job, [("Mano 1", phh), ("Mano 2", phh)]) is None  # once only
    assert sorted(h.title for h in store.user_hands("Ada")) == ["Mano 1", "Mano 2"]
    assert store.user_hands("Bea") == []
    kept = store.parse_job(job)
    assert kept is not None and kept.status == "saved" and kept.finished
    assert kept.result == {"name": "f.txt", "hands": [{"phh": phh}], "saved": 2, "left_out": 3}
