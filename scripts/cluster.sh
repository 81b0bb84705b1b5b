#!/usr/bin/env bash
# A local trial of the table server scaled out (issue 26): N `kartentisch serve` processes over one
# PostgreSQL, behind nginx as the one address (HTTP and WebSocket proxying), in the foreground until Ctrl-C
# or SIGTERM; then everything it started stops and its temp folder goes.
#
#   scripts/cluster.sh [--port 8080] [--processes 3] [--db postgresql+psycopg://…] [--balance table|spread]
#                      [-- more serve options]
#
# Without --db it runs under scripts/with-postgres.sh (a throw-away PostgreSQL server). The serve processes
# listen on 127.0.0.1 at --port+1 … --port+N, nginx on --port (Debian's package: scripts/system-deps.sh
# --cluster installs it; nginx runs as this user with its own prefix and config in the temp folder).
# Prints "cluster: serve I pid PID port PORT" per process and "cluster: ready URL" when all answer.
# --balance table (the default) sends every request and socket of one table to the same process (a consistent
# hash of the table id, so a table is held and its moves told in one process; another takes over when that one
# dies); spread sends each to any process in turn (every process then serves every table, as after a failover).
set -euo pipefail
usage="usage: $0 [--port 8080] [--processes 3] [--db URL] [--balance table|spread] [-- serve options]"
port=8080 processes=3 db=${KARTENTISCH_TEST_PG_URL:-} balance=table extra=()
while [ $# -gt 0 ]; do
  case $1 in
    --port) port=${2?$usage}; shift 2 ;;
    --processes) processes=${2?$usage}; shift 2 ;;
    --db) db=${2?$usage}; shift 2 ;;
    --balance) balance=${2?$usage}; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    *) echo "cluster: unknown argument '$1'; $usage" >&2; exit 2 ;;
  esac
done
[[ $port =~ ^[0-9]+$ && $processes =~ ^[1-9][0-9]*$ ]] || { echo "cluster: --port and --processes are whole numbers; $usage" >&2; exit 2; }
case $balance in
  table) hash="    hash \$kt_table consistent;" ;;
  spread) hash= ;;
  *) echo "cluster: --balance is table or spread, not '$balance'; $usage" >&2; exit 2 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "$db" ]; then  # a throw-away PostgreSQL server, as for the tests
  exec "$here/with-postgres.sh" "$0" --port "$port" --processes "$processes" --balance "$balance" -- "${extra[@]}"
fi
nginx=$(command -v nginx || ls /usr/sbin/nginx 2>/dev/null || true)
[ -n "$nginx" ] || { echo "cluster: no nginx (Debian package nginx: scripts/system-deps.sh --cluster installs it)" >&2; exit 1; }
python=${PYTHON:-$here/../.venv/bin/python}

dir=$(mktemp -d /tmp/kt-cluster-XXXXXX)
pids=()
stop() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 0' INT TERM

servers=""
for i in $(seq 1 "$processes"); do
  p=$((port + i))
  "$python" -c "from kartentisch.cli.app import main; main()" serve --port "$p" --db "$db" \
    --forwarded-allow-ips 127.0.0.1 "${extra[@]}" \
    >"$dir/serve-$i.log" 2>&1 &
  pids+=($!)
  echo "cluster: serve $i pid $! port $p (log $dir/serve-$i.log)"
  # a process that dies is left out for 2 s, and a request it could not take goes to the next one
  servers+="    server 127.0.0.1:$p max_fails=1 fail_timeout=2s;"$'\n'
done
mkdir -p "$dir/nginx/logs" "$dir/nginx/tmp"
cat >"$dir/nginx/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $dir/nginx/nginx.pid;
error_log $dir/nginx/logs/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path $dir/nginx/tmp/body;
  proxy_temp_path $dir/nginx/tmp/proxy;
  fastcgi_temp_path $dir/nginx/tmp/fastcgi;
  uwsgi_temp_path $dir/nginx/tmp/uwsgi;
  scgi_temp_path $dir/nginx/tmp/scgi;
  # the table a request or socket is about (its id in the path), else a fresh key: any process
  map \$uri \$kt_table {
    ~^/(?:ws|api)/tables/(?<tid>[^/]+) \$tid;
    default \$request_id;
  }
  upstream kartentisch {
$hash
$servers    keepalive 64;
  }
  # a WebSocket upgrade is passed on; other requests keep their upstream connection alive
  map \$http_upgrade \$connection_upgrade { default upgrade; '' ''; }
  server {
    listen 127.0.0.1:$port;
    location / {
      proxy_pass http://kartentisch;
      proxy_http_version 1.1;
      proxy_set_header Upgrade \$http_upgrade;
      proxy_set_header Connection \$connection_upgrade;
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      proxy_next_upstream error timeout http_502;
      proxy_connect_timeout 2s;
    }
  }
}
EOF
"$nginx" -p "$dir/nginx" -c "$dir/nginx/nginx.conf" -e "$dir/nginx/logs/error.log" &
front=$!
pids+=($front)
echo "cluster: nginx pid $front port $port (config $dir/nginx/nginx.conf)"
for i in $(seq 1 "$processes"); do
  for _ in $(seq 300); do
    if "$python" -c "import httpx, sys; sys.exit(httpx.get('http://127.0.0.1:$((port + i))/api/health', timeout=1).status_code != 200)" 2>/dev/null; then
      continue 2
    fi
    kill -0 "${pids[$((i - 1))]}" 2>/dev/null || { echo "cluster: serve $i ended:" >&2; cat "$dir/serve-$i.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "cluster: serve $i did not answer within 30 s" >&2; exit 1
done
echo "cluster: ready http://127.0.0.1:$port/"
# A serve process that dies leaves the others serving (nginx passes its requests on); the trial ends with nginx.
wait "$front" || true
