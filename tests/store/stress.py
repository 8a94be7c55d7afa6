"""Concurrency and crash checks of the progress store, in processes of their own; prints counts.

    python tests/store/stress.py race URL [--rounds 10] [--processes 8]
    python tests/store/stress.py kill URL [--kills 25]

``race``: the processes wait at a barrier, then all make the first write of a
profile nobody has used yet, wait again, then all mark the same lesson
completed; ``--rounds`` times, each with a new profile, on an empty database
(so the first round also races the schema's creation). The old store lost 70
of 80 such writes on SQLite and 60 on PostgreSQL.

``kill``: a writer process records decisions and acknowledges each one only
after the store returned (the commit is done); it is killed with SIGKILL at a
random moment, ``--kills`` times, while a second writer keeps writing beside
it. Every acknowledged write must be in the database afterwards.

One JSON line of counts is printed; ``tests/test_store_concurrency.py`` runs
both on SQLite and PostgreSQL and checks the counts. This driver forks its
workers after importing everything (it has no other threads), so a fork costs
milliseconds and no import lock can be held by a thread that is not copied.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import queue
import random
import signal
import sys
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import alembic.command  # noqa: F401  (imported before forking, see the docstring)
import sqlalchemy

from coach.errors import StoreError
from coach.store import (
    Store,
    migrations,  # noqa: F401
)
from coach.store.tables import completed_lessons, decision_grades, profiles

try:  # the PostgreSQL driver, when installed, is imported before forking too
    import psycopg  # noqa: F401
except ImportError:  # pragma: no cover - SQLite only
    pass

CTX = mp.get_context("fork")


def _legacy_store(url: str) -> Any:
    """The store of the release before migrations (tests/store/legacy), to show what the race did to it."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("persistence_v0", Path(__file__).parent / "legacy" /
                                                  "persistence_v0.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["persistence_v0"] = module  # SQLAlchemy resolves its annotations through it
    spec.loader.exec_module(module)
    return module.Store(url)


def _race_worker(url: str, index: int, rounds: list[str], barrier: Any, results: Any, legacy: bool) -> None:
    store = _legacy_store(url) if legacy else Store(url)
    for profile in rounds:
        barrier.wait(timeout=120)
        try:
            store.record_decision(profile, "buona", source="race", ref=f"w{index}", action="cc")
            wrote: str = "ok"
        except Exception as err:  # the new store raises only StoreError; the old one anything
            wrote = f"{type(err).__name__}: {str(err)[:100]}"
        barrier.wait(timeout=120)
        try:
            marked: Any = store.mark_lesson_completed(profile, "01-gara")
        except Exception as err:
            marked = f"{type(err).__name__}: {str(err)[:100]}"
        results.put((profile, index, wrote, marked))
    store.engine.dispose()


def race(url: str, rounds: int, processes: int, legacy: bool = False) -> dict[str, Any]:
    names = [f"nuovo-{r}-{uuid.uuid4().hex[:6]}" for r in range(rounds)]
    barrier = CTX.Barrier(processes)
    results = CTX.Queue()
    workers = [CTX.Process(target=_race_worker, args=(url, i, names, barrier, results, legacy))
               for i in range(processes)]
    if legacy:  # the old store's create_all races with itself: make its tables first
        _legacy_store(url).engine.dispose()
    for w in workers:
        w.start()
    got: list[Any] = []
    deadline = time.monotonic() + 600
    while len(got) < rounds * processes and time.monotonic() < deadline:
        try:
            got.append(results.get(timeout=2))
        except queue.Empty:
            if not any(w.is_alive() for w in workers):
                break  # a worker died (its traceback is on stderr): report what came back
    for w in workers:
        w.join(timeout=60)
    write_errors = [g[2] for g in got if g[2] != "ok"]
    mark_errors = [g[3] for g in got if not isinstance(g[3], bool)]
    store = Store(url)
    with store.engine.connect() as conn:
        per_profile = dict(conn.execute(
            sqlalchemy.select(profiles.c.name, sqlalchemy.func.count(decision_grades.c.id))
            .join(decision_grades, decision_grades.c.profile_id == profiles.c.id)
            .where(profiles.c.name.in_(names)).group_by(profiles.c.name)).all())
        marks = conn.scalar(sqlalchemy.select(sqlalchemy.func.count()).select_from(completed_lessons)
                            .join(profiles, profiles.c.id == completed_lessons.c.profile_id)
                            .where(profiles.c.name.in_(names)))
        profile_rows = conn.scalar(sqlalchemy.select(sqlalchemy.func.count()).select_from(profiles)
                                   .where(profiles.c.name.in_(names)))
    store.engine.dispose()
    stored = sum(per_profile.values())
    return {
        "mode": "race" + (" (old store)" if legacy else ""), "dialect": store.dialect, "rounds": rounds,
        "processes": processes,
        "results_received": len(got), "writes_sent": rounds * processes, "writes_stored": stored,
        "lost": rounds * processes - stored,
        "write_errors": len(write_errors), "profiles_created": profile_rows,
        "lesson_marked_true": sum(1 for g in got if g[3] is True),
        "lesson_marked_false": sum(1 for g in got if g[3] is False),
        "lesson_rows": marks, "mark_errors": len(mark_errors),
        "examples": (write_errors + mark_errors)[:3],
        "workers_exit_codes": sorted({w.exitcode for w in workers}, key=str),
    }


def _writer(url: str, profile: str, tag: str, ack_fd: int, stop_after: float) -> None:
    """Write decisions until killed (or for ``stop_after`` seconds); ack each after its commit."""
    store = Store(url)
    n = 0
    end = time.monotonic() + stop_after
    while time.monotonic() < end:
        ref = f"{tag}-{n}"
        try:
            store.record_decision(profile, "buona", source="kill", ref=ref, action="cc", ev_loss_bb=0.0)
        except StoreError:
            continue  # not acknowledged: the caller would have shown «progressi non salvati»
        os.write(ack_fd, (ref + "\n").encode())
        n += 1
    os._exit(0)


def _read_all(fd: int) -> str:
    chunks = []
    while True:
        try:
            data = os.read(fd, 65536)
        except BlockingIOError:
            break
        if not data:
            break
        chunks.append(data)
    return b"".join(chunks).decode()


def kill(url: str, kills: int, seed: int = 0) -> dict[str, Any]:
    rng = random.Random(seed)
    profile = f"scrittori-{uuid.uuid4().hex[:6]}"
    Store(url).ensure_schema()  # the schema first, so each kill lands among the writes
    acked: list[str] = []
    steady_r, steady_w = os.pipe()
    os.set_blocking(steady_r, False)
    steady = CTX.Process(target=_writer, args=(url, profile, "steady", steady_w, 3600.0))
    steady.start()
    killed_mid_run = 0
    buffer = ""
    for k in range(kills):
        r, w = os.pipe()
        victim = CTX.Process(target=_writer, args=(url, profile, f"victim{k}", w, 60.0))
        victim.start()
        os.close(w)
        # Wait for its first acknowledged write, then kill it at a random moment in its stream.
        os.set_blocking(r, True)
        first = os.read(r, 65536).decode()
        time.sleep(rng.uniform(0.0, 0.25))
        os.kill(victim.pid or 0, signal.SIGKILL)
        victim.join(timeout=30)
        killed_mid_run += int(victim.exitcode == -signal.SIGKILL)
        os.set_blocking(r, False)
        acked += (first + _read_all(r)).split()
        os.close(r)
        buffer += _read_all(steady_r)
    os.kill(steady.pid or 0, signal.SIGKILL)  # the steady writer dies the same way
    steady.join(timeout=30)
    os.close(steady_w)
    buffer += _read_all(steady_r)
    steady_acked = buffer.split()
    store = Store(url)
    with store.engine.connect() as conn:
        stored = set(conn.scalars(sqlalchemy.select(decision_grades.c.ref).join(
            profiles, profiles.c.id == decision_grades.c.profile_id).where(profiles.c.name == profile)))
        integrity = (conn.exec_driver_sql("PRAGMA integrity_check").scalar()
                     if store.dialect == "sqlite" else "ok")
    # The store still works after all that.
    store.record_decision(profile, "buona", source="kill", ref="after", action="cc")
    store.engine.dispose()
    all_acked = acked + steady_acked
    lost = [ref for ref in all_acked if ref not in stored]
    return {
        "mode": "kill", "dialect": store.dialect, "sigkills": kills + 1, "victims_killed_by_sigkill":
        killed_mid_run, "acknowledged": len(all_acked), "acknowledged_by_victims": len(acked),
        "stored": len(stored), "lost_acknowledged": len(lost), "lost_examples": lost[:5],
        "stored_unacknowledged": len(stored - set(all_acked)), "integrity": integrity,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["race", "kill"])
    parser.add_argument("url")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--processes", type=int, default=8)
    parser.add_argument("--kills", type=int, default=25)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--legacy", action="store_true", help="race: the old store, for comparison")
    args = parser.parse_args(argv)
    if args.mode == "race":
        result = race(args.url, args.rounds, args.processes, args.legacy)
    else:
        result = kill(args.url, args.kills, args.seed)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
