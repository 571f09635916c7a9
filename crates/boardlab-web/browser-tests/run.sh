#!/usr/bin/env bash
# Browser tests of boardlab-web in Debian's headless Chromium, driven by playwright-core.
# Installs what they need (chromium, the npm packages), checks the pages' types (tsc),
# builds the server, runs the tests.
# Screenshots go to $SCREENSHOT_DIR (default: browser-tests/out).
set -euo pipefail
# Test files run at once (see the end).
jobs="${BROWSER_TEST_JOBS:-$(nproc)}"
if ! [[ "$jobs" =~ ^[1-9][0-9]*$ ]]; then
  echo "BROWSER_TEST_JOBS must be a whole number of test files at once, 1 or more, not '$jobs'" >&2
  exit 2
fi
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"

if [ ! -x /usr/bin/chromium ]; then
  apt-get update
  apt-get install -y chromium
fi
cd "$here"
npm ci --no-audit --no-fund
# The pages' modules (../static/*.js) checked against their JSDoc types (tsconfig.json):
# a type error fails the run before any test.
npx tsc --noEmit -p tsconfig.json

target="${CARGO_TARGET_DIR:-$root/target}"
# The server as the README's test command builds it (`cargo test --workspace --profile ci`,
# which builds target/ci/boardlab-web for the web crate's own tests): after that command,
# as in .ci/run, this builds nothing. A plain `cargo build -p boardlab-web` would unify
# other features of the dependencies and build the whole tree a second time (3-4 minutes).
(cd "$root" && cargo test --workspace --profile ci --no-run --quiet)
export BOARDLAB_WEB_BIN="${BOARDLAB_WEB_BIN:-$target/ci/boardlab-web}"
# One test file a core at once (each file starts its own server on its own database; node's
# default is one fewer than the cores, a single file at a time on a 2-core machine): on a
# quiet 2-core VM the 82 tests take 166 s this way, 253 s one file at a time, and 185 s
# with three at once. BROWSER_TEST_JOBS overrides it.
node --test --test-concurrency="$jobs" tests/
