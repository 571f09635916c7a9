#!/usr/bin/env bash
# The browser tests with every server on PostgreSQL instead of SQLite: each server gets a
# fresh database made on the PostgreSQL server named by the first argument (or
# BOARDLAB_TEST_POSTGRES), and they are dropped again at the end. Needs psql.
#   scripts/browser-tests-postgres.sh postgres://postgres@127.0.0.1/postgres
set -euo pipefail
cd "$(dirname "$0")/.."
server="${1:-${BOARDLAB_TEST_POSTGRES:-}}"
if [ -z "$server" ]; then
  echo "usage: scripts/browser-tests-postgres.sh postgres://USER@HOST/DATABASE (or set BOARDLAB_TEST_POSTGRES)" >&2
  exit 2
fi
drop_them() {
  psql "$server" -Atq -c "SELECT datname FROM pg_database WHERE datname LIKE 'boardlab_browser_%'" |
    while read -r name; do psql "$server" -q -c "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)"; done
}
trap drop_them EXIT
BOARDLAB_BROWSER_POSTGRES="$server" bash crates/boardlab-web/browser-tests/run.sh
