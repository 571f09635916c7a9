//! Training data for a network evaluation: positions from self-play games, each with the
//! search's score and the game's result.
//!
//! A data file has one position a line: `POSITION | SCORE | RESULT`, the position in the
//! one-line text of SPEC.md, the score in hundredths of the game's basic piece and the
//! result (`1`, `0.5` or `0`), both from Player 1's side. Only quiet positions are kept
//! (not in check, no capture that wins material, the bot's move quiet, the score not a
//! decided game), for these are the ones a static evaluation is asked about.

use crate::bot::Bot;
use crate::learning::tune::has_winning_capture;
use crate::matches::arena::{DEFAULT_MAX_PLIES, mix};
use crate::matches::openings::{Openings, opening};
use crate::search::score::Score;
use crate::spec::BotSpec;
use boardlab_core::{Evaluate, GameHistory, Player, quoted};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The stack of each self-play thread (searches recurse).
const THREAD_STACK: usize = 64 << 20;

/// One position of a game with its labels, from Player 1's side.
#[derive(Clone, Debug, PartialEq)]
pub struct DataLine {
    /// The position's text.
    pub position: String,
    /// The search's score for Player 1, in hundredths of the basic piece.
    pub score: i32,
    /// Player 1's points from the game: 1, 0.5 or 0.
    pub result: f64,
}

impl fmt::Display for DataLine {
    /// `POSITION | SCORE | RESULT`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} | {} | {}", self.position, self.score, self.result)
    }
}

impl FromStr for DataLine {
    type Err = String;

    /// Reads `POSITION | SCORE | RESULT` (the position is checked later, by the game).
    fn from_str(line: &str) -> Result<DataLine, String> {
        let mut parts = line.split('|').map(str::trim);
        let (Some(position), Some(score), Some(result), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(
                "expected three fields: POSITION | SCORE | RESULT (as boardlab datagen writes them)"
                    .to_string(),
            );
        };
        let score = score
            .parse::<i32>()
            .map_err(|_| format!("score {} is not a whole number", quoted(score)))?;
        let result = match result {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            other => return Err(format!("result {}: expected 1, 0.5 or 0", quoted(other))),
        };
        Ok(DataLine {
            position: position.to_string(),
            score,
            result,
        })
    }
}

/// What to play for training data.
#[derive(Clone, Debug)]
pub struct SelfPlayConfig<P> {
    /// The position every game starts from, before its opening.
    pub start: P,
    /// Whether each opening draws the first player (games that draw it).
    pub draw_first: bool,
    /// The bot that plays both sides; its score after each move is the label.
    pub bot: BotSpec,
    /// How many games.
    pub games: usize,
    /// The random plies (or setup moves) before the bot takes over.
    pub openings: Openings,
    /// Game `k`'s opening comes from this seed and `k`.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
}

/// Plays the games of `config`, calling `on_game` with each finished game's kept positions
/// (in the order games finish). A game ends by the rules, when the bot's search proves a win
/// (the result is then taken as proven), or as a draw after [`DEFAULT_MAX_PLIES`] plies.
pub fn self_play_data<P: Evaluate>(
    config: &SelfPlayConfig<P>,
    on_game: &(dyn Fn(Vec<DataLine>) + Sync),
) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..config.threads.clamp(1, config.games.max(1)) {
            std::thread::Builder::new()
                .stack_size(THREAD_STACK)
                .spawn_scoped(scope, || {
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= config.games {
                            break;
                        }
                        let seed = mix(config.seed ^ mix(index as u64));
                        let game = opening(&config.start, config.draw_first, config.openings, seed);
                        let mut bot = config.bot.build::<P>(seed);
                        on_game(play_for_data(game, bot.as_mut()));
                    }
                })
                .expect("a self-play thread starts");
        }
    });
}

/// Plays `game` on with `bot` on both sides and returns its labelled quiet positions.
fn play_for_data<P: Evaluate>(mut game: GameHistory<P>, bot: &mut dyn Bot<P>) -> Vec<DataLine> {
    bot.new_game();
    let mut kept: Vec<(P, i32)> = Vec::new();
    let cap = game.moves().len() + DEFAULT_MAX_PLIES;
    let result = loop {
        if let Some(outcome) = game.outcome() {
            break points_of(outcome.winner());
        }
        if game.moves().len() >= cap {
            break 0.5;
        }
        let position = *game.current();
        let mover = position.side_to_move();
        let mut last = None;
        let Some(mv) = bot.choose(&game, &mut |info| last = Some(info.score)) else {
            break points_of(Some(mover.opponent()));
        };
        match last {
            Some(Score::Win(_)) => break points_of(Some(mover)),
            Some(Score::Loss(_)) => break points_of(Some(mover.opponent())),
            Some(Score::Eval(score)) => {
                let quiet = !position.is_tactical(mv)
                    && !position.in_check()
                    && !has_winning_capture(&position);
                if quiet {
                    let for_one = if mover == Player::One { score } else { -score };
                    kept.push((position, for_one));
                }
            }
            _ => {}
        }
        if game.play(mv).is_err() {
            break points_of(Some(mover.opponent()));
        }
    };
    kept.into_iter()
        .map(|(position, score)| DataLine {
            position: position.to_string(),
            score,
            result,
        })
        .collect()
}

/// Player 1's points when `winner` won (`None`: a draw).
fn points_of(winner: Option<Player>) -> f64 {
    match winner {
        Some(Player::One) => 1.0,
        Some(Player::Two) => 0.0,
        None => 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_lines_read_back() {
        let line = DataLine {
            position: "8/8/8/8/8/8/8/8 1".to_string(),
            score: -35,
            result: 0.5,
        };
        assert_eq!(line.to_string(), "8/8/8/8/8/8/8/8 1 | -35 | 0.5");
        assert_eq!(line.to_string().parse::<DataLine>(), Ok(line));
        assert!("a | b".parse::<DataLine>().is_err());
        assert!(
            "p | 3 | 2"
                .parse::<DataLine>()
                .unwrap_err()
                .contains("expected 1")
        );
        assert!(
            "p | x | 1"
                .parse::<DataLine>()
                .unwrap_err()
                .contains("whole")
        );
    }
}
