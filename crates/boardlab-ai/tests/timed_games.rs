//! Timed games: alpha-beta bots playing to a game clock finish short matches without a loss
//! on time, the records carry the control, and a bot that overruns its clock loses on time.

use boardlab_ai::matches::arena::{MatchConfig, MatchSummary, play_game, run_match};
use boardlab_ai::matches::openings::Openings;
use boardlab_ai::{Bot, BotSpec, FailureKind, GameClock, RandomBot, SearchInfo, TimeControl};
use boardlab_core::record::RecordResult;
use boardlab_core::{Evaluate, GameHistory, Player, Position};
use boardlab_games::{Obsidian, Sprint};
use std::time::Duration;

/// `games` games between two alpha-beta bots on `P` under `control`, two at a time.
fn timed_match<P: Evaluate<Rules: Default>>(
    control: &str,
    games: usize,
    max_plies: usize,
) -> MatchSummary {
    let config = MatchConfig {
        start: P::start(P::Rules::default()),
        draw_first: false,
        bot_a: "alphabeta".parse::<BotSpec>().unwrap(),
        bot_b: "alphabeta:hash=16".parse::<BotSpec>().unwrap(),
        games,
        threads: 2,
        openings: "random:4".parse::<Openings>().unwrap(),
        seed: 11,
        max_plies,
        time_control: Some(control.parse().unwrap()),
    };
    run_match(&config, &|_, _| {})
}

/// No game was lost on time (or otherwise failed), each side's clock was read, and every
/// record names the control.
fn no_time_losses(summary: &MatchSummary, control: &str) {
    for game in &summary.games {
        assert!(game.failure.is_none(), "{:?}", game.failure);
        assert_eq!(game.record.tag("TimeControl"), Some(control));
    }
    for bot_a in [true, false] {
        let stats = summary.side_stats(bot_a);
        assert_eq!(stats.failures_of(FailureKind::OnTime), 0);
        let least = stats.least_time_left.expect("the clock was read");
        eprintln!(
            "{control}: least time left {least:?}, mean move {:?}, longest {:?}",
            stats.mean_move_time(),
            stats.longest_move
        );
        assert!(least > Duration::ZERO);
    }
}

#[test]
fn alpha_beta_keeps_to_a_sprint_clock() {
    let summary = timed_match::<Sprint>("2+0.05", 4, 400);
    assert_eq!(summary.games.len(), 4);
    no_time_losses(&summary, "2+0.05");
}

#[test]
fn alpha_beta_keeps_to_a_short_obsidian_clock() {
    // Half a second and 50 ms a move: the clocks soon run low, where the budget is tight.
    let summary = timed_match::<Obsidian>("0.5+0.05", 2, 40);
    no_time_losses(&summary, "0.5+0.05");
}

/// A bot that thinks for a fixed time whatever the clock says.
struct Sleeper(Duration);

impl<P: Position<Rules: Default>> Bot<P> for Sleeper {
    fn name(&self) -> String {
        "sleeper".to_string()
    }

    fn choose(&mut self, game: &GameHistory<P>, _: &mut dyn FnMut(&SearchInfo)) -> Option<P::Move> {
        std::thread::sleep(self.0);
        game.current().legal_move_list().iter().next().copied()
    }
}

#[test]
fn a_bot_that_overruns_its_clock_loses_on_time() {
    let control: TimeControl = "0.1+0".parse().unwrap();
    let mut sleeper = Sleeper(Duration::from_millis(60));
    let mut random = RandomBot::new("random", 1);
    let played = play_game(
        GameHistory::new(Obsidian::start(Default::default())),
        [&mut sleeper, &mut random],
        [None, None],
        400,
        Some(GameClock::new(control)),
    );
    // 60 ms a move from 100 ms: the second move overruns (the first too on a slow day).
    assert_eq!(played.result, RecordResult::Win(Player::Two));
    assert!([0, 2].contains(&played.history.moves().len()));
    assert!(
        played
            .termination
            .starts_with("Player 1 (lowercase) loses on time: its bot took "),
        "{}",
        played.termination
    );
    assert!(played.termination.contains("left on its clock"));
    let (player, failure) = played.failure.expect("a failure");
    assert_eq!((player, failure.kind), (Player::One, FailureKind::OnTime));
    assert!(failure.details.contains("position: "), "{failure:?}");
    assert_eq!(played.stats[0].failures_of(FailureKind::OnTime), 1);
    assert_eq!(played.stats[0].least_time_left, Some(Duration::ZERO));
    // The random bot answers at once: time is left on its clock (how much depends on the
    // machine's load, so only that some is).
    let random_left = played.stats[1].least_time_left.unwrap();
    assert!(random_left > Duration::ZERO && random_left <= Duration::from_millis(100));
}
