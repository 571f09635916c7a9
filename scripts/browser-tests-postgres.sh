#!/usr/bin/env bash
# The browser tests with every server on PostgreSQL instead of SQLite: each server gets a
# fresh database made with psql on the PostgreSQL server named by the first argument (or
# BOARDLAB_TEST_POSTGRES), else on a throwaway cluster started for the run with initdb
# (as the Rust tests do); the databases are dropped again at the end. .ci/run runs it.
#   scripts/browser-tests-postgres.sh [postgres://USER@HOST/DATABASE]
set -euo pipefail
cd "$(dirname "$0")/.."
server="${1:-${BOARDLAB_TEST_POSTGRES:-}}"
if [ -z "$server" ]; then
  # The throwaway cluster lives as long as this coprocess's standard input stays open.
  # The README's test command builds the examples too: after it (as in .ci/run) this builds
  # nothing, where `cargo build -p boardlab-web` would unify other features of the
  # dependencies and build the whole tree a second time.
  cargo test --workspace --profile ci --no-run --quiet
  coproc cluster { "${CARGO_TARGET_DIR:-target}/ci/examples/test_postgres"; }
  read -r server <&"${cluster[0]}" || { echo "no PostgreSQL for the browser tests" >&2; exit 1; }
fi
drop_them() {
  psql "$server" -Atq -c "SELECT datname FROM pg_database WHERE datname LIKE 'boardlab_browser_%'" |
    while read -r name; do psql "$server" -q -c "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)"; done
}
trap drop_them EXIT
BOARDLAB_BROWSER_POSTGRES="$server" bash crates/boardlab-web/browser-tests/run.sh
