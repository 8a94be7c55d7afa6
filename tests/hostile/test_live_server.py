"""A live server with two learners: while A uploads the worst inputs we know to the
Replayer, B keeps flipping «Mostra le carte di tutti» on a lesson.

Asserted: every one of B's reruns shows what it should, and A gets the right page
(the hand picker of a 1 MB file of hands, or the Italian refusal). Measured and
printed (never asserted, project rule): B's rerun latency alone and during A's
upload, and how long A waited. The figures also go to ``test-output/hostile-live.txt``;
``benchmarks/bench_hostile.py --live`` prints the same measurement for every upload.

The measurement runs in a process of its own (``python -m hostile.live``): Playwright's
sync API cannot start while the browser of ``tests/e2e`` keeps its event loop running.
Without Chromium the test skips with the reason, except under ``CI=true`` where it fails.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from .live import ROOT, chromium

pytestmark = pytest.mark.browser

EXPECTED = {
    # the file's first hand on the table, or the picker of its hands: either is the file accepted
    "biggest.phhs": ("Piatto totale", "Mano del file"),
    "big-stack.phh": ("supera il limite di 1.000.000.000.000",),
}


def test_another_session_stays_responsive_while_the_worst_uploads_run() -> None:
    if chromium() is None:
        reason = "Chromium not found: install Debian's chromium package to run the live-server test"
        if os.environ.get("CI") == "true":
            pytest.fail(reason + " (CI=true)")
        pytest.skip(reason)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "tests"),
                                                                     os.environ.get("PYTHONPATH")])))
    proc = subprocess.run([sys.executable, "-m", "hostile.live", *EXPECTED], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    rows = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    assert [row["upload"] for row in rows] == list(EXPECTED)
    for row in rows:
        print(row["line"])
        assert row["b_ok"], f"B's page was wrong after its reruns during {row['upload']}"
        assert row["during"], "B made no rerun while A's upload was processed"
        assert any(text in row["a_outcome"] for text in EXPECTED[row["upload"]]), row["a_outcome"]
    out = ROOT / "test-output"
    out.mkdir(exist_ok=True)
    (out / "hostile-live.txt").write_text("\n".join(row["line"] for row in rows) + "\n", encoding="utf-8")
