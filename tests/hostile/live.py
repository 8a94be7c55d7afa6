"""Two learners on one live server: while A uploads the worst hand history we know,
how long does B wait for an ordinary rerun?

Shared by ``test_live_server.py`` (which checks that both sessions get the right
page, and prints the figures) and ``benchmarks/bench_hostile.py`` (which prints
them too). Nothing here asserts a time: timings are figures, not pass/fail
(project rule); the test's assertions are about what each learner sees.

The server is the tests' one launcher (``tests/support/server.py``) on a temporary database, driven
by Playwright with Debian's Chromium (the harness of ``tests/e2e``).
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from support.server import streamlit_server

from .cases import BASE, PHH_TEXTS

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
CEILING_MS = 120_000  # a ceiling for a busy 2-core machine, not a measurement
B_URL = "/lezioni?aula=1&lezione=03-azioni&mano=1&passo=3"  # a toggle reveals Dario's Re di picche
B_CARD = '[aria-label="Re di picche"]'


def chromium() -> str | None:
    path = os.environ.get("COACH_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return path if Path(path).exists() else None


def worst_uploads() -> dict[str, bytes]:
    """The inputs that cost the most, each within the 1 MB upload limit.

    ``biggest.phhs``: 1 MB of valid hands (about 5,000 sections), every one parsed
    and validated; ``big-stack.phh``: the 320-byte ``1e999999`` stack that used to
    hold the interpreter for 30 s; ``nested.phh``: an array nested 100,000 deep.
    """
    sections: list[str] = []
    size = 0
    while True:
        section = f"[{len(sections) + 1}]\n{BASE}\n"
        if size + len(section) > 999_000:  # Streamlit counts the 1 MB upload limit in 10**6 bytes
            break
        sections.append(section)
        size += len(section)
    return {
        "biggest.phhs": "".join(sections).encode("utf-8"),
        "big-stack.phh": PHH_TEXTS["big-stack.phh"].encode("utf-8"),
        "nested.phh": PHH_TEXTS["nested-array.phh"][:400_000].encode("utf-8") + b"]" * 200_000,
    }


@dataclass
class Figures:
    """Wall-clock seconds, as a learner's browser sees them."""

    upload: str
    alone: list[float] = field(default_factory=list)  # B's reruns with nobody else busy
    during: list[float] = field(default_factory=list)  # B's reruns while A's upload is processed
    a_seconds: float = 0.0  # A: from choosing the file to its page showing the outcome
    a_outcome: str = ""
    b_ok: bool = True  # every one of B's reruns showed what it should

    def line(self) -> str:
        def fmt(xs: list[float]) -> str:
            if not xs:
                return "-"
            return f"median {statistics.median(xs):.2f} s, max {max(xs):.2f} s ({len(xs)} reruns)"
        return (f"{self.upload}: B alone {fmt(self.alone)}; B while A uploads {fmt(self.during)}; "
                f"A waited {self.a_seconds:.2f} s for: {self.a_outcome}")


def _toggle(page: Any, shown: bool) -> float:
    """B flips «Mostra le carte di tutti» and waits until the cards are (not) on screen."""
    t0 = time.perf_counter()
    page.get_by_text("Mostra le carte di tutti").click()
    if shown:
        page.locator(B_CARD).first.wait_for(state="attached", timeout=CEILING_MS)
    else:
        page.wait_for_function(f"document.querySelectorAll('{B_CARD}').length === 0", timeout=CEILING_MS)
    return time.perf_counter() - t0


def measure(browser: Any, url: str, name: str, data: bytes, *, alone: int = 4,
            during_s: float = 4.0) -> Figures:
    """B's rerun latencies alone, then while A uploads ``data`` to the Replayer."""
    figures = Figures(name)
    ctx_a = browser.new_context(viewport={"width": 1280, "height": 900}, locale="it-IT")
    ctx_b = browser.new_context(viewport={"width": 1280, "height": 900}, locale="it-IT")
    try:
        a, b = ctx_a.new_page(), ctx_b.new_page()
        for p in (a, b):
            p.set_default_timeout(CEILING_MS)
        b.goto(url + B_URL)
        b.locator(".cc-large").first.wait_for()
        shown = b.locator(B_CARD).count() > 0
        a.goto(url + "/replayer")
        uploader = a.locator('[data-testid="stFileUploaderDropzoneInput"]')
        uploader.wait_for(state="attached")
        for _ in range(alone):
            shown = not shown
            figures.alone.append(_toggle(b, shown))
        start = time.perf_counter()
        uploader.set_input_files(files=[{"name": name, "mimeType": "text/plain", "buffer": data}])
        # A's outcome: the refusal, or the hand picker of a file with several hands, or the table
        outcome = a.get_by_text("non si può rivedere", exact=False).or_(
            a.locator('[data-testid="stNumberInput"]')).or_(a.locator(".cc-table")).first
        done: float | None = None
        while time.perf_counter() - start < during_s or done is None:
            shown = not shown
            figures.during.append(_toggle(b, shown))
            if done is None and outcome.count():
                done = time.perf_counter() - start  # to the resolution of one of B's reruns
            if time.perf_counter() - start > CEILING_MS / 1000:
                break
        outcome.wait_for(timeout=CEILING_MS)
        figures.a_seconds = done if done is not None else time.perf_counter() - start
        figures.a_outcome = outcome.inner_text(timeout=CEILING_MS).strip().replace("\n", " ")[:300]
        figures.b_ok = (b.locator(B_CARD).count() > 0) == shown
    finally:
        ctx_a.close()
        ctx_b.close()
    return figures


def main(names: list[str]) -> int:
    """Measure ``names`` (keys of :func:`worst_uploads`) on a fresh server; one JSON line each.

    Run as ``python -m hostile.live NAME...`` from the project root with ``tests`` on
    ``PYTHONPATH``: a process of its own, since Playwright's sync API cannot start while
    another test module's browser (tests/e2e) keeps its event loop running.
    """
    import json
    import tempfile
    from dataclasses import asdict

    from playwright.sync_api import sync_playwright

    path = chromium()
    if path is None:
        print(json.dumps({"skip": "Chromium not found"}))
        return 0
    uploads = worst_uploads()
    with tempfile.TemporaryDirectory() as tmp, streamlit_server(Path(tmp)) as app, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            for name in names:
                figures = measure(browser, app.url, name, uploads[name], alone=3, during_s=3.0)
                print(json.dumps({**asdict(figures), "line": figures.line()}, ensure_ascii=False), flush=True)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
