#!/usr/bin/env bash
# Our top level's search against the alphabeta bot of commit a20b4fa (the version issue 11
# was filed against) at equal time, for Sprint and Parity, which Fairy-Stockfish does not play.
#
# Builds that commit (from this repository's history) into an untracked cache folder, with
# scripts/issue-11-engine.patch applied: it adds `boardlab uci GAME`, the old alphabeta bot
# answering UCI lines in one process (the old version has no engine protocol), so that
# today's `boardlab match` plays it through `uci:`. Skipped when the old binary exists.
# Then plays `boardlab match` from random openings, each opening with both colours, and
# prints W/D/L, score, Elo with its 95% interval and each side's time use. In Sprint both
# sides go through the engine door, so that both pay the same small cost of the pipes; in
# Parity ours plays in the process (`alphabeta:time=T,chances=0`, its top level's search),
# because the engine door's full search keeps the game's default chances.
# Not part of CI. See the README section "Strength benchmark".
#
# Knobs (environment variables):
#   GAMES_LIST="sprint parity"   which games
#   TIME=100ms                   time a move for both sides (e.g. 2ms, 10ms, 1s)
#   GAMES=200                    games per game (pairs of colours)
#   THREADS=2                    games at once
#   OPENINGS=random:2  SEED=12   openings and their seed
#   PGN_DIR=<dir>                also write each match's games to <dir>/GAME.pgn
#   BOARDLAB_CACHE=~/.cache/boardlab   where the old version is built
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OLD_COMMIT=a20b4fa
GAMES_LIST="${GAMES_LIST:-sprint parity}"
TIME="${TIME:-100ms}"
GAMES="${GAMES:-200}"
THREADS="${THREADS:-2}"
OPENINGS="${OPENINGS:-random:2}"
SEED="${SEED:-12}"
PGN_DIR="${PGN_DIR:-}"
CACHE="${BOARDLAB_CACHE:-$HOME/.cache/boardlab}"
OLD_DIR="$CACHE/boardlab-$OLD_COMMIT"
OLD_BIN="$OLD_DIR/target/release/boardlab"

if [[ ! -x "$OLD_BIN" ]]; then
    if ! git -C "$REPO" cat-file -e "$OLD_COMMIT^{commit}" 2>/dev/null; then
        echo "error: commit $OLD_COMMIT is not in this repository's history (a shallow clone?); run 'git fetch --unshallow'" >&2
        exit 1
    fi
    echo "building boardlab $OLD_COMMIT with its UCI door into $OLD_DIR (a few minutes, once)" >&2
    rm -rf "$OLD_DIR/src"
    mkdir -p "$OLD_DIR/src"
    git -C "$REPO" archive "$OLD_COMMIT" | tar -x -C "$OLD_DIR/src"
    patch -s -d "$OLD_DIR/src" -p1 <"$REPO/scripts/issue-11-engine.patch"
    (cd "$OLD_DIR/src" && CARGO_TARGET_DIR="$OLD_DIR/target" cargo build --release --quiet -p boardlab-cli)
fi

(cd "$REPO" && cargo build --release --quiet -p boardlab-cli)
NEW_BIN="$REPO/target/release/boardlab"

for game in $GAMES_LIST; do
    # The old binary takes the game as an argument; `uci:` takes a path, so a tiny wrapper.
    wrapper="$OLD_DIR/engine-$game.sh"
    printf '#!/bin/sh\nexec "%s" uci %s\n' "$OLD_BIN" "$game" >"$wrapper"
    chmod +x "$wrapper"
    # Parity's top level plays plain minimax (see the README's level table).
    ours="uci:$NEW_BIN,notation=boardlab,time=$TIME"
    [[ "$game" == parity ]] && ours="alphabeta:time=$TIME,chances=0"
    pgn=()
    [[ -n "$PGN_DIR" ]] && mkdir -p "$PGN_DIR" && pgn=(--pgn "$PGN_DIR/$game.pgn")
    echo "== $game: ours against $OLD_COMMIT, $TIME a move, $GAMES games, $OPENINGS seed $SEED"
    "$NEW_BIN" match "$game" --p1 "$ours" --p2 "uci:$wrapper,notation=boardlab,time=$TIME" \
        --games "$GAMES" --threads "$THREADS" --openings "$OPENINGS" --seed "$SEED" "${pgn[@]}"
done
