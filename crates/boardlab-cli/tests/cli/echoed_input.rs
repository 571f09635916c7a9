//! Long input is repeated in errors cut to about 100 characters with its length, and rule
//! names are taken exactly: positions, moves, rule values and record lines.

use crate::common;

use common::{boardlab, text};

/// The one line of a failed run's standard error, checked to be short.
fn short_error(args: &[&str]) -> String {
    let out = boardlab(args);
    assert!(!out.status.success(), "{args:?}");
    let message = text(&out.stderr);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(message.len() < 1200, "{} characters", message.len());
    message
}

#[test]
fn long_input_is_cut_in_errors() {
    // Just under the longest argument the system passes (128 KiB).
    let long = "8".repeat(100_000);
    let message = short_error(&["moves", "sprint", "--position", &long]);
    assert!(message.contains("(100,000 characters)"), "{message}");
    let message = short_error(&[
        "moves",
        "parity",
        "--rule",
        &format!("no_progress_plies={long}"),
    ]);
    assert!(message.contains("(100,000 characters)"), "{message}");
    let message = short_error(&["bestmove", "sprint", "--bot", "random", "--moves", &long]);
    assert!(message.contains("(100,000 characters)"), "{message}");
    // Values the argument parser refuses are cut too.
    let message = short_error(&["perft", "sprint", "--depth", &long]);
    assert!(message.contains("(100,000 characters)"), "{message}");
    let message = short_error(&["perft", &long]);
    assert!(message.contains("(100,000 characters)"), "{message}");
    // A record file whose tag line is 1.5 million characters long.
    let path = std::env::temp_dir().join(format!("boardlab-echo-{}", std::process::id()));
    let weights = path.with_extension("weights");
    std::fs::write(
        &path,
        format!("[Game {}]\n\n1. b2a3 *\n", "x".repeat(1_500_000)),
    )
    .unwrap();
    let out = boardlab(&[
        "tune",
        "sprint",
        "--records",
        path.to_str().unwrap(),
        "--out",
        weights.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.len() < 2000, "{} characters", stderr.len());
    assert!(stderr.contains("(1,500,007 characters)"), "{stderr}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn rule_names_and_values_with_spaces_are_refused() {
    for rule in [
        "backward_captures =true",
        " backward_captures=true",
        "backward_captures= true",
    ] {
        let message = short_error(&["moves", "sprint", "--rule", rule]);
        assert!(
            message.contains("spaces around its name or value"),
            "{message}"
        );
        assert!(
            message.contains("backward_captures (default false)"),
            "{message}"
        );
    }
    let exact = boardlab(&["moves", "sprint", "--rule", "backward_captures=true"]);
    assert!(exact.status.success());
}

#[test]
fn the_engine_cuts_long_input_in_its_errors() {
    let long = "x".repeat(200_000);
    let input = [
        long.clone(),
        format!("go {long} 5"),
        format!("go movetime {long}"),
        format!("setoption name {long} value 1"),
        format!("setoption name Hash value {long}"),
        format!("setoption name Level value {long}"),
        format!("setoption name UCI_Variant value {long}"),
        "quit".to_string(),
    ]
    .join("\n");
    let out = common::boardlab_with_input(&["engine"], &input);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    let errors: Vec<&str> = stdout
        .lines()
        .filter(|line| line.starts_with("info string error"))
        .collect();
    assert_eq!(errors.len(), 7, "{stdout:.2000}");
    for line in errors {
        assert!(line.len() < 600, "{} characters: {line:.300}", line.len());
        assert!(line.contains("(200,000 characters)"), "{line:.300}");
    }
}
