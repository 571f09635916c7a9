//! How a build writes the memory its threads share: cells, marks and tallies.
//!
//! With several threads every change is an atomic read-modify-write, so that no thread's
//! change is lost. With one thread nothing else writes, and a plain load and store does the
//! same at a fraction of the cost: a locked instruction takes some twenty cycles, and a build
//! makes several for each of its hundreds of millions of decided positions (docs/solving.md).

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, Ordering};

/// Who writes the shared memory of a build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Writers {
    /// One thread: plain loads and stores.
    One,
    /// Several threads: atomic read-modify-writes.
    Many,
}

impl Writers {
    /// The writers of a build on `threads` threads.
    pub(super) fn of_threads(threads: usize) -> Writers {
        if threads <= 1 {
            Writers::One
        } else {
            Writers::Many
        }
    }

    /// Adds `n` to `word`.
    #[inline]
    pub(super) fn add(self, word: &AtomicU64, n: u64) {
        match self {
            Writers::One => word.store(word.load(Ordering::Relaxed) + n, Ordering::Relaxed),
            Writers::Many => {
                word.fetch_add(n, Ordering::Relaxed);
            }
        }
    }

    /// Takes `n` from `word`.
    #[inline]
    pub(super) fn sub(self, word: &AtomicU64, n: u64) {
        match self {
            Writers::One => word.store(word.load(Ordering::Relaxed) - n, Ordering::Relaxed),
            Writers::Many => {
                word.fetch_sub(n, Ordering::Relaxed);
            }
        }
    }

    /// Raises `word` to `value` if it is lower.
    #[inline]
    pub(super) fn max(self, word: &AtomicU32, value: u32) {
        match self {
            Writers::One => {
                if word.load(Ordering::Relaxed) < value {
                    word.store(value, Ordering::Relaxed);
                }
            }
            Writers::Many => {
                // Most calls raise nothing: only those that do pay for an atomic write.
                if word.load(Ordering::Relaxed) < value {
                    word.fetch_max(value, Ordering::Relaxed);
                }
            }
        }
    }

    /// Sets `bits` in `word`. With several threads this is a release, so that a thread
    /// which then clears the bits (an acquire) sees the writes made before.
    #[inline]
    pub(super) fn set_bits(self, word: &AtomicU64, bits: u64) {
        match self {
            Writers::One => {
                let old = word.load(Ordering::Relaxed);
                if old & bits != bits {
                    word.store(old | bits, Ordering::Relaxed);
                }
            }
            Writers::Many => {
                word.fetch_or(bits, Ordering::AcqRel);
            }
        }
    }

    /// Clears `bits` in `word` (an acquire with several threads: see [`Writers::set_bits`]).
    #[inline]
    pub(super) fn clear_bits(self, word: &AtomicU64, bits: u64) {
        match self {
            Writers::One => word.store(word.load(Ordering::Relaxed) & !bits, Ordering::Relaxed),
            Writers::Many => {
                word.fetch_and(!bits, Ordering::AcqRel);
            }
        }
    }

    /// Replaces the cell by what `change` makes of it, unless `change` says `None`: the old
    /// cell if changed, as [`AtomicU16::fetch_update`] (which retries `change` when another
    /// thread wrote the cell meanwhile).
    #[inline]
    pub(super) fn update(
        self,
        cell: &AtomicU16,
        mut change: impl FnMut(u16) -> Option<u16>,
    ) -> Option<u16> {
        match self {
            Writers::One => {
                let old = cell.load(Ordering::Relaxed);
                let new = change(old)?;
                cell.store(new, Ordering::Relaxed);
                Some(old)
            }
            Writers::Many => cell
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, change)
                .ok(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One writer and many do the same to a word or cell.
    #[test]
    fn one_and_many_writers_agree() {
        for writers in [Writers::One, Writers::Many] {
            let word = AtomicU64::new(5);
            writers.add(&word, 3);
            writers.sub(&word, 2);
            writers.set_bits(&word, 0b1000_0000);
            writers.clear_bits(&word, 0b100);
            assert_eq!(word.load(Ordering::Relaxed), 0b1000_0010, "{writers:?}");
            let high = AtomicU32::new(7);
            writers.max(&high, 3);
            writers.max(&high, 9);
            assert_eq!(high.load(Ordering::Relaxed), 9);
            let cell = AtomicU16::new(4);
            assert_eq!(writers.update(&cell, |c| (c > 3).then(|| c - 1)), Some(4));
            assert_eq!(writers.update(&cell, |c| (c > 3).then(|| c - 1)), None);
            assert_eq!(cell.load(Ordering::Relaxed), 3);
        }
    }
}
