"""The browser tests' fixtures: one app server (temporary database) and one headless Chromium per
session, and a fresh 1280x800 context per test (its own cookies: a new browser)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from support.browser import AXE_RESULTS, CHROMIUM_ARGS, OUT, chromium, open_context
from support.server import streamlit_server


@pytest.fixture(scope="session")
def chromium_path() -> str:
    return chromium()


@pytest.fixture(scope="session")
def server(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app from this checkout (the tests' one launcher) with a temporary database; yields the URL."""
    try:
        with streamlit_server(tmp_path_factory.mktemp("e2e"), name="e2e") as app:
            yield app.url
    finally:
        if AXE_RESULTS:
            OUT.mkdir(exist_ok=True)
            (OUT / "axe.json").write_text(json.dumps(AXE_RESULTS, indent=2, sort_keys=True))


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture()
def desk(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """A laptop screen, 1280x800."""
    context, pg, errors = open_context(browser, 1280, 800)
    try:
        yield pg, errors
    finally:
        context.close()


