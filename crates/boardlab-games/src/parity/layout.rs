//! Board layouts: which space has which colour, read from the text of a layout file.

use boardlab_core::Player;
use std::fmt;
use std::sync::LazyLock;

/// The default board of RULES.md § 4, rows from the top (rank 6) down.
pub const DEFAULT_LAYOUT_TEXT: &str = "\
# The default Parity board (RULES.md): rank 6 at the top, Black's side.
WBWB
UWBR
WRUB
BURW
RBWU
BWBW
";

/// The number of pieces each player starts with.
pub const PIECES_PER_SIDE: usize = 6;

/// The colour of one space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpaceColour {
    /// Always open.
    Black,
    /// Always open.
    White,
    /// Open while the number of pieces on the board is even.
    Red,
    /// Open while the number of pieces on the board is odd.
    Blue,
}

impl SpaceColour {
    /// The colour's letter in layout files: `B`, `W`, `R`, `U`.
    pub fn letter(self) -> char {
        match self {
            SpaceColour::Black => 'B',
            SpaceColour::White => 'W',
            SpaceColour::Red => 'R',
            SpaceColour::Blue => 'U',
        }
    }
}

/// A rectangular board of at most 9x9 spaces and the colour of each, as bitmasks
/// (square index = rank * width + file, a1 = 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    width: u8,
    height: u8,
    red: u128,
    blue: u128,
    white: u128,
    board: u128,
    file_a: u128,
    last_file: u128,
}

static DEFAULT: LazyLock<Layout> =
    LazyLock::new(|| Layout::parse(DEFAULT_LAYOUT_TEXT).expect("the default layout is valid"));

impl Default for Layout {
    fn default() -> Self {
        *DEFAULT
    }
}

impl Layout {
    /// Reads a layout: one row per line from the top, letters `B W R U` (either case, spaces
    /// between them allowed), `#` starts a comment, blank lines are skipped. Errors name the
    /// line and column.
    pub fn parse(text: &str) -> Result<Layout, String> {
        let mut rows: Vec<(usize, Vec<SpaceColour>)> = Vec::new();
        for (line_index, line) in text.lines().enumerate() {
            let line_number = line_index + 1;
            let content = line.split('#').next().unwrap_or("");
            let mut row = Vec::new();
            for (column_index, c) in content.chars().enumerate() {
                let colour = match c.to_ascii_uppercase() {
                    'B' => SpaceColour::Black,
                    'W' => SpaceColour::White,
                    'R' => SpaceColour::Red,
                    'U' => SpaceColour::Blue,
                    c if c.is_whitespace() => continue,
                    _ => {
                        return Err(format!(
                            "line {line_number}, column {}: '{c}' is not a space colour; use B (black), W (white), R (red) or U (blue)",
                            column_index + 1
                        ));
                    }
                };
                if row.len() == 9 {
                    return Err(format!(
                        "line {line_number}, column {}: more than 9 spaces in a row; boards are at most 9x9",
                        column_index + 1
                    ));
                }
                row.push(colour);
            }
            if !row.is_empty() {
                if rows.len() == 9 {
                    return Err(format!(
                        "line {line_number}, column 1: more than 9 rows; boards are at most 9x9"
                    ));
                }
                if let Some((first_line, first)) = rows.first()
                    && first.len() != row.len()
                {
                    return Err(format!(
                        "line {line_number}, column {}: the row has {} spaces but the row on line {first_line} has {}; a board is a rectangle",
                        row.len().min(first.len()) + 1,
                        row.len(),
                        first.len()
                    ));
                }
                rows.push((line_number, row));
            }
        }
        if rows.len() < 2 {
            return Err(format!(
                "line 1, column 1: {} row(s); a board needs at least 2",
                rows.len()
            ));
        }
        let width = rows[0].1.len() as u8;
        let height = rows.len() as u8;
        let mut layout = Layout {
            width,
            height,
            red: 0,
            blue: 0,
            white: 0,
            board: 0,
            file_a: 0,
            last_file: 0,
        };
        for (row_index, (_, row)) in rows.iter().enumerate() {
            let rank = height - 1 - row_index as u8;
            for (file, colour) in row.iter().enumerate() {
                let bit = layout.bit(file as u8, rank);
                layout.board |= bit;
                match colour {
                    SpaceColour::Red => layout.red |= bit,
                    SpaceColour::Blue => layout.blue |= bit,
                    SpaceColour::White => layout.white |= bit,
                    SpaceColour::Black => {}
                }
                if file == 0 {
                    layout.file_a |= bit;
                }
                if file as u8 == width - 1 {
                    layout.last_file |= bit;
                }
            }
        }
        let white = layout.start_squares(Player::One);
        let black = layout.start_squares(Player::Two);
        if (white.count_ones() as usize) < PIECES_PER_SIDE || white & black != 0 {
            return Err(format!(
                "line 1, column 1: the board has too few black and white spaces for {PIECES_PER_SIDE} pieces per side on separate spaces"
            ));
        }
        Ok(layout)
    }

    /// The number of files.
    #[inline]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// The number of ranks.
    #[inline]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// The bit of the space at `file`, `rank` (from 0).
    #[inline]
    pub fn bit(&self, file: u8, rank: u8) -> u128 {
        1u128 << (rank as u32 * self.width as u32 + file as u32)
    }

    /// Every space of the board.
    #[inline]
    pub fn board(&self) -> u128 {
        self.board
    }

    /// The spaces of file a (the west edge).
    #[inline]
    pub fn file_a(&self) -> u128 {
        self.file_a
    }

    /// The spaces of the last file (the east edge).
    #[inline]
    pub fn last_file(&self) -> u128 {
        self.last_file
    }

    /// The red spaces.
    #[inline]
    pub fn red(&self) -> u128 {
        self.red
    }

    /// The blue spaces.
    #[inline]
    pub fn blue(&self) -> u128 {
        self.blue
    }

    /// The spaces that are closed while `pieces` pieces stand on the board.
    #[inline]
    pub fn closed(&self, pieces: u32) -> u128 {
        if pieces.is_multiple_of(2) {
            self.blue
        } else {
            self.red
        }
    }

    /// The colour of a space.
    pub fn colour(&self, file: u8, rank: u8) -> SpaceColour {
        let bit = self.bit(file, rank);
        if self.red & bit != 0 {
            SpaceColour::Red
        } else if self.blue & bit != 0 {
            SpaceColour::Blue
        } else if self.white & bit != 0 {
            SpaceColour::White
        } else {
            SpaceColour::Black
        }
    }

    /// The spaces where `player`'s pieces start: the [`PIECES_PER_SIDE`] black or white spaces
    /// nearest their edge (nearest rank first, then nearest the centre file, then from the
    /// player's left), so the two sides mirror each other under a half turn.
    pub fn start_squares(&self, player: Player) -> u128 {
        let mut candidates: Vec<(u8, u8, u8, u8)> = Vec::new();
        for rank in 0..self.height {
            for file in 0..self.width {
                if (self.red | self.blue) & self.bit(file, rank) != 0 {
                    continue;
                }
                let (distance, from_left) = match player {
                    Player::One => (rank, file),
                    Player::Two => (self.height - 1 - rank, self.width - 1 - file),
                };
                let off_centre =
                    (2 * from_left as i32 - (self.width as i32 - 1)).unsigned_abs() as u8;
                candidates.push((distance, off_centre, from_left, file + rank * 16));
            }
        }
        candidates.sort_unstable();
        candidates
            .iter()
            .take(PIECES_PER_SIDE)
            .fold(0, |acc, &(_, _, _, code)| {
                acc | self.bit(code % 16, code / 16)
            })
    }
}

impl fmt::Display for Layout {
    /// The layout in the file format, rows from the top.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..self.height).rev() {
            for file in 0..self.width {
                write!(f, "{}", self.colour(file, rank).letter())?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
