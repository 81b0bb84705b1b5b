#!/usr/bin/env bash
# Runs "$@" with a throw-away PostgreSQL server on 127.0.0.1 (its own data folder, stopped after),
# exporting KARTENTISCH_TEST_PG_URL for the PostgreSQL store tests. Runs the server as the
# 'postgres' user when started as root (initdb refuses root).
set -euo pipefail
initdb=$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n1 || true)
initdb=${initdb:-$(command -v initdb || true)}
if [ -z "$initdb" ]; then
  echo "with-postgres: no initdb (Debian package postgresql; scripts/system-deps.sh installs it, or: make test SKIP=postgres)" >&2
  exit 1
fi
bindir=$(dirname "$initdb")
# A free port unless one is given, so several runs on one machine do not collide.
port=${KARTENTISCH_PG_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
data=$(mktemp -d /tmp/kt-pg-XXXXXX)
as=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$data"
  as=(runuser -u postgres --)
fi
"${as[@]}" "$bindir/initdb" -D "$data" -U kartentisch --auth=trust -E UTF8 >/dev/null
"${as[@]}" "$bindir/pg_ctl" -D "$data" -o "-p $port -k /tmp -c listen_addresses=127.0.0.1" -l "$data/log" -w start >/dev/null
cleanup() { "${as[@]}" "$bindir/pg_ctl" -D "$data" -m fast stop >/dev/null 2>&1 || true; rm -rf "$data"; }
trap cleanup EXIT
"$bindir/createdb" -h 127.0.0.1 -p "$port" -U kartentisch kartentisch_test
echo "with-postgres: a throw-away PostgreSQL server on 127.0.0.1:$port (data in $data, removed afterwards)"
export KARTENTISCH_TEST_PG_URL="postgresql+psycopg://kartentisch@127.0.0.1:$port/kartentisch_test"
"$@"
