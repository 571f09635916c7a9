//! The searchers: alpha-beta ([`alphabeta`]), Monte Carlo tree search ([`mcts`]) and a
//! random mover ([`random`]), with what they share: the transposition table, move ordering,
//! the evaluation cache and its correction history, and scores.

pub mod alphabeta;
pub(crate) mod correction;
pub(crate) mod eval_cache;
pub mod mcts;
pub(crate) mod memory_hints;
pub(crate) mod ordering;
pub mod random;
pub mod score;
pub(crate) mod tt;
