//! Matches between bots: the arena that plays them ([`arena`]), their openings
//! ([`openings`]), each side's search figures ([`match_stats`]), Elo ([`elo`]) and the
//! sequential test that stops a match once it has decided ([`sprt`]).

pub mod arena;
pub mod elo;
pub mod match_stats;
pub mod openings;
pub mod sprt;
