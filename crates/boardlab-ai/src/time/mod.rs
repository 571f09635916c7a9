//! Time: a search's clock ([`clock`]), time controls ([`time_control`]) and the clocks of a
//! timed game ([`game_clock`]), and how a bot shares its time over a game ([`time_budget`]).

pub mod clock;
pub mod game_clock;
pub mod time_budget;
pub mod time_control;
