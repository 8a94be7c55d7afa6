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
from pathlib import Path
from typing import IO, Any

from huey import MemoryHuey, PostgresHuey, SqliteHuey
from huey.api import Huey
from huey.storage import SqliteStorage

from coach.errors import CoachError
from coach.i18n import get_translator
from coach.review.session import RefusedHand, anonymize_refused, detect_hero, load_texts, review_session
from coach.review.summary import to_json
from coach.rooms.privacy import anonymize
from coach.store import Store
from coach.store.connection import default_database_url, sqlite_path

__all__ = [
    "ENV_EMBEDDED",
    "ENV_QUEUE",
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
TASK_NAME = "coach.review_session"
PROGRESS_EVERY_S = 0.25  # the longest wait between two progress writes (and cancel checks)
log = logging.getLogger(__name__)


ENV_PROCESSES = "COACH_REVIEW_PROCESSES"  # processes a review's hands are shared among (default: the cores)
MAX_PROCESSES = 8


def review_processes() -> int:
    """How many processes review a session's hands: ``COACH_REVIEW_PROCESSES``, else one per core (at
    most :data:`MAX_PROCESSES`): the judge's solvers are CPU-bound."""
    raw = os.environ.get(ENV_PROCESSES, "").strip()
    if raw.isdigit() and int(raw) >= 1:
        return min(int(raw), MAX_PROCESSES)
    return max(1, min(os.cpu_count() or 1, MAX_PROCESSES))


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


_QUEUES: dict[str, Huey] = {}
_TASKS: dict[str, Any] = {}  # the review task as registered on each queue (calling it enqueues)
_OTHER_TASKS: dict[str, tuple[Callable[..., None], int]] = {}  # name -> (function, priority): other jobs
_REGISTERED: dict[tuple[str, str], Any] = {}  # (queue, task name) -> the task as registered on it
_SPAWNED: subprocess.Popen[bytes] | None = None  # the embedded worker this process started
_QUEUES_LOCK = threading.Lock()


def queue(url: str | None = None) -> Huey:
    """The huey instance for ``url`` (one per process), with the review task registered."""
    where = url or queue_url()
    with _QUEUES_LOCK:
        q = _QUEUES.get(where)
        if q is None:
            if where.startswith("sqlite:///"):
                path = Path(where[len("sqlite:///"):])
                path.parent.mkdir(parents=True, exist_ok=True)
                q = _SqliteQueue("coach", filename=str(path), results=False)
            elif where.startswith("postgresql://"):
                q = PostgresHuey("coach", dsn=where, results=False)
            else:  # memory:// (tests, one process): each job runs at once, in the caller
                q = MemoryHuey("coach", results=False, immediate=True)
            _TASKS[where] = q.task(name=TASK_NAME)(_task)
            for name, (fn, priority) in _OTHER_TASKS.items():
                _REGISTERED[(where, name)] = q.task(name=name, priority=priority)(fn)
            _QUEUES[where] = q
        return q


def register_task(name: str, fn: Callable[..., None], *, priority: int = 0) -> None:
    """Another job for the same queue and workers (:mod:`coach.review.parsejobs`: reading a hand file).

    Registered on every queue of this process, those made already and those to come; the worker
    imports the module that registers it, so its consumer knows the task by ``name``. A higher
    ``priority`` is taken first by a free worker (huey's SQLite and PostgreSQL storages order by it).
    """
    with _QUEUES_LOCK:
        _OTHER_TASKS[name] = (fn, priority)
        for where, q in _QUEUES.items():
            _REGISTERED[(where, name)] = q.task(name=name, priority=priority)(fn)


def task_of(where: str, name: str) -> Any:
    """The task ``name`` on the queue at ``where`` (calling it enqueues a job)."""
    queue(where)
    return _REGISTERED[(where, name)]


def _task(job_id: int, files: list[tuple[str, str]], hero: str | None, locale: str,
          keep_names: bool = False) -> None:
    """The worker's entry: the store named by the worker's environment.

    ``keep_names`` defaults to False so a job queued before the option existed is anonymized.
    """
    run_review_job(Store(os.environ.get("COACH_DATABASE_URL") or None), job_id, files, hero, locale,
                   keep_names=keep_names)


def enqueue_review(store: Store, profile: str, files: Sequence[tuple[str, str]], hero: str | None,
                   locale: str = "it", *, total: int, url: str | None = None,
                   keep_names: bool = False) -> int:
    """Create the learner's job row and put the job in the queue; its id (kept in the store).

    The raw texts travel in the queue's message only, never in ``review_jobs``: huey deletes the
    message when a worker takes it (and the SQLite queue overwrites what it deletes).
    """
    job_id = store.create_review_job(profile, total)
    where = url or queue_url(store.url)
    if where.startswith("memory://"):  # tests: the job runs now, in the caller, on the caller's store
        run_review_job(store, job_id, files, hero, locale, keep_names=keep_names)
        return job_id
    queue(where)
    _TASKS[where](job_id, list(files), hero, locale, keep_names)  # huey: calling a task enqueues it
    return job_id


def run_review_job(store: Store, job_id: int, files: Sequence[tuple[str, str]], hero: str | None,
                   locale: str, *, keep_names: bool = False) -> str:
    """Run one review job: progress after each hand, stop when cancelled; the final status.

    What the result keeps of the hands (for the Replayer and the review cards) names the
    opponents by position (:func:`coach.rooms.privacy.anonymize`: they are other people's
    data), the hero by his own name, unless the learner chose ``keep_names``.
    """
    if not store.start_review_job(job_id):
        return "cancelled"
    tr = get_translator(locale)
    last = 0.0

    def progress(done: int, total: int) -> bool:
        nonlocal last
        now = time.monotonic()
        if done < total and now - last < PROGRESS_EVERY_S:
            return True
        last = now
        return store.advance_review_job(job_id, done)

    try:
        on_import: list[RefusedHand] = []
        hands = load_texts(files, tr, on_import)  # the parsing too is the worker's, not the page's
        if not store.advance_review_job(job_id, 0, total=len(hands)):
            return "cancelled"
        review = review_session(hands, detect_hero(hands, hero or None), tr, progress, on_import,
                                processes=review_processes())
    except CoachError as err:
        store.finish_review_job(job_id, "failed", {"error": err.localized(tr)})
        return "failed"
    except Exception as err:  # a bug of ours: the job says so, the worker goes on with the next
        log.exception("review job %s failed", job_id)
        store.finish_review_job(job_id, "failed", {"error": f"{type(err).__name__}: {err}"[:300]})
        return "failed"
    if review is None:
        return "cancelled"
    result = to_json(review if keep_names else anonymize_refused(review))
    # the hands with a graded decision, so the page opens each in the Replayer from the database alone
    kept = sorted({d.hand for d in review.decisions})
    result["hands"] = {str(i): (hands[i] if keep_names else anonymize(hands[i], review.hero)).dumps()
                       for i in kept}
    return "done" if store.finish_review_job(job_id, "done", result) else "cancelled"


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
        # two threads: a file to read for the Replayer is not left behind a session review that runs
        _SPAWNED = subprocess.Popen([sys.executable, "-m", "coach", "worker", "--workers", "2",
                                     "--parent", str(os.getpid())],
                                cwd=str(root), env=env, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT)
        return _SPAWNED
