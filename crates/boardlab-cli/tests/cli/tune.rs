//! `boardlab tune --only`: a fit of some groups of the weights, the others left as they
//! started, and an unknown group refused.

use crate::common;

use common::{boardlab, text};
use std::path::PathBuf;

/// A fresh path under the system's temporary folder.
fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("boardlab-cli-tune-{name}-{}", std::process::id()))
}

#[test]
fn only_the_groups_named_are_fitted() {
    let start = temp_path("start.txt");
    let out = temp_path("out.txt");
    std::fs::write(&start, "piece 10\nadvance 0 0 0 0 0\nmobility 0\n").unwrap();
    let run = boardlab(&[
        "tune",
        "sprint",
        "--games",
        "30",
        "--bot",
        "alphabeta:depth=2",
        "--start",
        start.to_str().unwrap(),
        "--only",
        "advance",
        "--steps",
        "100",
        "--held-out",
        "0",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let fitted = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = fitted.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines[0], "piece 10", "{fitted}");
    assert_ne!(lines[1], "advance 0 0 0 0 0", "{fitted}");
    assert_eq!(lines[2], "mobility 0", "{fitted}");
    assert!(fitted.contains("--only advance`"), "{fitted}");

    let unknown = boardlab(&[
        "tune",
        "sprint",
        "--only",
        "advance,nope",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!unknown.status.success());
    let stderr = text(&unknown.stderr);
    assert!(
        stderr.contains("the weights have no group 'nope'; they have: piece, advance, mobility"),
        "{stderr}"
    );
    let _ = std::fs::remove_file(start);
    let _ = std::fs::remove_file(out);
}
