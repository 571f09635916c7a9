#!/usr/bin/env bash
# Builds the fuzz targets of fuzz/ (cargo-fuzz, nightly) and runs each for MINUTES minutes
# (default 1), one after the other, one process at a time; prints the executions of each
# target and the crashes found (their inputs are kept in fuzz/artifacts/TARGET/).
#
#   scripts/fuzz.sh [MINUTES]            every target
#   TARGETS="record layout" scripts/fuzz.sh 5
#
# Needs `rustup toolchain install nightly` and `cargo install cargo-fuzz`. Not run in CI.
# New inputs the fuzzer finds go to fuzz/corpus/TARGET/ (only the seed-* files are kept in
# git). A crash replays with `cargo +nightly fuzz run TARGET fuzz/artifacts/TARGET/crash-…`
# and shrinks with `cargo +nightly fuzz tmin TARGET fuzz/artifacts/TARGET/crash-…`.
set -euo pipefail

minutes="${1:-1}"
if ! [[ "$minutes" =~ ^[0-9]+$ ]] || [ "$minutes" -lt 1 ]; then
    echo "usage: $0 [MINUTES] (a whole number of minutes per target, default 1)" >&2
    exit 2
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
all_targets="position move_text record layout bot_spec rule_options engine_line web_json play"
targets="${TARGETS:-$all_targets}"
seconds=$((minutes * 60))
logs="$root/fuzz/logs"
mkdir -p "$logs"

cargo +nightly fuzz build -O

crashed=0
summary=""
for target in $targets; do
    echo "== $target: $minutes minute(s)"
    mkdir -p "fuzz/corpus/$target" "fuzz/artifacts/$target"
    log="$logs/$target.log"
    status=0
    cargo +nightly fuzz run -O "$target" -- \
        -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
        >"$log" 2>&1 || status=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    if [ -z "$runs" ]; then
        runs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
    fi
    if [ "$status" -eq 0 ]; then
        result="no crash"
    else
        crashed=1
        artifact=$(grep -o 'Test unit written to [^ ]*' "$log" | tail -1 | sed 's/Test unit written to //')
        result="CRASH (exit $status) ${artifact:-see $log}"
        grep -m1 -A3 'panicked at' "$log" || true
    fi
    line=$(printf '%-14s %12s executions  %s' "$target" "${runs:-?}" "$result")
    echo "$line"
    summary+="$line"$'\n'
done

echo
echo "== fuzzing summary ($minutes minute(s) a target; logs in fuzz/logs/)"
printf '%s' "$summary"
exit "$crashed"
