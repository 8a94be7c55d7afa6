"""Where the database is and how to talk to it: the URL, the engine, and the one typed error.

Kept apart from the tables and the store so that ``migrations/env.py`` (Alembic run by hand
with ``-x url=...``) makes its engine with exactly the settings the app uses: the pool
limits, SQLite's pragmas (WAL, ``synchronous=NORMAL``, foreign keys), ``BEGIN IMMEDIATE``
for writes and a short busy timeout, PostgreSQL's connect timeout and psycopg 3 for a bare
``postgresql://``. :func:`store_error` turns whatever the driver raised into the one
:class:`StoreError` the UI shows.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DataError, IntegrityError, SQLAlchemyError

from coach.errors import StoreError
from coach.i18n import N_

APP_DIR_NAME = "coach-holdem"
ENV_URL = "COACH_DATABASE_URL"
ENV_AUTO_UPGRADE = "COACH_DB_AUTO_UPGRADE"

# Connections one app process may hold: a Streamlit process runs one script at a time per
# session thread, and a class server has one process per core (docs/DEPLOY.md).
POOL_SIZE: Final[int] = 5
POOL_OVERFLOW: Final[int] = 10
POOL_TIMEOUT_S: Final[int] = 10
CONNECT_TIMEOUT_S: Final[int] = 5
# How long one SQLite transaction waits for another process's write lock before it gives up with
# «il database è occupato». Our writes hold the lock for milliseconds (eight processes racing in
# tests/store/stress.py queue well inside it), so a longer wait only ever meant a lock held by
# something else (a backup, a DB browser left in a transaction): 30 s there froze a click and then
# said «non raggiungibile». Now the learner reads «occupato» after 2.5 s and the class's next poll
# is the retry. The first schema check of a process waits longer (SCHEMA_BUSY_TIMEOUT_S): it may
# queue behind the other processes' migrations at start-up.
SQLITE_BUSY_TIMEOUT_S: Final[float] = 2.5
SCHEMA_BUSY_TIMEOUT_S: Final[float] = 30.0

# What the UI catches around a store call. Every failure of the store itself is a
# StoreError; the others stay for code that talks to an engine directly.
DB_ERRORS: tuple[type[Exception], ...] = (StoreError, SQLAlchemyError, OSError)


def user_data_dir(env: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    """The platform's per-user data folder for the app.

    Linux and other Unixes follow XDG (``$XDG_DATA_HOME`` or ``~/.local/share``),
    macOS uses ``~/Library/Application Support``, Windows ``%APPDATA%``.
    """
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    home = Path(env.get("HOME") or Path.home())
    if platform.startswith("win"):
        base = Path(env.get("APPDATA") or home / "AppData" / "Roaming")
    elif platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(env.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / APP_DIR_NAME


def default_database_url(env: Mapping[str, str] | None = None) -> str:
    """``COACH_DATABASE_URL`` when set, else SQLite in :func:`user_data_dir`."""
    env = os.environ if env is None else env
    url = env.get(ENV_URL, "").strip()
    if url:
        return url
    return f"sqlite:///{user_data_dir(env) / 'coach.db'}"


def normalise_url(url: str) -> str:
    """A bare ``postgresql://`` URL means psycopg 3, the driver of the ``postgres`` extra.

    SQLAlchemy reads a bare ``postgresql://`` as psycopg2, which we neither ship
    nor test; an explicit ``+driver`` is left alone.
    """
    try:
        parsed = make_url(url)
    except Exception as err:  # ArgumentError, ValueError: not a URL at all
        raise StoreError(N_("the database address is not a valid URL ({problem})"),
                         kind="config", problem=str(err)[:120]) from err
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)


# -- failures ---------------------------------------------------------------------------------------
def _unwritable(path: Path) -> bool:
    """Whether an SQLite file that exists cannot be written here: the file (or the folder, where WAL
    keeps its ``-wal`` and ``-shm`` files) refuses a write. Tried, not guessed from the mode bits:
    root ignores those, not an immutable file or a read-only mount."""
    if not path.exists():
        return False
    try:
        with open(path, "r+b"):
            pass
        probe = tempfile.NamedTemporaryFile(dir=path.parent, prefix=".coach-probe-")
        probe.close()
    except OSError:
        return True
    return False


def store_error(err: BaseException, path: Path | None = None) -> StoreError:
    """One typed error, with the learner-readable reason, for whatever the database raised.

    The kinds a learner must tell apart each get their own words: ``read_only`` (a read-only
    file, mount or server), ``locked`` (another connection holds SQLite's write lock past the
    busy timeout, or a PostgreSQL lock timeout), ``too_long`` (PostgreSQL refused a value longer
    than its column: SQLite never does), ``corrupted``; only what is left is ``unreachable``.
    """
    if isinstance(err, StoreError):
        return err
    orig = getattr(err, "orig", None)
    text = str(orig or err).lower()
    if isinstance(err, ImportError) or "no module named" in text or "can't load plugin" in text:
        return StoreError(N_("the database driver is not installed (pip install -e \".[postgres]\")"),
                          kind="driver")
    if "readonly" in text or "read-only" in text or "read only" in text or isinstance(err, PermissionError):
        return StoreError(N_("the database is read-only: it can be read but nothing new is saved"),
                          kind="read_only")
    if path is not None and "unable to open database file" in text and _unwritable(path):
        # SQLite in WAL mode cannot even read a file it may not write beside: said as it is (issue 28)
        return StoreError(N_("the database file {file} is read-only (or its folder is): nothing can be "
                             "saved or read until whoever runs the coach lets it write there"),
                          kind="read_only", file=path.name)
    if ("database is locked" in text or "database table is locked" in text or "database is busy" in text
            or "lock timeout" in text or "could not obtain lock" in text):
        return StoreError(N_("the database is busy (another program is holding it): try again in a moment"),
                          kind="locked")
    if ("value too long" in text or type(orig).__name__ == "StringDataRightTruncation"
            or (isinstance(err, DataError) and "too long" in text)):
        return StoreError(N_("a value is too long for the database"), kind="too_long")
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return StoreError(N_("the database file is damaged"), kind="corrupted")
    if isinstance(err, IntegrityError):
        return StoreError(N_("the database refused the change"), kind="refused")
    return StoreError(N_("the database is not reachable"), kind="unreachable")


def file_replaced_error() -> StoreError:
    """The SQLite file this process opened was deleted or replaced while it ran (see ``Store._tx``)."""
    return StoreError(N_("the database file was deleted or replaced while the app was running: nothing "
                         "is saved until the app is restarted"), kind="file_replaced")


# -- the engine -----------------------------------------------------------------------------------
def sqlite_path(url: str) -> Path | None:
    parsed = make_url(url)
    db = parsed.database or ""
    if not parsed.drivername.startswith("sqlite") or db in ("", ":memory:") or db.startswith("file:"):
        return None
    return Path(db).expanduser()


def _on_sqlite_connect(dbapi_conn: Any, _record: Any) -> None:
    """Our own transactions (see :func:`_on_sqlite_begin`), WAL, foreign keys.

    WAL lets readers go on while one process writes; ``synchronous=NORMAL`` in
    WAL keeps every committed transaction through a crash or a SIGKILL of the
    app (only a power cut may lose the last ones, never corrupt the file).
    """
    dbapi_conn.isolation_level = None  # the driver must not open transactions behind our back
    cursor = dbapi_conn.cursor()
    try:
        for pragma in ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL"):
            try:
                cursor.execute(pragma)
            except sqlite3.DatabaseError:  # a read-only or damaged file: reads may still work
                pass
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()


def set_busy_timeout(conn: Connection, seconds: float) -> None:
    """SQLite's busy timeout on this pooled connection, set on the driver's connection (outside any
    transaction: a statement through SQLAlchemy would begin one)."""
    raw: Any = conn.connection.dbapi_connection
    raw.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")


def _on_sqlite_begin(conn: Connection) -> None:
    """``BEGIN IMMEDIATE`` for a write: the lock is taken (or waited for) up front.

    With a plain deferred ``BEGIN`` two processes that both read first and then
    write fail one of them at once with "database is locked" (SQLite cannot
    wait there without a deadlock); taking the write lock first makes the
    second wait for the busy timeout instead.
    """
    mode = conn.get_execution_options().get("coach_begin", "DEFERRED")
    conn.exec_driver_sql(f"BEGIN {'IMMEDIATE' if mode == 'IMMEDIATE' else 'DEFERRED'}")


def make_engine(url: str) -> Engine:
    """An engine with explicit limits, a ping before each checkout, and SQLite's transactions fixed."""
    if url.startswith("sqlite"):
        path = sqlite_path(url)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        # Streamlit runs each session's script in its own thread.
        args = {"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT_S}
        engine = create_engine(url, connect_args=args, pool_pre_ping=True, pool_size=POOL_SIZE,
                               max_overflow=POOL_OVERFLOW, pool_timeout=POOL_TIMEOUT_S)
        event.listen(engine, "connect", _on_sqlite_connect)
        event.listen(engine, "begin", _on_sqlite_begin)
        return engine
    connect_args: dict[str, Any] = {}
    if url.startswith("postgresql"):
        connect_args["connect_timeout"] = CONNECT_TIMEOUT_S
        connect_args["application_name"] = "coach-holdem"
    return create_engine(url, connect_args=connect_args, pool_pre_ping=True, pool_size=POOL_SIZE,
                         max_overflow=POOL_OVERFLOW, pool_timeout=POOL_TIMEOUT_S, pool_recycle=3600)


def auto_upgrade_default(url: str, env: Mapping[str, str] | None = None) -> bool:
    """Upgrade an older schema by itself? SQLite yes (one user's file); a server only if told.

    On a class server the teacher upgrades once with ``python -m coach db upgrade``
    (after a backup), or sets ``COACH_DB_AUTO_UPGRADE=1``.
    """
    env = os.environ if env is None else env
    flag = env.get(ENV_AUTO_UPGRADE, "").strip().lower()
    if flag in ("1", "true", "yes", "on"):
        return True
    if flag in ("0", "false", "no", "off"):
        return False
    return url.startswith("sqlite")
