"""The Python API against the Rust crates: the same moves, counts and outcomes as the CLI,
the independent perft numbers, records, bots and batch playouts."""

import re
import subprocess

import numpy as np
import pytest

import boardlab
from conftest import VARIANTS, oracle_dir, random_positions, variant_id

START = {
    "obsidian": "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1 0 1",
    "daisy": "9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9Habc2d2e2f2g9h] 1 0 1",
    "sprint": "1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 1 0 1",
    "parity": "bbbb/1bb1/4/4/1ww1/wwww 1 0 1",
}


def rule_args(rules):
    return [arg for name, value in (rules or {}).items()
            for arg in ("--rule", f"{name}={str(value).lower()}")]


def test_the_games_and_their_start_positions():
    assert boardlab.games() == ["obsidian", "daisy", "sprint", "parity"]
    for game, text in START.items():
        position = boardlab.Position(game)
        assert position.text == text
        assert position.side_to_move == 1
        assert not position.is_over and position.outcome() is None
        assert boardlab.Position(game, text) == position
        assert boardlab.Position(game, text).hash == position.hash
    assert boardlab.Position("parity", first=2).side_to_move == 2


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_moves_counts_and_outcomes_agree_with_the_cli(cli, variant):
    game, rules = variant
    for position in random_positions(game, rules, count=12, seed=len(game)):
        # perft --depth 2 lists every legal move with the count of its replies.
        run = subprocess.run(
            [cli, "perft", game, "--position", position.text, "--depth", "2", *rule_args(rules)],
            capture_output=True, text=True, check=True,
        )
        lines = [line for line in run.stdout.splitlines()
                 if ": " in line and not line.startswith("Nodes searched")]
        from_cli = {mv: int(count) for mv, count in (line.split(": ") for line in lines)}
        assert position.divide(2) == from_cli, position.text
        assert sorted(from_cli) == position.legal_moves()
        assert position.perft(2) == sum(from_cli.values())
        moves = subprocess.run(
            [cli, "moves", game, "--position", position.text, *rule_args(rules)],
            capture_output=True, text=True, check=True,
        )
        assert moves.stdout.split() == position.legal_moves()
        outcome = position.outcome()
        if outcome is None:
            assert "no legal moves" not in moves.stderr
        else:
            winner = re.search(r"Player (\d) wins", moves.stderr)
            assert winner and int(winner.group(1)) == outcome.winner, moves.stderr


def test_moves_played_agree_with_position_texts():
    # Every position reached by play reads back as the same position, with the same hash.
    for game, rules in VARIANTS:
        for position in random_positions(game, rules, count=10, seed=3):
            again = boardlab.Position(game, position.text, rules=rules)
            assert again == position and again.hash == position.hash
            assert again.legal_moves() == position.legal_moves()


def oracle_rows(game, limit):
    directory = oracle_dir()
    if directory is None:
        pytest.skip("shared/oracle is not beside the repository")
    for line in (directory / f"{game}.perft").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        text, depth, nodes = fields[0], int(fields[1]), int(fields[2])
        rules = fields[3] if len(fields) > 3 and fields[3] else None
        if nodes <= limit:
            yield text, depth, nodes, rules


@pytest.mark.parametrize("game", ["obsidian", "daisy", "sprint", "parity"])
def test_perft_matches_the_independent_numbers(game):
    checked = 0
    for text, depth, nodes, rules in oracle_rows(game, 300_000):
        assert boardlab.Position(game, text, rules=rules).perft(depth) == nodes, (text, depth)
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_actions_are_a_bijection_with_the_legal_moves(variant):
    game, rules = variant
    count = boardlab.action_count(game, rules=rules)
    shape = boardlab.observation_shape(game, rules=rules)
    assert len(boardlab.plane_names(game)) == shape[0]
    for position in random_positions(game, rules, count=25, seed=11):
        assert position.action_count == count
        moves = position.legal_moves()
        actions = position.legal_actions()
        assert actions == sorted(set(actions)) and len(actions) == len(moves)
        assert {position.move_of(a) for a in actions} == set(moves)
        for mv in moves:
            action = position.action_of(mv)
            assert 0 <= action < count and position.move_of(action) == mv
            assert position.play_action(action) == position.play(mv)
        mask = position.legal_action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (count,)
        assert list(np.flatnonzero(mask)) == actions
        observation = position.observation()
        assert observation.dtype == np.float32 and observation.shape == shape


def test_observation_planes():
    start = boardlab.Position("sprint").observation()
    assert start.shape == (3, 6, 6)
    assert start[0, 0, 0] == 1.0 and start[1, 5, 1] == 1.0  # w on a1, b on b6
    assert start[2].min() == 1.0  # Player 1 to move
    daisy = boardlab.Position("daisy").observation()
    names = boardlab.plane_names("daisy")
    assert daisy[names.index("Player 1 reserve H")].max() == 9.0
    assert daisy[names.index("Player 2 reserve a")].max() == 1.0
    parity = boardlab.Position("parity").observation()
    names = boardlab.plane_names("parity")
    red, blue, open_ = (names.index(n) for n in ("red spaces", "blue spaces", "open spaces"))
    # 12 pieces: red spaces open, blue closed.
    assert (parity[open_][parity[red] == 1] == 1).all()
    assert (parity[open_][parity[blue] == 1] == 0).all()


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: boardlab.Position("chess"), "unknown game 'chess'"),
        (lambda: boardlab.Position("sprint", "1b1b1b/b1b1b1/6/6/1w1w1w 1"), "sprint"),
        (lambda: boardlab.Position("obsidian", "garbage"), "obsidian"),
        (lambda: boardlab.Position("obsidian").play("e2e5"), "illegal move 'e2e5'"),
        (lambda: boardlab.Position("sprint").play("zz"), "sprint"),
        (lambda: boardlab.Position("sprint", rules="colour=red"), "unknown"),
        (lambda: boardlab.Position("sprint", rules={"backward_captures": "maybe"}), "maybe"),
        (lambda: boardlab.Position("sprint", rules={"backward_captures ": True}), "space"),
        (lambda: boardlab.Position("sprint", rules="backward_captures =true"), "NAME=VALUE"),
        (lambda: boardlab.Position("sprint", first=2), "Player 1 always moves first"),
        (lambda: boardlab.Position("parity", board="BXW"), "not a space colour"),
        (lambda: boardlab.Position("sprint").best_move("grandmaster"), "unknown bot"),
        (lambda: boardlab.Position("sprint").move_of(100_000), "out of range"),
        (lambda: boardlab.Position("sprint").play_action(0), "not a legal move"),
        (lambda: boardlab.Position("sprint").action_of("a1a2"), "illegal move"),
        (lambda: boardlab.Game("sprint").play("b2b3"), "illegal move"),
        (lambda: boardlab.read_record("[Game \"sprint\"]\n\n1. a1a6 *\n"), "record move 1"),
        (lambda: boardlab.read_record("[Game \"go\"]\n\n*\n"), "unknown game 'go'"),
        (lambda: boardlab.random_playouts("checkers", 10), "unknown game"),
        (lambda: boardlab.Bot("sprint", "alphabeta:depth=x"), "bad value"),
        (lambda: boardlab.observation_shape("nine-men"), "unknown game"),
    ],
)
def test_bad_input_raises_value_error_with_our_message(call, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        call()


def test_a_game_counts_its_moves_in_words():
    game = boardlab.Game("sprint")
    assert "0 moves" in repr(game)
    game.play(boardlab.Position("sprint").legal_moves()[0])
    assert "1 move," in repr(game)


def test_a_finished_position_refuses_moves_and_bots():
    # Sprint: White has reached Black's home rank.
    won = boardlab.Position("sprint", "1w4/6/6/6/3b2/6 2")
    assert won.is_over and won.legal_moves() == [] and won.legal_actions() == []
    assert won.outcome().winner == 1 and won.outcome().returns == (1.0, -1.0)
    with pytest.raises(ValueError, match="the game is over"):
        won.play("d2c1")
    with pytest.raises(ValueError, match="the game is over"):
        won.best_move("random")


def test_a_game_draws_by_repetition_and_undoes():
    game = boardlab.Game("obsidian")
    for _ in range(2):
        for mv in ["b1c3", "b8c6", "c3b1", "c6b8"]:
            game.play(mv)
    outcome = game.outcome()
    assert game.is_over and outcome.is_draw and "three times" in outcome.reason
    assert game.repetitions == 3 and game.legal_moves() == [] and game.legal_actions() == []
    with pytest.raises(ValueError, match="the game is over"):
        game.play("b1c3")
    assert game.undo() == "c6b8" and not game.is_over and len(game) == 7
    # The position alone knows no draw rule.
    assert not game.position.is_over


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_records_round_trip(variant):
    game_id, rules = variant
    import random

    rng = random.Random(5)
    game = boardlab.Game(game_id, rules=rules)
    while not game.is_over and len(game) < 150:
        game.play(rng.choice(game.legal_moves()))
    text = game.record("random", "random")
    assert f'[Game "{game_id}"]' in text
    again = boardlab.read_record(text)
    assert again.moves == game.moves
    assert again.position == game.position
    assert (again.outcome() is None) == (game.outcome() is None)
    if game.outcome():
        assert again.outcome().score == game.outcome().score
    assert len(boardlab.read_records(text + text)) == 2


def test_bots_choose_legal_moves():
    for game in boardlab.games():
        position = boardlab.Position(game)
        for spec in ["random", "alphabeta:depth=2", "mcts:playouts=50"]:
            assert position.best_move(spec, seed=1) in position.legal_moves()
    bot = boardlab.Bot("sprint", "alphabeta:depth=3")
    game = boardlab.Game("sprint")
    while not game.is_over:
        game.play(bot.choose(game))
    assert game.outcome().winner in (1, 2)
    with pytest.raises(ValueError, match="plays sprint, not daisy"):
        bot.choose(boardlab.Game("daisy"))


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_random_playouts_in_bulk(variant):
    game, rules = variant
    winners, plies = boardlab.random_playouts(game, 500, seed=9, rules=rules)
    assert winners.dtype == np.int8 and plies.dtype == np.uint32
    assert winners.shape == plies.shape == (500,)
    assert set(np.unique(winners)) <= {-1, 0, 1, 2}
    assert (plies <= 1000).all() and (plies[winners == -1] == 1000).all()
    again, _ = boardlab.random_playouts(game, 500, seed=9, rules=rules)
    assert (again == winners).all()
    if game == "sprint":
        assert (winners > 0).all() and plies.max() <= 60
    start = boardlab.Position(game, rules=rules).text
    from_text, _ = boardlab.random_playouts(game, 20, seed=1, position=start, rules=rules)
    assert from_text.shape == (20,)


def test_a_rules_file_is_a_game_like_the_others(cli):
    """A rules file's path goes where a game id goes: the same moves and perft as the CLI."""
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[2]
    path = str(root / "rules" / "examples" / "chief-raid.toml")
    position = boardlab.Position(path)
    assert position.game == "chief-raid"
    shown = subprocess.run([cli, "moves", path], capture_output=True, text=True, check=True)
    assert position.legal_moves() == shown.stdout.split()
    after = position.play(position.legal_moves()[0])
    assert after.side_to_move == 2
    with pytest.raises(ValueError, match="cannot read the file"):
        boardlab.Position(str(root / "rules" / "no-such-game.toml"))
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        boardlab.Position("chess")


def test_records_of_a_rules_files_game_read_back_with_its_path():
    import pathlib
    import random

    path = str(pathlib.Path(__file__).resolve().parents[2] / "rules" / "examples" / "drop-obsidian.toml")
    rng = random.Random(3)
    game = boardlab.Game(path)
    while not game.is_over and len(game) < 80:
        game.play(rng.choice(game.legal_moves()))
    text = game.record("random", "random")
    assert '[Game "drop-obsidian"]' in text
    again = boardlab.read_record(text, game=path)
    assert again.moves == game.moves and again.position == game.position
    assert len(boardlab.read_records(text + text, game=path)) == 2
    with pytest.raises(ValueError, match="game=PATH"):
        boardlab.read_record(text)
    other = str(pathlib.Path(path).with_name("camel-obsidian.toml"))
    with pytest.raises(ValueError, match="drop-obsidian"):
        boardlab.read_record(text, game=other)


def test_each_game_knows_how_long_it_can_last():
    """The bound is the game's own: progress moves and the no-progress rule, or none."""
    import pathlib

    assert boardlab.longest_game("obsidian") == 12_927
    assert boardlab.longest_game("obsidian", rules={"no_progress_plies": 50}) == 6_527
    assert boardlab.longest_game("obsidian", rules={"no_progress_plies": 0}) is None
    assert boardlab.longest_game("sprint") == 60
    assert boardlab.longest_game("sprint", rules={"backward_captures": True}) == 93
    assert boardlab.longest_game("parity") == 1_211
    assert boardlab.longest_game("daisy") is None
    path = pathlib.Path(__file__).resolve().parents[2] / "rules" / "obsidian.toml"
    assert boardlab.longest_game(str(path)) is None
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        boardlab.longest_game("chess")


def test_each_game_has_its_title():
    """The title is the game's own, for built-in games and rules files alike."""
    import pathlib

    assert [boardlab.Position(g).title for g in boardlab.games()] == [
        "Obsidian",
        "Daisy",
        "Sprint",
        "Parity",
    ]
    path = pathlib.Path(__file__).resolve().parents[2] / "rules" / "examples" / "sprint-8x8.toml"
    assert boardlab.Position(str(path)).title == "Sprint 8x8"
