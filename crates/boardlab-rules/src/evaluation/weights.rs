//! The weights of the generic evaluation: scales (in percent) of what the file's knowledge
//! says, which `boardlab tune` fits from self-play.

use crate::definition::MAX_PIECES;
use boardlab_core::Tunable;

/// The ranks of a per-rank table: boards have at most 16.
pub const RANKS: usize = 16;

/// The columns of a per-file table: 0 on an edge file, up to 7 files in.
pub const FROM_EDGE: usize = 8;

/// How much each part of the evaluation counts, in percent of what the knowledge says.
/// Material and mobility have a weight per piece, in the file's order of pieces (the
/// weights past the file's last piece are unused).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesWeights {
    /// Material: pieces on the board, per piece.
    pub material: [i32; MAX_PIECES],
    /// Pieces in hand, against their value on the board.
    pub hand: [i32; 1],
    /// Where pieces stand (the squares they reach from there).
    pub placement: [i32; 1],
    /// How far goal and promoting pieces have come.
    pub advancement: [i32; 1],
    /// How many moves the pieces on the board have, per piece (royal pieces aside).
    pub mobility: [i32; MAX_PIECES],
    /// Pieces attacked and not defended (an eighth of their value at 100%).
    pub hanging: [i32; 1],
    /// Pieces attacked by a less valuable piece (an eighth of their value at 100%).
    pub threats: [i32; 1],
    /// Enemy attacks on and around a royal piece.
    pub royal_danger: [i32; 1],
    /// Centipawns for a piece on a rank (counted from its owner's side), per piece and rank
    /// (`RANKS` a piece), with a full board; blended toward
    /// [`rank_ending`](Self::rank_ending) as material leaves. 0 unless fitted.
    pub rank_opening: [i32; MAX_PIECES * RANKS],
    /// The same with no material left but the royal pieces.
    pub rank_ending: [i32; MAX_PIECES * RANKS],
    /// Centipawns for a piece on a file, per piece and files from the nearer edge
    /// (`FROM_EDGE` a piece), with a full board. 0 unless fitted.
    pub file_opening: [i32; MAX_PIECES * FROM_EDGE],
    /// The same with no material left but the royal pieces.
    pub file_ending: [i32; MAX_PIECES * FROM_EDGE],
}

impl Default for RulesWeights {
    fn default() -> Self {
        RulesWeights {
            material: [100; MAX_PIECES],
            hand: [100],
            placement: [100],
            advancement: [100],
            mobility: [100; MAX_PIECES],
            hanging: [100],
            threats: [100],
            royal_danger: [100],
            rank_opening: [0; MAX_PIECES * RANKS],
            rank_ending: [0; MAX_PIECES * RANKS],
            file_opening: [0; MAX_PIECES * FROM_EDGE],
            file_ending: [0; MAX_PIECES * FROM_EDGE],
        }
    }
}

impl Tunable for RulesWeights {
    fn for_each_group(&mut self, f: &mut dyn FnMut(&'static str, &mut [i32])) {
        f("material", &mut self.material);
        f("hand", &mut self.hand);
        f("placement", &mut self.placement);
        f("advancement", &mut self.advancement);
        f("mobility", &mut self.mobility);
        f("hanging", &mut self.hanging);
        f("threats", &mut self.threats);
        f("royal_danger", &mut self.royal_danger);
        f("rank_opening", &mut self.rank_opening);
        f("rank_ending", &mut self.rank_ending);
        f("file_opening", &mut self.file_opening);
        f("file_ending", &mut self.file_ending);
    }
}
