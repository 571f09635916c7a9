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
