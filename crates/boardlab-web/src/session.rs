//! A live game of any kind behind one object-safe trait, built from its stored parts.

use crate::bot;
use crate::memory::SolverMemory;
use crate::record::{self, RecordTags};
use crate::view::{self, View};
use boardlab_core::{Evaluate, GameHistory, Levels, MoveError, Outcome, Player};
use boardlab_games::{GameId, GameVisitor, with_game};
use std::sync::Arc;
use std::time::Duration;

/// What a stored game is made from: the game, its rule options, who moved first and the moves.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// Which game.
    pub game: GameId,
    /// Its rules, board and start.
    pub setup: boardlab_core::Setup,
}

/// One game in progress or finished, whatever its type: the operations the server needs.
pub trait Session: Send + Sync {
    /// The number of moves played.
    fn ply(&self) -> usize;
    /// The player to move now.
    fn side_to_move(&self) -> Player;
    /// The player who moved first (Parity draws it).
    fn first_to_move(&self) -> Player;
    /// Why some pieces may not move now (a compulsory capture), if a rule says so.
    fn restriction(&self) -> Option<&'static str>;
    /// The outcome the rules (and draw rules) have decided, if any.
    fn outcome(&self) -> Option<Outcome>;
    /// What a player is called on screen (the game's presentation).
    fn player_name(&self, player: Player) -> &'static str;
    /// The game's strength levels.
    fn levels(&self) -> Levels;
    /// Reads `text` as a move in the current position and returns its canonical text,
    /// without playing it; the error says why it is not a legal move.
    fn check(&self, text: &str) -> Result<String, MoveError>;
    /// Plays a move returned by [`check`](Session::check) (or a stored move).
    fn apply(&mut self, text: &str) -> Result<(), MoveError>;
    /// The moves played, as text.
    fn move_texts(&self) -> Vec<String>;
    /// The legal moves in the current position, as text (none once the game is over).
    fn legal_texts(&self) -> Vec<String>;
    /// The board after `ply` moves, or `None` past the end.
    fn view(&self, ply: usize) -> Option<View>;
    /// A bot's choice of move in the current position, within `budget`.
    fn bot_move(
        &self,
        level: u8,
        seed: u64,
        budget: Duration,
        clock: Option<boardlab_ai::ClockView>,
        cancel: &bot::Cancel,
        memory: &Arc<SolverMemory>,
    ) -> Option<String>;
    /// A random legal move (the fallback of a bot that runs out of time).
    fn random_move(&self, seed: u64) -> Option<String>;
    /// The PGN-style record of the game (SPEC.md).
    fn record(&self, tags: &RecordTags) -> String;
    /// A copy for work on another thread (a bot's search).
    fn boxed_clone(&self) -> Box<dyn Session>;
    /// The analysis of the position after `ply` moves, searched for `budget` (the solver's
    /// table from `memory`); `None` past the end or where the game is over.
    fn analyse(
        &self,
        ply: usize,
        budget: Duration,
        memory: &Arc<SolverMemory>,
    ) -> Option<bot::Analysis>;
}

/// A [`Session`] for the position type `P`.
#[derive(Clone)]
struct Live<P: Evaluate> {
    history: GameHistory<P>,
}

impl<P: Evaluate> Session for Live<P> {
    fn ply(&self) -> usize {
        self.history.moves().len()
    }

    fn side_to_move(&self) -> Player {
        self.history.current().side_to_move()
    }

    fn first_to_move(&self) -> Player {
        self.history.start().side_to_move()
    }

    fn restriction(&self) -> Option<&'static str> {
        self.history.current().move_restriction()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.history.outcome()
    }

    fn levels(&self) -> Levels {
        P::LEVELS
    }

    fn player_name(&self, player: Player) -> &'static str {
        self.history.current().presentation().side(player)
    }

    fn check(&self, text: &str) -> Result<String, MoveError> {
        if let Some(outcome) = self.history.outcome() {
            return Err(MoveError::Illegal {
                game: self.history.current().game_id(),
                text: text.trim().to_string(),
                reason: format!("the game is over ({outcome})"),
            });
        }
        Ok(self.history.current().parse_move(text)?.to_string())
    }

    fn apply(&mut self, text: &str) -> Result<(), MoveError> {
        self.history.play_text(text).map(|_| ())
    }

    fn move_texts(&self) -> Vec<String> {
        self.history.moves().iter().map(|m| m.to_string()).collect()
    }

    fn legal_texts(&self) -> Vec<String> {
        if self.history.outcome().is_some() {
            return Vec::new();
        }
        self.history.current().legal_move_texts()
    }

    fn view(&self, ply: usize) -> Option<View> {
        self.history.positions().get(ply).map(view::view_of)
    }

    fn bot_move(
        &self,
        level: u8,
        seed: u64,
        budget: Duration,
        clock: Option<boardlab_ai::ClockView>,
        cancel: &bot::Cancel,
        memory: &Arc<SolverMemory>,
    ) -> Option<String> {
        bot::bot_move(&self.history, level, seed, budget, clock, cancel, memory)
            .map(|m| m.to_string())
    }

    fn analyse(
        &self,
        ply: usize,
        budget: Duration,
        memory: &Arc<SolverMemory>,
    ) -> Option<bot::Analysis> {
        let mut history = GameHistory::new(*self.history.start());
        for &mv in self.history.moves().get(..ply)? {
            history.play(mv).ok()?;
        }
        bot::analyse(&history, budget, memory)
    }

    fn random_move(&self, seed: u64) -> Option<String> {
        bot::random_move(&self.history, seed).map(|m| m.to_string())
    }

    fn record(&self, tags: &RecordTags) -> String {
        record::write_record(&self.history, tags)
    }

    fn boxed_clone(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }
}

/// Why a game cannot be set up from its setup and moves.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// A rule option, the board layout or the start position is refused.
    #[error(transparent)]
    Setup(#[from] boardlab_core::SetupError),
    /// A stored move does not play.
    #[error("stored move {ply} ('{text}'): {error}")]
    Move {
        /// Its number, from 1.
        ply: usize,
        /// Its text.
        text: String,
        /// Why it does not play.
        error: MoveError,
    },
}

/// Builds a session from its setup and replays `moves`; the error names the first problem.
pub fn build(setup: &GameSetup, moves: &[String]) -> Result<Box<dyn Session>, SetupError> {
    with_game(setup.game, Builder { setup, moves })
}

struct Builder<'a> {
    setup: &'a GameSetup,
    moves: &'a [String],
}

impl GameVisitor for Builder<'_> {
    type Output = Result<Box<dyn Session>, SetupError>;

    fn visit<P: Evaluate>(self, game: P::Rules) -> Self::Output {
        let start: P = self.setup.setup.position(game)?;
        let mut live = Live {
            history: GameHistory::new(start),
        };
        for (ply, text) in self.moves.iter().enumerate() {
            live.history
                .play_text(text)
                .map_err(|error| SetupError::Move {
                    ply: ply + 1,
                    text: text.clone(),
                    error,
                })?;
        }
        Ok(Box::new(live))
    }
}
