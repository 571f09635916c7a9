//! Helpers shared by the bot tests: matches between two specs on any game, and
//! depth-limited alpha-beta bots with options.

use boardlab_ai::BotSpec;
use boardlab_ai::matches::arena::{DEFAULT_MAX_PLIES, MatchConfig, MatchSummary, run_match};
use boardlab_ai::matches::openings::{OpeningKind, Openings};
use boardlab_core::{Evaluate, RuleOptions};

/// Plays `games` games of `a` against `b` on `P` under `rules`, from the start position.
pub fn play_match<P: Evaluate>(
    rules: P::Rules,
    a: &str,
    b: &str,
    games: usize,
    threads: usize,
    openings: u32,
    seed: u64,
) -> MatchSummary {
    let config = MatchConfig {
        start: P::start(rules),
        draw_first: rules.first_player_drawn(),
        bot_a: a.parse::<BotSpec>().expect("a valid spec"),
        bot_b: b.parse::<BotSpec>().expect("a valid spec"),
        games,
        threads,
        openings: Openings {
            kind: OpeningKind::Random,
            plies: openings,
        },
        seed,
        max_plies: DEFAULT_MAX_PLIES,
        time_control: None,
    };
    run_match(&config, &|_, _| {})
}

/// Prints a one-line summary of a match.
#[allow(dead_code)] // not every test file reports
pub fn report<P: Evaluate>(label: &str, summary: &MatchSummary) {
    let t = summary.tally;
    let (elo, low, high) = t.elo();
    eprintln!(
        "{label} {}: {t} score {:.1}% elo {elo:+.0} [{low:+.0}, {high:+.0}] avg {:.1} plies, max time share {:.3}",
        P::ENGINE,
        100.0 * t.score(),
        summary.average_plies(),
        summary.max_time_share()
    );
}

/// An alpha-beta bot for `P` that searches to `depth` with `options`.
#[allow(dead_code)] // only the `ai` test target builds such bots
pub fn depth_limited<P: Evaluate>(
    depth: u32,
    options: boardlab_ai::search::alphabeta::AlphaBetaOptions,
) -> boardlab_ai::AlphaBeta<P> {
    boardlab_ai::AlphaBeta::with_options(
        "test",
        boardlab_ai::bot::Limits {
            depth: Some(depth),
            ..Default::default()
        },
        Default::default(),
        options,
    )
}
