//! A table in memory: one 16-bit cell per position of one material and side to move.

use super::geometry::{Placement, TableKey};
use super::index::{Binomials, compress, expand, subsets};
use std::sync::LazyLock;
use std::sync::atomic::AtomicU16;

/// `C(n, k)` for every board size a tablebase handles.
pub(super) static BINOMIALS: LazyLock<Binomials> = LazyLock::new(Binomials::new);

/// The number of positions of a table on a board of `squares` spaces.
pub fn table_len(squares: u32, key: TableKey) -> u64 {
    BINOMIALS
        .choose(squares, key.white)
        .saturating_mul(BINOMIALS.choose(squares - key.white, key.black))
}

/// The index of `placement` in its table on the board `board`, where `black_sets` is
/// the number of ways to place the black pieces on the squares the white ones leave.
#[inline]
pub(super) fn position_index(board: u64, black_sets: u64, placement: Placement) -> u64 {
    let free = board & !placement.white;
    let white = BINOMIALS.rank(placement.white);
    let black = BINOMIALS.rank(compress(placement.black, free));
    white * black_sets + black
}

/// The squares of a board of `squares` spaces.
pub(super) fn board_mask(squares: u32) -> u64 {
    if squares == 64 {
        u64::MAX
    } else {
        (1u64 << squares) - 1
    }
}

/// `len` cells set to `fill`, their memory backed by huge pages where the system allows:
/// a build reads and writes cells scattered over the whole table, and with small pages
/// most of those accesses also miss the processor's table of pages (docs/solving.md).
fn cells(len: usize, fill: u16) -> Vec<AtomicU16> {
    let mut cells = Vec::with_capacity(len);
    advise_huge_pages(&cells);
    cells.extend((0..len).map(|_| AtomicU16::new(fill)));
    cells
}

/// Asks the system to back the whole 2 MiB pages inside the allocation of `cells` (not
/// yet touched) by huge pages: a hint, which changes no value.
fn advise_huge_pages(cells: &Vec<AtomicU16>) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = cells.as_ptr() as usize;
        let end = start + cells.capacity() * std::mem::size_of::<AtomicU16>();
        let first = start.next_multiple_of(HUGE);
        let len = end.saturating_sub(first) / HUGE * HUGE;
        if len > 0 {
            // SAFETY: the range lies inside the allocation `cells` owns, and MADV_HUGEPAGE
            // only tells the system how to back those pages: it changes no byte and frees
            // nothing. Its result is ignored, as a refused hint changes nothing either.
            unsafe {
                libc::madvise(first as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = cells;
}

/// The cells of one table, indexed as [`super::index`] describes.
pub(super) struct Table {
    /// Which positions.
    pub key: TableKey,
    /// Every set of white squares, by rank.
    white_sets: Vec<u64>,
    /// Every set of black squares renumbered among the free squares, by rank.
    black_sets: Vec<u64>,
    /// The board's squares.
    board: u64,
    /// One cell per position.
    pub cells: Vec<AtomicU16>,
}

impl Table {
    /// A table on a board of `squares` spaces with every cell set to `fill`.
    pub fn new(key: TableKey, squares: u32, fill: u16) -> Table {
        let len = table_len(squares, key) as usize;
        Table {
            key,
            white_sets: subsets(squares, key.white),
            black_sets: subsets(squares - key.white, key.black),
            board: board_mask(squares),
            cells: cells(len, fill),
        }
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// The index of a placement of this table's material.
    #[inline]
    pub fn index(&self, placement: Placement) -> usize {
        position_index(self.board, self.black_sets.len() as u64, placement) as usize
    }

    /// The placement at an index.
    #[inline]
    pub fn placement(&self, index: usize) -> Placement {
        let blacks = self.black_sets.len();
        let white = self.white_sets[index / blacks];
        let black = expand(self.black_sets[index % blacks], self.board & !white);
        Placement { white, black }
    }

    /// Asks the processor to bring the cell at `index` into its cache ahead of its use: a
    /// hint, which changes no value.
    #[inline]
    pub fn prefetch(&self, index: usize) {
        let cell: *const AtomicU16 = &self.cells[index];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch only hints at a coming read: it reads and writes nothing and
        // cannot fault, whatever the address (here that of a live cell), and SSE, which it
        // needs, is part of every x86-64 processor. Measured: the passes of a build spend
        // most of their time waiting for scattered cells, and fetching a batch of them side
        // by side makes them several times faster (docs/solving.md).
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(cell.cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = cell;
    }
}
