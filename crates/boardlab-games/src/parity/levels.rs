//! Parity's strength levels for people (`level:N`), measured with `scripts/levels.sh`
//! (docs/levels.md gives each level's result against the one below).

use boardlab_core::Levels;

/// Parity: every game between searching bots is nearly always drawn (a search of depth 1
/// with a large evaluation error holds the draw, and 20,000 nodes draw all of 100 games
/// against depth 1), so a beginner plays any legal move and the ladder is short. The top
/// level plays plain minimax (`chances=0`): the game's default practical chances give up
/// up to two pieces of evaluation to set traps, which lost 14 games in 200 against the
/// alphabeta of issue 11 at 100 ms a move, where minimax lost none.
pub(super) const LEVELS: Levels = Levels {
    specs: &["random", "alphabeta:depth=1", "alphabeta:time=1s,chances=0"],
    default: 2,
};
