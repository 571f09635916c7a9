//! The six kinds of Obsidian piece.

/// A kind of Obsidian piece, named by its letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// Moves like a rook.
    A = 0,
    /// Leaps like a knight.
    B = 1,
    /// Moves like a bishop.
    C = 2,
    /// Moves like a king; capturing it wins.
    D = 3,
    /// Moves like a queen.
    E = 4,
    /// Moves like a pawn without en passant; promotes to E.
    F = 5,
}

impl Kind {
    /// All kinds in letter order.
    pub const ALL: [Kind; 6] = [Kind::A, Kind::B, Kind::C, Kind::D, Kind::E, Kind::F];

    /// The kind with index `i` (0 = A … 5 = F).
    #[inline]
    pub const fn from_index(i: u8) -> Kind {
        match i {
            0 => Kind::A,
            1 => Kind::B,
            2 => Kind::C,
            3 => Kind::D,
            4 => Kind::E,
            _ => Kind::F,
        }
    }

    /// The kind's index, 0 = A … 5 = F.
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
            c @ 'A'..='F' => Some(Kind::from_index(c as u8 - b'A')),
            _ => None,
        }
    }

    /// How the kind moves, in words (for error messages and help).
    pub const fn how_it_moves(self) -> &'static str {
        match self {
            Kind::A => "moves any number of squares orthogonally over empty squares",
            Kind::B => "leaps two squares one way and one square sideways, like a knight",
            Kind::C => "moves any number of squares diagonally over empty squares",
            Kind::D => "moves one step in any of the 8 directions",
            Kind::E => "moves any number of squares in any of the 8 directions over empty squares",
            Kind::F => {
                "moves one step forward to an empty square (two from its starting rank, both empty) \
                 and captures one step diagonally forward"
            }
        }
    }
}
