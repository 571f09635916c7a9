//! The statistics of a designer's report, computed from the raw records of a run.

use super::data::{FirstMove, GameSummary, RunData};
use crate::matches::elo::Tally;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A score is a lead when it is at least this far from level (one basic piece).
pub const LEAD: i32 = 100;

/// The share of the games that must reach a ply for the per-ply means to show it.
pub const FEW: f64 = 0.05;

/// The width of a bar of the game length histogram, in plies.
pub const LENGTH_BIN: usize = 10;

/// A share with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    /// The measured share, 0 to 1.
    pub value: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end.
    pub high: f64,
}

impl Interval {
    /// The mean of `points` (each 0, 1/2 or 1) with a normal-approximation 95% interval,
    /// clamped to 0..1.
    pub fn of_points(points: &[f64]) -> Interval {
        let n = points.len() as f64;
        if n == 0.0 {
            return Interval {
                value: 0.5,
                low: 0.0,
                high: 1.0,
            };
        }
        let mean = points.iter().sum::<f64>() / n;
        let variance = points.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / n;
        let margin = 1.96 * (variance / n).sqrt();
        Interval {
            value: mean,
            low: (mean - margin).max(0.0),
            high: (mean + margin).min(1.0),
        }
    }
}

/// The lengths of the games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lengths {
    /// The mean, in plies.
    pub mean: f64,
    /// The median.
    pub median: f64,
    /// The shortest.
    pub min: usize,
    /// The longest.
    pub max: usize,
    /// Games by length: `(first ply of the bar, games)`, bars [`LENGTH_BIN`] plies wide.
    pub histogram: Vec<(usize, usize)>,
}

/// One rung of the skill ladder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rung {
    /// The stronger bot (the ladder's next one).
    pub stronger: String,
    /// The bot below it.
    pub weaker: String,
    /// The stronger bot's wins, draws and losses.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// The Elo difference and its 95% interval (infinite when one side scored everything;
    /// JSON writes it `"+inf"` or `"-inf"`).
    #[serde(with = "elo_text")]
    pub elo: f64,
    /// Lower end.
    #[serde(with = "elo_text")]
    pub elo_low: f64,
    /// Upper end.
    #[serde(with = "elo_text")]
    pub elo_high: f64,
}

/// A designer's report on one variant of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The game id.
    pub game: String,
    /// The variant (rule settings, board).
    pub variant: String,
    /// The self-play bots.
    pub bots: [String; 2],
    /// The openings.
    pub openings: String,
    /// Self-play games.
    pub games: usize,
    /// The first player's score (wins plus half the draws) with its interval: 0.5 is fair.
    pub first_player: Interval,
    /// The share of games won by either side.
    pub decisive: f64,
    /// How the games ended, by kind, with their counts.
    pub ends: BTreeMap<String, usize>,
    /// The game lengths.
    pub lengths: Lengths,
    /// The mean number of legal moves at each ply (over the games still going there, as far
    /// as [`FEW`] of the games go).
    pub branching: Vec<f64>,
    /// Each player's mean material at each ply (likewise).
    pub material: Vec<[f64; 2]>,
    /// Changes of the leading side by the bots' scores: the mean a game.
    pub lead_changes: f64,
    /// The share of games with at least one change of lead.
    pub games_with_lead_change: f64,
    /// The skill ladder, weakest rung first.
    pub ladder: Vec<Rung>,
    /// The first moves from the start, best first.
    pub first_moves: Vec<FirstMove>,
    /// The exact value of the start, where known.
    pub solved: Option<String>,
}

/// Elo figures in JSON: numbers, or the strings `+inf` and `-inf` that JSON numbers lack.
mod elo_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(elo: &f64, serializer: S) -> Result<S::Ok, S::Error> {
        if elo.is_infinite() {
            serializer.serialize_str(if *elo > 0.0 { "+inf" } else { "-inf" })
        } else {
            serializer.serialize_f64(*elo)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Elo {
            Number(f64),
            Text(String),
        }
        match Elo::deserialize(deserializer)? {
            Elo::Number(elo) => Ok(elo),
            Elo::Text(text) if text == "+inf" => Ok(f64::INFINITY),
            Elo::Text(text) if text == "-inf" => Ok(f64::NEG_INFINITY),
            Elo::Text(text) => Err(serde::de::Error::custom(format!(
                "{} is not an Elo figure (a number, +inf or -inf)",
                boardlab_core::quoted(&text)
            ))),
        }
    }
}

/// The report of a run.
pub fn report(run: &RunData) -> Report {
    let games = &run.self_play;
    let first_points: Vec<f64> = games
        .iter()
        .map(|game| match game.winner {
            Some(winner) if winner == game.first => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        })
        .collect();
    let mut ends = BTreeMap::new();
    for game in games {
        *ends.entry(game.end.clone()).or_insert(0) += 1;
    }
    let decisive = if games.is_empty() {
        0.0
    } else {
        games.iter().filter(|game| game.winner.is_some()).count() as f64 / games.len() as f64
    };
    let (changes, with_change) = lead_changes(games);
    let mut first_moves = run.first_moves.clone();
    first_moves.sort_by(|a, b| b.score.cmp(&a.score).then(a.mv.cmp(&b.mv)));
    Report {
        game: run.game.clone(),
        variant: run.variant.clone(),
        bots: run.bots.clone(),
        openings: run.openings.clone(),
        games: games.len(),
        first_player: Interval::of_points(&first_points),
        decisive,
        ends,
        lengths: lengths(games),
        branching: mean_by_ply(games, |game| &game.branching, |&count| [count as f64])
            .into_iter()
            .map(|[mean]| mean)
            .collect(),
        material: mean_by_ply(games, |game| &game.material, |pair| pair.map(f64::from)),
        lead_changes: changes,
        games_with_lead_change: with_change,
        ladder: ladder(run),
        first_moves,
        solved: run.solved.clone(),
    }
}

/// The length statistics.
fn lengths(games: &[GameSummary]) -> Lengths {
    let mut plies: Vec<usize> = games.iter().map(|game| game.plies).collect();
    plies.sort_unstable();
    let n = plies.len();
    let median = match n {
        0 => 0.0,
        _ if n % 2 == 1 => plies[n / 2] as f64,
        _ => (plies[n / 2 - 1] + plies[n / 2]) as f64 / 2.0,
    };
    let mut histogram: BTreeMap<usize, usize> = BTreeMap::new();
    for &length in &plies {
        *histogram
            .entry(length / LENGTH_BIN * LENGTH_BIN)
            .or_insert(0) += 1;
    }
    Lengths {
        mean: if n == 0 {
            0.0
        } else {
            plies.iter().sum::<usize>() as f64 / n as f64
        },
        median,
        min: plies.first().copied().unwrap_or(0),
        max: plies.last().copied().unwrap_or(0),
        histogram: histogram.into_iter().collect(),
    }
}

/// The mean of a per-ply series over the games that reach each ply, as far as at least
/// [`FEW`] of the games (and one) reach: beyond, a mean of a handful of games says little.
fn mean_by_ply<T, const N: usize>(
    games: &[GameSummary],
    series: impl Fn(&GameSummary) -> &Vec<T>,
    value: impl Fn(&T) -> [f64; N],
) -> Vec<[f64; N]> {
    let mut lengths: Vec<usize> = games.iter().map(|game| series(game).len()).collect();
    lengths.sort_unstable_by(|a, b| b.cmp(a));
    let enough = ((games.len() as f64 * FEW).ceil() as usize).max(1);
    let longest = lengths.get(enough - 1).copied().unwrap_or(0);
    (0..longest)
        .map(|ply| {
            let mut sum = [0.0; N];
            let mut count = 0.0;
            for game in games {
                if let Some(item) = series(game).get(ply) {
                    for (total, part) in sum.iter_mut().zip(value(item)) {
                        *total += part;
                    }
                    count += 1.0;
                }
            }
            sum.map(|total| total / count)
        })
        .collect()
}

/// The mean number of lead changes a game, and the share of games with one or more. A lead
/// is a score at least [`LEAD`] from level; a change is a lead for one side after a lead for
/// the other (level stretches between them do not count).
fn lead_changes(games: &[GameSummary]) -> (f64, f64) {
    if games.is_empty() {
        return (0.0, 0.0);
    }
    let counts: Vec<usize> = games
        .iter()
        .map(|game| {
            let mut leader = 0;
            let mut changes = 0;
            for score in game.scores.iter().flatten() {
                let side = if *score >= LEAD {
                    1
                } else if *score <= -LEAD {
                    -1
                } else {
                    0
                };
                if side != 0 {
                    if leader != 0 && side != leader {
                        changes += 1;
                    }
                    leader = side;
                }
            }
            changes
        })
        .collect();
    let n = counts.len() as f64;
    (
        counts.iter().sum::<usize>() as f64 / n,
        counts.iter().filter(|&&c| c > 0).count() as f64 / n,
    )
}

/// The ladder's rungs from its games.
fn ladder(run: &RunData) -> Vec<Rung> {
    (1..run.ladder.len())
        .map(|step| {
            let mut tally = Tally::default();
            for game in run
                .ladder_results
                .iter()
                .filter(|game| game.rung == step - 1)
            {
                match game.points {
                    1.0 => tally.wins += 1,
                    0.0 => tally.losses += 1,
                    _ => tally.draws += 1,
                }
            }
            let (elo, elo_low, elo_high) = tally.elo();
            Rung {
                stronger: run.ladder[step].clone(),
                weaker: run.ladder[step - 1].clone(),
                wins: tally.wins,
                draws: tally.draws,
                losses: tally.losses,
                elo,
                elo_low,
                elo_high,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(
        index: usize,
        first: u8,
        winner: Option<u8>,
        plies: usize,
        scores: &[i32],
    ) -> GameSummary {
        GameSummary {
            index,
            first,
            winner,
            end: if winner.is_some() {
                "goal reached"
            } else {
                "repetition"
            }
            .to_string(),
            plies,
            branching: vec![5; plies],
            material: vec![[6, 6]; plies + 1],
            scores: scores.iter().map(|&s| Some(s)).collect(),
        }
    }

    #[test]
    fn statistics_by_hand() {
        let run = RunData {
            game: "sprint".into(),
            variant: "default".into(),
            bots: ["a".into(), "b".into()],
            games: 4,
            ladder: vec!["weak".into(), "strong".into()],
            ladder_games: 4,
            openings: "random:4".into(),
            seed: 1,
            shard: "1/1".into(),
            self_play: vec![
                game(0, 1, Some(1), 20, &[150, -120, 30, 200]),
                game(1, 1, Some(2), 31, &[0, 50]),
                game(2, 2, Some(2), 12, &[-300, 300, -300]),
                game(3, 1, None, 40, &[]),
            ],
            ladder_results: [1.0, 1.0, 0.5, 0.0]
                .iter()
                .enumerate()
                .map(|(index, &points)| super::super::data::LadderGame {
                    rung: 0,
                    index,
                    points,
                })
                .collect(),
            first_moves: Vec::new(),
            solved: None,
        };
        let report = report(&run);
        // The first player: a win, a loss, a win (game 2, Player 2 first), a draw.
        assert_eq!(report.first_player.value, 2.5 / 4.0);
        let variance = (2.0 * 0.375f64.powi(2) + 0.625f64.powi(2) + 0.125f64.powi(2)) / 4.0;
        let margin = 1.96 * (variance / 4.0).sqrt();
        assert!((report.first_player.low - (0.625 - margin)).abs() < 1e-12);
        assert_eq!(report.decisive, 0.75);
        assert_eq!(report.ends["goal reached"], 3);
        assert_eq!(report.ends["repetition"], 1);
        assert_eq!(report.lengths.mean, (20 + 31 + 12 + 40) as f64 / 4.0);
        assert_eq!(report.lengths.median, (20 + 31) as f64 / 2.0);
        assert_eq!((report.lengths.min, report.lengths.max), (12, 40));
        assert_eq!(
            report.lengths.histogram,
            vec![(10, 1), (20, 1), (30, 1), (40, 1)]
        );
        // Leads: game 0 changes twice (+, -, +), game 2 twice, the others never.
        assert_eq!(report.lead_changes, 1.0);
        assert_eq!(report.games_with_lead_change, 0.5);
        assert_eq!(report.branching.len(), 40);
        assert_eq!(report.branching[35], 5.0);
        assert_eq!(report.material[40], [6.0, 6.0]);
        let rung = &report.ladder[0];
        assert_eq!((rung.wins, rung.draws, rung.losses), (2, 1, 1));
        assert_eq!(
            rung.elo,
            Tally {
                wins: 2,
                draws: 1,
                losses: 1
            }
            .elo()
            .0
        );
    }
}
