#!/usr/bin/env bash
# Level calibration: each strength level (`level:N`, the table `boardlab_ai::LEVELS`) against
# the level below it, for every game, with `boardlab match` (colours swapped over seeded
# openings). Prints one summary line per pair: W/D/L, score and Elo with its 95% interval.
# The level table of docs/levels.md comes from this script. Not part of CI.
#
# Knobs (environment variables):
#   GAMES=100            games per pair of levels
#   THREADS=2            games at once
#   GAMES_LIST="obsidian daisy sprint parity"
#   LEVELS="2 3 …"       the upper level of each pair (level N plays level N-1); by default
#                        every level of each game from 2 to its top
#   SEED=1               seed of the openings
#   Openings per game: obsidian random:8, daisy setup:2, sprint random:2, parity random:2
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GAMES="${GAMES:-100}"
THREADS="${THREADS:-2}"
GAMES_LIST="${GAMES_LIST:-obsidian daisy sprint parity}"
LEVELS="${LEVELS:-}"
SEED="${SEED:-1}"

case "${1:-}" in
    -h|--help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    "") ;;
    *) echo "levels.sh: no arguments expected (got '$1'); see levels.sh --help" >&2; exit 2 ;;
esac

echo "Building boardlab (release)"
(cd "$REPO" && cargo build --release --quiet -p boardlab-cli)
BOARDLAB="${CARGO_TARGET_DIR:-$REPO/target}/release/boardlab"

for game in $GAMES_LIST; do
    case "$game" in
        obsidian) openings=random:8 ;;
        daisy) openings=setup:2 ;;
        sprint|parity) openings=random:2 ;;
        *) echo "levels.sh: unknown game '$game'; games are obsidian daisy sprint parity" >&2; exit 2 ;;
    esac
    uppers="$LEVELS"
    if [ -z "$uppers" ]; then
        # The game's number of levels, from the error that lists them.
        count=$("$BOARDLAB" bestmove "$game" 2>&1 | sed -n 's/.*--level 1\.\.\([0-9]*\).*/\1/p')
        uppers=$(seq 2 "$count")
    fi
    for upper in $uppers; do
        lower=$((upper - 1))
        started=$(date +%s)
        summary=$("$BOARDLAB" match "$game" --p1 "level:$upper" --p2 "level:$lower" \
            --games "$GAMES" --threads "$THREADS" --openings "$openings" --seed "$SEED" 2>/dev/null)
        result=$(grep '^Result' <<<"$summary" | sed 's/.*: //')
        elo=$(grep '^Elo difference' <<<"$summary" | sed 's/Elo difference: //')
        echo "$game level $upper vs $lower: $result, Elo $elo ($(( $(date +%s) - started )) s)"
    done
done
