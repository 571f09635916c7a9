#!/usr/bin/env bash
# The load test of a site on several servers (docs/deploy.md), on this machine's loopback:
# nginx in front of N `boardlab serve --workers 0` instances on one PostgreSQL database,
# with `boardlab worker` processes making the bots' moves. Runs three loads, each on a
# fresh database: 1 instance, 3 instances, and 3 instances with one instance and one
# worker SIGKILLed halfway. The figures are in docs/deploy.md ("Measured").
#
#   scripts/loadtest-cluster.sh [postgres://USER@HOST/DB]
#
# The URL names a server where the script may create and drop the database
# boardlab_loadtest (default: postgres://postgres@127.0.0.1/postgres). Needs PostgreSQL's
# client (psql) and nginx; installs Debian's nginx-light where nginx is missing.
# LOADTEST_ARGS adds options to every load (see examples/loadtest/main.rs), e.g.
# LOADTEST_ARGS="--seconds 30".
set -euo pipefail
cd "$(dirname "$0")/.."
admin="${1:-postgres://postgres@127.0.0.1/postgres}"

if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
  apt-get update
  apt-get install -y nginx-light
fi
nginx="$(command -v nginx || echo /usr/sbin/nginx)"

cargo build --release -p boardlab-cli
cargo build --release -p boardlab-web --example loadtest
db="${admin%/*}/boardlab_loadtest"
fresh() {
  psql -q "$admin" -c 'DROP DATABASE IF EXISTS boardlab_loadtest' -c 'CREATE DATABASE boardlab_loadtest'
}
load() {
  fresh
  # shellcheck disable=SC2086
  target/release/examples/loadtest --db "$db" --nginx "$nginx" \
    --clients 100 --watchers 30 --bot-clients 20 --seconds 60 "$@" ${LOADTEST_ARGS:-}
}
echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
status=0
echo "== 1 instance, 2 workers"
load --instances 1 --workers 2 || status=1
echo "== 3 instances, 2 workers"
load --instances 3 --workers 2 || status=1
echo "== 3 instances, 2 workers; the first instance and the first worker SIGKILLed at 30 s"
load --instances 3 --workers 2 --kill-at 30 || status=1
psql -q "$admin" -c 'DROP DATABASE IF EXISTS boardlab_loadtest'
exit $status
