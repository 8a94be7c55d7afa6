"""A live server with two learners: while A uploads the worst inputs we know to the
Replayer, B keeps flipping «Mostra le carte di tutti» on a lesson.

Asserted: every one of B's reruns shows what it should, and A gets the right page
(the hand picker of a 1 MB file of hands, or the Italian refusal). Measured and
printed (never asserted, project rule): B's rerun latency alone and during A's
upload, and how long A waited. The figures also go to ``test-output/hostile-live.txt``;
``benchmarks/bench_hostile.py --live`` prints the same measurement.

Without Chromium the test skips with the reason, except under ``CI=true`` where it fails.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from .live import CHROMIUM_ARGS, ROOT, chromium, measure, server, worst_uploads

pytestmark = pytest.mark.browser

EXPECTED = {
    "biggest.phhs": "Mano del file (da 1 a",
    "big-stack.phh": "supera il limite di 1.000.000.000.000",
}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = chromium()
    if path is None:
        reason = "Chromium not found: install Debian's chromium package to run the live-server test"
        if os.environ.get("CI") == "true":
            pytest.fail(reason + " (CI=true)")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with server(tmp_path_factory.mktemp("live")) as base:
        yield base


def test_another_session_stays_responsive_while_the_worst_uploads_run(browser: Any, url: str) -> None:
    lines = []
    uploads = worst_uploads()
    for name in ("biggest.phhs", "big-stack.phh"):  # bench_hostile.py --live measures every one
        figures = measure(browser, url, name, uploads[name], alone=3, during_s=3.0)
        lines.append(figures.line())
        print(figures.line())
        assert figures.b_ok, f"B's page was wrong after its reruns during {name}"
        assert figures.during, "B made no rerun while A's upload was processed"
        assert EXPECTED[name] in figures.a_outcome, figures.a_outcome
    out = ROOT / "test-output"
    out.mkdir(exist_ok=True)
    (out / "hostile-live.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
