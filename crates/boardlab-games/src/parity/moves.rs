//! The Parity move: a step to an adjacent space, or a straight two-rank capture jump.

use boardlab_core::MoveBits;
use boardlab_core::text::Square;
use std::fmt;

/// A move in Parity: the square a piece leaves and the square it lands on. A capture is the
/// one move whose squares are two ranks apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParityMove {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece lands on.
    pub to: Square,
}

impl ParityMove {
    /// Whether the move jumps over (and captures) a piece.
    pub fn is_capture(self) -> bool {
        self.from.rank.abs_diff(self.to.rank) == 2
    }
}

impl fmt::Display for ParityMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl MoveBits for ParityMove {
    /// The four coordinates, a byte each.
    fn to_bits(self) -> u32 {
        u32::from_le_bytes([self.from.file, self.from.rank, self.to.file, self.to.rank])
    }

    fn from_bits(bits: u32) -> ParityMove {
        let [a, b, c, d] = bits.to_le_bytes();
        ParityMove {
            from: Square::new(a, b),
            to: Square::new(c, d),
        }
    }
}
