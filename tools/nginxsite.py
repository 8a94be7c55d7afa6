"""The nginx configuration of a class stack on this machine: deploy/nginx/coach-holdem.conf for N
app processes on loopback ports, inside an nginx.conf of its own sized as deploy/nginx/nginx.conf.

    python tools/nginxsite.py --dir DIR --listen 8080 8601 8602 ... > DIR/nginx.conf

deploy/local-stack.sh writes its nginx.conf with it, and tests/test_nginxsite.py runs nginx on it
in front of small HTTP servers to check the routing (new sessions to the least-loaded process, a
session's requests to its process, the others as backups).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

SITE = Path(__file__).resolve().parent.parent / "deploy" / "nginx" / "coach-holdem.conf"
SIZING = """worker_processes auto;
worker_rlimit_nofile 8192;
events { worker_connections 4096; }
"""


def site(ports: list[int], listen: int, text: str | None = None) -> str:
    """The site with its upstreams and its per-process map lines written for ``ports``."""
    text = SITE.read_text(encoding="utf-8") if text is None else text
    nodes = [(f"n{i}", port) for i, port in enumerate(ports, start=1)]
    ups = ["upstream coach_app {", "    zone coach_app 64k;", "    least_conn;"]
    ups += [f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;" for _, p in nodes] + ["}"]
    for name, port in nodes:
        ups += [f"upstream coach_{name} {{", f"    zone coach_{name} 64k;",
                f"    server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;"]
        ups += [f"    server 127.0.0.1:{p} backup;" for _, p in nodes if p != port] + ["}"]
    text = re.sub(r"# -- upstreams.*?# -- end of upstreams --\n", "\n".join(ups) + "\n", text, flags=re.S)
    text = re.sub(r"\n    n\d+ +coach_n\d+;", "", text)
    text = re.sub(r"\n    ~\(\^\|\\s\)127.*?;", "", text)
    text = text.replace("    default coach_app;", "    default coach_app;" + "".join(
        f"\n    {name} coach_{name};" for name, _ in nodes), 1)
    served = 'map $upstream_addr $coach_served {\n    default "";'
    text = text.replace(served, served + "".join(
        f"\n    ~(^|\\s)127\\.0\\.0\\.1:{p}$ {name};" for name, p in nodes), 1)
    text = text.replace("    listen 80;", f"    listen 127.0.0.1:{listen};")
    return text.replace("    listen [::]:80;\n", "")


def nginx_conf(directory: Path, ports: list[int], listen: int, *, root: bool = False) -> str:
    """A whole nginx.conf for ``nginx -p DIR -c DIR/nginx.conf``: its pid, logs and temporary files in DIR."""
    d = directory
    head = "user root;\n" if root else ""
    return (head + SIZING + f"pid {d}/nginx.pid;\nerror_log {d}/logs/nginx-error.log warn;\nhttp {{\n"
            f"    access_log {d}/logs/nginx-access.log;\n    client_body_temp_path {d}/tmp/body;\n"
            f"    proxy_temp_path {d}/tmp/proxy;\n    fastcgi_temp_path {d}/tmp/fastcgi;\n"
            f"    uwsgi_temp_path {d}/tmp/uwsgi;\n    scgi_temp_path {d}/tmp/scgi;\n"
            + site(ports, listen) + "}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, required=True)
    parser.add_argument("--listen", type=int, required=True)
    parser.add_argument("--root", action="store_true", help="run the workers as root (a throwaway stack)")
    parser.add_argument("ports", type=int, nargs="+")
    args = parser.parse_args()
    print(nginx_conf(args.dir, args.ports, args.listen, root=args.root), end="")


if __name__ == "__main__":
    main()
