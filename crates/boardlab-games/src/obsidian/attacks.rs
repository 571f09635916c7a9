//! Attack sets on the 8x8 board: leapers from constant tables, sliders from magic bitboards.
//!
//! Square index = rank * 8 + file (a1 = 0, h8 = 63). The magic multipliers below were found
//! by this file's own seeded search; the tables are built from them once per process.

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

/// The knight's leaps as (files, ranks).
pub(super) const KNIGHT_STEPS: [(i8, i8); 8] = [
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

/// Magic multipliers for the A (rook) per square, found by `find_magic` with this file's seed.
const ROOK_FACTORS: [u64; 64] = [
    0x00800037C0002080,
    0x2080200010804001,
    0x0880200010000882,
    0x8100080500201000,
    0x1200040811020020,
    0x2200100C16002108,
    0x1400008114102218,
    0x210009AE0081C100,
    0x0201002100408000,
    0xC040C02000401002,
    0x4802002012008040,
    0x0C01002100081000,
    0x2001000801001005,
    0x0200800200800400,
    0x0009000200190004,
    0x0024800060800100,
    0x1210208000400080,
    0x120602002041088A,
    0x0020008010002080,
    0x0000808010000800,
    0x0101010008000410,
    0x4200808004000200,
    0x0080010100040200,
    0x29012A0020805401,
    0x0080004140002010,
    0x0080D00140002005,
    0x0E10040020080022,
    0x2850080180100081,
    0x0800040080080080,
    0x0112000280800400,
    0x2046000200610428,
    0x0041000100004082,
    0x8080002002400040,
    0x0084400888802005,
    0x0000801004802004,
    0x8400100081804800,
    0x2000040080800800,
    0x4802000400800280,
    0x0088020104004830,
    0x0009004082000104,
    0x0200802040008000,
    0x2040200040008080,
    0x0020070210410020,
    0x0050008108048010,
    0x4008010070050008,
    0x8002001004020008,
    0x0846480110040022,
    0xC180006084020001,
    0x0080230041800300,
    0x1842010480422600,
    0x0050200010008080,
    0x0400100008008080,
    0x2004008004080080,
    0x201600C804104200,
    0x1000020108100400,
    0x1020210840840200,
    0x0002002040108102,
    0x0000108040220702,
    0x0200084011002001,
    0x6005050050002009,
    0x0002002004100802,
    0x0083000804000201,
    0x4002000081084402,
    0x2125008040240102,
];

/// Magic multipliers for the C (bishop) per square, found the same way.
const BISHOP_FACTORS: [u64; 64] = [
    0x000C200411021150,
    0x4044102A40410010,
    0x2004111622000908,
    0x2031240080001000,
    0x8821104002000030,
    0xA009012842104024,
    0x0406AE0802400120,
    0x0002110090042004,
    0x0210100410440040,
    0x1800610802104041,
    0x0044040104210002,
    0x0900082043504001,
    0x1300042C20010002,
    0xBA00010420040000,
    0x4E00040A0A022180,
    0x0802206A08243400,
    0x4044008808B02400,
    0x0004461104008410,
    0x108800B408440209,
    0x0018099420401022,
    0x40C280A404A00A00,
    0x0016406200422010,
    0x0012811406019000,
    0x0000220209010800,
    0x2090400046288200,
    0x0008A00604141082,
    0x0040404828088100,
    0x8864040000401080,
    0x0006040002008200,
    0x0011010002008080,
    0x0401041003009802,
    0x1009011100444800,
    0x042802C808420800,
    0x2102014401200880,
    0x00C0840104301040,
    0x0400202020280080,
    0x4804005004060080,
    0x11100080200A0207,
    0x44281204A0004808,
    0x0080988100008400,
    0xC103041AC0026000,
    0xC4A1013002021010,
    0x1200120101007020,
    0x200900A011120800,
    0x0801202009004220,
    0x4020083000410322,
    0x8010020200480400,
    0x0214088202081840,
    0x0105080814460004,
    0x0200821110420601,
    0x1298820110880401,
    0x0002050441108000,
    0x4080002048504050,
    0x0008081010808000,
    0x2110218800808000,
    0x0060228202022901,
    0x0802048041101002,
    0x0400010908220204,
    0x00610400208C5020,
    0x00A310002A841100,
    0x0000002061024402,
    0x0490280890108080,
    0x8000087004080440,
    0x0403081001044102,
];

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
            rook[square as usize] = find_magic(
                square,
                &ROOK_DIRECTIONS,
                ROOK_FACTORS[square as usize],
                &mut table,
                &mut rng,
            );
            bishop[square as usize] = find_magic(
                square,
                &BISHOP_DIRECTIONS,
                BISHOP_FACTORS[square as usize],
                &mut table,
                &mut rng,
            );
        }
        Sliders {
            rook,
            bishop,
            table,
        }
    }
}

/// Finds a multiplier that maps every occupancy of the square's mask to a slot without a
/// harmful collision — `known` if it does (the usual case, and fast), else by a seeded
/// random search — and appends the square's attack entries to `table`.
fn find_magic(
    square: u32,
    directions: &[(i8, i8); 4],
    known: u64,
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
        let factor = if attempt == 1 {
            known
        } else {
            boardlab_core::zobrist::splitmix64(rng)
                & boardlab_core::zobrist::splitmix64(rng)
                & boardlab_core::zobrist::splitmix64(rng)
        };
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
