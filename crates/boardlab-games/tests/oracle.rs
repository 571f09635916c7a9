//! Reads the independent perft tables (copies of ../shared/oracle kept in tests/oracle/).

#![allow(dead_code)]

/// One row of a perft table: a position, a depth and the independent leaf count.
#[derive(Debug, Clone)]
pub struct PerftRow {
    pub position: String,
    pub depth: u32,
    pub nodes: u64,
    /// The rule options the count is for (`NAME=VALUE`), none for the defaults.
    pub rules: Vec<String>,
}

/// The rows of `tests/oracle/<file>`, in file order.
pub fn rows(file: &str) -> Vec<PerftRow> {
    let path = format!("{}/tests/oracle/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert!(
                fields.len() == 3 || fields.len() == 4,
                "bad oracle line: {line}"
            );
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

/// When the shared folder sits beside the repository (as in CI), the copy must equal it.
pub fn assert_copy_matches_shared(file: &str) {
    let shared = format!(
        "{}/../../../shared/oracle/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    if let Ok(original) = std::fs::read_to_string(&shared) {
        let copy = std::fs::read_to_string(format!(
            "{}/tests/oracle/{file}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("the copy exists");
        assert_eq!(
            copy, original,
            "tests/oracle/{file} differs from {shared}: copy it again"
        );
    }
}
