//! Attack sets on the 8x8 board: leapers from constant tables, sliders from magic bitboards.
//!
//! Square index = rank * 8 + file (a1 = 0, h8 = 63). The magic factors are found once per
//! process by a seeded search, so the tables need no hand-written constants.

use std::sync::LazyLock;

/// Bits of file a.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Bits of file h.
pub const FILE_H: u64 = FILE_A << 7;
/// Bits of rank 1.
pub const RANK_1: u64 = 0xFF;
/// Bits of rank 3.
pub const RANK_3: u64 = RANK_1 << 16;
/// Bits of rank 6.
pub const RANK_6: u64 = RANK_1 << 40;
/// Bits of rank 8.
pub const RANK_8: u64 = RANK_1 << 56;

const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The squares reached from each square by one of `steps` (file, rank offsets).
const fn leaper_table(steps: &[(i8, i8); 8]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square % 8) as i8, (square / 8) as i8);
        let mut i = 0;
        while i < 8 {
            let (f, r) = (file + steps[i].0, rank + steps[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[square] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        square += 1;
    }
    table
}

static KNIGHT: [u64; 64] = leaper_table(&KNIGHT_STEPS);
static KING: [u64; 64] = leaper_table(&KING_STEPS);

/// The squares a B (knight) on `square` attacks.
#[inline]
pub fn knight(square: u32) -> u64 {
    KNIGHT[square as usize]
}

/// The squares a D (king) on `square` attacks.
#[inline]
pub fn king(square: u32) -> u64 {
    KING[square as usize]
}

/// The squares an A (rook) on `square` attacks when `occupied` holds the pieces.
#[inline]
pub fn rook(square: u32, occupied: u64) -> u64 {
    SLIDERS.rook[square as usize].attacks(&SLIDERS.table, occupied)
}

/// The squares a C (bishop) on `square` attacks when `occupied` holds the pieces.
#[inline]
pub fn bishop(square: u32, occupied: u64) -> u64 {
    SLIDERS.bishop[square as usize].attacks(&SLIDERS.table, occupied)
}

/// The squares an E (queen) on `square` attacks when `occupied` holds the pieces.
#[inline]
pub fn queen(square: u32, occupied: u64) -> u64 {
    rook(square, occupied) | bishop(square, occupied)
}

/// The squares a slider on `square` reaches along `directions`, stopping at (and
/// including) the first occupied square: the slow, obvious computation the tables hold.
fn ray_attacks(square: u32, occupied: u64, directions: &[(i8, i8); 4]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in directions {
        let (mut f, mut r) = ((square % 8) as i8, (square / 8) as i8);
        loop {
            f += df;
            r += dr;
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
        }
    }
    attacks
}

/// The squares whose occupancy matters to a slider on `square`: its rays without the edge.
fn relevant_mask(square: u32, directions: &[(i8, i8); 4]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in directions {
        let (mut f, mut r) = ((square % 8) as i8, (square / 8) as i8);
        loop {
            let (nf, nr) = (f + df, r + dr);
            if !(0..8).contains(&(nf + df)) || !(0..8).contains(&(nr + dr)) {
                break;
            }
            f = nf;
            r = nr;
            mask |= 1u64 << (r * 8 + f);
        }
    }
    mask
}

/// One square's magic: the occupancy mask, the multiplier and where its entries start.
#[derive(Clone, Copy, Debug, Default)]
struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline]
    fn attacks(&self, table: &[u64], occupied: u64) -> u64 {
        let index = ((occupied & self.mask).wrapping_mul(self.factor) >> self.shift) as usize;
        table[self.offset + index]
    }
}

/// The magic tables of both sliders; all entries in one shared vector.
struct Sliders {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    table: Vec<u64>,
}

static SLIDERS: LazyLock<Sliders> = LazyLock::new(Sliders::build);

impl Sliders {
    fn build() -> Sliders {
        let mut table = Vec::new();
        let mut rng = 0x0B51_D1A4_u64;
        let mut rook = [Magic::default(); 64];
        let mut bishop = [Magic::default(); 64];
        for square in 0..64 {
            rook[square as usize] = find_magic(square, &ROOK_DIRECTIONS, &mut table, &mut rng);
            bishop[square as usize] = find_magic(square, &BISHOP_DIRECTIONS, &mut table, &mut rng);
        }
        Sliders {
            rook,
            bishop,
            table,
        }
    }
}

/// Searches a multiplier that maps every occupancy of the square's mask to a slot without a
/// harmful collision, and appends the square's attack entries to `table`.
fn find_magic(
    square: u32,
    directions: &[(i8, i8); 4],
    table: &mut Vec<u64>,
    rng: &mut u64,
) -> Magic {
    let mask = relevant_mask(square, directions);
    let bits = mask.count_ones();
    let shift = 64 - bits;
    let mut occupancies = Vec::with_capacity(1 << bits);
    let mut subset = 0u64;
    loop {
        occupancies.push((subset, ray_attacks(square, subset, directions)));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    let size = 1usize << bits;
    let mut slots = vec![0u64; size];
    let mut stamp = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        attempt += 1;
        let factor = boardlab_core::zobrist::splitmix64(rng)
            & boardlab_core::zobrist::splitmix64(rng)
            & boardlab_core::zobrist::splitmix64(rng);
        if (mask.wrapping_mul(factor) >> 56).count_ones() < 6 {
            continue;
        }
        let fits = occupancies.iter().all(|&(occupied, attacks)| {
            let index = (occupied.wrapping_mul(factor) >> shift) as usize;
            if stamp[index] != attempt {
                stamp[index] = attempt;
                slots[index] = attacks;
                true
            } else {
                slots[index] == attacks
            }
        });
        if fits {
            let offset = table.len();
            // Slots no occupancy maps to are never read; they keep whatever the last try left.
            table.extend_from_slice(&slots);
            return Magic {
                mask,
                factor,
                shift,
                offset,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sliders_match_the_ray_walk() {
        let mut state = 99u64;
        for _ in 0..2000 {
            let occupied = boardlab_core::zobrist::splitmix64(&mut state)
                & boardlab_core::zobrist::splitmix64(&mut state);
            for square in 0..64 {
                assert_eq!(
                    rook(square, occupied),
                    ray_attacks(square, occupied, &ROOK_DIRECTIONS)
                );
                assert_eq!(
                    bishop(square, occupied),
                    ray_attacks(square, occupied, &BISHOP_DIRECTIONS)
                );
            }
        }
    }

    #[test]
    fn leapers_from_corners_and_centre() {
        assert_eq!(knight(0), 1 << 10 | 1 << 17);
        assert_eq!(king(0), 1 << 1 | 1 << 8 | 1 << 9);
        assert_eq!(knight(27).count_ones(), 8);
        assert_eq!(king(27).count_ones(), 8);
    }
}
