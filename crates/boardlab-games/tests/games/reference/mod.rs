//! The games' plain second implementations, written from RULES.md without the fast ones'
//! tricks, for the conformance suite: `successors(position)` gives each legal move by the
//! plain rules with the text of the position it leads to.

pub mod daisy;
pub mod obsidian;
pub mod parity;
pub mod sprint;
