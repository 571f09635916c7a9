"""The games registered in OpenSpiel: its API test, its MCTS bot against boardlab's random
bot in complete games, and evaluate_bots."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import boardlab  # noqa: E402
import boardlab.openspiel  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402

NAMES = [
    "boardlab_obsidian",
    "boardlab_daisy",
    "boardlab_sprint",
    "boardlab_sprint(backward_captures=True)",
    "boardlab_parity",
]


@pytest.fixture(scope="module", autouse=True)
def registered():
    assert boardlab.openspiel.register() == [
        "boardlab_obsidian", "boardlab_daisy", "boardlab_sprint", "boardlab_parity"]
    boardlab.openspiel.register()  # a second call does nothing


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test_passes(name):
    game = pyspiel.load_game(name)
    sims = 2 if "daisy" in name or "parity" in name else 5
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def test_game_facts():
    sprint = pyspiel.load_game("boardlab_sprint")
    assert sprint.num_distinct_actions() == 360 and sprint.max_game_length() == 60
    backward = pyspiel.load_game("boardlab_sprint(backward_captures=True)")
    assert backward.num_distinct_actions() == boardlab.action_count(
        "sprint", rules="backward_captures=true")
    assert pyspiel.load_game("boardlab_obsidian").observation_tensor_shape() == [13, 8, 8]
    assert pyspiel.load_game("boardlab_daisy").max_game_length() == 2000
    parity = pyspiel.load_game("boardlab_parity")
    assert parity.new_initial_state().is_chance_node()
    fixed = pyspiel.load_game("boardlab_parity(first_player=2)")
    assert fixed.new_initial_state().current_player() == 1


def test_states_speak_our_moves_and_observations():
    game = pyspiel.load_game("boardlab_sprint")
    state = game.new_initial_state()
    position = boardlab.Position("sprint")
    strings = sorted(state.action_to_string(a) for a in state.legal_actions())
    assert strings == position.legal_moves()
    state.apply_action(position.action_of("b2a3"))
    position = position.play("b2a3")
    assert str(state) == position.text and state.current_player() == 1
    assert np.array_equal(np.asarray(state.observation_tensor()),
                          position.observation().reshape(-1))
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert str(state) == position.text  # the clone is independent


def test_the_daisy_cap_draws():
    game = pyspiel.load_game("boardlab_daisy(max_plies=6)")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])  # drops of H: no capture can end it
    assert len(state.history()) == 6 and state.returns() == [0.0, 0.0]
    assert "cap of 6 plies" in state.outcome_text()


@pytest.mark.parametrize("name", NAMES)
def test_mcts_plays_complete_games_against_boardlab_random(name):
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(7)
    long_game = "sprint" not in name
    seats = [0] if long_game else [0, 1]
    for seat in seats:
        searcher = mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=8 if long_game else 30,
            evaluator=mcts.RandomRolloutEvaluator(1, rng),
            random_state=rng,
        )
        opponent = boardlab.openspiel.BoardlabBot(game, "random", seed=seat)
        bots = [searcher, opponent] if seat == 0 else [opponent, searcher]
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, rng)
        assert state.is_terminal()
        assert sum(returns) == 0 and returns[0] in (-1.0, 0.0, 1.0)
        assert state.outcome_text()
        assert len(state.history()) <= game.max_game_length()


def test_evaluate_bots_between_boardlab_bots():
    game = pyspiel.load_game("boardlab_sprint")
    rng = np.random.RandomState(1)
    bots = [boardlab.openspiel.BoardlabBot(game, "alphabeta:depth=3"),
            boardlab.openspiel.BoardlabBot(game, "random", seed=2)]
    totals = np.zeros(2)
    for _ in range(4):
        totals += evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert totals.sum() == 0 and totals[0] > 0


def _rules_path(*parts):
    import pathlib

    return str(pathlib.Path(__file__).resolve().parents[2].joinpath("rules", *parts))


def test_a_rules_file_registers_and_plays():
    path = _rules_path("examples", "camel-obsidian.toml")
    name = boardlab.openspiel.register_file(path, max_plies=300)
    assert name == "boardlab_camel_obsidian"
    assert boardlab.openspiel.register_file(path, max_plies=300) == name  # again: the same
    game = pyspiel.load_game(name)
    assert game.num_distinct_actions() == boardlab.action_count(path)
    assert game.max_game_length() == 300
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    title = boardlab.Position(path).title
    assert game.get_type().long_name == f"boardlab {title} (rules file {path})"
    assert pyspiel.load_game("boardlab_obsidian").get_type().long_name == "boardlab Obsidian"
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    state = game.new_initial_state()
    assert str(state) == boardlab.Position(path).text
    bots = [boardlab.openspiel.BoardlabBot(game, "alphabeta:depth=2"),
            boardlab.openspiel.BoardlabBot(game, "random", seed=3)]
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(2))
    assert state.is_terminal() and sum(returns) == 0 and state.outcome_text()
    capped = pyspiel.load_game(name + "(max_plies=4)")
    state = capped.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 4 and state.returns() == [0.0, 0.0]


def test_a_rules_file_that_draws_the_first_player_starts_with_chance():
    path = _rules_path("examples", "parity-5x5.toml")
    name = boardlab.openspiel.register_file(path)
    game = pyspiel.load_game(name)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    state.apply_action(1)
    assert state.current_player() == 1  # Player 2 moves first
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    fixed = pyspiel.load_game(name + "(first_player=1)")
    assert fixed.new_initial_state().current_player() == 0


def test_bad_rules_files_are_refused_with_their_reason(tmp_path):
    with pytest.raises(ValueError, match="already registered"):
        boardlab.openspiel.register_file(_rules_path("obsidian.toml"))
    bad = tmp_path / "bad.toml"
    bad.write_text('id = "bad"\ntitle = 3\n')
    with pytest.raises(ValueError, match=r"bad\.toml:2:9: title must be a string"):
        boardlab.openspiel.register_file(str(bad))
    with pytest.raises(ValueError, match="max_plies"):
        boardlab.openspiel.register_file(_rules_path("examples", "chief-raid.toml"), max_plies=0)
