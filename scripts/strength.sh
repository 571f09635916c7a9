#!/usr/bin/env bash
# Strength benchmark: our bot against Fairy-Stockfish at Obsidian and Daisy, at equal time.
#
# Builds Fairy-Stockfish from ../shared/peers/ (the shared folder beside the repo checkout)
# into an untracked cache folder (skipped when its binary exists), builds boardlab in release
# for this machine's processor (as Fairy-Stockfish is built: see PORTABLE below), then plays
# `boardlab match` for each game: Obsidian from random openings, Daisy from openings with
# both A's placed (`setup:K`), each opening played with both colours. Prints
# W/D/L, score, Elo with its 95% interval and each side's mean depth and nodes/s.
# Not part of CI. See the README section "Strength benchmark".
#
# Knobs (environment variables, or the flags in brackets):
#   TIME=100ms            time a move for both sides                [--time]
#   GAMES=200             games per game type (pairs of colours)    [--games]
#   THREADS=1             games at once (1 gives each engine a core) [--threads]
#   GAMES_LIST="obsidian daisy"  which games: obsidian, daisy, or a rules file whose id
#                         Fairy-Stockfish's variant file defines (rules/obsidian.toml: the
#                         generic engine against Fairy-Stockfish's own definition) [--games-list]
#   OURS="alphabeta:time=$TIME,hash=20"  our bot spec (hash=20: a 16 MB table, as
#                         FSF_OPTIONS gives Fairy-Stockfish); `engine` pits Fairy-Stockfish
#                         against itself (training games for `boardlab tune --records`) [--ours]
#   OBSIDIAN_OPENINGS=random:8   DAISY_OPENINGS=setup:2             [--obsidian-openings, --daisy-openings]
#   SEED=1                seed of the openings                      [--seed]
#   FSF_OPTIONS="option.Threads=1,option.Hash=16"  engine options   [--fsf-options]
#   PORTABLE=0            1: play the default build, which runs on any x86-64, instead of
#                         one for this processor (RUSTFLAGS="-C target-cpu=native", in
#                         target/native, as Fairy-Stockfish is built with ARCH=x86-64-bmi2;
#                         about a fifth more nodes a second in Obsidian)  [--portable]
#   BOARDLAB_CACHE=~/.cache/boardlab   where Fairy-Stockfish is built and records are kept
#   BOARDLAB_SHARED=<repo>/../shared   the shared folder with peers/
#   FAIRY_STOCKFISH=<path>             use this engine binary instead of building one
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TIME="${TIME:-100ms}"
GAMES="${GAMES:-200}"
THREADS="${THREADS:-1}"
GAMES_LIST="${GAMES_LIST:-obsidian daisy}"
OURS="${OURS:-}"
OBSIDIAN_OPENINGS="${OBSIDIAN_OPENINGS:-random:8}"
DAISY_OPENINGS="${DAISY_OPENINGS:-setup:2}"
SEED="${SEED:-1}"
FSF_OPTIONS="${FSF_OPTIONS:-option.Threads=1,option.Hash=16}"
CACHE="${BOARDLAB_CACHE:-$HOME/.cache/boardlab}"
SHARED="${BOARDLAB_SHARED:-$REPO/../shared}"
FSF_VERSION="fairy-stockfish-c19b5f6"
PORTABLE="${PORTABLE:-0}"

usage() {
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
}

while [ $# -gt 0 ]; do
    case "$1" in
        --time) TIME="$2"; shift 2 ;;
        --games) GAMES="$2"; shift 2 ;;
        --threads) THREADS="$2"; shift 2 ;;
        --games-list) GAMES_LIST="$2"; shift 2 ;;
        --ours) OURS="$2"; shift 2 ;;
        --obsidian-openings) OBSIDIAN_OPENINGS="$2"; shift 2 ;;
        --daisy-openings) DAISY_OPENINGS="$2"; shift 2 ;;
        --seed) SEED="$2"; shift 2 ;;
        --fsf-options) FSF_OPTIONS="$2"; shift 2 ;;
        --portable) PORTABLE=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "strength.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
OURS="${OURS:-alphabeta:time=$TIME,hash=20}"

# 1. Fairy-Stockfish, built once into the cache.
[ -d "$SHARED" ] && SHARED="$(cd "$SHARED" && pwd)"
INI="$SHARED/peers/fairy-stockfish.ini"
if [ -z "${FAIRY_STOCKFISH:-}" ]; then
    FAIRY_STOCKFISH="$CACHE/$FSF_VERSION/src/stockfish"
    if [ ! -x "$FAIRY_STOCKFISH" ]; then
        TARBALL="$SHARED/peers/$FSF_VERSION.tar.gz"
        [ -f "$TARBALL" ] || { echo "strength.sh: $TARBALL not found (set BOARDLAB_SHARED)" >&2; exit 1; }
        echo "Building Fairy-Stockfish into $CACHE (about 40 s on two cores; log: $CACHE/fsf-build.log)"
        mkdir -p "$CACHE"
        tar -xzf "$TARBALL" -C "$CACHE"
        if ! make -C "$CACHE/$FSF_VERSION/src" -j2 build ARCH=x86-64-bmi2 largeboards=yes all=yes \
                >"$CACHE/fsf-build.log" 2>&1; then
            echo "bmi2 build failed; trying ARCH=x86-64-modern"
            make -C "$CACHE/$FSF_VERSION/src" clean >/dev/null 2>&1 || true
            make -C "$CACHE/$FSF_VERSION/src" -j2 build ARCH=x86-64-modern largeboards=yes all=yes \
                >>"$CACHE/fsf-build.log" 2>&1
        fi
    fi
fi
[ -x "$FAIRY_STOCKFISH" ] || { echo "strength.sh: no engine at $FAIRY_STOCKFISH" >&2; exit 1; }
[ -f "$INI" ] || { echo "strength.sh: $INI not found (set BOARDLAB_SHARED)" >&2; exit 1; }

# 2. boardlab in release: for this processor (in a target folder of its own, so that the
# portable build beside it is not rebuilt), or the portable build.
TARGET="${CARGO_TARGET_DIR:-$REPO/target}"
if [ "$PORTABLE" = 1 ]; then
    echo "Building boardlab (release, any x86-64)"
    (cd "$REPO" && cargo build --release --quiet -p boardlab-cli)
else
    echo "Building boardlab (release, for this processor; --portable for the default build)"
    TARGET="$TARGET/native"
    (cd "$REPO" && CARGO_TARGET_DIR="$TARGET" RUSTFLAGS="${RUSTFLAGS:-} -C target-cpu=native" \
        cargo build --release --quiet -p boardlab-cli)
fi
BOARDLAB="$TARGET/release/boardlab"

# 3. The matches.
FSF_SPEC="uci:$FAIRY_STOCKFISH,variantpath=$INI,$FSF_OPTIONS,time=$TIME"
[ "$OURS" = engine ] && OURS="$FSF_SPEC"
RECORDS="$CACHE/strength-records"
mkdir -p "$RECORDS"
for game in $GAMES_LIST; do
    fsf_spec="$FSF_SPEC"
    case "$game" in
        obsidian) openings="$OBSIDIAN_OPENINGS" ;;
        daisy) openings="$DAISY_OPENINGS" ;;
        *.toml)
            # A rules file: played by the generic engine, spoken to Fairy-Stockfish in its
            # dialect (the variant is the file's id).
            game="$(cd "$REPO" && realpath "$game")"
            case "$(basename "$game")" in
                daisy*) openings="$DAISY_OPENINGS" ;;
                *) openings="$OBSIDIAN_OPENINGS" ;;
            esac
            fsf_spec="$FSF_SPEC,notation=fsf" ;;
        *) echo "strength.sh: '$game' has no Fairy-Stockfish variant; games are obsidian, daisy or rules/obsidian.toml" >&2; exit 2 ;;
    esac
    echo
    echo "== $game: $OURS against Fairy-Stockfish, $TIME a move, $GAMES games, openings $openings =="
    started=$(date +%s)
    records="$RECORDS/$(basename "$game" .toml).pgn"
    "$BOARDLAB" match "$game" --p1 "$OURS" --p2 "$fsf_spec" --games "$GAMES" \
        --threads "$THREADS" --openings "$openings" --seed "$SEED" \
        --pgn "$records"
    echo "($(( $(date +%s) - started )) s; records in $records)"
done
