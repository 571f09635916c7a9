#!/usr/bin/env bash
# The web crate's tests again with every test server and store on PostgreSQL instead of an
# SQLite file (BOARDLAB_WEB_TESTS_ON=postgres: each test gets a fresh database). They run
# on the server BOARDLAB_TEST_POSTGRES names, else on a throwaway cluster started with
# initdb; with no PostgreSQL at all they fail. .ci/run runs this after the README's tests.
#   scripts/web-tests-postgres.sh [cargo test options, e.g. a test name]
set -euo pipefail
cd "$(dirname "$0")/.."
BOARDLAB_WEB_TESTS_ON=postgres BOARDLAB_REQUIRE_POSTGRES=1 \
  cargo test --profile ci -p boardlab-web "$@"
