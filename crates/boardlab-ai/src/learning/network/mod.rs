//! A neural network evaluation: training data from self-play, a trainer, and the network
//! the search evaluates with.

pub mod accumulator;
pub mod choice;
pub mod model;
pub mod selfplay;
pub mod train;

pub use accumulator::Accumulator;
pub use choice::NetworkChoice;
pub use model::{FloatWeights, Network, NetworkError};
pub use selfplay::{DataLine, SelfPlayConfig, self_play_data};
pub use train::{EpochReport, TrainSettings, TrainingSet, train};
