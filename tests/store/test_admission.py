"""Admission control of a live class: the shared token buckets, closed joins, removed
names kept blocked, the open-class limit and the purge of ended classes, on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

import pytest
from sqlalchemy import func, select

from coach.cli.db import main as db_main
from coach.errors import InvalidInput
from coach.live import (
    JOIN_ADDRESS_BURST,
    JOIN_ADDRESS_PER_SECOND,
    JOIN_CONNECTION_BURST,
    JOIN_DEVICE_BURST,
    JOIN_DEVICE_PER_SECOND,
    MAX_OPEN_CLASSES,
    MAX_PUPILS,
    Bucket,
    create_buckets,
    join_buckets,
    purge_days,
)
from coach.store import Store
from coach.store.checks import utc_now
from coach.store.records import ClassLimit, LiveClass
from coach.store.tables import live_answers, live_classes, live_pupils, live_questions, rate_limits

T0 = datetime(2026, 12, 1, 9, 0, 0)
SPOT = "lesson:03-azioni/1/4"
BOUND = 60.0


def _key(cls: LiveClass) -> str:
    """The class's teacher secret, as create_class returned it."""
    assert cls.teacher_secret is not None
    return cls.teacher_secret


def _rows(store: Store, table: object, *where: object) -> int:
    with store.engine.connect() as conn:
        return int(conn.scalar(select(func.count()).select_from(table).where(*where)) or 0)  # type: ignore[arg-type]


# -- the token bucket -------------------------------------------------------------------------------
def test_a_bucket_gives_its_capacity_then_refills_at_its_rate(store_url: str) -> None:
    store = Store(store_url)
    got = [store.take_token("t:a", 3, 0.5, at=T0) for _ in range(5)]
    assert got == [True, True, True, False, False]
    assert not store.take_token("t:a", 3, 0.5, at=T0 + timedelta(seconds=1))  # half a token back
    assert store.take_token("t:a", 3, 0.5, at=T0 + timedelta(seconds=2))  # one token back
    assert not store.take_token("t:a", 3, 0.5, at=T0 + timedelta(seconds=2))
    later = T0 + timedelta(hours=1)  # full again, never more than its capacity
    assert [store.take_token("t:a", 3, 0.5, at=later) for _ in range(4)] == [True, True, True, False]
    assert store.take_token("t:b", 3, 0.5, at=T0)  # another bucket is its own


def test_full_buckets_are_pruned(store_url: str) -> None:
    store = Store(store_url)
    for i in range(20):
        assert store.take_token(f"p:{i}", 4, 1.0, at=T0)
    store.take_token("other:x", 4, 1.0, at=T0)
    assert _rows(store, rate_limits) == 21
    # 4 seconds later every p: bucket is full again: the next take of the family deletes them.
    assert store.take_token("p:new", 4, 1.0, at=T0 + timedelta(seconds=5))
    assert _rows(store, rate_limits, rate_limits.c.bucket.startswith("p:")) == 1
    assert _rows(store, rate_limits, rate_limits.c.bucket == "other:x") == 1  # another family: its own rate
    assert store.take_token("p:3", 4, 1.0, at=T0 + timedelta(seconds=5))  # a pruned bucket is full


def test_bad_bucket_arguments_are_refused(store_url: str) -> None:
    store = Store(store_url)
    store.ensure_schema()
    for capacity, rate in ((0, 1), (float("nan"), 1), (3, 0), (3, float("inf")), (True, 1)):
        with pytest.raises(InvalidInput):
            store.take_token("t:x", capacity, rate, at=T0)
    with pytest.raises(InvalidInput):
        store.take_token("t:" + "x" * 300, 3, 1, at=T0)
    assert _rows(store, rate_limits) == 0


def test_racing_takes_never_overdraw_a_bucket(store_url: str) -> None:
    """Eight threads, each with its own store (its own connections), take 5 tokens each at the same
    instant from one bucket of 12: exactly 12 are granted (a lost update would grant more)."""
    Store(store_url).ensure_schema()
    stores = [Store(store_url) for _ in range(8)]
    granted: list[bool] = []
    lock = threading.Lock()
    start = threading.Barrier(len(stores))

    def take(store: Store) -> None:
        start.wait(BOUND)
        for _ in range(5):
            got = store.take_token("race:one", 12, 0.001, at=T0)
            with lock:
                granted.append(got)

    threads = [threading.Thread(target=take, args=(s,)) for s in stores]
    for th in threads:
        th.start()
    for th in threads:
        th.join(BOUND)
        assert not th.is_alive()
    assert len(granted) == 40 and granted.count(True) == 12


# -- joins through the buckets -------------------------------------------------------------------
def test_a_thousand_joins_from_one_client_are_throttled_and_a_real_pupil_joins(store_url: str) -> None:
    """A flood from one client (1,000 joins from one connection and address) is throttled."""
    store = Store(store_url)
    cls = store.create_class("Prof", at=T0)
    flood = join_buckets("conn-attacker", "203.0.113.9")
    statuses = [store.admit(cls.code, f"Bot {i}", f"bot{i}", buckets=flood,
                            at=T0 + timedelta(seconds=i * 0.0185)).status for i in range(1000)]
    joined = statuses.count("joined")
    assert statuses.count("throttled") == 1000 - joined
    assert joined <= JOIN_CONNECTION_BURST + 4  # 5 at once, then one every 6 s
    assert store.snapshot(cls.code, at=T0 + timedelta(seconds=19)).pupils == joined  # type: ignore[union-attr]
    later = T0 + timedelta(seconds=19)
    anna = store.admit(cls.code, "Anna", "anna", buckets=join_buckets("conn-anna", "198.51.100.7"), at=later)
    assert anna.status == "joined"
    # A classmate behind the attacker's own address, on her own connection, also gets in.
    bea = store.admit(cls.code, "Bea", "bea", buckets=join_buckets("conn-bea", "203.0.113.9"), at=later)
    assert bea.status == "joined"
    refused = store.admit(cls.code, "Bot X", "botx", buckets=flood, at=later)
    assert refused.status == "throttled" and 1 <= refused.wait_s <= 6


def test_a_thousand_joins_from_new_connections_are_throttled_by_the_address(store_url: str) -> None:
    """A client that opens a new connection for every join still meets its address's bucket."""
    store = Store(store_url)
    cls = store.create_class("Prof", at=T0)
    statuses = [store.admit(cls.code, f"Bot {i}", f"bot{i}", buckets=join_buckets(f"c{i}", "203.0.113.9"),
                            at=T0 + timedelta(seconds=i * 0.0185)).status for i in range(1000)]
    assert statuses.count("joined") <= JOIN_ADDRESS_BURST + 20
    assert statuses.count("throttled") >= 850


def test_a_class_behind_one_school_address_joins(store_url: str) -> None:
    """40 pupils join within a minute from one NAT address, a few retrying a name already taken."""
    store = Store(store_url)
    cls = store.create_class("Prof", at=T0)
    statuses = []
    for i in range(40):
        at = T0 + timedelta(seconds=i * 1.5)
        mine = join_buckets(f"phone{i}", "192.0.2.1")
        if i % 8 == 7:  # «Anna» is taken: this pupil tries twice more
            assert store.admit(cls.code, "Pupil 0", f"dup{i}", buckets=mine, at=at).status == "duplicate"
            assert store.admit(cls.code, "pupil 0 ", f"dup{i}b", buckets=mine, at=at).status == "duplicate"
        statuses.append(store.admit(cls.code, f"Pupil {i}", f"tok{i}", buckets=mine, at=at).status)
    assert statuses == ["joined"] * 40


def test_one_device_over_fresh_connections_is_throttled_by_its_device(store_url: str) -> None:
    """Issue 28: one device joining over fresh connections (no address known: a proxy on the server)
    took a whole class. Its profile is its device: six joins, then three a minute."""
    store = Store(store_url)
    cls = store.create_class("Prof", at=T0)
    statuses = [store.admit(cls.code, f"Bot {i}", f"bot{i}", buckets=join_buckets(f"c{i}", None, "u-phone"),
                            at=T0 + timedelta(seconds=i * 0.4)).status for i in range(368)]
    assert statuses.count("joined") <= JOIN_DEVICE_BURST + 368 * 0.4 * JOIN_DEVICE_PER_SECOND + 1
    anna = store.admit(cls.code, "Anna", "anna", buckets=join_buckets("conn-anna", None, "u-anna"),
                       at=T0 + timedelta(seconds=150))
    assert anna.status == "joined"


def test_a_flood_from_one_address_leaves_the_class_room(store_url: str) -> None:
    """368 joins over fresh connections and fresh profiles from one address in 153 s (issue 28) took a
    class of 200 and refused a real pupil; now the address lets fewer than a hundred in."""
    store = Store(store_url)
    cls = store.create_class("Prof", at=T0)
    statuses = [store.admit(cls.code, f"Bot {i}", f"bot{i}",
                            buckets=join_buckets(f"c{i}", "203.0.113.9", f"u-{i}"),
                            at=T0 + timedelta(seconds=i * 153 / 368)).status for i in range(368)]
    assert statuses.count("joined") <= JOIN_ADDRESS_BURST + 153 * JOIN_ADDRESS_PER_SECOND + 1 < 100
    anna = store.admit(cls.code, "Anna", "anna", buckets=join_buckets("conn-anna", "198.51.100.7", "u-anna"),
                       at=T0 + timedelta(seconds=153))
    assert anna.status == "joined"


def test_the_class_takes_the_number_of_pupils_its_teacher_set(store_url: str) -> None:
    store = Store(store_url)
    cls = store.create_class("Prof", max_pupils=3, at=T0)
    assert cls.max_pupils == 3
    got = [store.join_class(cls.code, f"P{i}", f"t{i}", at=T0).status for i in range(4)]
    assert got == ["joined", "joined", "joined", "full"]
    assert not store.set_class_size(cls.id, "not-the-key", 4)
    assert store.set_class_size(cls.id, _key(cls), 4)
    assert store.join_class(cls.code, "P3", "t3", at=T0).status == "joined"
    assert store.live_class(cls.code).max_pupils == 4  # type: ignore[union-attr]
    with pytest.raises(InvalidInput):
        store.create_class("Prof", max_pupils=0, at=T0)
    assert store.create_class("Prof2", at=T0).max_pupils == MAX_PUPILS  # unset: the hall's limit


def test_an_unknown_code_also_takes_a_token(store_url: str) -> None:
    store = Store(store_url)
    store.create_class("Prof", at=T0)
    mine = [Bucket("join-conn:guess", 3, 0.01)]
    got = [store.admit("ZZZZZZ", "Eve", f"e{i}", buckets=mine, at=T0).status for i in range(5)]
    assert got[:3] in (["unknown"] * 3,) and got[3:] == ["throttled", "throttled"]


def test_create_buckets_limit_classes_per_connection(store_url: str) -> None:
    store = Store(store_url)
    mine = create_buckets("teacher-tab", None)
    granted = [store.take_all(mine, at=T0 + timedelta(seconds=i)) is None for i in range(30)]
    assert granted.count(True) == 10
    assert store.take_all(create_buckets("other-tab", None), at=T0) is None


# -- closing joins, removing pupils ---------------------------------------------------------------
def test_closed_joins_refuse_new_names_but_keep_the_class(store_url: str) -> None:
    store = Store(store_url)
    cls = store.create_class("Prof", at=T0)
    anna = store.join_class(cls.code, "Anna", "tok-anna", at=T0)
    assert not store.set_joins_closed(cls.id, "Intruder", True)
    assert store.set_joins_closed(cls.id, _key(cls), True)
    assert store.live_class(cls.code).joins_closed  # type: ignore[union-attr]
    assert store.join_class(cls.code, "Bruno", "tok-bruno", at=T0).status == "joins_closed"
    assert store.join_class(cls.code, "Anna", "tok-anna", at=T0).status == "rejoined"  # her phone again
    assert anna.pupil is not None and store.pupil("tok-anna") is not None
    assert store.set_joins_closed(cls.id, _key(cls), False)
    assert store.join_class(cls.code, "Bruno", "tok-bruno", at=T0).status == "joined"


def test_a_removed_pupil_cannot_rejoin_by_name_or_token(store_url: str) -> None:
    store = Store(store_url)
    cls = store.create_class("Prof", at=T0)
    anna = store.join_class(cls.code, "Anna", "tok-anna", at=T0).pupil
    bruno = store.join_class(cls.code, "Bruno", "tok-bruno", at=T0).pupil
    assert anna is not None and bruno is not None
    q = store.open_question(cls.id, SPOT, _key(cls), at=T0)
    assert q is not None
    assert store.record_class_answer(q.id, anna.id, "p3 cc", grade="ottima", at=T0) == "recorded"
    assert not store.remove_pupil(cls.id, anna.id, "Intruder")
    assert store.remove_pupil(cls.id, anna.id, _key(cls))
    assert store.pupil("tok-anna") is None  # the phone's token no longer works
    assert store.join_class(cls.code, "Anna", "tok-anna", at=T0).status == "blocked"
    assert store.join_class(cls.code, " ANNA ", "new-token", at=T0).status == "blocked"
    assert store.record_class_answer(q.id, anna.id, "p3 f", at=T0) == "removed"
    assert store.question_answers(q.id, _key(cls)) == []  # her answers are gone
    assert [p.name for p in store.class_pupils(cls.id, _key(cls)) or []] == ["Bruno"]
    assert store.snapshot(cls.code, at=T0).pupils == 1  # type: ignore[union-attr]
    assert (store.class_results(cls.id, _key(cls)) or pytest.fail("no results")).pupils == ["Bruno"]
    assert [p.name for p in store.removed_pupils(cls.id, _key(cls))] == ["Anna"]
    assert store.removed_pupils(cls.id, "Intruder") == []
    assert not store.unblock_pupil(cls.id, anna.id, "Intruder")
    assert store.unblock_pupil(cls.id, anna.id, _key(cls))  # the teacher lets the name in again
    assert store.join_class(cls.code, "Anna", "tok-anna-2", at=T0).status == "joined"


def test_several_pupils_are_removed_at_once(store_url: str) -> None:
    store = Store(store_url)
    cls = store.create_class("Prof", at=T0)
    other = store.create_class("Other", at=T0)
    ids = []
    for n in ("Anna", "Bruno", "Carla", "Dario"):
        p = store.join_class(cls.code, n, "tok-" + n, at=T0).pupil
        assert p is not None
        ids.append(p.id)
    stranger = store.join_class(other.code, "Eva", "tok-eva", at=T0).pupil
    assert stranger is not None
    q = store.open_question(cls.id, SPOT, _key(cls), at=T0)
    assert q is not None
    for pid in ids:
        store.record_class_answer(q.id, pid, "p3 cc", at=T0)
    assert store.remove_pupils(cls.id, ids[:3], "Intruder") == 0
    assert store.remove_pupils(cls.id, [*ids[:3], ids[0], stranger.id], _key(cls)) == 3  # not another class's
    assert [p.name for p in store.class_pupils(cls.id, _key(cls)) or []] == ["Dario"]
    assert [r.pupil for r in store.question_answers(q.id, _key(cls)) or []] == ["Dario"]
    assert store.pupil("tok-eva") is not None
    assert store.remove_pupils(cls.id, ids[:3], _key(cls)) == 0  # already removed
    with pytest.raises(InvalidInput):
        store.remove_pupils(cls.id, ["x"], _key(cls))  # type: ignore[list-item]


# -- the open-class limit --------------------------------------------------------------------------
def test_a_teacher_has_at_most_five_open_classes(store_url: str) -> None:
    store = Store(store_url)
    store.create_class("Prof", "old", hours=1, at=T0 - timedelta(hours=2))  # expired: does not count
    made = [store.create_class("Prof", f"C{i}", at=T0) for i in range(MAX_OPEN_CLASSES)]
    with pytest.raises(ClassLimit) as err:
        store.create_class("Prof", "sixth", at=T0)
    assert [c.code for c in err.value.open_classes] == [c.code for c in made]
    assert made[0].code in str(err.value)
    assert store.create_class("Other", at=T0).teacher == "Other"  # another teacher is not counted
    assert store.close_class(made[2].code, _key(made[2]), at=T0)
    assert store.create_class("Prof", "sixth", at=T0).title == "sixth"


# -- the purge ---------------------------------------------------------------------------------------
def _full_class(store: Store, title: str, at: datetime, *, close_at: datetime | None = None,
                hours: int = 3) -> int:
    cls = store.create_class("Prof " + title, title, hours=hours, at=at)
    ids = []
    for n in ("Anna", "Bruno", "Carla"):
        p = store.join_class(cls.code, n, f"{title}-{n}", at=at)
        assert p.pupil is not None
        ids.append(p.pupil.id)
    store.remove_pupil(cls.id, ids[2], _key(cls))  # a removed pupil's row goes too
    for _ in range(2):
        q = store.open_question(cls.id, SPOT, _key(cls), at=at)
        assert q is not None
        for pid in ids[:2]:
            store.record_class_answer(q.id, pid, "p3 cc", at=at)
    if close_at is not None:
        store.close_class(cls.code, _key(cls), at=close_at)
    return cls.id


def test_the_purge_deletes_exactly_the_old_classes(store_url: str) -> None:
    store = Store(store_url)
    now = T0 + timedelta(days=60)
    closed_long_ago = _full_class(store, "A", T0, close_at=T0 + timedelta(hours=1))
    expired_long_ago = _full_class(store, "B", now - timedelta(days=31), hours=3)
    closed_lately = _full_class(store, "C", now - timedelta(days=10), close_at=now - timedelta(days=10))
    open_now = _full_class(store, "D", now - timedelta(hours=1))
    kept = [closed_lately, open_now]
    tables = (live_classes, live_pupils, live_questions, live_answers)
    before = {t.name: _rows(store, t) for t in tables}

    dry = store.purge_classes(days=30, dry_run=True, at=now)
    assert (dry.classes, dry.pupils, dry.questions, dry.answers) == (2, 6, 4, 8)
    assert {t.name: _rows(store, t) for t in tables} == before

    done = store.purge_classes(days=30, at=now)
    assert done == dry
    assert _rows(store, live_classes, live_classes.c.id.in_([closed_long_ago, expired_long_ago])) == 0
    assert _rows(store, live_classes) == 2 and _rows(store, live_pupils) == 6
    assert _rows(store, live_questions) == 4 and _rows(store, live_answers) == 8
    assert _rows(store, live_pupils, live_pupils.c.class_id.not_in(kept)) == 0
    assert _rows(store, live_questions, live_questions.c.class_id.not_in(kept)) == 0
    assert store.purge_classes(days=30, at=now).classes == 0
    assert store.purge_classes(days=5, at=now).classes == 1  # the one closed 10 days ago
    assert _rows(store, live_classes) == 1


def test_the_sweep_runs_at_most_once_an_hour(store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COACH_PURGE_DAYS", "7")
    store = Store(store_url)
    _full_class(store, "A", T0, close_at=T0)
    first = store.sweep_classes(at=T0 + timedelta(days=8))
    assert first is not None and first.classes == 1
    _full_class(store, "B", T0, close_at=T0)
    assert store.sweep_classes(at=T0 + timedelta(days=8, minutes=30)) is None  # not due yet
    again = store.sweep_classes(at=T0 + timedelta(days=8, hours=1))
    assert again is not None and again.classes == 1


def test_purge_days_come_from_the_environment() -> None:
    assert purge_days({}) == 30
    assert purge_days({"COACH_PURGE_DAYS": " 7 "}) == 7
    for bad in ("0", "-3", "abc", "9999", "1.5"):
        with pytest.raises(InvalidInput):
            purge_days({"COACH_PURGE_DAYS": bad})


def test_the_purge_command(store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    store = Store(store_url)
    _full_class(store, "A", datetime(2020, 1, 1), close_at=datetime(2020, 1, 1, 2))
    _full_class(store, "B", utc_now(), hours=3)
    assert db_main(["purge", "--url", store_url, "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "classi: 1, alunni: 3, domande: 2, risposte: 4" in out and "Non è stato cancellato nulla" in out
    assert _rows(store, live_classes) == 2
    assert db_main(["purge", "--url", store_url, "--days", "30"]) == 0
    out = capsys.readouterr().out
    assert "Cancellate le classi finite da più di 30 giorni: classi: 1," in out
    assert _rows(store, live_classes) == 1
    assert db_main(["purge", "--url", store_url, "--days", "0"]) == 2
