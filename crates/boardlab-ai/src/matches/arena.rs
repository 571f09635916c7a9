//! The arena: plays games between two bots and whole matches of them, in parallel, with
//! openings played from both sides, a ply cap that guarantees an end, game records, and
//! optionally a game clock (a side whose clock runs out loses on time).

use crate::bot::{Bot, BotFailure, FailureKind, SearchInfo};
use crate::matches::elo::Tally;
use crate::matches::match_stats::SideStats;
pub use crate::matches::openings::opening;
use crate::matches::openings::{Openings, match_openings};
use crate::search::score::Score;
use crate::spec::BotSpec;
use crate::time::game_clock::GameClock;
use crate::time::time_control::TimeControl;
use boardlab_core::record::{GameRecord, RecordResult};
use boardlab_core::{Evaluate, GameHistory, Player, Position};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The stack of each match thread: searches recurse, and Daisy's move lists are large.
const THREAD_STACK: usize = 64 << 20;

/// The ply cap of a match game when none is given: past it the game is adjudicated a draw.
pub const DEFAULT_MAX_PLIES: usize = 400;

/// What a match is: the bots, the number of games, the openings and the seed.
#[derive(Clone, Debug)]
pub struct MatchConfig<P: Position> {
    /// The position every game starts from (before its random opening).
    pub start: P,
    /// Whether to draw the first player for each opening (games that draw it, when no
    /// position was given).
    pub draw_first: bool,
    /// The first bot; the summary is from its point of view.
    pub bot_a: BotSpec,
    /// The second bot.
    pub bot_b: BotSpec,
    /// The number of games. Game `2k` has bot A as Player 1, game `2k + 1` the same opening
    /// with the colours reversed.
    pub games: usize,
    /// The number of threads playing games at once.
    pub threads: usize,
    /// How each opening is made from the start: random plies, or the game's setup moves and
    /// then random plies.
    pub openings: Openings,
    /// The seed of the openings and of the bots' own randomness.
    pub seed: u64,
    /// Plies after the opening at which a game is adjudicated a draw.
    pub max_plies: usize,
    /// The time control of every game, if the games are timed: each bot is then told the
    /// clocks and plays to them instead of its own time per move.
    pub time_control: Option<TimeControl>,
}

/// How one game of a match went.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The game's number in the match, from 0.
    pub index: usize,
    /// Whether bot A played Player 1.
    pub a_is_player1: bool,
    /// The record of the game (with the opening moves).
    pub record: GameRecord,
    /// Bot A's points: 1, 1/2 or 0.
    pub a_points: f64,
    /// The plies played, the opening included.
    pub plies: usize,
    /// The longest time either bot with a time limit took for a move, as a share of its
    /// limit (1.0 = exactly the limit); 0 when neither has one.
    pub max_time_share: f64,
    /// The text of the illegal move a bot tried, or of its failure to answer (a crash, a
    /// time-out), if any: that bot lost the game.
    pub illegal: Option<String>,
    /// The failure that lost the game, if a bot failed: which bot, and the report.
    pub failure: Option<MatchFailure>,
    /// Bot A's and bot B's search figures in this game, in that order.
    pub stats: [SideStats; 2],
    /// The score each move's bot reported, for the side that moved (see
    /// [`PlayedGame::scores`]).
    pub scores: Vec<Option<Score>>,
}

/// A bot's failure in a match game: whose, and what happened.
#[derive(Clone, Debug)]
pub struct MatchFailure {
    /// Whether the failing bot is bot A (else bot B).
    pub bot_a: bool,
    /// The player that bot was in the game.
    pub player: Player,
    /// What happened, with the position and any engine's last words.
    pub failure: BotFailure,
}

/// The result of a match.
#[derive(Clone, Debug)]
pub struct MatchSummary {
    /// Bot A's wins, draws and losses.
    pub tally: Tally,
    /// Every game, in game order.
    pub games: Vec<GameReport>,
}

impl MatchSummary {
    /// The average game length in plies.
    pub fn average_plies(&self) -> f64 {
        if self.games.is_empty() {
            return 0.0;
        }
        self.games.iter().map(|g| g.plies as f64).sum::<f64>() / self.games.len() as f64
    }

    /// Bot A's (`bot_a`) or bot B's search figures and failures over the match.
    pub fn side_stats(&self, bot_a: bool) -> SideStats {
        let mut total = SideStats::default();
        for game in &self.games {
            total.add(&game.stats[usize::from(!bot_a)]);
        }
        total
    }

    /// The largest [`GameReport::max_time_share`] of the match.
    pub fn max_time_share(&self) -> f64 {
        self.games
            .iter()
            .map(|g| g.max_time_share)
            .fold(0.0, f64::max)
    }
}

/// A well-mixed 64-bit value from `x` (SplitMix64), to derive seeds.
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The end of one game between two bots.
#[derive(Clone, Debug)]
pub struct PlayedGame<P: Position> {
    /// The whole game.
    pub history: GameHistory<P>,
    /// The result.
    pub result: RecordResult,
    /// How the game ended, in words (the Termination tag).
    pub termination: String,
    /// The longest think as a share of the time limit (see [`GameReport::max_time_share`]).
    pub max_time_share: f64,
    /// An illegal move a bot tried, or its failure to answer, if any.
    pub illegal: Option<String>,
    /// The failure of the player who lost by it, if any.
    pub failure: Option<(Player, BotFailure)>,
    /// Each player's search figures, indexed by [`Player::index`] (failures included).
    pub stats: [SideStats; 2],
    /// For each move the bots played (after the opening), the score its bot last reported,
    /// for the side that moved; `None` where it reported none.
    pub scores: Vec<Option<Score>>,
}

/// Plays `game` on between `bots[0]` (Player 1) and `bots[1]` (Player 2) until the rules end
/// it or `max_plies` more plies are played (then a draw by adjudication). A bot that answers
/// an illegal move, or none (a crashed or hung engine), loses; its [`Bot::failure`] says why.
/// With a `clock`, each bot is told it and charged the time its moves take; a bot whose
/// move takes longer than its clock had loses on time. `time_limits` are the bots' own time
/// per move, for [`PlayedGame::max_time_share`].
pub fn play_game<P: Position>(
    mut game: GameHistory<P>,
    bots: [&mut dyn Bot<P>; 2],
    time_limits: [Option<Duration>; 2],
    max_plies: usize,
    mut clock: Option<GameClock>,
) -> PlayedGame<P> {
    let mut max_share: f64 = 0.0;
    let mut stats = [SideStats::default(); 2];
    let mut scores = Vec::new();
    let cap = game.moves().len() + max_plies;
    loop {
        if let Some(outcome) = game.outcome() {
            let result = match outcome.winner() {
                Some(winner) => RecordResult::Win(winner),
                None => RecordResult::Draw,
            };
            return PlayedGame {
                termination: outcome.describe(|p| game.current().player_name(p)),
                history: game,
                result,
                max_time_share: max_share,
                illegal: None,
                failure: None,
                stats,
                scores,
            };
        }
        if game.moves().len() >= cap {
            return PlayedGame {
                termination: format!(
                    "adjudicated a draw: {} played without an end",
                    boardlab_core::count(max_plies as u64, "ply", "plies")
                ),
                history: game,
                result: RecordResult::Draw,
                max_time_share: max_share,
                illegal: None,
                failure: None,
                stats,
                scores,
            };
        }
        let side = game.current().side_to_move();
        let view = clock.map(|c| c.view(side));
        let started = Instant::now();
        let mut last = None;
        let mut report = |info: &SearchInfo| last = Some(info.clone());
        let bot = &mut *bots[side.index()];
        let choice = match &view {
            Some(view) => bot.choose_on_clock(&game, view, &mut report),
            None => bot.choose(&game, &mut report),
        };
        let took = started.elapsed();
        stats[side.index()].record_move(last.as_ref(), took, time_limits[side.index()]);
        if let Some(limit) = time_limits[side.index()] {
            max_share = max_share.max(took.as_secs_f64() / limit.as_secs_f64());
        }
        let flag = match clock.as_mut().map(|c| c.spend(side, took)) {
            Some(Ok(left)) => {
                stats[side.index()].record_time_left(left);
                None
            }
            Some(Err(out)) => {
                stats[side.index()].record_time_left(Duration::ZERO);
                // A bot that failed too (an engine that hung past its grace) adds its story.
                let failed = choice.is_none().then(|| bot.failure()).flatten();
                Some(BotFailure {
                    kind: FailureKind::OnTime,
                    message: match &failed {
                        Some(failure) => format!("{}; it {}", out.describe(), failure.summary()),
                        None => out.describe(),
                    },
                    details: failed.map_or_else(
                        || format!("  position: {}\n", game.current()),
                        |failure| failure.details,
                    ),
                })
            }
            None => None,
        };
        let played = if flag.is_some() {
            None
        } else {
            choice.map(|mv| (mv, game.play(mv)))
        };
        if let Some((_, Ok(()))) = played {
            scores.push(last.map(|info| info.score));
            continue;
        }
        let text = played.map_or_else(|| "no move".to_string(), |(mv, _)| mv.to_string());
        let failure = flag.unwrap_or_else(|| {
            bots[side.index()].failure().unwrap_or_else(|| BotFailure {
                kind: FailureKind::Illegal,
                message: text.clone(),
                details: format!("  position: {}\n", game.current()),
            })
        });
        stats[side.index()].record_failure(failure.kind);
        let termination = match failure.kind {
            FailureKind::OnTime => format!(
                "{} loses on time: its bot {}",
                game.current().player_name(side),
                failure.message
            ),
            _ => format!(
                "{} loses: its bot {}",
                game.current().player_name(side),
                failure.summary()
            ),
        };
        return PlayedGame {
            termination,
            history: game,
            result: RecordResult::Win(side.opponent()),
            max_time_share: max_share,
            illegal: Some(match failure.kind {
                FailureKind::Illegal => text,
                _ => failure.message.clone(),
            }),
            failure: Some((side, failure)),
            stats,
            scores,
        };
    }
}

/// Plays game `index` of the match.
fn match_game<P: Evaluate>(
    config: &MatchConfig<P>,
    start: GameHistory<P>,
    index: usize,
) -> GameReport {
    let a_is_player1 = index.is_multiple_of(2);
    let game_seed = mix(config.seed.wrapping_add(index as u64).wrapping_mul(31));
    let mut a = config.bot_a.build::<P>(mix(game_seed ^ 1));
    let mut b = config.bot_b.build::<P>(mix(game_seed ^ 2));
    a.new_game();
    b.new_game();
    // On a clock the bots' own time per move does not apply: no share of it to measure.
    let (a_limit, b_limit) = match config.time_control {
        Some(_) => (None, None),
        None => (config.bot_a.limits.time, config.bot_b.limits.time),
    };
    let clock = config.time_control.map(GameClock::new);
    let (names, played) = if a_is_player1 {
        (
            [a.name(), b.name()],
            play_game(
                start,
                [a.as_mut(), b.as_mut()],
                [a_limit, b_limit],
                config.max_plies,
                clock,
            ),
        )
    } else {
        (
            [b.name(), a.name()],
            play_game(
                start,
                [b.as_mut(), a.as_mut()],
                [b_limit, a_limit],
                config.max_plies,
                clock,
            ),
        )
    };
    let a_player = if a_is_player1 {
        Player::One
    } else {
        Player::Two
    };
    let a_points = match played.result {
        RecordResult::Win(winner) if winner == a_player => 1.0,
        RecordResult::Win(_) => 0.0,
        _ => 0.5,
    };
    let mut record = GameRecord::from_history(
        &played.history,
        &names[0],
        &names[1],
        played.result,
        &played.termination,
    );
    if let Some(control) = config.time_control {
        let at = record
            .tags
            .iter()
            .position(|(name, _)| name == "Result")
            .unwrap_or(record.tags.len());
        record
            .tags
            .insert(at, ("TimeControl".to_string(), control.to_string()));
    }
    GameReport {
        index,
        a_is_player1,
        record,
        a_points,
        plies: played.history.moves().len(),
        max_time_share: played.max_time_share,
        illegal: played.illegal,
        stats: [
            played.stats[a_player.index()],
            played.stats[a_player.opponent().index()],
        ],
        failure: played.failure.map(|(player, failure)| MatchFailure {
            bot_a: player == a_player,
            player,
            failure,
        }),
        scores: played.scores,
    }
}

/// What a match does after a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on with the next game.
    Continue,
    /// Start no more games (those under way are finished and counted).
    Stop,
}

/// Plays the match, calling `on_game` with each finished game and bot A's running tally (in
/// the order games finish: game order with one thread). The summary lists games in order.
pub fn run_match<P: Evaluate>(
    config: &MatchConfig<P>,
    on_game: &(dyn Fn(&GameReport, &Tally) + Sync),
) -> MatchSummary {
    run_match_until(config, &|report, tally| {
        on_game(report, tally);
        Flow::Continue
    })
}

/// Plays the match like [`run_match`] until `on_game` says [`Flow::Stop`] (a sequential test
/// has decided) or every game is played; the summary holds the games played.
pub fn run_match_until<P: Evaluate>(
    config: &MatchConfig<P>,
    on_game: &(dyn Fn(&GameReport, &Tally) -> Flow + Sync),
) -> MatchSummary {
    let every: Vec<usize> = (0..config.games).collect();
    run_games(config, &every, on_game)
}

/// Plays only the games of the match numbered in `indices` (each with the opening and seed
/// it has in the whole match), like [`run_match_until`]: a share of a match that several
/// machines split between them.
pub fn run_games<P: Evaluate>(
    config: &MatchConfig<P>,
    indices: &[usize],
    on_game: &(dyn Fn(&GameReport, &Tally) -> Flow + Sync),
) -> MatchSummary {
    let openings = match_openings(
        &config.start,
        config.draw_first,
        config.openings,
        config.seed,
        config.games.div_ceil(2),
    );
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let finished: Mutex<(Vec<Option<GameReport>>, Tally)> =
        Mutex::new((vec![None; config.games], Tally::default()));
    std::thread::scope(|scope| {
        for _ in 0..config.threads.clamp(1, indices.len().max(1)) {
            std::thread::Builder::new()
                .stack_size(THREAD_STACK)
                .spawn_scoped(scope, || {
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let Some(&index) = indices.get(next.fetch_add(1, Ordering::Relaxed)) else {
                            break;
                        };
                        let report = match_game(config, openings[index / 2].clone(), index);
                        let mut guard = finished.lock().unwrap_or_else(|e| e.into_inner());
                        let (games, tally) = &mut *guard;
                        match report.a_points {
                            1.0 => tally.wins += 1,
                            0.0 => tally.losses += 1,
                            _ => tally.draws += 1,
                        }
                        if on_game(&report, tally) == Flow::Stop {
                            stop.store(true, Ordering::Relaxed);
                        }
                        games[index] = Some(report);
                    }
                })
                .expect("a match thread starts");
        }
    });
    let (games, tally) = finished.into_inner().unwrap_or_else(|e| e.into_inner());
    MatchSummary {
        tally,
        games: games.into_iter().flatten().collect(),
    }
}
