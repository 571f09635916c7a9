//! [`MoveSink`]s in front of another: one notes whether any move went through (compulsory
//! captures generate the captures first and the other moves only when there were none), one
//! lets only promotions through.

use super::moves::RulesMove;
use boardlab_core::{MoveSink, SquareBits};

/// Passes moves on to `inner` and remembers whether there were any.
pub struct Noting<'a, S> {
    /// Where the moves go.
    pub inner: &'a mut S,
    /// Whether any move went through.
    pub any: bool,
}

impl<M, S: MoveSink<M>> MoveSink<M> for Noting<'_, S> {
    #[inline(always)]
    fn add(&mut self, mv: M) {
        self.any = true;
        self.inner.add(mv);
    }

    #[inline(always)]
    fn add_each(&mut self, targets: impl SquareBits, make: impl FnMut(u32) -> M) {
        self.any |= targets.count() > 0;
        self.inner.add_each(targets, make);
    }

    #[inline(always)]
    fn add_each_of_kinds<K: Copy>(
        &mut self,
        kinds: impl Iterator<Item = K>,
        kind_count: u32,
        targets: impl SquareBits,
        make: impl FnMut(K, u32) -> M,
    ) {
        self.any |= kind_count > 0 && targets.count() > 0;
        self.inner
            .add_each_of_kinds(kinds, kind_count, targets, make);
    }
}

/// Passes on to `inner` only the moves that promote (for the quiet moves a quiescence search
/// follows).
pub struct Promoting<'a, S> {
    /// Where the promotions go.
    pub inner: &'a mut S,
}

impl<S: MoveSink<RulesMove>> MoveSink<RulesMove> for Promoting<'_, S> {
    #[inline(always)]
    fn add(&mut self, mv: RulesMove) {
        if mv.promotes() {
            self.inner.add(mv);
        }
    }

    #[inline(always)]
    fn add_each(&mut self, targets: impl SquareBits, mut make: impl FnMut(u32) -> RulesMove) {
        targets.for_each_square(|square| self.add(make(square)));
    }
}
