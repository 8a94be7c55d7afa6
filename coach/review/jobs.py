"""Session reviews as jobs of a kept task queue: huey, on SQLite by default, on PostgreSQL on a server.

Why a queue and why huey (docs/DEPLOY.md): a review of 1,000 hands is about a minute
of CPU; run in the Streamlit script thread it would hold the learner's page and, in
the same process, slow every other learner's clicks. The page creates a row of ours
(``review_jobs``, :mod:`coach.store.reviews`) and enqueues the job; a worker process
(``python -m coach worker``, on this machine or on others) runs it, writes its
progress to the row after each hand (the same statement is the cancel check) and
its result at the end. huey is a maintained queue with two SQL storages of its own
that need no broker: ``SqliteHuey`` (the embedded default: a file next to the
progress database) and ``PostgresHuey`` (the class server's database; workers on
other machines take jobs with ``FOR UPDATE SKIP LOCKED``).

**Lanes** (issue 28): the queue is three huey queues on the same storage, each with its own
worker threads, so no kind of job waits behind another: ``reviews`` (session reviews, cut into
chunks of about :data:`CHUNK_S` seconds: a chunk that has run its time queues the rest of the
review behind the other learners' chunks and leaves the thread, so three reviews take turns),
``files`` (big hand files to read) and ``hands`` (files of at most
:data:`~coach.review.parsejobs.SMALL_FILE_BYTES`: a pasted hand, the teacher's hand for the class),
which a flood of big files or reviews never reaches. Between two chunks what the review has done
travels in the next chunk's message, like the raw texts; ``review_jobs`` keeps the progress, the
cancel and the last look of the page (a review nobody watches any more is cancelled).

The queue's location is ``COACH_QUEUE_URL`` (``sqlite:///path``, ``postgresql://...``
or ``memory://`` for tests, which runs each job at once in the caller) or follows the
progress database. The store of the job is the worker's (``COACH_DATABASE_URL``).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import logging
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import IO, Any

from huey import MemoryHuey, PostgresHuey, SqliteHuey
from huey.api import Huey
from huey.storage import PostgresStorage, SqliteStorage

from coach.engine.phh import loads_phh
from coach.errors import CoachError
from coach.i18n import Translator, get_translator
from coach.review.session import (
    RefusedHand,
    ReviewedDecision,
    anonymize_refused,
    assemble,
    detect_hero,
    load_texts,
    review_one,
)
from coach.review.summary import to_json
from coach.rooms.privacy import anonymize
from coach.store import Store
from coach.store.connection import default_database_url, sqlite_path
from coach.store.reviews import ABANDONED, REVIEWS_PER_ADDRESS

__all__ = [
    "CHUNK_S",
    "ENV_CHUNK",
    "ENV_EMBEDDED",
    "ENV_QUEUE",
    "LANES",
    "enqueue_review",
    "ensure_worker",
    "queue",
    "queue_url",
    "register_task",
    "run_review_job",
    "task_of",
    "worker_lock",
]

ENV_QUEUE = "COACH_QUEUE_URL"
ENV_EMBEDDED = "COACH_EMBEDDED_WORKER"  # "0": the app never starts a worker (a server runs its own)
ENV_CHUNK = "COACH_REVIEW_CHUNK_S"  # the seconds of one review chunk (tests shorten it)
ENV_REVIEWS_PER_ADDRESS = "COACH_REVIEWS_PER_ADDRESS"  # a school behind one NAT raises it
TASK_NAME = "coach.review_session"
PROGRESS_EVERY_S = 0.25  # the longest wait between two progress writes (and cancel checks)
CHUNK_S = 2.0  # a review holds a worker thread at most this long (plus one hand) before the others' turn
# lane -> huey's queue name: "coach" stays the reviews' (jobs queued before the lanes still run)
LANES: dict[str, str] = {"reviews": "coach", "files": "coach-files", "hands": "coach-hands"}
log = logging.getLogger(__name__)



def queue_url(database_url: str | None = None) -> str:
    """Where the queue lives: ``COACH_QUEUE_URL``, else beside the progress database."""
    explicit = os.environ.get(ENV_QUEUE, "").strip()
    if explicit:
        return explicit
    url = database_url or os.environ.get("COACH_DATABASE_URL") or default_database_url()
    path = sqlite_path(url)
    if path is not None:
        return "sqlite:///" + str(path.with_name(path.stem + "-queue.db"))
    if url.startswith("postgresql"):
        rest = url.split("://", 1)[1]
        return "postgresql://" + rest  # psycopg's own DSN: no SQLAlchemy driver name
    return "memory://"


class _ForgetfulSqliteStorage(SqliteStorage):  # type: ignore[misc]  # huey has no type hints
    """huey's SQLite storage with ``secure_delete``: a job's message (the learner's raw hand
    histories, opponents' names included) is overwritten when a worker takes it, not left in the
    file's free pages."""

    def _create_connection(self) -> Any:
        conn = super()._create_connection()
        conn.execute("pragma secure_delete = on")
        return conn


class _SqliteQueue(SqliteHuey):  # type: ignore[misc]
    storage_class = _ForgetfulSqliteStorage


# Any fixed number, the same in every process: the key of the advisory lock the queue's tables are made under.
SCHEMA_LOCK_KEY = 0x436F6163  # "Coac"


class _SerialisedPostgresStorage(PostgresStorage):  # type: ignore[misc]  # huey has no type hints
    """huey's PostgreSQL storage, its tables made one process at a time.

    Every process that opens the queue runs huey's ``create table if not exists``; two of them at
    the same moment on a new database can both try to create a table, and PostgreSQL then fails one
    with a duplicate key in ``pg_type``. That killed the reviews' worker of a class server started
    with its workers side by side (measured: the review never ran). A transaction-level advisory lock
    makes the others wait and find the tables there.
    """

    def initialize_schema(self) -> None:
        with self.db(commit=True, close=True) as curs:
            curs.execute("select pg_advisory_xact_lock(%s)", (SCHEMA_LOCK_KEY,))
            for sql in self.ddl:
                curs.execute(sql)


class _PostgresQueue(PostgresHuey):  # type: ignore[misc]
    storage_class = _SerialisedPostgresStorage


_QUEUES: dict[tuple[str, str], Huey] = {}  # (url, lane) -> its huey instance
_TASKS: dict[str, Any] = {}  # the review task as registered on each url's reviews lane (calling it enqueues)
# name -> (function, priority, lanes): other jobs
_OTHER_TASKS: dict[str, tuple[Callable[..., None], int, tuple[str, ...]]] = {}
_REGISTERED: dict[tuple[str, str, str], Any] = {}  # (url, lane, task name) -> the task as registered
_SPAWNED: subprocess.Popen[bytes] | None = None  # the embedded worker this process started
_QUEUES_LOCK = threading.RLock()


def _new_queue(where: str, lane: str) -> Huey:
    name = LANES[lane]
    if where.startswith("sqlite:///"):
        path = Path(where[len("sqlite:///"):])
        path.parent.mkdir(parents=True, exist_ok=True)
        return _SqliteQueue(name, filename=str(path), results=False)
    if where.startswith("postgresql://"):
        return _PostgresQueue(name, dsn=where, results=False)
    return MemoryHuey(name, results=False, immediate=True)  # memory:// (tests): jobs run in the caller


def queue(url: str | None = None, lane: str = "reviews") -> Huey:
    """The huey instance of ``lane`` at ``url`` (one per process), with its tasks registered."""
    where = url or queue_url()
    if lane not in LANES:
        raise ValueError(f"unknown lane {lane!r}")
    with _QUEUES_LOCK:
        q = _QUEUES.get((where, lane))
        if q is None:
            q = _new_queue(where, lane)
            if lane == "reviews":
                _TASKS[where] = q.task(name=TASK_NAME)(_task)
            for name, (fn, priority, lanes) in _OTHER_TASKS.items():
                if lane in lanes:
                    _REGISTERED[(where, lane, name)] = q.task(name=name, priority=priority)(fn)
            _QUEUES[(where, lane)] = q
        return q


def register_task(name: str, fn: Callable[..., None], *, lanes: Sequence[str], priority: int = 0) -> None:
    """Another job for the same workers, on ``lanes`` (:mod:`coach.review.parsejobs`: reading a hand file).

    Registered on every queue of this process, those made already and those to come; the worker
    imports the module that registers it, so its consumer knows the task by ``name``. A higher
    ``priority`` is taken first by a free thread of the lane (huey's SQL storages order by it).
    """
    with _QUEUES_LOCK:
        _OTHER_TASKS[name] = (fn, priority, tuple(lanes))
        for (where, lane), q in _QUEUES.items():
            if lane in lanes:
                _REGISTERED[(where, lane, name)] = q.task(name=name, priority=priority)(fn)


def task_of(where: str, name: str, lane: str) -> Any:
    """The task ``name`` on ``lane`` of the queue at ``where`` (calling it enqueues a job)."""
    queue(where, lane)
    return _REGISTERED[(where, lane, name)]


def chunk_seconds() -> float:
    """How long one chunk of a review may run (``COACH_REVIEW_CHUNK_S``, else :data:`CHUNK_S`)."""
    try:
        value = float(os.environ.get(ENV_CHUNK, "") or CHUNK_S)
    except ValueError:
        return CHUNK_S
    return min(60.0, max(0.05, value))


def reviews_per_address() -> int:
    """Reviews under way per client address (``COACH_REVIEWS_PER_ADDRESS``, else the store's default)."""
    try:
        return max(1, int(os.environ.get(ENV_REVIEWS_PER_ADDRESS, "") or REVIEWS_PER_ADDRESS))
    except ValueError:
        return REVIEWS_PER_ADDRESS


def _task(job_id: int, files: list[tuple[str, str]], hero: str | None, locale: str,
          keep_names: bool = False, carry: dict[str, Any] | None = None) -> None:
    """The worker's entry: the store named by the worker's environment; the rest of the review queued
    again on the same lane when the chunk has run its time.

    ``keep_names`` defaults to False so a job queued before the option existed is anonymized.
    """
    where = queue_url()
    queue(where)

    def requeue(rest: dict[str, Any]) -> None:
        _TASKS[where](job_id, [], hero, locale, keep_names, rest)  # huey: calling a task enqueues it

    run_review_job(Store(os.environ.get("COACH_DATABASE_URL") or None), job_id, files, hero, locale,
                   keep_names=keep_names, carry=carry, requeue=requeue, chunk_s=chunk_seconds())


def enqueue_review(store: Store, profile: str, files: Sequence[tuple[str, str]], hero: str | None,
                   locale: str = "it", *, total: int, url: str | None = None,
                   keep_names: bool = False, address: str | None = None) -> int:
    """Create the learner's job row and put the job in the queue; its id (kept in the store).

    Raises :class:`~coach.errors.Busy` when the profile or the client ``address`` has its share
    of reviews under way (one running, one waiting). The raw texts travel in the queue's message
    only, never in ``review_jobs``: huey deletes the message when a worker takes it (and the SQLite
    queue overwrites what it deletes).
    """
    job_id = store.create_review_job(profile, total, address=address, per_address=reviews_per_address())
    where = url or queue_url(store.url)
    if where.startswith("memory://"):  # tests: the job runs now, in the caller, on the caller's store
        run_review_job(store, job_id, files, hero, locale, keep_names=keep_names)
        return job_id
    queue(where)
    _TASKS[where](job_id, list(files), hero, locale, keep_names)  # huey: calling a task enqueues it
    return job_id


def _start(files: Sequence[tuple[str, str]], hero: str | None, tr: Translator) -> dict[str, Any]:
    """The first chunk's reading: the hands (as our PHH, to travel between chunks), the hero, the
    hands the rooms' importer refused. Raises CoachError for a file refused as a whole."""
    on_import: list[RefusedHand] = []
    hands = load_texts(files, tr, on_import)  # the parsing too is the worker's, not the page's
    return {"hero": detect_hero(hands, hero or None), "texts": [h.dumps() for h in hands],
            "sources": [h.source for h in hands], "next": 0, "decisions": [],
            "refused": [asdict(r) for r in on_import], "skipped": 0}


def run_review_job(store: Store, job_id: int, files: Sequence[tuple[str, str]], hero: str | None,
                   locale: str, *, keep_names: bool = False, carry: dict[str, Any] | None = None,
                   requeue: Callable[[dict[str, Any]], None] | None = None,
                   chunk_s: float = CHUNK_S) -> str:
    """Run one review job, or one chunk of it: progress after each hand, stop when cancelled.

    The final status, or ``requeued`` when ``requeue`` was given and the chunk ran ``chunk_s``
    seconds with hands left: ``requeue`` then gets what the review has done (``carry``, a plain
    dict for huey's message), and the next chunk goes on from it. Without ``requeue`` (tests,
    ``memory://``) the whole review runs here. A continuation that finds the job cancelled, deleted
    («Elimina le mie mani») or no longer watched by its page stops and stores nothing more.

    What the result keeps of the hands (for the Replayer and the review cards) names the
    opponents by position (:func:`coach.rooms.privacy.anonymize`: they are other people's
    data), the hero by his own name, unless the learner chose ``keep_names``.
    """
    tr = get_translator(locale)
    try:
        if carry is None:
            if not store.start_review_job(job_id):
                return "cancelled"
            carry = _start(files, hero, tr)
            if not store.advance_review_job(job_id, 0, total=len(carry["texts"])):
                return "cancelled"
        elif not store.watched_review_job(job_id):
            store.finish_review_job(job_id, "cancelled", {ABANDONED: True})
            return "cancelled"
        elif not store.advance_review_job(job_id, int(carry["next"])):
            return "cancelled"
        outcome = _run_chunk(store, job_id, carry, tr, requeue, chunk_s)
        if outcome != "finished":
            return outcome
        review = assemble(carry["hero"], len(carry["texts"]),
                          [ReviewedDecision.from_dict(d) for d in carry["decisions"]],
                          [RefusedHand(**r) for r in carry["refused"]], int(carry["skipped"]))
    except CoachError as err:
        store.finish_review_job(job_id, "failed", {"error": err.localized(tr)})
        return "failed"
    except Exception as err:  # a bug of ours: the job says so, the worker goes on with the next
        log.exception("review job %s failed", job_id)
        store.finish_review_job(job_id, "failed", {"error": f"{type(err).__name__}: {err}"[:300]})
        return "failed"
    result = to_json(review if keep_names else anonymize_refused(review))
    # the hands with a graded decision, so the page opens each in the Replayer from the database alone
    kept = sorted({d.hand for d in review.decisions})
    texts, sources = carry["texts"], carry["sources"]
    result["hands"] = {}
    for i in kept:
        history = loads_phh(texts[i], sources[i])
        result["hands"][str(i)] = (history if keep_names else anonymize(history, review.hero)).dumps()
    return "done" if store.finish_review_job(job_id, "done", result) else "cancelled"


def _run_chunk(store: Store, job_id: int, carry: dict[str, Any], tr: Translator,
               requeue: Callable[[dict[str, Any]], None] | None, chunk_s: float) -> str:
    """Review the hands from ``carry["next"]`` until the chunk's time is up (``requeued``), the job
    is cancelled (``cancelled``) or every hand is done (``finished``); ``carry`` is updated in place."""
    texts, sources, hero = carry["texts"], carry["sources"], carry["hero"]
    total = len(texts)
    started = last = time.monotonic()
    i = int(carry["next"])
    while i < total:
        found, missed, refusal = review_one(loads_phh(texts[i], sources[i]), i, hero, tr)
        carry["decisions"].extend(d.to_dict() for d in found)
        carry["skipped"] += missed
        if refusal is not None:
            carry["refused"].append(asdict(refusal))
        i += 1
        carry["next"] = i
        now = time.monotonic()
        if i < total and requeue is not None and now - started >= chunk_s:
            if not store.advance_review_job(job_id, i):
                return "cancelled"
            requeue(carry)  # behind the other learners' chunks: the thread is theirs now
            return "requeued"
        if i < total and now - last >= PROGRESS_EVERY_S:
            last = now
            if not store.advance_review_job(job_id, i):
                return "cancelled"
    return "finished" if store.advance_review_job(job_id, total) else "cancelled"


# -- the embedded worker ------------------------------------------------------------------------


def lock_path(url: str) -> Path:
    """The file a running worker holds locked (flock), so the app starts one only when none runs."""
    if url.startswith("sqlite:///"):
        return Path(url[len("sqlite:///"):] + ".worker.lock")
    return Path(tempfile.gettempdir()) / f"coach-queue-{hashlib.sha256(url.encode()).hexdigest()[:16]}.lock"


@contextlib.contextmanager
def worker_lock(url: str) -> Iterator[IO[str] | None]:
    """Hold the worker lock of ``url``; yields None when another worker holds it."""
    path = lock_path(url)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+", encoding="utf-8") as fh:
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            yield None
            return
        try:
            yield fh
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def worker_running(url: str) -> bool:
    with worker_lock(url) as held:
        return held is None


def ensure_worker(database_url: str) -> subprocess.Popen[bytes] | None:
    """Start one worker process for the embedded default when none is running; the process or None.

    The worker watches this process and leaves with it (``--parent``). A server sets
    ``COACH_EMBEDDED_WORKER=0`` and runs ``python -m coach worker`` itself (docs/DEPLOY.md).
    """
    if os.environ.get(ENV_EMBEDDED, "1") == "0":
        return None
    url = queue_url(database_url)
    global _SPAWNED
    with _QUEUES_LOCK:
        if _SPAWNED is not None and _SPAWNED.poll() is None:  # ours, still starting or running
            return None
    if url.startswith("memory://") or worker_running(url):
        return None
    root = Path(__file__).resolve().parent.parent.parent
    env = dict(os.environ, COACH_DATABASE_URL=database_url, COACH_QUEUE_URL=url,
               PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep))
    log_file = lock_path(url).with_suffix(".log")  # the worker's own messages, for whoever runs the app
    with open(log_file, "ab") as out, _QUEUES_LOCK:
        # every lane, one thread each: a file to read never waits behind a session review
        _SPAWNED = subprocess.Popen([sys.executable, "-m", "coach", "worker", "--parent", str(os.getpid())],
                                cwd=str(root), env=env, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT)
        return _SPAWNED
