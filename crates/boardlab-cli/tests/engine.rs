//! `boardlab engine` speaks UCI: scripted sessions of every command, bad lines answered with
//! an `info string` error while the engine goes on, `stop` during `go infinite` answered at
//! once, and a match through the engine door.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// A running engine: its input and the lines it prints.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// The lines up to and including the first that starts with `last`.
    fn until(&mut self, last: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("no '{last}' line; saw {seen:#?}"));
            let done = line.starts_with(last);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    fn bestmove(&mut self) -> String {
        let lines = self.until("bestmove");
        lines.last().unwrap()["bestmove ".len()..].to_string()
    }
}

#[test]
fn a_scripted_session_covers_every_command() {
    let mut engine = Engine::start(&["engine"]);
    engine.send("uci");
    let hello = engine.until("uciok");
    assert!(hello.iter().any(|l| l.starts_with("id name boardlab")));
    assert!(hello.iter().any(|l| l
        == "option name UCI_Variant type combo default obsidian var obsidian var daisy var sprint var parity"));
    assert!(
        hello
            .iter()
            .any(|l| l == "option name Hash type spin default 4 min 1 max 1024"),
        "{hello:?}"
    );
    for option in ["Hash", "Threads", "Level"] {
        assert!(
            hello
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type spin"))),
            "{option}: {hello:?}"
        );
    }
    engine.send("isready");
    assert_eq!(engine.until("readyok"), ["readyok"]);
    engine.send("ucinewgame");
    engine.send("position startpos moves e2e4");
    engine.send("go depth 4");
    let lines = engine.until("bestmove");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info depth 4 score cp "))
    );
    let mv = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    // Player 2's answer leaves its own two back ranks.
    assert!(
        mv.len() == 4 && matches!(mv.as_bytes()[1], b'7' | b'8'),
        "{mv}"
    );
    // Another game, in our own notation, by node and time limits.
    engine.send("setoption name UCI_Variant value sprint");
    engine.send("position startpos");
    engine.send("go nodes 2000");
    assert!(!engine.bestmove().is_empty());
    engine.send("position startpos");
    let started = Instant::now();
    engine.send("go movetime 100");
    engine.bestmove();
    assert!(started.elapsed() < Duration::from_secs(2));
    engine.send("setoption name Hash value 32");
    engine.send("setoption name Threads value 2");
    engine.send("setoption name Level value 2");
    engine.send("position fen 6/b5/6/6/3w2/6 1");
    engine.send("go wtime 1000 btime 1000 winc 10 binc 10");
    let lines = engine.until("bestmove");
    assert!(
        lines.iter().all(|l| !l.starts_with("info string")),
        "{lines:#?}"
    );
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

#[test]
fn a_won_game_is_scored_as_mate() {
    let mut engine = Engine::start(&["engine"]);
    engine.send("setoption name UCI_Variant value sprint");
    // Player 1's piece is one step from the far rank.
    engine.send("position fen 6/w5/6/6/3b2/6 1");
    engine.send("go depth 3");
    let lines = engine.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:#?}"
    );
}

#[test]
fn bad_lines_get_an_info_string_and_the_engine_goes_on() {
    let mut engine = Engine::start(&["engine"]);
    for (line, expected) in [
        ("bogus", "unknown command 'bogus'"),
        ("go depth x", "go depth x"),
        ("go sideways 3", "unknown word 'sideways'"),
        ("position", "expected 'startpos' or 'fen POSITION'"),
        ("position fen nonsense", "position fen nonsense"),
        (
            "position startpos moves e2e5",
            "move 1 ('e2e5') cannot be played",
        ),
        ("position startpos e2e4", "expected 'moves'"),
        ("setoption Hash 3", "setoption name NAME value VALUE"),
        ("setoption name Hash value 0", "from 1 to"),
        (
            "setoption name UCI_Variant value chess",
            "unknown game 'chess'",
        ),
        ("setoption name Level value 99", "not a level"),
        ("setoption name Colour value red", "unknown option 'Colour'"),
    ] {
        engine.send(line);
        let answer = engine.until("info string");
        let answer = answer.last().unwrap();
        assert!(
            answer.starts_with("info string error:") && answer.contains(expected),
            "{line}: {answer}"
        );
    }
    // Still alive and still at the start position.
    engine.send("isready");
    engine.until("readyok");
    engine.send("go depth 2");
    engine.bestmove();
    // The end of the input ends the engine cleanly.
    drop(engine.input);
    assert!(engine.child.wait().unwrap().success());
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let mut engine = Engine::start(&["engine"]);
    engine.send("position startpos");
    engine.send("go infinite");
    // Let it search, then make sure no answer came before the stop.
    std::thread::sleep(Duration::from_millis(300));
    while let Ok(line) = engine.lines.try_recv() {
        assert!(
            !line.starts_with("bestmove"),
            "answered before stop: {line}"
        );
    }
    let asked = Instant::now();
    engine.send("stop");
    let mv = engine.bestmove();
    assert!(
        asked.elapsed() < Duration::from_millis(50),
        "{:?}",
        asked.elapsed()
    );
    assert_eq!(mv.len(), 4, "{mv}");
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

#[test]
fn an_infinite_search_that_proves_a_win_still_waits_for_stop() {
    let mut engine = Engine::start(&["engine"]);
    engine.send("setoption name UCI_Variant value sprint");
    engine.send("position fen 6/w5/6/6/3b2/6 1");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    while let Ok(line) = engine.lines.try_recv() {
        assert!(
            !line.starts_with("bestmove"),
            "answered before stop: {line}"
        );
    }
    engine.send("stop");
    assert_eq!(engine.bestmove(), "a5b6");
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

#[test]
fn run_without_arguments_by_a_program_it_is_an_engine() {
    let mut engine = Engine::start(&[]);
    engine.send("uci");
    engine.until("uciok");
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

#[test]
fn a_match_plays_through_the_engine_door() {
    let engine = format!(
        "uci:{},notation=boardlab,depth=2",
        env!("CARGO_BIN_EXE_boardlab")
    );
    let output = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args([
            "match",
            "sprint",
            "--p1",
            "level:2",
            "--p2",
            &engine,
            "--games",
            "2",
            "--threads",
            "1",
            "--seed",
            "4",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    assert!(
        text.contains("0 illegal moves, 0 crashes, 0 time-outs"),
        "{text}"
    );
    assert!(
        text.contains("2 games") || text.contains("Score:"),
        "{text}"
    );
}

#[test]
fn ugi_speaks_the_same_engine_with_queries() {
    let mut engine = Engine::start(&["engine"]);
    engine.send("ugi");
    let hello = engine.until("ugiok");
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant"))
    );
    engine.send("setoption name UCI_Variant value sprint");
    engine.send("isready");
    engine.until("readyok");
    engine.send("uginewgame");
    engine.send("position startpos");
    for (question, answer) in [
        ("p1turn", "response true"),
        ("gameover", "response false"),
        ("result", "response none"),
    ] {
        engine.send(&format!("query {question}"));
        assert_eq!(engine.until("response"), [answer]);
    }
    engine.send("go p1time 1000 p2time 1000 p1inc 10 p2inc 10");
    let mv = engine.bestmove();
    engine.send(&format!("position startpos moves {mv}"));
    engine.send("query p1turn");
    assert_eq!(engine.until("response"), ["response false"]);
    // Player 1 has reached the far rank: the game is over and Player 1 won.
    engine.send("position fen 6/w5/6/6/3b2/6 1 moves a5b6");
    engine.send("query gameover");
    assert_eq!(engine.until("response"), ["response true"]);
    engine.send("query result");
    assert_eq!(engine.until("response"), ["response p1win"]);
    engine.send("query colour");
    assert!(engine.until("info string")[0].contains("unknown question 'colour'"));
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

#[test]
fn rule_options_are_engine_options() {
    let mut engine = Engine::start(&["engine"]);
    engine.send("uci");
    let options = engine.until("uciok");
    for line in [
        "option name backward_captures type check default false",
        "option name no_progress_plies type spin default 100 min 0 max 1000000",
        "option name threefold_repetition type check default true",
    ] {
        assert!(options.iter().any(|l| l == line), "{line}: {options:#?}");
    }
    engine.send("setoption name UCI_Variant value sprint");
    // Without backward captures White's c3 steps; with them it must take b2 backward.
    engine.send("position fen 6/6/6/2w3/1b4/6 1");
    engine.send("go depth 1");
    let forward = engine.until("bestmove");
    assert_ne!(forward.last().unwrap(), "bestmove c3a1", "{forward:#?}");
    engine.send("setoption name backward_captures value true");
    engine.send("position fen 6/6/6/2w3/1b4/6 1");
    engine.send("go depth 1");
    assert_eq!(engine.until("bestmove").last().unwrap(), "bestmove c3a1");
    engine.send("setoption name backward_captures value maybe");
    engine.send("isready");
    let answer = engine.until("readyok");
    assert!(
        answer
            .iter()
            .any(|l| l.starts_with("info string error: setoption backward_captures")),
        "{answer:#?}"
    );
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}
