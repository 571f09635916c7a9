//! `boardlab engine` speaks UCI: scripted sessions of every command, bad lines answered with
//! an `info string` error while the engine goes on, and a match through the engine door. The
//! engine never stops listening: `stop`, `isready`, `quit` and the end of the input are
//! heard during any search, and a command that changes what is searched stops the search
//! first.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStderr, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// The bound on answers that the engine must give at once (UCI asks 50 ms for `stop` and
/// `isready`, 100 ms for `quit`). An engine whose loop waits on its search never answers
/// at all, so a bound this generous still catches it, and it leaves a loaded CI machine
/// (other test binaries building and running on two cores) plenty of room. The real
/// latencies, a few milliseconds, are measured by hand (see the README).
const AT_ONCE: Duration = Duration::from_secs(20);

/// A running engine: its input and the lines it prints.
struct Engine {
    child: Child,
    /// Standard input, until [`close_input`](Engine::close_input).
    input: Option<ChildStdin>,
    lines: Receiver<String>,
    errors: ChildStderr,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let errors = child.stderr.take().unwrap();
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
            input: Some(input),
            lines,
            errors,
        }
    }

    /// Ends the engine's input (the end of the input, as when a GUI goes away).
    fn close_input(&mut self) {
        self.input = None;
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let input = self.input.as_mut().expect("the input is open");
        input.write_all(bytes).unwrap();
        input.flush().unwrap();
    }

    /// The lines up to and including the first that starts with `last`, which must come
    /// within [`AT_ONCE`].
    fn at_once(&mut self, last: &str) -> Vec<String> {
        self.within(last, AT_ONCE)
    }

    /// Starts `go` and waits until the search has reported once (so it is under way).
    fn searching(&mut self, go: &str) {
        self.send(go);
        let first = self.until("info depth");
        assert!(
            first.iter().all(|l| !l.starts_with("bestmove")),
            "{first:#?}"
        );
    }

    /// Waits for the engine to end, which must come within [`AT_ONCE`]; its exit status and
    /// what it wrote on standard error.
    fn ends_at_once(mut self) -> (ExitStatus, String) {
        let asked = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if asked.elapsed() > AT_ONCE {
                let _ = self.child.kill();
                panic!("the engine did not end within {AT_ONCE:?}");
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let mut errors = String::new();
        self.errors.read_to_string(&mut errors).unwrap();
        (status, errors)
    }

    /// The lines up to and including the first that starts with `last`.
    fn until(&mut self, last: &str) -> Vec<String> {
        // Searches in these tests take well under a second; a minute only catches a hang.
        self.within(last, Duration::from_secs(60))
    }

    /// The lines up to and including the first that starts with `last`, which must come
    /// within `bound`.
    fn within(&mut self, last: &str, bound: Duration) -> Vec<String> {
        let deadline = Instant::now() + bound;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no '{last}' line within {bound:?}; saw {seen:#?}"));
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

impl Drop for Engine {
    /// An engine left searching by a failed test must not spin on.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
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
            .any(|l| l == "option name Hash type spin default 16 min 1 max 1024"),
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
    // Ended by its 100 ms, not searched on: the bound is generous for a loaded machine.
    assert!(started.elapsed() < Duration::from_secs(30));
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
        ("go depth x", "go depth 'x'"),
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
        (
            "setoption name futility_depth value 99",
            "futility_depth is 0 to 8, not 99",
        ),
        (
            "setoption name lmr_base value x",
            "'x' is not a whole number",
        ),
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
    engine.close_input();
    assert!(engine.child.wait().unwrap().success());
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let mut engine = Engine::start(&["engine"]);
    engine.send("position startpos");
    engine.searching("go infinite");
    // Let it search on, then make sure no answer came before the stop.
    std::thread::sleep(Duration::from_millis(300));
    while let Ok(line) = engine.lines.try_recv() {
        assert!(
            !line.starts_with("bestmove"),
            "answered before stop: {line}"
        );
    }
    engine.send("stop");
    let answer = engine.at_once("bestmove");
    let mv = &answer.last().unwrap()["bestmove ".len()..];
    assert_eq!(mv.len(), 4, "{mv}");
    // Also when the search was started by a `go` that came during another.
    engine.searching("go infinite");
    engine.send("go infinite");
    engine.at_once("bestmove");
    engine.send("stop");
    engine.at_once("bestmove");
    // A second stop, with no search under way, says nothing.
    engine.send("stop");
    engine.send("isready");
    assert_eq!(engine.until("readyok"), ["readyok"]);
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

/// What may come after `go infinite` before the command under test: nothing, or a command
/// that made the engine of issue 34 wait on the search for ever, deaf to all that followed
/// (the two `go`s start a new search, so the command under test still comes mid-search).
const AFTER_GO: [Option<&str>; 6] = [
    None,
    Some("go infinite"),
    Some("go movetime 600000"),
    Some("position startpos moves e2e4"),
    Some("ucinewgame"),
    Some("setoption name Hash value 8"),
];

#[test]
fn isready_is_answered_during_a_search_without_stopping_it() {
    for after in AFTER_GO {
        let mut engine = Engine::start(&["engine"]);
        engine.searching("go infinite");
        if let Some(command) = after {
            engine.send(command);
        }
        engine.send("isready");
        let lines = engine.at_once("readyok");
        // The infinite search is stopped only by a command that changes the search.
        let answers = lines.iter().filter(|l| l.starts_with("bestmove")).count();
        assert_eq!(
            answers,
            usize::from(after.is_some()),
            "{after:?}: {lines:#?}"
        );
        if after.is_none() || after.is_some_and(|c| c.starts_with("go")) {
            // A search is still under way: it answers only when stopped.
            engine.send("isready");
            let more = engine.at_once("readyok");
            assert!(more.iter().all(|l| !l.starts_with("bestmove")), "{more:#?}");
            engine.send("stop");
            engine.at_once("bestmove");
        }
        engine.send("quit");
        assert!(engine.child.wait().unwrap().success());
    }
}

#[test]
fn quit_during_a_search_ends_the_engine_at_once() {
    for go in ["go movetime 600000", "go depth 200"] {
        let mut engine = Engine::start(&["engine"]);
        engine.searching(go);
        engine.send("quit");
        let (status, errors) = engine.ends_at_once();
        assert!(status.success(), "{go}: {status:?} {errors}");
        assert_eq!(errors, "", "{go}");
    }
    for after in AFTER_GO {
        let mut engine = Engine::start(&["engine"]);
        engine.searching("go infinite");
        if let Some(command) = after {
            engine.send(command);
        }
        engine.send("quit");
        let (status, errors) = engine.ends_at_once();
        assert!(status.success(), "{after:?}: {status:?} {errors}");
        assert_eq!(errors, "", "{after:?}");
    }
}

#[test]
fn the_end_of_the_input_during_a_search_ends_the_engine_at_once() {
    for after in AFTER_GO {
        let mut engine = Engine::start(&["engine"]);
        engine.send("setoption name Threads value 2");
        engine.searching("go infinite");
        if let Some(command) = after {
            engine.send(command);
        }
        engine.close_input();
        let (status, errors) = engine.ends_at_once();
        assert!(status.success(), "{after:?}: {status:?} {errors}");
        assert_eq!(errors, "", "{after:?}");
    }
}

#[test]
fn a_command_that_changes_the_search_stops_the_one_under_way_first() {
    // Each command comes during a search that would go on for ever; the search answers
    // first, then the command acts.
    for (dialect, newgame) in [("uci", "ucinewgame"), ("ugi", "uginewgame")] {
        let mut engine = Engine::start(&["engine"]);
        engine.send(dialect);
        engine.until(&format!("{dialect}ok"));
        for command in [
            "position startpos moves e2e4",
            "go depth 1",
            newgame,
            "setoption name Hash value 8",
            "setoption name Hash value 8",
            "setoption name Nonsense value 1",
        ] {
            engine.send("position startpos");
            engine.searching("go movetime 600000");
            engine.send(command);
            // The stopped search answers at once, for the start position (Player 1's move)…
            let stopped = engine.at_once("bestmove");
            let first = &stopped.last().unwrap()["bestmove ".len()..];
            assert!(
                matches!(first.as_bytes()[1], b'1' | b'2'),
                "{dialect} {command}: {stopped:#?}"
            );
            assert!(
                stopped.iter().all(|l| !l.starts_with("info string")),
                "{dialect} {command}: {stopped:#?}"
            );
            // …then the command acts: `go` searches afresh; the others answer nothing more
            // than an error where there is one.
            if command.starts_with("go") {
                engine.bestmove();
            }
            engine.send("isready");
            let rest = engine.at_once("readyok");
            assert!(
                rest.iter().all(|l| !l.starts_with("bestmove")),
                "{dialect} {command}: {rest:#?}"
            );
            if command.contains("Nonsense") {
                assert!(rest[0].contains("unknown option 'Nonsense'"), "{rest:#?}");
            }
        }
        // The position given during the search is the one searched next: Player 2 moves.
        engine.send("position startpos");
        engine.searching("go infinite");
        engine.send("position startpos moves e2e4");
        engine.send("go depth 2");
        let lines = engine.at_once("bestmove");
        let second = engine.bestmove();
        assert!(lines.last().unwrap().starts_with("bestmove"), "{lines:#?}");
        assert!(matches!(second.as_bytes()[1], b'7' | b'8'), "{second}");
        engine.send("quit");
        assert!(engine.child.wait().unwrap().success());
    }
}

#[test]
fn after_a_refused_position_go_answers_a_null_move_until_a_valid_one() {
    for dialect in ["uci", "ugi"] {
        let mut engine = Engine::start(&["engine"]);
        engine.send(dialect);
        engine.until(&format!("{dialect}ok"));
        engine.send("position startpos moves e2e4");
        engine.send("go depth 2");
        engine.bestmove();
        for refused in [
            "position startpos moves e2e4 e2e4",
            "position fen nonsense",
            "position sideways",
        ] {
            engine.send(refused);
            let error = engine.until("info string");
            assert!(
                error[0].starts_with("info string error: position"),
                "{error:?}"
            );
            // Neither the position before nor any other is searched, however often asked,
            // and a change of options keeps the refusal.
            for go in ["go depth 2", "go infinite", "go movetime 10"] {
                engine.send(go);
                let answer = engine.until("bestmove");
                assert_eq!(answer.len(), 2, "{refused} {go}: {answer:#?}");
                assert!(
                    answer[0].starts_with(
                        "info string error: go: no position: the last one was refused"
                    ),
                    "{answer:#?}"
                );
                assert_eq!(answer[1], "bestmove 0000");
                engine.send("setoption name Hash value 8");
            }
            if dialect == "ugi" {
                engine.send("query p1turn");
                let answer = engine.until("info string");
                assert!(answer[0].contains("no position"), "{answer:?}");
            }
        }
        // A valid position is searched again.
        engine.send("position startpos moves e2e4");
        engine.send("go depth 2");
        let mv = engine.bestmove();
        assert!(matches!(mv.as_bytes()[1], b'7' | b'8'), "{mv}");
        engine.send("quit");
        assert!(engine.child.wait().unwrap().success());
    }
}

#[test]
fn an_option_change_keeps_the_position_set_up() {
    let mut engine = Engine::start(&["engine"]);
    engine.send("position startpos moves e2e4");
    engine.send("setoption name Hash value 8");
    engine.send("setoption name Level value 3");
    engine.send("go depth 2");
    let mv = engine.bestmove();
    // Player 2 is to move in the position set before the options changed.
    assert!(matches!(mv.as_bytes()[1], b'7' | b'8'), "{mv}");
    // A new game starts at its own start position.
    engine.send("setoption name UCI_Variant value sprint");
    engine.send("query p1turn");
    assert_eq!(engine.until("response"), ["response true"]);
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

#[test]
fn a_malformed_go_is_answered_with_a_null_move() {
    let mut engine = Engine::start(&["engine"]);
    for go in ["go depth", "go sideways 3", "go ponder"] {
        engine.send(go);
        let answer = engine.until("bestmove");
        assert!(
            answer[0].starts_with("info string error: go"),
            "{answer:#?}"
        );
        assert_eq!(answer[1..], ["bestmove 0000"]);
    }
    engine.send("ponderhit");
    assert!(engine.until("info string")[0].contains("does not ponder"));
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

#[test]
fn a_line_that_is_not_utf8_is_an_error_and_the_engine_goes_on() {
    let mut engine = Engine::start(&["engine"]);
    engine.send_bytes(b"isready\xff\xfe\n");
    let error = engine.until("info string");
    assert_eq!(
        error,
        [
            "info string error: line 1 is not UTF-8 text (byte 8 is 0xff); commands are plain text words"
        ]
    );
    // Also during a search, which goes on.
    engine.searching("go infinite");
    engine.send_bytes(b"stop \xc3\n");
    let lines = engine.at_once("info string");
    assert!(
        lines.last().unwrap().contains("line 3 is not UTF-8"),
        "{lines:#?}"
    );
    engine.send("isready");
    engine.at_once("readyok");
    engine.send("stop");
    engine.at_once("bestmove");
    engine.close_input();
    let (status, errors) = engine.ends_at_once();
    assert!(status.success());
    assert_eq!(errors, "");
}

#[test]
fn lines_are_never_mixed_while_a_search_reports() {
    // Many answers from the loop while the search thread prints its info lines: every line
    // that comes out is one whole line of one of them.
    let mut engine = Engine::start(&["engine"]);
    engine.send("setoption name Threads value 2");
    engine.searching("go infinite");
    for _ in 0..300 {
        engine.send("isready");
        engine.send("query p1turn");
    }
    engine.send("stop");
    let lines = engine.at_once("bestmove");
    for line in &lines {
        assert!(
            line == "readyok"
                || line == "response true"
                || is_info_line(line)
                || line.starts_with("bestmove "),
            "a mixed line: {line:?}"
        );
    }
    assert_eq!(lines.iter().filter(|l| *l == "readyok").count(), 300);
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

/// Whether `line` is a whole `info depth` line: its words in order, ending with the pv.
fn is_info_line(line: &str) -> bool {
    let words: Vec<&str> = line.split(' ').collect();
    words.len() >= 12
        && words[..2] == ["info", "depth"]
        && words[3] == "score"
        && words[6..12]
            .iter()
            .step_by(2)
            .eq(["nodes", "nps", "time"].iter())
}
