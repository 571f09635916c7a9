//! The Daisy move: a drop from the reserve, or a piece going from one square to another.

use super::piece::Kind;
use boardlab_core::MoveBits;
use boardlab_core::text::Square;
use std::fmt;

/// The first "from" code that stands for a drop: code `DROP_BASE + kind` drops that kind.
const DROP_BASE: u32 = 81;

/// A move in Daisy, in 14 bits: the target square (7 bits) and either the square the piece
/// leaves or, for a drop, the letter dropped (7 bits). The moving piece's kind and any
/// captured piece are read from the position when the move is played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DaisyMove(u16);

impl DaisyMove {
    /// The move of the piece on square index `from` to `to` (0 = a1 … 80 = i9).
    #[inline]
    pub const fn new(from: u32, to: u32) -> DaisyMove {
        DaisyMove((to | from << 7) as u16)
    }

    /// The drop of a `kind` piece from the reserve of the side to move on square index `to`.
    #[inline]
    pub const fn drop(kind: Kind, to: u32) -> DaisyMove {
        DaisyMove::new(DROP_BASE + kind as u32, to)
    }

    /// The index of the square the piece goes to.
    #[inline]
    pub const fn to(self) -> u32 {
        (self.0 & 127) as u32
    }

    /// The index of the square the piece leaves, or `None` for a drop.
    #[inline]
    pub const fn from(self) -> Option<u32> {
        let from = (self.0 >> 7) as u32;
        if from < DROP_BASE { Some(from) } else { None }
    }

    /// The kind dropped, or `None` for a board move.
    #[inline]
    pub const fn dropped(self) -> Option<Kind> {
        let from = (self.0 >> 7) as u32;
        if from < DROP_BASE {
            None
        } else {
            Some(Kind::from_index((from - DROP_BASE) as u8))
        }
    }

    /// Whether the move is a drop.
    #[inline]
    pub const fn is_drop(self) -> bool {
        (self.0 >> 7) as u32 >= DROP_BASE
    }
}

impl fmt::Display for DaisyMove {
    /// `e3e4` for a board move, `H@e5` for a drop (the letter always uppercase).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let to = Square::from_index(self.to() as usize, 9);
        match self.dropped() {
            Some(kind) => write!(f, "{}@{to}", kind.letter()),
            None => {
                let from = Square::from_index((self.0 >> 7) as usize, 9);
                write!(f, "{from}{to}")
            }
        }
    }
}

impl fmt::Debug for DaisyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl MoveBits for DaisyMove {
    fn to_bits(self) -> u32 {
        self.0 as u32
    }

    fn from_bits(bits: u32) -> DaisyMove {
        DaisyMove(bits as u16)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_print_in_spec_notation() {
        assert_eq!(DaisyMove::new(22, 31).to_string(), "e3e4");
        assert_eq!(DaisyMove::drop(Kind::H, 40).to_string(), "H@e5");
        assert_eq!(DaisyMove::drop(Kind::A, 80).to_string(), "A@i9");
        let m = DaisyMove::drop(Kind::G, 0);
        assert_eq!((m.from(), m.dropped(), m.to()), (None, Some(Kind::G), 0));
        assert!(m.is_drop());
        let m = DaisyMove::new(80, 0);
        assert_eq!((m.from(), m.dropped(), m.to()), (Some(80), None, 0));
        assert_eq!(std::mem::size_of::<DaisyMove>(), 2);
    }
}
