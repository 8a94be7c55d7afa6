"""The app's responsiveness, measured with Streamlit's AppTest (no browser, no network).

Run: ``python benchmarks/bench_app.py [--repeat N]``. Each repetition runs in a
fresh Python process, so "cold start" really is cold: it includes importing
Streamlit, the engine, the coach and the catalogs, loading the lessons and
drawing the first page. Then, in the same process:

- ``first render``: the script run that draws the home page (imports done);
- ``background imports``: what is left of the warm-up thread (engine, coach) after
  the first render; a learner reading the home page never waits for it;
- ``lesson page``: switching to a lesson opened by a deep link at a decision point;
- ``rerun after an action``: clicking "Call" at that decision point (the engine
  tries the choice, the coach grades it, the page redraws with the feedback);
- ``rerun after a step``: one ▶ click in the example hand.

Figures are printed (median of the repetitions); nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, time
t0 = time.perf_counter()
from streamlit.testing.v1 import AppTest
t_import = time.perf_counter()
at = AppTest.from_file(sys.argv[1], default_timeout=120)
at.run()
t_first = time.perf_counter()
assert not at.exception, at.exception
import threading
t1 = time.perf_counter()
for th in threading.enumerate():
    if th.name == "coach-warm-up":
        th.join()
t_warm = time.perf_counter() - t1
at.query_params["lezione"] = "03-azioni"
at.query_params["mano"] = "1"
at.query_params["passo"] = "1"
t1 = time.perf_counter()
at.session_state["tests.goto"] = "lezioni"  # tests/ui/app_on_page.py opens the page
at.run()
t_lesson = time.perf_counter() - t1
t1 = time.perf_counter()
at.button(key="dec.03-azioni/0/4.call").click().run()
t_action = time.perf_counter() - t1
assert not at.exception
t1 = time.perf_counter()
at.button(key="lesson.03-azioni/0.next").click().run()
t_step = time.perf_counter() - t1
print(json.dumps({"import": t_import - t0, "first_render": t_first - t_import,
                  "cold_start": t_first - t0, "warm_up_wait": t_warm, "lesson_page": t_lesson,
                  "rerun_action": t_action, "rerun_step": t_step}))
"""


def run_once() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, COACH_DATABASE_URL=f"sqlite:///{tmp}/bench.db")
        t0 = time.perf_counter()
        entry = str(ROOT / "tests" / "ui" / "app_on_page.py")  # the app, plus a way to open a page
        proc = subprocess.run([sys.executable, "-c", CHILD, entry], cwd=ROOT, env=env, capture_output=True,
                              text=True, check=True)
        wall = time.perf_counter() - t0
    figures: dict[str, float] = json.loads(proc.stdout.strip().splitlines()[-1])
    figures["process_wall"] = wall
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    runs = [run_once() for _ in range(max(1, args.repeat))]
    labels = {
        "process_wall": "process start to exit (python + everything)",
        "cold_start": "cold start: script run to first render (incl. imports)",
        "import": "  of which: importing streamlit's AppTest",
        "first_render": "  of which: first run of the app (home)",
        "warm_up_wait": "background imports still running after first render",
        "lesson_page": "lesson page at a decision point (deep link)",
        "rerun_action": "rerun after an action (Call, graded)",
        "rerun_step": "rerun after a step (next)",
    }
    print(f"AppTest timings over {len(runs)} fresh process(es), median (min-max), seconds:")
    for key, label in labels.items():
        values = [r[key] for r in runs]
        print(f"  {label:<58} {statistics.median(values):6.3f}  ({min(values):.3f}-{max(values):.3f})")


if __name__ == "__main__":
    main()
