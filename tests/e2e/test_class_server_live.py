"""Two real app processes on one database: a learner whose process is SIGKILLed goes on in the other.

The learner is the load benchmark's websocket client (``benchmarks/bench_load.py``:
Streamlit's own protocol, no browser): it answers a lesson's decision on process A,
A is killed, it reconnects to process B with the same profile cookie (what the
proxy does when A is gone) and finds the decision answered, then takes the
answer back. What a session needs across processes is in the database, not in
A's memory. No timing is asserted.
"""

from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_load import DECISION, LESSON, Learner, Stats  # noqa: E402
from support.server import streamlit_server  # noqa: E402

from coach.store import Store  # noqa: E402


async def answer_then_move(a: str, b: str, kill_a: subprocess.Popen[bytes]) -> dict[str, object]:
    learner = Learner(0, a, "LIVE", Stats(), random.Random(0))
    await learner.connect()
    first = await learner.rerun()
    assert not first.exceptions, first.exceptions
    asked = f"dec.{DECISION}.call" in first.widgets
    answered = await learner.rerun(f"dec.{DECISION}.call")
    acknowledged = f"retry.{DECISION}" in answered.widgets
    kill_a.send_signal(signal.SIGKILL)
    kill_a.wait(timeout=30)
    for _ in range(100):  # the websocket closes when its process dies
        if learner.closed:
            break
        await asyncio.sleep(0.05)
    closed = learner.closed
    await learner.close()
    learner.base = b  # the proxy sends the browser to a live process; same cookie, same profile
    await learner.connect()
    moved = await learner.rerun()
    restored = f"retry.{DECISION}" in moved.widgets and f"dec.{DECISION}.call" not in moved.widgets
    again = await learner.rerun(f"retry.{DECISION}")
    asked_again = f"dec.{DECISION}.call" in again.widgets
    step_blocked = f"lesson.{LESSON}/0.next" in again.disabled
    await learner.close()
    return {"asked": asked, "acknowledged": acknowledged, "closed": closed, "restored": restored,
            "errors": moved.exceptions + again.exceptions, "asked_again": asked_again,
            "step_blocked": step_blocked, "profile": learner.profile}


def test_a_learner_whose_process_is_killed_goes_on_in_another(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'class.db'}"
    Store(database).ensure_schema()
    with (streamlit_server(tmp_path, database, name="a") as a,
          streamlit_server(tmp_path, database, name="b") as b):
        # In a thread of its own: a browser test's Playwright may hold this thread's event loop.
        with ThreadPoolExecutor(1) as pool:
            moved = pool.submit(lambda: asyncio.run(asyncio.wait_for(
                answer_then_move(a.url, b.url, a.process), 180)))
            result = moved.result()
    assert result["asked"] and result["acknowledged"], result
    assert result["closed"], "the killed process's websocket did not close"
    assert result["restored"], "process B did not find the answer given on process A"
    assert result["errors"] == [], result
    assert result["asked_again"] and result["step_blocked"], result  # «prova un'altra scelta» on B
    store = Store(database)
    profile = str(result["profile"])
    assert [d.ref for d in store.decisions(profile)] == [DECISION]  # the acknowledged answer, once
    assert store.lesson_answers(profile) == {}  # taken back on B
