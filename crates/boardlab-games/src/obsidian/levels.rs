//! Obsidian's strength levels for people (`level:N`), measured with `scripts/levels.sh`
//! (docs/levels.md gives each level's result against the one below).

use boardlab_core::Levels;

/// Obsidian: the evaluation's error at depth 1, depths 1 and 2, then search nodes doubling a
/// level (a doubling is worth about 250 Elo at first, 165 to 190 from 100,000 nodes on) up to
/// the full search for a second (about three million nodes). From depth 2 to 1,500 nodes was
/// nearly 400 Elo, so 800 nodes stand between.
pub(super) const LEVELS: Levels = Levels {
    specs: &[
        "alphabeta:depth=1,noise=100",
        "alphabeta:depth=1",
        "alphabeta:depth=2",
        "alphabeta:nodes=800",
        "alphabeta:nodes=1500",
        "alphabeta:nodes=3000",
        "alphabeta:nodes=6000",
        "alphabeta:nodes=12000",
        "alphabeta:nodes=25000",
        "alphabeta:nodes=50000",
        "alphabeta:nodes=100000",
        "alphabeta:nodes=200000",
        "alphabeta:nodes=400000",
        "alphabeta:nodes=800000",
        "alphabeta:time=1s",
    ],
    default: 6,
};
