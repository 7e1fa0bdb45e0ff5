#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster for the server's integration tests and prints
# `DATABASE_URL=...` as the last line of stdout. Idempotent: a running cluster is reused.
# Usage: DATABASE_URL=$(bash scripts/ci-postgres.sh | tail -1 | cut -d= -f2-) npx vitest run tests/server
set -euo pipefail

PORT="${PGPORT_CI:-55432}"
DB_NAME="${PGDATABASE_CI:-platform_test}"
BASE_DIR="${PG_CI_DIR:-${TMPDIR:-/tmp}/platform-ci-postgres}"
DATA_DIR="$BASE_DIR/data"
LOG_FILE="$BASE_DIR/server.log"

log() { echo "ci-postgres: $*" >&2; }

find_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && echo "$dir"
}

BIN_DIR=$(find_bin || true)
if [ -z "$BIN_DIR" ]; then
  log "installing postgresql (Debian package)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update >&2
  apt-get install -y postgresql >&2
  BIN_DIR=$(find_bin)
fi

as_postgres() {
  if [ "$(id -u)" = "0" ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

mkdir -p "$BASE_DIR"
if [ "$(id -u)" = "0" ]; then chown postgres:postgres "$BASE_DIR"; fi

if [ ! -f "$DATA_DIR/PG_VERSION" ]; then
  log "initialising cluster in $DATA_DIR"
  as_postgres "$BIN_DIR/initdb" -D "$DATA_DIR" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >&2
fi

if ! as_postgres "$BIN_DIR/pg_ctl" -D "$DATA_DIR" status >/dev/null 2>&1; then
  log "starting cluster on 127.0.0.1:$PORT"
  as_postgres "$BIN_DIR/pg_ctl" -D "$DATA_DIR" -l "$LOG_FILE" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $BASE_DIR -c max_connections=200 -c fsync=off" start >&2
fi

for _ in $(seq 1 30); do
  if as_postgres "$BIN_DIR/pg_isready" -h 127.0.0.1 -p "$PORT" -q; then break; fi
  sleep 0.5
done

exists=$(as_postgres "$BIN_DIR/psql" -h 127.0.0.1 -p "$PORT" -U postgres -tAc \
  "SELECT 1 FROM pg_database WHERE datname = '$DB_NAME'")
if [ "$exists" != "1" ]; then
  log "creating database $DB_NAME"
  as_postgres "$BIN_DIR/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$DB_NAME" >&2
fi

echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/$DB_NAME"
