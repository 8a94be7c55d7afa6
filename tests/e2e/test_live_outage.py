"""PostgreSQL stopped mid-vote keeps the phone on its question, with a banner,
and the phone resumes by itself when the server is back.

A real app process on a real PostgreSQL cluster of its own (``tools/pgcluster.py``); the phone is
the load benchmark's websocket client (Streamlit's own protocol, no browser) on the pupil's page.
Each ``rerun`` is what the page's ~1 s poll does when it sees a change (a whole-page run); no
timing is asserted.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_load import Learner, Page, ScriptRun, Stats  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402
from support.server import streamlit_server  # noqa: E402

from coach.store import Store  # noqa: E402
from tests.conftest import skip_or_fail  # noqa: E402

SPOT = "lesson:03-azioni/0/4"  # Carla's first decision: call 2 is the point
BANNER = "Connessione al database persa"


class ReadingRun(ScriptRun):
    """A script run that also keeps the texts of the alerts (st.warning, st.success, st.error)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def feed(self, msg: ForwardMsg) -> None:
        if msg.WhichOneof("type") == "delta" and msg.delta.WhichOneof("type") == "new_element":
            element = msg.delta.new_element
            if element.WhichOneof("type") == "alert":
                self.texts.append(element.alert.body)
        super().feed(msg)


class Phone(Learner):
    """A pupil's phone on ``classe?codice=...&alunno=...``; ``last`` is what its last run said."""

    def __init__(self, base: str, code: str, token: str) -> None:
        super().__init__(0, base, "OUTAGE", Stats(), random.Random(0))
        self.query = f"codice={code}&alunno={token}"
        self.page_name = "classe"
        self.last: list[str] = []

    def _get_page(self) -> str:
        return ""

    async def show(self, trigger: str | None = None) -> Page:
        assert self.ws is not None
        from streamlit.proto.BackMsg_pb2 import BackMsg

        back = BackMsg()
        back.rerun_script.query_string = self.query
        back.rerun_script.page_name = self.page_name
        if trigger is not None:
            w = back.rerun_script.widget_states.widgets.add()
            w.id = self.page.widgets[trigger]
            w.trigger_value = True
        run = ReadingRun()
        self.current = run
        await self.ws.send(back.SerializeToString())
        await asyncio.wait_for(run.done.wait(), 120)
        self.page, self.last = run.page, run.texts
        return run.page


async def vote_through_an_outage(url: str, code: str, token: str, stop: Callable[[], None],
                                 start: Callable[[], object]) -> dict[str, Any]:
    phone = Phone(url, code, token)
    await phone.connect()
    before = await phone.show()
    asked = "live.q1.call" in before.widgets
    await asyncio.to_thread(stop)
    down = await phone.show()
    during: dict[str, Any] = {"question_kept": "live.q1.call" in down.widgets, "texts": list(phone.last),
              "exceptions": list(down.exceptions)}
    if during["question_kept"]:
        sent = await phone.show("live.q1.call")  # the answer sent while the server is down
        refused: dict[str, Any] = {"texts": list(phone.last), "question_kept": "live.q1.call" in sent.widgets}
    else:  # the old page: the phone had lost its question (nothing to press)
        refused = {"texts": [], "question_kept": False}
    await asyncio.to_thread(start)
    back = await phone.show()
    after: dict[str, Any] = {"texts": list(phone.last), "question_kept": "live.q1.call" in back.widgets}
    answered = await phone.show("live.q1.call") if after["question_kept"] else back
    result = {"asked": asked, "during": during, "refused": refused, "after": after,
              "answered": list(phone.last), "exceptions": answered.exceptions + back.exceptions}
    await phone.close()
    return result


def test_a_postgresql_stop_mid_vote_keeps_the_phone_on_its_question(tmp_path: Path) -> None:
    from tools.pgcluster import Cluster, find_bindir, free_port

    if find_bindir() is None:
        skip_or_fail("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    cluster = Cluster(Path(tempfile.mkdtemp(prefix="coach-test-pg-outage-")), free_port())
    try:
        url = cluster.start()
        store = Store(url)
        cls = store.create_class("Prof", "3B")
        joined = store.join_class(cls.code, "Anna", "t" * 32)
        assert joined.pupil is not None
        token = joined.pupil.token
        assert store.open_question(cls.id, SPOT, cls.teacher_secret or "") is not None
        store.engine.dispose()
        with streamlit_server(tmp_path, url, name="app") as app, ThreadPoolExecutor(1) as pool:
            result = pool.submit(lambda: asyncio.run(vote_through_an_outage(
                app.url, cls.code, token, cluster.stop, cluster.start))).result()
        assert result["asked"], result
        during = result["during"]
        assert during["question_kept"] and during["exceptions"] == [], result
        assert any(BANNER in t for t in during["texts"]), result
        assert not any("Non sei più in questa classe" in t for t in during["texts"]), result
        refused = result["refused"]
        assert refused["question_kept"], result
        assert any("La tua risposta non è stata registrata" in t for t in refused["texts"]), result
        assert not any("Risposta inviata" in t for t in refused["texts"]), result
        after = result["after"]
        assert after["question_kept"], result
        assert not any(BANNER in t for t in after["texts"]), result  # gone with the first good read
        assert any("Risposta inviata: Call 2" in t for t in result["answered"]), result
        assert result["exceptions"] == [], result
        q = Store(url).snapshot(cls.code)
        assert q is not None and q.answered == 1
    finally:
        cluster.stop(remove=True)
