//! The games behind one face: positions, games in progress and bots of any game as trait
//! objects, made once per game by the registry's visitor and written once, generically, for
//! every game. Errors are our own messages as text; the Python layer raises them as
//! `ValueError`.

use boardlab_ai::{Bot, BotSpec};
use boardlab_core::encoding::plane_names;
use boardlab_core::perft::{divide, perft};
use boardlab_core::playout::random_playout;
use boardlab_core::record::{GameRecord, RecordResult};
use boardlab_core::{
    Encoding, Evaluate, GameHistory, Levels, Outcome, Player, Position, RuleOptions,
};
use boardlab_games::{GameId, GameVisitor, with_game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::any::Any;

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

fn outcome_info<P: Position>(position: &P, outcome: Outcome) -> OutcomeInfo {
    OutcomeInfo {
        winner: outcome.winner().map(Player::number),
        reason: outcome.describe(|p| position.player_name(p)),
        score: outcome.score_text(),
    }
}

/// What a caller gives to make a position: the game's rules (`NAME=VALUE` assignments and a
/// board layout) and a position text or who moves first.
#[derive(Clone, Debug, Default)]
pub struct Setup {
    /// The position text; `None` for the start.
    pub text: Option<String>,
    /// Rule options, `NAME=VALUE`.
    pub rules: Vec<String>,
    /// A board layout's text (parity).
    pub board: Option<String>,
    /// Who moves first from the start (parity draws it; the others refuse 2).
    pub first: Option<u8>,
}

impl Setup {
    fn rules<P: Position>(&self, game: P::Rules) -> Result<P::Rules, String> {
        let mut rules = game
            .with_assignments(&self.rules)
            .map_err(|e| e.to_string())?;
        if let Some(board) = &self.board {
            rules.load_board(board).map_err(|e| e.to_string())?;
        }
        Ok(rules)
    }

    fn position<P: Position>(&self, game: P::Rules) -> Result<P, String> {
        let rules = self.rules::<P>(game)?;
        match (&self.text, self.first) {
            (Some(_), Some(_)) => Err(
                "first chooses who starts a new game; a position text says who is to move"
                    .to_string(),
            ),
            (Some(text), None) => P::from_text(text, rules).map_err(|e| e.to_string()),
            (None, first) => {
                let first = match first {
                    None | Some(1) => Player::One,
                    Some(2) if rules.first_player_drawn() => Player::Two,
                    Some(2) => {
                        return Err(format!(
                            "first: in {} Player 1 always moves first",
                            rules.game()
                        ));
                    }
                    Some(n) => return Err(format!("first: {n} is not a player; use 1 or 2")),
                };
                Ok(P::start_with_first(rules, first))
            }
        }
    }
}

/// The results of a batch of random playouts: the winner of each (1 or 2; 0 for a draw by
/// the no-progress rule; -1 when cut off at the ply limit) and its length in plies.
pub struct Playouts {
    /// The winners.
    pub winners: Vec<i8>,
    /// The lengths.
    pub plies: Vec<u32>,
}

/// A position of any game.
pub trait AnyPosition: Send + Sync {
    fn game(&self) -> &'static str;
    /// The game's strength levels.
    fn levels(&self) -> Levels;
    fn as_any(&self) -> &dyn Any;
    fn text(&self) -> String;
    fn rules_text(&self) -> String;
    fn legal_moves(&self) -> Vec<String>;
    fn play(&self, mv: &str) -> Result<Box<dyn AnyPosition>, String>;
    fn play_action(&self, action: usize) -> Result<Box<dyn AnyPosition>, String>;
    fn outcome(&self) -> Option<OutcomeInfo>;
    fn hash(&self) -> u64;
    fn side_to_move(&self) -> u8;
    fn no_progress_plies(&self) -> u32;
    fn perft(&self, depth: u32) -> u64;
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    fn observation(&self) -> (Vec<f32>, [usize; 3]);
    fn action_count(&self) -> usize;
    fn legal_actions(&self) -> Vec<usize>;
    fn action_of(&self, mv: &str) -> Result<usize, String>;
    fn move_of(&self, action: usize) -> Result<String, String>;
    fn same(&self, other: &dyn AnyPosition) -> bool;
    fn new_game(&self) -> Box<dyn AnyGame>;
    fn random_playouts(
        &self,
        count: usize,
        seed: u64,
        max_plies: u32,
        draw_first: bool,
    ) -> Playouts;
}

/// A game in progress of any game: its history, with the draw rules.
pub trait AnyGame: Send + Sync {
    fn boxed(&self) -> Box<dyn AnyGame>;
    fn as_any(&self) -> &dyn Any;
    fn current(&self) -> Box<dyn AnyPosition>;
    fn start(&self) -> Box<dyn AnyPosition>;
    fn moves(&self) -> Vec<String>;
    fn play(&mut self, mv: &str) -> Result<(), String>;
    fn play_action(&mut self, action: usize) -> Result<String, String>;
    fn undo(&mut self) -> Option<String>;
    fn outcome(&self) -> Option<OutcomeInfo>;
    fn repetitions(&self) -> usize;
    fn legal_moves(&self) -> Vec<String>;
    fn legal_actions(&self) -> Vec<usize>;
    fn record(&self, player1: &str, player2: &str) -> String;
    fn best_move(&self, spec: &BotSpec, seed: u64) -> Result<String, String>;
    fn new_bot(&self, spec: &BotSpec, seed: u64) -> Result<Box<dyn AnyBot>, String>;
}

/// A bot of one game, which keeps what it learnt between moves.
pub trait AnyBot: Send {
    fn game(&self) -> &'static str;
    fn name(&self) -> String;
    fn choose(&mut self, game: &dyn AnyGame) -> Result<String, String>;
}

fn the_game_is_over<P: Position>(position: &P, outcome: Outcome) -> String {
    format!(
        "the game is over ({})",
        outcome.describe(|p| position.player_name(p))
    )
}

impl<P: Evaluate + Encoding> AnyPosition for P {
    fn game(&self) -> &'static str {
        self.game_id()
    }

    fn levels(&self) -> Levels {
        P::LEVELS
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn text(&self) -> String {
        self.to_string()
    }

    fn rules_text(&self) -> String {
        self.rules().describe()
    }

    fn legal_moves(&self) -> Vec<String> {
        self.legal_move_texts()
    }

    fn play(&self, mv: &str) -> Result<Box<dyn AnyPosition>, String> {
        if let Some(outcome) = Position::outcome(self) {
            return Err(format!(
                "illegal move '{}' in {}: {}",
                mv.trim(),
                self.game_id(),
                the_game_is_over(self, outcome)
            ));
        }
        let parsed = self.parse_move(mv).map_err(|e| e.to_string())?;
        let mut next = *self;
        Position::play(&mut next, parsed);
        Ok(Box::new(next))
    }

    fn play_action(&self, action: usize) -> Result<Box<dyn AnyPosition>, String> {
        let mv = self
            .action_move(action)
            .ok_or_else(|| no_such_action::<P>(action, self))?;
        let mut next = *self;
        Position::play(&mut next, mv);
        Ok(Box::new(next))
    }

    fn outcome(&self) -> Option<OutcomeInfo> {
        Position::outcome(self).map(|o| outcome_info(self, o))
    }

    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    fn side_to_move(&self) -> u8 {
        Position::side_to_move(self).number()
    }

    fn no_progress_plies(&self) -> u32 {
        Position::no_progress_plies(self)
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut moves: Vec<(String, u64)> = divide(self, depth)
            .into_iter()
            .map(|(mv, count)| (mv.to_string(), count))
            .collect();
        moves.sort();
        moves
    }

    fn observation(&self) -> (Vec<f32>, [usize; 3]) {
        (
            Encoding::observation(self),
            P::observation_shape(self.rules()),
        )
    }

    fn action_count(&self) -> usize {
        P::action_count(self.rules())
    }

    fn legal_actions(&self) -> Vec<usize> {
        Encoding::legal_actions(self)
    }

    fn action_of(&self, mv: &str) -> Result<usize, String> {
        let parsed = self.parse_move(mv).map_err(|e| e.to_string())?;
        Ok(self.action(parsed))
    }

    fn move_of(&self, action: usize) -> Result<String, String> {
        self.action_move(action)
            .map(|mv| mv.to_string())
            .ok_or_else(|| no_such_action::<P>(action, self))
    }

    fn same(&self, other: &dyn AnyPosition) -> bool {
        other.as_any().downcast_ref::<P>() == Some(self)
    }

    fn new_game(&self) -> Box<dyn AnyGame> {
        Box::new(GameHistory::new(*self))
    }

    fn random_playouts(
        &self,
        count: usize,
        seed: u64,
        max_plies: u32,
        draw_first: bool,
    ) -> Playouts {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut winners = Vec::with_capacity(count);
        let mut plies = Vec::with_capacity(count);
        let rules = self.rules();
        for _ in 0..count {
            let start = if draw_first && rules.first_player_drawn() {
                let first = if rng.random_bool(0.5) {
                    Player::Two
                } else {
                    Player::One
                };
                P::start_with_first(rules, first)
            } else {
                *self
            };
            let playout = random_playout(&start, max_plies, |n| rng.random_range(0..n));
            winners.push(match playout.outcome {
                Some(outcome) => outcome.winner().map_or(0, |w| w.number() as i8),
                None => -1,
            });
            plies.push(playout.plies);
        }
        Playouts { winners, plies }
    }
}

fn no_such_action<P: Encoding>(action: usize, position: &P) -> String {
    let count = P::action_count(position.rules());
    if action >= count {
        format!(
            "action {action} is out of range: {} has actions 0 to {}",
            position.game_id(),
            count - 1
        )
    } else {
        format!(
            "action {action} is not a legal move in this {} position ({position})",
            position.game_id()
        )
    }
}

impl<P: Evaluate + Encoding> AnyGame for GameHistory<P> {
    fn boxed(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn current(&self) -> Box<dyn AnyPosition> {
        Box::new(*GameHistory::current(self))
    }

    fn start(&self) -> Box<dyn AnyPosition> {
        Box::new(*GameHistory::start(self))
    }

    fn moves(&self) -> Vec<String> {
        GameHistory::moves(self)
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    fn play(&mut self, mv: &str) -> Result<(), String> {
        self.play_text(mv).map(|_| ()).map_err(|e| e.to_string())
    }

    fn play_action(&mut self, action: usize) -> Result<String, String> {
        if let Some(outcome) = GameHistory::outcome(self) {
            return Err(format!(
                "action {action} cannot be played: {}",
                the_game_is_over(self.current(), outcome)
            ));
        }
        let position = *GameHistory::current(self);
        let mv = position
            .action_move(action)
            .ok_or_else(|| no_such_action::<P>(action, &position))?;
        GameHistory::play(self, mv).map_err(|e| e.to_string())?;
        Ok(mv.to_string())
    }

    fn undo(&mut self) -> Option<String> {
        GameHistory::undo(self).map(|mv| mv.to_string())
    }

    fn outcome(&self) -> Option<OutcomeInfo> {
        GameHistory::outcome(self).map(|o| outcome_info(self.current(), o))
    }

    fn repetitions(&self) -> usize {
        GameHistory::repetitions(self)
    }

    fn legal_moves(&self) -> Vec<String> {
        if GameHistory::outcome(self).is_some() {
            return Vec::new();
        }
        self.current().legal_move_texts()
    }

    fn legal_actions(&self) -> Vec<usize> {
        if GameHistory::outcome(self).is_some() {
            return Vec::new();
        }
        Encoding::legal_actions(GameHistory::current(self))
    }

    fn record(&self, player1: &str, player2: &str) -> String {
        let (result, termination) = match GameHistory::outcome(self) {
            Some(outcome) => (
                match outcome.winner() {
                    Some(winner) => RecordResult::Win(winner),
                    None => RecordResult::Draw,
                },
                outcome.describe(|p| self.current().player_name(p)),
            ),
            None => (RecordResult::Unfinished, "unterminated".to_string()),
        };
        GameRecord::from_history(self, player1, player2, result, &termination).to_string()
    }

    fn best_move(&self, spec: &BotSpec, seed: u64) -> Result<String, String> {
        self.new_bot(spec, seed)?.choose(self)
    }

    fn new_bot(&self, spec: &BotSpec, seed: u64) -> Result<Box<dyn AnyBot>, String> {
        spec.check_for::<P>().map_err(|e| e.to_string())?;
        Ok(Box::new(GameBot::<P> {
            game: self.current().game_id(),
            bot: spec.build::<P>(seed),
        }))
    }
}

/// A bot of game `P`.
struct GameBot<P: Position> {
    /// The id of the game it plays.
    game: &'static str,
    bot: Box<dyn Bot<P>>,
}

impl<P: Evaluate + Encoding> AnyBot for GameBot<P> {
    fn game(&self) -> &'static str {
        self.game
    }

    fn name(&self) -> String {
        self.bot.name()
    }

    fn choose(&mut self, game: &dyn AnyGame) -> Result<String, String> {
        let history = game
            .as_any()
            .downcast_ref::<GameHistory<P>>()
            .ok_or_else(|| {
                format!(
                    "this bot plays {}, not {}",
                    self.game,
                    game.current().game()
                )
            })?;
        if let Some(outcome) = GameHistory::outcome(history) {
            return Err(format!(
                "no move to choose: {}",
                the_game_is_over(history.current(), outcome)
            ));
        }
        match self.bot.choose(history, &mut |_| {}) {
            Some(mv) => Ok(mv.to_string()),
            None => Err(match self.bot.failure() {
                Some(failure) => format!("the bot {} {}", self.bot.name(), failure.summary()),
                None => format!("the bot {} gave no move", self.bot.name()),
            }),
        }
    }
}

/// Facts about a game that need no position: its action count, observation shape, plane
/// names and rule options.
pub struct GameFacts {
    pub action_count: usize,
    pub observation_shape: [usize; 3],
    pub plane_names: Vec<String>,
    pub rule_options: Vec<(String, String, String)>,
    pub first_player_drawn: bool,
    pub longest_game: Option<u32>,
}

/// Reads a game: a built-in id or the path of a rules file (.toml), with our error message.
pub fn game_id(name: &str) -> Result<GameId, String> {
    GameId::named(name).map_err(|e| e.to_string())
}

struct MakePosition<'a>(&'a Setup);

impl GameVisitor for MakePosition<'_> {
    type Output = Result<Box<dyn AnyPosition>, String>;

    fn visit<P: Evaluate + Encoding>(self, game: P::Rules) -> Self::Output {
        Ok(Box::new(self.0.position::<P>(game)?))
    }
}

/// The position `setup` describes in game `game`.
pub fn make_position(game: &str, setup: &Setup) -> Result<Box<dyn AnyPosition>, String> {
    with_game(game_id(game)?, MakePosition(setup))
}

struct Facts<'a>(&'a Setup);

impl GameVisitor for Facts<'_> {
    type Output = Result<GameFacts, String>;

    fn visit<P: Evaluate + Encoding>(self, game: P::Rules) -> Self::Output {
        let rules = self.0.rules::<P>(game)?;
        Ok(GameFacts {
            action_count: P::action_count(rules),
            observation_shape: P::observation_shape(rules),
            plane_names: plane_names::<P>(rules),
            rule_options: rules
                .options()
                .iter()
                .map(|o| {
                    (
                        o.name.to_string(),
                        o.default.to_string(),
                        o.help.to_string(),
                    )
                })
                .collect(),
            first_player_drawn: rules.first_player_drawn(),
            longest_game: rules.longest_game(),
        })
    }
}

/// The facts of game `game` under the rules of `setup`.
pub fn game_facts(game: &str, setup: &Setup) -> Result<GameFacts, String> {
    with_game(game_id(game)?, Facts(setup))
}

struct Replay<'a> {
    record: &'a GameRecord,
    board: Option<&'a str>,
}

impl GameVisitor for Replay<'_> {
    type Output = Result<Box<dyn AnyGame>, String>;

    fn visit<P: Evaluate + Encoding>(self, game: P::Rules) -> Self::Output {
        let mut base = game;
        if let Some(board) = self.board {
            base.load_board(board).map_err(|e| e.to_string())?;
        }
        let history = self
            .record
            .replay_with::<P>(base)
            .map_err(|e| e.to_string())?;
        Ok(Box::new(history))
    }
}

/// The games of the records in `text` (one or more), each replayed and checked.
pub fn read_records(
    text: &str,
    board: Option<&str>,
    game: Option<&str>,
) -> Result<Vec<Box<dyn AnyGame>>, String> {
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
            with_game(id, Replay { record, board })
        })
        .collect()
}
