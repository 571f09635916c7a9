//! The memory of the perfect player's solver: a budget shared by every search of the
//! server ([`SolverMemory`]), and handing freed memory back to the system.

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

    /// Memory for one search: its share, or what is left of the total when less is left
    /// (down to a quarter of the share, and at least 1 MiB); `None` when even that is not
    /// left (the perfect player then plays this move with the strongest level's search).
    pub fn grant(self: &Arc<SolverMemory>) -> Option<SolverGrant> {
        let mut used = self.used.lock().unwrap_or_else(|p| p.into_inner());
        let left = self.total.saturating_sub(*used);
        let mib = self.per_search.min(left);
        if mib == 0 || mib < (self.per_search / 4).max(1) {
            return None;
        }
        *used += mib;
        Some(SolverGrant {
            memory: self.clone(),
            mib,
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
}

impl SolverGrant {
    /// The MiB granted.
    pub fn mib(&self) -> usize {
        self.mib
    }

    /// The solver table size that fits in the grant (see [`boardlab_ai::solver::table_bits_for`]).
    pub fn table_bits(&self) -> u32 {
        boardlab_ai::solver::table_bits_for(self.mib << 20)
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
        let memory = SolverMemory::new(128, 300);
        let a = memory.grant().expect("a full share");
        let b = memory.grant().expect("a full share");
        assert_eq!((a.mib(), b.mib()), (128, 128));
        // 44 MiB are left: more than a quarter share, so the third search gets them.
        let c = memory.grant().expect("what is left");
        assert_eq!(c.mib(), 44);
        assert!(memory.grant().is_none());
        assert_eq!(memory.in_use(), 300);
        drop(a);
        assert_eq!(memory.grant().map(|g| g.mib()), Some(128));
        assert_eq!(memory.in_use(), 172);
        // 96 MiB is 2^22 entries of 24 bytes; 128 MiB holds no more.
        assert_eq!(b.table_bits(), 22);
    }

    #[test]
    fn less_than_a_quarter_share_is_no_grant() {
        let memory = SolverMemory::new(128, 150);
        let _a = memory.grant().expect("a full share");
        assert!(memory.grant().is_none(), "22 MiB is under a quarter share");
    }
}
