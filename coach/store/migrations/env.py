"""Alembic's environment: the store hands its own connection in (``config.attributes``).

Outside the app (``alembic`` run by hand with ``-x url=...``) an engine is made
from that URL with the store's own settings.
"""

from __future__ import annotations

from alembic import context

from coach.store.connection import make_engine, normalise_url
from coach.store.tables import metadata


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = context.get_x_argument(as_dictionary=True).get("url")
    if not url:
        raise SystemExit("alembic: pass the database with -x url=... (or use python -m coach db)")
    engine = make_engine(normalise_url(url))
    with engine.connect() as conn:
        if conn.dialect.name == "sqlite":
            conn.execution_options(coach_begin="IMMEDIATE")
        with conn.begin():
            context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
            context.run_migrations()
    engine.dispose()


# Alembic runs this file with its context set up; anything else that imports it (a test
# that imports every module of the package) must not start a migration.
if getattr(context, "config", None) is not None:
    run()
