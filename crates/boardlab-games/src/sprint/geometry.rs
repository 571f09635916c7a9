//! The 6x6 board as bits of a `u64`: square masks, the four diagonal directions, and
//! precomputed jump tables.

/// The 36 squares of the board (bits 0-35).
pub const BOARD: u64 = (1 << 36) - 1;
/// The squares of file a.
pub const FILE_A: u64 = 0x4104_1041;
/// The squares of file f.
pub const FILE_F: u64 = FILE_A << 5;
/// The squares of rank 1 (White's baseline, Black's goal).
pub const RANK_1: u64 = 0x3F;
/// The squares of rank 6 (Black's baseline, White's goal).
pub const RANK_6: u64 = 0x3F << 30;
/// The dark squares, where pieces stand: a1 is dark, and so is every square whose file and
/// rank (counted from 0) have the same parity.
pub const DARK: u64 = dark_squares();

const fn dark_squares() -> u64 {
    let mut bits = 0;
    let mut sq = 0;
    while sq < 36 {
        if (sq % 6 + sq / 6) % 2 == 0 {
            bits |= 1 << sq;
        }
        sq += 1;
    }
    bits
}

/// One of the four diagonal directions, as seen from White's side (up = towards rank 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Direction {
    /// Towards file a and rank 6 (index change +5).
    UpLeft = 0,
    /// Towards file f and rank 6 (index change +7).
    UpRight = 1,
    /// Towards file a and rank 1 (index change -7).
    DownLeft = 2,
    /// Towards file f and rank 1 (index change -5).
    DownRight = 3,
}

impl Direction {
    /// All four directions, in index order.
    pub const ALL: [Direction; 4] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];

    /// The direction with index `i` (only the two low bits are used).
    #[inline]
    pub const fn from_index(i: u32) -> Direction {
        match i & 3 {
            0 => Direction::UpLeft,
            1 => Direction::UpRight,
            2 => Direction::DownLeft,
            _ => Direction::DownRight,
        }
    }

    /// The index of this direction (0-3).
    #[inline]
    pub const fn index(self) -> u32 {
        self as u32
    }

    /// The change of square index for one step in this direction.
    #[inline]
    pub const fn delta(self) -> i32 {
        match self {
            Direction::UpLeft => 5,
            Direction::UpRight => 7,
            Direction::DownLeft => -7,
            Direction::DownRight => -5,
        }
    }

    /// The change of (file, rank) for one step in this direction.
    #[inline]
    pub const fn file_rank(self) -> (i32, i32) {
        match self {
            Direction::UpLeft => (-1, 1),
            Direction::UpRight => (1, 1),
            Direction::DownLeft => (-1, -1),
            Direction::DownRight => (1, -1),
        }
    }

    /// The direction pointing the other way.
    #[inline]
    pub const fn opposite(self) -> Direction {
        Direction::from_index(3 - self.index())
    }

    /// Moves every square of `bits` one step in this direction; squares that would leave
    /// the board are dropped.
    #[inline(always)]
    pub const fn shift(self, bits: u64) -> u64 {
        match self {
            Direction::UpLeft => ((bits & !FILE_A) << 5) & BOARD,
            Direction::UpRight => ((bits & !FILE_F) << 7) & BOARD,
            Direction::DownLeft => (bits & !FILE_A) >> 7,
            Direction::DownRight => (bits & !FILE_F) >> 5,
        }
    }
}

/// For each direction and square: the bit of the square jumped over, or 0 when a jump in
/// that direction would leave the board.
pub const JUMP_OVER: [[u64; 36]; 4] = jump_table(1);
/// For each direction and square: the bit of the square a jump lands on, or 0 when a jump
/// in that direction would leave the board.
pub const JUMP_LAND: [[u64; 36]; 4] = jump_table(2);

const fn jump_table(distance: i32) -> [[u64; 36]; 4] {
    let mut table = [[0u64; 36]; 4];
    let mut d = 0;
    while d < 4 {
        let (df, dr) = Direction::from_index(d as u32).file_rank();
        let mut sq = 0;
        while sq < 36 {
            let (file, rank) = ((sq % 6) as i32, (sq / 6) as i32);
            let (land_file, land_rank) = (file + 2 * df, rank + 2 * dr);
            if land_file >= 0 && land_file < 6 && land_rank >= 0 && land_rank < 6 {
                let (f, r) = (file + distance * df, rank + distance * dr);
                table[d][sq] = 1 << (r * 6 + f);
            }
            sq += 1;
        }
        d += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        assert_eq!(DARK.count_ones(), 18);
        assert_eq!(DARK & 1, 1, "a1 is dark");
        assert_eq!(FILE_A.count_ones(), 6);
        assert_eq!(FILE_F & (1 << 35), 1 << 35);
        for d in Direction::ALL {
            assert_eq!(d.shift(DARK) & !DARK, 0, "diagonal steps keep the colour");
            assert_eq!(d.opposite().opposite(), d);
        }
        // c1 (index 2) jumps up-right over d2 (9) to e3 (16).
        assert_eq!(JUMP_OVER[1][2], 1 << 9);
        assert_eq!(JUMP_LAND[1][2], 1 << 16);
        assert_eq!(JUMP_LAND[0][1], 0, "b1 cannot jump up-left");
    }
}
