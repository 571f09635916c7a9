//! `boardlab puzzles --search-again`: a searched puzzle set checked again with today's
//! evaluation, as a maintainer runs it after an evaluation change, and its bad input.

use crate::common;

use common::{boardlab, text};
use serde_json::Value;
use std::path::PathBuf;

/// The server's Obsidian puzzles, as shipped.
fn shipped_obsidian_puzzles() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../boardlab-web/puzzles/obsidian.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Writes `text` to a fresh file under the system's temporary folder.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("boardlab-cli-{name}-{}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn searched_again_puzzles_keep_their_scores_and_a_wrong_answer_is_dropped() {
    let shipped = shipped_obsidian_puzzles();
    let mut puzzles: Vec<Value> = shipped[..3].to_vec();
    // The first puzzle again with another legal move as its answer: it no longer holds.
    let mut wrong = shipped[0].clone();
    assert_eq!(wrong["solution"], "a2b2");
    wrong["solution"] = "b1d2".into();
    puzzles.push(wrong);
    let input = temp_file(
        "search-again.json",
        &serde_json::to_string(&puzzles).unwrap(),
    );
    let out = boardlab(&[
        "puzzles",
        "obsidian",
        "--search-again",
        input.to_str().unwrap(),
    ]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let again: Vec<Value> = serde_json::from_str(&text(&out.stdout)).unwrap();
    // The shipped puzzles' stored scores are today's evaluation's (the web tests check it).
    assert_eq!(again, shipped[..3].to_vec());
    assert!(
        stderr.contains("answer b1d2 no longer wins alone"),
        "{stderr}"
    );
    assert!(stderr.contains("3 of 4 puzzles"), "{stderr}");
    let _ = std::fs::remove_file(input);
}

#[test]
fn bad_puzzle_files_are_one_line_errors() {
    let shipped = shipped_obsidian_puzzles();
    let sprint = r#"[{"id":"sprint-1","game":"sprint","position":"bbbbbb/6/6/6/6/wwwwww 1","solution":"a1a2","win_in_plies":3,"legal_moves":5,"theme":"win in 3"}]"#;
    let no_search = {
        let mut puzzle = shipped[0].clone();
        puzzle.as_object_mut().unwrap().remove("search");
        serde_json::to_string(&[puzzle]).unwrap()
    };
    let bad_position = {
        let mut puzzle = shipped[0].clone();
        puzzle["position"] = "8/8/8 1".into();
        serde_json::to_string(&[puzzle]).unwrap()
    };
    let cases: [(&str, &str, &str); 5] = [
        ("obsidian", "not json", "is not a puzzles file"),
        ("obsidian", sprint, "is of the game sprint, not obsidian"),
        (
            "obsidian",
            &no_search,
            "was proven exactly, not found by a search",
        ),
        ("obsidian", &bad_position, "its position"),
        (
            "sprint",
            sprint,
            "was proven exactly, not found by a search",
        ),
    ];
    for (index, (game, contents, expected)) in cases.into_iter().enumerate() {
        let input = temp_file(&format!("bad-puzzles-{index}.json"), contents);
        let out = boardlab(&["puzzles", game, "--search-again", input.to_str().unwrap()]);
        let stderr = text(&out.stderr);
        assert!(!out.status.success(), "{contents}");
        assert!(stderr.contains(expected), "{contents}: {stderr}");
        assert!(out.stdout.is_empty(), "{contents}");
        let _ = std::fs::remove_file(input);
    }
    let missing = boardlab(&[
        "puzzles",
        "obsidian",
        "--search-again",
        "/no/such/file.json",
    ]);
    assert!(!missing.status.success());
    assert!(text(&missing.stderr).contains("cannot read /no/such/file.json"));
    let both = boardlab(&[
        "puzzles",
        "obsidian",
        "--search-again",
        "x.json",
        "--count",
        "5",
    ]);
    assert!(!both.status.success());
    assert!(
        text(&both.stderr).contains("cannot be used with"),
        "{}",
        text(&both.stderr)
    );
}
