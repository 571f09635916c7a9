//! [`AnyBot`]: a bot of any game, for the tools that choose the game at run time (the
//! engine, the Python package); it plays the [`AnyGame`]s of its game.

use crate::bot::{Bot, BotFailure, Limits, SearchInfo, StopFlag};
use crate::spec::{BotSpec, SpecError};
use crate::time::game_clock::ClockView;
use boardlab_core::{Encoding, Evaluate, GameHistory};
use boardlab_games::{AnyGame, GameId, GameVisitor, GameWork, with_game};
use std::any::Any;

/// A bot of one game, which keeps what it learnt (its table, its tree) from one move to the
/// next.
pub struct AnyBot {
    game: GameId,
    inner: Box<dyn BotObject>,
}

/// Why a bot gave no move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChooseError {
    /// The bot was made for another game.
    #[error("this bot plays {bot}, not {game}")]
    WrongGame {
        /// The bot's game.
        bot: String,
        /// The game it was asked to play.
        game: String,
    },
    /// The game has ended.
    #[error("no move to choose: the game is over ({outcome})")]
    GameOver {
        /// The outcome, in the game's words.
        outcome: String,
    },
    /// The bot failed (an external engine that crashed, hung or answered nonsense).
    #[error("the bot {bot} {summary}")]
    Failed {
        /// The bot's name.
        bot: String,
        /// What went wrong.
        summary: String,
    },
}

/// A bot of the position type `P`.
struct Typed<P: Evaluate> {
    bot: Box<dyn Bot<P>>,
}

/// What a bot of any type does for [`AnyBot`].
trait BotObject: Send {
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn name(&self) -> String;
    fn new_game(&mut self);
    fn set_limits(&mut self, limits: Limits);
    fn stop_flag(&self) -> Option<StopFlag>;
    fn failure(&mut self) -> Option<BotFailure>;
    fn trouble(&mut self) -> Option<String>;
}

impl<P: Evaluate> BotObject for Typed<P> {
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn name(&self) -> String {
        self.bot.name()
    }

    fn new_game(&mut self) {
        self.bot.new_game();
    }

    fn set_limits(&mut self, limits: Limits) {
        self.bot.set_limits(limits);
    }

    fn stop_flag(&self) -> Option<StopFlag> {
        self.bot.stop_flag()
    }

    fn failure(&mut self) -> Option<BotFailure> {
        self.bot.failure()
    }

    fn trouble(&mut self) -> Option<String> {
        self.bot.trouble()
    }
}

impl AnyBot {
    /// The bot `spec` describes for `game`, its random choices seeded by `seed` (unless the
    /// spec gives its own seed); the error says why the spec does not suit the game.
    pub fn new(spec: &BotSpec, game: GameId, seed: u64) -> Result<AnyBot, SpecError> {
        struct Build<'a> {
            spec: &'a BotSpec,
            seed: u64,
        }
        impl GameVisitor for Build<'_> {
            type Output = Result<Box<dyn BotObject>, SpecError>;
            fn visit<P: Evaluate + Encoding>(self, _game: P::Rules) -> Self::Output {
                self.spec.check_for::<P>()?;
                Ok(Box::new(Typed::<P> {
                    bot: self.spec.build::<P>(self.seed),
                }))
            }
        }
        let inner = with_game(game, Build { spec, seed })?;
        Ok(AnyBot { game, inner })
    }

    /// The game the bot plays.
    pub fn game(&self) -> GameId {
        self.game
    }

    /// The bot's spec text (`alphabeta:time=200ms`).
    pub fn name(&self) -> String {
        self.inner.name()
    }

    /// Forgets everything learnt in an earlier game.
    pub fn new_game(&mut self) {
        self.inner.new_game();
    }

    /// Replaces the limits of the next searches ([`Bot::set_limits`]).
    pub fn set_limits(&mut self, limits: Limits) {
        self.inner.set_limits(limits);
    }

    /// The flag that stops the bot's searches at once, for bots that can be stopped.
    pub fn stop_flag(&self) -> Option<StopFlag> {
        self.inner.stop_flag()
    }

    /// What the last choice worked around by playing below its kind ([`Bot::trouble`]).
    pub fn trouble(&mut self) -> Option<String> {
        self.inner.trouble()
    }

    /// Chooses a move (as text) in `game`'s current position, reporting progress to
    /// `report`; with `clock`, in a timed game ([`Bot::choose_on_clock`]).
    pub fn choose(
        &mut self,
        game: &AnyGame,
        clock: Option<&ClockView>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Result<String, ChooseError> {
        if game.game() != self.game {
            return Err(ChooseError::WrongGame {
                bot: self.game.to_string(),
                game: game.game().to_string(),
            });
        }
        if let Some(outcome) = game.outcome() {
            return Err(ChooseError::GameOver {
                outcome: game.describe(outcome),
            });
        }
        let chosen = game.work(Choose {
            bot: self.inner.as_any_mut(),
            clock,
            report,
        });
        chosen.ok_or_else(|| ChooseError::Failed {
            bot: self.inner.name(),
            summary: match self.inner.failure() {
                Some(failure) => failure.summary(),
                None => "gave no move".to_string(),
            },
        })
    }
}

/// One choice of a bot on the game's own type.
struct Choose<'a, 'r> {
    bot: &'a mut dyn Any,
    clock: Option<&'a ClockView>,
    report: &'a mut (dyn FnMut(&SearchInfo) + 'r),
}

impl GameWork for Choose<'_, '_> {
    type Output = Option<String>;

    fn run<P: Evaluate + Encoding>(self, history: &GameHistory<P>) -> Option<String> {
        let typed = self
            .bot
            .downcast_mut::<Typed<P>>()
            .expect("a bot plays the games of its own game's type");
        let chosen = match self.clock {
            Some(clock) => typed.bot.choose_on_clock(history, clock, self.report),
            None => typed.bot.choose(history, self.report),
        };
        chosen.map(|mv| mv.to_string())
    }
}
