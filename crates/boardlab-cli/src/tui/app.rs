//! The state of a game on the full-screen board, and what each command does to it. Nothing
//! here touches the terminal: the screen is drawn from this state (`view`), keys and clicks
//! become [`Command`]s (`input`), and the bots' moves come in from their thread (`thinker`).

use super::input::help_line;
use super::picking::{Choice, Pick, Picker};
use crate::commands::play::BOT_GAME_PLY_CAP;
use crate::commands::play_clock::TurnClock;
use boardlab_ai::{ClockView, TimeControl};
use boardlab_core::text::Square;
use boardlab_core::{GameHistory, Player, Position};

/// What a person asks of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Moves the cursor by files and ranks (ranks grow upward).
    Cursor(i8, i8),
    /// Chooses the square under the cursor.
    Choose,
    /// Chooses a square (a mouse click).
    ChooseAt(Square),
    /// Picks a reserve piece to drop, by letter.
    Drop(char),
    /// Picks the next reserve piece to drop.
    NextDrop,
    /// Takes back the last move (and the bot's reply before it).
    Undo,
    /// Drops the pick; with nothing picked, asks to leave.
    Back,
    /// Leaves a finished game; asks first whether to leave a game in progress.
    Quit,
    /// Answers the question whether to leave: yes leaves, no stays in the game.
    Answer(bool),
    /// Shows or hides the legend of the pieces.
    Legend,
}

/// A game on the full-screen board.
pub struct App<P: Position> {
    game: GameHistory<P>,
    /// The bot of each seat by name (`None` for a person), per [`Player::index`].
    bots: [Option<String>; 2],
    picker: Picker,
    cursor: Square,
    message: Option<String>,
    thinking: Option<Player>,
    clock: Option<TurnClock>,
    /// Why the game stopped outside its rules (a loss on time, a bot that failed).
    stopped: Option<String>,
    /// Whether the board asks if the person wants to leave the game in progress.
    asking: bool,
    quit: bool,
    /// Whether the legend of the pieces is shown.
    legend: bool,
    /// Counts the redraws, for the thinking indicator's spinner.
    frame: usize,
}

impl<P: Position> App<P> {
    /// A game from `game` on, with the bots named in `bots` and an optional clock.
    pub fn new(game: GameHistory<P>, bots: [Option<String>; 2], tc: Option<TimeControl>) -> Self {
        let mut app = App {
            picker: Picker::new(&[], 0, 0),
            cursor: Square::new(0, 0),
            game,
            bots,
            message: None,
            thinking: None,
            clock: tc.map(TurnClock::new),
            stopped: None,
            asking: false,
            quit: false,
            legend: true,
            frame: 0,
        };
        app.refresh();
        let position = app.game.current();
        app.cursor = app
            .picker
            .movable()
            .first()
            .copied()
            .unwrap_or(Square::new(position.width() / 2, position.height() / 2));
        app
    }

    /// The game so far.
    pub fn game(&self) -> &GameHistory<P> {
        &self.game
    }

    /// The legal moves and the pick.
    pub fn picker(&self) -> &Picker {
        &self.picker
    }

    /// The square under the cursor.
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// The last thing said to the person (an error, an undo).
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Sets the message line.
    pub fn say(&mut self, text: impl Into<String>) {
        self.message = Some(text.into());
    }

    /// The name of the bot in `player`'s seat, if a bot plays it.
    pub fn bot(&self, player: Player) -> Option<&str> {
        self.bots[player.index()].as_deref()
    }

    /// The bot searching now, if any.
    pub fn thinking(&self) -> Option<Player> {
        self.thinking
    }

    /// The number of redraws so far.
    pub fn frame(&self) -> usize {
        self.frame
    }

    /// Whether the person asked to leave.
    pub fn quitting(&self) -> bool {
        self.quit
    }

    /// Whether the board asks if the person wants to leave the game in progress.
    pub fn asking(&self) -> bool {
        self.asking
    }

    /// Whether the legend of the pieces is shown.
    pub fn legend_shown(&self) -> bool {
        self.legend
    }

    /// The clock of a timed game.
    pub fn clock(&self) -> Option<&TurnClock> {
        self.clock.as_ref()
    }

    /// How the game ended, in words, or `None` while it goes on.
    pub fn ending(&self) -> Option<String> {
        if let Some(stopped) = &self.stopped {
            return Some(stopped.clone());
        }
        self.game.outcome().map(|outcome| {
            format!(
                "Game over after {}: {}.",
                plural(self.game.moves().len(), "move"),
                outcome.describe(|p| self.game.current().presentation().side(p))
            )
        })
    }

    /// The seat whose bot must search now: a bot's turn in a game that goes on, with no
    /// search under way.
    pub fn bot_to_move(&self) -> Option<Player> {
        let side = self.game.current().side_to_move();
        let go =
            self.thinking.is_none() && self.ending().is_none() && self.bots[side.index()].is_some();
        go.then_some(side)
    }

    /// A bot's search has started for `player`; returns what it is told of the clocks.
    pub fn bot_started(&mut self, player: Player) -> Option<ClockView> {
        self.thinking = Some(player);
        self.clock.as_ref().map(|clock| clock.view(player))
    }

    /// The searching bot answered: its move, or why it has none.
    pub fn bot_answered(&mut self, answer: Result<P::Move, String>) {
        let Some(side) = self.thinking.take() else {
            return;
        };
        if self.charge(side) {
            return;
        }
        match answer {
            Ok(mv) => match self.game.play(mv) {
                Ok(()) => {
                    self.message = None;
                    self.after_move();
                }
                Err(err) => self.stopped = Some(format!("The bot played an illegal move: {err}")),
            },
            Err(why) => self.stopped = Some(why),
        }
    }

    /// Advances the clocks: a person whose time has run out loses. Called before each redraw.
    pub fn tick(&mut self) {
        self.frame = self.frame.wrapping_add(1);
        let side = self.game.current().side_to_move();
        let out = self
            .clock
            .as_ref()
            .is_some_and(|c| c.remaining_now(side, side).is_zero());
        if out && self.thinking.is_none() && self.ending().is_none() {
            self.charge(side);
        }
    }

    /// Charges `side` for the turn it ends; on a loss on time stops the game and returns true.
    fn charge(&mut self, side: Player) -> bool {
        match self.clock.as_mut().map(|c| c.end_turn(side)) {
            Some(Err(out)) => {
                self.stopped = Some(format!(
                    "Game over: {} loses on time: it {}.",
                    self.game.current().presentation().side(side),
                    out.describe()
                ));
                self.refresh();
                true
            }
            _ => false,
        }
    }

    /// Does what `command` asks. While the board asks whether to leave, only a yes leaves;
    /// anything else keeps the game and is not done.
    pub fn apply(&mut self, command: Command) {
        if self.asking {
            self.asking = false;
            self.quit = command == Command::Answer(true);
            return;
        }
        match command {
            Command::Cursor(files, ranks) => {
                let position = self.game.current();
                let step = |at: u8, by: i8, size: u8| {
                    (at as i16 + by as i16).clamp(0, size as i16 - 1) as u8
                };
                self.cursor = Square::new(
                    step(self.cursor.file, files, position.width()),
                    step(self.cursor.rank, ranks, position.height()),
                );
            }
            Command::Choose => self.choose(self.cursor),
            Command::ChooseAt(square) => {
                self.cursor = square;
                self.choose(square);
            }
            Command::Drop(letter) if self.game.current().reserves().is_none() => {
                let keys = help_line(false, u16::MAX);
                self.message = Some(format!("'{letter}' does nothing here: {keys}"));
            }
            Command::Drop(letter) => {
                if self.may_pick() && !self.picker.choose_drop(letter) {
                    self.message = Some(format!("no {letter} can be dropped now"));
                }
            }
            Command::NextDrop => {
                if self.may_pick() && self.picker.next_drop().is_none() {
                    self.message = Some("nothing to drop: this game has no reserve".into());
                }
            }
            Command::Undo => self.undo(),
            Command::Back if *self.picker.pick() != Pick::Nothing => {
                self.picker.clear();
                self.message = None;
            }
            Command::Back | Command::Quit => self.leave(),
            Command::Answer(_) => {}
            Command::Legend => self.legend = !self.legend,
        }
    }

    /// Leaves a finished game at once; asks first whether to leave a game in progress.
    fn leave(&mut self) {
        if self.ending().is_some() {
            self.quit = true;
        } else {
            self.asking = true;
        }
    }

    /// Whether a person may pick now; if not, says why.
    fn may_pick(&mut self) -> bool {
        let why = if self.ending().is_some() {
            "the game is over: u takes back a move, q leaves".to_string()
        } else if let Some(player) = self.thinking.or(self.bot_to_move()) {
            format!(
                "{} is thinking",
                self.game.current().presentation().side(player)
            )
        } else {
            return true;
        };
        self.message = Some(why);
        false
    }

    /// Chooses `square` for the move being picked.
    fn choose(&mut self, square: Square) {
        if !self.may_pick() {
            return;
        }
        self.message = None;
        match self.picker.choose(square) {
            Choice::Play(text) => self.play_text(&text),
            Choice::Picked | Choice::Cleared => {}
            Choice::NoMoveFrom(square) => {
                let position = self.game.current();
                let own = position
                    .piece_at(square.file, square.rank)
                    .and_then(|letter| position.presentation().piece(letter))
                    .is_some_and(|(_, owner)| owner == position.side_to_move());
                self.message = Some(match position.move_restriction() {
                    Some(rule) if own => format!("{square} cannot move: {rule}"),
                    _ if own => format!("the piece on {square} has no legal move"),
                    _ => format!("no move of {} starts on {square}", {
                        position.presentation().side(position.side_to_move())
                    }),
                });
            }
            Choice::Ambiguous(square) => {
                self.message = Some(format!(
                    "several moves end on {square}: choose the landing squares in turn"
                ));
            }
        }
    }

    /// Plays a person's move.
    fn play_text(&mut self, text: &str) {
        let side = self.game.current().side_to_move();
        if self.charge(side) {
            return;
        }
        match self.game.play_text(text) {
            Ok(_) => self.after_move(),
            Err(err) => self.message = Some(err.to_string()),
        }
    }

    /// After a move: the new legal moves, and the end of a game between bots that runs on.
    fn after_move(&mut self) {
        if self.bots.iter().all(Option::is_some) && self.game.moves().len() >= BOT_GAME_PLY_CAP {
            self.stopped = Some(format!(
                "Stopped after {BOT_GAME_PLY_CAP} plies without an end."
            ));
        }
        self.refresh();
    }

    /// Takes back the last move, and against a bot its reply too.
    fn undo(&mut self) {
        if self.thinking.is_some() {
            self.message = Some("wait: the bot is thinking".into());
            return;
        }
        if self.stopped.is_some() {
            self.message = Some("the game has stopped: q leaves".into());
            return;
        }
        let Some(mv) = self.game.undo() else {
            self.message = Some("nothing to undo: no move has been played".into());
            return;
        };
        let mut taken = vec![mv.to_string()];
        while self.bots[self.game.current().side_to_move().index()].is_some() {
            match self.game.undo() {
                Some(mv) => taken.insert(0, mv.to_string()),
                None => break,
            }
        }
        if let Some(clock) = self.clock.as_mut() {
            clock.restart_turn();
        }
        self.message = Some(format!("took back {}", taken.join(" ")));
        self.refresh();
    }

    /// Recomputes the legal moves (none once the game is over) and drops the pick.
    fn refresh(&mut self) {
        let position = self.game.current();
        let texts = if self.ending().is_some() {
            Vec::new()
        } else {
            position.legal_move_texts()
        };
        self.picker = Picker::new(&texts, position.width(), position.height());
    }

    /// The moves so far as rows of a table: `  1. e2e4    e7e5`, Player 1's column first
    /// (`…` in it when Player 2 moved first).
    pub fn move_rows(&self) -> Vec<String> {
        let mut cells: Vec<String> = self.game.moves().iter().map(|m| m.to_string()).collect();
        if self.game.start().side_to_move() == Player::Two {
            cells.insert(0, "…".to_string());
        }
        cells
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| {
                let second = pair.get(1).map_or("", String::as_str);
                format!("{:>3}. {:<10}{second}", i + 1, pair[0])
                    .trim_end()
                    .to_string()
            })
            .collect()
    }

    /// What is printed after the board is closed: the moves and how the game stands.
    pub fn summary(&self) -> String {
        let moves: Vec<String> = self.game.moves().iter().map(|m| m.to_string()).collect();
        let mut out = format!("boardlab {}: ", self.game.current().game_id());
        if moves.is_empty() {
            out.push_str("no move played\n");
        } else {
            out.push_str(&format!("{}\n", moves.join(" ")));
        }
        match self.ending() {
            Some(ending) => out.push_str(&ending),
            None => out.push_str(&format!(
                "game left unfinished after {}",
                plural(self.game.moves().len(), "move")
            )),
        }
        out.push_str(&format!("\nposition: {}\n", self.game.current()));
        out
    }
}

/// "1 move", "3 moves".
fn plural(count: usize, word: &str) -> String {
    format!("{count} {word}{}", if count == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_games::{Daisy, Sprint};

    fn sprint(text: &str) -> App<Sprint> {
        App::new(GameHistory::new(text.parse().unwrap()), [None, None], None)
    }

    fn at(text: &str) -> Square {
        boardlab_core::text::parse_move_text(text, 9, 9)
            .unwrap()
            .squares[0]
    }

    #[test]
    fn cursor_and_enter_play_a_move_and_u_takes_it_back() {
        let mut app = sprint("1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 1");
        // The cursor starts on the first piece that can move.
        assert_eq!(app.cursor(), at("b2"));
        app.apply(Command::Choose);
        assert_eq!(app.picker().targets(), vec![at("a3"), at("c3")]);
        app.apply(Command::Cursor(1, 1));
        app.apply(Command::Choose);
        assert_eq!(app.game().moves().len(), 1);
        assert_eq!(app.move_rows(), vec!["  1. b2c3"]);
        // The cursor stays on the board.
        app.apply(Command::Cursor(-9, 9));
        assert_eq!(app.cursor(), at("a6"));
        app.apply(Command::Undo);
        assert_eq!(app.game().moves().len(), 0);
        assert_eq!(app.message(), Some("took back b2c3"));
        app.apply(Command::Undo);
        assert_eq!(
            app.message(),
            Some("nothing to undo: no move has been played")
        );
        app.apply(Command::Quit);
        assert!(app.asking() && !app.quitting());
        app.apply(Command::Answer(true));
        assert!(app.quitting());
    }

    #[test]
    fn a_piece_held_back_by_a_compulsory_capture_says_why() {
        let mut app = sprint("5b/6/6/6/1b4/w3w1 1");
        app.apply(Command::ChooseAt(at("e1")));
        let message = app.message().unwrap();
        assert!(message.starts_with("e1 cannot move: "), "{message}");
        app.apply(Command::ChooseAt(at("a1")));
        app.apply(Command::ChooseAt(at("c3")));
        assert!(app.ending().is_none());
        assert_eq!(app.game().moves().len(), 1);
    }

    #[test]
    fn esc_drops_the_pick_then_asks_before_leaving_a_game_in_progress() {
        let mut app = sprint("1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 1");
        app.apply(Command::Choose);
        // Esc, Esc: the pick is dropped, then the board asks, and the game goes on.
        app.apply(Command::Back);
        assert_eq!(app.picker().pick(), &Pick::Nothing);
        assert!(!app.asking() && !app.quitting());
        app.apply(Command::Back);
        assert!(app.asking() && !app.quitting());
        // No (or any other key) keeps the game, and does nothing else.
        app.apply(Command::Answer(false));
        assert!(!app.asking() && !app.quitting());
        app.apply(Command::Back);
        app.apply(Command::Choose);
        assert!(!app.asking() && !app.quitting());
        assert_eq!(
            app.picker().pick(),
            &Pick::Nothing,
            "the Enter was an answer"
        );
        // q asks too; yes leaves.
        app.apply(Command::Quit);
        assert!(app.asking() && !app.quitting());
        app.apply(Command::Answer(true));
        assert!(app.quitting());
    }

    #[test]
    fn a_finished_game_is_left_at_once() {
        let mut app = sprint("6/w5/6/6/5b/6 1");
        app.apply(Command::ChooseAt(at("a5")));
        app.apply(Command::ChooseAt(at("b6")));
        assert!(app.ending().is_some());
        app.apply(Command::Back);
        assert!(app.quitting() && !app.asking());
    }

    #[test]
    fn the_legend_is_shown_until_hidden() {
        let mut app = sprint("1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 1");
        assert!(app.legend_shown());
        app.apply(Command::Legend);
        assert!(!app.legend_shown());
        app.apply(Command::Legend);
        assert!(app.legend_shown());
    }

    #[test]
    fn the_end_is_announced_and_moves_refused() {
        // White steps to the far rank and wins.
        let mut app = sprint("6/w5/6/6/5b/6 1");
        app.apply(Command::ChooseAt(at("a5")));
        app.apply(Command::ChooseAt(at("b6")));
        let ending = app.ending().unwrap();
        assert!(
            ending.starts_with("Game over after 1 move: White"),
            "{ending}"
        );
        app.apply(Command::ChooseAt(at("f1")));
        assert_eq!(
            app.message(),
            Some("the game is over: u takes back a move, q leaves")
        );
        assert!(app.summary().contains("a5b6\nGame over after 1 move"));
    }

    #[test]
    fn drops_by_letter_or_tab() {
        let mut app: App<Daisy> = App::new(GameHistory::new(Daisy::default()), [None, None], None);
        app.apply(Command::Drop('z'));
        assert_eq!(app.message(), Some("no z can be dropped now"));
        app.apply(Command::Drop('a'));
        app.apply(Command::ChooseAt(at("e1")));
        assert_eq!(app.game().moves()[0].to_string(), "A@e1");
        app.apply(Command::NextDrop);
        assert!(matches!(app.picker().pick(), Pick::Drop(_)));
    }

    #[test]
    fn against_a_bot_undo_takes_back_both_moves_and_the_bot_is_asked() {
        let mut app = App::new(
            GameHistory::new(
                "1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 1"
                    .parse::<Sprint>()
                    .unwrap(),
            ),
            [None, Some("random".into())],
            None,
        );
        assert_eq!(app.bot_to_move(), None);
        app.apply(Command::Choose);
        app.apply(Command::ChooseAt(at("c3")));
        assert_eq!(app.bot_to_move(), Some(Player::Two));
        assert!(app.bot_started(Player::Two).is_none());
        app.apply(Command::Choose);
        assert_eq!(app.message(), Some("Black (Player 2) is thinking"));
        app.apply(Command::Undo);
        assert_eq!(app.message(), Some("wait: the bot is thinking"));
        let reply = app.game().current().parse_move("b4a3").ok();
        let reply = reply.or_else(|| app.game().current().legal_move_list().first().copied());
        app.bot_answered(Ok(reply.unwrap()));
        assert_eq!(app.game().moves().len(), 2);
        app.apply(Command::Undo);
        assert_eq!(app.game().moves().len(), 0);
    }

    #[test]
    fn a_move_list_when_player_2_began() {
        let mut app = sprint("1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 2");
        let from = app.picker().movable()[0];
        app.apply(Command::ChooseAt(from));
        let to = app.picker().targets()[0];
        app.apply(Command::ChooseAt(to));
        assert!(
            app.move_rows()[0].starts_with("  1. …"),
            "{:?}",
            app.move_rows()
        );
    }
}
