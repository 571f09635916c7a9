//! The bots search on a thread of their own, so that the board stays responsive (the
//! thinking indicator turns, the clocks tick, the screen follows a resize) while they think.

use boardlab_ai::{Bot, ClockView, StopFlag};
use boardlab_core::{GameHistory, Player, Position};
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, Receiver, TryRecvError};

/// What a search thread hands back: the bot itself, and its move or why it has none.
type Answer<P> = (Box<dyn Bot<P>>, Result<<P as Position>::Move, String>);

/// The bots of a game, each in its seat or out searching.
pub struct Thinker<P: Position> {
    seats: [Option<Box<dyn Bot<P>>>; 2],
    search: Option<(Player, &'static str, Receiver<Answer<P>>)>,
    /// The stop flag of the searching bot, if it has one.
    stop: Option<StopFlag>,
}

impl<P: Position> Thinker<P> {
    /// The bots of `seats` (`None` for a person), per [`Player::index`].
    pub fn new(seats: [Option<Box<dyn Bot<P>>>; 2]) -> Self {
        Thinker {
            seats,
            search: None,
            stop: None,
        }
    }

    /// The bots' names, per seat.
    pub fn names(&self) -> [Option<String>; 2] {
        [0, 1].map(|i| self.seats[i].as_ref().map(|bot| bot.name()))
    }

    /// Starts the bot of `player` searching the current position of `game`, on `clock` if
    /// the game is timed.
    pub fn start(&mut self, player: Player, game: &GameHistory<P>, clock: Option<ClockView>) {
        let Some(mut bot) = self.seats[player.index()].take() else {
            return;
        };
        self.stop = bot.stop_flag();
        // A stop meant for an earlier search must not end this one.
        if let Some(flag) = &self.stop {
            flag.store(false, Ordering::Relaxed);
        }
        let name = game.current().presentation().side(player);
        let game = game.clone();
        let (send, receive) = mpsc::channel();
        std::thread::spawn(move || {
            let choice = match &clock {
                Some(clock) => bot.choose_on_clock(&game, clock, &mut |_| {}),
                None => bot.choose(&game, &mut |_| {}),
            };
            let answer = choice.ok_or_else(|| match bot.failure() {
                Some(failure) => format!("The bot {} {}", bot.name(), failure.summary()),
                None => format!("The bot {} found no move", bot.name()),
            });
            // The board may have been closed meanwhile: nobody waits for the answer then.
            let _ = send.send((bot, answer));
        });
        self.search = Some((player, name, receive));
    }

    /// The answer of the search under way, once it is there.
    pub fn answer(&mut self) -> Option<Result<P::Move, String>> {
        let (player, name, receive) = self.search.as_ref()?;
        let player = *player;
        let (bot, answer) = match receive.try_recv() {
            Ok(done) => done,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => {
                let name = *name;
                self.search = None;
                return Some(Err(format!("The bot of {name} stopped without a move")));
            }
        };
        self.seats[player.index()] = Some(bot);
        self.search = None;
        Some(answer)
    }

    /// Asks the search under way to stop at once, for bots that can be stopped.
    pub fn stop(&self) {
        if let (Some(_), Some(flag)) = (&self.search, &self.stop) {
            flag.store(true, Ordering::Relaxed);
        }
    }
}
