"""coach.review.jobs (issue 28): a queue one pupil cannot starve.

Reading a file never waits behind reviews or big files (lanes), reviews run in chunks that take
turns, each profile and each client address gets one review running and one waiting, and a review
is cancelled when its learner deletes his hands or leaves its page. The real-worker tests bound
what they wait for by an ordering (the teacher's hand is read while the reviews still run and
before the big files queued ahead of it), never by a stopwatch.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from coach.errors import Busy
from coach.review.jobs import enqueue_review, queue, run_review_job
from coach.review.parsejobs import enqueue_parse
from coach.store import Store
from coach.store.checks import utc_now
from coach.store.reviews import ABANDONED_S
from coach.store.tables import review_jobs
from tests.support.hands import SAMPLE_PHH

from .conftest import big_session_text, session_text, wait_for, worker_log, worker_process


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'coach.db'}")


@pytest.fixture()
def real_queue(monkeypatch: pytest.MonkeyPatch) -> None:
    """The queue beside the store (SQLite), as the app uses it: not the tests' in-memory default."""
    monkeypatch.delenv("COACH_QUEUE_URL", raising=False)


def _chunked(store: Store, job_id: int, files: list[tuple[str, str]], *, between: Any = None) -> list[str]:
    """Run a job chunk by chunk, as a worker would (each chunk one hand: ``chunk_s=0``); the outcomes."""
    queued: list[dict[str, Any]] = []
    outcomes = [run_review_job(store, job_id, files, None, "it", requeue=queued.append, chunk_s=0.0)]
    while outcomes[-1] == "requeued":
        if between is not None:
            between(len(outcomes))
        outcomes.append(run_review_job(store, job_id, [], None, "it", carry=queued.pop(),
                                       requeue=queued.append, chunk_s=0.0))
    return outcomes


def test_a_review_in_chunks_gives_the_same_result_as_in_one_go(store: Store) -> None:
    files = [("s.phhs", session_text())]
    whole = store.create_review_job("Ada", 12)
    assert run_review_job(store, whole, files, None, "it") == "done"
    parts = store.create_review_job("Bea", 12)
    outcomes = _chunked(store, parts, files)
    assert outcomes[-1] == "done" and outcomes.count("requeued") == 11  # one hand a chunk: 12 chunks
    a, b = store.review_job(whole), store.review_job(parts)
    assert a is not None and b is not None and a.result == b.result and b.done == b.total == 12


def test_deleting_the_hands_cancels_a_review_between_chunks(store: Store) -> None:
    job_id = store.create_review_job("Ada", 12)

    def delete(chunks: int) -> None:
        if chunks == 3:  # «Elimina le mie mani»
            store.delete_my_hands("Ada")

    outcomes = _chunked(store, job_id, [("s.phhs", session_text())], between=delete)
    assert outcomes == ["requeued", "requeued", "requeued", "cancelled"]
    assert store.review_job(job_id) is None


def test_a_review_nobody_watches_is_cancelled_at_its_next_chunk(store: Store) -> None:
    job_id = store.create_review_job("Ada", 12)

    def leave(chunks: int) -> None:
        if chunks == 2:  # the page was closed: its last look is older than the allowance
            with store.engine.begin() as conn:
                conn.execute(update(review_jobs).where(review_jobs.c.id == job_id)
                             .values(seen=utc_now() - timedelta(seconds=ABANDONED_S + 1)))
        else:
            store.touch_review_jobs("Ada")

    outcomes = _chunked(store, job_id, [("s.phhs", session_text())], between=leave)
    assert outcomes == ["requeued", "requeued", "cancelled"]
    job = store.review_job(job_id)
    assert job is not None and job.status == "cancelled" and job.abandoned


def test_one_review_running_and_one_waiting_per_profile_and_per_address(store: Store, tmp_path: Path) -> None:
    files = [("s.phhs", session_text())]
    url = f"sqlite:///{tmp_path / 'q.db'}"  # queued: no worker takes them
    first = enqueue_review(store, "Ada", files, None, total=12, url=url)
    enqueue_review(store, "Ada", files, None, total=12, url=url)
    with pytest.raises(Busy) as full:
        enqueue_review(store, "Ada", files, None, total=12, url=url)
    assert "running and one waiting" in str(full.value)
    # a tab without the cookie is a new profile, but the same address
    enqueue_review(store, "tab1", files, None, total=12, url=url, address="10.0.0.7")
    enqueue_review(store, "tab2", files, None, total=12, url=url, address="10.0.0.7")
    with pytest.raises(Busy) as crowded:
        enqueue_review(store, "tab3", files, None, total=12, url=url, address="10.0.0.7")
    assert "from your connection" in str(crowded.value)
    enqueue_review(store, "tab3", files, None, total=12, url=url, address="10.0.0.8")  # another pupil
    assert store.cancel_review_job(first, "Ada")  # a review that ends frees its place
    enqueue_review(store, "Ada", files, None, total=12, url=url)


def test_files_being_read_are_limited_per_address(store: Store, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'q.db'}"
    data = SAMPLE_PHH.encode()
    for i in range(3):
        enqueue_parse(store, f"tab{i}", "replayer", "h.phh", data, url=url, address="10.0.0.7")
    with pytest.raises(Busy):
        enqueue_parse(store, "tab3", "replayer", "h.phh", data, url=url, address="10.0.0.7")
    enqueue_parse(store, "tab0", "replayer", "h.phh", data, url=url, address="10.0.0.7")  # replaces its own
    for i in range(6):  # behind a proxy on the same machine nobody's address is known: not counted
        enqueue_parse(store, f"anon{i}", "replayer", "h.phh", data, url=url)


def test_a_smaller_file_is_read_before_the_big_ones_queued_ahead_of_it(store: Store, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'q.db'}"  # queued: this test takes the jobs as a worker would
    big = big_session_text().encode()
    flood = [enqueue_parse(store, f"flood{i}", "replayer", "big.phhs", big, url=url) for i in range(3)]
    medium = enqueue_parse(store, "victim", "replayer", "mid.phhs", big[:big.index(b"\n[", 100_000)], url=url)
    lane = queue(url, "files")
    assert len(lane) == 4
    assert lane.dequeue().args[0] == medium  # what a free thread of the lane takes first
    assert [lane.dequeue().args[0] for _ in flood] == flood  # then the big ones, in their order


@pytest.mark.usefixtures("real_queue")
def test_the_teachers_hand_is_read_while_reviews_and_a_flood_of_big_files_run(store: Store,
                                                                              tmp_path: Path) -> None:
    """Issue 28's starvation: three tabs review 1 MB sessions, twelve connections paste 1 MB files,
    then the teacher pastes one hand for the class. With a real worker as the app starts it, the
    teacher's hand is read while every review is still under way and before the big files queued
    ahead of it are all read (before: behind a whole review, then behind all twelve files)."""
    big = big_session_text()
    paste = big.encode()
    assert len(paste) <= 1024 * 1024
    with worker_process(store.url, tmp_path) as worker:
        reviews = [enqueue_review(store, f"tab{i}", [("s.phhs", big)], None, total=1900) for i in range(3)]
        assert wait_for(worker, tmp_path, lambda: any(
            store.review_job(j).status == "running" for j in reviews)), worker_log(tmp_path)  # type: ignore[union-attr]
        pastes = [enqueue_parse(store, f"flood{i}", "replayer", "big.phhs", paste) for i in range(12)]
        assert wait_for(worker, tmp_path, lambda: any(
            store.parse_job(j).status != "queued" for j in pastes)), worker_log(tmp_path)  # type: ignore[union-attr]
        teacher = enqueue_parse(store, "Maestra", "live", "hand.phh", SAMPLE_PHH.encode())
        assert wait_for(worker, tmp_path, lambda: store.parse_job(teacher).finished), worker_log(tmp_path)  # type: ignore[union-attr]
        review_states = [store.review_job(j) for j in reviews]
        read = sum(store.parse_job(j).finished for j in pastes)  # type: ignore[union-attr]
    job = store.parse_job(teacher)
    assert job is not None and job.status == "done" and "phh" in job.result["hands"][0], worker_log(tmp_path)  # type: ignore[index]
    assert all(r is not None and not r.finished for r in review_states), [r and r.status
                                                                          for r in review_states]
    assert read < len(pastes), "the teacher's hand waited behind every big file queued before it"


@pytest.mark.usefixtures("real_queue")
def test_three_reviews_take_turns_on_one_thread(store: Store, tmp_path: Path) -> None:
    """Chunks queue the rest of their review behind the others': when the first of three reviews
    ends, the other two have made progress (before: each waited for the whole review before it)."""
    text = session_text(40, seed=3)
    jobs = [enqueue_review(store, f"tab{i}", [("s.phhs", text)], None, total=40) for i in range(3)]
    with worker_process(store.url, tmp_path, COACH_REVIEW_CHUNK_S="0.1") as worker:
        assert wait_for(worker, tmp_path, lambda: any(
            store.review_job(j).finished for j in jobs)), worker_log(tmp_path)  # type: ignore[union-attr]
        states = [store.review_job(j) for j in jobs]
    assert all(s is not None for s in states)
    first = next(s for s in states if s is not None and s.finished)
    assert first.status == "done", worker_log(tmp_path)
    others = [s for s in states if s is not None and s is not first]
    assert all(s.done > 0 for s in others), [(s.status, s.done) for s in others]
