"""The class site's routing (deploy/nginx/coach-holdem.conf, as tools/nginxsite.py writes it for a
stack), run by Debian's nginx in front of two small HTTP servers that answer with their name.

A Streamlit session lives in the process where its websocket was opened: a browser's first
websocket must go to the process with the fewest open ones (a restarted process takes the new
learners), the browser's later requests to the process the cookie names, and a process that is
down must hand its browsers to the other one, whose name the cookie then carries (issue 28).
"""

from __future__ import annotations

import http.client
import os
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tools.nginxsite import nginx_conf
from tools.pgcluster import free_port

NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
pytestmark = pytest.mark.skipif(NGINX is None, reason="Debian's nginx is not installed (.ci/run installs it)")


class _App(BaseHTTPRequestHandler):
    """An app process: answers its name; ``?hold`` keeps the connection open a while (a websocket)."""

    def do_GET(self) -> None:
        if "hold" in self.path:
            time.sleep(2.0)
        body = self.server.name.encode()  # type: ignore[attr-defined]
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def _serve(port: int, name: str) -> ThreadingHTTPServer:
    server = ThreadingHTTPServer(("127.0.0.1", port), _App)
    server.name = name  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[tuple[int, dict[str, ThreadingHTTPServer]]]:
    ports = [free_port(), free_port()]
    apps = {"n1": _serve(ports[0], "n1"), "n2": _serve(ports[1], "n2")}
    listen = free_port()
    (tmp_path / "logs").mkdir()
    (tmp_path / "tmp").mkdir()
    conf = tmp_path / "nginx.conf"
    conf.write_text(nginx_conf(tmp_path, ports, listen, root=_is_root()), encoding="utf-8")
    assert NGINX is not None
    subprocess.run([NGINX, "-t", "-q", "-p", str(tmp_path), "-c", str(conf)], check=True)
    subprocess.run([NGINX, "-p", str(tmp_path), "-c", str(conf)], check=True)
    try:
        for _ in range(50):
            try:
                _get(listen, "/")
                break
            except OSError:
                time.sleep(0.1)
        yield listen, apps
    finally:
        pid = (tmp_path / "nginx.pid").read_text().strip() if (tmp_path / "nginx.pid").exists() else ""
        if pid:
            subprocess.run(["kill", pid], check=False)
        for app in apps.values():
            app.shutdown()
            app.server_close()


def _is_root() -> bool:
    return os.geteuid() == 0


def _get(port: int, path: str, cookie: str | None = None) -> tuple[str, str | None]:
    """(the app that answered, the coach_node the answer sets, if any)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Cookie": f"coach_node={cookie}"} if cookie else {})
    resp = conn.getresponse()
    body = resp.read().decode()
    conn.close()
    set_cookie = resp.getheader("Set-Cookie")
    if not set_cookie or "coach_node=" not in set_cookie:
        return body, None
    return body, set_cookie.split(";", 1)[0].split("=", 1)[1]


def test_the_site_is_sized_for_a_class() -> None:
    conf = nginx_conf(Path("/tmp/x"), [8501, 8502], 8080)
    assert "worker_processes auto;" in conf and "worker_connections 4096;" in conf
    assert "worker_rlimit_nofile 8192;" in conf
    sized = Path(__file__).resolve().parent.parent / "deploy" / "nginx" / "nginx.conf"
    assert "worker_connections 4096;" in sized.read_text(encoding="utf-8")


def test_a_first_websocket_goes_to_the_least_loaded_process_and_the_cookie_names_it(
        stack: tuple[int, dict[str, ThreadingHTTPServer]]) -> None:
    port, _ = stack
    held: dict[str, tuple[str, str | None]] = {}
    # one learner's websocket stays open on one process...
    holder = threading.Thread(target=lambda: held.setdefault("r", _get(port, "/_stcore/stream?hold")))
    holder.start()
    time.sleep(0.5)
    # ...so each new browser's first websocket goes to the other one, which the cookie names
    answers = [_get(port, "/_stcore/stream") for _ in range(4)]
    holder.join()
    busy, busy_cookie = held["r"]
    assert busy_cookie == busy
    other = "n2" if busy == "n1" else "n1"
    assert answers == [(other, other)] * 4


def test_a_browser_stays_with_its_process_then_moves_when_it_is_down(
        stack: tuple[int, dict[str, ThreadingHTTPServer]]) -> None:
    port, apps = stack
    # with its cookie, every request that needs the session goes to the cookie's process
    for path in ("/_stcore/stream", "/_stcore/upload_file/abc/def", "/media/x.png"):
        assert _get(port, path, cookie="n1")[0] == "n1"
        assert _get(port, path, cookie="n2")[0] == "n2"
    apps["n1"].shutdown()
    apps["n1"].server_close()
    # its process is down: the other one takes the websocket, and the cookie now names it
    assert _get(port, "/_stcore/stream", cookie="n1") == ("n2", "n2")
    # a cookie naming no process of this site: the least-loaded one
    assert _get(port, "/_stcore/stream", cookie="n9") == ("n2", "n2")


def test_the_script_health_check_is_not_reachable_from_outside(
        stack: tuple[int, dict[str, ThreadingHTTPServer]]) -> None:
    """It runs the whole app once per request (the warm-up of a started process asks the process's own
    port): through the site it would let anyone make the servers render pages for nothing."""
    port, _ = stack
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/_stcore/script-health-check")
    resp = conn.getresponse()
    body = resp.read().decode()
    conn.close()
    assert resp.status == 404 and body not in ("n1", "n2")  # nginx answered, no app was asked
    assert _get(port, "/_stcore/health")[0] in ("n1", "n2")  # the plain health check still passes
