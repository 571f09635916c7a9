//! Sprint: the 6x6 checkers-like race of RULES.md § 3.
//!
//! White (Player 1) starts on ranks 1-2 and moves up; Black (Player 2) starts on ranks 5-6
//! and moves down. Pieces step one square diagonally forward; capturing is compulsory and a
//! capture chain must be completed; the whole chain is one move. A piece on the opponent's
//! baseline at the end of its player's turn wins, as does taking every enemy piece or leaving
//! the opponent without a legal move.
//!
//! The position is two `u64` bitboards (square index = rank * 6 + file, a1 = 0); capture
//! chains are found by a depth-first search that writes straight into the move list.

mod encoding;
mod eval;
mod geometry;
mod levels;
mod movegen;
mod moves;
mod notation;
mod position;
mod presentation;
mod rules;
mod zobrist;

pub use eval::SprintWeights;
pub use geometry::Direction;
pub use moves::{MAX_SEGMENTS, SprintMove, Squares};
pub use position::Sprint;
pub use rules::SprintRules;

/// The start position in the text form of SPEC.md.
pub const START_TEXT: &str = "1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 1 0 1";
