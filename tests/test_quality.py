"""Static checks run with the suite, so the single test command is the whole gate."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_is_clean() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "coach", "tests", "benchmarks", "tools", "streamlit_app.py"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.slow
def test_mypy_strict_on_coach() -> None:
    if shutil.which("mypy") is None and subprocess.run(
        [sys.executable, "-m", "mypy", "--version"], capture_output=True
    ).returncode != 0:
        pytest.fail("mypy is part of the test extra and must be installed")
    proc = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-2000:]
