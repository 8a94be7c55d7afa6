"""A generated session shared by the review tests (the engine and the bots play it once)."""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from tests.support.sample import sample_session


@lru_cache(maxsize=2)
def session_text(hands: int = 12, seed: int = 5) -> str:
    return sample_session(hands, seed=seed)


ROOT = Path(__file__).resolve().parents[2]
WORKER_CEILING_S = 120.0  # a busy 2-core machine: a ceiling, not a measurement


@contextlib.contextmanager
def worker_process(store_url: str, tmp_path: Path, *args: str,
                   **env_extra: str) -> Iterator[subprocess.Popen[bytes]]:
    """A real ``python -m coach worker`` (``args`` added) on the store's queue, stopped at the end."""
    env = dict(os.environ, COACH_DATABASE_URL=store_url, PYTHONPATH=str(ROOT), **env_extra)
    env.pop("COACH_QUEUE_URL", None)
    with open(tmp_path / "worker.log", "wb") as log:
        worker = subprocess.Popen([sys.executable, "-m", "coach", "worker", *args], cwd=ROOT, env=env,
                                  stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        try:
            yield worker
        finally:
            worker.terminate()
            try:
                worker.wait(timeout=20)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()


def worker_log(tmp_path: Path) -> str:
    return (tmp_path / "worker.log").read_text(errors="replace")[-2000:]


def wait_for(worker: subprocess.Popen[bytes], tmp_path: Path, ready: Callable[[], bool],
             ceiling_s: float = WORKER_CEILING_S) -> bool:
    """Poll ``ready()`` until it holds or the ceiling passes (a bound on a busy machine, not a timing);
    the worker dying fails at once with its log."""
    deadline = time.monotonic() + ceiling_s
    while not ready():
        assert worker.poll() is None, worker_log(tmp_path)
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def run_worker_until_finished(store_url: str, tmp_path: Path, read_job: Callable[[], Any]) -> tuple[Any, str]:
    """A real ``python -m coach worker`` on the store's queue until ``read_job()`` says finished
    (bounded; the worker dying fails at once with its log). Returns the last read and the log's tail."""
    last: list[Any] = []

    def finished() -> bool:
        last[:] = [read_job()]
        return last[0] is None or last[0].finished

    with worker_process(store_url, tmp_path) as worker:
        wait_for(worker, tmp_path, finished)
    return last[0], worker_log(tmp_path)


@lru_cache(maxsize=1)
def big_session_text(size: int = 1000 * 1024) -> str:
    """A PHH session of about ``size`` bytes (some 1,900 hands: a long online session): a generated
    session repeated with its sections renumbered, so every hand is a distinct section."""
    base = session_text(40, seed=3)
    counter = itertools.count(1)
    text = re.sub(r"^\[\d+\]$", lambda _: f"[{next(counter)}]", "\n".join([base] * (size // len(base) + 1)),
                  flags=re.M)
    return text[:text.rfind("\n[", 0, size)]
