//! Fitting evaluation weights to game results (Texel tuning): positions from self-play
//! games, each labelled with its game's result, and a local search over the weights that
//! makes `sigmoid(evaluation)` predict those results as closely as it can.
//!
//! The error of weights `w` is the mean of `(result - sigmoid(K eval_w(p)))^2` over the
//! positions `p`, with results and evaluations from Player 1's side, `sigmoid(x) = 1 / (1 +
//! 10^(-x/400))`, and `K` the scale that fits the starting weights best.

use crate::bad_entry::{BadEntry, data_lines};
use crate::matches::arena::{MatchConfig, run_match};
use crate::matches::openings::{OpeningKind, Openings};
use crate::spec::BotSpec;
use boardlab_core::record::{GameRecord, RecordResult};
use boardlab_core::{Evaluate, MoveList, Player, RuleOptions, Tunable, quoted};

mod gradient;
pub mod spsa;

pub use gradient::{GradientSettings, NotLinear, fit_gradient};

/// A position and the result of the game it comes from.
#[derive(Clone, Copy, Debug)]
pub struct Sample<P> {
    /// The position.
    pub position: P,
    /// Player 1's points from its game: 1, 1/2 or 0.
    pub result: f64,
}

/// Plays `games` games of `bot` against itself from `opening_plies` random plies (pairs of
/// games share an opening, with colours swapped) and keeps the quiet positions after the
/// opening: those not in check, reached by a quiet move and left by one. `on_game` hears of
/// every finished game.
pub fn self_play_samples<P: Evaluate>(
    game: P::Rules,
    bot: &BotSpec,
    games: usize,
    opening_plies: u32,
    threads: usize,
    seed: u64,
    on_game: &(dyn Fn() + Sync),
) -> Vec<Sample<P>> {
    let config = MatchConfig {
        start: P::start(game),
        draw_first: game.first_player_drawn(),
        bot_a: bot.clone(),
        bot_b: bot.clone(),
        games,
        threads,
        openings: Openings {
            kind: OpeningKind::Random,
            plies: opening_plies,
        },
        seed,
        max_plies: crate::matches::arena::DEFAULT_MAX_PLIES,
        time_control: None,
    };
    let summary = run_match(&config, &|_, _| on_game());
    let records: Vec<GameRecord> = summary.games.into_iter().map(|g| g.record).collect();
    samples_from_records(game, &records, opening_plies as usize)
}

/// The quiet positions of finished games (those not in check, reached by a quiet move and
/// left by one, where the side to move has no capture that wins material), each labelled
/// with its game's result, skipping the first `skip_plies` plies of every game. For the
/// records of games just played (which replay): one that does not is left out.
pub fn samples_from_records<P: Evaluate>(
    game: P::Rules,
    records: &[GameRecord],
    skip_plies: usize,
) -> Vec<Sample<P>> {
    records
        .iter()
        .filter_map(|record| samples_from_record::<P>(game, record, skip_plies).ok())
        .flatten()
        .collect()
}

/// The quiet positions of one finished game (see [`samples_from_records`]), or why it
/// cannot be learnt from: no result, an unfinished game, or moves that do not replay
/// under `game`'s rules changed by its `Rules` tag.
pub fn samples_from_record<P: Evaluate>(
    game: P::Rules,
    record: &GameRecord,
    skip_plies: usize,
) -> Result<Vec<Sample<P>>, String> {
    let result = match record
        .tag("Result")
        .map(|tag| (tag, RecordResult::from_text(tag)))
    {
        Some((_, Some(RecordResult::Win(Player::One)))) => 1.0,
        Some((_, Some(RecordResult::Win(Player::Two)))) => 0.0,
        Some((_, Some(RecordResult::Draw))) => 0.5,
        Some((_, Some(RecordResult::Unfinished))) => {
            return Err("the game is unfinished (result '*'): it has no result to learn".into());
        }
        Some((tag, None)) => return Err(format!("{} is not a result", quoted(tag))),
        None => return Err("it has no Result tag: a game to learn from needs its result".into()),
    };
    let history = record
        .replay_with::<P>(game)
        .map_err(|error| error.to_string())?;
    let positions = history.positions();
    let moves = history.moves();
    let mut samples = Vec::new();
    for ply in (skip_plies + 1)..moves.len() {
        let position = &positions[ply];
        let quiet = !positions[ply - 1].is_tactical(moves[ply - 1])
            && !position.is_tactical(moves[ply])
            && !position.in_check()
            && !has_winning_capture(position);
        if quiet {
            samples.push(Sample {
                position: *position,
                result,
            });
        }
    }
    Ok(samples)
}

/// What a record file gives the tuner for game `P`.
#[derive(Clone, Debug)]
pub struct RecordFileSamples<P> {
    /// The samples of every usable record of `P`.
    pub samples: Vec<Sample<P>>,
    /// The records of `P` learnt from.
    pub games: usize,
    /// The records of other games, left alone.
    pub other_games: usize,
    /// The records that cannot be read or learnt from, each with its place and reason.
    pub bad: Vec<BadEntry>,
}

/// The samples of the records of game `P` in the record file `text` (see
/// [`samples_from_record`]), skipping `skip_plies` plies of each; records of other games
/// are counted and left alone, and every record that cannot be used is listed with its
/// number, line and reason.
pub fn samples_from_record_file<P: Evaluate>(
    game: P::Rules,
    text: &str,
    skip_plies: usize,
) -> RecordFileSamples<P> {
    let mut found = RecordFileSamples {
        samples: Vec::new(),
        games: 0,
        other_games: 0,
        bad: Vec::new(),
    };
    for entry in GameRecord::parse_each(text) {
        let used = entry
            .record
            .map_err(|error| error.to_string())
            .and_then(|record| match record.tag("Game") {
                Some(id) if id == game.game() => {
                    samples_from_record::<P>(game, &record, skip_plies).map(Some)
                }
                Some(_) => Ok(None),
                None => Err("it has no Game tag".to_string()),
            });
        match used {
            Ok(Some(samples)) => {
                found.games += 1;
                found.samples.extend(samples);
            }
            Ok(None) => found.other_games += 1,
            Err(reason) => found.bad.push(BadEntry {
                record: Some(entry.number),
                line: entry.line,
                reason,
            }),
        }
    }
    found
}

/// The positions of a data file (lines `POSITION | SCORE | RESULT`, as `boardlab datagen`
/// writes them, or a stronger engine's scores for the same positions), each labelled with a
/// blend of its score's predicted result (`score_weight`) and its game's result (the rest):
/// tuning toward a stronger searcher's scores teaches the evaluation what that searcher
/// knows. Empty lines and lines starting with `#` are skipped; the lines that cannot be
/// read are returned beside the samples, each with its number and reason.
pub fn samples_from_data<P: Evaluate>(
    game: P::Rules,
    text: &str,
    score_weight: f64,
) -> (Vec<Sample<P>>, Vec<BadEntry>) {
    let rules = game;
    let mut samples = Vec::new();
    let mut bad = Vec::new();
    for (number, line) in data_lines(text) {
        let read = line
            .parse::<crate::learning::network::DataLine>()
            .and_then(|data| {
                let position = P::from_text(&data.position, rules).map_err(|e| e.to_string())?;
                Ok((position, data))
            });
        match read {
            Ok((position, data)) => {
                let predicted = sigmoid(data.score as f64, 1.0);
                samples.push(Sample {
                    position,
                    result: score_weight * predicted + (1.0 - score_weight) * data.result,
                });
            }
            Err(reason) => bad.push(BadEntry {
                record: None,
                line: number,
                reason,
            }),
        }
    }
    (samples, bad)
}

/// Whether the side to move at `position` has a tactical move that wins material in the
/// exchange on its square (so its static evaluation is not to be trusted).
pub(crate) fn has_winning_capture<P: Evaluate>(position: &P) -> bool {
    let mut moves = MoveList::new();
    position.tactical_moves(&mut moves);
    let weights = P::Weights::default();
    moves
        .iter()
        .any(|&mv| position.wins_exchange(mv, 1, &weights))
}

/// The evaluation of `position` under `weights`, from Player 1's side.
fn white_eval<P: Evaluate>(position: &P, weights: &P::Weights) -> f64 {
    let eval = position.evaluate(weights) as f64;
    match position.side_to_move() {
        Player::One => eval,
        Player::Two => -eval,
    }
}

/// The predicted score of an evaluation `eval` with scale `k`.
fn sigmoid(eval: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// The mean squared error of `weights` with scale `k` on `samples`, computed on `threads`
/// threads.
pub fn error<P: Evaluate>(
    samples: &[Sample<P>],
    weights: &P::Weights,
    k: f64,
    threads: usize,
) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let chunk = samples.len().div_ceil(threads.max(1));
    let total: f64 = std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|s| (s.result - sigmoid(white_eval(&s.position, weights), k)).powi(2))
                        .sum::<f64>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0.0)).sum()
    });
    total / samples.len() as f64
}

/// The scale `K` with the least error for `weights`, to three decimals.
pub fn fit_scale<P: Evaluate>(samples: &[Sample<P>], weights: &P::Weights, threads: usize) -> f64 {
    let (mut low, mut high) = (0.05, 5.0);
    // The error is unimodal in K: a ternary search finds its least value.
    while high - low > 0.001 {
        let a = low + (high - low) / 3.0;
        let b = high - (high - low) / 3.0;
        if error(samples, weights, a, threads) < error(samples, weights, b, threads) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// What a fit did: the errors before and after and the passes it took.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitReport {
    /// The scale used.
    pub k: f64,
    /// The error of the starting weights.
    pub before: f64,
    /// The error of the fitted weights.
    pub after: f64,
    /// Passes over all the weights (local search) or steps of gradient descent.
    pub passes: usize,
}

/// How the local-search fit runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalSettings {
    /// The first step a weight is moved by (halved down to 1).
    pub first_step: i32,
    /// The most passes over all the weights.
    pub max_passes: usize,
    /// The weights (by their index in [`Tunable::to_vec`]) that keep their starting values,
    /// as `Tunable::in_groups` marks them; empty: every weight is fitted.
    pub fixed: Vec<bool>,
}

/// Fits `weights` to `samples` by local search: each weight in turn (but the fixed ones) is
/// moved up or down by a step while that lowers the error; the step halves from the first
/// step down to 1 when a pass changes nothing. At most `max_passes` passes; `on_pass` hears
/// each pass's error.
pub fn fit<P: Evaluate>(
    samples: &[Sample<P>],
    weights: &mut P::Weights,
    settings: &LocalSettings,
    threads: usize,
    on_pass: &mut dyn FnMut(usize, f64),
) -> FitReport {
    let (max_passes, fixed) = (settings.max_passes, &settings.fixed);
    let k = fit_scale(samples, weights, threads);
    let before = error(samples, weights, k, threads);
    let mut best = before;
    let mut values = weights.to_vec();
    let mut step = settings.first_step.max(1);
    let mut passes = 0;
    while passes < max_passes {
        passes += 1;
        let mut improved = false;
        for i in 0..values.len() {
            if fixed.get(i) == Some(&true) {
                continue;
            }
            for delta in [step, -step] {
                values[i] += delta;
                weights.set_from(&values);
                let e = error(samples, weights, k, threads);
                if e < best {
                    best = e;
                    improved = true;
                    break;
                }
                values[i] -= delta;
            }
        }
        weights.set_from(&values);
        on_pass(passes, best);
        if !improved {
            if step == 1 {
                break;
            }
            step /= 2;
        }
    }
    FitReport {
        k,
        before,
        after: best,
        passes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sigmoid_is_a_score() {
        assert!((sigmoid(0.0, 1.0) - 0.5).abs() < 1e-12);
        assert!((sigmoid(400.0, 1.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!(sigmoid(-400.0, 1.0) < 0.1);
    }
}
