#!/usr/bin/env python3
"""How deep our Obsidian search gets against Fairy-Stockfish's, by phase of the game.

Reads positions from a `boardlab datagen obsidian` file, sorts them by the number of pieces
on the board into openings (28 or more), middle games (18 to 27) and endings (17 or fewer),
draws `--per-phase` of each at random (`--seed`), and searches each from an empty table
with both engines for the same time (`--movetime`): ours through `boardlab bestmove`
(`alphabeta:time=…,hash=20`, plus `--ours-extra`), Fairy-Stockfish through UCI (`Hash 16`,
one thread). For each position it prints the depth each completed, its nodes, and the nodes
each needed to the deepest depth both completed; then the mean depths per phase
and the ratio of the nodes summed at those common depths (ours over theirs: how much
bushier our tree is there). Fairy-Stockfish is not told the no-progress count or the
repetitions before a position, as its FEN has no room for them.

    boardlab datagen obsidian --games 8 --bot alphabeta:nodes=20000 --openings random:8 \\
        --seed 9202 --threads 2 --out obs.txt
    scripts/depth-by-phase.py --positions obs.txt --boardlab target/native/release/boardlab

About two engine-searches of `--movetime` a position: 24 positions at 1 s take a minute.
Run it on a quiet machine: both engines are timed.
"""
import argparse
import importlib.util
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_SPEC = importlib.util.spec_from_file_location("relabel_fsf", os.path.join(HERE, "relabel-fsf.py"))
relabel = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(relabel)

# A completed iteration: `info depth N … nodes N …` without a bound or a current move.
INFO = re.compile(r"^info depth (\d+) .*?\bnodes (\d+)")
PHASES = [("openings", 28, 99), ("middle games", 18, 28), ("endings", 0, 18)]


def completed_depths(lines):
    """Nodes by completed depth, read from a search's info lines."""
    nodes = {}
    for line in lines:
        found = INFO.match(line)
        if found and "bound" not in line and "currmove" not in line:
            nodes[int(found.group(1))] = int(found.group(2))
    return nodes


def ours(position, args):
    """Our search of `position` for `--movetime` milliseconds: nodes by completed depth."""
    bot = "alphabeta:time=%dms,hash=20%s" % (args.movetime, args.ours_extra)
    run = subprocess.run(
        [args.boardlab, "bestmove", "obsidian", "--position", position, "--bot", bot],
        capture_output=True, text=True,
    )
    if run.returncode != 0:
        sys.exit("depth-by-phase: boardlab failed on %s: %s" % (position, run.stderr.strip()))
    return completed_depths((run.stdout + run.stderr).splitlines())


def theirs(engine, position, args):
    """Fairy-Stockfish's search of `position`, from an empty table: nodes by completed depth."""
    engine.send("ucinewgame")
    return completed_depths(engine.search(relabel.obsidian_fen(position), movetime_ms=args.movetime))


def pieces(position):
    return sum(letter.isalpha() for letter in position.split()[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", required=True, help="a boardlab datagen obsidian file")
    parser.add_argument("--boardlab", default=os.path.join(HERE, "..", "target", "release", "boardlab"),
                        help="our binary (default target/release/boardlab)")
    parser.add_argument("--ours-extra", default="", help="appended to our bot spec, e.g. ,param.X=V")
    parser.add_argument("--movetime", type=int, default=1000, help="milliseconds a search (default 1000)")
    parser.add_argument("--per-phase", type=int, default=8, help="positions drawn a phase (default 8)")
    parser.add_argument("--seed", type=int, default=5, help="seed of the draw (default 5)")
    parser.add_argument("--engine", default=relabel.DEFAULT_ENGINE, help="Fairy-Stockfish binary")
    parser.add_argument("--ini", default=relabel.DEFAULT_INI, help="boardlab's variant file")
    args = parser.parse_args()
    if args.movetime < 1 or args.per_phase < 1:
        parser.error("--movetime and --per-phase must be at least 1")
    if not os.path.isfile(args.positions):
        parser.error("cannot read the positions file %s" % args.positions)
    for binary, what in [(args.boardlab, "our binary"), (args.engine, "Fairy-Stockfish (scripts/strength.sh builds it)")]:
        if not os.access(binary, os.X_OK):
            parser.error("no %s at %s" % (what, binary))
    positions = []
    with open(args.positions) as source:
        for number, line in enumerate(source, 1):
            position = line.split("|")[0].strip()
            if relabel.obsidian_fen(position) is None:
                print("depth-by-phase: line %d is not an Obsidian position; skipped" % number, file=sys.stderr)
                continue
            positions.append(position)
    if not positions:
        parser.error("no Obsidian positions in %s (lines `placement side plies number | …`)" % args.positions)
    engine = relabel.Engine(args.engine, os.path.abspath(args.ini), 16, "obsidian")
    draw = random.Random(args.seed)
    for name, low, high in PHASES:
        phase = [p for p in positions if low <= pieces(p) < high]
        if not phase:
            print("== %s: no positions" % name)
            continue
        sample = draw.sample(phase, min(args.per_phase, len(phase)))
        depths = [0, 0]
        common_nodes = [0, 0]
        searched = 0
        for position in sample:
            a, b = ours(position, args), theirs(engine, position, args)
            both = set(a) & set(b)
            if not both:
                print("%s: no depth completed by both; skipped" % position)
                continue
            common = max(both)
            searched += 1
            depths[0] += max(a)
            depths[1] += max(b)
            common_nodes[0] += a[common]
            common_nodes[1] += b[common]
            print("%-60s %2d pieces  ours depth %2d %9d nodes  theirs depth %2d %9d  at depth %2d: %9d / %9d"
                  % (position, pieces(position), max(a), a[max(a)], max(b), b[max(b)], common, a[common], b[common]),
                  flush=True)
        if searched == 0:
            continue
        print("== %s (%d of %d): mean depth ours %.1f, theirs %.1f; nodes at the common depths ours / theirs %.2f"
              % (name, searched, len(phase), depths[0] / searched, depths[1] / searched,
                 common_nodes[0] / max(common_nodes[1], 1)), flush=True)
    engine.send("quit")


if __name__ == "__main__":
    main()
