//! The index of a position inside its table, and the ranking of square sets it is made of.
//!
//! Squares are numbered as everywhere in Parity: `rank * width + file`, a1 = 0. A set of `k`
//! squares out of `m` candidates is ranked in colexicographic order, which is the numeric
//! order of its bitmask: `rank = Σ C(p_i, i + 1)` over its squares `p_0 < p_1 < …`.
//!
//! A table's positions lie in rows ([`super::table::Order`]): the row is the set of the side
//! **not** to move, ranked among all the board's squares; inside a row, the mover's set is
//! ranked among the squares the row leaves free (each of its squares renumbered by the free
//! squares below it). The index is `row_rank * C(n - others, movers) + column_rank`.
//!
//! Why rows by the side not to move: the positions one step before a position (its
//! predecessors, which a build visits for every decided position) differ from each other
//! only in the set of the side that stepped, the mover of their table, so they all lie in
//! one row of at most a few tens of kilobytes, instead of one far-apart place each. Format 2
//! files ordered by White's set first; format 3 by this order.

/// Binomial coefficients `C(n, k)` for `n, k ≤ 64`.
pub(super) struct Binomials([[u64; 65]; 65]);

impl Binomials {
    /// The table of every `C(n, k)` with `n, k ≤ 64` (those too large for a `u64` saturate).
    pub(super) fn new() -> Binomials {
        let mut table = [[0u64; 65]; 65];
        for n in 0..=64 {
            table[n][0] = 1;
            for k in 1..=n {
                table[n][k] = table[n - 1][k - 1].saturating_add(table[n - 1][k]);
            }
        }
        Binomials(table)
    }

    /// `C(n, k)`, 0 when `k > n`.
    #[inline]
    pub(super) fn choose(&self, n: u32, k: u32) -> u64 {
        self.0[n as usize][k as usize]
    }

    /// The colexicographic rank of a set among the sets of its size.
    #[inline]
    pub(super) fn rank(&self, set: u64) -> u64 {
        self.rank_numbered(set, |square| square)
    }

    /// The rank of a set whose squares are renumbered by `number` (which keeps their order):
    /// `Σ C(number(p_i), i + 1)` over its squares `p_0 < p_1 < …`.
    #[inline]
    pub(super) fn rank_numbered(&self, mut set: u64, number: impl Fn(u32) -> u32) -> u64 {
        let mut rank = 0;
        let mut i = 1;
        while set != 0 {
            rank += self.0[number(set.trailing_zeros()) as usize][i];
            set &= set - 1;
            i += 1;
        }
        rank
    }
}

/// Every `k`-subset of `m` squares, in rank order.
pub(super) fn subsets(m: u32, k: u32) -> Vec<u64> {
    let mut sets = Vec::new();
    if k > m {
        return sets;
    }
    let mut set: u64 = if k == 0 { 0 } else { u64::MAX >> (64 - k) };
    loop {
        sets.push(set);
        if set == 0 {
            break;
        }
        // The next larger number with as many bits set.
        let low = set & set.wrapping_neg();
        let ripple = set.wrapping_add(low);
        if ripple == 0 {
            break;
        }
        set = ripple | (((set ^ ripple) >> 2) >> low.trailing_zeros());
        if m < 64 && set >> m != 0 {
            break;
        }
    }
    sets
}

/// The squares of `set` renumbered as if the squares of `removed` were taken off the board:
/// each square's new number is its number less the `removed` squares below it. A row's
/// free squares are the board less a handful of the other side's, so this walks those few
/// squares rather than counting the free ones below each of `set`'s. `set` and `removed`
/// must not share a square.
#[inline]
pub(super) fn compress_without(set: u64, removed: u64) -> u64 {
    let mut out = set;
    let mut rest = removed;
    while rest != 0 {
        // The highest first, so that the squares still to remove keep their numbers.
        let square = 63 - rest.leading_zeros();
        let below = (1u64 << square) - 1;
        out = (out & below) | ((out >> 1) & !below);
        rest ^= 1 << square;
    }
    out
}

/// `SELECT[byte][k]`: the place (0 to 7) of the `k`-th lowest set bit of `byte`.
static SELECT: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut k = 0;
        let mut place = 0;
        while place < 8 {
            if byte >> place & 1 == 1 {
                table[byte][k] = place as u8;
                k += 1;
            }
            place += 1;
        }
        byte += 1;
    }
    table
};

/// The `free` squares whose numbers among `free` are in `set` (the inverse of
/// [`compress_without`] with the squares off `free` removed).
/// Every number in `set` must be below the count of `free` squares. The free squares are
/// walked a byte at a time, each wanted one picked out of its byte by [`SELECT`].
#[inline]
pub(super) fn expand(set: u64, free: u64) -> u64 {
    let mut out = 0;
    let mut rest = set;
    // The numbers of the free squares below the byte at `shift`.
    let mut below = 0;
    let mut shift = 0;
    while rest != 0 {
        let byte = (free >> shift) & 0xff;
        let count = byte.count_ones();
        while rest != 0 && rest.trailing_zeros() < below + count {
            let k = rest.trailing_zeros() - below;
            out |= 1u64 << (shift + SELECT[byte as usize][k as usize] as u32);
            rest &= rest - 1;
        }
        below += count;
        shift += 8;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_are_in_rank_order() {
        let binomials = Binomials::new();
        for (m, k) in [(6, 0), (6, 1), (6, 3), (10, 4), (24, 2)] {
            let sets = subsets(m, k);
            assert_eq!(sets.len() as u64, binomials.choose(m, k), "C({m},{k})");
            for (rank, &set) in sets.iter().enumerate() {
                assert_eq!(set.count_ones(), k);
                assert!(set >> m == 0);
                assert_eq!(binomials.rank(set), rank as u64);
            }
        }
    }

    /// Each square of `set` numbered by the `free` squares below it: the definition.
    fn plain_compress(set: u64, free: u64) -> u64 {
        (0..64)
            .filter(|square| set >> square & 1 == 1)
            .map(|square: u32| 1u64 << (free & ((1u64 << square) - 1)).count_ones())
            .fold(0, |out, bit| out | bit)
    }

    #[test]
    fn compress_and_expand_are_inverse() {
        for free in [0b1011_0110_1101u64, u64::MAX, u64::MAX << 3, 0xffff_fff7] {
            for set in subsets(free.count_ones(), 3).into_iter().step_by(7) {
                let squares = expand(set, free);
                assert_eq!(squares & !free, 0);
                assert_eq!(squares.count_ones(), 3);
                assert_eq!(plain_compress(squares, free), set);
                let board = u64::MAX >> free.leading_zeros();
                assert_eq!(compress_without(squares, board & !free), set);
            }
        }
    }
}
