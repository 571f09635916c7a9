//! Writing to a closed pipe (`boardlab … | head -1` once `head` has gone) ends every command
//! quietly: no panic, no message, exit status 0; and a command that stores files still
//! stores them. The pipe's reading end is closed before the command starts, so its first
//! write fails, every time.

use std::io::{PipeWriter, Write};
use std::path::PathBuf;
use std::process::{Command, ExitStatus, Stdio};

/// Where the output goes: a pipe that nobody reads any more.
fn closed_pipe() -> PipeWriter {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    writer
}

/// Runs `boardlab` with `args`, typing `input`, its standard output a closed pipe (and its
/// standard error too, as with `2>&1 | head`, when `errors_too`); its exit status and what
/// it wrote on standard error when that is not the pipe.
fn run_into_closed_pipe(args: &[&str], input: &str, errors_too: bool) -> (ExitStatus, String) {
    let stdout = closed_pipe();
    let stderr = if errors_too {
        Stdio::from(stdout.try_clone().expect("a second end"))
    } else {
        Stdio::piped()
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("boardlab runs");
    // The command may end before it reads its input: that is no failure here.
    let _ = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes());
    let output = child.wait_with_output().expect("boardlab ends");
    (
        output.status,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Checks that `args` ends quietly with status 0 when nobody reads its output, with
/// standard error readable and with standard error the same closed pipe.
fn ends_quietly(args: &[&str], input: &str) {
    let (status, errors) = run_into_closed_pipe(args, input, false);
    assert!(
        !errors.contains("panicked") && !errors.contains("Broken pipe"),
        "{args:?}: {errors}"
    );
    assert_eq!(status.code(), Some(0), "{args:?}: {status:?} {errors}");
    let (status, _) = run_into_closed_pipe(args, input, true);
    // A panic, its message lost on the closed pipe, would still show as status 101.
    assert_eq!(status.code(), Some(0), "{args:?} 2>&1: {status:?}");
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "boardlab-closed-pipe-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_commands_that_print_end_quietly() {
    for args in [
        &["perft", "obsidian", "--depth", "3"][..],
        &["moves", "daisy"],
        &["bestmove", "sprint", "--bot", "alphabeta:depth=3"],
        &["solve", "sprint", "--position", "6/w5/6/6/3b2/6 1"],
        &["play", "sprint", "--p1", "level:1", "--p2", "level:1"],
        &["--help"],
        &["--version"],
        &["perft", "--help"],
    ] {
        ends_quietly(args, "");
    }
}

#[test]
fn the_engine_ends_quietly_from_its_loop_and_from_its_search() {
    // `uci` is answered by the command loop; the search's info lines by its own thread.
    ends_quietly(&["engine"], "uci\nisready\n");
    ends_quietly(&["engine"], "go depth 5\n");
    ends_quietly(&["engine"], "go infinite\n");
    ends_quietly(&[], "uci\n");
}

#[test]
fn a_match_ends_quietly_and_still_writes_its_records() {
    let dir = scratch("match");
    let pgn = dir.join("games.pgn");
    let pgn_text = pgn.to_str().unwrap();
    ends_quietly(
        &[
            "match",
            "sprint",
            "--p1",
            "level:1",
            "--p2",
            "level:2",
            "--games",
            "2",
            "--threads",
            "1",
            "--pgn",
            pgn_text,
        ],
        "",
    );
    let records = std::fs::read_to_string(&pgn).expect("the records are written");
    assert!(records.contains("[Result"), "{records}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn analyze_and_datagen_end_quietly_and_still_write_their_files() {
    let dir = scratch("files");
    let page = dir.join("report.html");
    let data = dir.join("positions.data");
    ends_quietly(
        &[
            "analyze",
            "sprint",
            "--games",
            "2",
            "--p1",
            "alphabeta:depth=1",
            "--p2",
            "alphabeta:depth=1",
            "--ladder",
            "random",
            "--ladder",
            "alphabeta:depth=1",
            "--out",
            page.to_str().unwrap(),
        ],
        "",
    );
    assert!(page.exists(), "the report is written");
    ends_quietly(
        &[
            "datagen",
            "sprint",
            "--games",
            "2",
            "--bot",
            "alphabeta:depth=1",
            "--out",
            data.to_str().unwrap(),
        ],
        "",
    );
    assert!(data.exists(), "the data are written");
    std::fs::remove_dir_all(dir).unwrap();
}
