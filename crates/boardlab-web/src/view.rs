//! What a browser needs to draw one position: squares, pieces with their owners, reserves,
//! and the state of Parity's coloured spaces.

use boardlab_core::{Encoding, Evaluate, Position};
use boardlab_games::{AnyGame, PositionWork};
use serde::Serialize;

/// One square of the board.
#[derive(Clone, Debug, Serialize)]
pub struct Cell {
    /// The square's name, `a1` …
    pub sq: String,
    /// The piece letter on it, as in position text.
    pub piece: Option<char>,
    /// The piece's owner, 1 or 2.
    pub owner: Option<u8>,
    /// The square's own mark where squares differ (Parity: `R`, `U`, `B`, `W`).
    pub mark: Option<char>,
}

/// A count of one piece letter in a reserve.
#[derive(Clone, Debug, Serialize)]
pub struct ReserveEntry {
    /// The piece letter, as in position text.
    pub letter: char,
    /// How many are in the reserve.
    pub count: u32,
}

/// A position drawn for the browser.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// Files of the board.
    pub width: u8,
    /// Ranks of the board.
    pub height: u8,
    /// Every square, from a1 along rank 1, then rank 2, …
    pub cells: Vec<Cell>,
    /// The reserves of Player 1 and Player 2, for games with drops; `None` otherwise.
    pub reserves: Option<[Vec<ReserveEntry>; 2]>,
    /// The player to move, 1 or 2.
    pub to_move: u8,
    /// The mark of the squares open now (Parity: `R` or `U`), in games whose squares open
    /// and close.
    pub open_colour: Option<char>,
    /// The number of pieces on the board.
    pub piece_count: u32,
    /// The game's own status lines.
    pub status: Vec<String>,
    /// The position in its one-line text form.
    pub position: String,
}

/// The view of a position.
pub fn view_of<P: Position>(position: &P) -> View {
    let (width, height) = (position.width(), position.height());
    let mut cells = Vec::with_capacity(width as usize * height as usize);
    let mut piece_count = 0;
    let look = position.presentation();
    for rank in 0..height {
        for file in 0..width {
            let piece = position.piece_at(file, rank);
            let mark = position.square_mark(file, rank);
            piece_count += u32::from(piece.is_some());
            cells.push(Cell {
                sq: format!("{}{}", (b'a' + file) as char, rank + 1),
                piece,
                owner: piece
                    .and_then(|p| look.piece(p))
                    .map(|(_, owner)| owner.number()),
                mark,
            });
        }
    }
    let text = position.to_string();
    View {
        width,
        height,
        cells,
        reserves: position.reserves().map(|sides| {
            sides.map(|side| {
                side.into_iter()
                    .map(|(letter, count)| ReserveEntry { letter, count })
                    .collect()
            })
        }),
        to_move: position.side_to_move().number(),
        open_colour: position.open_mark(),
        piece_count,
        status: position.status_lines(),
        position: text,
    }
}

/// The view of the position after `ply` moves of a game of any kind, or `None` past the end.
pub fn view_at(game: &AnyGame, ply: usize) -> Option<View> {
    struct ViewOf;
    impl PositionWork for ViewOf {
        type Output = View;
        fn run<P: Evaluate + Encoding>(self, position: &P) -> View {
            view_of(position)
        }
    }
    Some(game.position(ply)?.work(ViewOf))
}
