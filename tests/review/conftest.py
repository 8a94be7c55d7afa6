"""A generated session shared by the review tests (the engine and the bots play it once)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from tests.support.sample import sample_session


@lru_cache(maxsize=2)
def session_text(hands: int = 12, seed: int = 5) -> str:
    return sample_session(hands, seed=seed)


ROOT = Path(__file__).resolve().parents[2]
WORKER_CEILING_S = 120.0  # a busy 2-core machine: a ceiling, not a measurement


def run_worker_until_finished(store_url: str, tmp_path: Path, read_job: Callable[[], Any]) -> tuple[Any, str]:
    """A real ``python -m coach worker`` on the store's queue until ``read_job()`` says finished
    (bounded; the worker dying fails at once with its log). Returns the last read and the log's tail."""
    env = dict(os.environ, COACH_DATABASE_URL=store_url, PYTHONPATH=str(ROOT))
    env.pop("COACH_QUEUE_URL", None)
    with open(tmp_path / "worker.log", "wb") as log:
        worker = subprocess.Popen([sys.executable, "-m", "coach", "worker"], cwd=ROOT, env=env,
                                  stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + WORKER_CEILING_S
            job = read_job()
            while job is not None and not job.finished and time.monotonic() < deadline:
                assert worker.poll() is None, (tmp_path / "worker.log").read_text(errors="replace")[-2000:]
                time.sleep(0.2)
                job = read_job()
        finally:
            worker.terminate()
            try:
                worker.wait(timeout=20)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()
    return job, (tmp_path / "worker.log").read_text(errors="replace")[-2000:]
