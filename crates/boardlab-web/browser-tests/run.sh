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
# The tests' profile (Cargo.toml): what `cargo test --workspace --profile ci` built already.
(cd "$root" && cargo build --profile ci -p boardlab-web --bin boardlab-web)
export BOARDLAB_WEB_BIN="${BOARDLAB_WEB_BIN:-$target/ci/boardlab-web}"
node --test --test-concurrency=1 tests/
