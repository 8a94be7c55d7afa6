"""Shared test fixtures.

``../shared`` (rule texts, real hand histories) sits beside a developer's
checkout and CI's clone, never inside the project. Tests that read it skip with
a visible reason where it is absent (a user's clone) and fail under ``CI=true``,
where its absence means the run is not testing what it claims.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("COACH_SHARED", ROOT.parent / "shared"))
# The practice table shows the bots one by one, 0.6 s apart: at once in the tests (and their app server).
os.environ.setdefault("COACH_BOT_PACE", "0")


def require_shared(*parts: str) -> Path:
    path = SHARED.joinpath(*parts)
    if not path.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{path} is missing under CI=true: the shared data must be beside the clone")
        pytest.skip(f"{path} not found (../shared is not beside this clone)")
    return path


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    return require_shared()


@pytest.fixture(scope="session")
def phh_dir() -> Path:
    return require_shared("phh")


# -- PostgreSQL ----------------------------------------------------------------------------
# The store's tests run on SQLite and on a real PostgreSQL server: a throwaway cluster on a
# loopback port from the machine's PostgreSQL (tools/pgcluster.py), started once per test
# session and removed at the end, or the server named by COACH_TEST_POSTGRES_URL. Without
# PostgreSQL (or its driver) they skip with the reason; under CI=true they fail.


def skip_or_fail(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: the PostgreSQL tests must run; .ci/run installs postgresql)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """An admin URL of a running PostgreSQL server (one per test session)."""
    given = os.environ.get("COACH_TEST_POSTGRES_URL", "").strip()
    try:
        import psycopg  # noqa: F401
    except ImportError:
        skip_or_fail("psycopg is not installed (pip install -e \".[test]\" brings it)")
    if given:
        yield given
        return
    import tempfile

    sys.path.insert(0, str(ROOT))
    from tools.pgcluster import Cluster, find_bindir, free_port

    if find_bindir() is None:
        skip_or_fail("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    cluster = Cluster(Path(tempfile.mkdtemp(prefix="coach-test-pg-")), free_port())
    try:
        url = cluster.start()
    except Exception as err:
        cluster.stop(remove=True)
        skip_or_fail(f"PostgreSQL did not start: {err}")
    try:
        yield url
    finally:
        cluster.stop(remove=True)


@pytest.fixture()
def pg_url(postgres_server: str) -> Iterator[str]:
    """A new, empty database on the test server, dropped after the test."""
    import uuid

    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    admin = create_engine(postgres_server, isolation_level="AUTOCOMMIT")
    name = "coach_test_" + uuid.uuid4().hex[:12]
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(postgres_server).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The store's tests, once on SQLite (a new file) and once on PostgreSQL (a new database)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'sub' / 'coach.db'}"
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture(autouse=True)
def _queue_in_memory(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Jobs of the task queue (hand files to read, session reviews) run at once in the test's process
    (``memory://``), unless the test sets its own queue; the browser tests' servers run real workers."""
    if "e2e" not in request.node.nodeid.split("/") and not os.environ.get("COACH_QUEUE_URL"):
        monkeypatch.setenv("COACH_QUEUE_URL", "memory://")
