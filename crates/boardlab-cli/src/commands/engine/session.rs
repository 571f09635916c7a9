//! One game's side of the engine: the position the GUI set up, the bot that keeps its
//! table from one `go` to the next, and the search thread while it runs.

use super::go::Go;
use boardlab_ai::{Bot, BotSpec, Limits, Score, SearchInfo, StopFlag};
use boardlab_core::{Evaluate, GameHistory, Outcome, Player, Position};
use std::sync::atomic::Ordering;
use std::thread::JoinHandle;
use std::time::Duration;

/// What the engine does with the game it plays, whichever game that is.
pub trait Session: Send {
    /// Sets the position from the words after `position` (`startpos` or `fen TEXT`, then
    /// optionally `moves M1 M2 …`, in our own notation).
    fn set_position(&mut self, words: &[&str]) -> Result<(), String>;
    /// Starts searching the position; the search prints its `info` lines and `bestmove`.
    fn go(&mut self, go: Go);
    /// Stops the search under way at once (its `bestmove` is printed) and waits for it.
    fn stop(&mut self);
    /// Waits for the search under way, if any, to print its `bestmove`.
    fn wait(&mut self);
    /// A new game: the bot forgets what it learnt.
    fn new_game(&mut self);
    /// The answer to UGI's `query QUESTION` about the position: `gameover` and `p1turn`
    /// (`true` or `false`), `result` (`p1win`, `p2win`, `draw` or `none`).
    fn query(&self, question: &str) -> Result<String, String>;
}

/// The session of the game `P` under `rules` with the bot `spec`. With `own_limits` (a
/// strength level) the bot keeps its own limits and `go` only says when to answer
/// (`infinite`, the clocks); otherwise `go` sets the limits.
pub fn session<P: Evaluate>(spec: &BotSpec, own_limits: bool, rules: P::Rules) -> Box<dyn Session> {
    Box::new(GameSession::<P> {
        own_limits,
        rules,
        game: GameHistory::new(P::start(rules)),
        bot: Some(spec.build::<P>(0)),
        spec: spec.clone(),
        stop: None,
        told_to_stop: StopFlag::default(),
        search: None,
    })
}

/// The state of the engine for one game.
struct GameSession<P: Evaluate> {
    own_limits: bool,
    /// The rule options set with `setoption`, for every position set up.
    rules: P::Rules,
    game: GameHistory<P>,
    /// The bot, while no search has it.
    bot: Option<Box<dyn Bot<P>>>,
    /// What the bot is built from (again, should a search thread fail).
    spec: BotSpec,
    /// The bot's own stop flag, for the search under way.
    stop: Option<StopFlag>,
    /// Set by `stop`: an infinite search answers only then (the bot's own flag is also set
    /// when a search ends by itself, a proven win for one).
    told_to_stop: StopFlag,
    /// The search thread, which gives the bot back.
    search: Option<JoinHandle<Box<dyn Bot<P>>>>,
}

impl<P: Evaluate> Session for GameSession<P> {
    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        let game = read_position::<P>(words, self.rules)?;
        self.wait();
        self.game = game;
        Ok(())
    }

    fn go(&mut self, go: Go) {
        self.wait();
        let Some(mut bot) = self.bot.take() else {
            return;
        };
        let stop = bot.stop_flag();
        if let Some(flag) = &stop {
            flag.store(false, Ordering::Relaxed);
        }
        self.stop = stop;
        self.told_to_stop.store(false, Ordering::Relaxed);
        let told_to_stop = self.told_to_stop.clone();
        let game = self.game.clone();
        let limits = if go.infinite {
            Limits {
                depth: Some(u32::MAX),
                ..go.limits
            }
        } else {
            go.limits
        };
        if !self.own_limits {
            bot.set_limits(limits);
        }
        self.search = Some(std::thread::spawn(move || {
            let mut report = |info: &SearchInfo| println!("{}", info_line(info));
            let choice = if game.outcome().is_some() {
                None
            } else {
                match &go.clock {
                    Some(clock) => bot.choose_on_clock(&game, clock, &mut report),
                    None => bot.choose(&game, &mut report),
                }
            };
            // An infinite search answers only when told to stop, even when it ended before.
            if go.infinite {
                while !told_to_stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            match choice {
                Some(mv) => println!("bestmove {mv}"),
                None => println!("bestmove (none)"),
            }
            bot
        }));
    }

    fn stop(&mut self) {
        self.told_to_stop.store(true, Ordering::Relaxed);
        if let Some(flag) = &self.stop {
            flag.store(true, Ordering::Relaxed);
        }
        self.wait();
    }

    fn wait(&mut self) {
        if let Some(search) = self.search.take() {
            match search.join() {
                Ok(bot) => self.bot = Some(bot),
                Err(_) => {
                    println!("info string error: the search failed; the bot starts afresh");
                    self.bot = Some(self.spec.build::<P>(0));
                }
            }
        }
    }

    fn query(&self, question: &str) -> Result<String, String> {
        let outcome = self.game.outcome();
        Ok(match question {
            "gameover" => outcome.is_some().to_string(),
            "p1turn" => (self.game.current().side_to_move() == Player::One).to_string(),
            "result" => match outcome {
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
        })
    }

    fn new_game(&mut self) {
        self.wait();
        if let Some(bot) = &mut self.bot {
            bot.new_game();
        }
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

/// A search report as a UCI `info` line: forced wins and losses as `mate` in moves (negative
/// for a loss), win probabilities as centipawns.
pub fn info_line(info: &SearchInfo) -> String {
    let score = match info.score {
        Score::Eval(cp) => format!("cp {cp}"),
        Score::Win(plies) => format!("mate {}", plies.div_ceil(2).max(1)),
        Score::Loss(plies) => format!("mate -{}", plies.div_ceil(2).max(1)),
        Score::Probability(p) => {
            let p = p.clamp(0.001, 0.999);
            format!("cp {}", (400.0 * (p / (1.0 - p)).log10()).round() as i32)
        }
    };
    let mut line = format!(
        "info depth {} score {score} nodes {} nps {} time {}",
        info.depth,
        info.nodes,
        info.nps(),
        info.elapsed.as_millis()
    );
    if !info.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&info.pv.join(" "));
    }
    line
}
