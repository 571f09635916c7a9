//! Games from rules files.
//!
//! A designer writes a game as a TOML rules file (`docs/rules-files.md`); this crate reads it
//! into a checked [`Definition`](definition::Definition) (the `file` module: keys, Betza
//! movement, inheritance, errors with their line and column) and plays it with one generic
//! engine (the `engine` module) that implements the game traits of `boardlab-core` for every
//! definition, with an evaluation for its bots worked out from the file (`evaluation`).

pub mod definition;
pub mod engine;
pub mod evaluation;
pub mod file;
mod load;

pub use load::{LoadError, apply_options, load_file, load_str};
