//! The inner loop of a pass: finding the cells of a block decided at one distance.
//!
//! A pass reads every cell of each marked block and takes back only the few decided at the
//! distance it handles; up to 5 against 5 that is several billion cells read. Where no other
//! thread writes the cells meanwhile they are read sixteen at a time with SSE2 (part of every
//! x86-64 processor, [`scan_alone`]); elsewhere one at a time atomically ([`scan_shared`]).

use super::cell;
use std::sync::atomic::{AtomicU16, Ordering};

/// The cells a scan covers at most.
pub(super) const SCAN_CELLS: usize = 256;

/// What a scan of a block found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Found {
    /// Bit `i` of word `i / 64` is set where cell `i` is one of the cells sought.
    pub hits: [u64; SCAN_CELLS / 64],
    /// Whether a cell is decided at a distance further than `distance` that shares the bit
    /// of the block's mark for it (the same remainder by 64).
    pub shares_mark: bool,
}

impl Found {
    /// The places of the cells sought, first to last.
    pub(super) fn each_hit(&self, mut found: impl FnMut(usize)) {
        for (word, &bits) in self.hits.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                found(word * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }
}

/// Finds the cells of `cells` (at most [`SCAN_CELLS`]) that are a win or a loss in
/// `distance` plies; with `check_shares`, also whether a cell decided further away shares
/// the mark's bit (a cell 64 plies or more further away can). Reads each cell atomically, so
/// other threads may write them meanwhile.
pub(super) fn scan_shared(cells: &[AtomicU16], distance: u32, check_shares: bool) -> Found {
    scan_from(cells, distance, check_shares, 0, Found::default())
}

/// [`scan_shared`] for cells no other thread writes meanwhile: sixteen at a time on x86-64.
///
/// # Safety
/// No other thread may write `cells` during the call.
#[inline]
pub(super) unsafe fn scan_alone(cells: &[AtomicU16], distance: u32, check_shares: bool) -> Found {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: the caller keeps `cells` unwritten meanwhile.
        unsafe { scan_sse2(cells, distance, check_shares) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    scan_shared(cells, distance, check_shares)
}

/// [`scan_shared`] from cell `from` on, adding to `found`, branch-free but for the loop.
fn scan_from(
    cells: &[AtomicU16],
    distance: u32,
    check_shares: bool,
    from: usize,
    mut found: Found,
) -> Found {
    debug_assert!(cells.len() <= SCAN_CELLS);
    let (won, lost) = (cell::win(distance), cell::loss(distance));
    let mut shares = false;
    for (i, slot) in cells.iter().enumerate().skip(from) {
        let cell = slot.load(Ordering::Relaxed);
        let hit = cell == won || cell == lost;
        found.hits[i / 64] |= (hit as u64) << (i % 64);
        let further = cell::distance(cell);
        shares |= !cell::is_unknown(cell) & (further > distance) & (further % 64 == distance % 64);
    }
    found.shares_mark |= check_shares && shares;
    found
}

/// [`scan_alone`] sixteen cells at a time with SSE2, the rest one at a time.
///
/// # Safety
/// No other thread may write `cells` during the call.
#[cfg(target_arch = "x86_64")]
unsafe fn scan_sse2(cells: &[AtomicU16], distance: u32, check_shares: bool) -> Found {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cmpeq_epi16, _mm_cmpgt_epi16, _mm_loadu_si128,
        _mm_movemask_epi8, _mm_or_si128, _mm_packs_epi16, _mm_set1_epi16, _mm_setzero_si128,
    };
    debug_assert!(cells.len() <= SCAN_CELLS);
    let mut found = Found::default();
    let (won, lost) = (cell::win(distance), cell::loss(distance));
    let groups = cells.len() / 16;
    // SAFETY: SSE2 is part of every x86-64 processor; every load reads 8 cells inside
    // `cells` (16 a group, `groups` groups), which the caller keeps unwritten meanwhile, and
    // `AtomicU16` has the size, alignment and bit validity of `u16`.
    unsafe {
        let won = _mm_set1_epi16(won as i16);
        let lost = _mm_set1_epi16(lost as i16);
        let zero = _mm_setzero_si128();
        let kind = _mm_set1_epi16(cell::KIND as i16);
        let distance_bits = _mm_set1_epi16(!cell::KIND as i16);
        let residue_bits = _mm_set1_epi16(63);
        let past = _mm_set1_epi16(distance as i16);
        let residue = _mm_set1_epi16((distance % 64) as i16);
        let mut shares = zero;
        let base = cells.as_ptr().cast::<__m128i>();
        for group in 0..groups {
            let low = _mm_loadu_si128(base.add(2 * group));
            let high = _mm_loadu_si128(base.add(2 * group + 1));
            let sought = |v| _mm_or_si128(_mm_cmpeq_epi16(v, won), _mm_cmpeq_epi16(v, lost));
            // One byte a cell, then one bit a cell.
            let bytes = _mm_packs_epi16(sought(low), sought(high));
            let bits = _mm_movemask_epi8(bytes) as u32 as u64;
            found.hits[group / 4] |= bits << (16 * (group % 4));
            if check_shares {
                let shares_of = |v| {
                    let decided = _mm_cmpeq_epi16(_mm_and_si128(v, kind), zero);
                    let further = _mm_cmpgt_epi16(_mm_and_si128(v, distance_bits), past);
                    let same = _mm_cmpeq_epi16(_mm_and_si128(v, residue_bits), residue);
                    // `decided` is set for an undecided cell: keep the others.
                    std::arch::x86_64::_mm_andnot_si128(decided, _mm_and_si128(further, same))
                };
                shares = _mm_or_si128(shares, _mm_or_si128(shares_of(low), shares_of(high)));
            }
        }
        found.shares_mark = _mm_movemask_epi8(shares) != 0;
    }
    scan_from(cells, distance, check_shares, 16 * groups, found)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both ways of scanning find the same cells, whatever the block's length and content.
    #[test]
    fn scans_alone_and_shared_agree() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut random = move || boardlab_core::zobrist::splitmix64(&mut state);
        for round in 0..400 {
            let len = if round % 4 == 0 {
                (random() % 257) as usize
            } else {
                SCAN_CELLS
            };
            let distance = (random() % 200) as u32;
            let cells: Vec<AtomicU16> = (0..len)
                .map(|_| {
                    let near = distance + (random() % 3) as u32 * 64 + (random() % 2) as u32;
                    let plies = if random() % 2 == 0 {
                        near
                    } else {
                        (random() % 300) as u32
                    };
                    AtomicU16::new(match random() % 4 {
                        0 => cell::unknown(plies % 30),
                        1 => cell::win(plies),
                        2 => cell::loss(plies),
                        _ => cell::DRAWN,
                    })
                })
                .collect();
            for check_shares in [false, true] {
                // SAFETY: the cells belong to this test alone.
                let one = unsafe { scan_alone(&cells, distance, check_shares) };
                let many = scan_shared(&cells, distance, check_shares);
                assert_eq!(one, many, "{len} cells, distance {distance}");
                let mut hits = 0;
                one.each_hit(|i| {
                    let c = cells[i].load(Ordering::Relaxed);
                    assert!(c == cell::win(distance) || c == cell::loss(distance));
                    hits += 1;
                });
                let expected = cells
                    .iter()
                    .filter(|c| {
                        let c = c.load(Ordering::Relaxed);
                        c == cell::win(distance) || c == cell::loss(distance)
                    })
                    .count();
                assert_eq!(hits, expected);
            }
        }
    }
}
