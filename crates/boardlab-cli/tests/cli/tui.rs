//! The full-screen board of `boardlab play`, run in a pseudo-terminal: keys and mouse clicks
//! in, the screen (as a terminal emulator shows it) out.

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a screen may take to show what a test waits for.
const PATIENCE: Duration = Duration::from_secs(60);

/// The size of the terminal.
const ROWS: NonZeroU16 = NonZeroU16::new(30).unwrap();
const COLUMNS: NonZeroU16 = NonZeroU16::new(100).unwrap();

/// `boardlab` running in a pseudo-terminal, its output fed to a terminal emulator.
struct Session {
    screen: Arc<Mutex<vt100::Parser>>,
    keys: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    master: Box<dyn MasterPty + Send>,
}

impl Session {
    /// Starts `boardlab ARGS` on a terminal of 100 columns and 30 rows.
    fn start(args: &[&str]) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: ROWS.get(),
                cols: COLUMNS.get(),
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal opens");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_boardlab"));
        command.args(args);
        command.env("TERM", "xterm-256color");
        let child = pty.slave.spawn_command(command).expect("boardlab starts");
        drop(pty.slave);
        let screen = Arc::new(Mutex::new(vt100::Parser::new(ROWS, COLUMNS, 0)));
        let mut output = pty.master.try_clone_reader().expect("a reader");
        let fed = Arc::clone(&screen);
        std::thread::spawn(move || {
            let mut bytes = [0u8; 8192];
            while let Ok(n @ 1..) = output.read(&mut bytes) {
                fed.lock().unwrap().process(&bytes[..n]);
            }
        });
        let keys = pty.master.take_writer().expect("a writer");
        Session {
            screen,
            keys,
            child,
            master: pty.master,
        }
    }

    /// The text on the screen now.
    fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Waits until the screen shows everything in `wanted` (and, after a `!`, not the rest),
    /// and returns it.
    fn wait_for(&self, wanted: &[&str]) -> String {
        let start = Instant::now();
        loop {
            let text = self.text();
            let shown = wanted.iter().all(|w| match w.strip_prefix('!') {
                Some(absent) => !text.contains(absent),
                None => text.contains(w),
            });
            if shown {
                return text;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "the screen never showed {wanted:?}:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Types `bytes` (keys, or a terminal's mouse report).
    fn send(&mut self, bytes: &str) {
        self.keys.write_all(bytes.as_bytes()).unwrap();
        self.keys.flush().unwrap();
        // One key at a time, as a person types.
        std::thread::sleep(Duration::from_millis(30));
    }

    /// Clicks the left button on the cell at `column`, `row` (from 0), as an xterm reports it.
    fn click(&mut self, (column, row): (usize, usize)) {
        let (x, y) = (column + 1, row + 1);
        self.send(&format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m"));
    }

    /// Changes the terminal's size, as a person dragging the window's corner.
    fn resize(&mut self, rows: u16, columns: u16) {
        let size = |n| NonZeroU16::new(n).expect("a size above 0");
        self.screen
            .lock()
            .unwrap()
            .screen_mut()
            .set_size(size(rows), size(columns));
        self.master
            .resize(PtySize {
                rows,
                cols: columns,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
    }

    /// Waits for the program to end and returns whether it succeeded.
    fn exit_ok(&mut self) -> bool {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.success();
            }
            assert!(start.elapsed() < PATIENCE, "boardlab did not end");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
        }
    }
}

/// The screen cell of the middle of `square` (`c3`), found from the coordinates drawn
/// around the board: the file letter above it and the rank number left of it.
fn square_on(screen: &str, square: &str) -> (usize, usize) {
    let (file, rank) = square.split_at(1);
    let lines: Vec<&str> = screen.lines().collect();
    let files = lines
        .iter()
        .position(|l| l.trim_start().starts_with("a ") && l.contains(" b "))
        .expect("the file letters");
    let column = lines[files]
        .char_indices()
        .find(|&(i, c)| c.to_string() == file && i > 0)
        .map(|(i, _)| lines[files][..i].chars().count())
        .expect("the file");
    let row = lines
        .iter()
        .position(|l| l.starts_with(&format!("{rank:>2} ")))
        .expect("the rank");
    (column, row)
}

#[test]
fn keys_play_a_move_undo_it_and_quit() {
    let mut tui = Session::start(&["play", "sprint"]);
    let screen = tui.wait_for(&["boardlab · Sprint", "White (Player 1) to move", "q quit"]);
    // The board: files, ranks and the pieces of the start (three a rank on ranks 1, 2, 5, 6).
    assert!(
        screen.contains("a      b      c      d      e      f"),
        "{screen}"
    );
    for rank in ["1", "2", "5", "6"] {
        let line = screen
            .lines()
            .find(|l| l.starts_with(&format!(" {rank} ")))
            .unwrap();
        let pieces = line.matches(" W ").count() + line.matches(" B ").count();
        assert_eq!(pieces, 3, "rank {rank}: {line}\n{screen}");
    }
    // The cursor starts on b2: pick it, go up and right to c3, and play b2c3.
    tui.send("\r");
    tui.wait_for(&["•"]);
    tui.send("\x1b[A");
    tui.send("\x1b[C");
    tui.send("\r");
    let screen = tui.wait_for(&["1. b2c3", "Black (Player 2) to move"]);
    assert!(screen.contains("Moves"), "{screen}");
    tui.send("u");
    tui.wait_for(&["took back b2c3", "White (Player 1) to move", "!1. b2c3"]);
    // A smaller window: the board is drawn again with smaller squares.
    tui.resize(20, 60);
    tui.wait_for(&["a  b  c  d  e  f", "White (Player 1) to move"]);
    // Leaving a game in progress is asked first: n stays, y leaves.
    tui.send("q");
    tui.wait_for(&["Leave this game? y leaves"]);
    tui.send("n");
    tui.wait_for(&["q quit", "!Leave this game?"]);
    tui.send("q");
    tui.wait_for(&["Leave this game? y leaves"]);
    tui.send("y");
    assert!(tui.exit_ok(), "boardlab ends with 0");
    // Back on the normal screen, the game is summed up.
    tui.wait_for(&[
        "boardlab sprint: no move played",
        "game left unfinished after 0 moves",
    ]);
}

#[test]
fn the_mouse_picks_and_moves_against_a_bot() {
    let mut tui = Session::start(&["play", "sprint", "--p2", "random"]);
    let screen = tui.wait_for(&["White (Player 1) to move", "bot random"]);
    tui.click(square_on(&screen, "d2"));
    tui.click(square_on(&screen, "e3"));
    // The bot answers at once, and the move list shows both moves.
    let screen = tui.wait_for(&["1. d2e3      ", "White (Player 1) to move"]);
    let row = screen.lines().find(|l| l.contains("1. d2e3")).unwrap();
    let reply = row.split_whitespace().last().unwrap().to_string();
    assert_eq!(reply.len(), 4, "{row}");
    // Undo takes back the bot's reply and the move before it.
    tui.send("u");
    tui.wait_for(&[&format!("took back d2e3 {reply}"), "!1. d2e3"]);
    tui.send("q");
    tui.send("y");
    assert!(tui.exit_ok());
}

#[test]
fn plain_keeps_the_line_interface_on_a_terminal() {
    let mut tui = Session::start(&["play", "sprint", "--plain"]);
    tui.wait_for(&["boardlab sprint:", "White (Player 1) to move.", "> "]);
    tui.send("b2c3\r");
    tui.wait_for(&["Black (Player 2) to move."]);
    tui.send("quit\r");
    tui.wait_for(&["game left unfinished after 1 move"]);
    assert!(tui.exit_ok());
}

#[test]
fn a_thinking_bot_is_shown_and_quitting_does_not_wait_for_it() {
    // The bot would think for 10 minutes: ending well before that (within the patience
    // of `exit_ok`, generous for a loaded machine) shows quitting did not wait for it.
    let mut tui = Session::start(&["play", "sprint", "--p1", "alphabeta:time=600s"]);
    tui.wait_for(&["White (Player 1) is thinking"]);
    tui.send("q");
    tui.send("y");
    assert!(tui.exit_ok());
}

#[test]
fn a_drop_is_a_reserve_letter_then_a_square() {
    let mut tui = Session::start(&["play", "daisy"]);
    tui.wait_for(&[
        "Light (Player 1) reserve:",
        "A1  B1  C1  D2  E2  F2  G2  H9",
    ]);
    // The cursor starts in the middle of the empty board, on e5.
    tui.send("A");
    tui.send("\r");
    tui.wait_for(&["1. A@e5", "Dark (Player 2) to move"]);
    tui.send("q");
    tui.send("y");
    assert!(tui.exit_ok());
    tui.wait_for(&["boardlab daisy: A@e5", "game left unfinished after 1 move"]);
}
