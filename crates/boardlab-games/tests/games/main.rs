//! The integration tests of boardlab-games, one test program: each file here is a module
//! (run one with `cargo test -p boardlab-games --test games MODULE::`). One program
//! links once, where a program per file linked the crate and its dependencies again for
//! each.

#[macro_use]
mod every_game;
mod oracle;
mod reference;

mod conformance;
mod counters;
mod daisy_errors;
mod daisy_perft;
mod daisy_properties;
mod daisy_reference;
mod encoding;
mod fsf_notation;
mod longest_game;
mod obsidian_errors;
mod obsidian_perft;
mod obsidian_properties;
mod obsidian_reference;
mod parity_errors;
mod parity_perft;
mod parity_properties;
mod parity_reference;
mod parity_tablebase;
mod parity_tablebase_files;
mod presentation;
mod search_hooks;
mod setup;
mod shared_copies;
mod sprint_perft;
mod sprint_props;
mod sprint_reference;
mod sprint_speed;
mod sprint_text;
