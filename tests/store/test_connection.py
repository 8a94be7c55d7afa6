"""Each way the database fails has its own kind and words, said truly.

Before, a locked SQLite file stalled a click for 30 s and then read «non raggiungibile», a file
deleted under the running app took writes silently into a deleted inode, and PostgreSQL's «value
too long» was «non raggiungibile» too.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
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


@contextlib.contextmanager
def _read_only(*paths: Path) -> Iterator[None]:
    """Make files and folders read-only for this process: the mode bits, or for root (which ignores
    them) the immutable flag; skips where neither can be set."""
    if os.geteuid() != 0:
        modes = {p: p.stat().st_mode for p in paths}
        for p in paths:
            p.chmod(0o555 if p.is_dir() else 0o444)
        try:
            yield
        finally:
            for p, mode in modes.items():
                p.chmod(mode)
        return
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", *map(str, paths)],
                                                         capture_output=True).returncode != 0:
        pytest.skip("root here, and no immutable flag: a read-only file cannot be made")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", *map(str, paths)], capture_output=True)


def test_a_read_only_file_and_folder_are_said_so_not_unreachable(tmp_path: Path) -> None:
    """Issue 28: a read-only SQLite file (WAL cannot open it, even to read) said «non è raggiungibile»."""
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "coach.db"
    first = Store(f"sqlite:///{path}")
    first.record_decision("A", "buona", source="practice")
    first.engine.dispose()  # the last connection closes: SQLite removes the -wal and -shm files
    assert sorted(p.name for p in folder.iterdir()) == ["coach.db"]
    with _read_only(path, folder), pytest.raises(StoreError) as err:
        Store(f"sqlite:///{path}").record_decision("A", "buona", source="practice")
    assert err.value.kind == "read_only"
    assert "read-only" in str(err.value) and "not reachable" not in str(err.value)


def test_a_value_too_long_for_a_postgresql_column(pg_url: str) -> None:
    """PostgreSQL refuses a value longer than its column (SQLite stores it): its own kind."""
    store = Store(pg_url)
    with pytest.raises(StoreError) as err, store._tx(write=True) as conn:
        conn.execute(text("CREATE TEMP TABLE short_names (name varchar(4))"))
        conn.execute(text("INSERT INTO short_names VALUES (:n)"), {"n": "ß" * 3 + "Anna"})
    assert err.value.kind == "too_long"
    assert "too long" in str(err.value)
