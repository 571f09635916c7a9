//! Record and data files with entries that cannot be used: `tune --records`, `tune --data`
//! and `train --data` name every bad entry (file, record number or line, reason) and fail,
//! or with `--skip-bad` skip each with a warning and say how many they skipped.

use crate::common;

use common::{boardlab, text};
use std::path::PathBuf;

/// A file under the system's temporary folder holding `contents`.
fn temp_file(name: &str, contents: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("boardlab-bad-{name}-{}", std::process::id()));
    std::fs::write(&path, contents).unwrap();
    path
}

/// A finished Sprint game (Black reaches White's home rank).
const GOOD: &str = "[Game \"sprint\"]\n[Result \"0-1\"]\n\n1. d2c3 a5b4 2. c3a5 e5d4 3. b2a3 d6e5 4. a3b4 c5a3 5. c1b2 a3c1 0-1\n";

/// Four good records around two bad ones: record 2 (line 6) has an illegal move and
/// record 4 (line 16) a malformed tag.
fn records() -> String {
    format!(
        "{GOOD}\n[Game \"sprint\"]\n[Result \"0-1\"]\n\n1. d2c3 d2c3 0-1\n\n{GOOD}\n[Game sprint]\n\n1. d2c3 *\n\n{GOOD}\n{GOOD}"
    )
}

#[test]
fn tune_names_every_bad_record_and_fails_without_skip_bad() {
    let path = temp_file("records", &records());
    let out_path = temp_file("weights", "");
    std::fs::remove_file(&out_path).unwrap();
    let file = path.to_str().unwrap();
    let args = [
        "tune",
        "sprint",
        "--records",
        file,
        "--out",
        out_path.to_str().unwrap(),
        "--steps",
        "20",
        "--openings",
        "random:0",
    ];
    let out = boardlab(&args);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    assert!(
        lines[0].starts_with(&format!(
            "error: {file}: record 2 (line 6): record move 2 ('d2c3')"
        )),
        "{stderr}"
    );
    assert!(
        lines[1].starts_with(&format!(
            "error: {file}: record 4 (line 16): line 16: malformed tag"
        )),
        "{stderr}"
    );
    assert!(
        lines[2].contains("2 of 6 records cannot be used") && lines[2].contains("--skip-bad"),
        "{stderr}"
    );
    assert!(!out_path.exists(), "nothing is written");

    let skipped = boardlab(&[&args[..], &["--skip-bad"]].concat());
    let stderr = text(&skipped.stderr);
    assert!(skipped.status.success(), "{stderr}");
    assert!(
        stderr.contains(&format!("warning: {file}: record 2 (line 6): ")),
        "{stderr}"
    );
    assert!(stderr.contains("(skipped)"), "{stderr}");
    assert!(stderr.contains("skipped 2 of 6 records"), "{stderr}");
    assert!(stderr.contains("4 recorded games in"), "{stderr}");
    assert!(out_path.exists());
    std::fs::remove_file(&path).unwrap();
    std::fs::remove_file(&out_path).unwrap();
}

#[test]
fn a_file_of_one_record_says_record_in_the_singular() {
    let path = temp_file("one", GOOD);
    let out_path = temp_file("one-weights", "");
    let out = boardlab(&[
        "tune",
        "sprint",
        "--records",
        path.to_str().unwrap(),
        "--out",
        out_path.to_str().unwrap(),
        "--steps",
        "20",
        "--openings",
        "random:0",
    ]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("1 recorded game in"), "{stderr}");
    std::fs::remove_file(&path).unwrap();
    std::fs::remove_file(&out_path).unwrap();
}

/// Obsidian's start position as a data line.
const START_LINE: &str = "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1 0 1 | 0 | 1";

#[test]
fn tune_and_train_name_every_bad_data_line() {
    let mut data = String::new();
    for _ in 0..30 {
        data += START_LINE;
        data += "\n";
    }
    data += "nonsense | 1 | 1\n";
    data += &format!("{START_LINE} | 7\n");
    let path = temp_file("data", &data);
    let out_path = temp_file("data-out", "");
    let file = path.to_str().unwrap();
    let out_file = out_path.to_str().unwrap();
    let runs: [Vec<&str>; 2] = [
        vec![
            "tune", "obsidian", "--data", file, "--out", out_file, "--steps", "10",
        ],
        vec![
            "train", "obsidian", "--data", file, "--out", out_file, "--epochs", "1", "--hidden",
            "32", "--batch", "8",
        ],
    ];
    for args in runs {
        let out = boardlab(&args);
        assert!(!out.status.success(), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains(&format!("error: {file}: line 31: ")),
            "{stderr}"
        );
        assert!(
            stderr.contains(&format!("error: {file}: line 32: expected three fields")),
            "{stderr}"
        );
        assert!(
            stderr.contains("2 of 32 data lines cannot be used"),
            "{stderr}"
        );
        let skipped = boardlab(&[&args[..], &["--skip-bad"]].concat());
        let stderr = text(&skipped.stderr);
        assert!(skipped.status.success(), "{args:?}: {stderr}");
        assert!(stderr.contains("skipped 2 of 32 data lines"), "{stderr}");
    }
    std::fs::remove_file(&path).unwrap();
    std::fs::remove_file(&out_path).unwrap();
}
