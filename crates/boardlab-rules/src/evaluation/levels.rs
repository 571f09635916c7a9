//! The strength levels (`level:N`) of every game from a rules file.

use boardlab_core::Levels;

/// Games from rules files (engine `rules`): nobody has measured them, so the ladder doubles
/// and redoubles the positions searched, from a one-move look with a large error to the full
/// search for a second.
pub(super) const LEVELS: Levels = Levels {
    specs: &[
        "alphabeta:depth=1,noise=300",
        "alphabeta:depth=1",
        "alphabeta:nodes=2000",
        "alphabeta:nodes=10000",
        "alphabeta:nodes=50000",
        "alphabeta:nodes=250000",
        "alphabeta:time=1s",
    ],
    default: 3,
};
