"""Random playouts per second: boardlab's batch API (the games played in Rust), the
one-move-at-a-time Python API, the registered OpenSpiel games, and OpenSpiel's own checkers
for comparison. Run with the package installed: `python python/bench.py` (add `--quick`
for a shorter run). The README's table comes from here."""

import random
import sys
import time

import boardlab

QUICK = "--quick" in sys.argv
SECONDS = 0.5 if QUICK else 3.0


def rate(play_one):
    """Games per second of `play_one()`, over about SECONDS."""
    games, start = 0, time.perf_counter()
    while True:
        play_one()
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= SECONDS:
            return games / elapsed


def batch_rate(game, rules=None):
    n = 2000 if QUICK else 20000
    boardlab.random_playouts(game, 10, rules=rules)
    start = time.perf_counter()
    boardlab.random_playouts(game, n, seed=1, rules=rules)
    return n / (time.perf_counter() - start)


def python_rate(game, rules=None):
    rng = random.Random(1)
    start = boardlab.Position(game, rules=rules)

    def play_one():
        position = start
        for _ in range(1000):
            moves = position.legal_moves()
            # The batch API's end: no move, or the no-progress limit of 100 plies.
            if not moves or position.no_progress_plies >= 100:
                return
            position = position.play(rng.choice(moves))

    return rate(play_one)


def openspiel_rate(name):
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(1)

    def play_one():
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))

    return rate(play_one)


def main():
    try:
        import boardlab.openspiel

        boardlab.openspiel.register()
        have_openspiel = True
    except ImportError:
        have_openspiel = False
    print("| game | batch API (Rust) | Position.play (Python loop) | OpenSpiel state (Python loop) |")
    print("|---|---:|---:|---:|")
    for game, rules, name in [
        ("obsidian", None, "boardlab_obsidian"),
        ("daisy", None, "boardlab_daisy"),
        ("sprint", None, "boardlab_sprint"),
        ("sprint", "backward_captures=true", "boardlab_sprint(backward_captures=True)"),
        ("parity", None, "boardlab_parity"),
    ]:
        label = game + (" (backward captures)" if rules else "")
        spiel = f"{openspiel_rate(name):,.0f}" if have_openspiel else "-"
        print(f"| {label} | {batch_rate(game, rules):,.0f} | {python_rate(game, rules):,.0f} | {spiel} |")
    if have_openspiel:
        # (OpenSpiel's checkers(rows=6,columns=6) starts finished, so only 8x8 is timed.)
        print(f"| OpenSpiel's checkers (8x8) | - | - | {openspiel_rate('checkers'):,.0f} |")


if __name__ == "__main__":
    main()
