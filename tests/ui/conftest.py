"""Fixtures for the AppTest tests: a temporary database for every test."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from .helpers import start


@pytest.fixture()
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'coach.db'}"
    monkeypatch.setenv("COACH_DATABASE_URL", url)
    return url


@pytest.fixture()
def app(db_url: str) -> Callable[..., AppTest]:
    return start
