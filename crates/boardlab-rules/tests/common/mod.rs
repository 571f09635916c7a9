//! Helpers shared by the engine's tests: the seed games and the independent perft tables.

#![allow(dead_code)]

pub mod reference;
pub mod seed;

/// One row of a perft table: a position, a depth, the independent leaf count and the rule
/// options it is for (`NAME=VALUE`).
#[derive(Debug, Clone)]
pub struct PerftRow {
    pub position: String,
    pub depth: u32,
    pub nodes: u64,
    pub rules: Vec<String>,
}

/// The rows of an oracle table (`obsidian.perft`, ...), as kept in the games crate (copies of
/// ../shared/oracle that its tests check against the originals).
pub fn oracle(file: &str) -> Vec<PerftRow> {
    let path = format!(
        "{}/../boardlab-games/tests/oracle/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert!(fields.len() >= 3, "bad oracle line: {line}");
            PerftRow {
                position: fields[0].to_string(),
                depth: fields[1].parse().expect("depth"),
                nodes: fields[2].parse().expect("nodes"),
                rules: fields
                    .get(3)
                    .map(|r| r.split_whitespace().map(String::from).collect())
                    .unwrap_or_default(),
            }
        })
        .collect()
}
