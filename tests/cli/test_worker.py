"""``python -m coach worker``: the options a class server's units pass (docs/DEPLOY.md)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from coach.cli import worker

ROOT = Path(__file__).resolve().parents[2]


def _niceness(pid: int) -> int:
    """Field 19 of /proc/PID/stat (after the command name in parentheses, which may hold spaces)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[16])


@pytest.mark.parametrize("bad", ["-1", "20", "25"])
def test_a_niceness_out_of_range_is_refused_before_anything_starts(
        bad: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = f"sqlite:///{tmp_path / 'c.db'}"
    assert worker.main(["--lanes", "reviews", "--nice", bad, "--database", db]) == 2
    assert "--nice" in capsys.readouterr().err
    assert not (tmp_path / "c.db").exists()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the niceness from /proc (Linux)")
def test_a_reviews_worker_runs_at_the_lower_priority_it_was_given(tmp_path: Path) -> None:
    """The local stack and the units run the reviews at ``--nice 10``: the clicks come first."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), COACH_QUEUE_URL=f"sqlite:///{tmp_path / 'queue.db'}")
    proc = subprocess.Popen([sys.executable, "-m", "coach", "worker", "--lanes", "reviews", "--nice", "10",
                             "--database", f"sqlite:///{tmp_path / 'c.db'}"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        expected = min(19, os.getpriority(os.PRIO_PROCESS, 0) + 10)
        seen = None
        for _ in range(100):  # until the process has parsed its options and lowered itself
            seen = _niceness(proc.pid)
            if seen == expected or proc.poll() is not None:
                break
            time.sleep(0.1)
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        assert seen == expected
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="SCHED_IDLE is Linux's")
def test_an_idle_reviews_worker_runs_only_on_cpu_nobody_else_wants(tmp_path: Path) -> None:
    """The local stack runs the reviews with ``--idle``: SCHED_IDLE, below any niceness."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), COACH_QUEUE_URL=f"sqlite:///{tmp_path / 'queue.db'}")
    proc = subprocess.Popen([sys.executable, "-m", "coach", "worker", "--lanes", "reviews", "--idle",
                             "--database", f"sqlite:///{tmp_path / 'c.db'}"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        policy = None
        for _ in range(100):
            policy = os.sched_getscheduler(proc.pid)
            if policy == os.SCHED_IDLE or proc.poll() is not None:
                break
            time.sleep(0.1)
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        assert policy == os.SCHED_IDLE
    finally:
        proc.terminate()
        proc.wait(timeout=30)
