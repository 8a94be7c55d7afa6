"""A class of simulated learners on a running app, over Streamlit's own websocket protocol.

Run the stack first (deploy/local-stack.sh: N app processes behind nginx, PostgreSQL or
SQLite), then::

    python benchmarks/bench_load.py --url http://127.0.0.1:8080 --learners 40 --duration 120 \\
        --database postgresql+psycopg://coach@127.0.0.1:PORT/coach --pids "PID1 PID2" [--kill-after 60] \\
        [--review-hands 1000]

Each learner is what a browser tab does, without a browser: it loads the page (an HTTP
GET through the proxy, which hands out the sticky-session cookie), opens
``/_stcore/stream`` and speaks Streamlit's protocol, protobuf ``BackMsg`` up and
``ForwardMsg`` down (the same messages the frontend sends: ``rerun_script`` with the
query string, the page and the widget that was clicked, as a trigger). It opens a lesson
at a decision point by a deep link, then loops with a think time of 3 to 7 s: answer the
decision (a button), step ▶, step ◀, «prova un'altra scelta», answer again... An action's
latency is from sending the click to the server's ``script_finished`` (every element of
the new page received): action-to-render, less the browser's own drawing.

It reports per-action latency percentiles, errors (an exception element, a script that
did not finish, a closed connection), the app processes' CPU (from /proc) per action,
and the answers acknowledged (the verdict was on screen) against the decisions the
database holds for these learners: an answer is lost if it was acknowledged and is not
stored. ``--kill-after S`` SIGKILLs the first of ``--pids`` S seconds in: its learners'
websockets close, they reconnect through the proxy to a live process (with the same
profile cookie) and go on. Only loopback addresses are accepted; every learner stops by
itself after ``--duration`` seconds or ``--max-actions`` actions. Nothing here asserts
a time: it prints figures.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import os
import random
import signal
import statistics
import sys
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Subprotocol

from coach.identity import profile_cookie_value
from coach.signing import PURPOSE_PROFILE, Signer, server_secret

LESSON = "03-azioni"
DECISION = f"{LESSON}/0/4"  # lesson 3, hand 1, the decision at action 4 (a call is the lesson's point)
QUERY = f"lezione={LESSON}&mano=1&passo=1"
# a whole page, or a fragment (the lesson's hand) redrawn alone
FINISHED_OK = (ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY)
PAGE = "lezioni"
ANSWERS = ("call", "fold", "call", "raise")  # the learner's choice at the decision, in turn


def profile_cookie(profile: str) -> str:
    """The cookie a browser of ``profile`` carries: its id signed with the server's secret
    (``COACH_SECRET``, else the data folder's file, as the app processes on this machine read it)."""
    return "coach_profile=" + profile_cookie_value(profile, Signer(server_secret(), PURPOSE_PROFILE))


def loopback_only(url: str) -> tuple[str, int]:
    parsed = urlparse(url)
    host = parsed.hostname or ""
    ok = host == "localhost"
    if not ok:
        try:
            ok = ipaddress.ip_address(host).is_loopback
        except ValueError:
            ok = False
    if not ok:
        raise SystemExit(f"bench_load: {host!r} is not a loopback address; this load test only talks "
                         "to 127.0.0.0/8")
    return host, parsed.port or 80


@dataclass
class Page:
    """What one script run drew, as far as a learner needs it."""

    widgets: dict[str, str] = field(default_factory=dict)  # user key -> widget id
    fragments: dict[str, str] = field(default_factory=dict)  # user key -> the fragment drawing it
    disabled: set[str] = field(default_factory=set)
    exceptions: list[str] = field(default_factory=list)
    status: int | None = None  # ScriptFinishedStatus


def user_key(widget_id: str) -> str:
    """``$$ID-<hash>-<user key>`` -> the key the app gave the widget."""
    parts = widget_id.split("-", 2)
    return parts[2] if len(parts) == 3 and parts[0] == "$$ID" else widget_id


class ScriptRun:
    """Collects the ForwardMsgs of one script run."""

    def __init__(self) -> None:
        self.page = Page()
        self.done = asyncio.Event()

    def feed(self, msg: ForwardMsg) -> None:
        kind = msg.WhichOneof("type")
        if kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            element = msg.delta.new_element
            etype = element.WhichOneof("type")
            if etype is None:
                return
            if etype == "exception":
                self.page.exceptions.append(element.exception.message[:200])
                return
            body = getattr(element, etype)
            widget_id = getattr(body, "id", "")
            if isinstance(widget_id, str) and widget_id.startswith("$$ID"):
                key = user_key(widget_id)
                self.page.widgets[key] = widget_id
                self.page.fragments[key] = msg.delta.fragment_id
                if getattr(body, "disabled", False):
                    self.page.disabled.add(key)
        elif kind == "script_finished":
            status = msg.script_finished
            if status == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                return
            self.page.status = status
            self.done.set()


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=dict)
    started: dict[str, list[float]] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    error_examples: list[str] = field(default_factory=list)
    loaded: int = 0  # learners whose first page came
    interrupted: int = 0  # clicks in flight (sent, no script_finished) when their process was killed
    reconnects: int = 0
    acknowledged: dict[str, int] = field(default_factory=dict)  # profile -> answers seen graded

    def latency(self, action: str, seconds: float) -> None:
        self.latencies.setdefault(action, []).append(seconds)
        # when the action started (monotonic): the steady state's figures leave out the class arriving
        self.started.setdefault(action, []).append(time.monotonic() - seconds)

    def error(self, action: str, what: str) -> None:
        self.errors[action] = self.errors.get(action, 0) + 1
        if len(self.error_examples) < 8:
            self.error_examples.append(f"{action}: {what}")


class Learner:
    def __init__(self, n: int, base: str, run_id: str, stats: Stats, rng: random.Random) -> None:
        self.base = base.rstrip("/")
        self.profile = f"CARICO-{run_id}-{n:02d}"
        self.stats = stats
        self.rng = rng
        self.cookie = ""
        self.ws: ClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None
        self.current: ScriptRun | None = None
        self.page = Page()
        self.answers = 0
        self.query = QUERY
        self.page_name = PAGE
        self.closed = False  # the server closed the websocket (its process died)

    # -- transport ---------------------------------------------------------------------
    def _get_page(self) -> str:
        """The page's HTML through the proxy: what gives a browser its sticky cookie."""
        req = urllib.request.Request(self.base + f"/{PAGE}?{QUERY}")
        with urllib.request.urlopen(req, timeout=30) as resp:
            resp.read()
            cookies = [c.split(";", 1)[0] for c in resp.headers.get_all("Set-Cookie") or []]
        return "; ".join(cookies)

    async def connect(self) -> None:
        if not self.cookie:
            node = await asyncio.to_thread(self._get_page)
            self.cookie = "; ".join(x for x in (node, profile_cookie(self.profile)) if x)
        ws_url = self.base.replace("http://", "ws://") + "/_stcore/stream"
        self.ws = await connect(ws_url, subprotocols=[Subprotocol("streamlit")], max_size=None,
                                additional_headers={"Cookie": self.cookie, "Origin": self.base},
                                open_timeout=30, ping_interval=None)
        self.closed = False
        self.reader = asyncio.create_task(self._read(self.ws))

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for data in ws:
                if isinstance(data, str):
                    continue
                msg = ForwardMsg.FromString(data)
                if self.current is not None:
                    self.current.feed(msg)
        except ConnectionClosed:
            pass
        finally:
            self.closed = True
            if self.current is not None and not self.current.done.is_set():
                self.current.done.set()  # the run cannot finish on this connection

    async def rerun(self, trigger: str | None = None, timeout: float = 60.0) -> Page:
        """Send what the frontend sends after a click; wait for the script to finish."""
        assert self.ws is not None
        back = BackMsg()
        state = back.rerun_script
        state.query_string = self.query
        state.page_name = self.page_name
        if trigger is not None:
            w = state.widget_states.widgets.add()
            w.id = self.page.widgets[trigger]
            w.trigger_value = True
            fragment = self.page.fragments.get(trigger, "")
            if fragment:
                state.fragment_id = fragment
        run = ScriptRun()
        self.current = run
        await self.ws.send(back.SerializeToString())
        await asyncio.wait_for(run.done.wait(), timeout)
        if run.page.status is None:
            raise ConnectionError("connection closed during the script run")
        if run.page.status == ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY:
            # The fragment redrew its part only: what it drew replaces what it had drawn (a verdict's
            # «riprova» in place of the answer buttons), the rest of the page is still on screen.
            redrawn = state.fragment_id
            kept = {k for k, f in self.page.fragments.items() if f != redrawn}
            old = {k: v for k, v in self.page.widgets.items() if k in kept}
            run.page.widgets = {**old, **run.page.widgets}
            run.page.fragments = {**{k: self.page.fragments[k] for k in kept}, **run.page.fragments}
            run.page.disabled |= {k for k in self.page.disabled if k in kept}
        self.page = run.page
        return run.page

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()

    # -- the learner ---------------------------------------------------------------------
    def next_action(self) -> tuple[str, str]:
        """(action name, widget key) for the page on screen."""
        keys = self.page.widgets
        if f"retry.{DECISION}" in keys:
            nxt = f"lesson.{LESSON}/0.next"
            prev = f"lesson.{LESSON}/0.prev"
            if prev in keys and prev not in self.page.disabled:
                return "step", prev
            if nxt in keys and nxt not in self.page.disabled and self.rng.random() < 0.5:
                return "step", nxt
            return "retry", f"retry.{DECISION}"
        choice = ANSWERS[self.answers % len(ANSWERS)]
        key = f"dec.{DECISION}.{choice}"
        if key in keys:
            return "answer", key
        prev = f"lesson.{LESSON}/0.prev"
        if prev in keys and prev not in self.page.disabled:
            return "step", prev
        return "reload", ""

    async def act(self, action: str, key: str) -> None:
        t0 = time.perf_counter()
        try:
            page = await self.rerun(key or None)
        except (ConnectionClosed, ConnectionError, OSError):
            self.stats.interrupted += 1
            await self.reconnect()
            return
        except TimeoutError:
            self.stats.error(action, "no script_finished within 60 s")
            return
        self.stats.latency(action, time.perf_counter() - t0)
        if page.exceptions:
            self.stats.error(action, "exception on the page: " + page.exceptions[0])
        elif page.status not in FINISHED_OK:
            self.stats.error(action, f"script finished with status {page.status}")
        elif action == "answer":
            if f"retry.{DECISION}" in page.widgets:  # the verdict is on screen: acknowledged
                self.answers += 1
                self.stats.acknowledged[self.profile] = self.stats.acknowledged.get(self.profile, 0) + 1
            else:
                self.stats.error(action, "the answer was not graded on screen")

    async def reconnect(self) -> None:
        await self.close()
        self.stats.reconnects += 1
        for attempt in range(30):
            try:
                await self.connect()
                t0 = time.perf_counter()
                await self.rerun()
                self.stats.latency("reconnect", time.perf_counter() - t0)
                return
            except (ConnectionClosed, ConnectionError, OSError, TimeoutError):
                await asyncio.sleep(min(2.0, 0.2 * (attempt + 1)))
        self.stats.error("reconnect", "could not reconnect in 30 attempts")

    async def run(self, start_delay: float, end: float, max_actions: int, think: tuple[float, float]) -> None:
        await asyncio.sleep(start_delay)
        t0 = time.perf_counter()
        try:
            await self.connect()
            page = await self.rerun()
            self.stats.latency("load", time.perf_counter() - t0)
            self.stats.loaded += 1
            if page.exceptions:
                self.stats.error("load", page.exceptions[0])
        except Exception as err:  # the first page did not come: counted, and this learner stops
            self.stats.error("load", f"{type(err).__name__}: {err}")
            return
        for _ in range(max_actions):
            await asyncio.sleep(self.rng.uniform(*think))
            if time.monotonic() >= end:
                break
            if self.closed:  # like the frontend: a closed websocket is reopened, the page drawn again
                await self.reconnect()
                continue
            action, key = self.next_action()
            if action == "reload":
                await self.act("reload", "")
            else:
                await self.act(action, key)
        await self.close()


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process and its waited-for children, from /proc."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def stored_answers(database: str, profiles: list[str]) -> dict[str, int]:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from sqlalchemy import create_engine, func, select

    from coach.store.connection import normalise_url
    from coach.store.tables import decision_grades
    from coach.store.tables import profiles as profiles_table

    engine = create_engine(normalise_url(database))
    with engine.connect() as conn:
        rows = conn.execute(
            select(profiles_table.c.name, func.count(decision_grades.c.id))
            .join(decision_grades, decision_grades.c.profile_id == profiles_table.c.id)
            .where(profiles_table.c.name.in_(profiles), decision_grades.c.source == "lesson")
            .group_by(profiles_table.c.name)).all()
    engine.dispose()
    return {name: int(n) for name, n in rows}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


class Reviews:
    """``--review-hands N``: a session review of N generated hands kept running in the stack's worker
    (the queue of ``--database``) for the whole run, a new one queued as soon as one ends, the way
    a learner's «Analizza la tua sessione» loads the worker while the class clicks."""

    def __init__(self, database: str, hands: int) -> None:
        sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        from coach.engine.phh import loads_phhs
        from coach.review.session import detect_hero
        from coach.store import Store
        from tests.support.sample import sample_session

        self.store = Store(database)
        self.text = sample_session(hands, seed=23)
        parsed = loads_phhs(self.text, "session.phhs")
        self.hands, self.hero = len(parsed), detect_hero(parsed)
        self.done: list[tuple[str, float]] = []  # (status, seconds from queued to finished)

    def _enqueue(self) -> int:
        from coach.review.jobs import enqueue_review

        return enqueue_review(self.store, "CARICO-REVIEW", [("session.phhs", self.text)], self.hero, "it",
                              total=self.hands)

    async def keep_running(self, end: float) -> None:
        while time.monotonic() < end:
            t0 = time.monotonic()
            job_id = await asyncio.to_thread(self._enqueue)
            while True:
                await asyncio.sleep(1.0)
                job = await asyncio.to_thread(self.store.review_job, job_id)
                if job is None or job.finished:
                    self.done.append((job.status if job else "gone", time.monotonic() - t0))
                    break
                if time.monotonic() >= end:  # still running at the end: that is the load we wanted
                    self.done.append((f"running at the end ({job.done} of {job.total} hands reviewed)",
                                      time.monotonic() - t0))
                    return


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    loopback_only(args.url)
    pids = [int(p) for p in args.pids.split()] if args.pids else []
    stats = Stats()
    reviews = Reviews(args.database, args.review_hands) if args.review_hands else None
    run_id = uuid.uuid4().hex[:6].upper()
    rng = random.Random(args.seed)
    learners = [Learner(n, args.url, run_id, stats, random.Random(rng.random()))
                for n in range(args.learners)]
    cpu0 = {p: cpu_seconds(p) for p in pids}
    t0 = time.monotonic()
    end = t0 + args.duration
    think = (max(0.0, args.think - 2.0), args.think + 2.0)
    tasks = [asyncio.create_task(x.run(rng.uniform(0, args.ramp), end, args.max_actions, think))
             for x in learners]
    review_task = asyncio.create_task(reviews.keep_running(end)) if reviews is not None else None
    killed: dict[str, Any] = {}
    # The steady state starts when every learner has its first page (the cold start of a
    # process, its imports and first renders, is not a click's cost).
    while stats.loaded < args.learners and time.monotonic() < t0 + args.ramp + 60 and not all(
            t.done() for t in tasks):
        await asyncio.sleep(0.2)
    steady_cpu = {p: cpu_seconds(p) for p in pids}
    steady_t = time.monotonic()
    steady_actions = sum(len(v) for k, v in stats.latencies.items() if k != "load")
    if args.kill_after is not None and pids:
        await asyncio.sleep(max(0.0, t0 + args.kill_after - time.monotonic()))
        victim = pids[0]
        killed = {"pid": victim, "at_s": round(time.monotonic() - t0, 1),
                  "cpu_s": cpu_seconds(victim) - cpu0[victim]}
        os.kill(victim, signal.SIGKILL)
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=args.duration + 180)
    wall = time.monotonic() - t0
    if review_task is not None:
        await review_task
    cpu = {p: cpu_seconds(p) - cpu0[p] for p in pids}
    if killed:
        cpu[killed["pid"]] = killed["cpu_s"]
    actions = sum(len(v) for k, v in stats.latencies.items() if k != "load")
    steady = sum(cpu_seconds(p) - steady_cpu[p] for p in pids if not killed or p != killed["pid"])
    out: dict[str, Any] = {
        "learners": args.learners, "duration_s": round(wall, 1), "think_s": args.think,
        "actions": {k: len(v) for k, v in stats.latencies.items()},
        "latency_ms": {
            k: {"p50": round(1000 * statistics.median(v)), "p95": round(1000 * percentile(v, 95)),
                "p99": round(1000 * percentile(v, 99)), "max": round(1000 * max(v))}
            for k, v in sorted(stats.latencies.items())
        },
        # the same, for the clicks after every learner had his first page (the class arrived)
        "latency_ms_steady": {
            k: {"n": len(w), "p50": round(1000 * statistics.median(w)),
                "p95": round(1000 * percentile(w, 95))}
            for k, v in sorted(stats.latencies.items()) if k != "load"
            for w in [[x for x, t in zip(v, stats.started[k], strict=True) if t >= steady_t]] if w
        },
        "steady_from_s": round(steady_t - t0, 1),
        "errors": stats.errors, "error_examples": stats.error_examples,
        "interrupted_by_kill": stats.interrupted, "reconnects": stats.reconnects,
        "server_cpu_s": {str(p): round(c, 2) for p, c in cpu.items()},
        "server_cpu_ms_per_action": round(1000 * sum(cpu.values()) / max(1, actions + len(stats.latencies.get(
            "load", []))), 1) if pids else None,
        "server_cpu_ms_per_click_steady": round(1000 * steady / max(1, actions - steady_actions), 1)
        if pids and not killed else None,
        "killed": killed or None,
    }
    if reviews is not None:
        out["reviews"] = {"hands": reviews.hands, "jobs": [(st, round(sec, 1)) for st, sec in reviews.done]}
    out["load_average"] = [round(x, 2) for x in os.getloadavg()]
    if args.timeline:
        with open(args.timeline, "w", encoding="utf-8") as fh:
            fh.write("action,start_s,latency_ms\n")
            for k, v in stats.latencies.items():
                for x, t in zip(v, stats.started[k], strict=True):
                    fh.write(f"{k},{t - t0:.3f},{1000 * x:.1f}\n")
    acked = stats.acknowledged
    out["answers_acknowledged"] = sum(acked.values())
    if args.database:
        stored = stored_answers(args.database, [x.profile for x in learners])
        lost = {p: n - stored.get(p, 0) for p, n in acked.items() if stored.get(p, 0) < n}
        out["answers_stored"] = sum(stored.values())
        out["answers_lost"] = sum(lost.values())
        out["answers_stored_not_acknowledged"] = sum(max(0, n - acked.get(p, 0)) for p, n in stored.items())
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--learners", type=int, default=40)
    parser.add_argument("--duration", type=float, default=120.0, help="seconds of actions")
    parser.add_argument("--think", type=float, default=5.0, help="mean think time (uniform ±2 s)")
    parser.add_argument("--ramp", type=float, default=10.0, help="learners arrive over this many seconds")
    parser.add_argument("--max-actions", type=int, default=200)
    parser.add_argument("--database", default="", help="the stack's database URL, to count stored answers")
    parser.add_argument("--pids", default="",
                        help="the app processes' pids (CPU; --kill-after kills the first)")
    parser.add_argument("--kill-after", type=float, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--review-hands", type=int, default=0,
                        help="keep a session review of this many hands running in the stack's worker "
                             "(needs --database)")
    parser.add_argument("--timeline", default=None,
                        help="also write every action as CSV (action, start s, latency ms)")
    parser.add_argument("--label", default="")
    args = parser.parse_args()
    result = asyncio.run(main_async(args))
    if args.label:
        result = {"label": args.label, **result}
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
