"""Shared test fixtures.

``../shared`` (rule texts, real hand histories) sits beside a developer's
checkout and CI's clone, never inside the project. Tests that read it skip with
a visible reason where it is absent (a user's clone) and fail under ``CI=true``,
where its absence means the run is not testing what it claims.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("COACH_SHARED", ROOT.parent / "shared"))


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
