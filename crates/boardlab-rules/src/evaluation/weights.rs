//! The weights of the generic evaluation: scales (in percent) of what the file's knowledge
//! says, which `boardlab tune` fits from self-play.

use crate::definition::MAX_PIECES;
use boardlab_core::Tunable;

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
    }
}
