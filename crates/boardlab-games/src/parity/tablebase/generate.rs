//! Building tables by retrograde analysis, material level by material level.
//!
//! A capture removes a piece, so the positions of one material (pieces per side) depend only
//! on themselves and on the material with one piece fewer, which is built first. Inside a
//! material, the two sides to move are solved together:
//! 1. every position is looked at once: no move is a loss in 0; a capture into the smaller
//!    material that leaves the opponent lost is a win (perhaps not the fastest); otherwise it
//!    waits, its cell counting its moves not yet known to lose;
//! 2. then, for d = 1, 2, …, the positions decided at distance d - 1 are taken back by one
//!    step of the player who just moved: behind a loss stands a win in d; behind a win, one
//!    more of that position's steps is known to lose, and when none is left the position is
//!    a loss (in d, or longer if a capture holds out longer);
//! 3. whatever is still undecided is a draw.
//!
//! A step is undone by stepping back: the piece count is the same, so the same spaces are
//! open, and both sides' moves come from [`Geometry`]'s generator (checked against the
//! game's).
//!
//! Speed: the cells a position's captures and predecessors reach lie scattered over tables of
//! up to a gigabyte, so the time goes to waiting for memory. Both steps therefore gather
//! their work in batches ([`LOOKS`] positions, [`BATCH`] predecessors), asking for each
//! cell ahead ([`Table::prefetch`]) so that the misses overlap; a position's predecessors lie
//! in one row of their table ([`super::index`]); tables sit in huge pages; and one thread
//! writes without atomic read-modify-writes ([`Writers`]) and finds a pass's cells sixteen at
//! a time ([`super::scan`]). docs/solving.md has the measurements.

use super::TablebaseError;
use super::cell;
use super::files;
use super::geometry::{Geometry, Placement, TableKey};
use super::scan::{SCAN_CELLS, scan_alone, scan_shared};
use super::table::{Table, prefetch, table_len};
use super::writers::Writers;
use boardlab_core::GameValue;
use std::collections::HashMap;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

pub use boardlab_core::tablebase::{BuildProgress, Quiet, TableReport};

/// What to build.
#[derive(Clone, Copy, Debug)]
pub struct BuildOptions {
    /// Every material with up to this many White pieces …
    pub max_white: u32,
    /// … and up to this many Black pieces (both sides to move).
    pub max_black: u32,
    /// Worker threads.
    pub threads: usize,
}

/// The groups of tables to build, in order: each group is one material's tables (both
/// sides to move, or the one table a symmetric board keeps), after everything it captures
/// into.
pub(super) fn plan(geometry: &Geometry, max_white: u32, max_black: u32) -> Vec<Vec<TableKey>> {
    let mut groups: Vec<Vec<TableKey>> = Vec::new();
    for total in 2..=max_white + max_black {
        for white in 1..=max_white {
            let Some(black) = total
                .checked_sub(white)
                .filter(|b| (1..=max_black).contains(b))
            else {
                continue;
            };
            let mut group: Vec<TableKey> = [boardlab_core::Player::One, boardlab_core::Player::Two]
                .into_iter()
                .map(|side| geometry.canonical_key(TableKey::new(white, black, side)))
                .collect();
            group.sort();
            group.dedup();
            if !groups.contains(&group) {
                groups.push(group);
            }
        }
    }
    groups
}

/// The table a capture from `key` leads to (canonical), if the loser keeps a piece.
fn capture_target(geometry: &Geometry, key: TableKey) -> Option<TableKey> {
    let after = match key.side() {
        boardlab_core::Player::One => TableKey::new(
            key.white,
            key.black.checked_sub(1)?,
            boardlab_core::Player::Two,
        ),
        boardlab_core::Player::Two => TableKey::new(
            key.white.checked_sub(1)?,
            key.black,
            boardlab_core::Player::One,
        ),
    };
    (after.white > 0 && after.black > 0).then(|| geometry.canonical_key(after))
}

/// Builds every table `options` asks for into `dir`, skipping those already complete there.
pub fn build(
    geometry: &Geometry,
    dir: &Path,
    options: BuildOptions,
    progress: &dyn BuildProgress,
) -> Result<Vec<(String, TableReport)>, TablebaseError> {
    std::fs::create_dir_all(dir).map_err(|error| TablebaseError::io(dir, error))?;
    let layout = files::layout_word(&geometry.layout().to_string());
    let squares = geometry.squares();
    let mut loaded: HashMap<TableKey, Arc<Table>> = HashMap::new();
    let mut reports = Vec::new();
    for group in plan(geometry, options.max_white, options.max_black) {
        let name = group_name(&group);
        let positions: u64 = group.iter().map(|&key| table_len(squares, key)).sum();
        if group
            .iter()
            .all(|&key| files::table_is_complete(dir, &layout, key))
        {
            let report = TableReport {
                positions,
                ..TableReport::default()
            };
            progress.finish(&name, &report);
            reports.push((name, report));
            continue;
        }
        let needed: Vec<TableKey> = group
            .iter()
            .filter_map(|&key| capture_target(geometry, key))
            .collect();
        loaded.retain(|key, _| needed.contains(key));
        for &key in &needed {
            if let std::collections::hash_map::Entry::Vacant(slot) = loaded.entry(key) {
                slot.insert(Arc::new(files::read_table(dir, &layout, key, squares)?));
            }
        }
        progress.begin(&name, positions);
        let start = Instant::now();
        let tables = solve_group(geometry, &group, &loaded, options.threads, progress)?;
        let mut report = TableReport {
            positions,
            built: true,
            ..TableReport::default()
        };
        for table in &tables {
            for cell in &table.cells {
                let cell = cell.load(Ordering::Relaxed);
                match cell::value(cell) {
                    GameValue::Win(_) => report.wins += 1,
                    GameValue::Loss(_) => report.losses += 1,
                    GameValue::Draw => report.draws += 1,
                }
                report.longest = report.longest.max(cell::distance(cell));
            }
            report.bytes += files::write_table(dir, &layout, table)?;
        }
        report.time = start.elapsed();
        progress.finish(&name, &report);
        reports.push((name, report));
        for table in tables {
            loaded.insert(table.key, Arc::new(table));
        }
    }
    Ok(reports)
}

/// `w5-b4` for a material (the side to move is left out: both are built).
fn group_name(group: &[TableKey]) -> String {
    let key = group[0];
    if key.side == 1 {
        format!("w{}-b{}", key.white, key.black)
    } else {
        format!("w{}-b{}", key.black, key.white)
    }
}

/// The cells a mark covers (a pass scans them together).
const BLOCK: usize = SCAN_CELLS;

/// The tables being built and what they capture into.
struct Level<'a> {
    geometry: &'a Geometry,
    tables: Vec<Table>,
    /// For each table, the table its positions' predecessors by a step lie in.
    before: Vec<usize>,
    /// For each table, the table its captures lead to (none when a capture ends the game).
    below: Vec<Option<&'a Table>>,
    /// How the threads write cells, marks and tallies.
    writers: Writers,
    /// How many cells are decided at each distance.
    decided_at: Vec<AtomicU64>,
    /// For each block of [`BLOCK`] cells, bit `D % 64` is set while a cell decided at
    /// distance D waits to be taken back: a pass skips the blocks without its bit.
    marks: Vec<Vec<AtomicU64>>,
    longest: AtomicU32,
    too_long: AtomicBool,
}

impl Level<'_> {
    /// Where the value of the position reached by a capture from a position of `table`
    /// lies: `None` when the capture took the last piece (a loss in 0 for the side to move
    /// there), else its index in the table below, whose cell is asked into the cache.
    #[inline]
    fn capture_cell(&self, table: usize, placement: Placement) -> Option<usize> {
        if placement.white == 0 || placement.black == 0 {
            return None;
        }
        let key = self.tables[table].key.other_side();
        let (_, placement) = self.geometry.canonical(key, placement);
        let below = self.below[table].expect("a capture that leaves pieces has a table");
        let index = below.index(placement);
        below.prefetch(index);
        Some(index)
    }

    /// The value, for its side to move, of the position a capture from `table` reached
    /// ([`Level::capture_cell`]).
    #[inline]
    fn captured_value(&self, table: usize, cell: Option<usize>) -> GameValue {
        match (cell, self.below[table]) {
            (Some(index), Some(below)) => cell::value(below.cells[index].load(Ordering::Relaxed)),
            _ => GameValue::Loss(0),
        }
    }

    /// What the captures of the position at `placement` in `table` lead to, each cell read
    /// as soon as it is found: for the rare position whose last step is known to lose.
    fn captures_now(&self, table: usize, placement: Placement) -> Captures {
        let mut outcome = Captures::default();
        let key = self.tables[table].key;
        self.geometry.for_each_capture(key, placement, |after| {
            outcome.add(self.captured_value(table, self.capture_cell(table, after)))
        });
        outcome
    }

    /// Counts a cell just decided at `distance` and marks its block.
    #[inline]
    fn note_decided(&self, table: usize, index: usize, distance: u32) {
        if distance > cell::MAX_DISTANCE {
            self.too_long.store(true, Ordering::Relaxed);
            return;
        }
        self.writers.add(&self.decided_at[distance as usize], 1);
        self.writers.max(&self.longest, distance);
        self.writers
            .set_bits(&self.marks[table][index / BLOCK], 1 << (distance % 64));
    }

    /// Step 1 for the positions `range` of `table`, [`LOOKS`] at a time: first their steps
    /// are counted and their captures' cells in the table below asked into the cache, then
    /// those cells are read and the positions' first cells stored. Returns the positions
    /// decided.
    fn first_looks(&self, table: usize, range: Range<usize>) -> u64 {
        let key = self.tables[table].key;
        let mut cursor = self.tables[table].cursor(range.start);
        let mut decided = 0;
        let mut steps = Vec::with_capacity(LOOKS);
        let mut captures: Vec<(usize, Option<usize>)> = Vec::with_capacity(8 * LOOKS);
        for start in range.clone().step_by(LOOKS) {
            let chunk = start..(start + LOOKS).min(range.end);
            steps.clear();
            captures.clear();
            for index in chunk.clone() {
                let placement = cursor.placement();
                cursor.advance();
                steps.push(self.geometry.count_steps(key, placement));
                self.geometry.for_each_capture(key, placement, |after| {
                    captures.push((index, self.capture_cell(table, after)))
                });
            }
            let mut next = 0;
            for (index, &steps) in chunk.zip(&steps) {
                let mut outcome = Captures::default();
                while let Some(&(_, cell)) = captures.get(next).filter(|c| c.0 == index) {
                    outcome.add(self.captured_value(table, cell));
                    next += 1;
                }
                let cell = first_cell(steps, outcome);
                self.tables[table].cells[index].store(cell, Ordering::Relaxed);
                if !cell::is_unknown(cell) {
                    decided += 1;
                    self.note_decided(table, index, cell::distance(cell));
                }
            }
        }
        decided
    }

    /// Step 2 for the cells of one block decided at distance `d - 1`, if its mark says it
    /// has any: their predecessors go into `batch`, whose updates are applied whenever it
    /// fills (the caller applies what is left). The mark is cleared first and set again if a
    /// cell decided further away shares its bit, so that a mark set meanwhile by another
    /// thread is never lost. Returns the cells newly decided by the updates applied.
    fn pass_block(&self, table: usize, block: usize, d: u32, batch: &mut Batch) -> u64 {
        let bit = 1u64 << ((d - 1) % 64);
        let mark = &self.marks[table][block];
        if mark.load(Ordering::Acquire) & bit == 0 {
            return 0;
        }
        self.writers.clear_bits(mark, bit);
        let cells = &self.tables[table].cells;
        let first = block * BLOCK;
        let end = (first + BLOCK).min(cells.len());
        // Only a cell decided 64 plies or more further away can share the mark's bit.
        let check_shares = self.longest.load(Ordering::Relaxed) >= d - 1 + 64;
        let block_cells = &cells[first..end];
        // The updates of this pass write the cells of the table before this one, which is
        // this one only when a material's two sides to move share a table.
        let found = if self.writers == Writers::One || self.before[table] != table {
            // SAFETY: no other thread writes these cells meanwhile: with one writer there is
            // no other thread, and otherwise this pass writes another table (see above).
            unsafe { scan_alone(block_cells, d - 1, check_shares) }
        } else {
            scan_shared(block_cells, d - 1, check_shares)
        };
        let mut newly = 0;
        let mut cursor = self.tables[table].cursor(first);
        let mut cursor_at = 0;
        found.each_hit(|at| {
            cursor.skip(at - cursor_at);
            cursor_at = at;
            let lost = cell::is_loss(cells[first + at].load(Ordering::Relaxed));
            self.gather_predecessors(table, cursor.placement(), lost, batch);
            if batch.len() >= BATCH {
                newly += self.apply(self.before[table], batch, d);
            }
        });
        if found.shares_mark {
            self.writers.set_bits(mark, bit);
        }
        newly
    }

    /// Step 2 for one position of `table` decided at distance `d - 1` (`lost` for its side
    /// to move): its predecessors by a step go into `batch`, their cells asked into the
    /// cache ahead of their update. They are the positions from which the side that moved
    /// last stepped here; seen from their own table (turned round on a symmetric board, which
    /// steps do not notice), they are this position with a step of that table's side to move.
    #[inline]
    fn gather_predecessors(
        &self,
        table: usize,
        placement: Placement,
        lost: bool,
        batch: &mut Batch,
    ) {
        let key = self.tables[table].key;
        let (before_key, seen) = self.geometry.canonical(key.other_side(), placement);
        let target = self.before[table];
        let mover = before_key.side();
        // The side not to move there is the side to move here: one row holds them all.
        let row = self.tables[target].row(seen.of(mover.opponent()));
        let cells = &self.tables[target].cells;
        self.geometry
            .for_each_step(mover, seen, key.pieces(), |before| {
                let index = row.index(before.of(mover));
                prefetch(&cells[index]);
                batch.push(Predecessor {
                    index,
                    before_loss: lost,
                });
            });
    }

    /// Applies the updates of `batch`, predecessors in `table`, for distance `d` and empties
    /// it: behind a loss stands a win in `d`; behind a win, one more step of the predecessor
    /// is known to lose. Returns the cells newly decided.
    fn apply(&self, table: usize, batch: &mut Batch, d: u32) -> u64 {
        let newly = batch
            .iter()
            .map(|update| {
                if update.before_loss {
                    self.win_behind_loss(table, update.index, d)
                } else {
                    self.step_behind_win(table, update.index, d)
                }
            })
            .sum();
        batch.clear();
        newly
    }

    /// A predecessor of a position lost in `d - 1`: a win in `d`, unless it wins faster.
    /// Returns 1 if it was undecided.
    #[inline]
    fn win_behind_loss(&self, table: usize, index: usize, d: u32) -> u64 {
        let slot = &self.tables[table].cells[index];
        let better = |current: u16| {
            (cell::is_unknown(current) || (cell::is_win(current) && cell::distance(current) > d))
                .then_some(cell::win(d))
        };
        let Some(old) = self.writers.update(slot, better) else {
            return 0;
        };
        self.note_decided(table, index, d);
        if cell::is_win(old) {
            self.writers
                .sub(&self.decided_at[cell::distance(old) as usize], 1);
            0
        } else {
            1
        }
    }

    /// A predecessor of a position won in `d - 1`: one move fewer that does not lose; with
    /// none left, a loss in `d` (or longer, if a capture holds out longer). Returns 1 if it
    /// was decided so.
    #[inline]
    fn step_behind_win(&self, table: usize, index: usize, d: u32) -> u64 {
        let slot = &self.tables[table].cells[index];
        let counted = |current: u16| cell::is_unknown(current).then(|| current - 1);
        match self.writers.update(slot, counted) {
            Some(old) if cell::moves_left(old) == 1 => {
                // Its last move is known to lose: how long can its captures hold out?
                let placement = self.tables[table].placement(index);
                let plies = self.captures_now(table, placement).longest_loss.max(d);
                slot.store(cell::loss(plies), Ordering::Relaxed);
                self.note_decided(table, index, plies);
                1
            }
            _ => 0,
        }
    }
}

/// Step 1 for one position with `steps` steps and these captures: its first cell, which
/// when undecided counts the moves not yet known to lose.
fn first_cell(steps: u32, captures: Captures) -> u16 {
    if steps == 0 && !captures.any {
        cell::loss(0)
    } else if let Some(plies) = captures.fastest_win {
        cell::win(plies)
    } else if steps == 0 && !captures.can_draw {
        cell::loss(captures.longest_loss)
    } else {
        // A drawing capture is a move that never loses: it keeps the count above zero.
        cell::unknown(steps + captures.can_draw as u32)
    }
}

/// What a position's captures lead to, for the side that captures.
#[derive(Clone, Copy, Default)]
struct Captures {
    /// Whether it has any.
    any: bool,
    /// The fastest win one gives, in plies.
    fastest_win: Option<u32>,
    /// The longest loss one gives.
    longest_loss: u32,
    /// Whether one gives a draw.
    can_draw: bool,
}

impl Captures {
    /// Adds a capture to a position of value `after` for the side then to move.
    fn add(&mut self, after: GameValue) {
        self.any = true;
        match after {
            GameValue::Loss(plies) => {
                self.fastest_win = Some(self.fastest_win.map_or(plies + 1, |w| w.min(plies + 1)))
            }
            GameValue::Win(plies) => self.longest_loss = self.longest_loss.max(plies + 1),
            GameValue::Draw => self.can_draw = true,
        }
    }
}

/// The positions a first look handles together ([`Level::first_looks`]).
const LOOKS: usize = 64;

/// A position one step before a position decided in a pass, waiting for its update (in the
/// table before the one the pass scans, [`Level::before`]).
#[derive(Clone, Copy)]
struct Predecessor {
    /// Its index there.
    index: usize,
    /// Whether the position it steps to was lost (for the side to move there).
    before_loss: bool,
}

/// Predecessors gathered before their updates: gathering many first lets the memory
/// fetch their scattered cells side by side rather than one after another.
type Batch = Vec<Predecessor>;

/// The predecessors gathered before their updates are applied.
const BATCH: usize = 1024;

/// Solves the tables of one material.
fn solve_group(
    geometry: &Geometry,
    group: &[TableKey],
    lower: &HashMap<TableKey, Arc<Table>>,
    threads: usize,
    progress: &dyn BuildProgress,
) -> Result<Vec<Table>, TablebaseError> {
    let squares = geometry.squares();
    let tables: Vec<Table> = group
        .iter()
        .map(|&key| Table::new(key, squares, cell::unknown(0)))
        .collect();
    let before = group
        .iter()
        .map(|&key| {
            let before_key = geometry.canonical_key(key.other_side());
            group
                .iter()
                .position(|&key| key == before_key)
                .expect("a step stays in the material being built")
        })
        .collect();
    let below = group
        .iter()
        .map(|&key| capture_target(geometry, key).map(|target| &*lower[&target]))
        .collect();
    let level = Level {
        geometry,
        tables,
        before,
        below,
        writers: Writers::of_threads(threads),
        decided_at: (0..=cell::MAX_DISTANCE + 1)
            .map(|_| AtomicU64::new(0))
            .collect(),
        marks: group
            .iter()
            .map(|&key| {
                let blocks = (table_len(squares, key) as usize).div_ceil(BLOCK);
                (0..blocks).map(|_| AtomicU64::new(0)).collect()
            })
            .collect(),
        longest: AtomicU32::new(0),
        too_long: AtomicBool::new(false),
    };
    for table in 0..level.tables.len() {
        in_parallel(level.tables[table].len(), threads, |range| {
            progress.advance(level.first_looks(table, range));
        });
    }
    let mut d = 1;
    while d - 1 <= level.longest.load(Ordering::Relaxed) {
        if level.too_long.load(Ordering::Relaxed) {
            return Err(TablebaseError::TooLong {
                limit: cell::MAX_DISTANCE,
            });
        }
        if level.decided_at[d as usize - 1].load(Ordering::Relaxed) > 0 {
            for table in 0..level.tables.len() {
                let blocks = level.marks[table].len();
                in_parallel(blocks, threads, |range| {
                    let mut batch = Batch::with_capacity(BATCH + 64);
                    let newly: u64 = range
                        .map(|block| level.pass_block(table, block, d, &mut batch))
                        .sum();
                    progress.advance(newly + level.apply(level.before[table], &mut batch, d));
                });
            }
        }
        d += 1;
    }
    for table in &level.tables {
        for cell in &table.cells {
            if cell::is_unknown(cell.load(Ordering::Relaxed)) {
                cell.store(cell::DRAWN, Ordering::Relaxed);
            }
        }
    }
    Ok(level.tables)
}

/// Runs `work` over `0..len` in chunks on `threads` threads.
fn in_parallel(len: usize, threads: usize, work: impl Fn(Range<usize>) + Sync) {
    const CHUNK: usize = 1 << 14;
    let next = AtomicUsize::new(0);
    let run = || {
        loop {
            let start = next.fetch_add(CHUNK, Ordering::Relaxed);
            if start >= len {
                break;
            }
            work(start..(start + CHUNK).min(len));
        }
    };
    if threads <= 1 {
        run();
        return;
    }
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(run);
        }
    });
}
