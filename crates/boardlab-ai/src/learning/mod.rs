//! Learning from games: fitting evaluation weights (Texel tuning) and search parameters
//! (SPSA) in [`tune`], and the network evaluation with its training in [`network`].

pub mod network;
pub mod tune;
