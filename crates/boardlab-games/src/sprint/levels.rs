//! Sprint's strength levels for people (`level:N`), measured with `scripts/levels.sh`
//! (docs/levels.md gives each level's result against the one below).

use boardlab_core::Levels;

/// Sprint: a thousand nodes already see far, and the full search solves most positions at
/// once, so the ladder is short.
pub(super) const LEVELS: Levels = Levels {
    specs: &[
        "alphabeta:depth=1,noise=400",
        "alphabeta:depth=1",
        "alphabeta:nodes=1000",
        "alphabeta:time=1s",
    ],
    default: 2,
};
