#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on a free local port and prints its URL.
# Usage: eval "$(bash .ci/start-postgres.sh)"   -> exports TEST_DATABASE_URL and PG_TEST_DIR
set -euo pipefail
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bindir" ]; then
  echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2
  exit 1
fi
dir=$(mktemp -d /tmp/motokari-pg.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi
run "$bindir/initdb" -D "$dir/data" -U motokari --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1
run "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
echo "export TEST_DATABASE_URL=postgres://motokari@127.0.0.1:$port/postgres"
echo "export PG_TEST_DIR=$dir"
echo "export PG_TEST_BIN=$bindir"
