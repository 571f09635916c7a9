//! The bots' view of a game from a rules file: [`Evaluate`](boardlab_core::Evaluate) from
//! knowledge worked out of the definition (piece values, squares, advancement), and the
//! [`Encoding`](boardlab_core::Encoding) learning tools use.

mod encoding;
mod evaluate;
mod exchange;
mod knowledge;
mod levels;
mod weights;

pub use knowledge::Knowledge;
pub use weights::RulesWeights;
