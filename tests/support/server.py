"""One way to start the real app in a test: ``streamlit run streamlit_app.py`` on a free loopback port.

The browser tests, the hostile live-server checks, the two-process class-server test and the
database-outage test all need the app as a learner's browser reaches it, not AppTest. Each had its
own copy of this launcher; they now share this one, so a change to how the app starts (an option,
the database variable, the health check) is made once.

The server runs from this checkout (``cwd`` and ``PYTHONPATH`` are the project root, so it imports
this tree's ``coach`` even where another checkout is installed), on the database it is given, and
is stopped by its own process id. The wait for ``/_stcore/health`` is a ceiling for a busy machine,
not a measurement: no test asserts how long the start took.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
START_CEILING_S = 120.0  # a busy 2-core machine, not a measurement


def free_port() -> int:
    """A loopback port nobody listens on now (the OS picks it)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class LiveServer:
    """A running app: its base URL and its process (a test may kill it on purpose)."""

    url: str
    process: subprocess.Popen[bytes]


@contextmanager
def streamlit_server(tmp: Path, database: str | None = None, *,
                     name: str = "streamlit") -> Iterator[LiveServer]:
    """Start the app with ``COACH_DATABASE_URL=database`` (default: a new SQLite file in ``tmp``).

    Yields once ``/_stcore/health`` answers ``ok``; raises ``RuntimeError`` with the end of the
    server's log (``tmp/<name>.log``) if it exits or does not answer within the ceiling. On the
    way out the process is terminated (killed if it does not stop), unless it is already gone.
    """
    port = free_port()
    log_path = tmp / f"{name}.log"
    env = dict(os.environ,
               COACH_DATABASE_URL=database or f"sqlite:///{tmp / (name + '.db')}",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    log = log_path.open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "streamlit_app.py", "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1",
         "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_CEILING_S
        while True:
            if proc.poll() is not None:
                raise RuntimeError("streamlit exited: " + log_path.read_text(errors="replace")[-2000:])
            try:
                with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as resp:
                    if resp.read().decode().strip() == "ok":
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"streamlit did not answer /_stcore/health in {START_CEILING_S:.0f} s: "
                                   + log_path.read_text(errors="replace")[-2000:])
            time.sleep(0.3)
        yield LiveServer(url, proc)
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)
        log.close()
