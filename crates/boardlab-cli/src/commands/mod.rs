//! One module per subcommand; each is written once, generic over the game's position type.
//! (`bad_entries` is shared by the commands that read record and data files.)

pub mod analyze;
pub mod bad_entries;
pub mod bestmove;
pub mod datagen;
pub mod engine;
pub mod matchup;
pub mod moves;
pub mod perft;
pub mod play;
pub mod play_clock;
pub mod puzzles;
pub mod serve;
pub mod solve;
pub mod spsa;
pub mod tablebase;
pub mod train;
pub mod tune;
pub mod worker;
