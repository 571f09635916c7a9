//! A table in memory: one 16-bit cell per position of one material and side to move.

use super::geometry::{Placement, TableKey};
use super::index::{Binomials, compress_without, expand, subsets};
use boardlab_core::Player;
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

/// How the positions of one table are ordered ([`super::index`]): in rows by the set of
/// the side not to move, each row by the mover's set among the squares the row leaves free.
#[derive(Clone, Copy, Debug)]
pub(super) struct Order {
    /// The board's squares.
    board: u64,
    /// The side to move in the table.
    mover: Player,
    /// The positions of a row: the ways to place the mover's pieces on the free squares.
    row_len: u64,
}

impl Order {
    /// The order of the table of `key` on a board of `squares` spaces.
    pub(super) fn new(squares: u32, key: TableKey) -> Order {
        let mover = key.side();
        let (movers, others) = movers_and_others(key);
        Order {
            board: board_mask(squares),
            mover,
            row_len: BINOMIALS.choose(squares - others, movers),
        }
    }

    /// The number of squares of the board.
    #[inline]
    fn squares(&self) -> usize {
        64 - self.board.leading_zeros() as usize
    }

    /// The index of `placement`.
    #[inline]
    pub(super) fn index(&self, placement: Placement) -> u64 {
        let row = placement.of(self.mover.opponent());
        let column = compress_without(placement.of(self.mover), row);
        BINOMIALS.rank(row) * self.row_len + BINOMIALS.rank(column)
    }
}

/// The table's pieces of the side to move and of the other side.
fn movers_and_others(key: TableKey) -> (u32, u32) {
    (key.of(key.side()), key.of(key.side().opponent()))
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
    /// How its positions are ordered.
    order: Order,
    /// Every set of the other side's squares (a row), by rank.
    row_sets: Vec<u64>,
    /// Every set of the mover's squares renumbered among a row's free squares, by rank.
    column_sets: Vec<u64>,
    /// One cell per position.
    pub cells: Vec<AtomicU16>,
}

impl Table {
    /// A table on a board of `squares` spaces with every cell set to `fill`.
    pub fn new(key: TableKey, squares: u32, fill: u16) -> Table {
        let len = table_len(squares, key) as usize;
        let (movers, others) = movers_and_others(key);
        Table {
            key,
            order: Order::new(squares, key),
            row_sets: subsets(squares, others),
            column_sets: subsets(squares - others, movers),
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
        self.order.index(placement) as usize
    }

    /// The placement at an index.
    #[inline]
    pub fn placement(&self, index: usize) -> Placement {
        let row_len = self.column_sets.len();
        let row = self.row_sets[index / row_len];
        let column = expand(self.column_sets[index % row_len], self.order.board & !row);
        Placement::of_sides(self.order.mover, column, row)
    }

    /// The row of the positions where the side not to move has `others`, for indexing many
    /// sets of the mover against it.
    #[inline]
    pub fn row(&self, others: u64) -> Row {
        let mut number = [0u8; 64];
        let mut free_below = 0;
        for (square, number) in number.iter_mut().enumerate().take(self.order.squares()) {
            *number = free_below;
            free_below += (!others >> square) as u8 & 1;
        }
        Row {
            start: (BINOMIALS.rank(others) * self.order.row_len) as usize,
            number,
        }
    }

    /// A cursor at `index`, for walking the positions from there in order.
    pub fn cursor(&self, index: usize) -> Cursor<'_> {
        let row_len = self.column_sets.len();
        Cursor {
            table: self,
            row: index / row_len,
            column: index % row_len,
            free_row: usize::MAX,
            free_squares: [0; 64],
        }
    }

    /// Asks the processor to bring the cell at `index` into its cache ahead of its use: a
    /// hint, which changes no value.
    #[inline]
    pub fn prefetch(&self, index: usize) {
        prefetch(&self.cells[index]);
    }
}

/// The positions of a table where the side not to move has a given set ([`Table::row`]).
pub(super) struct Row {
    /// The index of the row's first position.
    start: usize,
    /// Each square's number among the row's free squares (squares of the other side: any).
    number: [u8; 64],
}

impl Row {
    /// The index of the position where the mover has `movers` (all on the row's free
    /// squares): the row's start plus the rank of `movers` renumbered among the free squares.
    #[inline]
    pub fn index(&self, movers: u64) -> usize {
        let rank = BINOMIALS.rank_numbered(movers, |square| self.number[square as usize] as u32);
        self.start + rank as usize
    }
}

/// Walks a table's positions in order, knowing each one's row and column without a
/// division, and turning them into placements with the row's free squares listed once.
pub(super) struct Cursor<'a> {
    table: &'a Table,
    /// The position's row and column.
    row: usize,
    column: usize,
    /// The row whose free squares `free_squares` lists (`usize::MAX`: none yet).
    free_row: usize,
    /// The free squares of `free_row`, by their number among the free squares.
    free_squares: [u8; 64],
}

impl Cursor<'_> {
    /// Moves to the next position.
    #[inline]
    pub fn advance(&mut self) {
        self.skip(1);
    }

    /// Moves `positions` positions on (rows are long: this rarely loops).
    #[inline]
    pub fn skip(&mut self, positions: usize) {
        let row_len = self.table.column_sets.len();
        self.column += positions;
        while self.column >= row_len {
            self.column -= row_len;
            self.row += 1;
        }
    }

    /// The placement of the position.
    #[inline]
    pub fn placement(&mut self) -> Placement {
        let others = self.table.row_sets[self.row];
        if self.free_row != self.row {
            self.free_row = self.row;
            let mut free = self.table.order.board & !others;
            let mut number = 0;
            while free != 0 {
                self.free_squares[number] = free.trailing_zeros() as u8;
                free &= free - 1;
                number += 1;
            }
        }
        let mut movers = 0;
        let mut numbers = self.table.column_sets[self.column];
        while numbers != 0 {
            movers |= 1u64 << self.free_squares[numbers.trailing_zeros() as usize];
            numbers &= numbers - 1;
        }
        Placement::of_sides(self.table.order.mover, movers, others)
    }
}

/// Asks the processor to bring `item` into its cache ahead of its use: a hint, which
/// changes no value. Measured: the passes of a build spend most of their time waiting for
/// scattered cells, and fetching a batch of them side by side makes them several
/// times faster (docs/solving.md).
#[inline]
pub(super) fn prefetch<T>(item: &T) {
    let address: *const T = item;
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch only hints at a coming read: it reads and writes nothing and cannot
    // fault, whatever the address (here that of a live value), and SSE, which it needs, is
    // part of every x86-64 processor.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(address.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Walking a table with a cursor and indexing by row give the positions the plain
    /// index and placement give, for tables of either side to move on boards of 6 to 64
    /// squares.
    #[test]
    fn cursor_and_row_agree_with_index_and_placement() {
        let keys = [
            (6, 2, 1),
            (6, 1, 3),
            (24, 3, 2),
            (24, 2, 4),
            (64, 1, 2),
            (64, 2, 1),
        ];
        for (squares, white, black) in keys {
            for side in Player::BOTH {
                let key = TableKey::new(white, black, side);
                let table = Table::new(key, squares, 0);
                let mut cursor = table.cursor(0);
                for index in 0..table.len() {
                    let placement = table.placement(index);
                    assert_eq!(cursor.placement(), placement, "{key:?} at {index}");
                    assert_eq!(table.index(placement), index);
                    let row = table.row(placement.of(side.opponent()));
                    assert_eq!(row.index(placement.of(side)), index);
                    cursor.advance();
                }
                let mut skipping = table.cursor(0);
                let step = table.len() / 7 + 1;
                for index in (step..table.len()).step_by(step) {
                    skipping.skip(step);
                    assert_eq!(skipping.placement(), table.placement(index));
                }
            }
        }
    }
}
