"""coach.review.jobs: a review job run on a store, progress and cancel, and the real huey queue on SQLite."""

from __future__ import annotations

import json
import multiprocessing
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from huey import PostgresHuey

from coach.engine.phh import history_from_table, loads_phh, loads_phhs, split_phhs
from coach.review import jobs
from coach.review.cards import decision_hand_text
from coach.review.jobs import enqueue_review, queue, queue_url, run_review_job, worker_lock
from coach.review.session import ReviewedDecision
from coach.store import Store
from tests.support.rooms_export import export_histories

from .conftest import run_worker_until_finished, session_text


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

    def advance(jid: int, done: int, total: int | None = None) -> bool:
        if done == 4:  # the learner presses «Annulla» while the fourth hand is graded
            assert store.cancel_review_job(jid, "Ada")
        return real(jid, done, total)

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
    while len(q):  # what a worker's consumer does, here in the test's thread (a chunk may queue the rest)
        q.execute(q.dequeue())
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




def test_the_postgresql_queue_carries_the_job_to_a_worker_process(pg_url: str, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The class server's deployment: the queue is huey's PostgresHuey in the server's database, and
    ``python -m coach worker`` (another process, as on another machine) parses and grades the job."""
    store = Store(pg_url)
    monkeypatch.delenv("COACH_QUEUE_URL", raising=False)
    url = queue_url(store.url)
    assert url.startswith("postgresql://") and "+" not in url.split("://", 1)[0]
    job_id = enqueue_review(store, "Ada", [("s.phhs", session_text())], None, "it", total=99)
    q = queue(url)
    assert isinstance(q, PostgresHuey) and len(q) == 1  # the message waits in PostgreSQL
    assert store.review_job(job_id).status == "queued"  # type: ignore[union-attr]
    job, log_tail = run_worker_until_finished(store.url, tmp_path, lambda: store.review_job(job_id))
    assert job is not None and job.status == "done", log_tail
    assert job.result is not None and job.result["summary"]["hero"] == "Tu"  # detected by the worker
    assert job.done == job.total == 12  # the page's guess (99) corrected once the worker read the file
    assert len(q) == 0


@pytest.mark.parametrize("keep", [False, True])
def test_the_kept_hands_name_opponents_by_position_unless_the_learner_keeps_them(store: Store,
                                                                                 keep: bool) -> None:
    text = session_text()
    opponents = ("Anna1", "Bruno1", "Carla1", "Dario1", "Elena2")
    assert all(name in text for name in opponents)  # the upload names them
    job_id = enqueue_review(store, "Ada", [("s.phhs", text)], None, "it", total=12, url="memory://",
                            keep_names=keep)
    job = store.review_job(job_id, "Ada")
    assert job is not None and job.status == "done" and job.result is not None
    stored = json.dumps(job.result, ensure_ascii=False)
    assert job.result["summary"]["hero"] == "Tu"  # the hero and his decisions do not change
    for d in job.result["decisions"]:
        history = loads_phh(decision_hand_text(job.result, ReviewedDecision.from_dict(d)) or "")
        assert "Tu" in (history.players or ())  # the Replayer opens the kept hand, the hero named
    assert any(name in stored for name in opponents) is keep
    if not keep:
        assert "BTN" in stored


def test_the_sqlite_queue_forgets_the_raw_texts_once_a_worker_takes_them(
        store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The message is deleted by huey and overwritten by ``secure_delete`` (Debian's SQLite has it on
    by default; the queue sets it on any build): with it off, the name stays in the file."""
    monkeypatch.setenv("COACH_DATABASE_URL", store.url)
    monkeypatch.delenv("COACH_QUEUE_URL", raising=False)
    url = queue_url(store.url)
    marker = "ZebedeoRiservato"  # an opponent's name, only in the uploaded text
    text = session_text().replace("Anna1", marker)

    def on_disk(url: str) -> bytes:
        path = Path(url[len("sqlite:///"):])
        with sqlite3.connect(path) as conn:
            conn.execute("pragma wal_checkpoint(TRUNCATE)")
        return b"".join(p.read_bytes() for p in tmp_path.glob(path.name + "*") if p.is_file())

    enqueue_review(store, "Ada", [("s.phhs", text)], "Tu", "it", total=12)
    assert marker.encode() in on_disk(url)  # the queue's message carries the raw text to the worker
    q = queue(url)
    q.execute(q.dequeue())
    job = store.latest_review_job("Ada")
    assert job is not None and job.status == "done" and job.result is not None
    originals = loads_phhs(text, "s.phhs")
    assert any(marker in (originals[int(i)].players or ()) for i in job.result["hands"])  # a kept hand
    assert marker.encode() not in on_disk(url)  # gone from the queue
    assert marker.encode() not in on_disk(store.url)  # and never in the kept result (renamed)


@pytest.mark.parametrize("keep", [False, True])
def test_a_refused_hands_reason_names_opponents_by_position_unless_kept(store: Store, keep: bool) -> None:
    """A refusal may quote the room's line («Anna1: posts straddle $4»): stored, the opponent is a seat."""
    hands = [history_from_table(table, source) for source, table in split_phhs(session_text(), "s.phhs")
             if table]
    text = export_histories(hands[:3], "pokerstars", hero="Tu")
    lines = text.splitlines()
    blind = re.compile(r"^(?P<name>\S+): posts (?:small|big) blind ")
    at, name = next((k, m["name"]) for k, line in enumerate(lines)
                    if (m := blind.match(line)) and m["name"] != "Tu")
    lines.insert(at + 1, f"{name}: posts straddle $4")
    job_id = enqueue_review(store, "Ada", [("s.txt", "\n".join(lines) + "\n")], "Tu", "en", total=3,
                            url="memory://", keep_names=keep)
    job = store.review_job(job_id, "Ada")
    assert job is not None and job.status == "done" and job.result is not None
    [refused] = job.result["summary"]["refused"]
    assert "straddle" in refused["reason"]
    assert (f"«{name}: posts straddle" in refused["reason"]) is keep
    if not keep:
        assert re.search(r"«(SB|BB): posts straddle \$4»", refused["reason"])


def _open_queue_at(url: str, lane: str, start: Any, failed: Any) -> None:
    start.wait()
    try:
        jobs._new_queue(url, lane)  # what each process does once, through queue()
    except BaseException:  # the race's error, whatever psycopg calls it
        failed.value += 1


def test_processes_opening_a_new_postgresql_queue_together_all_get_it(pg_url: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A class server starts its app processes and workers side by side on a new database: each opens
    the queue, which creates huey's tables. Opened at the same moment, PostgreSQL failed some of them
    (a duplicate key in ``pg_type``): the reviews' worker died at its start and no review ever ran. The
    tables are now made under an advisory lock. Eight processes at once, on each lane's first opening."""
    monkeypatch.delenv("COACH_QUEUE_URL", raising=False)
    url = queue_url(Store(pg_url).url)
    assert url.startswith("postgresql://")
    ctx = multiprocessing.get_context("fork")
    for lane in ("reviews", "files", "hands"):
        start, failed = ctx.Barrier(8), ctx.Value("i", 0)
        procs = [ctx.Process(target=_open_queue_at, args=(url, lane, start, failed)) for _ in range(8)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(60)
        assert failed.value == 0, f"{failed.value} of 8 processes could not open the {lane} queue"
