//! The `boardlab` binary as a user runs it: output formats, errors and exit codes.

use crate::common;

use common::{boardlab, boardlab_with_input};
use std::process::Output;

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[test]
fn perft_prints_the_stockfish_divide_format() {
    let out = boardlab(&["perft", "obsidian", "--depth", "5"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.ends_with("\nNodes searched: 4896998\n"), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 20 + 2);
    assert_eq!(lines[20], "");
    assert!(lines.contains(&"e2e4: 263299") || lines.iter().any(|l| l.starts_with("e2e4: ")));
    let sum: u64 = lines[..20]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 4896998);
}

#[test]
fn perft_from_a_given_position() {
    let out = boardlab(&[
        "perft",
        "obsidian",
        "--position",
        "2D3B1/5b2/1f1BF3/4f2F/7f/2d5/6F1/8 1 1 41",
        "--depth",
        "4",
    ]);
    assert!(stdout(&out).ends_with("Nodes searched: 53590\n"));
}

#[test]
fn moves_are_listed_sorted() {
    let out = boardlab(&["moves", "obsidian"]);
    assert!(out.status.success());
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(lines.len(), 20);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"b1c3".to_string()));
}

#[test]
fn bad_input_gives_one_line_and_a_non_zero_exit() {
    let cases: &[(&[&str], &str)] = &[
        (&["perft", "obsidian", "--position", "xyz"], "side to move"),
        (
            &[
                "perft",
                "obsidian",
                "--position",
                "ABCDECBA/FFFFFFFFF/8/8/8/8/ffffffff/abcdecba 1",
            ],
            "rank 7 'FFFFFFFFF' has 9 squares, expected 8",
        ),
        (
            &[
                "moves",
                "obsidian",
                "--position",
                "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecbq 1",
            ],
            "'q' is not a piece",
        ),
        (
            &[
                "moves",
                "obsidian",
                "--position",
                "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba",
            ],
            "side to move: missing",
        ),
        (&["perft", "chess"], "unknown game 'chess'; valid games:"),
        (&["perft", "obsidian", "--depth", "0"], "0 is not in 1..=30"),
        (
            &["perft", "obsidian", "--depth", "100000"],
            "100000 is not in 1..=30",
        ),
        (
            &["perft", "obsidian", "--depth", "many"],
            "invalid value 'many'",
        ),
        (
            &["moves", "obsidian", "--rule", "castling=true"],
            "unknown rule option 'castling'",
        ),
        (
            &["moves", "obsidian", "--rule", "no_progress_plies"],
            "not of the form NAME=VALUE",
        ),
        (
            &["play", "obsidian", "--rule", "threefold_repetition=maybe"],
            "expected true or false",
        ),
        (&["frobnicate"], "unrecognized subcommand"),
        (
            &[
                "match", "sprint", "--p1", "random", "--p2", "random", "--tc", "10+x",
            ],
            "bad time control '10+x': increment 'x' is not a time from 0 to 1 hour; write BASE+INC",
        ),
        (
            &[
                "match", "sprint", "--p1", "random", "--p2", "random", "--tc", "0",
            ],
            "base time '0' is not a time from 1ms to 24 hours",
        ),
        (&["play", "sprint", "--tc", "5h+1"], "base time '5h'"),
    ];
    for (args, expected) in cases {
        let out = boardlab(args);
        let err = stderr(&out);
        assert!(!out.status.success(), "{args:?} should fail");
        assert_eq!(
            err.lines().count(),
            1,
            "{args:?}: one line expected, got:\n{err}"
        );
        assert!(
            err.contains(expected),
            "{args:?}: '{expected}' not in: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn play_rejects_an_illegal_move_and_goes_on() {
    let out = boardlab_with_input(
        &["play", "obsidian"],
        "e2e5\nhello\ne2e4\nmoves\nundo\nquit\n",
    );
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains("illegal move 'e2e5' in obsidian: the f on e2 cannot reach e5"),
        "{text}"
    );
    assert!(text.contains("malformed move 'hello'"), "{text}");
    assert!(text.contains("Player 2 (uppercase) to move"), "{text}");
    assert!(text.contains("20 legal moves:"), "{text}");
    assert!(text.contains("took back e2e4"), "{text}");
    assert!(text.contains(" 8  A B C D E C B A  8"), "{text}");
}

#[test]
fn play_announces_the_result() {
    let out = boardlab_with_input(
        &["play", "obsidian", "--position", "4D3/8/8/8/8/8/8/3de3 1"],
        "e1e8\nd8e8\nquit\n",
    );
    let text = stdout(&out);
    assert!(
        text.contains("Game over after 1 move: Player 1 (lowercase) wins: Player 2 (uppercase)'s D was captured."),
        "{text}"
    );
    assert!(text.contains("the game is over"), "{text}");
}

#[test]
fn missing_arguments_are_named() {
    for (args, named) in [
        (vec!["play"], "<GAME>"),
        (vec!["moves"], "<GAME>"),
        (vec!["match", "sprint"], "--p1 <P1>, --p2 <P2>"),
    ] {
        let out = boardlab(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let message = stderr(&out);
        assert_eq!(message.lines().count(), 1, "{message}");
        assert!(
            message.contains(&format!("were not provided: {named}")),
            "{args:?}: {message}"
        );
    }
}
