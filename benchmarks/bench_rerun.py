"""Server CPU of one click: a lesson step, a graded lesson decision, a practice action.

    python benchmarks/bench_rerun.py --url http://127.0.0.1:8601 --pid PID [--repeat 30]

One simulated learner (benchmarks/bench_load.py's websocket client) clicks on a running
app process with nobody else on it, one click at a time, and the process's CPU time is
read around each click from /proc/PID/stat (every thread, the script threads that ended
too; in clock ticks of 10 ms, so one click reads 0, 10, 20... ms: the mean over many
clicks is the figure). Printed per kind of click: the mean CPU ms, and the median time
to the end of the rerun.

* ``first page``: a new learner's first page (its own profile and session: the HTML, the
  websocket, the first script run), what a class arriving costs;
* ``step``: ▶ or ◀ in a lesson's example hand;
* ``decision (first)``: the first answer at a lesson's decision point in this process
  (the coach's analysis is computed), ``decision (cached)``: the same spot again, by this
  or any other learner (the analysis comes from the cache, issue 14), ``retry``;
* ``practice action``: call or check at the practice table (the coach grades the spot,
  new every time, and the bots play on), ``practice next hand``.

Figures only; nothing asserts a time. The machine is shared: run it when it is quiet.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_load import DECISION, LESSON, Learner, Stats, loopback_only


def cpu_ns(pid: int) -> int:
    """The process's CPU time, every thread included (also the script threads that ended)."""
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1_000_000_000 // os.sysconf("SC_CLK_TCK")


async def measure(args: argparse.Namespace) -> dict[str, list[tuple[float, float]]]:
    loopback_only(args.url)
    import random

    learner = Learner(0, args.url, f"CPU{os.getpid()}", Stats(), random.Random(0))
    out: dict[str, list[tuple[float, float]]] = {}

    async def click(kind: str, key: str | None) -> None:
        await asyncio.sleep(0.15)  # let the previous click's trailing work finish
        c0, t0 = cpu_ns(args.pid), time.perf_counter()
        page = await learner.rerun(key)
        wall = time.perf_counter() - t0
        await asyncio.sleep(0.05)
        cpu = (cpu_ns(args.pid) - c0) / 1e6
        if page.exceptions:
            raise SystemExit(f"{kind}: exception on the page: {page.exceptions[0]}")
        out.setdefault(kind, []).append((cpu, wall))

    # A new learner's first page (a new session: the page's HTML, the websocket, the first
    # script run with its profile): what a class arriving costs.
    for i in range(args.first_pages):
        await asyncio.sleep(0.15)
        newcomer = Learner(i + 1, args.url, f"FP{os.getpid()}", Stats(), random.Random(i))
        c0, t0 = cpu_ns(args.pid), time.perf_counter()
        await newcomer.connect()
        page = await newcomer.rerun()
        wall = time.perf_counter() - t0
        await asyncio.sleep(0.05)
        cpu = (cpu_ns(args.pid) - c0) / 1e6
        if page.exceptions:
            raise SystemExit(f"first page: exception on the page: {page.exceptions[0]}")
        out.setdefault("first page", []).append((cpu, wall))
        await newcomer.close()
    await learner.connect()
    await learner.rerun()
    for i in range(args.repeat):
        await click("decision (first)" if i == 0 else "decision (cached)", f"dec.{DECISION}.call")
        await click("step", f"lesson.{LESSON}/0.next")
        await click("step", f"lesson.{LESSON}/0.prev")
        await click("retry", f"retry.{DECISION}")
    # The practice table.
    learner.query, learner.page_name = "", "pratica"
    await learner.rerun()
    await click("practice sit down", "prac_sit")
    actions = 0
    while actions < args.repeat:
        keys = learner.page.widgets
        act = next((k for k in keys if re.fullmatch(r"prac\.\d+\.\d+\.(check|call)", k)
                    and k not in learner.page.disabled and k.endswith(".check")), None) or next(
            (k for k in keys if re.fullmatch(r"prac\.\d+\.\d+\.call", k)), None)
        if act is not None:
            await click("practice action", act)
            actions += 1
        elif "prac_next" in keys:
            await click("practice next hand", "prac_next")
        elif "prac_rebuy" in keys:
            await click("practice next hand", "prac_rebuy")
        else:
            raise SystemExit(f"practice: no action on the page ({sorted(keys)[:12]})")
    await learner.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8601")
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--first-pages", type=int, default=10,
                        help="new learners' first pages measured before the clicks")
    args = parser.parse_args()
    results = asyncio.run(measure(args))
    print(f"{'click':<22} {'n':>4} {'CPU ms mean':>12} {'wall ms median':>15}")
    for kind, values in results.items():
        print(f"{kind:<22} {len(values):>4} {statistics.mean(v[0] for v in values):>12.1f} "
              f"{1000 * statistics.median(v[1] for v in values):>15.1f}")


if __name__ == "__main__":
    main()
