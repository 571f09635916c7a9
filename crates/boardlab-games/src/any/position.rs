//! [`AnyPosition`]: one position of any game.

use super::game::{AnyGame, GameObject};
use super::work::{PositionWork, run_on_position};
use crate::registry::{GameId, GameVisitor, with_game};
use boardlab_core::encoding::plane_names;
use boardlab_core::perft::{divide, perft};
use boardlab_core::{
    Encoding, Evaluate, GameHistory, Levels, MoveError, Outcome, Player, Position, RuleInfo,
    RuleOptions, Setup, SetupError,
};
use std::any::Any;
use std::fmt;

/// A position of any game, built-in or from a rules file.
pub struct AnyPosition {
    game: GameId,
    inner: Box<dyn PositionObject>,
}

/// Why an action (a move's number in the game's action space) cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The number is past the game's action space.
    #[error("action {action} is out of range: {game} has actions 0 to {}", count - 1)]
    OutOfRange {
        /// The game id.
        game: &'static str,
        /// The action given.
        action: usize,
        /// The size of the game's action space.
        count: usize,
    },
    /// The action is no legal move in the position.
    #[error("action {action} is not a legal move in this {game} position ({position})")]
    Illegal {
        /// The game id.
        game: &'static str,
        /// The action given.
        action: usize,
        /// The position, as text.
        position: String,
    },
    /// The game has ended.
    #[error("action {action} cannot be played: the game is over ({outcome})")]
    GameOver {
        /// The action given.
        action: usize,
        /// The outcome, in the game's words.
        outcome: String,
    },
}

/// What a position of any type does for [`AnyPosition`] and [`AnyGame`].
pub(super) trait PositionObject: Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn boxed(&self) -> Box<dyn PositionObject>;
    fn text(&self) -> String;
    fn rules_text(&self) -> String;
    fn levels(&self) -> Levels;
    fn legal_moves(&self) -> Vec<String>;
    fn play(&self, mv: &str) -> Result<Box<dyn PositionObject>, MoveError>;
    fn play_action(&self, action: usize) -> Result<Box<dyn PositionObject>, ActionError>;
    fn outcome(&self) -> Option<Outcome>;
    fn player_name(&self, player: Player) -> &'static str;
    fn side_name(&self, player: Player) -> &'static str;
    fn title(&self) -> &'static str;
    fn restriction(&self) -> Option<&'static str>;
    fn hash(&self) -> u64;
    fn side_to_move(&self) -> Player;
    fn no_progress_plies(&self) -> u32;
    fn perft(&self, depth: u32) -> u64;
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    fn observation(&self) -> Vec<f32>;
    fn observation_shape(&self) -> [usize; 3];
    fn action_count(&self) -> usize;
    fn legal_actions(&self) -> Vec<usize>;
    fn action_of(&self, mv: &str) -> Result<usize, MoveError>;
    fn move_of(&self, action: usize) -> Result<String, ActionError>;
    fn same(&self, other: &dyn Any) -> bool;
    fn new_game(&self) -> Box<dyn GameObject>;
    fn rule_options(&self) -> &'static [RuleInfo];
    fn first_player_drawn(&self) -> bool;
    fn longest_game(&self) -> Option<u32>;
    fn plane_names(&self) -> Vec<String>;
}

/// The outcome in the game's own words (`Red wins: …`).
pub(super) fn describe<P: Position>(position: &P, outcome: Outcome) -> String {
    outcome.describe(|p| position.player_name(p))
}

/// The error of an action that is no legal move of `position`.
pub(super) fn no_such_action<P: Encoding>(action: usize, position: &P) -> ActionError {
    let count = P::action_count(position.rules());
    if action >= count {
        ActionError::OutOfRange {
            game: position.game_id(),
            action,
            count,
        }
    } else {
        ActionError::Illegal {
            game: position.game_id(),
            action,
            position: position.to_string(),
        }
    }
}

impl<P: Evaluate + Encoding> PositionObject for P {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn boxed(&self) -> Box<dyn PositionObject> {
        Box::new(*self)
    }

    fn text(&self) -> String {
        self.to_string()
    }

    fn rules_text(&self) -> String {
        self.rules().describe()
    }

    fn levels(&self) -> Levels {
        P::LEVELS
    }

    fn legal_moves(&self) -> Vec<String> {
        self.legal_move_texts()
    }

    fn play(&self, mv: &str) -> Result<Box<dyn PositionObject>, MoveError> {
        if let Some(outcome) = Position::outcome(self) {
            return Err(MoveError::Illegal {
                game: self.game_id(),
                text: mv.trim().to_string(),
                reason: format!("the game is over ({})", describe(self, outcome)),
            });
        }
        let parsed = self.parse_move(mv)?;
        let mut next = *self;
        Position::play(&mut next, parsed);
        Ok(Box::new(next))
    }

    fn play_action(&self, action: usize) -> Result<Box<dyn PositionObject>, ActionError> {
        if let Some(outcome) = Position::outcome(self) {
            return Err(ActionError::GameOver {
                action,
                outcome: describe(self, outcome),
            });
        }
        let mv = self
            .action_move(action)
            .ok_or_else(|| no_such_action(action, self))?;
        let mut next = *self;
        Position::play(&mut next, mv);
        Ok(Box::new(next))
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn player_name(&self, player: Player) -> &'static str {
        Position::player_name(self, player)
    }

    fn side_name(&self, player: Player) -> &'static str {
        self.presentation().side(player)
    }

    fn title(&self) -> &'static str {
        self.presentation().title
    }

    fn restriction(&self) -> Option<&'static str> {
        self.move_restriction()
    }

    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    fn side_to_move(&self) -> Player {
        Position::side_to_move(self)
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

    fn observation(&self) -> Vec<f32> {
        Encoding::observation(self)
    }

    fn observation_shape(&self) -> [usize; 3] {
        P::observation_shape(self.rules())
    }

    fn action_count(&self) -> usize {
        P::action_count(self.rules())
    }

    fn legal_actions(&self) -> Vec<usize> {
        Encoding::legal_actions(self)
    }

    fn action_of(&self, mv: &str) -> Result<usize, MoveError> {
        Ok(self.action(self.parse_move(mv)?))
    }

    fn move_of(&self, action: usize) -> Result<String, ActionError> {
        self.action_move(action)
            .map(|mv| mv.to_string())
            .ok_or_else(|| no_such_action(action, self))
    }

    fn same(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<P>() == Some(self)
    }

    fn new_game(&self) -> Box<dyn GameObject> {
        Box::new(GameHistory::new(*self))
    }

    fn rule_options(&self) -> &'static [RuleInfo] {
        self.rules().options()
    }

    fn first_player_drawn(&self) -> bool {
        self.rules().first_player_drawn()
    }

    fn longest_game(&self) -> Option<u32> {
        self.rules().longest_game()
    }

    fn plane_names(&self) -> Vec<String> {
        plane_names::<P>(self.rules())
    }
}

impl AnyPosition {
    /// The position `setup` describes in `game`: its rules, board and start (or position
    /// text).
    pub fn new(game: GameId, setup: &Setup) -> Result<AnyPosition, SetupError> {
        struct Make<'a>(&'a Setup);
        impl GameVisitor for Make<'_> {
            type Output = Result<Box<dyn PositionObject>, SetupError>;
            fn visit<P: Evaluate + Encoding>(self, game: P::Rules) -> Self::Output {
                Ok(Box::new(self.0.position::<P>(game)?))
            }
        }
        let inner = with_game(game, Make(setup))?;
        Ok(AnyPosition { game, inner })
    }

    pub(super) fn from_inner(game: GameId, inner: Box<dyn PositionObject>) -> AnyPosition {
        AnyPosition { game, inner }
    }

    /// Runs `work` on the position as its own type.
    pub fn work<W: PositionWork>(&self, work: W) -> W::Output {
        run_on_position(self.game, self.inner.as_any(), work)
    }

    /// The game.
    pub fn game(&self) -> GameId {
        self.game
    }

    /// The game's strength levels.
    pub fn levels(&self) -> Levels {
        self.inner.levels()
    }

    /// The rule options in force, as `NAME=VALUE` text.
    pub fn rules_text(&self) -> String {
        self.inner.rules_text()
    }

    /// The legal moves, as text (none where the rules have ended the game).
    pub fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// The position after the move `mv` (text); the error says why it is not legal here.
    pub fn play(&self, mv: &str) -> Result<AnyPosition, MoveError> {
        Ok(self.with(self.inner.play(mv)?))
    }

    /// The position after the move numbered `action` in the game's action space.
    pub fn play_action(&self, action: usize) -> Result<AnyPosition, ActionError> {
        Ok(self.with(self.inner.play_action(action)?))
    }

    fn with(&self, inner: Box<dyn PositionObject>) -> AnyPosition {
        AnyPosition {
            game: self.game,
            inner,
        }
    }

    /// How the rules of the position end the game, if they do (draws by repetition or by
    /// the no-progress count need the game's history: see [`AnyGame::outcome`]).
    pub fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }

    /// An outcome in the game's own words, with its names for the players.
    pub fn describe(&self, outcome: Outcome) -> String {
        outcome.describe(|p| self.inner.player_name(p))
    }

    /// What the game's rules call `player` in words (`White (Player 1)`), as outcomes say it.
    pub fn player_name(&self, player: Player) -> &'static str {
        self.inner.player_name(player)
    }

    /// What the game's screens call `player` (its presentation's side names).
    pub fn side_name(&self, player: Player) -> &'static str {
        self.inner.side_name(player)
    }

    /// The game's name (`Obsidian`, a rules file's title).
    pub fn title(&self) -> &'static str {
        self.inner.title()
    }

    /// Why some pieces may not move now (a compulsory capture), if a rule says so.
    pub fn restriction(&self) -> Option<&'static str> {
        self.inner.restriction()
    }

    /// The position's hash (equal positions, equal hashes).
    pub fn hash(&self) -> u64 {
        self.inner.hash()
    }

    /// The player to move.
    pub fn side_to_move(&self) -> Player {
        self.inner.side_to_move()
    }

    /// Plies since the last move that counts as progress.
    pub fn no_progress_plies(&self) -> u32 {
        self.inner.no_progress_plies()
    }

    /// The number of move paths of `depth` plies.
    pub fn perft(&self, depth: u32) -> u64 {
        self.inner.perft(depth)
    }

    /// Each legal move (as text, sorted) with the number of paths of `depth` plies after it.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        self.inner.divide(depth)
    }

    /// The position as input planes, for learning tools.
    pub fn observation(&self) -> Vec<f32> {
        self.inner.observation()
    }

    /// The shape of [`observation`](AnyPosition::observation): planes, height, width.
    pub fn observation_shape(&self) -> [usize; 3] {
        self.inner.observation_shape()
    }

    /// The size of the game's action space.
    pub fn action_count(&self) -> usize {
        self.inner.action_count()
    }

    /// The legal moves as action numbers.
    pub fn legal_actions(&self) -> Vec<usize> {
        self.inner.legal_actions()
    }

    /// The action number of the legal move `mv`.
    pub fn action_of(&self, mv: &str) -> Result<usize, MoveError> {
        self.inner.action_of(mv)
    }

    /// The move (as text) of the action number `action`, where it is legal.
    pub fn move_of(&self, action: usize) -> Result<String, ActionError> {
        self.inner.move_of(action)
    }

    /// The rule options the game offers (names, defaults, help).
    pub fn rule_options(&self) -> &'static [RuleInfo] {
        self.inner.rule_options()
    }

    /// Whether the rules in force draw the first player at random (Parity).
    pub fn first_player_drawn(&self) -> bool {
        self.inner.first_player_drawn()
    }

    /// The most plies a game can last from the start under the rules in force, where the
    /// rules bound it ([`RuleOptions::longest_game`]).
    pub fn longest_game(&self) -> Option<u32> {
        self.inner.longest_game()
    }

    /// The names of the observation planes, in order.
    pub fn plane_names(&self) -> Vec<String> {
        self.inner.plane_names()
    }

    /// A game in progress that starts from this position.
    pub fn new_game(&self) -> AnyGame {
        AnyGame::from_inner(self.game, self.inner.new_game())
    }
}

impl Clone for AnyPosition {
    fn clone(&self) -> Self {
        self.with(self.inner.boxed())
    }
}

impl PartialEq for AnyPosition {
    /// Two positions are equal when they are of one game and equal in it.
    fn eq(&self, other: &Self) -> bool {
        self.inner.same(other.inner.as_any())
    }
}

impl fmt::Display for AnyPosition {
    /// The position's one-line text (SPEC.md).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.inner.text())
    }
}

impl fmt::Debug for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AnyPosition({}: {})", self.game, self.inner.text())
    }
}
