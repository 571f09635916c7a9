#!/usr/bin/env bash
# The web crate's tests again with every test server and store on PostgreSQL instead of an
# SQLite file (BOARDLAB_WEB_TESTS_ON=postgres: each test gets a fresh database). They run
# on the server BOARDLAB_TEST_POSTGRES names, else on a throwaway cluster started with
# initdb; with no PostgreSQL at all they fail. .ci/run runs this after the README's tests.
#   scripts/web-tests-postgres.sh [test options, e.g. a test name or --nocapture: each test
#                                  program then runs once, with them]
#
# It runs the test programs that `cargo test --workspace --profile ci` built, as cargo
# would (from the crate's folder, with CARGO_MANIFEST_DIR set), rather than
# `cargo test -p boardlab-web`: built for one package, the dependencies get other features
# than in the workspace's build (cargo unifies features over the packages it builds), so
# that would compile tokio, serde, … and every boardlab crate once more. The workspace build
# below is up to date after the README's tests and compiles nothing. The web crate has no
# doc tests (cargo would compile them).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
start=$(date +%s)

# The web crate's test programs (its library's and binary's unit tests and its integration
# tests), as "KIND PATH" lines from cargo's JSON messages, in the order cargo runs them.
messages=$(cargo test --workspace --profile ci --no-run --message-format=json)
mapfile -t programs < <(python3 -c '
import json, os, sys
manifest = os.path.realpath(sys.argv[1])
for line in sys.stdin:
    try:
        message = json.loads(line)
    except ValueError:
        continue
    if (message.get("reason") == "compiler-artifact"
            and message.get("profile", {}).get("test")
            and message.get("executable")
            and os.path.realpath(message.get("manifest_path", "")) == manifest):
        kind = message["target"]["kind"][0]
        print({"lib": 0, "bin": 1}.get(kind, 2), message["target"]["name"], kind,
              message["executable"])
' "$root/crates/boardlab-web/Cargo.toml" <<<"$messages" | sort | cut -d" " -f3-)
if [ ${#programs[@]} -eq 0 ]; then
  echo "web-tests-postgres: cargo built no test program of boardlab-web" >&2
  exit 1
fi

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
runs=0
failed=()
# Runs a test program as cargo test would, on PostgreSQL, with the arguments given; LABEL
# names the run.
#   run LABEL PROGRAM [ARGUMENT…]
run() {
  local label=$1 program=$2
  shift 2
  runs=$((runs + 1))
  echo "     Running $label ($program)"
  if ! BOARDLAB_WEB_TESTS_ON=postgres BOARDLAB_REQUIRE_POSTGRES=1 \
    CARGO_MANIFEST_DIR="$root/crates/boardlab-web" CARGO_PKG_NAME=boardlab-web \
    "$program" "$@" 2>&1 | tee "$logs/$runs"; then
    failed+=("$label")
  fi
}

cd "$root/crates/boardlab-web"
for line in "${programs[@]}"; do
  kind=${line%% *}
  program=${line#* }
  if [ "$kind" != test ] || [ $# -gt 0 ]; then
    run "$kind $(basename "$program")" "$program" "$@"
    continue
  fi
  # Most integration tests are one program (tests/web/main.rs), a module for each file of
  # tests. The servers a test starts live as long as its process, each holding its
  # connections: on PostgreSQL, all of them in one process would take far more than the 200
  # connections of the throwaway cluster. So each module runs in a process of its own, as
  # when each file was a program; the tests outside any module (a program of one file) run
  # together.
  list=$("$program" --list --format terse)
  mapfile -t tests < <(sed -n 's/: test$//p' <<<"$list")
  mapfile -t modules < <(printf '%s\n' "${tests[@]}" | sed -n 's/::.*//p' | sort -u)
  mapfile -t names < <(printf '%s\n' "${tests[@]}" | grep -v -e '::' -e '^$' || true)
  if [ ${#names[@]} -gt 0 ]; then
    run "test $(basename "$program")" "$program" --exact "${names[@]}"
  fi
  for module in "${modules[@]}"; do
    mapfile -t names < <(printf '%s\n' "${tests[@]}" | grep "^${module}::")
    run "test $(basename "$program"), module $module" "$program" --exact "${names[@]}"
  done
done

totals=$(cat "$logs"/* | python3 -c '
import re, sys
total = [0, 0, 0]
for line in sys.stdin:
    m = re.match(r"test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored", line)
    if m:
        total = [t + int(n) for t, n in zip(total, m.groups())]
print("%d passed, %d failed, %d ignored" % tuple(total))
')
echo "web tests on PostgreSQL: $runs runs of ${#programs[@]} test programs: $totals; ${#failed[@]} runs failed; $(($(date +%s) - start)) s"
if [ ${#failed[@]} -gt 0 ]; then
  printf '  failed: %s\n' "${failed[@]}" >&2
  exit 1
fi
