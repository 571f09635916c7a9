//! The integration tests of boardlab-cli, one test program: each file here is a module
//! (run one with `cargo test -p boardlab-cli --test cli MODULE::`). One program
//! links once, where a program per file linked the crate and its dependencies again for
//! each.

mod common;

mod analyze;
mod bad_records;
mod bots;
mod cli;
mod cli_games;
mod closed_pipe;
mod damaged_files;
mod echoed_input;
mod engine;
mod puzzles;
mod serve;
mod solve;
mod spsa;
mod tui;
mod tune;
mod workers;
