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
        if AXE_RESULTS:  # merged with what another worker wrote (each worker has its own session)
            OUT.mkdir(exist_ok=True)
            path = OUT / "axe.json"
            try:
                merged = json.loads(path.read_text()) if path.exists() else {}
            except ValueError:
                merged = {}
            merged.update(AXE_RESULTS)
            path.write_text(json.dumps(merged, indent=2, sort_keys=True))


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




@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """One xdist group per browser module: its tests stay together (and in order) on one worker,
    while the modules spread over the suite's workers instead of queueing on a single one."""
    for item in items:
        if item.get_closest_marker("browser") is not None and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(f"browser-{item.module.__name__.rsplit('.', 1)[-1]}"))
