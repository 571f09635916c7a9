//! The rules and the formats travel with the repository: `docs/RULES.md` and `docs/SPEC.md`
//! are copies of `../shared/RULES.md` and `../shared/SPEC.md`, so a clone is complete. When the
//! shared folder sits beside the repository (as in CI), each copy must equal its original.

use std::path::PathBuf;

/// The repository's root, two folders above this crate.
fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn assert_copy_matches(name: &str) {
    let copy_path = repo_root().join("docs").join(name);
    let copy = std::fs::read_to_string(&copy_path)
        .unwrap_or_else(|e| panic!("{} must exist in a clone: {e}", copy_path.display()));
    assert!(
        copy.lines().count() > 50,
        "{} looks truncated",
        copy_path.display()
    );
    let shared = repo_root().join("../shared").join(name);
    if let Ok(original) = std::fs::read_to_string(&shared) {
        assert!(
            copy == original,
            "{} differs from {}: copy it again (cp {} {})",
            copy_path.display(),
            shared.display(),
            shared.display(),
            copy_path.display()
        );
    }
}

#[test]
fn the_rules_copy_equals_the_shared_rules() {
    assert_copy_matches("RULES.md");
}

#[test]
fn the_spec_copy_equals_the_shared_spec() {
    assert_copy_matches("SPEC.md");
}
