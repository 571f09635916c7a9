//! Obsidian: the 8x8 chess-like game of RULES.md § 1.
//!
//! Player 1 (lowercase) sits at the bottom and moves first; capturing the opponent's D wins.
//! The position is a set of `u64` bitboards; sliding pieces use magic bitboards.

mod attacks;
mod encoding;
mod eval;
mod exchange;
mod fsf;
mod levels;
mod movegen;
mod moves;
mod network;
mod notation;
mod piece;
mod position;
mod presentation;
mod rules;
mod zobrist;

pub use eval::ObsidianWeights;
pub use moves::ObsidianMove;
pub use piece::Kind;
pub use position::Obsidian;
pub use rules::ObsidianRules;

/// The start position in the text form of SPEC.md.
pub const START_TEXT: &str = "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1 0 1";
