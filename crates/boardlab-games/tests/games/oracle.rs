//! Reads the independent perft tables (copies of ../shared/oracle kept in tests/oracle/).

#![allow(dead_code)]

pub use boardlab_core::perft::PerftRow;

/// The rows of `tests/oracle/<file>`, in file order.
pub fn rows(file: &str) -> Vec<PerftRow> {
    let path = format!("{}/tests/oracle/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    boardlab_core::perft::parse_perft_table(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
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
