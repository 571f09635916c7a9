//! Daisy: the 9x9 shogi-like drop game of RULES.md § 2.
//!
//! Player 1 owns the uppercase pieces and moves up the board; Player 2 owns the lowercase
//! pieces and moves down. The board starts empty and each player holds 20 pieces in reserve.
//! A turn is a drop from the reserve onto any empty square, a move to an empty square, or a
//! capture; captured pieces join the captor's reserve. A player may not capture until their
//! own A is on the board, and capturing the opponent's A wins.
//!
//! The position is a set of `u128` bitboards (square index = rank * 9 + file, a1 = 0) and a
//! count per player and letter for the reserves; steppers use per-square tables and sliders
//! scan precomputed rays.

mod attacks;
mod encoding;
mod eval;
mod fsf;
mod levels;
mod movegen;
mod moves;
mod network;
mod notation;
mod piece;
mod position;
mod presentation;
mod reserve;
mod rules;
mod zobrist;

pub use eval::DaisyWeights;
pub use moves::DaisyMove;
pub use piece::Kind;
pub use position::Daisy;
pub use reserve::Reserve;
pub use rules::DaisyRules;

/// The start position in the text form of SPEC.md.
pub const START_TEXT: &str = "9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9Habc2d2e2f2g9h] 1 0 1";
