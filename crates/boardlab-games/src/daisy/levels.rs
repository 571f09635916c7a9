//! Daisy's strength levels for people (`level:N`), measured with `scripts/levels.sh`
//! (docs/levels.md gives each level's result against the one below).

use boardlab_core::Levels;

/// Daisy: a search of depth 1 already weighs every drop, and each later level needs six to
/// eight times the positions of the one below to be 150 Elo stronger (four times gained
/// about 140), so the ladder is short. A beginner misjudges by about eight H's.
pub(super) const LEVELS: Levels = Levels {
    specs: &[
        "alphabeta:depth=1,noise=800",
        "alphabeta:depth=1",
        "alphabeta:nodes=20000",
        "alphabeta:nodes=150000",
        "alphabeta:time=1s",
    ],
    default: 3,
};
