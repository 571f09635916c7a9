//! [`AnyGame`]: a game in progress of any game, with the draw rules of its history.

use super::position::{AnyPosition, PositionObject, describe, no_such_action};
use super::work::{GameWork, run_on_game};
use crate::registry::{GameId, GameVisitor, with_game};
use boardlab_core::record::{GameRecord, RecordError, RecordResult};
use boardlab_core::{
    Encoding, Evaluate, GameHistory, Levels, MoveError, Outcome, Player, Position, RuleError,
    RuleOptions, Setup, SetupError,
};
use std::any::Any;
use std::fmt;

use super::position::ActionError;

/// A game in progress (or finished) of any game: its start, its moves and every position,
/// with the draw rules (repetition, no progress) on top of the position's own.
pub struct AnyGame {
    game: GameId,
    inner: Box<dyn GameObject>,
}

/// Why a game cannot be rebuilt from its setup and moves, or from a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A rule option, the board layout or the start position is refused.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A move does not play.
    #[error("move {ply} ('{text}'): {error}")]
    Move {
        /// Its number, from 1.
        ply: usize,
        /// Its text.
        text: String,
        /// Why it does not play.
        error: MoveError,
    },
    /// A record does not replay.
    #[error(transparent)]
    Record(#[from] RecordError),
}

/// What a history of any type does for [`AnyGame`].
pub(super) trait GameObject: Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn boxed(&self) -> Box<dyn GameObject>;
    fn current(&self) -> &dyn PositionObject;
    fn position(&self, ply: usize) -> Option<&dyn PositionObject>;
    fn ply(&self) -> usize;
    fn moves(&self) -> Vec<String>;
    fn check(&self, text: &str) -> Result<String, MoveError>;
    fn play(&mut self, text: &str) -> Result<String, MoveError>;
    fn play_action(&mut self, action: usize) -> Result<String, ActionError>;
    fn undo(&mut self) -> Option<String>;
    fn truncate(&mut self, ply: usize);
    fn outcome(&self) -> Option<Outcome>;
    fn repetitions(&self) -> usize;
    fn legal_actions(&self) -> Vec<usize>;
    fn record(&self, players: [&str; 2], otherwise: Option<(RecordResult, &str)>) -> String;
}

impl<P: Evaluate + Encoding> GameObject for GameHistory<P> {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn boxed(&self) -> Box<dyn GameObject> {
        Box::new(self.clone())
    }

    fn current(&self) -> &dyn PositionObject {
        GameHistory::<P>::current(self)
    }

    fn position(&self, ply: usize) -> Option<&dyn PositionObject> {
        self.positions().get(ply).map(|p| p as &dyn PositionObject)
    }

    fn ply(&self) -> usize {
        self.moves().len()
    }

    fn moves(&self) -> Vec<String> {
        GameHistory::moves(self)
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    fn check(&self, text: &str) -> Result<String, MoveError> {
        refuse_when_over(self, text)?;
        Ok(GameHistory::current(self).parse_move(text)?.to_string())
    }

    fn play(&mut self, text: &str) -> Result<String, MoveError> {
        refuse_when_over(self, text)?;
        self.play_text(text).map(|mv| mv.to_string())
    }

    fn play_action(&mut self, action: usize) -> Result<String, ActionError> {
        let position = *GameHistory::current(self);
        if let Some(outcome) = GameHistory::outcome(self) {
            return Err(ActionError::GameOver {
                action,
                outcome: describe(&position, outcome),
            });
        }
        let mv = position
            .action_move(action)
            .ok_or_else(|| no_such_action(action, &position))?;
        GameHistory::play(self, mv).map_err(|_| no_such_action(action, &position))?;
        Ok(mv.to_string())
    }

    fn undo(&mut self) -> Option<String> {
        GameHistory::undo(self).map(|mv| mv.to_string())
    }

    fn truncate(&mut self, ply: usize) {
        while GameHistory::moves(self).len() > ply {
            GameHistory::undo(self);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        GameHistory::outcome(self)
    }

    fn repetitions(&self) -> usize {
        GameHistory::repetitions(self)
    }

    fn legal_actions(&self) -> Vec<usize> {
        if GameHistory::outcome(self).is_some() {
            return Vec::new();
        }
        Encoding::legal_actions(GameHistory::current(self))
    }

    fn record(&self, players: [&str; 2], otherwise: Option<(RecordResult, &str)>) -> String {
        let current = GameHistory::current(self);
        let (result, termination) = match (GameHistory::outcome(self), otherwise) {
            (Some(outcome), _) => (
                RecordResult::from_outcome(&outcome),
                describe(current, outcome),
            ),
            (None, Some((result, termination))) => (result, termination.to_string()),
            (None, None) => (RecordResult::Unfinished, "unterminated".to_string()),
        };
        GameRecord::from_history(self, players[0], players[1], result, &termination).to_string()
    }
}

/// The error of a move `text` in a game that has ended (the outcome in the game's words),
/// or nothing while it goes on.
fn refuse_when_over<P: Position>(history: &GameHistory<P>, text: &str) -> Result<(), MoveError> {
    match history.outcome() {
        Some(outcome) => Err(MoveError::Illegal {
            game: history.current().game_id(),
            text: text.trim().to_string(),
            reason: format!(
                "the game is over ({})",
                describe(history.current(), outcome)
            ),
        }),
        None => Ok(()),
    }
}

impl AnyGame {
    /// A game of `game` that starts as `setup` says.
    pub fn new(game: GameId, setup: &Setup) -> Result<AnyGame, SetupError> {
        Ok(AnyPosition::new(game, setup)?.new_game())
    }

    /// A game of `game` that starts as `setup` says, with `moves` (text) played; the error
    /// names the first problem.
    pub fn replay<S: AsRef<str>>(
        game: GameId,
        setup: &Setup,
        moves: &[S],
    ) -> Result<AnyGame, ReplayError> {
        let mut replayed = AnyGame::new(game, setup)?;
        for (index, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            replayed.play(text).map_err(|error| ReplayError::Move {
                ply: index + 1,
                text: text.to_string(),
                error,
            })?;
        }
        Ok(replayed)
    }

    /// The game of a record, replayed and checked (`GameRecord::replay_with`), under the
    /// default rules of `game` with the board layout `board` where one is given.
    pub fn from_record(
        game: GameId,
        record: &GameRecord,
        board: Option<&str>,
    ) -> Result<AnyGame, ReplayError> {
        struct Replay<'a> {
            record: &'a GameRecord,
            board: Option<&'a str>,
        }
        impl GameVisitor for Replay<'_> {
            type Output = Result<Box<dyn GameObject>, ReplayError>;
            fn visit<P: Evaluate + Encoding>(self, game: P::Rules) -> Self::Output {
                let mut base = game;
                if let Some(board) = self.board {
                    base.load_board(board)
                        .map_err(|e: RuleError| ReplayError::Setup(e.into()))?;
                }
                Ok(Box::new(self.record.replay_with::<P>(base)?))
            }
        }
        let inner = with_game(game, Replay { record, board })?;
        Ok(AnyGame { game, inner })
    }

    pub(super) fn from_inner(game: GameId, inner: Box<dyn GameObject>) -> AnyGame {
        AnyGame { game, inner }
    }

    /// Runs `work` on the game's history as its own type.
    pub fn work<W: GameWork>(&self, work: W) -> W::Output {
        run_on_game(self.game, self.inner.as_any(), work)
    }

    /// The game.
    pub fn game(&self) -> GameId {
        self.game
    }

    /// The game's strength levels.
    pub fn levels(&self) -> Levels {
        self.inner.current().levels()
    }

    /// The number of moves played.
    pub fn ply(&self) -> usize {
        self.inner.ply()
    }

    /// The position now.
    pub fn current(&self) -> AnyPosition {
        AnyPosition::from_inner(self.game, self.inner.current().boxed())
    }

    /// The position the game started from.
    pub fn start(&self) -> AnyPosition {
        self.position(0).expect("a game holds its start")
    }

    /// The position after `ply` moves, or `None` past the end.
    pub fn position(&self, ply: usize) -> Option<AnyPosition> {
        let position = self.inner.position(ply)?;
        Some(AnyPosition::from_inner(self.game, position.boxed()))
    }

    /// The player to move now.
    pub fn side_to_move(&self) -> Player {
        self.inner.current().side_to_move()
    }

    /// The player who moved first (Parity draws it).
    pub fn first_to_move(&self) -> Player {
        self.inner
            .position(0)
            .expect("a game holds its start")
            .side_to_move()
    }

    /// Why some pieces may not move now (a compulsory capture), if a rule says so.
    pub fn restriction(&self) -> Option<&'static str> {
        self.inner.current().restriction()
    }

    /// What the game's rules call `player` in words (`White (Player 1)`), as outcomes say it.
    pub fn player_name(&self, player: Player) -> &'static str {
        self.inner.current().player_name(player)
    }

    /// What the game's screens call `player` (its presentation's side names).
    pub fn side_name(&self, player: Player) -> &'static str {
        self.inner.current().side_name(player)
    }

    /// An outcome in the game's own words, with its names for the players.
    pub fn describe(&self, outcome: Outcome) -> String {
        outcome.describe(|p| self.player_name(p))
    }

    /// The moves played, as text.
    pub fn moves(&self) -> Vec<String> {
        self.inner.moves()
    }

    /// Reads `text` as a move in the current position and returns its canonical text,
    /// without playing it; the error says why it is not a legal move (or that the game is
    /// over).
    pub fn check(&self, text: &str) -> Result<String, MoveError> {
        self.inner.check(text)
    }

    /// Plays the move `text`; returns its canonical text.
    pub fn play(&mut self, text: &str) -> Result<String, MoveError> {
        self.inner.play(text)
    }

    /// Plays the move numbered `action` in the game's action space; returns its text.
    pub fn play_action(&mut self, action: usize) -> Result<String, ActionError> {
        self.inner.play_action(action)
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<String> {
        self.inner.undo()
    }

    /// The game as it stood after `ply` moves, or `None` past the end.
    pub fn truncated(&self, ply: usize) -> Option<AnyGame> {
        if ply > self.ply() {
            return None;
        }
        let mut inner = self.inner.boxed();
        inner.truncate(ply);
        Some(AnyGame::from_inner(self.game, inner))
    }

    /// How the game has ended (the position's rules, then repetition and no progress), or
    /// `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }

    /// How many times the current position has occurred (at least 1).
    pub fn repetitions(&self) -> usize {
        self.inner.repetitions()
    }

    /// The legal moves now, as text (none once the game is over).
    pub fn legal_moves(&self) -> Vec<String> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.inner.current().legal_moves()
    }

    /// The legal moves now as action numbers (none once the game is over).
    pub fn legal_actions(&self) -> Vec<usize> {
        self.inner.legal_actions()
    }

    /// The game's record (SPEC.md) with the players' names. Where the rules have not ended
    /// the game, `otherwise` gives the result and the termination (a resignation, a flag);
    /// without it the record is unfinished.
    pub fn record(&self, players: [&str; 2], otherwise: Option<(RecordResult, &str)>) -> String {
        self.inner.record(players, otherwise)
    }
}

impl Clone for AnyGame {
    fn clone(&self) -> Self {
        AnyGame::from_inner(self.game, self.inner.boxed())
    }
}

impl fmt::Debug for AnyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AnyGame({}: {:?})", self.game, self.inner.moves())
    }
}
