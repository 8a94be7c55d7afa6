"""A session review's speed, and another learner's click while one runs (prints figures; not a test).

    python benchmarks/bench_review.py [--hands 1000] [--file SESSION.phhs] [--clicks 60]

1. A session of ``--hands`` 6-max hands is generated with the engine and the practice bots
   (``tests.support.sample``; or read from ``--file``), timed apart.
2. The review in this process (``coach.review.session.review_session``, the one judge of every
   page, solvers included; the worker runs it in chunks of about 2 s): hands per
   second. Target (issue 23): 1,000 hands in at most 60 s.
3. The same review as the app runs it: a job on huey's SQLite queue, taken by a worker process
   (``python -m coach worker``), progress in the ``review_jobs`` table; meanwhile this process
   plays another learner answering lesson decisions (``coach.learning.answers.decision_verdict``,
   the lesson page's answer path) and times each answer. Its p50/p95 are printed next to the
   same clicks with no review running. Target: p95 < 0.5 s.

Every figure depends on the machine's load (the load average is printed).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from coach.engine.phh import loads_phhs  # noqa: E402
from coach.i18n import get_translator  # noqa: E402
from coach.learning.answers import decision_verdict, graded_decisions  # noqa: E402
from coach.learning.script import HandScript  # noqa: E402
from coach.lessons.loader import default_lessons_dir, load_lessons  # noqa: E402
from coach.review.jobs import enqueue_review, queue_url  # noqa: E402
from coach.review.session import detect_hero, review_session  # noqa: E402
from coach.store import Store  # noqa: E402
from tests.support.sample import sample_session  # noqa: E402


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def _clicks() -> list[tuple[HandScript, int, str]]:
    """Lesson decisions as the lesson page answers them: (script, action index, the learner's code)."""
    out = []
    for g in graded_decisions(load_lessons(default_lessons_dir())):
        out.append((HandScript.from_example(g.example), g.decision.at, g.codes[0]))
    return out


def _click(items: list[tuple[HandScript, int, str]], i: int) -> float:
    sc, at, code = items[i % len(items)]
    t0 = time.perf_counter()
    decision_verdict(sc, at, code)
    return time.perf_counter() - t0


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=1000)
    p.add_argument("--file", default=None)
    p.add_argument("--clicks", type=int, default=60)
    args = p.parse_args()
    print(f"load average: {os.getloadavg()}")

    t0 = time.perf_counter()
    text = Path(args.file).read_text(encoding="utf-8") if args.file else sample_session(args.hands, seed=23)
    hands = loads_phhs(text, "session.phhs")
    print(f"session: {len(hands)} hands {'read' if args.file else 'generated'} in "
          f"{time.perf_counter() - t0:.1f} s")

    hero = detect_hero(hands)
    t0 = time.perf_counter()
    review = review_session(hands, hero, get_translator("it"))
    took = time.perf_counter() - t0
    assert review is not None
    print(f"review in this process: {len(review.decisions)} decisions of {hero} in {took:.1f} s, "
          f"{len(hands) / took:.1f} hands/s: 1,000 hands in {took * 1000 / max(1, len(hands)):.0f} s "
          f"(target <= 60 s: {'OK' if took * 1000 / max(1, len(hands)) <= 60 else 'MISSED'})")

    items = _clicks()
    for i in range(min(len(items), 10)):  # warm the caches as a running app has them
        _click(items, i)
    idle = [_click(items, i) for i in range(args.clicks)]
    print(f"lesson answers, no review running: p50 {statistics.median(idle) * 1000:.0f} ms, "
          f"p95 {_pct(idle, 0.95) * 1000:.0f} ms ({len(idle)} answers)")

    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{tmp}/coach.db"
        store = Store(db)
        env = dict(os.environ, COACH_DATABASE_URL=db, COACH_QUEUE_URL=queue_url(db),
                   PYTHONPATH=str(ROOT))
        os.environ["COACH_QUEUE_URL"] = queue_url(db)
        worker = subprocess.Popen([sys.executable, "-m", "coach", "worker"], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            t0 = time.perf_counter()
            job_id = enqueue_review(store, "bench", [("session.phhs", text)], hero, "it", total=len(hands))
            busy: list[float] = []
            started = None
            i = 0
            while True:
                job = store.review_job(job_id)
                assert job is not None
                if job.status == "running" and started is None:
                    started = time.perf_counter()
                if job.finished:
                    break
                if job.status == "running":
                    busy.append(_click(items, i))
                    i += 1
                else:
                    time.sleep(0.05)
            end = time.perf_counter()
        finally:
            worker.terminate()
            worker.wait(10)
    ran = end - (started or t0)
    print(f"review as a queued job: {job.status}, {len(hands)} hands in {ran:.1f} s in the worker "
          f"({len(hands) / ran:.1f} hands/s), {end - t0:.1f} s from the click (worker start included)")
    if busy:
        p95 = _pct(busy, 0.95)
        print(f"lesson answers while the review runs: p50 {statistics.median(busy) * 1000:.0f} ms, "
              f"p95 {p95 * 1000:.0f} ms ({len(busy)} answers; target p95 < 500 ms: "
              f"{'OK' if p95 < 0.5 else 'MISSED'})")
    print(f"load average: {os.getloadavg()}")


if __name__ == "__main__":
    main()
