//! One game's side of the engine: the position the GUI set up (or why it was refused), the
//! bot that keeps its table from one `go` to the next, and the search under way.

use super::go::Go;
use super::output::Output;
use super::search::Search;
use boardlab_ai::{Bot, BotSpec};
use boardlab_core::{Evaluate, GameHistory, Outcome, Player, Position};
use std::time::Duration;

/// What the engine does with the game it plays, whichever game that is. `set_position`, `go`
/// and `new_game` first stop the search under way, if any (its `bestmove` is printed), as
/// GUIs expect of a command that comes during a search.
pub trait Session: Send {
    /// Sets the position from the words after `position` (`startpos` or `fen TEXT`, then
    /// optionally `moves M1 M2 …`, in our own notation). A refused position is remembered:
    /// `go` and `query` then refuse too, until a position is accepted.
    fn set_position(&mut self, words: &[&str]) -> Result<(), String>;
    /// Starts searching the position; the search prints its `info` lines and `bestmove`.
    /// Refused, printing nothing, when there is no position to search (the last one was
    /// refused).
    fn go(&mut self, go: Go) -> Result<(), String>;
    /// Stops the search under way, if any, and waits for its `bestmove`.
    fn stop(&mut self);
    /// Stops the search under way, if any, waiting at most `grace` for its `bestmove`: the
    /// engine is ending.
    fn stop_within(&mut self, grace: Duration);
    /// A new game: the bot forgets what it learnt.
    fn new_game(&mut self);
    /// The answer to UGI's `query QUESTION` about the position: `gameover` and `p1turn`
    /// (`true` or `false`), `result` (`p1win`, `p2win`, `draw` or `none`).
    fn query(&self, question: &str) -> Result<String, String>;
}

/// The session of the game `P` under `rules` with the bot `spec`, printing to `output`.
/// With `own_limits` (a strength level) the bot keeps its own limits and `go` only says when
/// to answer (`infinite`, the clocks); otherwise `go` sets the limits.
pub fn session<P: Evaluate>(
    spec: &BotSpec,
    own_limits: bool,
    rules: P::Rules,
    output: Output,
) -> Box<dyn Session> {
    Box::new(GameSession::<P> {
        own_limits,
        rules,
        game: Ok(GameHistory::new(P::start(rules))),
        bot: Some(spec.build::<P>(0)),
        spec: spec.clone(),
        search: None,
        output,
    })
}

/// The state of the engine for one game.
struct GameSession<P: Evaluate> {
    own_limits: bool,
    /// The rule options set with `setoption`, for every position set up.
    rules: P::Rules,
    /// The position set up, or why the last `position` was refused.
    game: Result<GameHistory<P>, String>,
    /// The bot, while no search has it.
    bot: Option<Box<dyn Bot<P>>>,
    /// What the bot is built from (again, should a search fail).
    spec: BotSpec,
    /// The search under way (or answered and not yet stopped), which has the bot.
    search: Option<Search<P>>,
    output: Output,
}

impl<P: Evaluate> GameSession<P> {
    /// The position, or why there is none.
    fn position(&self) -> Result<&GameHistory<P>, String> {
        self.game.as_ref().map_err(|refusal| {
            format!(
                "no position: the last one was refused ({refusal}); send a valid 'position' first"
            )
        })
    }
}

impl<P: Evaluate> Session for GameSession<P> {
    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        self.stop();
        self.game = read_position::<P>(words, self.rules);
        self.game.as_ref().map(|_| ()).map_err(Clone::clone)
    }

    fn go(&mut self, go: Go) -> Result<(), String> {
        self.stop();
        let game = self.position().map_err(|e| format!("go: {e}"))?.clone();
        let bot = self.bot.take().expect("no search has the bot once stopped");
        self.search = Some(Search::start(bot, game, go, self.own_limits, self.output));
        Ok(())
    }

    fn stop(&mut self) {
        if let Some(search) = self.search.take() {
            // A search that failed gives no bot back: a fresh one takes its place.
            let bot = search.stop().unwrap_or_else(|| self.spec.build::<P>(0));
            self.bot = Some(bot);
        }
    }

    fn stop_within(&mut self, grace: Duration) {
        if let Some(search) = self.search.take() {
            search.stop_within(grace);
        }
    }

    fn new_game(&mut self) {
        self.stop();
        if let Some(bot) = &mut self.bot {
            bot.new_game();
        }
    }

    fn query(&self, question: &str) -> Result<String, String> {
        let game = || {
            self.position()
                .map_err(|e| format!("query {question}: {e}"))
        };
        let answer = match question {
            "gameover" => game()?.outcome().is_some().to_string(),
            "p1turn" => (game()?.current().side_to_move() == Player::One).to_string(),
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
/// `moves M1 M2 …`) under `rules`: the parser of `position`, without the session.
pub(crate) fn read_position<P: Position>(
    words: &[&str],
    rules: P::Rules,
) -> Result<GameHistory<P>, String> {
    let (start, rest) = match words.first() {
        Some(&"startpos") => (P::start(rules), &words[1..]),
        Some(&"fen") => {
            let end = words
                .iter()
                .position(|&w| w == "moves")
                .unwrap_or(words.len());
            let text = words[1..end].join(" ");
            let position =
                P::from_text(&text, rules).map_err(|e| format!("position fen {text}: {e}"))?;
            (position, &words[end..])
        }
        _ => {
            return Err(
                "position: expected 'startpos' or 'fen POSITION', then 'moves M1 M2 …'".to_string(),
            );
        }
    };
    let mut game = GameHistory::new(start);
    match rest.split_first() {
        None => {}
        Some((&"moves", moves)) => {
            for (index, text) in moves.iter().enumerate() {
                game.play_text(text).map_err(|e| {
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
    Ok(game)
}
