//! The search thread: one `go`, searched away from the command loop, which it reports to
//! through the shared [`Output`] (its `info` lines, then exactly one `bestmove`) before it
//! hands the bot back.

use super::go::Go;
use super::output::Output;
use boardlab_ai::{AnyBot, ChooseError, Limits, Score, SearchInfo, StopFlag};
use boardlab_games::AnyGame;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

/// The answer of a search that found no move to give: the game is over.
const NO_MOVE: &str = "bestmove (none)";

/// The answer of a search that failed.
pub const NULL_MOVE: &str = "bestmove 0000";

/// A search under way on its own thread.
pub struct Search {
    /// The bot's own flag, which ends its search at once with the best move so far.
    bot_stop: Option<StopFlag>,
    /// Told once the search is to end: an infinite search answers only then, even when it
    /// finished before (a proven win, a level's own limits).
    release: Sender<()>,
    /// The bot, handed back when the search has answered; nothing if the search failed.
    done: Receiver<Option<AnyBot>>,
}

impl Search {
    /// Starts searching `game` with `bot`. Unless the bot keeps its own limits
    /// (`own_limits`, a strength level), `go`'s limits become the bot's.
    pub fn start(
        mut bot: AnyBot,
        game: AnyGame,
        go: Go,
        own_limits: bool,
        output: Output,
    ) -> Search {
        let bot_stop = bot.stop_flag();
        if let Some(flag) = &bot_stop {
            // A stop sent to an earlier search after it ended must not stop this one.
            flag.store(false, Ordering::Relaxed);
        }
        if !own_limits {
            bot.set_limits(search_limits(&go));
        }
        let (release, released) = channel();
        let (hand_back, done) = channel();
        std::thread::spawn(move || {
            let mut report = |info: &SearchInfo| output.line(&info_line(info));
            let choice = catch_unwind(AssertUnwindSafe(|| {
                bot.choose(&game, go.clock.as_ref(), &mut report)
            }));
            if go.infinite {
                // Woken by `release` or by the search's handle going away.
                let _ = released.recv();
            }
            let answer = match &choice {
                Ok(Ok(mv)) => format!("bestmove {mv}"),
                // The game is over: there is no move to give.
                Ok(Err(ChooseError::GameOver { .. })) => NO_MOVE.to_string(),
                Ok(Err(error)) => {
                    output.error(&error.to_string());
                    NULL_MOVE.to_string()
                }
                Err(_) => {
                    output.error("the search failed; the bot starts afresh");
                    NULL_MOVE.to_string()
                }
            };
            output.line(&answer);
            // A bot whose search panicked may be broken: the session builds a fresh one.
            let _ = hand_back.send(choice.is_ok().then_some(bot));
        });
        Search {
            bot_stop,
            release,
            done,
        }
    }

    /// Tells the search to end now: it answers with the best move found so far.
    fn tell_to_stop(&self) {
        if let Some(flag) = &self.bot_stop {
            flag.store(true, Ordering::Relaxed);
        }
        let _ = self.release.send(());
    }

    /// Stops the search and waits for its `bestmove` (already printed if the search had
    /// ended by itself). Gives the bot back; nothing if the search failed.
    pub fn stop(self) -> Option<AnyBot> {
        self.tell_to_stop();
        self.done.recv().ok().flatten()
    }

    /// Stops the search and waits at most `grace` for its `bestmove`: for the end of the
    /// engine, which does not wait on a search that is slow to stop.
    pub fn stop_within(self, grace: Duration) {
        self.tell_to_stop();
        // A search still running after that ends with the process.
        let _ = self.done.recv_timeout(grace);
    }
}

/// The bot's limits for `go`: an infinite search goes as deep as there is.
fn search_limits(go: &Go) -> Limits {
    if go.infinite {
        Limits {
            depth: Some(u32::MAX),
            ..go.limits
        }
    } else {
        go.limits
    }
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
