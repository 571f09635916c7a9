#!/usr/bin/env bash
# Builds the fuzz targets of fuzz/ (cargo-fuzz, nightly) and runs each for MINUTES minutes
# (default 1), one after the other, one process at a time; prints the executions of each
# target and the crashes found (their inputs are kept in fuzz/artifacts/TARGET/).
#
#   scripts/fuzz.sh [MINUTES]            every target
#   TARGETS="record layout" scripts/fuzz.sh 5
#   RUNS=10000000 scripts/fuzz.sh        each target until it has run ten million inputs
#                                        (MINUTES, if given too, still caps each target)
#
# Needs `rustup toolchain install nightly` and `cargo install cargo-fuzz`. Not run in CI.
# New inputs the fuzzer finds go to fuzz/corpus/TARGET/ (only the seed-* files are kept in
# git). A crash replays with `cargo +nightly fuzz run TARGET fuzz/artifacts/TARGET/crash-…`
# and shrinks with `cargo +nightly fuzz tmin TARGET fuzz/artifacts/TARGET/crash-…`.
set -euo pipefail

runs_wanted="${RUNS:-}"
if [ -n "$runs_wanted" ] && ! [[ "$runs_wanted" =~ ^[1-9][0-9]*$ ]]; then
    echo "RUNS must be a whole number of executions (e.g. RUNS=10000000), not '$runs_wanted'" >&2
    exit 2
fi
if [ -n "$runs_wanted" ] && [ -z "${1:-}" ]; then
    minutes=0 # no time limit: run until RUNS executions
else
    minutes="${1:-1}"
    if ! [[ "$minutes" =~ ^[0-9]+$ ]] || [ "$minutes" -lt 1 ]; then
        echo "usage: [RUNS=N] $0 [MINUTES] (a whole number of minutes per target, default 1)" >&2
        exit 2
    fi
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
all_targets="position move_text record layout bot_spec rule_options engine_line web_json play rules_file"
targets="${TARGETS:-$all_targets}"
seconds=$((minutes * 60))
logs="$root/fuzz/logs"
mkdir -p "$logs"

cargo +nightly fuzz build -O

crashed=0
summary=""
for target in $targets; do
    limits=(-timeout=10 -print_final_stats=1)
    if [ "$minutes" -gt 0 ]; then
        limits+=(-max_total_time="$seconds")
    fi
    if [ -n "$runs_wanted" ]; then
        limits+=(-runs="$runs_wanted")
    fi
    limit_text="${runs_wanted:+until $runs_wanted executions}"
    if [ "$minutes" -gt 0 ]; then
        limit_text="${limit_text:+$limit_text, }at most $minutes minute(s)"
    fi
    echo "== $target: $limit_text"
    mkdir -p "fuzz/corpus/$target" "fuzz/artifacts/$target"
    log="$logs/$target.log"
    status=0
    cargo +nightly fuzz run -O "$target" -- "${limits[@]}" >"$log" 2>&1 || status=$?
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
echo "== fuzzing summary (${runs_wanted:+$runs_wanted executions, }$minutes minute(s) a target, 0 = no limit; logs in fuzz/logs/)"
printf '%s' "$summary"
exit "$crashed"
