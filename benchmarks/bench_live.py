"""A live class on a running class server: one projector and N phones answering the same vote.

Run the stack first (deploy/local-stack.sh: app processes behind nginx, PostgreSQL), then::

    python benchmarks/bench_live.py --url http://127.0.0.1:8080 --pupils 40 --rounds 5 \\
        --database postgresql+psycopg://coach@127.0.0.1:PORT/coach

Every client speaks Streamlit's own websocket protocol through the proxy, as a browser
tab does (see bench_load.py): it gets the sticky-session cookie, opens
``/_stcore/stream`` and sends ``rerun_script`` BackMsgs. The projector is the teacher's
page opened by its teacher link (``insegnante?aula=1&codice=...&chiave=...``); the phones are the pupils' page
(``classe?codice=...&alunno=...``). Both poll like the browser does: each
``auto_rerun`` the server announces (the ``st.fragment(run_every=1)`` of the page) is
answered with a fragment rerun every second.

Set-up through the store, not the UI: the class is created and the pupils joined
(``Store.create_class`` / ``join_class``, what the join button calls), and each vote is
opened and closed with ``Store.open_question`` / ``close_question`` (what the
teacher's buttons call). What goes through the app is what this measures: each phone
sees the question by its own poll, then, at a random moment within ``--window``
seconds of the vote opening, presses «Call» (a widget trigger); the app grades the
answer and stores it. The projector's poll reads the count; the figure is the time
from the last phone's answer being acknowledged (its script run finished) to the
projector's first poll showing «N su N». At the end the database must hold exactly
one answer per pupil per vote. Only loopback addresses; nothing asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import sys
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from typing import Any

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Subprotocol

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench_load import loopback_only, profile_cookie, user_key

SPOT = "lesson:03-azioni/0/4"  # lesson 3, Carla's first decision (Call 2, Fold, Raise)
COUNT = re.compile(r"(\d+) su (\d+) (?:ha|hanno) risposto")


@dataclass
class Run:
    """One script run's messages, as far as these clients need them."""

    widgets: dict[str, str] = field(default_factory=dict)
    texts: list[str] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)
    status: int | None = None
    done: asyncio.Event = field(default_factory=asyncio.Event)


class Client:
    """One browser tab: a sticky cookie, a websocket, script runs and fragment polls."""

    def __init__(self, base: str, page: str, query: str, profile: str) -> None:
        self.base, self.page_name, self.query, self.profile = base.rstrip("/"), page, query, profile
        self.ws: ClientConnection | None = None
        self.current: Run | None = None
        self.last: Run = Run()
        self.fragments: set[str] = set()
        self.reader: asyncio.Task[None] | None = None
        self.errors: list[str] = []

    def _cookie(self) -> str:
        with urllib.request.urlopen(self.base + f"/{self.page_name}?{self.query}", timeout=30) as resp:
            resp.read()
            cookies = [c.split(";", 1)[0] for c in resp.headers.get_all("Set-Cookie") or []]
        return "; ".join([*cookies, profile_cookie(self.profile)])

    async def connect(self) -> None:
        cookie = await asyncio.to_thread(self._cookie)
        self.ws = await connect(self.base.replace("http://", "ws://") + "/_stcore/stream",
                                subprotocols=[Subprotocol("streamlit")], max_size=None, open_timeout=30,
                                additional_headers={"Cookie": cookie, "Origin": self.base},
                                ping_interval=None)
        self.reader = asyncio.create_task(self._read(self.ws))

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for data in ws:
                if isinstance(data, str):
                    continue
                msg = ForwardMsg.FromString(data)
                kind = msg.WhichOneof("type")
                if kind == "auto_rerun":
                    self.fragments.add(msg.auto_rerun.fragment_id)
                    continue
                run = self.current
                if run is None:
                    continue
                if kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
                    el = msg.delta.new_element
                    etype = el.WhichOneof("type")
                    if etype == "exception":
                        run.exceptions.append(el.exception.message[:200])
                    elif etype in ("html", "markdown", "alert"):
                        run.texts.append(getattr(el, etype).body)
                    elif etype is not None:
                        wid = getattr(getattr(el, etype), "id", "")
                        if isinstance(wid, str) and wid.startswith("$$ID"):
                            run.widgets[user_key(wid)] = wid
                elif kind == "script_finished" and msg.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    run.status = msg.script_finished
                    run.done.set()
        except ConnectionClosed:
            pass
        finally:
            if self.current is not None:
                self.current.done.set()

    async def rerun(self, trigger: str | None = None, fragment: str | None = None) -> Run:
        assert self.ws is not None
        back = BackMsg()
        state = back.rerun_script
        state.query_string = self.query
        state.page_name = self.page_name
        if fragment is not None:
            state.fragment_id = fragment
            state.is_auto_rerun = True
        if trigger is not None:
            w = state.widget_states.widgets.add()
            w.id = self.last.widgets[trigger]
            w.trigger_value = True
        run = Run()
        self.current = run
        await self.ws.send(back.SerializeToString())
        await asyncio.wait_for(run.done.wait(), 60)
        if run.exceptions:
            self.errors.append(run.exceptions[0])
        if fragment is None or run.widgets:
            self.last = run
        return run

    async def poll(self) -> Run | None:
        """What the browser does every second for a ``run_every`` fragment."""
        if not self.fragments:
            return None
        run = await self.rerun(fragment=sorted(self.fragments)[0])
        return run

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()


@dataclass
class Round:
    acked: list[float] = field(default_factory=list)  # monotonic time each phone saw its answer taken
    answer_s: list[float] = field(default_factory=list)  # click -> script finished
    seen_all: float | None = None  # the projector's first poll showing N of N
    counts: list[tuple[float, int]] = field(default_factory=list)


async def pupil_round(client: Client, qid: int, opened: float, window: float, rng: random.Random,
                      rnd: Round) -> None:
    key = f"live.q{qid}.call"
    deadline = opened + 60
    while key not in client.last.widgets and time.monotonic() < deadline:  # the poll brings the question
        await asyncio.sleep(1.0)
        await client.poll()
        if key not in client.last.widgets:
            await client.rerun()  # the poll's st.rerun() drew the page: read it as the browser would
    if key not in client.last.widgets:
        client.errors.append(f"question {qid} never appeared")
        return
    await asyncio.sleep(max(0.0, opened + rng.uniform(0, window) - time.monotonic()))
    t0 = time.monotonic()
    run = await client.rerun(trigger=key)
    if any("Risposta inviata" in x for x in run.texts):
        rnd.acked.append(time.monotonic())
        rnd.answer_s.append(time.monotonic() - t0)
    else:
        client.errors.append(f"answer to {qid} not acknowledged: {run.texts[-3:]}")


async def projector_round(client: Client, n: int, rnd: Round, stop: float) -> None:
    while time.monotonic() < stop:
        await asyncio.sleep(1.0)
        run = await client.poll()
        if run is None:
            await client.rerun()
            continue
        for text in run.texts:
            m = COUNT.search(text)
            if m:
                rnd.counts.append((time.monotonic(), int(m.group(1))))
                if int(m.group(1)) >= n and rnd.seen_all is None:
                    rnd.seen_all = time.monotonic()
                    return


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))] if s else float("nan")


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    from coach.store import Store
    from coach.store.tables import live_answers, live_questions

    loopback_only(args.url)
    store = Store(args.database)
    run_id = uuid.uuid4().hex[:6].upper()
    teacher_profile = f"PROF-{run_id}"
    cls = store.create_class(teacher_profile, f"bench {run_id}", hours=2)
    key = cls.teacher_secret
    assert key is not None
    pupils = []
    for i in range(args.pupils):
        res = store.join_class(cls.code, f"Alunno {i:02d}", f"bench{run_id}{i:02d}",
                               profile=f"LIVE-{run_id}-{i:02d}")
        assert res.pupil is not None, res.status
        pupils.append(res.pupil)
    rng = random.Random(args.seed)
    phones = [Client(args.url, "classe", f"codice={cls.code}&alunno={p.token}", p.profile or "")
              for p in pupils]
    projector = Client(args.url, "insegnante", f"aula=1&codice={cls.code}&chiave={key}", teacher_profile)
    for c in [projector, *phones]:
        await c.connect()
    await asyncio.gather(*(c.rerun() for c in [projector, *phones]))
    rounds: list[Round] = []
    for _ in range(args.rounds):
        q = store.open_question(cls.id, SPOT, key)
        assert q is not None
        opened = time.monotonic()
        rnd = Round()
        await projector.rerun()  # the teacher's click on «Apri la votazione» redraws the projector
        proj = asyncio.create_task(projector_round(projector, args.pupils, rnd, opened + args.window + 60))
        await asyncio.gather(*(pupil_round(c, q.id, opened, args.window, rng, rnd) for c in phones))
        await proj
        rounds.append(rnd)
        store.close_question(q.id, key)
        await asyncio.sleep(2)
    for c in [projector, *phones]:
        await c.close()
    # exactly once: one row per pupil per vote, no more, no less
    from sqlalchemy import func, select

    with store.engine.connect() as conn:
        distinct = func.count(live_answers.c.pupil_id.distinct())
        per_q = conn.execute(select(live_answers.c.question_id, func.count(), distinct)
                             .join(live_questions, live_questions.c.id == live_answers.c.question_id)
                             .where(live_questions.c.class_id == cls.id)
                             .group_by(live_answers.c.question_id)).all()
    lag = [r.seen_all - max(r.acked) for r in rounds if r.seen_all is not None and r.acked]
    answer_s = [x for r in rounds for x in r.answer_s]
    return {
        "pupils": args.pupils, "rounds": args.rounds, "window_s": args.window,
        "acknowledged_per_round": [len(r.acked) for r in rounds],
        "stored_per_vote": [(int(n), int(d)) for _, n, d in per_q],
        "projector_saw_all": sum(1 for r in rounds if r.seen_all is not None),
        "lag_last_answer_to_projector_s": {"values": [round(x, 3) for x in lag],
                                           "p50": round(statistics.median(lag), 3) if lag else None,
                                           "p95": round(pct(lag, 0.95), 3) if lag else None,
                                           "max": round(max(lag), 3) if lag else None},
        "answer_click_to_render_s": {"p50": round(pct(answer_s, 0.5), 3),
                                     "p95": round(pct(answer_s, 0.95), 3),
                                     "max": round(max(answer_s), 3) if answer_s else None},
        "errors": [e for c in [projector, *phones] for e in c.errors][:10],
        "error_count": sum(len(c.errors) for c in [projector, *phones]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--pupils", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--window", type=float, default=10.0,
                        help="the answers spread over this many seconds")
    parser.add_argument("--database", required=True, help="the stack's database URL")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(main_async(args)), indent=2))


if __name__ == "__main__":
    main()
