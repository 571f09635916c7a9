//! Running the games of a designer's report: self-play between two bots, the skill ladder,
//! and a look at every first move; or one share of them.

use super::data::{FirstMove, GameSummary, LadderGame, RunData};
use crate::matches::arena::{GameReport, MatchConfig, mix, run_games};
use crate::matches::openings::Openings;
use crate::search::score::Score;
use crate::solver::{SolveError, Solver};
use crate::spec::BotSpec;
use boardlab_core::record::RecordResult;
use boardlab_core::{
    DrawReason, Evaluate, GameHistory, OracleError, Outcome, Player, Position, RuleOptions,
    ValueOracle, WinReason,
};
use std::path::PathBuf;
use std::str::FromStr;

/// A decided game, as a score in hundredths of the basic piece.
const DECIDED: i32 = 10_000;

/// Which share of the games a run plays: share `index` (from 1) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This share, 1 to `count`.
    pub index: usize,
    /// The number of shares.
    pub count: usize,
}

impl Shard {
    /// The whole run.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Whether the pair of games `pair` (two games, one opening) belongs to this share.
    pub fn has_pair(self, pair: usize) -> bool {
        pair % self.count == self.index - 1
    }

    /// The games of a run of `games` games that this share plays.
    pub fn games(self, games: usize) -> Vec<usize> {
        (0..games).filter(|&game| self.has_pair(game / 2)).collect()
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Reads `K/N`, 1 ≤ K ≤ N.
    fn from_str(text: &str) -> Result<Shard, String> {
        let parsed = text
            .split_once('/')
            .and_then(|(k, n)| Some((k.trim().parse().ok()?, n.trim().parse().ok()?)));
        match parsed {
            Some((index, count)) if 1 <= index && index <= count => Ok(Shard { index, count }),
            _ => Err(format!(
                "shard {}: expected K/N with 1 <= K <= N, e.g. 3/8 for the third of eight shares",
                boardlab_core::quoted(text)
            )),
        }
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Told how a run advances, for a progress bar.
pub trait RunProgress: Sync {
    /// A part of the run begins (`self-play`, `ladder`, `first moves`) with `total` steps.
    fn begin(&self, part: &str, total: u64);
    /// One step is done.
    fn step(&self);
}

/// What a run plays.
#[derive(Clone, Debug)]
pub struct AnalyzeConfig {
    /// The self-play bots (Player 1 and Player 2 in even games; colours swap in odd ones).
    pub bots: [BotSpec; 2],
    /// Self-play games in the whole run.
    pub games: usize,
    /// The skill ladder, weakest first.
    pub ladder: Vec<BotSpec>,
    /// Games a rung.
    pub ladder_games: usize,
    /// How openings are made.
    pub openings: Openings,
    /// The seed of everything random.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
    /// Plies after the opening at which a game is adjudicated a draw.
    pub max_plies: usize,
    /// Which share to play.
    pub shard: Shard,
    /// Tablebases for exact values, if any.
    pub tablebases: Option<PathBuf>,
    /// The most positions the exact solver may search for the start's value.
    pub solve_nodes: u64,
}

/// Plays `config`'s share of the run from `start` (a new game of this variant; `draw_first`
/// where the game draws its first player) and returns its records; an error when the
/// tablebases cannot be read (a damaged file).
pub fn run<P: Evaluate>(
    start: P,
    draw_first: bool,
    variant: &str,
    config: &AnalyzeConfig,
    progress: &dyn RunProgress,
) -> Result<RunData, OracleError> {
    let match_config = |bot_a: &BotSpec, bot_b: &BotSpec, games: usize, seed: u64| MatchConfig {
        start,
        draw_first,
        bot_a: bot_a.clone(),
        bot_b: bot_b.clone(),
        games,
        threads: config.threads,
        openings: config.openings,
        seed,
        max_plies: config.max_plies,
        time_control: None,
    };
    let self_play_games = config.shard.games(config.games);
    progress.begin("self-play", self_play_games.len() as u64);
    let played = run_games(
        &match_config(&config.bots[0], &config.bots[1], config.games, config.seed),
        &self_play_games,
        &|_, _| {
            progress.step();
            crate::matches::arena::Flow::Continue
        },
    );
    let self_play = played
        .games
        .iter()
        .map(|report| summary::<P>(report, start.rules()))
        .collect();

    let ladder_share = config.shard.games(config.ladder_games);
    progress.begin(
        "skill ladder",
        (ladder_share.len() * config.ladder.len().saturating_sub(1)) as u64,
    );
    let mut ladder_results = Vec::new();
    for rung in 0..config.ladder.len().saturating_sub(1) {
        let seed = mix(config.seed ^ (rung as u64 + 1).wrapping_mul(0x9e37_79b9));
        let played = run_games(
            &match_config(
                &config.ladder[rung + 1],
                &config.ladder[rung],
                config.ladder_games,
                seed,
            ),
            &ladder_share,
            &|_, _| {
                progress.step();
                crate::matches::arena::Flow::Continue
            },
        );
        ladder_results.extend(played.games.iter().map(|report| LadderGame {
            rung,
            index: report.index,
            points: report.a_points,
        }));
    }

    let (first_moves, solved) = if config.shard.index == 1 {
        first_moves(&start, config, progress)?
    } else {
        (Vec::new(), None)
    };
    Ok(RunData {
        game: start.game_id().to_string(),
        variant: variant.to_string(),
        bots: [config.bots[0].to_string(), config.bots[1].to_string()],
        games: config.games,
        ladder: config.ladder.iter().map(ToString::to_string).collect(),
        ladder_games: config.ladder_games,
        openings: config.openings.to_string(),
        seed: config.seed,
        shard: config.shard.to_string(),
        self_play,
        ladder_results,
        first_moves,
        solved,
    })
}

/// What the report keeps of one played game.
fn summary<P: Evaluate>(report: &GameReport, rules: P::Rules) -> GameSummary {
    let history: GameHistory<P> = report
        .record
        .replay_with(rules)
        .expect("a game the arena played replays");
    let positions = history.positions();
    let plies = history.moves().len();
    let opening = plies - report.scores.len();
    let winner = match report
        .record
        .tag("Result")
        .and_then(RecordResult::from_text)
    {
        Some(RecordResult::Win(player)) => Some(player.number()),
        _ => None,
    };
    let end = match history.outcome() {
        Some(Outcome::Win { reason, .. }) => match reason {
            WinReason::KeyPieceCaptured(letter) => format!("{letter} captured"),
            WinReason::NoLegalMove => "no legal move".to_string(),
            WinReason::OutOfMoves => "out of moves".to_string(),
            WinReason::ReachedGoal => "goal reached".to_string(),
            WinReason::NoPiecesLeft => "no pieces left".to_string(),
        },
        Some(Outcome::Draw(DrawReason::Repetition)) => "repetition".to_string(),
        Some(Outcome::Draw(DrawReason::NoProgress { .. })) => "no progress".to_string(),
        Some(Outcome::Draw(DrawReason::NoLegalMove)) => "no legal move".to_string(),
        None if report.failure.is_some() => "a bot failed".to_string(),
        None => "adjudicated (too long)".to_string(),
    };
    let scores = report
        .scores
        .iter()
        .enumerate()
        .map(|(i, score)| {
            let mover = positions[opening + i].side_to_move();
            score.map(|score| {
                let cp = match score {
                    Score::Eval(cp) => cp.clamp(-DECIDED, DECIDED),
                    Score::Win(_) => DECIDED,
                    Score::Loss(_) => -DECIDED,
                    Score::Probability(p) => ((p - 0.5) * 2.0 * DECIDED as f64) as i32,
                };
                if mover == Player::One { cp } else { -cp }
            })
        })
        .collect();
    GameSummary {
        index: report.index,
        first: history.start().side_to_move().number(),
        winner,
        end,
        plies,
        branching: positions[..plies]
            .iter()
            .map(|position| position.count_legal_moves() as u32)
            .collect(),
        material: positions.iter().map(Position::material).collect(),
        scores,
    }
}

/// Every first move from the start with the first bot's score after it (and its exact value
/// where the solver reaches), and the start's exact value. Tablebases that do not open for
/// this variant's board are left out (the caller has said so); a damaged one is an error.
fn first_moves<P: Evaluate>(
    start: &P,
    config: &AnalyzeConfig,
    progress: &dyn RunProgress,
) -> Result<(Vec<FirstMove>, Option<String>), OracleError> {
    let moves = start.legal_move_list();
    progress.begin("first moves", moves.len() as u64 + 1);
    let oracle: Option<Box<dyn ValueOracle<P>>> = config
        .tablebases
        .as_ref()
        .and_then(|dir| P::open_tablebases(dir, start.rules()).ok());
    let solvable = start.rules().acyclic() || oracle.is_some();
    let solution = match solvable.then(|| Solver::new(oracle, config.solve_nodes).solve(start)) {
        Some(Ok(solution)) => Some(solution),
        Some(Err(SolveError::Oracle(damaged))) => return Err(damaged),
        Some(Err(_)) | None => None,
    };
    progress.step();
    let mut bot = config.bots[0].build::<P>(config.seed);
    let found = moves
        .iter()
        .map(|&mv| {
            let mut game = GameHistory::new(*start);
            let _ = game.play(mv);
            let score = match game.outcome() {
                Some(outcome) if outcome.winner() == Some(start.side_to_move()) => DECIDED,
                Some(outcome) if outcome.winner().is_some() => -DECIDED,
                Some(_) => 0,
                None => {
                    let mut last = None;
                    bot.new_game();
                    bot.set_limits(config.bots[0].limits);
                    bot.choose(&game, &mut |info| last = Some(info.score));
                    match last {
                        Some(Score::Eval(cp)) => -cp.clamp(-DECIDED, DECIDED),
                        Some(Score::Win(_)) => -DECIDED,
                        Some(Score::Loss(_)) => DECIDED,
                        Some(Score::Probability(p)) => ((0.5 - p) * 2.0 * DECIDED as f64) as i32,
                        None => 0,
                    }
                }
            };
            progress.step();
            let text = mv.to_string();
            let exact = solution.as_ref().and_then(|solution| {
                solution
                    .moves
                    .iter()
                    .find(|entry| entry.text == text)
                    .map(|entry| entry.value.to_string())
            });
            FirstMove {
                mv: text,
                score,
                exact,
            }
        })
        .collect();
    let solved = solution.map(|solution| {
        format!(
            "{} for {}",
            solution.value,
            start.player_name(start.side_to_move())
        )
    });
    Ok((found, solved))
}
