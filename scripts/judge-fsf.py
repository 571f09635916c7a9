#!/usr/bin/env python3
"""Where a bot lost its Obsidian games, by Fairy-Stockfish's judgement.

Reads a record file of `boardlab match --pgn` (Obsidian games from the start position, as
`scripts/strength.sh` plays them), keeps the games that the side whose bot spec contains
`--side` lost, and has Fairy-Stockfish score the position after every ply (`go movetime`).
For each game it prints that score from the losing side's view every four plies, the first
ply where it fell to -200 and to -500, and the side's moves that lost the most by it; then
the medians over the games. The first `--opening-plies` plies (the random opening) are not
counted among the side's moves. A game already lost at the end of its random opening shows it
at once (ply 8 for `random:8`); a game lost by a blunder shows one large drop; a game lost
by being outplayed shows a slow slide.

    scripts/judge-fsf.py --records ~/.cache/boardlab/strength-records/obsidian.pgn --side alphabeta

About a third of a second a position: 20 lost games of 110 plies take 6 minutes on two
cores (`--jobs 2`, one engine each).
"""
import argparse
import concurrent.futures
import importlib.util
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_SPEC = importlib.util.spec_from_file_location("relabel_fsf", os.path.join(HERE, "relabel-fsf.py"))
relabel = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(relabel)

START = "abcdecba/ffffffff/8/8/8/8/FFFFFFFF/ABCDECBA w - - 0 1"
MOVE = re.compile(r"[a-h][1-8][a-h][1-8]")
TAG = re.compile(r'\[(\w+) "([^"]*)"\]')


def read_games(path):
    """The (tags, moves) of each game of a record file."""
    games = []
    for block in re.split(r"\n\s*\n(?=\[)", open(path).read().strip()):
        tags = dict(TAG.findall(block))
        moves = [token for token in TAG.sub("", block).split() if MOVE.fullmatch(token)]
        games.append((tags, moves))
    return games


def fsf_moves(moves):
    """Our moves in Fairy-Stockfish's notation: an F reaching the far rank says `e`."""
    pawns = {file + rank for file in "abcdefgh" for rank in "27"}
    spelled = []
    for move in moves:
        origin, target = move[:2], move[2:]
        pawn = origin in pawns
        pawns.discard(origin)
        pawns.discard(target)
        if pawn and target[1] in "18":
            move += "e"
        elif pawn:
            pawns.add(target)
        spelled.append(move)
    return spelled


def scores(moves, args):
    """Fairy-Stockfish's score after each ply, ply 0 the start, from Player 1's view."""
    engine = relabel.Engine(args.engine, os.path.abspath(args.ini), args.hash, "obsidian")
    spelled = fsf_moves(moves)
    result = []
    for ply in range(len(spelled) + 1):
        line = START + (" moves " + " ".join(spelled[:ply]) if ply else "")
        score = engine.score(line, movetime_ms=args.movetime) or 0
        result.append(score if ply % 2 == 0 else -score)
    engine.send("quit")
    return result


def first_at_or_below(values, threshold):
    return next((ply for ply, value in enumerate(values) if value <= threshold), None)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", required=True, help="a record file of boardlab match --pgn")
    parser.add_argument("--side", required=True, help="text in the bot spec of the side to judge")
    parser.add_argument("--movetime", type=int, default=300, help="milliseconds a position (default 300)")
    parser.add_argument("--jobs", type=int, default=2, help="engines at once (default 2)")
    parser.add_argument("--worst", type=int, default=3, help="the side's worst moves shown a game")
    parser.add_argument("--opening-plies", type=int, default=8,
                        help="plies of the random opening, not the bot's own (default 8)")
    parser.add_argument("--engine", default=relabel.DEFAULT_ENGINE, help="Fairy-Stockfish binary")
    parser.add_argument("--ini", default=relabel.DEFAULT_INI, help="boardlab's variant file")
    parser.add_argument("--hash", type=int, default=16, help="engine table size in MB")
    args = parser.parse_args()
    if not os.path.isfile(args.records):
        parser.error("cannot read the record file %s" % args.records)
    if not os.access(args.engine, os.X_OK):
        parser.error("no engine at %s (scripts/strength.sh builds it)" % args.engine)
    if args.movetime < 1 or args.jobs < 1:
        parser.error("--movetime and --jobs must be at least 1")

    lost = []
    for tags, moves in read_games(args.records):
        if tags.get("Game", "obsidian") != "obsidian" or "Position" in tags:
            print("judge-fsf: skipping a game that is not Obsidian from the start", file=sys.stderr)
            continue
        first = args.side in tags.get("Player1", "")
        if first == (args.side in tags.get("Player2", "")):
            continue  # the side plays neither or both
        if tags.get("Result") == ("0-1" if first else "1-0"):
            lost.append((tags, moves, first))
    if not lost:
        sys.exit("judge-fsf: no game lost by a side whose spec contains %r" % args.side)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        judged = list(pool.map(lambda game: scores(game[1], args), lost))

    below_200, below_500 = [], []
    for (tags, moves, first), values in zip(lost, judged):
        view = [value if first else -value for value in values]
        own = [ply for ply in range(args.opening_plies, len(moves)) if (ply % 2 == 0) == first]
        worst = sorted(own, key=lambda ply: view[ply + 1] - view[ply])[: args.worst]
        at_200, at_500 = first_at_or_below(view, -200), first_at_or_below(view, -500)
        below_200.append(len(moves) if at_200 is None else at_200)
        below_500.append(len(moves) if at_500 is None else at_500)
        print("%s against %s, %d plies: -200 at ply %s, -500 at ply %s"
              % (tags.get("Player1"), tags.get("Player2"), len(moves), at_200, at_500))
        print("  every 4 plies: " + " ".join(str(value) for value in view[::4]))
        for ply in worst:
            print("  ply %d %s: %d -> %d" % (ply, moves[ply], view[ply], view[ply + 1]))
    print("%d games lost; median ply at -200: %s, at -500: %s"
          % (len(lost), statistics.median(below_200), statistics.median(below_500)))


if __name__ == "__main__":
    main()
