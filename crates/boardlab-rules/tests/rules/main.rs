//! The integration tests of boardlab-rules, one test program: each file here is a module
//! (run one with `cargo test -p boardlab-rules --test rules MODULE::`). One program
//! links once, where a program per file linked the crate and its dependencies again for
//! each.

mod common;
mod reference;

mod bot_facts;
mod conformance;
mod engine_vs_reference;
mod examples;
mod extends;
mod file_errors;
mod never_panics;
mod oracle_perft;
mod properties;
mod random_games;
mod reference_vs_games;
mod seed_files;
mod semantics;
mod speed;
mod text;
