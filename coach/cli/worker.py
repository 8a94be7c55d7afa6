"""``python -m coach worker``: run the task queue's jobs (session reviews, hand files to read) until stopped.

One command for both deployments (docs/DEPLOY.md): on the embedded default the app
starts one itself (``--parent``: it leaves when the app does, and only one runs per
queue, held by a lock file); on a class server an operator runs as many as the CPUs
allow, on this machine or others sharing the PostgreSQL database. The queue and the
progress database come from ``COACH_QUEUE_URL`` / ``COACH_DATABASE_URL``
(``--database`` overrides the latter).

``--lanes`` says which lanes of the queue this process serves (:data:`coach.review.jobs.LANES`;
all three by default), each with ``--workers`` threads of its own: a session review never holds
the thread that reads a pasted hand. A class server runs the lanes in separate processes, so they
do not share one interpreter lock (docs/DEPLOY.md).

``--nice N`` lowers this process's CPU priority; ``--idle`` goes further and runs it only on CPU
time nobody else wants (Linux's ``SCHED_IDLE``). A reviews-only worker on the machine of the app
processes runs with ``--idle``, so a class's clicks always come before a background review: the
review still runs, on whatever CPU the clicks leave (docs/DEPLOY.md). Measured with 500 learners
and a review running (benchmarks/README.md): the clicks' p95 was ~3 s at ``--nice 10`` and
0.8-1.0 s with ``--idle``.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections.abc import Sequence

from huey.consumer import Consumer

from coach.cli.common import ArgumentParser, add_locale, parse_args
from coach.review import parsejobs  # noqa: F401  (registers the task that reads hand files)
from coach.review.jobs import LANES, queue, queue_url, worker_lock

# how long an idle lane waits at most before it looks for a job again: a pasted hand is taken at once
IDLE_POLL_S = {"reviews": 1.0, "files": 0.5, "hands": 0.2}


def _parser() -> ArgumentParser:
    p = ArgumentParser(prog="python -m coach worker", description=__doc__.splitlines()[0])
    p.add_argument("--workers", type=int, default=1,
                   help="jobs of each lane run at the same time (threads; default 1)")
    p.add_argument("--lanes", default=",".join(LANES),
                   help="the lanes this process serves, comma-separated (default: " + ",".join(LANES) + ")")
    p.add_argument("--database", default=None, help="the progress database URL (default: COACH_DATABASE_URL)")
    p.add_argument("--nice", type=int, default=0,
                   help="lower this process's CPU priority by N (0-19; a reviews-only worker beside the "
                        "apps: 10, so clicks come first)")
    p.add_argument("--idle", action="store_true",
                   help="run only on CPU time nobody else wants (Linux SCHED_IDLE; elsewhere the lowest "
                        "priority): a reviews-only worker beside the app processes")
    p.add_argument("--parent", type=int, default=None,
                   help="leave when this process ends (the app's embedded worker; one per queue)")
    add_locale(p)
    return p


def _watch(parent: int) -> None:
    """The embedded worker leaves with the app that started it (no orphan holding the queue)."""
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os._exit(0)


def _background() -> None:
    """SCHED_IDLE where the OS has it (Linux), else the lowest niceness."""
    policy = getattr(os, "SCHED_IDLE", None)
    if policy is not None:
        try:
            os.sched_setscheduler(0, policy, os.sched_param(0))
            return
        except OSError:
            pass
    os.nice(19)


def _lanes(text: str) -> list[str] | None:
    lanes = [x.strip() for x in text.split(",") if x.strip()]
    if not lanes or any(x not in LANES for x in lanes):
        return None
    return list(dict.fromkeys(lanes))


def _serve(consumers: list[Consumer]) -> None:
    """Every lane's consumer in this process: the last one in the foreground (its signal handlers
    stop the process), the others' threads started beside it."""
    for c in consumers[:-1]:
        c.start()
    try:
        consumers[-1].run()
    finally:
        for c in consumers[:-1]:
            c.stop()


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(_parser(), argv)
    if isinstance(args, int):
        return args
    lanes = _lanes(args.lanes)
    if lanes is None:
        print(f"worker: --lanes takes some of {', '.join(LANES)}", file=sys.stderr)
        return 2
    if not 0 <= args.nice <= 19:
        print("worker: --nice takes 0 to 19", file=sys.stderr)
        return 2
    # Before any thread starts: Linux gives a new thread its creator's niceness and policy.
    if args.idle:
        _background()
    elif args.nice:
        os.nice(args.nice)
    if args.database:
        os.environ["COACH_DATABASE_URL"] = args.database
    url = queue_url(args.database)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    consumers = [Consumer(queue(url, lane), workers=max(1, min(32, args.workers)), worker_type="thread",
                          max_delay=IDLE_POLL_S[lane]) for lane in lanes]
    if args.parent is None:
        _serve(consumers)
        return 0
    threading.Thread(target=_watch, args=(args.parent,), daemon=True).start()
    with worker_lock(url) as held:
        if held is None:  # another embedded worker serves this queue already
            print("worker: another worker holds the queue's lock", file=sys.stderr)
            return 0
        _serve(consumers)
    return 0
