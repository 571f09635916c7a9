//! The Obsidian move: a piece going from one square to another.

use super::piece::Kind;
use boardlab_core::MoveBits;
use boardlab_core::text::Square;
use std::fmt;

/// A move in Obsidian: from-square, to-square and the kind of the moving piece, in 15 bits.
/// Promotion needs no field: an F reaching the far rank always becomes an E.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ObsidianMove(u16);

impl ObsidianMove {
    /// The move of a `kind` piece from square index `from` to `to` (0 = a1 … 63 = h8).
    #[inline]
    pub const fn new(from: u32, to: u32, kind: Kind) -> ObsidianMove {
        ObsidianMove((from | to << 6 | (kind as u32) << 12) as u16)
    }

    /// The index of the square the piece leaves.
    #[inline]
    pub const fn from(self) -> u32 {
        (self.0 & 63) as u32
    }

    /// The index of the square the piece goes to.
    #[inline]
    pub const fn to(self) -> u32 {
        ((self.0 >> 6) & 63) as u32
    }

    /// The kind of the moving piece (before any promotion).
    #[inline]
    pub const fn kind(self) -> Kind {
        Kind::from_index((self.0 >> 12) as u8)
    }
}

impl fmt::Display for ObsidianMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let from = Square::from_index(self.from() as usize, 8);
        let to = Square::from_index(self.to() as usize, 8);
        write!(f, "{from}{to}")
    }
}

impl fmt::Debug for ObsidianMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.kind().letter(), self)
    }
}

impl MoveBits for ObsidianMove {
    fn to_bits(self) -> u32 {
        self.0 as u32
    }

    fn from_bits(bits: u32) -> ObsidianMove {
        ObsidianMove(bits as u16)
    }
}
