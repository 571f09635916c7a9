//! Helpers shared by the engine's tests: the seed games and the independent perft tables.

#![allow(dead_code)]

pub mod reference;
pub mod seed;

pub use boardlab_core::perft::PerftRow;

/// The rows of an oracle table (`obsidian.perft`, ...), as kept in the games crate (copies of
/// ../shared/oracle that its tests check against the originals).
pub fn oracle(file: &str) -> Vec<PerftRow> {
    let path = format!(
        "{}/../boardlab-games/tests/oracle/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    boardlab_core::perft::parse_perft_table(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}
