"""``python -m coach worker``: run the task queue's jobs (session reviews, hand files to read) until stopped.

One command for both deployments (docs/DEPLOY.md): on the embedded default the app
starts one itself (``--parent``: it leaves when the app does, and only one runs per
queue, held by a lock file); on a class server an operator runs as many as the CPUs
allow, on this machine or others sharing the PostgreSQL database. The queue and the
progress database come from ``COACH_QUEUE_URL`` / ``COACH_DATABASE_URL``
(``--database`` overrides the latter).
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
from coach.review.jobs import queue, queue_url, worker_lock


def _parser() -> ArgumentParser:
    p = ArgumentParser(prog="python -m coach worker", description=__doc__.splitlines()[0])
    p.add_argument("--workers", type=int, default=1, help="jobs run at the same time (threads; default 1)")
    p.add_argument("--database", default=None, help="the progress database URL (default: COACH_DATABASE_URL)")
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


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(_parser(), argv)
    if isinstance(args, int):
        return args
    if args.database:
        os.environ["COACH_DATABASE_URL"] = args.database
    url = queue_url(args.database)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    consumer = Consumer(queue(url), workers=max(1, min(32, args.workers)), worker_type="thread",
                        max_delay=1.0)
    if args.parent is None:
        consumer.run()
        return 0
    threading.Thread(target=_watch, args=(args.parent,), daemon=True).start()
    with worker_lock(url) as held:
        if held is None:  # another embedded worker serves this queue already
            print("worker: another worker holds the queue's lock", file=sys.stderr)
            return 0
        consumer.run()
    return 0
