"""What every part of the store shares: the engine, one transaction per call, the schema check
on first use, and the race-free insert a profile, a class or a vote is created with."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Table, and_, insert, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from coach.errors import InvalidInput, StoreError
from coach.i18n import N_
from coach.store import migrations
from coach.store.checks import utc_now
from coach.store.connection import (
    SCHEMA_BUSY_TIMEOUT_S,
    SQLITE_BUSY_TIMEOUT_S,
    auto_upgrade_default,
    default_database_url,
    file_replaced_error,
    make_engine,
    normalise_url,
    set_busy_timeout,
    sqlite_path,
    store_error,
)
from coach.store.tables import profiles


class StoreBase:
    """One SQLAlchemy engine and the transactions over it; the parts of :class:`coach.store.Store`
    build on it. Every method raises :class:`InvalidInput` for a bad argument and
    :class:`StoreError` for a database that fails, nothing else."""

    def __init__(self, url: str | None = None, *, engine: Engine | None = None,
                 auto_upgrade: bool | None = None) -> None:
        try:
            self.url = normalise_url(url or default_database_url())
            self.engine = engine if engine is not None else make_engine(self.url)
        except Exception as err:  # a missing driver, a bad URL, a data folder we cannot create
            raise store_error(err, self._sqlite_file()) from err
        self.dialect = self.engine.dialect.name
        self.auto_upgrade = auto_upgrade_default(self.url) if auto_upgrade is None else auto_upgrade
        self._ready = False
        self._ready_lock = threading.Lock()
        self._sweep_lock = threading.Lock()  # sweep_classes: at most once an hour per store
        # The transaction of a batch (:meth:`batch`) this thread is in, and the profile ids it read.
        self._batch = threading.local()
        self._swept_at: datetime | None = None
        # The SQLite file's identity (device, inode) once the schema check opened it: a file deleted
        # or replaced under a running app is refused rather than written into a deleted inode.
        self._path = sqlite_path(self.url) if self.dialect == "sqlite" else None
        self._file_id: tuple[int, int] | None = None

    # -- transactions and the schema check ---------------------------------------------------
    @contextmanager
    def batch(self) -> Iterator[None]:
        """Every call of this thread inside the block in one write transaction: all or nothing.

        One click that writes several things (an answer's grade, its review card, the answer kept
        for later sessions) commits once instead of once per write: on PostgreSQL each commit is a
        flush of the write-ahead log and each transaction a few round trips (issue 28: 500 learners
        clicking). A failure anywhere in the block undoes all of it, so a half-recorded answer is
        never left behind. A batch inside a batch is the same transaction.
        """
        if getattr(self._batch, "conn", None) is not None:
            yield
            return
        with self._tx(write=True) as conn:
            self._batch.conn, self._batch.profiles = conn, {}
            try:
                yield
            finally:
                self._batch.conn, self._batch.profiles = None, None

    @contextmanager
    def _tx(self, *, write: bool) -> Iterator[Connection]:
        """One transaction (the batch's, inside :meth:`batch`); the schema is checked on first use;
        failures become StoreError."""
        shared: Connection | None = getattr(self._batch, "conn", None)
        if shared is not None:
            yield shared
            return
        try:
            self.ensure_schema()
            self._check_file()
            with self.engine.connect() as conn:
                if self.dialect == "sqlite":
                    conn.execution_options(coach_begin="IMMEDIATE" if write else "DEFERRED")
                with conn.begin():
                    yield conn
        except (InvalidInput, StoreError):
            raise
        except Exception as err:
            raise store_error(err, self._sqlite_file()) from err

    def _check_file(self) -> None:
        """The SQLite file is still the one this store opened (checked before every transaction).

        A deleted file lives on in the connections that hold it open: writes «succeed» into an
        inode nobody will read again, and a new connection would create an empty file. Both
        vanish silently, so both are refused with their own message (one ``stat`` per transaction).
        """
        if self._path is None or self._file_id is None:
            return
        try:
            st = os.stat(self._path)
        except FileNotFoundError as err:
            raise file_replaced_error() from err
        if (st.st_dev, st.st_ino) != self._file_id:
            raise file_replaced_error()

    def _remember_file(self) -> None:
        if self._path is not None:
            try:
                st = os.stat(self._path)
            except OSError:
                return
            self._file_id = (st.st_dev, st.st_ino)

    def ensure_schema(self) -> str:
        """Check (once per store) that the database has this version's schema; create or upgrade it.

        Returns the revision. Several app processes may start at once: SQLite
        serialises them with ``BEGIN IMMEDIATE``, PostgreSQL with an advisory
        lock, so the schema is created or upgraded exactly once.
        """
        if self._ready:
            return self.head
        with self._ready_lock:
            if self._ready:
                return self.head
            try:
                with self.engine.connect() as conn:
                    if self.dialect == "sqlite":
                        conn.execution_options(coach_begin="IMMEDIATE")
                        # Processes starting together queue here behind each other's migrations.
                        set_busy_timeout(conn, SCHEMA_BUSY_TIMEOUT_S)
                    try:
                        with conn.begin():
                            migrations.prepare(conn, auto_upgrade=self.auto_upgrade)
                    finally:
                        if self.dialect == "sqlite":
                            set_busy_timeout(conn, SQLITE_BUSY_TIMEOUT_S)
            except (InvalidInput, StoreError):
                raise
            except Exception as err:
                raise store_error(err, self._sqlite_file()) from err
            self._remember_file()
            self._ready = True
            return self.head

    def _sqlite_file(self) -> Path | None:
        """The SQLite file of this store (None for PostgreSQL, or before the URL was read)."""
        url = getattr(self, "url", None)
        return sqlite_path(url) if isinstance(url, str) else None

    @property
    def head(self) -> str:

        return migrations.head()

    def revision(self) -> str | None:
        """The schema revision the database says it has (None: not versioned yet)."""

        try:
            with self.engine.connect() as conn:
                return migrations.current(conn)
        except Exception as err:
            raise store_error(err, self._sqlite_file()) from err

    # -- profiles -----------------------------------------------------------------------------
    @staticmethod
    def _profile_id(conn: Connection, name: str) -> int | None:
        return conn.scalar(select(profiles.c.id).where(profiles.c.name == name))

    def _insert_ignore(self, conn: Connection, table: Table, values: dict[str, Any],
                       keys: Sequence[str]) -> bool:
        """Insert a row unless one with the same ``keys`` exists; True when inserted.

        Race-free: the database decides, in one statement where it can.
        """
        if self.dialect == "sqlite":
            stmt: Any = sqlite.insert(table).values(**values)
            stmt = stmt.on_conflict_do_nothing(index_elements=list(keys))
            return bool(conn.execute(stmt).rowcount == 1)
        if self.dialect == "postgresql":
            stmt = postgresql.insert(table).values(**values).on_conflict_do_nothing(index_elements=list(keys))
            # RETURNING says whether the row went in (the driver's rowcount is not reliable here).
            return conn.execute(stmt.returning(table.c.id)).first() is not None
        exists = select(table.c.id).where(and_(*(table.c[k] == values[k] for k in keys)))
        if conn.scalar(exists) is not None:
            return False
        try:
            with conn.begin_nested():
                conn.execute(insert(table).values(**values))
        except IntegrityError:
            return False
        return True

    def _ensure_profile(self, conn: Connection, name: str) -> int:
        """The profile's id, created by this write if it is new (never by a read).

        A profile made since revision 0006 is born claimed: its name is a server-issued id
        (coach.identity), so no old unsigned cookie may ever claim it.
        """
        known: dict[str, int] | None = getattr(self._batch, "profiles", None)
        if known is not None and conn is getattr(self._batch, "conn", None) and name in known:
            return known[name]  # read already in this batch's transaction
        pid = self._profile_id(conn, name)
        if pid is not None:  # the common case: one indexed read, not an insert that conflicts
            if known is not None:
                known[name] = pid
            return pid
        now = utc_now()
        self._insert_ignore(conn, profiles, {"name": name, "created_at": now, "preferences": "{}",
                                             "claimed_at": now}, ("name",))
        pid = self._profile_id(conn, name)
        if pid is None:  # only if the row vanished between two statements of one transaction
            raise StoreError(N_("the database refused the change"), kind="refused")
        if known is not None:
            known[name] = pid
        return pid
