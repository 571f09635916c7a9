//! The `boardlab` binary on Daisy, Sprint and Parity: perft, moves, play and their options.

use crate::common;

use common::{boardlab_with_input as run, text};

fn temp_file(name: &str, content: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("boardlab-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}

#[test]
fn perft_of_every_game_from_the_start() {
    for (args, total) in [
        (vec!["perft", "daisy", "--depth", "2"], "414720"),
        (vec!["perft", "sprint", "--depth", "10"], "209392"),
        (
            vec![
                "perft",
                "sprint",
                "--depth",
                "8",
                "--rule",
                "backward_captures=true",
            ],
            "38716",
        ),
        (vec!["perft", "parity", "--depth", "8"], "211427"),
    ] {
        let out = run(&args, "");
        assert!(out.status.success(), "{args:?}");
        assert!(
            text(&out.stdout).ends_with(&format!("\nNodes searched: {total}\n")),
            "{args:?}"
        );
    }
}

#[test]
fn parity_board_files_are_loaded_or_refused_with_line_and_column() {
    let good = temp_file(
        "five.txt",
        "# a 5x5 board\nBWBWB\nRUWRU\nWRBUW\nURWUR\nBWBWB\n",
    );
    let out = run(&["moves", "parity", "--board", good.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).lines().count() > 0);

    let ragged = temp_file("ragged.txt", "WBWB\nWBW\nWBWB\n");
    let out = run(
        &["perft", "parity", "--board", ragged.to_str().unwrap()],
        "",
    );
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("line 2, column 4"), "{err}");

    let letter = temp_file("letter.txt", "WBWB\nWBQB\nWBWB\n");
    let err = text(&run(&["play", "parity", "--board", letter.to_str().unwrap()], "").stderr);
    assert!(
        err.contains("line 2, column 3: 'Q' is not a space colour"),
        "{err}"
    );

    let big = temp_file("big.txt", &"WBWBWBWBWB\n".repeat(3));
    let err = text(&run(&["moves", "parity", "--board", big.to_str().unwrap()], "").stderr);
    assert!(err.contains("boards are at most 9x9"), "{err}");
}

#[test]
fn parity_draws_the_first_player_and_the_seed_repeats_it() {
    let first = |seed: &str| {
        let out = run(&["play", "parity", "--seed", seed], "quit\n");
        text(&out.stdout).lines().next().unwrap().to_string()
    };
    let a = first("1");
    assert!(
        a.contains("was drawn at random to move first (--seed 1"),
        "{a}"
    );
    assert_eq!(first("1"), a);
    let both: std::collections::BTreeSet<String> = (0..12)
        .map(|s| first(&s.to_string())[..5].to_string())
        .collect();
    assert_eq!(
        both.len(),
        2,
        "both players are drawn for some seed: {both:?}"
    );

    let out = run(&["play", "parity", "--first", "2"], "quit\n");
    let shown = text(&out.stdout);
    assert!(!shown.contains("drawn at random"));
    assert!(shown.contains("Black (Player 2) to move."), "{shown}");
    assert!(shown.contains("red (R) spaces are open"), "{shown}");

    let err = text(&run(&["play", "parity", "--first", "3"], "").stderr);
    assert!(
        err.contains("invalid value '3' for '--first <FIRST>'"),
        "{err}"
    );
}

#[test]
fn play_shows_daisy_reserves_and_sprint_prefixes() {
    let out = run(&["play", "daisy"], "H@e5\nh@e5\nquit\n");
    let shown = text(&out.stdout);
    assert!(
        shown.contains("Player 1 (uppercase) reserve: A B C D×2 E×2 F×2 G×2 H×8"),
        "{shown}"
    );
    assert!(shown.contains("e5 is occupied"), "{shown}");

    // White's c1 must capture d2 and then d4: typing the first jump is enough.
    let out = run(
        &["play", "sprint", "--position", "5b/6/3b2/6/3b2/2w3 1"],
        "c1e3\nquit\n",
    );
    let shown = text(&out.stdout);
    assert!(shown.contains(" 5  . . w . . .  5"), "{shown}");
    assert!(shown.contains("Black (Player 2) to move."), "{shown}");
}
