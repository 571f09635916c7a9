//! A fixed-capacity list of moves that lives on the stack: move generation never allocates.

use arrayvec::ArrayVec;
use std::ops::Deref;

/// The most moves any position of any boardlab game can have.
///
/// Daisy is the widest game: at most 8 kinds of piece can be dropped on at most 81 empty
/// squares (648 drops) plus the board moves of the pieces already standing.
pub const MAX_MOVES: usize = 2048;

/// The legal moves of one position, in generation order.
#[derive(Clone, Debug, Default)]
pub struct MoveList<M> {
    moves: ArrayVec<M, MAX_MOVES>,
}

impl<M> MoveList<M> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        MoveList {
            moves: ArrayVec::new(),
        }
    }

    /// Appends a move. Move generators never exceed [`MAX_MOVES`].
    #[inline]
    pub fn push(&mut self, mv: M) {
        self.moves.push(mv);
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    /// Keeps only the moves for which `keep` is true, in their order.
    #[inline]
    pub fn retain(&mut self, mut keep: impl FnMut(&M) -> bool) {
        self.moves.retain(|mv| keep(mv));
    }

    /// The moves as a mutable slice (for sorting or reordering).
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        &mut self.moves
    }
}

impl<M> Deref for MoveList<M> {
    type Target = [M];

    #[inline]
    fn deref(&self) -> &[M] {
        &self.moves
    }
}

impl<'a, M> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;

    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}
