#!/usr/bin/env bash
# Stops the cluster started by start-postgres.sh (reads PG_TEST_DIR and PG_TEST_BIN).
set -u
[ -n "${PG_TEST_DIR:-}" ] && [ -d "$PG_TEST_DIR/data" ] || exit 0
if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$PG_TEST_BIN/pg_ctl" -D "$PG_TEST_DIR/data" -m fast stop >/dev/null 2>&1
else "$PG_TEST_BIN/pg_ctl" -D "$PG_TEST_DIR/data" -m fast stop >/dev/null 2>&1; fi
rm -rf "$PG_TEST_DIR"
