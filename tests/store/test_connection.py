"""Each way the database fails has its own kind and words, said truly.

Before, a locked SQLite file stalled a click for 30 s and then read «non raggiungibile», a file
deleted under the running app took writes silently into a deleted inode, and PostgreSQL's «value
too long» was «non raggiungibile» too.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

from coach.errors import StoreError
from coach.store import Store


def test_a_file_locked_by_another_connection_is_busy_not_unreachable(tmp_path: Path) -> None:
    path = tmp_path / "coach.db"
    store = Store(f"sqlite:///{path}")
    store.record_decision("A", "buona", source="practice")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock (a backup, a DB browser)
    try:
        with pytest.raises(StoreError) as err:
            store.record_decision("A", "buona", source="practice")
        assert err.value.kind == "locked"
        assert "busy" in str(err.value)
        assert store.summary("A").decisions == 1  # reads go on (WAL)
    finally:
        other.execute("ROLLBACK")
        other.close()
    store.record_decision("A", "buona", source="practice")  # the lock is gone: writes work again
    assert store.summary("A").decisions == 2


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_a_file_deleted_or_replaced_while_running_is_refused(tmp_path: Path, how: str) -> None:
    path = tmp_path / "coach.db"
    store = Store(f"sqlite:///{path}")
    store.record_decision("A", "buona", source="practice")
    os.remove(path)
    if how == "replaced":
        Store(f"sqlite:///{path}").record_decision("B", "buona", source="practice")  # a new file there
    with pytest.raises(StoreError) as err:
        store.record_decision("A", "ottima", source="practice")  # never acknowledged into a lost inode
    assert err.value.kind == "file_replaced"
    assert "deleted or replaced" in str(err.value)
    with pytest.raises(StoreError):
        store.summary("A")  # nor read from it
    if how == "replaced":
        assert Store(f"sqlite:///{path}").profiles() == ["B"]
    else:
        assert not path.exists()  # no empty file made behind the learner's back


def test_a_read_only_file_has_its_own_words(tmp_path: Path) -> None:
    path = tmp_path / "coach.db"
    Store(f"sqlite:///{path}").record_decision("A", "buona", source="practice")
    store = Store(f"sqlite:///file:{path}?mode=ro&uri=true")
    with pytest.raises(StoreError) as err:
        store.record_decision("A", "buona", source="practice")
    assert err.value.kind == "read_only"
    assert "nothing new is saved" in str(err.value)


def test_a_value_too_long_for_a_postgresql_column(pg_url: str) -> None:
    """PostgreSQL refuses a value longer than its column (SQLite stores it): its own kind."""
    store = Store(pg_url)
    with pytest.raises(StoreError) as err, store._tx(write=True) as conn:
        conn.execute(text("CREATE TEMP TABLE short_names (name varchar(4))"))
        conn.execute(text("INSERT INTO short_names VALUES (:n)"), {"n": "ß" * 3 + "Anna"})
    assert err.value.kind == "too_long"
    assert "too long" in str(err.value)
