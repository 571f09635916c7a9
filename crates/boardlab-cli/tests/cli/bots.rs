//! The bot commands as a user runs them: `bestmove`, `match`, and `play` with bots.

use crate::common;

use common::{boardlab, boardlab_with_input, text};

#[test]
fn bestmove_prints_info_lines_then_the_move() {
    let out = boardlab(&[
        "bestmove",
        "obsidian",
        "--position",
        "3D4/8/8/8/8/8/8/3a3d 1",
        "--bot",
        "alphabeta:depth=3",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("info depth 1 score win 1 nodes "),
        "{stdout}"
    );
    for part in [" nps ", " pv d1d8"] {
        assert!(lines[0].contains(part), "{stdout}");
    }
    assert_eq!(lines.last(), Some(&"bestmove d1d8"));
}

#[test]
fn bestmove_sees_the_game_so_far() {
    // After a1c1 d8c8 the A on c1 takes the D on c8 at once.
    let out = boardlab(&[
        "bestmove",
        "obsidian",
        "--position",
        "3D4/8/8/8/8/8/8/a3d3 1",
        "--bot",
        "alphabeta:depth=2",
        "--moves",
        "a1c1",
        "d8c8",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("score win 1") && stdout.ends_with("bestmove c1c8\n"),
        "{stdout}"
    );
    let out = boardlab(&[
        "bestmove",
        "obsidian",
        "--bot",
        "alphabeta:depth=2",
        "--moves",
        "e2e4",
        "e2e4",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("--moves: move 2 ('e2e4') cannot be played"),
        "{err}"
    );
}

#[test]
fn bestmove_with_every_bot_and_level() {
    for bot in [
        "random",
        "mcts:playouts=200",
        "alphabeta:time=50ms",
        "level:2",
    ] {
        let out = boardlab(&["bestmove", "sprint", "--bot", bot]);
        assert!(out.status.success(), "{bot}: {}", text(&out.stderr));
        assert!(
            text(&out.stdout)
                .lines()
                .last()
                .unwrap()
                .starts_with("bestmove ")
        );
    }
    let out = boardlab(&["bestmove", "parity", "--level", "1"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn unknown_bots_and_parameters_are_one_line_errors() {
    let out = boardlab(&["bestmove", "sprint", "--bot", "minimax"]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("unknown bot 'minimax'") && err.contains("alphabeta"),
        "{err}"
    );
    let out = boardlab(&["bestmove", "sprint", "--bot", "mcts:depth=3"]);
    let err = text(&out.stderr);
    assert!(
        err.contains("unknown parameter 'depth'") && err.contains("playouts"),
        "{err}"
    );
    let out = boardlab(&["bestmove", "sprint"]);
    assert!(
        text(&out.stderr).contains("--level"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn match_summary_is_reproducible_with_one_thread() {
    let dir = std::env::temp_dir().join(format!("boardlab-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |name: &str| {
        let pgn = dir.join(name);
        let out = boardlab(&[
            "match",
            "daisy",
            "--p1",
            "alphabeta:depth=1",
            "--p2",
            "mcts:playouts=100",
            "--games",
            "4",
            "--threads",
            "1",
            "--openings",
            "random:4",
            "--seed",
            "9",
            "--pgn",
            pgn.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        (text(&out.stdout), std::fs::read_to_string(pgn).unwrap())
    };
    let (first, first_pgn) = run("a.pgn");
    let (second, second_pgn) = run("b.pgn");
    // Everything but the measured speeds (nodes per second, time shares) repeats.
    let untimed = |text: &str| {
        text.lines()
            .filter(|l| !l.contains("nodes/s"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(untimed(&first), untimed(&second));
    assert_eq!(first_pgn, second_pgn);
    for part in [
        "4 games",
        "wins",
        "draws",
        "losses",
        "Score: ",
        "Elo difference: ",
        "95% interval",
        "Average game length: ",
        "alphabeta:depth=1: mean depth 1.0,",
        "mcts:playouts=100: mean depth",
        "0 illegal moves, 0 crashes, 0 time-outs",
    ] {
        assert!(first.contains(part), "{part}: {first}");
    }
    assert_eq!(first_pgn.matches("[Game \"daisy\"]").count(), 4);
    assert!(first_pgn.contains("[Termination "), "{first_pgn}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_crashing_engine_loses_its_games_with_a_report_and_the_match_goes_on() {
    let out = boardlab(&[
        "match",
        "sprint",
        "--p1",
        "random",
        "--p2",
        "uci:/bin/false,time=50ms",
        "--games",
        "2",
        "--seed",
        "1",
        "--openings",
        "random:0",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for part in [
        "2 wins, 0 draws, 0 losses",
        "uci:/bin/false,time=50ms: no search reports, time share of its 50ms: median -,",
        "0 illegal moves, 2 crashes, 0 time-outs",
        "Game 1 lost by uci:/bin/false,time=50ms as Black (Player 2): it crashed (the engine exited (exit code 1) while we waited for ",
        "Game 2 lost by uci:/bin/false,time=50ms as White (Player 1)",
        "position: 1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 1",
        "> uci",
    ] {
        assert!(stdout.contains(part), "{part}: {stdout}");
    }
}

#[test]
fn sprt_stops_the_match_once_it_decides() {
    let out = boardlab(&[
        "match",
        "sprint",
        "--p1",
        "alphabeta:depth=3",
        "--p2",
        "random",
        "--games",
        "200",
        "--openings",
        "random:2",
        "--seed",
        "4",
        "--sprt",
        "elo0=0,elo1=50",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let sprt = stdout
        .lines()
        .find(|l| l.starts_with("SPRT "))
        .expect("an SPRT line");
    assert!(
        sprt.starts_with("SPRT elo0=0 elo1=50 alpha=0.05 beta=0.05: LLR "),
        "{sprt}"
    );
    assert!(sprt.contains("(bounds -2.94 to +2.94)"), "{sprt}");
    assert!(sprt.contains("H1 accepted"), "{sprt}");
    let games: usize = sprt
        .split(" after ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(games < 200, "stopped early: {sprt}");
    for bad in ["elo0=0", "elo0=5,elo1=1", "elo0=0,elo1=10,alpha=2"] {
        let out = boardlab(&[
            "match", "sprint", "--p1", "random", "--p2", "random", "--sprt", bad,
        ]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let stderr = text(&out.stderr);
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(stderr.contains("expected elo0=E0,elo1=E1"), "{stderr}");
    }
}

#[test]
fn play_bot_against_bot_runs_to_the_end() {
    let out = boardlab_with_input(
        &[
            "play",
            "sprint",
            "--p1",
            "alphabeta:depth=2",
            "--p2",
            "random",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("White (Player 1) (alphabeta:depth=2) plays "),
        "{stdout}"
    );
    assert!(stdout.contains("Game over after "), "{stdout}");
    // Nobody at the board can take a move back.
    assert!(!stdout.contains("undo"), "{stdout}");
}

#[test]
fn a_timed_match_reports_the_clocks() {
    let dir = std::env::temp_dir().join(format!("boardlab-timed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("timed.pgn");
    let out = boardlab(&[
        "match",
        "sprint",
        "--p1",
        "alphabeta:time=10s",
        "--p2",
        "random",
        "--games",
        "2",
        "--openings",
        "random:2",
        "--tc",
        "1+0.01",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for part in [
        ", clock 1+0.01\n",
        "alphabeta:time=10s: mean depth ",
        "least time left ",
        ", mean move ",
        ", longest move ",
        "0 illegal moves, 0 crashes, 0 time-outs, 0 losses on time",
    ] {
        assert!(stdout.contains(part), "{part}: {stdout}");
    }
    // The clock, not the spec's 10 s a move, set the bot's time.
    assert!(!stdout.contains("time share"), "{stdout}");
    let records = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(records.matches("[TimeControl \"1+0.01\"]").count(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_on_a_clock_shows_both_clocks() {
    let out = boardlab_with_input(
        &[
            "play",
            "sprint",
            "--p1",
            "alphabeta",
            "--p2",
            "random",
            "--tc",
            "1m+1",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Each side has 60+1 on its clock"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Clock: White (Player 1) 1:00, Black (Player 2) 1:00"),
        "{stdout}"
    );
    assert!(stdout.contains("Clock: White (Player 1) 1:0"), "{stdout}");
    assert!(stdout.contains("Game over after "), "{stdout}");
}

#[test]
fn play_against_a_level_answers_each_move() {
    let out = boardlab_with_input(&["play", "obsidian", "--level", "4"], "e2e4\nundo\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Player 2 (uppercase) is played by the bot level:4 (alphabeta:nodes=800)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Player 2 (uppercase) (level:4 (alphabeta:nodes=800)) plays "),
        "{stdout}"
    );
    assert!(stdout.contains("took back e2e4 "), "{stdout}");
}

#[test]
fn default_openings_give_distinct_games() {
    let pgn = std::env::temp_dir().join(format!("boardlab-distinct-{}.pgn", std::process::id()));
    let out = boardlab(&[
        "match",
        "sprint",
        "--p1",
        "alphabeta:depth=2",
        "--p2",
        "alphabeta:depth=3",
        "--games",
        "10",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let records = std::fs::read_to_string(&pgn).unwrap();
    // Each pair of games (colours swapped) has its own opening: the first four plies.
    let openings: std::collections::HashSet<String> = records
        .split("[Game ")
        .skip(1)
        .map(|record| {
            // The first line is the rest of the Game tag (`"sprint"]`).
            record
                .lines()
                .skip(1)
                .filter(|line| !line.starts_with('[') && !line.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
                .split_whitespace()
                .filter(|token| !token.ends_with('.'))
                .take(4)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert_eq!(openings.len(), 5, "{records}");
    let summary = text(&out.stdout);
    assert!(!summary.contains("Elo difference: -0"), "{summary}");
    std::fs::remove_file(pgn).unwrap();
}

/// A rules file where a player without a legal move ends the game as `no_moves` says.
fn stalemate_game(no_moves: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!(
        "boardlab-bots-stalemate-{no_moves}-{}.toml",
        std::process::id()
    ));
    let text = format!(
        "id = \"stalemate-{no_moves}\"\ntitle = \"Stalemate\"\nsummary = \"Pawns that only step forward.\"\n\
         players = [\"One\", \"Two\"]\nfirst = 1\nstart = \"P2/3/p1p\"\n\n[board]\nwidth = 3\nheight = 3\n\n\
         [pieces.pawn]\nletters = [\"p\", \"P\"]\nmoves = \"fmW\"\n\n[end]\nno_moves = \"{no_moves}\"\n"
    );
    std::fs::write(&path, text).expect("a temporary file");
    path
}

#[test]
fn bestmove_knows_what_having_no_move_means_in_a_rules_file() {
    // a1a2 leaves Two's pawn on a3 without a move, c1c2 does not: where that loses, One
    // blocks it; where it wins, One must not.
    for (no_moves, best) in [("loss", "a1a2"), ("win", "c1c2")] {
        let path = stalemate_game(no_moves);
        let out = boardlab(&[
            "bestmove",
            path.to_str().expect("a UTF-8 path"),
            "--bot",
            "alphabeta:depth=1",
        ]);
        std::fs::remove_file(&path).ok();
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert_eq!(
            stdout.lines().last(),
            Some(format!("bestmove {best}").as_str()),
            "{no_moves}: {stdout}"
        );
    }
}
