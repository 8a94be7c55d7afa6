#!/usr/bin/env bash
# The whole class-server stack on this machine, on loopback only, for the load benchmark
# (benchmarks/bench_load.py) and for trying the deployment: N Streamlit processes behind
# Debian's nginx (deploy/nginx/coach-holdem.conf: new sessions to the least-loaded process, a
# session's requests to the process that holds it, websockets) and one
# PostgreSQL (a throwaway cluster, tools/pgcluster.py) or one SQLite file.
#
#   deploy/local-stack.sh start [--apps N] [--db postgresql|sqlite] [--port 8080] [--dir DIR]
#   deploy/local-stack.sh stop  [--dir DIR]
#
# `start` prints the URL, the database URL and the app processes' pids (DIR/apps.pids); the
# apps run from this checkout. Needs: apt-get install nginx postgresql; pip install -e ".[postgres]".
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cmd="${1:-}"; shift || true
APPS=2; DB=postgresql; PORT=8080; DIR=/tmp/coach-stack; APP_BASE=8601
while [ $# -gt 0 ]; do
  case "$1" in
    --apps) APPS="$2"; shift 2 ;;
    --db) DB="$2"; shift 2 ;;
    --port) PORT="$2"; shift 2 ;;
    --dir) DIR="$2"; shift 2 ;;
    --app-base) APP_BASE="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

stop() {
  if [ -f "$DIR/nginx.pid" ]; then kill "$(cat "$DIR/nginx.pid")" 2>/dev/null || true; fi
  if [ -f "$DIR/worker.pid" ]; then
    while read -r pid; do kill "$pid" 2>/dev/null || true; done < "$DIR/worker.pid"
  fi
  if [ -f "$DIR/apps.pids" ]; then
    while read -r pid; do kill "$pid" 2>/dev/null || true; done < "$DIR/apps.pids"
  fi
  if [ -d "$DIR/pg" ]; then python "$ROOT/tools/pgcluster.py" stop "$DIR/pg" || true; fi
  sleep 1
  rm -rf "$DIR"
}

if [ "$cmd" = stop ]; then stop; exit 0; fi
if [ "$cmd" != start ]; then sed -n '2,12p' "$0"; exit 2; fi
command -v nginx >/dev/null || { echo "nginx is missing: apt-get install nginx" >&2; exit 1; }
[ -d "$DIR" ] && stop
mkdir -p "$DIR/logs" "$DIR/tmp"
chmod 777 "$DIR/tmp"

if [ "$DB" = postgresql ]; then
  PGPORT=$(python -c "import sys; sys.path.insert(0, '$ROOT'); from tools.pgcluster import free_port; print(free_port())")
  ADMIN=$(python "$ROOT/tools/pgcluster.py" start "$DIR/pg" "$PGPORT")
  python - "$ADMIN" <<'PY'
import sys
from sqlalchemy import create_engine, text
engine = create_engine(sys.argv[1], isolation_level="AUTOCOMMIT")
with engine.connect() as conn:
    conn.execute(text("CREATE DATABASE coach"))
PY
  DBURL="postgresql+psycopg://coach@127.0.0.1:$PGPORT/coach"
else
  DBURL="sqlite:///$DIR/coach.db"
fi
# The schema once, before the processes start (what a teacher does after an upgrade).
(cd "$ROOT" && COACH_DATABASE_URL="$DBURL" python -m coach db upgrade >/dev/null)

SECRET=$(python -c "import secrets; print(secrets.token_hex(24))")
: > "$DIR/apps.pids"
PORTS=""
for i in $(seq 0 $((APPS - 1))); do
  port=$((APP_BASE + i))
  (cd "$ROOT" && COACH_DATABASE_URL="$DBURL" STREAMLIT_SERVER_COOKIE_SECRET="$SECRET" COACH_EMBEDDED_WORKER=0 \
     exec python -m streamlit run streamlit_app.py --server.port "$port" --server.address 127.0.0.1 \
     --server.headless true --browser.gatherUsageStats false --server.fileWatcherType none \
     --server.scriptHealthCheckEnabled true > "$DIR/logs/app-$port.log" 2>&1) &
  echo $! >> "$DIR/apps.pids"
  PORTS="$PORTS $port"
done
# The task queue's workers, as on a class server (docs/DEPLOY.md): the apps start none of their own.
# One process reads the files (a pasted hand never waits behind a review); one runs the reviews
# only on CPU time the apps leave (SCHED_IDLE), so a class's clicks come first.
(cd "$ROOT" && COACH_DATABASE_URL="$DBURL" exec python -m coach worker --lanes hands,files --workers 2 \
   > "$DIR/logs/worker-files.log" 2>&1) &
echo $! > "$DIR/worker.pid"
(cd "$ROOT" && COACH_DATABASE_URL="$DBURL" exec python -m coach worker --lanes reviews --workers 2 --idle \
   > "$DIR/logs/worker-reviews.log" 2>&1) &
echo $! >> "$DIR/worker.pid"

# nginx sized as deploy/nginx/nginx.conf says, with the site of deploy/nginx/coach-holdem.conf:
# its upstreams and per-process map lines written for this stack's ports (tools/nginxsite.py).
ROOTFLAG=""; [ "$(id -u)" = 0 ] && ROOTFLAG="--root"
python "$ROOT/tools/nginxsite.py" --dir "$DIR" --listen "$PORT" $ROOTFLAG $PORTS > "$DIR/nginx.conf"
nginx -t -q -p "$DIR" -c "$DIR/nginx.conf"
nginx -p "$DIR" -c "$DIR/nginx.conf"

for i in $(seq 0 $((APPS - 1))); do
  port=$((APP_BASE + i))
  for _ in $(seq 1 120); do
    [ "$(curl -s "http://127.0.0.1:$port/_stcore/health" || true)" = ok ] && break
    sleep 0.5
  done
  # Warm it: the script-health check runs the app once (its imports, lessons and caches, ~2 s of CPU),
  # so the class's first pages do not queue behind that (docs/DEPLOY.md, «Warm processes»).
  curl -s -o /dev/null "http://127.0.0.1:$port/_stcore/script-health-check" || true
done
{
  echo "url=http://127.0.0.1:$PORT"
  echo "database=$DBURL"
  echo "pids=\"$(tr '\n' ' ' < "$DIR/apps.pids")\""
  echo "workers=\"$(tr '\n' ' ' < "$DIR/worker.pid")\""
} | tee "$DIR/stack.env"
