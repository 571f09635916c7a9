//! The generic engine: plays any game a [`Definition`](crate::definition::Definition)
//! describes.
//!
//! A definition is compiled once ([`intern`]) into a [`Game`]: its checks, geometry, letters,
//! start and Zobrist keys; the move [`Tables`](tables::Tables) for a bit-set type are built on
//! first use. A [`RulesPosition`] is a small `Copy` value over one bit-set type —
//! `u64` (boards up to 64 squares), `u128` (128: 8x8, 9x9, 11x11) or [`Bits256`] (any board
//! up to 16x16) — holding its game as `&'static` tables, and implements the core's
//! [`Position`](boardlab_core::Position) with [`RulesMove`] (32 bits) and [`RulesOptions`].
//!
//! Semantics beyond the definition's own documentation:
//! - Lame leapers (Betza `n`) walk orthogonally along the longer leg first, then diagonally
//!   ([`geometry::lame_offsets`]); every square on the way must exist, be empty and be open.
//!   Other leapers leap: only their target matters.
//! - Squares that open and close are checked for the piece count after the move: the start
//!   square, every square a rider crosses, a hopper's screen and the squares it crosses, a
//!   lame leaper's way, the squares a jump goes over, and the target. A capture chain must
//!   go on while any jump is possible; the complete chain is legal when every square it
//!   touched is open for the count after it.
//! - A chain promotes where it ends (pieces that capture in chains promote compulsorily to
//!   one piece); other moves promote where they land, with a suffix letter (lowercase) when
//!   there is a choice or the promotion is optional.
//! - A drop prints the mover's letter in uppercase and reads it in either case. A drop is
//!   progress only where `progress.drops` says so (`moves_of` counts moves on the board).
//! - Limits, refused when a game is compiled ([`CompileError`]): a chain holds at most
//!   [`moves::MAX_CHAIN_2BIT`] jumps (diagonal or orthogonal jumps) or
//!   [`moves::MAX_CHAIN_3BIT`] (both), and its jumps must be to adjacent squares; a jump and
//!   another move of one piece may not join the same two squares.

mod attacks;
pub mod bitset;
mod capture_sources;
mod compile;
mod describe;
mod end;
pub mod error;
mod fsf_dialect;
pub mod game;
pub mod geometry;
mod intern;
mod jumps;
mod letters;
pub mod move_text;
mod movegen;
pub mod moves;
mod piece_tables;
mod placement;
mod play;
mod position;
mod position_impl;
mod position_text;
mod presentation;
mod rule_options;
mod sink;
pub mod tables;
mod threats;
mod zobrist;

pub use attacks::AttackMap;
pub use bitset::{BitSet, Bits256};
pub use error::CompileError;
pub use game::{BitSetSize, Game, OptionApplier};
pub use intern::intern;
pub use moves::RulesMove;
pub use position::RulesPosition;
pub use rule_options::RulesOptions;
