#!/usr/bin/env bash
# Browser tests of boardlab-web in Debian's headless Chromium, driven by playwright-core.
# Installs what they need (chromium, the npm packages), checks the pages' types (tsc),
# builds the server, runs the tests.
# Screenshots go to $SCREENSHOT_DIR (default: browser-tests/out).
set -euo pipefail
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
node --test --test-concurrency=1 tests/
