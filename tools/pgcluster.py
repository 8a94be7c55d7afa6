"""A throwaway PostgreSQL cluster on a loopback port, from the machine's own PostgreSQL.

The store's tests run against a real server (``tests/conftest.py``) and so
does the local class-server stack of the load test (``deploy/local-stack.sh``):
both start one of these in a temporary folder and remove it afterwards. It
uses Debian's ``postgresql`` package binaries (``initdb``, ``pg_ctl``), never a
system service, and listens only on 127.0.0.1. As root (CI, a container) the
server runs as the ``postgres`` user, since PostgreSQL refuses to run as root.

Command line (for the stack script)::

    python tools/pgcluster.py start DIR PORT   # prints the URL
    python tools/pgcluster.py stop DIR
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
from pathlib import Path

SUPERUSER = "coach"


def find_bindir() -> Path | None:
    """The folder with ``initdb`` and ``pg_ctl``: on the PATH, else Debian's newest version."""
    on_path = shutil.which("initdb")
    if on_path and shutil.which("pg_ctl"):
        return Path(on_path).resolve().parent
    def version(path: str) -> int:
        name = Path(path).parent.parent.name
        return int(name) if name.isdigit() else 0

    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=version)
    return Path(versions[-1]).parent if versions else None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_server_user(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


class Cluster:
    """One cluster in ``datadir`` on ``port``; :meth:`start` creates it if needed."""

    def __init__(self, datadir: Path, port: int, bindir: Path | None = None) -> None:
        self.datadir = Path(datadir)
        self.port = port
        found = bindir or find_bindir()
        if found is None:
            raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
        self.bindir = found

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        proc = subprocess.run(_as_server_user([str(self.bindir / args[0]), *args[1:]]), capture_output=True,
                              text=True, timeout=timeout, cwd="/")
        if proc.returncode != 0:
            output = (proc.stderr or proc.stdout)[-2000:]
            raise RuntimeError(f"{args[0]} failed ({proc.returncode}): {output}")
        return proc

    def start(self) -> str:
        self.datadir.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            pg = pwd.getpwnam("postgres")
            os.chown(self.datadir, pg.pw_uid, pg.pw_gid)
        self.datadir.chmod(0o700)
        if not (self.datadir / "PG_VERSION").exists():
            self._run("initdb", "-D", str(self.datadir), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8",
                      "--locale=C", "--no-sync")
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.datadir} "
                   "-c max_connections=200 -c shared_buffers=64MB")
        self._run("pg_ctl", "-D", str(self.datadir), "-l", str(self.datadir / "server.log"), "-o", options,
                  "-w", "-t", "60", "start")
        return self.url

    def stop(self, *, remove: bool = False) -> None:
        if (self.datadir / "postmaster.pid").exists():
            try:
                self._run("pg_ctl", "-D", str(self.datadir), "-m", "fast", "-w", "-t", "30", "stop",
                          timeout=60)
            except (RuntimeError, subprocess.TimeoutExpired):
                self._run("pg_ctl", "-D", str(self.datadir), "-m", "immediate", "stop", timeout=60)
        if remove:
            shutil.rmtree(self.datadir, ignore_errors=True)


def main(argv: list[str]) -> int:
    if len(argv) >= 3 and argv[0] == "start":
        print(Cluster(Path(argv[1]), int(argv[2])).start())
        return 0
    if len(argv) >= 2 and argv[0] == "stop":
        Cluster(Path(argv[1]), 0).stop(remove="--remove" in argv)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
