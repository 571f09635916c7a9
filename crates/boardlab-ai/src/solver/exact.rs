//! Exhaustive search for the exact value of a position of a game without cycles: alpha-beta
//! over win and loss distances, with a table of bounds, to the end of every line.

use crate::bot::StopFlag;
use boardlab_core::{GameValue, MoveBits, MoveList, Position};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// A win in 0 plies; a win in n is `WIN - n`, a loss in n is `-(WIN - n)`, a draw 0.
const WIN: i32 = 1 << 24;
/// Above every score.
const INFINITY: i32 = WIN + 1;
/// How often (in nodes) progress is reported.
const REPORT_EVERY: u64 = 1 << 20;
/// How often (in nodes) the stop flag and the deadline are looked at.
const CHECK_EVERY: u64 = 1 << 10;

/// The value of an exact score.
fn value_of(score: i32) -> GameValue {
    if score > 0 {
        GameValue::Win((WIN - score) as u32)
    } else if score < 0 {
        GameValue::Loss((WIN + score) as u32)
    } else {
        GameValue::Draw
    }
}

/// One remembered position: bounds on its score (counted from it) and its best move.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    lower: i32,
    upper: i32,
    best: u32,
    has_best: bool,
}

/// The search stopped before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unfinished {
    /// Positions visited before it stopped.
    pub nodes: u64,
    /// What stopped it.
    pub halt: Halt,
}

/// What stops an exhaustive search before it finishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// It visited as many positions as it was allowed.
    NodeLimit,
    /// Its stop flag was set (by another thread).
    Stopped,
    /// Its deadline passed.
    TimeUp,
}

impl std::fmt::Display for Halt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Halt::NodeLimit => "its node limit was reached",
            Halt::Stopped => "it was asked to stop",
            Halt::TimeUp => "its time was up",
        })
    }
}

/// The bytes one entry of the search's table takes.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

/// The table size (as a power of two of entries) that fits in `bytes`: the largest one
/// that does, and never fewer than 2 entries. A smaller table only makes the search
/// re-search more; its values stay exact.
pub fn table_bits_for(bytes: usize) -> u32 {
    let entries = (bytes / ENTRY_BYTES).max(2);
    usize::BITS - 1 - entries.leading_zeros()
}

/// An exhaustive search that keeps its table between calls (so that solving the moves of a
/// game one after the other reuses the work).
pub struct ExactSearch<P: Position> {
    table: Vec<Entry>,
    mask: usize,
    nodes: u64,
    node_limit: u64,
    stop: Option<StopFlag>,
    deadline: Option<Instant>,
    report: Option<Box<dyn FnMut(u64) + Send>>,
    moves: std::marker::PhantomData<fn() -> P>,
}

impl<P: Position> ExactSearch<P> {
    /// A search with a table of `2^table_bits` entries ([`ENTRY_BYTES`] each) that stops
    /// after `node_limit` positions. The game must be acyclic
    /// ([`RuleOptions::acyclic`](boardlab_core::RuleOptions::acyclic)). The
    /// table is allocated by the first search, not here.
    pub fn new(table_bits: u32, node_limit: u64) -> ExactSearch<P> {
        let size = 1usize << table_bits.min(usize::BITS - 8);
        ExactSearch {
            table: Vec::new(),
            mask: size - 1,
            nodes: 0,
            node_limit,
            stop: None,
            deadline: None,
            report: None,
            moves: std::marker::PhantomData,
        }
    }

    /// Calls `report` with the nodes visited so far, every million nodes or so.
    pub fn on_progress(&mut self, report: impl FnMut(u64) + Send + 'static) {
        self.report = Some(Box::new(report));
    }

    /// Positions visited since the search was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Sets the number of positions after which the search gives up (counted from now).
    pub fn set_node_limit(&mut self, more: u64) {
        self.node_limit = self.nodes.saturating_add(more);
    }

    /// Stops later searches at once (within [`CHECK_EVERY`] positions) when `flag` is set,
    /// also when it is set before they start; the search does not clear it.
    pub fn set_stop(&mut self, flag: Option<StopFlag>) {
        self.stop = flag;
    }

    /// Stops later searches at once (within [`CHECK_EVERY`] positions) at `deadline`.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// The bytes the table takes once allocated.
    pub fn table_bytes(&self) -> usize {
        (self.mask + 1) * ENTRY_BYTES
    }

    /// The exact value of `position` for its side to move.
    pub fn value(&mut self, position: &P) -> Result<GameValue, Unfinished> {
        if let Some(halt) = self.interrupted() {
            return Err(Unfinished {
                nodes: self.nodes,
                halt,
            });
        }
        if self.table.is_empty() {
            self.table = vec![Entry::default(); self.mask + 1];
        }
        let score = self.search(position, -INFINITY, INFINITY)?;
        Ok(value_of(score))
    }

    /// Whether the stop flag is set or the deadline passed.
    fn interrupted(&self) -> Option<Halt> {
        if self
            .stop
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            Some(Halt::Stopped)
        } else if self.deadline.is_some_and(|at| Instant::now() >= at) {
            Some(Halt::TimeUp)
        } else {
            None
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize ^ (key >> 32) as usize) & self.mask
    }

    /// The score of `position` if it lies inside `alpha..beta`, else a bound on the side
    /// of the window it lies (fail-soft alpha-beta). Scores count from this position.
    fn search(&mut self, position: &P, mut alpha: i32, mut beta: i32) -> Result<i32, Unfinished> {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            return Err(Unfinished {
                nodes: self.nodes,
                halt: Halt::NodeLimit,
            });
        }
        if self.nodes.is_multiple_of(CHECK_EVERY)
            && let Some(halt) = self.interrupted()
        {
            return Err(Unfinished {
                nodes: self.nodes,
                halt,
            });
        }
        if self.nodes.is_multiple_of(REPORT_EVERY)
            && let Some(report) = &mut self.report
        {
            report(self.nodes);
        }
        if position.loss_reason().is_some() {
            return Ok(-WIN);
        }
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            return Ok(-WIN);
        }
        // Nothing can beat a win at the next ply or lose faster than there.
        alpha = alpha.max(-(WIN - 2));
        beta = beta.min(WIN - 1);
        let key = position.hash();
        let slot = self.slot(key);
        let entry = self.table[slot];
        let mut best_first = None;
        if entry.key == key {
            if entry.lower >= beta || entry.lower == entry.upper {
                return Ok(entry.lower);
            }
            if entry.upper <= alpha {
                return Ok(entry.upper);
            }
            alpha = alpha.max(entry.lower);
            beta = beta.min(entry.upper);
            if entry.has_best {
                best_first = Some(entry.best);
            }
        }
        if alpha >= beta {
            return Ok(alpha);
        }
        // A move that wins at once ends the search here; the remembered best move next.
        for &mv in moves.iter() {
            let mut child = *position;
            child.play(mv);
            if child.loss_reason().is_some() {
                self.store(slot, key, WIN - 1, WIN - 1, Some(mv));
                return Ok(WIN - 1);
            }
        }
        let mut order: Vec<P::Move> = moves.iter().copied().collect();
        if let Some(bits) = best_first
            && let Some(index) = order.iter().position(|mv| mv.to_bits() == bits)
        {
            order.swap(0, index);
        }
        let original = (alpha, beta);
        let mut best = -INFINITY;
        let mut best_move = None;
        for mv in order {
            let mut child = *position;
            child.play(mv);
            // The child's score c counts from the child: for us it is one ply further.
            let child_alpha = back_to_child(beta);
            let child_beta = back_to_child(alpha);
            let score = to_parent(self.search(&child, child_alpha, child_beta)?);
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        let (lower, upper) = if best <= original.0 {
            (entry_lower(&entry, key), best)
        } else if best >= original.1 {
            (best, entry_upper(&entry, key))
        } else {
            (best, best)
        };
        self.store(slot, key, lower, upper, best_move);
        Ok(best)
    }

    fn store(&mut self, slot: usize, key: u64, lower: i32, upper: i32, best: Option<P::Move>) {
        self.table[slot] = Entry {
            key,
            lower,
            upper,
            best: best.map_or(0, MoveBits::to_bits),
            has_best: best.is_some(),
        };
    }
}

/// The lower bound a table entry already gave (none if it is for another position).
fn entry_lower(entry: &Entry, key: u64) -> i32 {
    if entry.key == key {
        entry.lower
    } else {
        -INFINITY
    }
}

/// The upper bound a table entry already gave.
fn entry_upper(entry: &Entry, key: u64) -> i32 {
    if entry.key == key {
        entry.upper
    } else {
        INFINITY
    }
}

/// A child's score, as its parent (who moved into it) sees it: the sign flips and the
/// distance grows by the move.
fn to_parent(child: i32) -> i32 {
    if child > 0 {
        -child + 1
    } else if child < 0 {
        -child - 1
    } else {
        0
    }
}

/// The child score that a parent score bound stands for: the inverse of [`to_parent`].
fn back_to_child(parent: i32) -> i32 {
    if parent >= INFINITY {
        -INFINITY
    } else if parent <= -INFINITY {
        INFINITY
    } else if parent > 0 {
        -parent - 1
    } else if parent < 0 {
        -parent + 1
    } else {
        0
    }
}
