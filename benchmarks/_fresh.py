"""Run a timing snippet in a fresh Python process: first-call costs (table building,
caches) only show in a process that has not paid them yet."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def seconds_in_fresh_process(code: str) -> float:
    """``code`` prints one float (seconds); run it from the project root and return it."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return float(out.stdout.strip())
