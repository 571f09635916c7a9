//! The server's layers stay apart: only the HTTP face (`src/api/`) speaks HTTP statuses. The
//! hub, store, clocks, bots, workers and puzzles say what happened by meaning
//! (`boardlab_web::hub::GameError` and the like), and `src/api/` alone chooses a status.

use std::path::{Path, PathBuf};

/// Every Rust file under `dir`.
fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the source folder reads") {
        let path = entry.expect("a folder entry reads").path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

#[test]
fn http_statuses_are_chosen_only_in_the_api() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let api = source.join("api");
    let mut files = Vec::new();
    rust_files(&source, &mut files);
    assert!(files.len() > 40, "the sources were found: {files:?}");
    let http_words = ["StatusCode", "ApiError", "ApiResult", "http::status"];
    let offenders: Vec<String> = files
        .iter()
        .filter(|path| !path.starts_with(&api))
        .filter_map(|path| {
            let text = std::fs::read_to_string(path).expect("a source file reads");
            let words: Vec<&str> = http_words
                .iter()
                .copied()
                .filter(|word| text.contains(word))
                .collect();
            (!words.is_empty()).then(|| format!("{} uses {}", path.display(), words.join(", ")))
        })
        .collect();
    assert!(
        offenders.is_empty(),
        "HTTP statuses belong in src/api/ alone; say what happened by meaning elsewhere \
         (hub::GameError): {offenders:#?}"
    );
    // The API does choose them (the check above is not vacuous).
    let mod_rs = std::fs::read_to_string(api.join("mod.rs")).expect("src/api/mod.rs reads");
    assert!(mod_rs.contains("impl From<hub::GameError> for ApiError"));
}
