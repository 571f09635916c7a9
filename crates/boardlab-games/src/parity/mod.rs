//! Parity: the red-and-blue game of RULES.md § 4, on a board layout that is data.
//!
//! Red spaces are open while the number of pieces on the board is even, blue spaces while it
//! is odd; black and white spaces are always open. The default 4x6 layout is the project's
//! reconstruction; [`Layout::parse`] reads any rectangular layout up to 9x9.

mod encoding;
mod eval;
mod layout;
mod levels;
mod movegen;
mod moves;
mod notation;
mod position;
mod presentation;
mod rules;
pub mod tablebase;
mod zobrist;

pub use eval::ParityWeights;
pub use layout::{DEFAULT_LAYOUT_TEXT, Layout, SpaceColour};
pub use moves::ParityMove;
pub use position::Parity;
pub use rules::ParityRules;

/// The start position of the default layout with White to move, in the text form of SPEC.md.
pub const START_TEXT: &str = "bbbb/1bb1/4/4/1ww1/wwww 1 0 1";
