#!/usr/bin/env python3
"""Rescore a data file of positions with Fairy-Stockfish's search, for `boardlab tune --data`.

Reads `POSITION | SCORE | RESULT` lines as `boardlab datagen` writes them for Obsidian or
Daisy (`--game`; Obsidian positions translate to Fairy-Stockfish's FEN by swapping the letter
case, Daisy's by spelling out the reserves), asks Fairy-Stockfish for a fixed-depth search of
each position and writes the same lines with its score in place of ours (Player 1's side, in
Fairy-Stockfish's centipawns; a mate counts as +-3000). Lines it cannot read are reported on
standard error and skipped.

Run several at once on parts of the file (`--part I --parts N` takes every N-th line from
line I) and join the outputs. About 16 minutes per million positions at depth 6 on two cores.

    scripts/relabel-fsf.py --data obsidian.txt --out obsidian-fsf.txt --depth 6
    scripts/relabel-fsf.py --game daisy --data daisy.txt --out daisy-fsf.txt --depth 6
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CACHE = os.environ.get("BOARDLAB_CACHE", os.path.expanduser("~/.cache/boardlab"))
DEFAULT_ENGINE = os.path.join(CACHE, "fairy-stockfish-c19b5f6", "src", "stockfish")
DEFAULT_INI = os.path.join(HERE, "..", "..", "shared", "peers", "fairy-stockfish.ini")
MATE = 3000
SCORE = re.compile(r" score (cp|mate) (-?\d+)")


def obsidian_fen(position):
    """Fairy-Stockfish's FEN of one of our Obsidian positions, or None if it is not one."""
    fields = position.split()
    if len(fields) != 4 or fields[1] not in ("1", "2"):
        return None
    placement, side, plies, number = fields
    colour = "w" if side == "1" else "b"
    return "%s %s - - %s %s" % (placement.swapcase(), colour, plies, number)


RESERVE_ITEM = re.compile(r"(\d*)([A-Za-z])")


def daisy_fen(position):
    """Fairy-Stockfish's FEN of one of our Daisy positions (`placement[reserves] side plies
    number`, a count before a reserve letter), or None if it is not one."""
    fields = position.split()
    if len(fields) != 4 or fields[1] not in ("1", "2"):
        return None
    board, side, plies, number = fields
    if not board.endswith("]") or "[" not in board:
        return None
    placement, reserves = board[:-1].split("[", 1)
    if RESERVE_ITEM.sub("", reserves):
        return None
    spelled = "".join(
        letter * (int(count) if count else 1) for count, letter in RESERVE_ITEM.findall(reserves)
    )
    # Fairy-Stockfish wants white's (uppercase) pieces in hand first.
    spelled = "".join(sorted(spelled, key=str.islower))
    colour = "w" if side == "1" else "b"
    return "%s[%s] %s - - %s %s" % (placement, spelled, colour, plies, number)


FEN_OF = {"obsidian": obsidian_fen, "daisy": daisy_fen}


class Engine:
    """A Fairy-Stockfish process set up for one of our games."""

    def __init__(self, path, ini, hash_mb, game):
        self.process = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("setoption name VariantPath value " + ini)
        self.send("setoption name UCI_Variant value " + game)
        self.send("setoption name Hash value %d" % hash_mb)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def search(self, fen, depth=None, movetime_ms=None):
        """The engine's output lines for a search of `fen` to `depth` plies (or of
        `movetime_ms` milliseconds), up to its `bestmove`; `fen` may end with `moves ...` in
        Fairy-Stockfish's notation."""
        self.send("position fen " + fen)
        if movetime_ms is not None:
            self.send("go movetime %d" % movetime_ms)
        else:
            self.send("go depth %d" % depth)
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit("relabel-fsf: the engine ended while searching " + fen)
            lines.append(line.strip())
            if line.startswith("bestmove"):
                return lines

    def score(self, fen, depth=None, movetime_ms=None):
        """The score of a search to `depth` plies (or of `movetime_ms` milliseconds), for the
        side to move; `fen` may end with `moves ...` in Fairy-Stockfish's notation."""
        score = None
        for line in self.search(fen, depth, movetime_ms):
            found = SCORE.search(line)
            if found:
                value = int(found.group(2))
                score = value if found.group(1) == "cp" else (MATE if value > 0 else -MATE)
        return score


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="obsidian", choices=sorted(FEN_OF), help="the game of the data (default obsidian)")
    parser.add_argument("--data", required=True, help="positions from boardlab datagen")
    parser.add_argument("--out", required=True, help="where to write the rescored lines")
    parser.add_argument("--depth", type=int, default=6, help="search depth (default 6)")
    parser.add_argument("--part", type=int, default=0, help="which part of the file (0-based)")
    parser.add_argument("--parts", type=int, default=1, help="how many parts the file is split in")
    parser.add_argument("--limit", type=int, default=None, help="at most this many positions")
    parser.add_argument("--engine", default=DEFAULT_ENGINE, help="Fairy-Stockfish binary")
    parser.add_argument("--ini", default=DEFAULT_INI, help="boardlab's variant file")
    parser.add_argument("--hash", type=int, default=16, help="engine table size in MB")
    args = parser.parse_args()
    if args.parts < 1 or not 0 <= args.part < args.parts:
        parser.error("--part must be from 0 to --parts - 1, and --parts at least 1")
    if not os.path.isfile(args.data) or not os.access(args.data, os.R_OK):
        parser.error("cannot read the data file %s" % args.data)
    out_dir = os.path.dirname(os.path.abspath(args.out))
    if not os.path.isdir(out_dir) or not os.access(out_dir, os.W_OK):
        parser.error("cannot write %s: no writable folder %s" % (args.out, out_dir))
    if not os.access(args.engine, os.X_OK):
        parser.error("no engine at %s (scripts/strength.sh builds it)" % args.engine)
    engine = Engine(args.engine, os.path.abspath(args.ini), args.hash, args.game)
    fen_of = FEN_OF[args.game]
    written = 0
    with open(args.data) as source, open(args.out, "w") as out:
        for number, line in enumerate(source):
            if number % args.parts != args.part:
                continue
            if args.limit is not None and written >= args.limit:
                break
            fields = [field.strip() for field in line.split("|")]
            fen = fen_of(fields[0]) if len(fields) == 3 else None
            if fen is None:
                print("relabel-fsf: line %d is not a %s data line" % (number + 1, args.game), file=sys.stderr)
                continue
            score = engine.score(fen, args.depth)
            if score is None:
                continue
            if fields[0].split()[1] == "2":
                score = -score
            out.write("%s | %d | %s\n" % (fields[0], score, fields[2]))
            written += 1
    engine.send("quit")
    print("%d positions rescored into %s" % (written, args.out), file=sys.stderr)


if __name__ == "__main__":
    main()
