//! The move of a game from a rules file, packed in 32 bits ([`MoveBits`]) and printed without
//! the game at hand: squares are held as coordinates (`rank << 4 | file`, boards up to
//! 16x16), and the letters a move prints (a drop's, a promotion's) travel in the move.
//!
//! Three layouts, told apart by the top bits:
//!
//! | bits 31, 30 | move | fields |
//! |---|---|---|
//! | `0 0` | a step (leap, ride, hop) or a single jump | 0-7 from, 8-15 to, 16-22 suffix letter (0: none printed), 23-26 promotion piece, 27 promotes, 28 jump (the jumped square is halfway) |
//! | `0 1` | a drop | 8-15 to, 16-22 letter printed, 23-26 piece |
//! | `1 -` | a chain of 2 or more jumps | 0-7 from, 8-9 direction family, 10-30 the jumps' directions behind a marker bit |
//!
//! A chain names each jump's direction in a fixed family of directions (diagonal, orthogonal,
//! or all eight), 2 or 3 bits a jump, so it holds at most [`MAX_CHAIN_2BIT`] or
//! [`MAX_CHAIN_3BIT`] jumps; a game whose chains could be longer is refused when it is
//! compiled. Every move has one encoding, so two moves are equal exactly when their bits are.

use boardlab_core::MoveBits;
use std::fmt;

/// A square as a move holds it: `rank << 4 | file`, both from 0.
pub type Coord = u8;

/// The coordinate of a file and rank (both from 0, below 16).
#[inline]
pub const fn coord(file: u8, rank: u8) -> Coord {
    rank << 4 | file
}

/// The file of a coordinate (0 = `a`).
#[inline]
pub const fn file_of(c: Coord) -> u8 {
    c & 15
}

/// The rank of a coordinate (0 = rank 1).
#[inline]
pub const fn rank_of(c: Coord) -> u8 {
    c >> 4
}

/// Writes a coordinate as a square: `a1` … `p16`.
pub fn write_square(f: &mut impl fmt::Write, c: Coord) -> fmt::Result {
    write!(f, "{}{}", (b'a' + file_of(c)) as char, rank_of(c) + 1)
}

/// A set of directions a chain's jumps are named in, as (files, ranks) on the board as
/// Player 1 sees it. A jump in direction `d` goes over the square one step along `d` and
/// lands two steps along it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Family {
    /// The four diagonal steps, 2 bits a jump.
    Diagonal = 0,
    /// The four orthogonal steps, 2 bits a jump.
    Orthogonal = 1,
    /// All eight steps, 3 bits a jump.
    King = 2,
}

const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const KING: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

impl Family {
    /// The family of the code in a move's bits (3, never written, reads as `King`).
    #[inline]
    const fn from_code(code: u32) -> Family {
        match code & 3 {
            0 => Family::Diagonal,
            1 => Family::Orthogonal,
            _ => Family::King,
        }
    }

    /// Its directions, in code order.
    #[inline]
    pub fn directions(self) -> &'static [(i8, i8)] {
        match self {
            Family::Diagonal => &DIAGONAL,
            Family::Orthogonal => &ORTHOGONAL,
            Family::King => &KING,
        }
    }

    /// The bits a jump's direction takes.
    #[inline]
    pub const fn bits(self) -> u32 {
        match self {
            Family::Diagonal | Family::Orthogonal => 2,
            Family::King => 3,
        }
    }

    /// The most jumps a chain of this family can hold.
    pub const fn capacity(self) -> u32 {
        (PATH_BITS - 1) / self.bits()
    }

    /// The smallest family holding every one of `vectors` (unit steps), if any does.
    pub fn holding(vectors: &[(i8, i8)]) -> Option<Family> {
        [Family::Diagonal, Family::Orthogonal, Family::King]
            .into_iter()
            .find(|family| vectors.iter().all(|v| family.directions().contains(v)))
    }

    /// The code of direction `v` in this family, if it is one of them.
    pub fn code_of(self, v: (i8, i8)) -> Option<u32> {
        self.directions()
            .iter()
            .position(|&d| d == v)
            .map(|i| i as u32)
    }
}

const CHAIN_FLAG: u32 = 1 << 31;
const DROP_FLAG: u32 = 1 << 30;
const PROMOTES: u32 = 1 << 27;
const JUMP: u32 = 1 << 28;
const PATH_SHIFT: u32 = 10;
const PATH_BITS: u32 = 21;

/// The most jumps of a chain named in a 2-bit family (diagonal or orthogonal jumps).
pub const MAX_CHAIN_2BIT: u32 = Family::Diagonal.capacity();
/// The most jumps of a chain named in the 3-bit family (jumps in all eight directions).
pub const MAX_CHAIN_3BIT: u32 = Family::King.capacity();

/// The directions of a chain being built, jump by jump, behind a marker bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChainPath {
    family: Family,
    /// The codes so far, the first in the lowest bits, with the marker bit above them.
    bits: u32,
    jumps: u32,
}

impl ChainPath {
    /// A chain of no jumps yet.
    #[inline]
    pub const fn new(family: Family) -> ChainPath {
        ChainPath {
            family,
            bits: 1,
            jumps: 0,
        }
    }

    /// The chain one jump longer, in the direction with `code`. The caller keeps within
    /// [`Family::capacity`] (the compiler checks that no chain of a game is longer).
    #[inline]
    pub const fn then(self, code: u32) -> ChainPath {
        let shift = self.jumps * self.family.bits();
        let marker = 1 << shift;
        ChainPath {
            family: self.family,
            bits: (self.bits ^ marker) | code << shift | marker << self.family.bits(),
            jumps: self.jumps + 1,
        }
    }

    /// How many jumps the chain has.
    #[inline]
    pub const fn jumps(self) -> u32 {
        self.jumps
    }
}

/// What a move is, unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveShape {
    /// A piece goes from one square to another: a leap, a ride, a hop, or a single jump
    /// (`jump`: the enemy halfway between is captured); `promotion` names the piece it
    /// becomes, if it promotes.
    Step {
        /// The square left.
        from: Coord,
        /// The square reached.
        to: Coord,
        /// The piece (index) it becomes, if it promotes.
        promotion: Option<u8>,
        /// Whether it jumps over an enemy halfway, capturing it.
        jump: bool,
    },
    /// A piece (index) from the mover's reserve is put on a square.
    Drop {
        /// The piece.
        piece: u8,
        /// The square.
        to: Coord,
    },
    /// A chain of two or more jumps; [`RulesMove::squares`] lists its landing squares.
    Chain {
        /// The square left.
        from: Coord,
    },
}

/// A move of a game from a rules file (see the module documentation for its bits).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RulesMove(u32);

impl RulesMove {
    /// A piece going from `from` to `to` (a leap, a ride or a hop), not promoting.
    #[inline]
    pub const fn step(from: Coord, to: Coord) -> RulesMove {
        RulesMove(from as u32 | (to as u32) << 8)
    }

    /// A single jump from `from` to `to` over the enemy halfway between.
    #[inline]
    pub const fn jump(from: Coord, to: Coord) -> RulesMove {
        RulesMove(RulesMove::step(from, to).0 | JUMP)
    }

    /// This step, promoting to `piece`; `suffix` is the letter printed after the squares
    /// (none when the promotion is the only one possible and compulsory).
    #[inline]
    pub const fn promoting(self, piece: u8, suffix: Option<char>) -> RulesMove {
        let letter = match suffix {
            Some(c) => c as u32 & 0x7F,
            None => 0,
        };
        RulesMove(self.0 | PROMOTES | ((piece as u32) & 15) << 23 | letter << 16)
    }

    /// The drop of `piece` on `to`, printed with `letter` (`H@e5`).
    #[inline]
    pub const fn drop(piece: u8, letter: char, to: Coord) -> RulesMove {
        RulesMove(
            DROP_FLAG
                | (to as u32) << 8
                | (letter as u32 & 0x7F) << 16
                | ((piece as u32) & 15) << 23,
        )
    }

    /// A chain of jumps from `from` along `path` (at least two jumps).
    #[inline]
    pub const fn chain(from: Coord, path: ChainPath) -> RulesMove {
        RulesMove(CHAIN_FLAG | from as u32 | (path.family as u32) << 8 | path.bits << PATH_SHIFT)
    }

    /// The move unpacked.
    #[inline]
    pub const fn shape(self) -> MoveShape {
        let bits = self.0;
        if bits & CHAIN_FLAG != 0 {
            MoveShape::Chain { from: bits as u8 }
        } else if bits & DROP_FLAG != 0 {
            MoveShape::Drop {
                piece: ((bits >> 23) & 15) as u8,
                to: (bits >> 8) as u8,
            }
        } else {
            MoveShape::Step {
                from: bits as u8,
                to: (bits >> 8) as u8,
                promotion: if bits & PROMOTES != 0 {
                    Some(((bits >> 23) & 15) as u8)
                } else {
                    None
                },
                jump: bits & JUMP != 0,
            }
        }
    }

    /// The square the moving piece leaves; `None` for a drop.
    #[inline]
    pub const fn from(self) -> Option<Coord> {
        match self.shape() {
            MoveShape::Step { from, .. } | MoveShape::Chain { from } => Some(from),
            MoveShape::Drop { .. } => None,
        }
    }

    /// The letter printed after the squares or before `@`, if any.
    #[inline]
    fn letter(self) -> Option<char> {
        let code = (self.0 >> 16) & 0x7F;
        if self.0 & CHAIN_FLAG != 0 || code == 0 {
            None
        } else {
            Some(code as u8 as char)
        }
    }

    /// Whether the move is a step that promotes the piece.
    #[inline]
    pub fn promotes(self) -> bool {
        matches!(
            self.shape(),
            MoveShape::Step {
                promotion: Some(_),
                ..
            }
        )
    }

    /// The letter printed after the squares of a promotion, if any.
    #[inline]
    pub fn suffix(self) -> Option<char> {
        match self.shape() {
            MoveShape::Step { .. } => self.letter(),
            _ => None,
        }
    }

    /// The directions of a chain's jumps, first first (empty for other moves).
    #[inline]
    pub fn chain_directions(self) -> impl Iterator<Item = (i8, i8)> {
        let is_chain = self.0 & CHAIN_FLAG != 0;
        let family = Family::from_code(self.0 >> 8);
        let mut path = if is_chain {
            (self.0 >> PATH_SHIFT) & ((1 << PATH_BITS) - 1)
        } else {
            1
        };
        let bits = family.bits();
        let directions = family.directions();
        std::iter::from_fn(move || {
            if path < 1 << bits {
                return None;
            }
            let code = path & ((1 << bits) - 1);
            path >>= bits;
            directions.get(code as usize).copied()
        })
    }

    /// The squares the move names, in order: the start and every square landed on (one
    /// square, the target, for a drop).
    pub fn squares(self) -> impl Iterator<Item = Coord> {
        let (first, second) = match self.shape() {
            MoveShape::Step { from, to, .. } => (Some(from), Some(to)),
            MoveShape::Drop { to, .. } => (Some(to), None),
            MoveShape::Chain { from } => (Some(from), None),
        };
        let mut at = first.unwrap_or(0);
        let landings = self.chain_directions().map(move |(df, dr)| {
            at = coord(
                (file_of(at) as i8).wrapping_add(2 * df) as u8 & 15,
                (rank_of(at) as i8).wrapping_add(2 * dr) as u8 & 15,
            );
            at
        });
        first.into_iter().chain(second).chain(landings)
    }
}

impl fmt::Display for RulesMove {
    /// `e2e4`, `e7e8n` (a promotion with a choice), `H@e5` (a drop), `c1e3c5` (a chain).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let MoveShape::Drop { to, .. } = self.shape() {
            write!(f, "{}@", self.letter().unwrap_or('?'))?;
            return write_square(f, to);
        }
        for square in self.squares() {
            write_square(f, square)?;
        }
        match self.suffix() {
            Some(letter) => write!(f, "{letter}"),
            None => Ok(()),
        }
    }
}

impl fmt::Debug for RulesMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl MoveBits for RulesMove {
    #[inline]
    fn to_bits(self) -> u32 {
        self.0
    }

    #[inline]
    fn from_bits(bits: u32) -> RulesMove {
        RulesMove(bits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_print_as_spec_md() {
        assert_eq!(
            RulesMove::step(coord(4, 1), coord(4, 3)).to_string(),
            "e2e4"
        );
        let promotion = RulesMove::step(coord(4, 6), coord(4, 7)).promoting(1, Some('n'));
        assert_eq!(promotion.to_string(), "e7e8n");
        let silent = RulesMove::step(coord(4, 6), coord(4, 7)).promoting(4, None);
        assert_eq!(silent.to_string(), "e7e8");
        assert_ne!(silent, RulesMove::step(coord(4, 6), coord(4, 7)));
        assert_eq!(RulesMove::drop(7, 'H', coord(4, 4)).to_string(), "H@e5");
        assert_eq!(
            RulesMove::jump(coord(0, 2), coord(0, 4)).to_string(),
            "a3a5"
        );
        assert_eq!(
            RulesMove::step(coord(15, 15), coord(0, 9)).to_string(),
            "p16a10"
        );
    }

    #[test]
    fn chains_hold_their_capacity() {
        // c1 e3 c5: up-right then up-left.
        let path = ChainPath::new(Family::Diagonal).then(0).then(1);
        let chain = RulesMove::chain(coord(2, 0), path);
        assert_eq!(chain.to_string(), "c1e3c5");
        assert_eq!(chain.shape(), MoveShape::Chain { from: coord(2, 0) });
        let mut long = ChainPath::new(Family::Diagonal);
        for i in 0..MAX_CHAIN_2BIT {
            long = long.then(i % 4);
        }
        let mv = RulesMove::chain(0, long);
        assert_eq!(mv.chain_directions().count() as u32, MAX_CHAIN_2BIT);
        assert_eq!(RulesMove::from_bits(mv.to_bits()), mv);
        let mut king = ChainPath::new(Family::King);
        for _ in 0..MAX_CHAIN_3BIT {
            king = king.then(7);
        }
        let mv = RulesMove::chain(0, king);
        assert!(mv.chain_directions().all(|d| d == (-1, 1)));
        assert_eq!(mv.chain_directions().count() as u32, MAX_CHAIN_3BIT);
        assert_eq!((MAX_CHAIN_2BIT, MAX_CHAIN_3BIT), (10, 6));
    }

    #[test]
    fn any_bits_print_without_panic() {
        for bits in [
            0,
            u32::MAX,
            0xC000_0000,
            0x4000_0000,
            0x8FFF_FFFF,
            0x7FFF_FFFF,
        ] {
            let _ = RulesMove::from_bits(bits).to_string();
        }
    }
}
