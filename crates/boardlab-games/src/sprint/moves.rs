//! The Sprint move: a step, or a capture chain given by the squares the piece lands on.

use super::geometry::Direction;
use boardlab_core::MoveBits;
use boardlab_core::text::Square;
use std::fmt;

/// The most segments a move can have. A jumped piece stands on one of the 8 dark squares
/// away from the edge and is removed at once, so no chain has more than 8 jumps.
pub const MAX_SEGMENTS: u32 = 10;

/// A move in Sprint, packed in 32 bits: the start square, the number of segments, whether
/// it captures, and the direction of each segment. A step has one segment of one square; a
/// capture chain has one segment (a jump of two squares) per captured piece.
///
/// Bits 0-5 hold the start square, bits 6-9 the segment count, bit 10 the capture flag and
/// bits 12 onwards two bits per segment's [`Direction`]. Unused bits are zero, so two moves
/// are equal exactly when they land on the same squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SprintMove(u32);

const CAPTURE_FLAG: u32 = 1 << 10;
const DIR_SHIFT: u32 = 12;

impl SprintMove {
    /// A step from square index `from` one square in direction `dir`.
    #[inline]
    pub const fn step(from: u32, dir: Direction) -> SprintMove {
        SprintMove(from | 1 << 6 | dir.index() << DIR_SHIFT)
    }

    /// A capture chain from `from` of `jumps` jumps whose directions are packed two bits
    /// each in `dirs` (first jump in the lowest bits). `jumps` is 1 to [`MAX_SEGMENTS`].
    #[inline]
    pub const fn chain(from: u32, jumps: u32, dirs: u32) -> SprintMove {
        SprintMove(from | jumps << 6 | CAPTURE_FLAG | dirs << DIR_SHIFT)
    }

    /// The index of the square the piece starts on (0 = a1 … 35 = f6).
    #[inline]
    pub const fn from(self) -> u32 {
        self.0 & 63
    }

    /// The number of segments: 1 for a step, the number of captured pieces for a chain.
    #[inline]
    pub const fn segments(self) -> u32 {
        (self.0 >> 6) & 15
    }

    /// Whether the move is a capture chain.
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.0 & CAPTURE_FLAG != 0
    }

    /// The direction of segment `i` (from 0).
    #[inline]
    pub const fn direction(self, i: u32) -> Direction {
        Direction::from_index(self.0 >> (DIR_SHIFT + 2 * i))
    }

    /// The squares of the move, start square first, then every landing square.
    pub fn squares(self) -> Squares {
        Squares {
            mv: self,
            at: self.from(),
            next: 0,
            started: false,
        }
    }

    /// The index of the square the piece ends on.
    pub fn to(self) -> u32 {
        self.squares().last().unwrap_or(self.from())
    }

    /// The indices of the squares whose pieces the move captures, in chain order.
    pub fn captured(self) -> impl Iterator<Item = u32> {
        let capture = self.is_capture();
        self.squares()
            .zip(self.squares().skip(1))
            .filter(move |_| capture)
            .map(|(a, b)| (a + b) / 2)
    }
}

/// The squares of a [`SprintMove`], as square indices: the start, then each landing square.
#[derive(Clone, Debug)]
pub struct Squares {
    mv: SprintMove,
    at: u32,
    next: u32,
    started: bool,
}

impl Iterator for Squares {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if !self.started {
            self.started = true;
            return Some(self.at);
        }
        if self.next >= self.mv.segments() {
            return None;
        }
        let distance = if self.mv.is_capture() { 2 } else { 1 };
        let delta = self.mv.direction(self.next).delta() * distance;
        self.at = (self.at as i32 + delta) as u32;
        self.next += 1;
        Some(self.at)
    }
}

impl fmt::Display for SprintMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for square in self.squares() {
            write!(f, "{}", Square::from_index(square as usize, 6))?;
        }
        Ok(())
    }
}

impl fmt::Debug for SprintMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl MoveBits for SprintMove {
    fn to_bits(self) -> u32 {
        self.0
    }

    fn from_bits(bits: u32) -> SprintMove {
        SprintMove(bits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_of_steps_and_chains() {
        assert_eq!(SprintMove::step(0, Direction::UpRight).to_string(), "a1b2");
        let chain = SprintMove::chain(
            2,
            2,
            Direction::UpRight.index() | Direction::UpLeft.index() << 2,
        );
        assert_eq!(chain.to_string(), "c1e3c5");
        assert_eq!(chain.to(), 26);
        assert_eq!(chain.captured().collect::<Vec<_>>(), vec![9, 21]);
        assert_eq!(
            SprintMove::step(0, Direction::UpRight).captured().count(),
            0
        );
    }
}
