//! Hints to the processor and the operating system about the search's large tables, which
//! change how fast they are read, never what is read.
//!
//! The transposition table and the evaluation cache are far larger than the processor's
//! caches, and a search reads a slot of each at every node. [`prefetch`] starts loading the
//! slot of a child position as soon as its move is played, so that the probe a little later
//! finds it loaded; [`advise_huge_pages`] asks Linux to back a table with 2 MiB pages, so
//! that reading slots all over it does not also miss the processor's page-address cache.

/// Asks the processor to bring the cache line holding `item` closer; does nothing on
/// processors without the hint.
#[inline(always)]
pub(crate) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: SSE is part of every x86-64 processor, and a prefetch only hints the
        // cache: it reads nothing the program sees and cannot fault, whatever the address
        // (here that of a live reference).
        unsafe { _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast::<i8>()) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// The size of a huge page on the processors Linux backs tables with them on.
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

/// Asks Linux to back the whole huge pages inside `memory` (allocated, not yet written, so
/// that the first write brings in huge pages) with huge pages; elsewhere, and where the
/// system refuses (transparent huge pages switched off), nothing changes.
pub(crate) fn advise_huge_pages<T>(memory: &mut [std::mem::MaybeUninit<T>]) {
    #[cfg(target_os = "linux")]
    {
        let start = memory.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(memory);
        let first = start.next_multiple_of(HUGE_PAGE);
        let last = end / HUGE_PAGE * HUGE_PAGE;
        if first < last {
            // SAFETY: the range lies inside `memory`, which this call borrows mutably;
            // MADV_HUGEPAGE changes only how the kernel backs those pages, not their
            // contents, and an error (such as huge pages being off) leaves them as they were.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    last - first,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = memory;
}
