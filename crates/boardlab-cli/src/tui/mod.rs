//! The full-screen terminal board of `boardlab play` (ratatui and crossterm), for any game:
//! the game's presentation gives the colours and names, its legal moves' texts the squares
//! to pick.
//!
//! - `app`: the game's state and what each command does to it (no terminal);
//! - `picking`: choosing a move square by square from the legal moves;
//! - `input`: keys into commands;
//! - `view` and `palette`: the screen drawn from the state, and mouse clicks mapped back;
//! - `side` and `legend`: the panel beside the board, and the legend of the pieces in it;
//! - `thinker`: the bots searching on a thread;
//! - `terminal`: taking over the terminal and giving it back.

mod app;
mod input;
mod legend;
mod palette;
mod picking;
mod side;
mod terminal;
mod thinker;
mod view;

use crate::commands::play::Seats;
use anyhow::Result;
use app::App;
use boardlab_ai::TimeControl;
use boardlab_core::{GameHistory, Position};
use crossterm::event::{self, Event, MouseButton, MouseEventKind};
use std::io::Write;
use std::time::Duration;
use thinker::Thinker;

/// How often the screen is drawn again while nothing happens (the clocks, the spinner).
const TICK: Duration = Duration::from_millis(100);

/// Plays `game` on the full-screen board until the person leaves; then prints the moves and
/// how the game stands. `note` is shown first (how the first player was drawn).
pub fn play<P: Position>(
    game: GameHistory<P>,
    seats: Seats<P>,
    time_control: Option<TimeControl>,
    note: Option<String>,
) -> Result<()> {
    let mut thinker = Thinker::new(seats);
    let mut app = App::new(game, thinker.names(), time_control);
    if let Some(note) = note {
        app.say(note);
    }
    {
        let mut screen = terminal::Screen::open()?;
        let result = run(&mut app, &mut thinker, &mut screen);
        thinker.stop();
        drop(screen);
        result?;
    }
    write!(std::io::stdout(), "{}", app.summary())?;
    Ok(())
}

/// The loop of the board: the bots' answers in, the screen out, then a key, a click or a
/// resize (or nothing for a tick).
fn run<P: Position>(
    app: &mut App<P>,
    thinker: &mut Thinker<P>,
    screen: &mut terminal::Screen,
) -> Result<()> {
    loop {
        if let Some(answer) = thinker.answer() {
            app.bot_answered(answer);
        }
        if let Some(player) = app.bot_to_move() {
            let clock = app.bot_started(player);
            thinker.start(player, app.game(), clock);
        }
        app.tick();
        let frame = screen
            .terminal()
            .draw(|frame| view::render(app, frame.area(), frame.buffer_mut()))?;
        let area = frame.area;
        if app.quitting() {
            return Ok(());
        }
        if !event::poll(TICK)? {
            continue;
        }
        let command = match event::read()? {
            Event::Key(key) => input::command(key, app.asking()),
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                view::hit(app, area, mouse.column, mouse.row)
            }
            // The next draw fits the new size.
            _ => None,
        };
        if let Some(command) = command {
            app.apply(command);
        }
    }
}
