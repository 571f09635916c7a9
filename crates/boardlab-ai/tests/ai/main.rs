//! The integration tests of boardlab-ai, one test program: each file here is a module
//! (run one with `cargo test -p boardlab-ai --test ai MODULE::`). One program
//! links once, where a program per file linked the crate and its dependencies again for
//! each.
//!
//! Kept as programs of their own (timing: they bound how long bots take, and would share
//! the cores with the tests here): `tests/budget.rs`, `tests/timed_games.rs`.

#[path = "../common/mod.rs"]
mod common;

mod bots;
mod error_chains;
mod forced_wins;
mod levels;
mod openings;
mod puzzles_deep;
mod solver;
mod tune;
mod uci_engines;
mod vs_random;
