//! External engines as players: fake UCI engines (small shell scripts) that answer an illegal
//! move, crash or hang each lose their games with a report, and the match goes on; a short
//! match against the real Fairy-Stockfish when its binary has been built (ignored in CI).

use boardlab_ai::matches::arena::{DEFAULT_MAX_PLIES, MatchConfig, MatchSummary, run_match};
use boardlab_ai::matches::openings::Openings;
use boardlab_ai::{BotSpec, FailureKind};
use boardlab_core::Evaluate;
use boardlab_games::{Daisy, Obsidian, Sprint};
use std::path::PathBuf;

/// A fake engine: it answers the handshake, then does `on_go` (shell commands) for `go`.
fn fake_engine(name: &str, on_go: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardlab-fake-uci-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.sh"));
    let script = format!(
        "#!/bin/sh\n\
         while read -r line; do\n\
           case \"$line\" in\n\
             uci) echo 'id name fake-{name}'; echo uciok ;;\n\
             isready) echo readyok ;;\n\
             go*) {on_go} ;;\n\
             quit) exit 0 ;;\n\
           esac\n\
         done\n"
    );
    std::fs::write(&path, script).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

/// `games` games of `engine` (bot B) against the random bot (bot A) on `P`.
fn match_against<P: Evaluate<Rules: Default>>(engine: &str, games: usize) -> MatchSummary {
    timed_match_against::<P>(engine, games, None)
}

/// `games` games of `engine` (bot B) against the random bot (bot A) on `P`, timed by
/// `control` if given.
fn timed_match_against<P: Evaluate<Rules: Default>>(
    engine: &str,
    games: usize,
    control: Option<&str>,
) -> MatchSummary {
    let config = MatchConfig {
        start: P::start(P::Rules::default()),
        draw_first: false,
        bot_a: "random".parse::<BotSpec>().unwrap(),
        bot_b: engine.parse::<BotSpec>().unwrap(),
        games,
        threads: 1,
        openings: Openings::default(),
        seed: 7,
        max_plies: DEFAULT_MAX_PLIES,
        time_control: control.map(|c| c.parse().unwrap()),
    };
    run_match(&config, &|_, _| {})
}

/// Every game was lost by the engine with a failure of `kind` whose message and details
/// contain the given texts.
fn engine_lost_every_game(summary: &MatchSummary, kind: FailureKind, message: &str, details: &str) {
    assert_eq!(
        summary.tally.wins as usize,
        summary.games.len(),
        "bot A won them all"
    );
    for game in &summary.games {
        let failure = game.failure.as_ref().expect("a failure report");
        assert!(!failure.bot_a, "the engine failed, not the random bot");
        assert_eq!(failure.failure.kind, kind);
        assert!(
            failure.failure.message.contains(message),
            "{:?}",
            failure.failure
        );
        assert!(
            failure.failure.details.contains("position: "),
            "{:?}",
            failure.failure
        );
        assert!(
            failure.failure.details.contains(details),
            "{:?}",
            failure.failure
        );
        let termination = game.record.tag("Termination").unwrap_or_default();
        assert!(
            termination.contains("loses: its bot")
                || termination.contains("loses on time: its bot"),
            "{termination}"
        );
    }
}

#[test]
fn an_illegal_answer_loses_with_the_position_and_the_engine_output() {
    let engine = fake_engine(
        "illegal",
        "echo 'info depth 3 score cp 12 nodes 345 time 2 pv a1a1'; echo 'bestmove a1a1'",
    );
    let summary = match_against::<Obsidian>(&format!("uci:{},time=50ms", engine.display()), 2);
    engine_lost_every_game(
        &summary,
        FailureKind::Illegal,
        "bestmove a1a1",
        "< bestmove a1a1",
    );
    // Obsidian speaks Fairy-Stockfish's FEN: the report shows it, and the command sent.
    let details = &summary.games[0].failure.as_ref().unwrap().failure.details;
    assert!(details.contains("as the engine's FEN: "), "{details}");
    assert!(
        details.contains("> position fen abcdecba/ffffffff/"),
        "{details}"
    );
    assert!(details.contains("> go movetime 50"), "{details}");
    // Its info lines count in its figures, and its failures by kind.
    let engine = summary.side_stats(false);
    assert_eq!(engine.failures_of(FailureKind::Illegal), 2);
    assert_eq!((engine.searched, engine.mean_depth()), (2, 3.0));
    assert!((engine.nodes_per_second() - 172_500.0).abs() < 1.0);
    assert_eq!(summary.side_stats(true).failures, [0, 0, 0, 0]);
}

#[test]
fn a_crash_loses_with_the_exit_status_and_the_standard_error() {
    let engine = fake_engine("crash", "echo 'segmentation fault, sort of' >&2; exit 3");
    let summary = match_against::<Sprint>(&format!("uci:{},time=50ms", engine.display()), 2);
    engine_lost_every_game(
        &summary,
        FailureKind::Crash,
        "exit code 3",
        "segmentation fault, sort of",
    );
}

#[test]
fn a_hang_loses_by_time_out_after_the_grace() {
    let engine = fake_engine("hang", ":");
    let started = std::time::Instant::now();
    let summary = match_against::<Sprint>(
        &format!("uci:{},time=20ms,timeout=300ms", engine.display()),
        2,
    );
    engine_lost_every_game(
        &summary,
        FailureKind::Timeout,
        "no bestmove from the engine within 300ms",
        "> go movetime 20",
    );
    // Given up on after the 300 ms time-out each, not waited for without end (a generous
    // bound: a loaded machine may be slow, but not 30 s slow).
    assert!(
        started.elapsed().as_secs_f64() < 30.0,
        "the hung engines were given up on"
    );
}

#[test]
fn a_missing_program_is_a_crash_and_a_bad_spec_an_error() {
    let summary = match_against::<Sprint>("uci:no-such-engine-on-path-boardlab,time=20ms", 1);
    engine_lost_every_game(
        &summary,
        FailureKind::Crash,
        "cannot start the engine",
        "position: ",
    );
    let err = "uci:/no/such/engine"
        .parse::<BotSpec>()
        .unwrap_err()
        .to_string();
    assert!(err.contains("not found"), "{err}");
}

#[test]
fn on_a_clock_the_engine_is_sent_both_clocks() {
    // It answers an illegal move at once, so its conversation is reported.
    let engine = fake_engine("illegal-on-clock", "echo 'bestmove a1a1'");
    let summary = timed_match_against::<Sprint>(
        &format!("uci:{},time=50ms", engine.display()),
        2,
        Some("2+0.05"),
    );
    engine_lost_every_game(
        &summary,
        FailureKind::Illegal,
        "bestmove a1a1",
        "< bestmove a1a1",
    );
    // Game 2: the engine is Player 1 (white) and moves first, both clocks full; game 1: it
    // is Player 2, after the random bot's quick move (its clock has the increment more).
    let details = |game: usize| {
        summary.games[game]
            .failure
            .as_ref()
            .unwrap()
            .failure
            .details
            .clone()
    };
    let first = details(1);
    assert!(
        first.contains("> go wtime 2000 btime 2000 winc 50 binc 50\n"),
        "{first}"
    );
    let second = details(0);
    assert!(second.contains("> go wtime 20"), "{second}");
    assert!(second.contains(" btime 2000 winc 50 binc 50\n"), "{second}");
    assert!(!second.contains("movetime"), "{second}");
}

#[test]
fn on_a_clock_a_hung_engine_is_waited_for_until_its_clock_and_the_grace_run_out() {
    let engine = fake_engine("hang-on-clock", ":");
    let started = std::time::Instant::now();
    let summary = timed_match_against::<Sprint>(
        &format!("uci:{},timeout=60s", engine.display()),
        1,
        Some("0.2+0"),
    );
    let waited = started.elapsed().as_secs_f64();
    // 0.2 s on its clock and a second's grace, not the 60 s time-out of untimed games (the
    // upper bound is generous for a loaded machine).
    assert!((1.1..30.0).contains(&waited), "{waited}");
    engine_lost_every_game(
        &summary,
        FailureKind::OnTime,
        "timed out (no bestmove from the engine within 1200ms",
        "> go wtime ",
    );
    let termination = summary.games[0].record.tag("Termination").unwrap();
    assert!(termination.contains("loses on time"), "{termination}");
    assert_eq!(
        summary.side_stats(false).failures_of(FailureKind::OnTime),
        1
    );
}

/// The Fairy-Stockfish binary: `$FAIRY_STOCKFISH`, or where scripts/strength.sh builds it.
fn fairy_stockfish() -> Option<(PathBuf, PathBuf)> {
    let cache = std::env::var("BOARDLAB_CACHE")
        .map(PathBuf::from)
        .unwrap_or_else(|_| {
            PathBuf::from(std::env::var("HOME").unwrap_or_default()).join(".cache/boardlab")
        });
    let binary = std::env::var("FAIRY_STOCKFISH")
        .map(PathBuf::from)
        .unwrap_or_else(|_| cache.join("fairy-stockfish-c19b5f6/src/stockfish"));
    let ini =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/peers/fairy-stockfish.ini");
    (binary.is_file() && ini.is_file()).then_some((binary, ini))
}

/// A short match of alpha-beta against Fairy-Stockfish on `P` from `openings`: every game
/// ends without a failure of either side.
fn fairy_stockfish_plays_legal<P: Evaluate<Rules: Default>>(openings: &str) {
    let Some((binary, ini)) = fairy_stockfish() else {
        eprintln!("Fairy-Stockfish not found: set FAIRY_STOCKFISH to its binary");
        return;
    };
    let engine = format!(
        "uci:{},variantpath={},option.Threads=1,option.Hash=16,time=30ms",
        binary.display(),
        ini.display()
    );
    let config = MatchConfig {
        start: P::start(P::Rules::default()),
        draw_first: false,
        bot_a: "alphabeta:time=30ms".parse::<BotSpec>().unwrap(),
        bot_b: engine.parse::<BotSpec>().unwrap(),
        games: 2,
        threads: 1,
        openings: openings.parse().unwrap(),
        seed: 3,
        max_plies: 200,
        time_control: None,
    };
    let summary = run_match(&config, &|_, _| {});
    for game in &summary.games {
        assert!(game.failure.is_none(), "{:?}", game.failure);
        assert!(game.plies > 10, "{}", game.record);
    }
    let engine = summary.side_stats(false);
    assert!(engine.searched > 0 && engine.nodes_per_second() > 0.0);
}

#[test]
#[ignore = "needs Fairy-Stockfish built (scripts/strength.sh builds it); FAIRY_STOCKFISH=path"]
fn fairy_stockfish_plays_legal_obsidian() {
    fairy_stockfish_plays_legal::<Obsidian>("random:4");
}

#[test]
#[ignore = "needs Fairy-Stockfish built (scripts/strength.sh builds it); FAIRY_STOCKFISH=path"]
fn fairy_stockfish_plays_legal_daisy_once_both_as_are_placed() {
    fairy_stockfish_plays_legal::<Daisy>("setup:2");
}
