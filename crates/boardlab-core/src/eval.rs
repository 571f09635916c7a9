//! The evaluation trait: what a game tells a search about a position beyond its rules.
//!
//! A game implements [`Evaluate`] in its own folder; the bots of `boardlab-ai` use it
//! through this trait only, so a game knows no bot and a bot knows no game.

use crate::engine_notation::EngineNotation;
use crate::position::Position;
use std::fmt::Debug;

/// The largest score an evaluation may return, in either direction. Search scores above it
/// are reserved for decided games (wins and losses at a known distance).
pub const MAX_EVAL: i32 = 100_000;

/// A static evaluation of a game's positions, and the facts about moves that a search
/// orders and extends by.
///
/// Scores are from the point of view of the side to move, in hundredths of the game's
/// basic piece (a pawn, a checker): positive is good for the player whose turn it is.
/// The weights live in a separate value ([`Weights`](Evaluate::Weights)) with a `Default`,
/// so that a tuner can change them without touching any search.
///
/// Every game that bots play can also be played by external engines, so an evaluated game
/// also says how such engines read it ([`EngineNotation`], whose defaults are our own text).
pub trait Evaluate: Position + EngineNotation {
    /// The game's evaluation weights: piece values and the factors of each feature.
    type Weights: Copy + Default + Debug + Send + Sync + 'static;

    /// The score of the position for the side to move under `weights`, within
    /// `-MAX_EVAL..=MAX_EVAL`. Only called on positions where the game goes on.
    fn evaluate(&self, weights: &Self::Weights) -> i32;

    /// Whether `mv` (a legal move here) changes the material balance or is otherwise forcing:
    /// a capture, a promotion, a step onto the goal. Quiescence search follows these moves.
    fn is_tactical(&self, mv: Self::Move) -> bool;

    /// The value of what `mv` gains at once (the captured material, a promotion's gain, a
    /// win), under `weights`, for ordering tactical moves best first; 0 for quiet moves.
    fn tactical_value(&self, mv: Self::Move, weights: &Self::Weights) -> i32;

    /// How much evaluation a search may give up by default, in hundredths of the game's
    /// basic piece, to play the move that leaves a fallible opponent the most ways to go
    /// wrong. 0 (plain minimax) suits games that sharp tactics decide; drawish games that
    /// are won by blocking and trapping want more.
    const CHANCES: i32 = 0;

    /// The score of the position for the side to move under the default weights.
    fn evaluate_default(&self) -> i32 {
        self.evaluate(&Self::Weights::default())
    }
}
