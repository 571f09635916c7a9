"""Shared helpers: where the Rust CLI and the independent perft numbers are, and random
positions reached by random play."""

import os
import pathlib
import random
import shutil

import pytest

import boardlab

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Every game, with Sprint also under its rule option: (game, rules).
VARIANTS = [
    ("obsidian", None),
    ("daisy", None),
    ("sprint", None),
    ("sprint", {"backward_captures": True}),
    ("parity", None),
]


def variant_id(variant):
    game, rules = variant
    return game + ("-backward" if rules else "")


def cli_path():
    """The `boardlab` binary: $BOARDLAB_BIN, or the workspace's build (tests', then release)."""
    given = os.environ.get("BOARDLAB_BIN")
    if given:
        return given
    target = os.environ.get("CARGO_TARGET_DIR") or str(ROOT / "target")
    for profile in ["ci", "release"]:
        candidate = pathlib.Path(target) / profile / "boardlab"
        if candidate.exists():
            return str(candidate)
    return shutil.which("boardlab")


def oracle_dir():
    """The independent perft numbers (shared/oracle beside the repository)."""
    for candidate in [os.environ.get("BOARDLAB_ORACLE"), ROOT.parent / "shared" / "oracle"]:
        if candidate and pathlib.Path(candidate).is_dir():
            return pathlib.Path(candidate)
    return None


@pytest.fixture(scope="session")
def cli():
    path = cli_path()
    if not path:
        pytest.skip("the boardlab binary is not built (cargo build --release)")
    return path


def random_positions(game, rules=None, count=30, seed=0, max_plies=200):
    """Positions reached by random play from the start (parity with either side first),
    including some finished ones."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        first = rng.choice([1, 2]) if game == "parity" else None
        position = boardlab.Position(game, rules=rules, first=first)
        stop = rng.randrange(1, max_plies)
        for _ in range(stop):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.play(rng.choice(moves))
        positions.append(position)
    return positions
