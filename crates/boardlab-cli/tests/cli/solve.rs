//! `boardlab solve` and `boardlab tablebase` as a user runs them: the exact output format,
//! values read back from tablebases, and one-line errors with a non-zero exit.

use crate::common;

use common::{boardlab, text};
use std::path::PathBuf;

/// A fresh folder under the system's temporary folder.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardlab-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn sprint_start_is_solved_in_both_rule_settings() {
    let out = boardlab(&["solve", "sprint"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    // Five moves sorted by text, a blank line, the value.
    assert_eq!(lines.len(), 7, "{stdout}");
    assert_eq!(lines[5], "");
    let moves: Vec<&str> = lines[..5]
        .iter()
        .map(|l| l.split(':').next().unwrap())
        .collect();
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert!(lines[6].starts_with("Value: "), "{stdout}");
    for line in &lines[..5] {
        let value = line.split_once(": ").unwrap().1;
        assert!(
            value.starts_with("win ") || value.starts_with("loss "),
            "{line}"
        );
    }
    let backward = boardlab(&["solve", "sprint", "--rule", "backward_captures=true"]);
    assert!(backward.status.success());
    assert!(text(&backward.stdout).contains("\nValue: "));
}

#[test]
fn a_won_sprint_position_is_a_loss_in_zero() {
    let out = boardlab(&[
        "solve",
        "sprint",
        "--position",
        "1w1b1b/b1b1b1/6/6/1w1w1w/6 2",
    ]);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "\nValue: loss 0\n");
}

#[test]
fn parity_is_solved_from_tablebases_and_bad_folders_are_refused() {
    let dir = temp_dir("tablebase");
    let built = boardlab(&[
        "tablebase",
        "parity",
        "--max-pieces",
        "2,2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(built.status.success(), "{}", text(&built.stderr));
    assert!(dir.join("w2-b2-1.values").exists());
    // A second run finds every table built already.
    let again = boardlab(&[
        "tablebase",
        "parity",
        "--max-pieces",
        "2,2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(
        text(&again.stderr).contains("already built"),
        "{}",
        text(&again.stderr)
    );
    let tables = dir.to_str().unwrap();
    let solve_in = |position: &str| {
        boardlab(&[
            "solve",
            "parity",
            "--tablebases",
            tables,
            "--position",
            position,
        ])
    };
    // White's b1 piece stands in front of Black's b2: the capture wins at once.
    let out = solve_in("4/4/4/4/1b2/1w2 1");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.ends_with("\nValue: win 1\n"), "{stdout}");
    assert!(stdout.contains("b1b3: win 1\n"), "{stdout}");
    // Outside the material: one line, non-zero exit.
    let outside = solve_in("4/bbb1/4/1b2/1w2/4 1");
    assert!(!outside.status.success());
    let message = text(&outside.stderr);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(message.contains("outside"), "{message}");
    // A damaged file.
    std::fs::write(dir.join("w1-b1-1.plies"), "boardlab parity tablebase 1\n").unwrap();
    let corrupt = solve_in("4/4/4/1b2/1w2/4 1");
    assert!(!corrupt.status.success());
    let message = text(&corrupt.stderr);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(message.contains("w1-b1-1.plies"), "{message}");
    std::fs::remove_dir_all(&dir).unwrap();
    // No such folder, and an empty one.
    let missing = solve_in("4/4/4/1b2/1w2/4 1");
    assert!(!missing.status.success());
    assert_eq!(text(&missing.stderr).lines().count(), 1);
    std::fs::create_dir_all(&dir).unwrap();
    let empty = boardlab(&["solve", "parity", "--tablebases", tables]);
    assert!(!empty.status.success());
    assert!(text(&empty.stderr).contains("no Parity tablebase files"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_requests_are_one_line_errors() {
    let dir = temp_dir("bad");
    let out_dir = dir.to_str().unwrap();
    for (args, expected) in [
        (
            vec![
                "tablebase",
                "obsidian",
                "--max-pieces",
                "2,2",
                "--out",
                out_dir,
            ],
            "no tablebases for obsidian",
        ),
        (
            vec![
                "tablebase",
                concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/parity.toml"),
                "--max-pieces",
                "2,2",
                "--out",
                out_dir,
            ],
            "no tablebases for parity (a rules file's game)",
        ),
        (
            vec![
                "tablebase",
                "chess",
                "--max-pieces",
                "2,2",
                "--out",
                out_dir,
            ],
            "unknown game",
        ),
        (
            vec![
                "tablebase",
                "parity",
                "--max-pieces",
                "7,0",
                "--out",
                out_dir,
            ],
            "1 to 6",
        ),
        (
            vec![
                "tablebase",
                "parity",
                "--max-pieces",
                "three",
                "--out",
                out_dir,
            ],
            "W,B",
        ),
        (vec!["solve", "obsidian"], "cannot be solved"),
        (vec!["solve", "parity"], "--tablebases"),
        (vec!["solve", "sprint", "--max-nodes", "1000"], "not solved"),
    ] {
        let out = boardlab(&args);
        assert!(!out.status.success(), "{args:?}");
        let message = text(&out.stderr);
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
        assert!(message.contains(expected), "{args:?}: {message}");
    }
    assert!(!dir.exists(), "a refused build made no folder");
}
