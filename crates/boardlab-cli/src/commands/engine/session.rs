//! One game's side of the engine: the position the GUI set up (or why it was refused), the
//! bot that keeps its table from one `go` to the next, and the search under way.

use super::go::Go;
use super::output::Output;
use super::search::Search;
use boardlab_ai::{AnyBot, BotSpec};
use boardlab_core::{Outcome, Player, Setup};
use boardlab_games::{AnyGame, GameId};
use std::time::Duration;

/// What the engine does with the game it plays, whichever game that is. `set_position`, `go`
/// and `new_game` first stop the search under way, if any (its `bestmove` is printed), as
/// GUIs expect of a command that comes during a search.
pub struct Session {
    /// With a strength level the bot keeps its own limits and `go` only says when to answer
    /// (`infinite`, the clocks); otherwise `go` sets the limits.
    own_limits: bool,
    /// The game played.
    game_id: GameId,
    /// The rule options set with `setoption` that the game has (`NAME=VALUE`), for every
    /// position set up.
    rules: Vec<String>,
    /// The position set up, or why the last `position` was refused.
    game: Result<AnyGame, String>,
    /// The bot, while no search has it.
    bot: Option<AnyBot>,
    /// What the bot is built from (again, should a search fail).
    spec: BotSpec,
    /// The search under way (or answered and not yet stopped), which has the bot.
    search: Option<Search>,
    output: Output,
}

impl Session {
    /// The session of `game` under the rule options `rules` (refused options leave the
    /// defaults) with the bot `spec`, printing to `output`, at the game's start position.
    /// The error says why the bot does not suit the game.
    pub fn new(
        spec: &BotSpec,
        own_limits: bool,
        game_id: GameId,
        rules: Vec<String>,
        output: Output,
    ) -> Result<Session, String> {
        let setup = Setup {
            rules: rules.clone(),
            ..Setup::start()
        };
        let game = AnyGame::new(game_id, &setup)
            .or_else(|_| AnyGame::new(game_id, &Setup::start()))
            .map_err(|e| e.to_string())?;
        let bot = AnyBot::new(spec, game_id, 0).map_err(|e| e.to_string())?;
        Ok(Session {
            own_limits,
            game_id,
            rules,
            game: Ok(game),
            bot: Some(bot),
            spec: spec.clone(),
            search: None,
            output,
        })
    }

    /// A fresh bot of the spec (after a search that failed).
    fn fresh_bot(&self) -> AnyBot {
        AnyBot::new(&self.spec, self.game_id, 0).expect("the spec was accepted for this game")
    }

    /// The position, or why there is none.
    fn position(&self) -> Result<&AnyGame, String> {
        self.game.as_ref().map_err(|refusal| {
            format!(
                "no position: the last one was refused ({refusal}); send a valid 'position' first"
            )
        })
    }

    /// Sets the position from the words after `position` (`startpos` or `fen TEXT`, then
    /// optionally `moves M1 M2 …`, in our own notation). A refused position is remembered:
    /// `go` and `query` then refuse too, until a position is accepted.
    pub fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        self.stop();
        self.game = read_position(words, self.game_id, &self.rules);
        self.game.as_ref().map(|_| ()).map_err(Clone::clone)
    }

    /// Starts searching the position; the search prints its `info` lines and `bestmove`.
    /// Refused, printing nothing, when there is no position to search (the last one was
    /// refused).
    pub fn go(&mut self, go: Go) -> Result<(), String> {
        self.stop();
        let game = self.position().map_err(|e| format!("go: {e}"))?.clone();
        let bot = self.bot.take().expect("no search has the bot once stopped");
        self.search = Some(Search::start(bot, game, go, self.own_limits, self.output));
        Ok(())
    }

    /// Stops the search under way, if any, and waits for its `bestmove`.
    pub fn stop(&mut self) {
        if let Some(search) = self.search.take() {
            // A search that failed gives no bot back: a fresh one takes its place.
            let bot = search.stop().unwrap_or_else(|| self.fresh_bot());
            self.bot = Some(bot);
        }
    }

    /// Stops the search under way, if any, waiting at most `grace` for its `bestmove`: the
    /// engine is ending.
    pub fn stop_within(&mut self, grace: Duration) {
        if let Some(search) = self.search.take() {
            search.stop_within(grace);
        }
    }

    /// A new game: the bot forgets what it learnt.
    pub fn new_game(&mut self) {
        self.stop();
        if let Some(bot) = &mut self.bot {
            bot.new_game();
        }
    }

    /// The answer to UGI's `query QUESTION` about the position: `gameover` and `p1turn`
    /// (`true` or `false`), `result` (`p1win`, `p2win`, `draw` or `none`).
    pub fn query(&self, question: &str) -> Result<String, String> {
        let game = || {
            self.position()
                .map_err(|e| format!("query {question}: {e}"))
        };
        let answer = match question {
            "gameover" => game()?.outcome().is_some().to_string(),
            "p1turn" => (game()?.side_to_move() == Player::One).to_string(),
            "result" => match game()?.outcome() {
                None => "none",
                Some(Outcome::Draw(_)) => "draw",
                Some(Outcome::Win {
                    winner: Player::One,
                    ..
                }) => "p1win",
                Some(Outcome::Win { .. }) => "p2win",
            }
            .to_string(),
            other => {
                return Err(format!(
                    "query: unknown question '{other}'; questions: gameover, p1turn, result"
                ));
            }
        };
        Ok(answer)
    }
}

/// The game set up by the words after `position` (`startpos` or `fen TEXT`, then optionally
/// `moves M1 M2 …`) in `game` under the rule options `rules`: the parser of `position`,
/// without the session.
pub(crate) fn read_position(
    words: &[&str],
    game: GameId,
    rules: &[String],
) -> Result<AnyGame, String> {
    let (position, rest) = match words.first() {
        Some(&"startpos") => (None, &words[1..]),
        Some(&"fen") => {
            let end = words
                .iter()
                .position(|&w| w == "moves")
                .unwrap_or(words.len());
            (Some(words[1..end].join(" ")), &words[end..])
        }
        _ => {
            return Err(
                "position: expected 'startpos' or 'fen POSITION', then 'moves M1 M2 …'".to_string(),
            );
        }
    };
    let setup = Setup {
        rules: rules.to_vec(),
        position: position.clone(),
        ..Setup::start()
    };
    let mut played = AnyGame::new(game, &setup).map_err(|e| match &position {
        Some(text) => format!("position fen {text}: {e}"),
        None => format!("position startpos: {e}"),
    })?;
    match rest.split_first() {
        None => {}
        Some((&"moves", moves)) => {
            for (index, text) in moves.iter().enumerate() {
                played.play(text).map_err(|e| {
                    format!(
                        "position: move {} ('{text}') cannot be played: {e}",
                        index + 1
                    )
                })?;
            }
        }
        Some((other, _)) => {
            return Err(format!(
                "position: expected 'moves' after the position, not '{other}'"
            ));
        }
    }
    Ok(played)
}
