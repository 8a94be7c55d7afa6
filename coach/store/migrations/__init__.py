"""The store's schema versions (Alembic), and the check every store makes on first use.

Revision ``0001`` is the schema as it was before versions existed; it only
creates what is missing, so it also brings an unversioned database made by an
older release (one even without the bookmark columns) to that baseline. Later
revisions are ordinary Alembic scripts in ``versions/``: add one with
``python -m coach db revision -m "what changes"`` (docs/DEVELOPING.md).

:func:`prepare` runs inside the caller's transaction: on PostgreSQL it first
takes an advisory lock, on SQLite the transaction began with ``BEGIN
IMMEDIATE``, so app processes that start together check and upgrade one at a
time, and only the first does any work.
"""

from __future__ import annotations

from functools import lru_cache

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

from coach.errors import StoreError
from coach.i18n import N_

SCRIPT_LOCATION = "coach.store:migrations"
# pg_advisory_xact_lock key: "coach" in ASCII, any constant no other app on the server uses.
LOCK_KEY = 0x636F616368


def config(connection: Connection | None = None) -> Config:
    """An Alembic configuration without an ini file; ``connection`` is the one env.py uses."""
    cfg = Config()
    cfg.set_main_option("script_location", SCRIPT_LOCATION)
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


@lru_cache(maxsize=1)
def script() -> ScriptDirectory:
    return ScriptDirectory.from_config(config())


def head() -> str:
    """The newest revision this version of the app knows."""
    rev = script().get_current_head()
    assert rev is not None  # versions/ is never empty
    return rev


def known() -> set[str]:
    return {r.revision for r in script().walk_revisions()}


def current(conn: Connection) -> str | None:
    """The revision stamped in the database (None: unversioned or empty)."""
    return MigrationContext.configure(conn).get_current_revision()


def upgrade(conn: Connection, target: str = "head") -> None:
    """Run the revisions up to ``target`` on ``conn`` (inside its transaction)."""
    command.upgrade(config(conn), target)


def prepare(conn: Connection, *, auto_upgrade: bool) -> str:
    """Make sure the database has the head schema; returns the revision it had before.

    * empty database: the schema is created (whatever ``auto_upgrade`` says);
    * head: nothing to do;
    * a revision this version does not know: a newer app made it, refused
      (``schema_newer``), so an old process never writes into a schema it
      does not understand;
    * older (or unversioned with tables): upgraded when ``auto_upgrade``, else
      refused (``schema_older``) with the command that upgrades it.
    """
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
    heads = MigrationContext.configure(conn).get_current_heads()
    target = head()
    if heads == (target,):
        return target
    unknown = sorted(set(heads) - known())
    if unknown:
        raise StoreError(N_("the database was made by a newer version of the app (schema {found}; this "
                            "version knows up to {known}): update the app, or use another database"),
                         kind="schema_newer", found=", ".join(unknown), known=target)
    found = ", ".join(heads) if heads else ("unversioned" if inspect(conn).has_table("profiles") else "")
    if found and not auto_upgrade:
        raise StoreError(N_("the database has an older schema ({found}): a teacher upgrades it with "
                            "«python -m coach db upgrade»"), kind="schema_older", found=found)
    upgrade(conn)
    return found or "empty"
