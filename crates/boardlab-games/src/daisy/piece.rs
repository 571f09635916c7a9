//! The eight kinds of Daisy piece.

/// A kind of Daisy piece, named by its letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// Moves like a king; capturing it wins.
    A = 0,
    /// Moves like a rook.
    B = 1,
    /// Moves like a bishop.
    C = 2,
    /// Moves like a shogi gold general.
    D = 3,
    /// Moves like a shogi silver general.
    E = 4,
    /// Leaps like a shogi knight.
    F = 5,
    /// Moves like a lance.
    G = 6,
    /// Moves like a shogi pawn.
    H = 7,
}

impl Kind {
    /// All kinds in letter order.
    pub const ALL: [Kind; 8] = [
        Kind::A,
        Kind::B,
        Kind::C,
        Kind::D,
        Kind::E,
        Kind::F,
        Kind::G,
        Kind::H,
    ];

    /// How many pieces of each kind a player starts with, indexed by [`Kind::index`]:
    /// A×1, B×1, C×1, D×2, E×2, F×2, G×2, H×9.
    pub const START_COUNTS: [u8; 8] = [1, 1, 1, 2, 2, 2, 2, 9];

    /// The kind with index `i` (0 = A … 7 = H); indices above 7 give H.
    #[inline]
    pub const fn from_index(i: u8) -> Kind {
        match i {
            0 => Kind::A,
            1 => Kind::B,
            2 => Kind::C,
            3 => Kind::D,
            4 => Kind::E,
            5 => Kind::F,
            6 => Kind::G,
            _ => Kind::H,
        }
    }

    /// The kind's index, 0 = A … 7 = H.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The uppercase letter of the kind.
    pub const fn letter(self) -> char {
        (b'A' + self as u8) as char
    }

    /// The kind of a letter in either case.
    pub fn from_letter(letter: char) -> Option<Kind> {
        match letter.to_ascii_uppercase() {
            c @ 'A'..='H' => Some(Kind::from_index(c as u8 - b'A')),
            _ => None,
        }
    }

    /// How many pieces of this kind exist in a game, both players together.
    pub const fn in_game(self) -> u8 {
        2 * Kind::START_COUNTS[self as usize]
    }

    /// How the kind moves, in words (for error messages and help). "Forward" is towards
    /// the opponent: up the board for Player 1, down for Player 2.
    pub const fn how_it_moves(self) -> &'static str {
        match self {
            Kind::A => "moves one step in any of the 8 directions",
            Kind::B => "moves any number of squares orthogonally over empty squares",
            Kind::C => "moves any number of squares diagonally over empty squares",
            Kind::D => "moves one step in any direction except the two diagonally backward ones",
            Kind::E => "moves one step diagonally or one step straight forward",
            Kind::F => "leaps two squares forward and one to the left or right",
            Kind::G => "moves any number of squares straight forward over empty squares",
            Kind::H => "moves one step straight forward",
        }
    }
}
