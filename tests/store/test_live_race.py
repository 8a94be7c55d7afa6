"""The vote-close race on PostgreSQL: an answer is recorded only if the vote is open when it commits.

PostgreSQL runs READ COMMITTED: without a lock, an answer that read the question
open could insert after the teacher's close had committed. The store reads the
question ``FOR SHARE`` while answering and the close locks it ``FOR UPDATE``, so
the close waits for the answers in flight and later answers read it closed.
(SQLite has one writer at a time: there the race cannot happen.)
"""

from __future__ import annotations

import threading
from datetime import datetime
from typing import Any

from sqlalchemy import create_engine, select, text

from coach.store import Store
from coach.store.tables import live_answers, live_questions

BOUND = 60.0  # seconds: a bound on every wait, so a broken lock fails the test instead of hanging it


def _class_with_pupils(store: Store, n: int) -> tuple[int, str, list[int]]:
    """A class of ``n`` pupils: its id, its teacher secret (every teacher action asks for it), the pupils."""
    cls = store.create_class("Prof")
    assert cls.teacher_secret is not None
    ids = []
    for i in range(n):
        res = store.join_class(cls.code, f"Alunno {i}", f"tok{i}")
        assert res.pupil is not None
        ids.append(res.pupil.id)
    return cls.id, cls.teacher_secret, ids


def _answers(url: str, question_id: int) -> list[tuple[int, datetime]]:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(select(live_answers.c.pupil_id, live_answers.c.answered_at)
                                .where(live_answers.c.question_id == question_id)).all()
    finally:
        engine.dispose()
    return [(r[0], r[1]) for r in rows]


def _closed_at(url: str, question_id: int) -> datetime:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            value = conn.scalar(select(live_questions.c.closed_at).where(live_questions.c.id == question_id))
    finally:
        engine.dispose()
    assert isinstance(value, datetime)
    return value


def _lock_waiters(url: str) -> int:
    """How many backends of this database wait for a row lock (the close, if it waits)."""
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            return int(conn.scalar(text(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock'")) or 0)
    finally:
        engine.dispose()


def test_a_close_waits_for_the_answer_in_flight(pg_url: str) -> None:
    """An answer has read the vote open and is about to insert; the teacher closes the vote.

    The close must wait for that answer to commit (it shows in pg_stat_activity as waiting
    for a lock), and when the close returns, the answer is in and is not later than the close.
    Without the lock the close returns at once and the answer lands after it.
    """
    answering, closing = Store(pg_url), Store(pg_url)
    class_id, key, pupils = _class_with_pupils(answering, 1)
    q = answering.open_question(class_id, "lesson:03-azioni/1/4", key)
    assert q is not None
    reached, go = threading.Event(), threading.Event()
    real = answering._insert_ignore

    def held_insert(conn: Any, table: Any, values: dict[str, Any], keys: Any) -> bool:
        if table is live_answers:  # the vote was read open: hold the transaction here
            reached.set()
            go.wait(BOUND)
        return real(conn, table, values, keys)

    answering._insert_ignore = held_insert  # type: ignore[method-assign]
    got: dict[str, Any] = {}

    def answer() -> None:
        got["answer"] = answering.record_class_answer(q.id, pupils[0], "p3 cc", grade="ottima")

    def close() -> None:
        got["closed"] = closing.close_question(q.id, key)
        got["seen_at_close"] = len(_answers(pg_url, q.id))  # what the close's caller sees next

    a = threading.Thread(target=answer)
    a.start()
    assert reached.wait(BOUND), "the answer never reached its insert"
    c = threading.Thread(target=close)
    c.start()
    waited = False
    for _ in range(2000):  # until the close either waits for the lock or is already done
        if _lock_waiters(pg_url) > 0:
            waited = True
            break
        if not c.is_alive():
            break
        c.join(0.01)
    go.set()
    a.join(BOUND)
    c.join(BOUND)
    assert not a.is_alive() and not c.is_alive()
    assert waited, "the close did not wait for the answer in flight"
    assert got == {"answer": "recorded", "closed": True, "seen_at_close": 1}
    rows = _answers(pg_url, q.id)
    assert len(rows) == 1 and rows[0][1] <= _closed_at(pg_url, q.id)


def _race_round(url: str, teacher: Store, stores: list[Store], class_id: int, key: str, pupils: list[int],
                close_after: int) -> None:
    q = teacher.open_question(class_id, "lesson:03-azioni/1/4", key)
    assert q is not None
    outcomes: dict[int, str] = {}
    lock = threading.Lock()
    started = threading.Barrier(len(stores) + 1)
    seen: dict[str, Any] = {}

    def answer(store: Store, mine: list[int]) -> None:
        started.wait(BOUND)
        for pid in mine:
            got = store.record_class_answer(q.id, pid, "p3 cc", grade="ottima")
            with lock:
                outcomes[pid] = got

    def close() -> None:
        started.wait(BOUND)
        while True:  # close once some answers are in, while others are in flight
            with lock:
                if len(outcomes) >= close_after:
                    break
            threading.Event().wait(0.001)
        seen["closed"] = teacher.close_question(q.id, key)
        seen["after_close"] = sorted(pid for pid, _ in _answers(url, q.id))

    workers = [threading.Thread(target=answer, args=(s, pupils[i::len(stores)]))
               for i, s in enumerate(stores)]
    closer = threading.Thread(target=close)
    for th in [*workers, closer]:
        th.start()
    for th in [*workers, closer]:
        th.join(BOUND)
        assert not th.is_alive()
    final = _answers(url, q.id)
    closed_at = _closed_at(url, q.id)
    assert seen["closed"] is True
    assert seen["after_close"] == sorted(pid for pid, _ in final)  # nothing recorded after the close
    assert all(at <= closed_at for _, at in final)
    recorded = {pid for pid, got in outcomes.items() if got == "recorded"}
    assert recorded == {pid for pid, _ in final}
    assert set(outcomes.values()) <= {"recorded", "closed"} and len(outcomes) == len(pupils)


def test_answers_racing_closes_are_never_recorded_after_the_close(pg_url: str) -> None:
    """Six threads (each with its own store and connections) answer while the teacher closes.

    After ``close_question`` returns, the answers in the database are final: no answer is
    recorded later, and none has ``answered_at`` after the vote's ``closed_at``; every
    answer that got «recorded» is in the database, and every later one got «closed».
    """
    stores = [Store(pg_url) for _ in range(6)]
    teacher = Store(pg_url)
    class_id, key, pupils = _class_with_pupils(teacher, 36)
    for r in range(4):
        _race_round(pg_url, teacher, stores, class_id, key, pupils, close_after=6 + 4 * r)
