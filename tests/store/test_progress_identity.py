"""The store's side of learner identity (revision 0006): a name finds nothing, a transfer code
finds its profile, an old profile is claimed once, and the rate-limit buckets hold under races.
On SQLite and PostgreSQL (``store_url``)."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

import pytest
from sqlalchemy import update

from coach.errors import InvalidInput
from coach.identity import new_profile_id, new_transfer_code, transfer_hash
from coach.store import Store
from coach.store.records import ProfileIdentity
from coach.store.tables import profiles


def make_legacy(store: Store, name: str) -> None:
    """A profile as the release before revision 0006 left it: progress, and never claimed."""
    store.mark_lesson_completed(name, "01-regole")
    store.save_preferences(name, {"locale": "en"})
    with store.engine.begin() as conn:
        conn.execute(update(profiles).where(profiles.c.name == name).values(claimed_at=None))


def race(n: int, work: object) -> list[object]:
    """``work(i)`` in ``n`` threads released together; their results in order."""
    assert callable(work)
    gate = threading.Barrier(n)
    results: list[object] = [None] * n

    def run(i: int) -> None:
        gate.wait()
        results[i] = work(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return results


def test_a_new_profile_is_born_claimed_and_its_name_is_only_shown(store_url: str) -> None:
    store = Store(store_url)
    pid = new_profile_id()
    assert store.identity(pid) == ProfileIdentity(None, False, False)  # a read creates nothing
    assert store.profiles() == []
    store.mark_lesson_completed(pid, "01-regole")
    assert store.identity(pid) == ProfileIdentity(None, False, True)
    assert store.claim_profile(pid) is False  # nobody may claim a profile made since 0006
    # Two learners may be called the same; the name reaches neither profile.
    other = new_profile_id()
    assert store.set_display_name(pid, "  Marco  ") == "Marco"
    assert store.set_display_name(other, "Marco") == "Marco"
    assert store.identity(pid).display_name == store.identity(other).display_name == "Marco"
    assert store.completed_lessons("Marco") == [] and "Marco" not in store.profiles()
    assert store.set_display_name(pid, "   ") is None and store.identity(pid).display_name is None
    for bad in ("x" * 61, "a\x01b", "a\x9bb", 7):
        with pytest.raises(InvalidInput):
            store.set_display_name(pid, bad)  # type: ignore[arg-type]


def test_a_transfer_code_finds_its_profile_and_a_new_one_retires_it(store_url: str) -> None:
    store = Store(store_url)
    marco = new_profile_id()
    store.mark_lesson_completed(marco, "01-regole")
    first, second = new_transfer_code(), new_transfer_code()
    store.set_transfer_hash(marco, transfer_hash(first))
    assert store.identity(marco).has_transfer_code
    assert store.profile_for_transfer(transfer_hash(first.lower())) == marco
    assert store.profile_for_transfer(transfer_hash(second)) is None
    store.set_transfer_hash(marco, transfer_hash(second))
    assert store.profile_for_transfer(transfer_hash(first)) is None  # the old code stops working
    assert store.profile_for_transfer(transfer_hash(second)) == marco
    # only the hash is kept: the code itself is nowhere in the table
    with store.engine.connect() as conn:
        rows = [tuple(str(v) for v in row) for row in conn.execute(profiles.select())]
    assert not any(second in value or second.replace("-", "") in value for row in rows for value in row)
    store.clear_transfer_hash(marco)
    assert store.profile_for_transfer(transfer_hash(second)) is None
    for bad in ("", "A" * 64, "g" * 64, "a" * 63):
        with pytest.raises(InvalidInput):
            store.profile_for_transfer(bad)


def test_an_old_profile_is_claimed_once_even_by_racing_browsers(store_url: str) -> None:
    store = Store(store_url)
    make_legacy(store, "Marco")
    make_legacy(store, "KQMX-4727")
    assert store.identity("Marco") == ProfileIdentity(None, False, False)
    stores = [Store(store_url) for _ in range(6)]
    won = race(6, lambda i: stores[i].claim_profile("Marco", "Marco"))
    assert won.count(True) == 1 and won.count(False) == 5
    assert store.identity("Marco") == ProfileIdentity("Marco", False, True)
    assert [c.lesson_id for c in store.completed_lessons("Marco")] == ["01-regole"]  # nothing lost
    assert store.claim_profile("Marco") is False
    assert store.claim_profile("KQMX-4727") is True and store.identity("KQMX-4727").display_name is None
    assert store.claim_profile("Nessuno") is False and "Nessuno" not in store.profiles()
    for s in stores:
        s.engine.dispose()


def test_a_token_bucket_empties_and_refills(store_url: str) -> None:
    store = Store(store_url)
    t0 = datetime(2026, 12, 1, 9, 0)
    assert [store.take_token("t:a", 3, 0.5, at=t0) for _ in range(4)] == [True, True, True, False]
    assert store.take_token("t:b", 3, 0.5, at=t0) is True  # buckets are separate
    assert store.take_token("t:a", 3, 0.5, at=t0 + timedelta(seconds=1)) is False  # half a token
    assert store.take_token("t:a", 3, 0.5, at=t0 + timedelta(seconds=2)) is True
    assert store.take_token("t:a", 3, 0.5, at=t0 + timedelta(seconds=2)) is False
    assert store.take_token("t:a", 3, 0.5, at=t0 - timedelta(hours=1)) is False  # a clock going back
    later = t0 + timedelta(days=1)  # refilled to capacity, never beyond
    assert [store.take_token("t:a", 3, 0.5, at=later) for _ in range(4)] == [True, True, True, False]
    for bad in ({"capacity": 0}, {"capacity": float("inf")}, {"per_second": -1.0},
                {"per_second": float("nan")}, {"bucket": ""}, {"bucket": "x" * 201}):
        args = {"bucket": "t:c", "capacity": 3, "per_second": 1.0} | bad
        with pytest.raises(InvalidInput):
            store.take_token(**args)  # type: ignore[arg-type]


def test_racing_processes_never_spend_the_same_token(store_url: str) -> None:
    stores = [Store(store_url) for _ in range(8)]
    stores[0].ensure_schema()
    at = datetime(2026, 12, 1, 9, 0)
    taken = race(24, lambda i: stores[i % 8].take_token("t:race", 5, 1e-6, at=at))
    assert taken.count(True) == 5
    for s in stores:
        s.engine.dispose()
