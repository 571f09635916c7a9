//! What the Python face adds to the game layer every tool shares
//! ([`AnyPosition`], [`AnyGame`], [`AnyBot`]): positions made from Python's arguments, the
//! outcome as Python shows it, records read in bulk, and playouts in batches. Errors are our
//! own messages as text; the Python layer raises them as `ValueError`.

use boardlab_ai::{AnyBot, BotSpec};
use boardlab_core::playout::random_playout;
use boardlab_core::record::GameRecord;
use boardlab_core::{Encoding, Evaluate, Outcome, Player, RuleOptions, Setup};
use boardlab_games::{AnyGame, AnyPosition, GameId, PositionWork};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// How a game ended, in the terms Python shows.
#[derive(Clone, Debug)]
pub struct OutcomeInfo {
    /// The winner (1 or 2), or `None` for a draw.
    pub winner: Option<u8>,
    /// The outcome in words, with the game's own names for the players.
    pub reason: String,
    /// The result as a record writes it: `1-0`, `0-1`, `1/2-1/2`.
    pub score: &'static str,
}

/// The outcome `outcome` of a game whose position is `position`, as Python shows it.
pub fn outcome_info(position: &AnyPosition, outcome: Outcome) -> OutcomeInfo {
    OutcomeInfo {
        winner: outcome.winner().map(Player::number),
        reason: position.describe(outcome),
        score: outcome.score_text(),
    }
}

/// Reads a game: a built-in id or the path of a rules file (.toml), with our error message.
pub fn game_id(name: &str) -> Result<GameId, String> {
    GameId::named(name).map_err(|e| e.to_string())
}

/// The position Python's arguments describe in `game`: the rules (`NAME=VALUE`
/// assignments and a board layout) and a position text, or who moves first from the start
/// (1 or 2; 2 only where the rules draw the first player).
pub fn make_position(
    game: &str,
    text: Option<String>,
    rules: Vec<String>,
    board: Option<String>,
    first: Option<u8>,
) -> Result<AnyPosition, String> {
    let game = game_id(game)?;
    let first_player = match (&text, first) {
        (Some(_), Some(_)) => {
            return Err(
                "first chooses who starts a new game; a position text says who is to move"
                    .to_string(),
            );
        }
        (_, None | Some(1)) => Player::One,
        (_, Some(2)) => Player::Two,
        (_, Some(n)) => return Err(format!("first: {n} is not a player; use 1 or 2")),
    };
    let setup = Setup {
        rules,
        board,
        position: text,
        first: first_player,
    };
    let position = AnyPosition::new(game, &setup).map_err(|e| e.to_string())?;
    if first_player == Player::Two && !position.first_player_drawn() {
        return Err(format!("first: in {game} Player 1 always moves first"));
    }
    Ok(position)
}

/// The bot `spec` describes for the game of `position`.
pub fn make_bot(spec: &BotSpec, game: GameId, seed: u64) -> Result<AnyBot, String> {
    AnyBot::new(spec, game, seed).map_err(|e| e.to_string())
}

/// The move the bot `spec` chooses now in `game`.
pub fn best_move(game: &AnyGame, spec: &BotSpec, seed: u64) -> Result<String, String> {
    make_bot(spec, game.game(), seed)?
        .choose(game, None, &mut |_| {})
        .map_err(|e| e.to_string())
}

/// The games of the records in `text` (one or more), each replayed and checked.
pub fn read_records(
    text: &str,
    board: Option<&str>,
    game: Option<&str>,
) -> Result<Vec<AnyGame>, String> {
    let records = GameRecord::parse_all(text).map_err(|e| e.to_string())?;
    if records.is_empty() {
        return Err("no game record in the text".to_string());
    }
    // A game given by the caller (a rules file's path) is read once, for every record.
    let given = game.map(game_id).transpose()?;
    records
        .iter()
        .map(|record| {
            let id = match given {
                Some(id) => id,
                None => {
                    let named = record
                        .tag("Game")
                        .ok_or_else(|| "the record has no [Game \"...\"] tag".to_string())?;
                    game_id(named).map_err(|e| {
                        format!("{e} (a record of a rules file's game is read with game=PATH)")
                    })?
                }
            };
            AnyGame::from_record(id, record, board).map_err(|e| e.to_string())
        })
        .collect()
}

/// The results of a batch of random playouts: the winner of each (1 or 2; 0 for a draw by
/// the no-progress rule; -1 when cut off at the ply limit) and its length in plies.
pub struct Playouts {
    /// The winners.
    pub winners: Vec<i8>,
    /// The lengths.
    pub plies: Vec<u32>,
}

/// `count` games of uniformly random moves from `start` (from a new start with the first
/// player drawn, where `draw_first` and the rules draw it), cut off at `max_plies`.
pub fn random_playouts(
    start: &AnyPosition,
    count: usize,
    seed: u64,
    max_plies: u32,
    draw_first: bool,
) -> Playouts {
    start.work(RandomPlayouts {
        count,
        seed,
        max_plies,
        draw_first,
    })
}

struct RandomPlayouts {
    count: usize,
    seed: u64,
    max_plies: u32,
    draw_first: bool,
}

impl PositionWork for RandomPlayouts {
    type Output = Playouts;

    fn run<P: Evaluate + Encoding>(self, position: &P) -> Playouts {
        let mut rng = SmallRng::seed_from_u64(self.seed);
        let mut winners = Vec::with_capacity(self.count);
        let mut plies = Vec::with_capacity(self.count);
        let rules = position.rules();
        for _ in 0..self.count {
            let start = if self.draw_first && rules.first_player_drawn() {
                let first = if rng.random_bool(0.5) {
                    Player::Two
                } else {
                    Player::One
                };
                P::start_with_first(rules, first)
            } else {
                *position
            };
            let playout = random_playout(&start, self.max_plies, |n| rng.random_range(0..n));
            winners.push(match playout.outcome {
                Some(outcome) => outcome.winner().map_or(0, |w| w.number() as i8),
                None => -1,
            });
            plies.push(playout.plies);
        }
        Playouts { winners, plies }
    }
}
