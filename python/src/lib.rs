//! `boardlab._boardlab`: the Python face of boardlab (the package `boardlab` re-exports it).
//!
//! Every error of ours (a bad position, an illegal move, an unknown game, a bad bot spec or
//! record) is raised as `ValueError` with our message; nothing here panics on bad input.

mod dynamic;

use boardlab_ai::AnyBot;
use boardlab_games::{AnyGame, AnyPosition};
use dynamic::OutcomeInfo;
use numpy::{IntoPyArray, PyArray1, PyArray3, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Mutex;

fn value_error(message: String) -> PyErr {
    PyValueError::new_err(message)
}

/// Rule options from Python: `None`, a string of `NAME=VALUE` assignments (separated by
/// spaces or commas), a dict `{name: value}` or a list of `NAME=VALUE` strings.
fn rule_assignments(rules: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(rules) = rules else {
        return Ok(Vec::new());
    };
    if rules.is_none() {
        return Ok(Vec::new());
    }
    if let Ok(text) = rules.extract::<String>() {
        return Ok(text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect());
    }
    if let Ok(dict) = rules.cast::<PyDict>() {
        let mut assignments = Vec::new();
        for (name, value) in dict.iter() {
            let value = match value.extract::<bool>() {
                Ok(flag) => flag.to_string(),
                Err(_) => value.str()?.to_string(),
            };
            assignments.push(format!("{}={value}", name.str()?));
        }
        return Ok(assignments);
    }
    if let Ok(list) = rules.extract::<Vec<String>>() {
        return Ok(list);
    }
    Err(value_error(
        "rules: give a dict {name: value}, a string 'name=value …' or a list of 'name=value'"
            .to_string(),
    ))
}

/// The position of `game` that Python's arguments describe (see `Position`).
fn position_of(
    game: &str,
    text: Option<String>,
    rules: Option<&Bound<'_, PyAny>>,
    board: Option<String>,
    first: Option<u8>,
) -> PyResult<AnyPosition> {
    dynamic::make_position(game, text, rule_assignments(rules)?, board, first).map_err(value_error)
}

/// Our error, raised as `ValueError`.
fn raised(error: impl std::fmt::Display) -> PyErr {
    value_error(error.to_string())
}

/// The ids of the games: `['obsidian', 'daisy', 'sprint', 'parity']`.
#[pyfunction]
fn games() -> Vec<&'static str> {
    boardlab_games::GameId::ALL.iter().map(|g| g.id()).collect()
}

/// How a game ended.
#[pyclass(frozen, module = "boardlab")]
struct Outcome {
    info: OutcomeInfo,
}

#[pymethods]
impl Outcome {
    /// The winner, 1 or 2; `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<u8> {
        self.info.winner
    }

    /// Whether the game was drawn.
    #[getter]
    fn is_draw(&self) -> bool {
        self.info.winner.is_none()
    }

    /// The outcome in words (`White wins: Black has no legal move`).
    #[getter]
    fn reason(&self) -> String {
        self.info.reason.clone()
    }

    /// The result as a record writes it: `1-0`, `0-1` or `1/2-1/2`.
    #[getter]
    fn score(&self) -> &'static str {
        self.info.score
    }

    /// The players' returns: `(1.0, -1.0)`, `(-1.0, 1.0)` or `(0.0, 0.0)`.
    #[getter]
    fn returns(&self) -> (f64, f64) {
        match self.info.winner {
            Some(1) => (1.0, -1.0),
            Some(_) => (-1.0, 1.0),
            None => (0.0, 0.0),
        }
    }

    fn __repr__(&self) -> String {
        format!("Outcome({:?}, {:?})", self.info.score, self.info.reason)
    }

    fn __str__(&self) -> String {
        self.info.reason.clone()
    }
}

fn outcome(position: &AnyPosition, ended: Option<boardlab_core::Outcome>) -> Option<Outcome> {
    ended.map(|ended| Outcome {
        info: dynamic::outcome_info(position, ended),
    })
}

fn observation<'py>(
    py: Python<'py>,
    position: &AnyPosition,
) -> PyResult<Bound<'py, PyArray3<f32>>> {
    position
        .observation()
        .into_pyarray(py)
        .reshape(position.observation_shape())
}

fn action_mask<'py>(
    py: Python<'py>,
    count: usize,
    actions: &[usize],
) -> Bound<'py, PyArray1<bool>> {
    let mut mask = vec![false; count];
    for &action in actions {
        mask[action] = true;
    }
    mask.into_pyarray(py)
}

fn bot_spec(spec: &str) -> PyResult<boardlab_ai::BotSpec> {
    spec.parse()
        .map_err(|e: boardlab_ai::SpecError| value_error(e.to_string()))
}

/// The bot of `spec`, or without one the level the game (of `position`) proposes to people.
fn bot_spec_or_default(
    spec: Option<&str>,
    position: &AnyPosition,
) -> PyResult<boardlab_ai::BotSpec> {
    match spec {
        Some(spec) => bot_spec(spec),
        None => bot_spec(&format!("level:{}", position.levels().default)),
    }
}

/// A position of one of the games: the board, the side to move and the rules. Positions are
/// values: `play` returns a new position and leaves this one as it is. The draw rules that
/// need the game's past (repetition, no progress) are `Game`'s; a position's `outcome` is
/// the rules' own win or loss.
///
/// `Position(game, text=None, rules=None, board=None, first=None)`: the start position of
/// `game` (with `first` to move, for parity: 1 or 2), or the position `text` (SPEC.md), under
/// `rules` (`{'backward_captures': True}` or `'backward_captures=true'`) and, for parity, the
/// board layout `board` (rows of B W R U from the top).
#[pyclass(frozen, module = "boardlab")]
struct Position {
    inner: AnyPosition,
}

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (game, text=None, rules=None, board=None, first=None))]
    fn new(
        game: &str,
        text: Option<String>,
        rules: Option<&Bound<'_, PyAny>>,
        board: Option<String>,
        first: Option<u8>,
    ) -> PyResult<Position> {
        Ok(Position {
            inner: position_of(game, text, rules, board, first)?,
        })
    }

    /// The game id.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game().id()
    }

    /// The game's name (`Obsidian`, a rules file's title).
    #[getter]
    fn title(&self) -> &'static str {
        self.inner.title()
    }

    /// The position's text (SPEC.md).
    #[getter]
    fn text(&self) -> String {
        self.inner.to_string()
    }

    /// The rule options in force, `name=value` separated by spaces.
    #[getter]
    fn rules(&self) -> String {
        self.inner.rules_text()
    }

    /// The player to move: 1 or 2.
    #[getter]
    fn side_to_move(&self) -> u8 {
        self.inner.side_to_move().number()
    }

    /// The Zobrist hash (pieces, reserves, side to move).
    #[getter]
    fn hash(&self) -> u64 {
        self.inner.hash()
    }

    /// Plies since the last capture or other progress move.
    #[getter]
    fn no_progress_plies(&self) -> u32 {
        self.inner.no_progress_plies()
    }

    /// Whether the rules have ended the game (a win; draws are `Game`'s).
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.outcome().is_some()
    }

    /// The legal moves as text, sorted, as `boardlab moves` prints them.
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// The position after `move` (a move text), which must be legal.
    fn play(&self, r#move: &str) -> PyResult<Position> {
        Ok(Position {
            inner: self.inner.play(r#move).map_err(raised)?,
        })
    }

    /// The win or loss the rules have decided, or `None` while the game goes on.
    fn outcome(&self) -> Option<Outcome> {
        outcome(&self.inner, self.inner.outcome())
    }

    /// The number of leaf positions `depth` plies ahead (wins end a line; draws are ignored).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let inner = &self.inner;
        py.detach(|| inner.perft(depth))
    }

    /// `perft(depth - 1)` after each legal move: `{move: count}`.
    fn divide(&self, py: Python<'_>, depth: u32) -> PyResult<Py<PyDict>> {
        let inner = &self.inner;
        let counts = py.detach(|| inner.divide(depth));
        let dict = PyDict::new(py);
        for (mv, count) in counts {
            dict.set_item(mv, count)?;
        }
        Ok(dict.unbind())
    }

    /// The observation tensor, float32, shape `(planes, height, width)`; see
    /// `boardlab.plane_names(game)`.
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<f32>>> {
        observation(py, &self.inner)
    }

    /// The number of actions of this game under these rules.
    #[getter]
    fn action_count(&self) -> usize {
        self.inner.action_count()
    }

    /// The actions of the legal moves, increasing.
    fn legal_actions(&self) -> Vec<usize> {
        self.inner.legal_actions()
    }

    /// A bool array of `action_count` values, true for the legal moves' actions.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        action_mask(py, self.inner.action_count(), &self.inner.legal_actions())
    }

    /// The action of a legal move given as text.
    fn action_of(&self, r#move: &str) -> PyResult<usize> {
        self.inner.action_of(r#move).map_err(raised)
    }

    /// The text of the legal move with this action.
    fn move_of(&self, action: usize) -> PyResult<String> {
        self.inner.move_of(action).map_err(raised)
    }

    /// The position after the legal move with this action.
    fn play_action(&self, action: usize) -> PyResult<Position> {
        Ok(Position {
            inner: self.inner.play_action(action).map_err(raised)?,
        })
    }

    /// The move a bot chooses here: `spec` is a bot spec as the CLI takes it
    /// (`random`, `alphabeta:time=100ms`, `mcts:playouts=1000`, `level:3`); by default the
    /// level the game proposes to people.
    #[pyo3(signature = (spec=None, seed=0))]
    fn best_move(&self, py: Python<'_>, spec: Option<&str>, seed: u64) -> PyResult<String> {
        let spec = bot_spec_or_default(spec, &self.inner)?;
        let game = self.inner.new_game();
        py.detach(|| dynamic::best_move(&game, &spec, seed))
            .map_err(value_error)
    }

    /// A new game (with the draw rules) that starts here.
    fn new_game(&self) -> Game {
        Game {
            inner: self.inner.new_game(),
        }
    }

    /// Positions are values that never change: a copy is the position itself.
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __eq__(&self, other: &Position) -> bool {
        self.inner == other.inner
    }

    fn __hash__(&self) -> u64 {
        self.inner.hash() >> 1
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Position({:?}, {:?})",
            self.inner.game().id(),
            self.inner.to_string()
        )
    }
}

/// A game in progress: its start, the moves played and the position now, with the draw
/// rules (threefold repetition, the no-progress limit) on top of the rules of the position.
/// `play` changes the game in place. Records (SPEC.md) are written by `record` and read by
/// `boardlab.read_record`.
///
/// `Game(game, text=None, rules=None, board=None, first=None)`: as `Position`.
#[pyclass(module = "boardlab")]
struct Game {
    inner: AnyGame,
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (game, text=None, rules=None, board=None, first=None))]
    fn new(
        game: &str,
        text: Option<String>,
        rules: Option<&Bound<'_, PyAny>>,
        board: Option<String>,
        first: Option<u8>,
    ) -> PyResult<Game> {
        Ok(Game {
            inner: position_of(game, text, rules, board, first)?.new_game(),
        })
    }

    /// The game id.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game().id()
    }

    /// The position now.
    #[getter]
    fn position(&self) -> Position {
        Position {
            inner: self.inner.current(),
        }
    }

    /// The position the game started from.
    #[getter]
    fn start(&self) -> Position {
        Position {
            inner: self.inner.start(),
        }
    }

    /// The moves played, as text.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.inner.moves()
    }

    /// The player to move now: 1 or 2.
    #[getter]
    fn side_to_move(&self) -> u8 {
        self.inner.side_to_move().number()
    }

    /// How many times the position now has occurred in this game.
    #[getter]
    fn repetitions(&self) -> usize {
        self.inner.repetitions()
    }

    /// Whether the game has ended (a win, or a draw by the draw rules).
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.outcome().is_some()
    }

    /// How the game has ended (draws included), or `None`.
    fn outcome(&self) -> Option<Outcome> {
        outcome(&self.inner.current(), self.inner.outcome())
    }

    /// The legal moves now, sorted; none once the game is over (draws included).
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// Plays a legal move given as text.
    fn play(&mut self, r#move: &str) -> PyResult<()> {
        self.inner.play(r#move).map(|_| ()).map_err(raised)
    }

    /// Plays the legal move with this action; returns its text.
    fn play_action(&mut self, action: usize) -> PyResult<String> {
        self.inner.play_action(action).map_err(raised)
    }

    /// Takes back the last move; returns it, or `None` at the start.
    fn undo(&mut self) -> Option<String> {
        self.inner.undo()
    }

    /// The actions of the legal moves now, increasing; none once the game is over.
    fn legal_actions(&self) -> Vec<usize> {
        self.inner.legal_actions()
    }

    /// The legal-action mask now (all false once the game is over).
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        action_mask(
            py,
            self.inner.current().action_count(),
            &self.inner.legal_actions(),
        )
    }

    /// The observation tensor of the position now.
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<f32>>> {
        observation(py, &self.inner.current())
    }

    /// The move a bot chooses now (it sees the game's past, for repetitions); by default the
    /// level the game proposes to people.
    #[pyo3(signature = (spec=None, seed=0))]
    fn best_move(&self, py: Python<'_>, spec: Option<&str>, seed: u64) -> PyResult<String> {
        let spec = bot_spec_or_default(spec, &self.inner.current())?;
        let inner = &self.inner;
        py.detach(|| dynamic::best_move(inner, &spec, seed))
            .map_err(value_error)
    }

    /// The game record (SPEC.md): tags, then the numbered moves.
    #[pyo3(signature = (player1="?", player2="?"))]
    fn record(&self, player1: &str, player2: &str) -> String {
        self.inner.record([player1, player2], None)
    }

    /// A copy of the game.
    fn clone(&self) -> Game {
        Game {
            inner: self.inner.clone(),
        }
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    fn __len__(&self) -> usize {
        self.inner.moves().len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Game({:?}, {}, now {:?})",
            self.inner.game().id(),
            boardlab_core::count(self.inner.ply() as u64, "move", "moves"),
            self.inner.current().to_string()
        )
    }
}

/// A bot that keeps what it learns between moves (a transposition table, a search tree):
/// `Bot(game, spec=None, seed=0)` (by default the level the game proposes to people);
/// `bot.choose(game)` gives its move in a `Game`.
#[pyclass(module = "boardlab")]
struct Bot {
    game: &'static str,
    inner: Mutex<AnyBot>,
}

#[pymethods]
impl Bot {
    #[new]
    #[pyo3(signature = (game, spec=None, seed=0))]
    fn new(game: &str, spec: Option<&str>, seed: u64) -> PyResult<Bot> {
        let position = position_of(game, None, None, None, None)?;
        let spec = bot_spec_or_default(spec, &position)?;
        let bot = dynamic::make_bot(&spec, position.game(), seed).map_err(value_error)?;
        Ok(Bot {
            game: bot.game().id(),
            inner: Mutex::new(bot),
        })
    }

    /// The game the bot plays.
    #[getter]
    fn game(&self) -> &'static str {
        self.game
    }

    /// The bot's spec, as records name it.
    #[getter]
    fn name(&self) -> String {
        self.inner.lock().map(|bot| bot.name()).unwrap_or_default()
    }

    /// The move the bot chooses in `game`'s position now.
    fn choose(&self, py: Python<'_>, game: PyRef<'_, Game>) -> PyResult<String> {
        let history = &game.inner;
        let inner = &self.inner;
        py.detach(|| {
            let mut bot = inner
                .lock()
                .map_err(|_| "the bot failed in an earlier move".to_string())?;
            bot.choose(history, None, &mut |_| {})
                .map_err(|e| e.to_string())
        })
        .map_err(value_error)
    }
}

/// Reads one game record (SPEC.md) and replays it, checking every move: a `Game`. `board` is
/// the layout text of a parity game played on another board; `game` the path of the rules
/// file whose game the record is (its `Game` tag names the file's id).
#[pyfunction]
#[pyo3(signature = (text, board=None, game=None))]
fn read_record(text: &str, board: Option<&str>, game: Option<&str>) -> PyResult<Game> {
    let mut games = dynamic::read_records(text, board, game).map_err(value_error)?;
    if games.len() != 1 {
        return Err(value_error(format!(
            "the text holds {} records; read_records reads several",
            games.len()
        )));
    }
    Ok(Game {
        inner: games.remove(0),
    })
}

/// Reads every record of a text (a file of several games): a list of `Game`. `board` and
/// `game` as for `read_record`.
#[pyfunction]
#[pyo3(signature = (text, board=None, game=None))]
fn read_records(text: &str, board: Option<&str>, game: Option<&str>) -> PyResult<Vec<Game>> {
    Ok(dynamic::read_records(text, board, game)
        .map_err(value_error)?
        .into_iter()
        .map(|inner| Game { inner })
        .collect())
}

/// The number of actions of `game` under `rules` (and `board`, for parity).
#[pyfunction]
#[pyo3(signature = (game, rules=None, board=None))]
fn action_count(
    game: &str,
    rules: Option<&Bound<'_, PyAny>>,
    board: Option<String>,
) -> PyResult<usize> {
    Ok(position_of(game, None, rules, board, None)?.action_count())
}

/// The shape `(planes, height, width)` of `game`'s observations.
#[pyfunction]
#[pyo3(signature = (game, rules=None, board=None))]
fn observation_shape(
    game: &str,
    rules: Option<&Bound<'_, PyAny>>,
    board: Option<String>,
) -> PyResult<(usize, usize, usize)> {
    let [planes, height, width] = position_of(game, None, rules, board, None)?.observation_shape();
    Ok((planes, height, width))
}

/// The names of `game`'s observation planes, in order.
#[pyfunction]
fn plane_names(game: &str) -> PyResult<Vec<String>> {
    Ok(position_of(game, None, None, None, None)?.plane_names())
}

/// `game`'s rule options: a list of `(name, default, help)`.
#[pyfunction]
fn rule_options(game: &str) -> PyResult<Vec<(String, String, String)>> {
    Ok(position_of(game, None, None, None, None)?
        .rule_options()
        .iter()
        .map(|o| {
            (
                o.name.to_string(),
                o.default.to_string(),
                o.help.to_string(),
            )
        })
        .collect())
}

/// The most plies a game of `game` can last from its start under `rules` (and `board`, for
/// parity), where the rules bound it; `None` where no bound is known (daisy's drops, rules
/// files, a no-progress rule switched off).
#[pyfunction]
#[pyo3(signature = (game, rules=None, board=None))]
fn longest_game(
    game: &str,
    rules: Option<&Bound<'_, PyAny>>,
    board: Option<String>,
) -> PyResult<Option<u32>> {
    Ok(position_of(game, None, rules, board, None)?.longest_game())
}

/// Whether `game`'s rules draw the first player at random (parity).
#[pyfunction]
fn first_player_drawn(game: &str) -> PyResult<bool> {
    Ok(position_of(game, None, None, None, None)?.first_player_drawn())
}

/// The winners and the lengths of a batch of playouts, as numpy arrays.
type PlayoutArrays<'py> = (Bound<'py, PyArray1<i8>>, Bound<'py, PyArray1<u32>>);

/// Plays `n` games of uniformly random legal moves in Rust and returns two numpy arrays:
/// the winners (int8: 1 or 2; 0 for a draw by the no-progress limit; -1 when a game was cut
/// off at `max_plies`) and the lengths in plies (uint32). The games start from `position`
/// (a text) or the start position; from the start, parity draws its first player at random
/// for each game, as its rules say. Repetition is not tracked. `seed` fixes the games.
#[pyfunction]
#[pyo3(signature = (game, n, seed=0, position=None, rules=None, board=None, max_plies=1000))]
#[allow(clippy::too_many_arguments)]
fn random_playouts<'py>(
    py: Python<'py>,
    game: &str,
    n: usize,
    seed: u64,
    position: Option<String>,
    rules: Option<&Bound<'py, PyAny>>,
    board: Option<String>,
    max_plies: u32,
) -> PyResult<PlayoutArrays<'py>> {
    let draw_first = position.is_none();
    let start = position_of(game, position, rules, board, None)?;
    let playouts = py.detach(|| dynamic::random_playouts(&start, n, seed, max_plies, draw_first));
    Ok((
        playouts.winners.into_pyarray(py),
        playouts.plies.into_pyarray(py),
    ))
}

/// The module `boardlab._boardlab`.
#[pymodule]
fn _boardlab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Position>()?;
    m.add_class::<Game>()?;
    m.add_class::<Bot>()?;
    m.add_class::<Outcome>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(read_record, m)?)?;
    m.add_function(wrap_pyfunction!(read_records, m)?)?;
    m.add_function(wrap_pyfunction!(action_count, m)?)?;
    m.add_function(wrap_pyfunction!(observation_shape, m)?)?;
    m.add_function(wrap_pyfunction!(plane_names, m)?)?;
    m.add_function(wrap_pyfunction!(rule_options, m)?)?;
    m.add_function(wrap_pyfunction!(first_player_drawn, m)?)?;
    m.add_function(wrap_pyfunction!(longest_game, m)?)?;
    m.add_function(wrap_pyfunction!(random_playouts, m)?)?;
    Ok(())
}
