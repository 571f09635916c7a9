//! The memory of the perfect player's solver: a budget shared by every search of the
//! server ([`SolverMemory`]), and handing freed memory back to the system.

use boardlab_ai::solver::{ENTRY_BYTES, table_bits_for};
use std::sync::{Arc, Mutex};

/// Hands the memory the allocator holds free back to the system, where the allocator
/// keeps it otherwise (glibc's does, in the arenas of the threads that freed it).
pub fn give_back_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free memory of the allocator; it takes no pointer.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The memory the solver's tables may take: at most `per_search` MiB each, `total` MiB
/// together. A search asks for its share when it starts ([`SolverMemory::grant`]) and gives
/// it back when it ends.
#[derive(Debug)]
pub struct SolverMemory {
    per_search: usize,
    total: usize,
    used: Mutex<usize>,
}

impl SolverMemory {
    /// A budget of `total` MiB, at most `per_search` MiB a search.
    pub fn new(per_search: usize, total: usize) -> Arc<SolverMemory> {
        Arc::new(SolverMemory {
            per_search,
            total,
            used: Mutex::new(0),
        })
    }

    /// Memory for one search: the largest table within its share, or within what is left
    /// of the total when less is left (down to a quarter of the share, and at least 1 MiB);
    /// `None` when even that is not left (the perfect player then plays this move with the
    /// strongest level's search).
    pub fn grant(self: &Arc<SolverMemory>) -> Option<SolverGrant> {
        let mut used = self.used.lock().unwrap_or_else(|p| p.into_inner());
        let left = self.total.saturating_sub(*used);
        let room = self.per_search.min(left);
        if room == 0 || room < (self.per_search / 4).max(1) {
            return None;
        }
        // The table is a power of two of entries: the grant is what it really takes.
        let table_bits = table_bits_for(room << 20);
        let bytes = (1usize << table_bits) * ENTRY_BYTES;
        let mib = bytes.div_ceil(1 << 20).min(room);
        *used += mib;
        Some(SolverGrant {
            memory: self.clone(),
            mib,
            table_bits,
        })
    }

    /// The MiB granted to searches now.
    pub fn in_use(&self) -> usize {
        *self.used.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// One search's share of the [`SolverMemory`]: given back (and the freed memory handed to
/// the system) when dropped, so drop it after the solver.
#[derive(Debug)]
pub struct SolverGrant {
    memory: Arc<SolverMemory>,
    mib: usize,
    table_bits: u32,
}

impl SolverGrant {
    /// The MiB granted: what the solver's table takes (a power of two of entries, the
    /// largest within the search's share or what was left of the total).
    pub fn mib(&self) -> usize {
        self.mib
    }

    /// The size of the solver's table, as a power of two of entries.
    pub fn table_bits(&self) -> u32 {
        self.table_bits
    }
}

impl Drop for SolverGrant {
    fn drop(&mut self) {
        {
            let mut used = self.memory.used.lock().unwrap_or_else(|p| p.into_inner());
            *used = used.saturating_sub(self.mib);
        }
        give_back_freed_memory();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grants_stay_within_the_total() {
        // A 128 MiB share holds 2^22 entries of 24 bytes: 96 MiB.
        let memory = SolverMemory::new(128, 300);
        let a = memory.grant().expect("a full share");
        let b = memory.grant().expect("a full share");
        assert_eq!((a.mib(), b.mib(), b.table_bits()), (96, 96, 22));
        // 108 MiB are left: the third search's table is as large as ever.
        let c = memory.grant().expect("a full share");
        assert_eq!(c.mib(), 96);
        // 12 MiB are left: under a quarter of a share, so no grant.
        assert!(memory.grant().is_none());
        assert_eq!(memory.in_use(), 288);
        drop(a);
        let d = memory.grant().expect("a full share again");
        assert_eq!(d.mib(), 96);
        drop((b, c, d));
        assert_eq!(memory.in_use(), 0);
    }

    #[test]
    fn what_is_left_makes_a_smaller_table() {
        let memory = SolverMemory::new(128, 150);
        let _a = memory.grant().expect("a full share");
        // 54 MiB are left: a table of 2^21 entries (48 MiB).
        let b = memory.grant().expect("what is left");
        assert_eq!((b.mib(), b.table_bits()), (48, 21));
        assert!(memory.grant().is_none(), "6 MiB is under a quarter share");
    }
}
