//! `boardlab analyze` as a user runs it: the report's files, shares that merge into exactly
//! the whole run, rule comparisons, and one-line errors.

use crate::common;

use boardlab_ai::analyze::AnalyzeFile;
use common::{boardlab, text};
use std::path::PathBuf;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardlab-analyze-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A small, deterministic run of Sprint.
fn small_run(extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "analyze",
        "sprint",
        "--games",
        "12",
        "--ladder",
        "random",
        "--ladder",
        "alphabeta:depth=2",
        "--ladder-games",
        "6",
        "--p1",
        "alphabeta:depth=2",
        "--p2",
        "alphabeta:depth=2",
        "--seed",
        "7",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

fn read(path: &PathBuf) -> AnalyzeFile {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn shares_merge_into_exactly_the_whole_run() {
    let dir = temp_dir("shards");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let whole = boardlab(
        &small_run(&["--json", &path("whole.json"), "--out", &path("whole.html")])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert!(whole.status.success(), "{}", text(&whole.stderr));
    let summary = text(&whole.stdout);
    for part in [
        "12 self-play games",
        "first player scores",
        "solved value of the start: win 23",
        "skill ladder",
    ] {
        assert!(summary.contains(part), "{part}: {summary}");
    }
    let page = std::fs::read_to_string(dir.join("whole.html")).unwrap();
    assert!(
        page.contains("<svg") && page.contains("First moves"),
        "{page}"
    );
    for fetch in ["<script src", "<link", "<img", "@import"] {
        assert!(!page.contains(fetch), "the page fetches nothing: {fetch}");
    }
    for k in 1..=3 {
        let share = boardlab(
            &small_run(&[
                "--shard",
                &format!("{k}/3"),
                "--json",
                &path(&format!("share{k}.json")),
            ])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        );
        assert!(share.status.success(), "{}", text(&share.stderr));
    }
    let merged = boardlab(&[
        "analyze",
        "merge",
        &path("share3.json"),
        &path("share1.json"),
        &path("share2.json"),
        "--json",
        &path("merged.json"),
        "--out",
        &path("merged.html"),
    ]);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    let (whole, merged_file) = (
        read(&dir.join("whole.json")),
        read(&dir.join("merged.json")),
    );
    assert_eq!(whole.runs, merged_file.runs);
    assert_eq!(whole.reports, merged_file.reports);
    assert_eq!(whole.reports[0].games, 12);
    // A missing share is refused.
    let partial = boardlab(&[
        "analyze",
        "merge",
        &path("share1.json"),
        &path("share2.json"),
    ]);
    assert!(!partial.status.success());
    assert!(
        text(&partial.stderr).contains("3/3"),
        "{}",
        text(&partial.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rule_settings_are_compared_side_by_side() {
    let dir = temp_dir("compare");
    let json = dir.join("compare.json");
    let out = boardlab(
        &small_run(&[
            "--compare",
            "backward_captures=false,true",
            "--json",
            json.to_str().unwrap(),
            "--out",
            dir.join("compare.html").to_str().unwrap(),
        ])
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let file = read(&json);
    assert_eq!(file.reports.len(), 2);
    assert_eq!(file.reports[1].variant, "backward_captures=true");
    assert_eq!(
        file.reports[1].solved.as_deref(),
        Some("loss 30 for White (Player 1)")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_requests_are_one_line_errors() {
    let dir = temp_dir("bad");
    let garbage = dir.join("garbage.json");
    std::fs::write(&garbage, "{not json").unwrap();
    for (args, expected) in [
        (vec!["analyze", "chess"], "unknown game"),
        (
            vec!["analyze", "sprint", "--shard", "4/3", "--json", "x.json"],
            "K/N",
        ),
        (vec!["analyze", "sprint", "--shard", "1/3"], "--json"),
        (
            vec!["analyze", "sprint", "--compare", "backward_captures"],
            "NAME=V1,V2",
        ),
        (
            vec!["analyze", "sprint", "--compare", "flying=true,false"],
            "flying",
        ),
        (
            vec!["analyze", "merge", garbage.to_str().unwrap()],
            "not a JSON file",
        ),
        (
            vec!["analyze", "merge", "/no/such/file.json"],
            "cannot read",
        ),
    ] {
        let out = boardlab(&args);
        assert!(!out.status.success(), "{args:?}");
        let message = text(&out.stderr);
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
        assert!(message.contains(expected), "{args:?}: {message}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
