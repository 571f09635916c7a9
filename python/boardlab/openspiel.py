"""The four boardlab games, and games from rules files, as OpenSpiel Python games.

>>> import boardlab.openspiel, pyspiel
>>> boardlab.openspiel.register()
>>> game = pyspiel.load_game("boardlab_sprint(backward_captures=True)")

``register()`` registers ``boardlab_obsidian``, ``boardlab_daisy``, ``boardlab_sprint`` and
``boardlab_parity``; ``register_file("my.toml")`` registers the game of a rules file as
``boardlab_`` + its id (dashes become underscores). All are two-player, zero-sum, perfect-information, sequential games with the
whole result at the end (+1 win, -1 loss, 0 draw). Player 0 is our Player 1 and player 1
our Player 2. A state holds a ``boardlab.Game``, so the rules, the draw rules (threefold
repetition, 100 plies without progress) and every move are the Rust crates'.

Actions are the games' fixed action indices (``boardlab.action_count``), observations their
observation tensors (``boardlab.observation_shape``, ``boardlab.plane_names``): the same for
both players, as the games have no hidden information.

How each game ends, and its ``max_game_length`` (the game's own bound,
``boardlab.longest_game``, where its rules give one):

- obsidian: 12,927 plies, a true bound under the rules: at most 127 progress moves (16
  pawns of 6 steps each, 31 captures) and at most 100 plies without progress around each.
- daisy: no bound exists (captured pieces are dropped again, for ever), so the game
  parameter ``max_plies`` (default 2000; random games last about 130 plies, the longest of
  20,000 reached about 1,000) caps it: a game that reaches it ends as a draw.
- sprint: 60 plies, a true bound: every move advances a piece, 12 pieces by at most 5
  ranks each. The game parameter ``backward_captures`` (default False) is the rule option;
  with it, 93 plies (a backward capture gives its piece two ranks back, at most 11 times).
- parity: 1,212 actions, a true bound: at most 11 captures and at most 100 plies without
  progress around each, plus the chance move below. The rules draw the first player at
  random: the first state is a chance node with two outcomes (0: Player 1 moves first,
  1: Player 2 moves first), each with probability 1/2; the game parameter ``first_player``
  (0 = drawn, the default; 1 or 2) fixes it instead.
- a rules file: the game parameter ``max_plies`` (default 2000) caps it as Daisy's (a
  game that reaches it ends as a draw), as no bound is known for a game nobody analysed;
  where the file draws the first player (``first = "random"``), a chance node and the
  parameter ``first_player`` as Parity's.
"""

import numpy as np
import pyspiel

import boardlab

_DAISY_DEFAULT_CAP = 2_000


def _short_name(key):
    return "boardlab_" + key


# The rule options that are draw rules: OpenSpiel games keep the defaults (a game's length
# bound counts on them).
_DRAW_RULES = ("threefold_repetition", "no_progress_plies")


def _parameters_of(source, max_plies=_DAISY_DEFAULT_CAP):
    """A game's OpenSpiel parameters, from what boardlab says of it: each rule option that
    changes the game (a boolean; the draw rules aside), ``first_player`` where the rules draw
    the first player, ``max_plies`` where no bound on the game's length is known."""
    parameters = {}
    for name, default, _help in boardlab.rule_options(source):
        if name not in _DRAW_RULES and default in ("true", "false"):
            parameters[name] = default == "true"
    if boardlab.first_player_drawn(source):
        parameters["first_player"] = 0
    if boardlab.longest_game(source) is None:
        parameters["max_plies"] = int(max_plies)
    return parameters


# Each registered game by its key (the short name without "boardlab_"): what boardlab calls
# it (a built-in id or a rules file's path), its parameters and its long name.
_SOURCES = {game_id: game_id for game_id in boardlab.games()}
_PARAMETERS = {key: _parameters_of(source) for key, source in _SOURCES.items()}
# Long names: a game's own title, and for a rules file its path.
_LONG_NAMES = {
    key: f"boardlab {boardlab.Position(source).title}" for key, source in _SOURCES.items()
}


def _first_player(params):
    first = int(params["first_player"])
    if first not in (0, 1, 2):
        raise ValueError(
            f"first_player: {first} is not a choice; use 0 (drawn at random), 1 or 2"
        )
    return first


def _cap(params):
    cap = int(params["max_plies"])
    if cap < 1:
        raise ValueError(f"max_plies: {cap} is not a number of plies; give 1 or more")
    return cap


def _game_facts(key, params):
    """(rules, max_game_length, cap on plies or None, whether chance draws the first player).

    The game's own bound (``boardlab.longest_game``) where its rules give one, else the
    ``max_plies`` parameter caps it; a chance node where the first player is drawn adds one.
    """
    options = [name for name in _PARAMETERS[key] if name not in ("first_player", "max_plies")]
    rules = {name: bool(params[name]) for name in options} or None
    drawn = "first_player" in params and _first_player(params) == 0
    longest = boardlab.longest_game(_SOURCES[key], rules=rules)
    cap = _cap(params) if longest is None else None
    length = longest if longest is not None else cap
    return rules, length + (1 if drawn else 0), cap, drawn


def _game_type(key):
    chance = (
        pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        if "first_player" in _PARAMETERS[key]
        else pyspiel.GameType.ChanceMode.DETERMINISTIC
    )
    return pyspiel.GameType(
        short_name=_short_name(key),
        long_name=_LONG_NAMES.get(key, f"boardlab {key}"),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_PARAMETERS[key]),
    )


class BoardlabGame(pyspiel.Game):
    """One boardlab game; the subclasses below name which."""

    key = None

    def __init__(self, params=None):
        merged = dict(_PARAMETERS[self.key])
        merged.update(params or {})
        rules, max_length, cap, drawn_first = _game_facts(self.key, merged)
        info = pyspiel.GameInfo(
            num_distinct_actions=boardlab.action_count(_SOURCES[self.key], rules=rules),
            max_chance_outcomes=2 if drawn_first else 0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_length,
        )
        super().__init__(_game_type(self.key), info, merged)

    def new_initial_state(self):
        return BoardlabState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (
            iig_obs_type.public_info and not iig_obs_type.perfect_recall
        ):
            return BoardObserver(_facts(self), params)
        from open_spiel.python.observation import IIGObserverForPublicInfoGame

        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class _Facts:
    """What a state needs to know of its game, from the game's parameters. (A pyspiel game
    object that reaches Python again may be a new wrapper without the attributes set on
    it, so nothing is kept on the game object.)"""

    def __init__(self, key, params):
        self.source = _SOURCES[key]
        merged = dict(_PARAMETERS[key])
        merged.update(params)
        self.rules, _, self.cap, self.drawn_first = _game_facts(key, merged)
        self.first_player = int(merged.get("first_player", 1)) or None
        self.chooses_first = "first_player" in merged
        self.shape = tuple(boardlab.observation_shape(self.source, rules=self.rules))
        self.side_plane = boardlab.plane_names(self.source).index("Player 1 to move")

    def new_boardlab_game(self, first=None):
        """A ``boardlab.Game`` at the start, with ``first`` to move where the rules draw it."""
        if self.chooses_first:
            first = first or self.first_player or 1
            return boardlab.Game(self.source, rules=self.rules, first=first)
        return boardlab.Game(self.source, rules=self.rules)


_FACTS = {}


def _facts(game):
    """The facts of a pyspiel game object of ours (cached by name and parameters)."""
    key = game.get_type().short_name[len("boardlab_"):]
    params = game.get_parameters()
    cached = (key, tuple(sorted(params.items())))
    if cached not in _FACTS:
        _FACTS[cached] = _Facts(key, params)
    return _FACTS[cached]


class BoardlabState(pyspiel.State):
    """A state: a ``boardlab.Game`` (``None`` while parity's first player is to be drawn)."""

    def __init__(self, game):
        super().__init__(game)
        self._spec = _facts(game)
        self.game = None if self._spec.drawn_first else self._spec.new_boardlab_game()
        self._capped = False

    def current_player(self):
        if self.game is None:
            return pyspiel.PlayerId.CHANCE
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.game.side_to_move - 1

    def _legal_actions(self, player):
        if self.game is None or self.is_terminal():
            return []
        return self.game.legal_actions()

    def chance_outcomes(self):
        if self.game is None:
            return [(0, 0.5), (1, 0.5)]
        return []

    def _apply_action(self, action):
        if self.game is None:
            self.game = self._spec.new_boardlab_game(first=int(action) + 1)
            return
        self.game.play_action(int(action))
        cap = self._spec.cap
        if cap is not None and len(self.game) >= cap and not self.game.is_over:
            self._capped = True

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"Player {int(action) + 1} moves first"
        try:
            return self.game.position.move_of(int(action))
        except ValueError:
            return f"action {int(action)}"

    def is_terminal(self):
        return self.game is not None and (self._capped or self.game.is_over)

    def returns(self):
        if self.game is None or self._capped:
            return [0.0, 0.0]
        outcome = self.game.outcome()
        return list(outcome.returns) if outcome is not None else [0.0, 0.0]

    def outcome_text(self):
        """How the game ended, in words, or ``None`` while it goes on."""
        if self._capped:
            return f"draw: the cap of {self._spec.cap} plies was reached"
        outcome = None if self.game is None else self.game.outcome()
        return None if outcome is None else outcome.reason

    def __str__(self):
        if self.game is None:
            return "the first player is to be drawn"
        return self.game.position.text


class BoardObserver:
    """The observation tensor of a position (``Position.observation``), the same for both
    players; before parity's first player is drawn, the start position with the
    side-to-move plane empty."""

    def __init__(self, game, params):
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        self._game = game
        self.tensor = np.zeros(int(np.prod(game.shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, game.shape)}

    def set_from(self, state, player):
        del player
        if state.game is None:
            values = self._game.new_boardlab_game(first=1).observation()
            values[self._game.side_plane] = 0.0
        else:
            values = state.game.observation()
        self.tensor[:] = values.reshape(-1)

    def string_from(self, state, player):
        del player
        return str(state)


class BoardlabBot(pyspiel.Bot):
    """A boardlab bot (a spec as the CLI takes it: ``random``, ``alphabeta:time=100ms``,
    ``level:3``) playing in a registered boardlab game."""

    def __init__(self, game, spec="random", seed=0):
        pyspiel.Bot.__init__(self)
        self._bot = boardlab.Bot(_facts(game).source, spec, seed)

    def restart_at(self, state):
        pass

    def inform_action(self, state, player_id, action):
        pass

    def step(self, state):
        game = state.game
        return game.position.action_of(self._bot.choose(game))


def _game_class(key):
    name = "".join(part.capitalize() for part in key.split("_"))
    return type("Boardlab" + name + "Game", (BoardlabGame,), {"key": key})


GAME_CLASSES = {game_id: _game_class(game_id) for game_id in boardlab.games()}
_registered = False


def register():
    """Registers the four games with OpenSpiel (once; later calls do nothing). Returns the
    short names: ``boardlab_obsidian``, ``boardlab_daisy``, ``boardlab_sprint``,
    ``boardlab_parity``."""
    global _registered
    if not _registered:
        for key, cls in GAME_CLASSES.items():
            pyspiel.register_game(_game_type(key), cls)
        _registered = True
    return [_short_name(key) for key in GAME_CLASSES]


def register_file(path, max_plies=_DAISY_DEFAULT_CAP):
    """Registers the game of the rules file at ``path`` with OpenSpiel and returns its short
    name, ``boardlab_`` + the file's id with dashes as underscores (``max_plies`` is the
    default of its ``max_plies`` parameter). A bad file raises ``ValueError`` with the
    file's line and column; registering the same file again returns the name it has; a
    different file with that id, or a built-in game's id, raises ``ValueError``."""
    path = str(path)
    _cap({"max_plies": int(max_plies)})
    game_id = boardlab.Position(path).game
    key = game_id.replace("-", "_")
    if _SOURCES.get(key) == path:
        return _short_name(key)
    if key in _SOURCES:
        raise ValueError(
            f"{path}: the id {game_id!r} is already registered for {_SOURCES[key]!r}; "
            "give the file another id"
        )
    _SOURCES[key] = path
    _PARAMETERS[key] = _parameters_of(path, max_plies)
    _LONG_NAMES[key] = f"boardlab {boardlab.Position(path).title} (rules file {path})"
    pyspiel.register_game(_game_type(key), _game_class(key))
    return _short_name(key)
