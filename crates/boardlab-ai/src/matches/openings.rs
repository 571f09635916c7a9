//! Match openings: seeded random plies from the start (`random:K`), or the game's setup moves
//! first (`setup:K`: Daisy's two A drops) then random plies, skipping openings where the side
//! to move can win at once. Each pair of games gets its own opening, distinct from the other
//! pairs' where the random plies allow.

use crate::matches::arena::mix;
use boardlab_core::{GameHistory, MoveList, Outcome, Player, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

/// How many fresh seeds an opening may try before a duplicate or a decided start is accepted.
const ATTEMPTS: u64 = 100;

/// How the openings of a match are made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OpeningKind {
    /// Random plies from the start.
    #[default]
    Random,
    /// The game's [setup moves](Position::setup_moves) first, then random plies; openings in
    /// which the side to move can win at once are skipped.
    Setup,
}

/// The openings of a match: the kind and the number of random plies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Openings {
    /// How they are made.
    pub kind: OpeningKind,
    /// The random plies (after any setup moves).
    pub plies: u32,
}

impl fmt::Display for Openings {
    /// `random:K` or `setup:K`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            OpeningKind::Random => "random",
            OpeningKind::Setup => "setup",
        };
        write!(f, "{kind}:{}", self.plies)
    }
}

impl FromStr for Openings {
    type Err = String;

    /// Reads `random:K` or `setup:K`, K from 0 to 100 plies.
    fn from_str(text: &str) -> Result<Openings, String> {
        let error = || {
            format!(
                "openings {}: expected random:K (K random plies) or setup:K (the game's setup moves, e.g. Daisy's A drops, then K random plies), K from 0 to 100",
                boardlab_core::quoted(text)
            )
        };
        let (kind, plies) = text.trim().split_once(':').ok_or_else(error)?;
        let kind = match kind {
            "random" => OpeningKind::Random,
            "setup" => OpeningKind::Setup,
            _ => return Err(error()),
        };
        let plies = plies
            .parse::<u32>()
            .ok()
            .filter(|&k| k <= 100)
            .ok_or_else(error)?;
        Ok(Openings { kind, plies })
    }
}

/// Whether the side to move has a move that wins at once (takes the opponent's key piece,
/// reaches the goal, leaves the opponent without a move).
pub fn can_win_at_once<P: Position>(position: &P) -> bool {
    let mover = position.side_to_move();
    position.legal_move_list().iter().any(|&mv| {
        let mut next = *position;
        next.play(mv);
        matches!(next.outcome(), Some(Outcome::Win { winner, .. }) if winner == mover)
    })
}

/// One opening from `seed`: the start (with a drawn first player where asked), the setup
/// moves where the kind asks for them, and up to `openings.plies` random plies, such that the
/// game still goes on (and, for `setup`, the side to move cannot win at once).
pub fn opening<P: Position>(
    start: &P,
    draw_first: bool,
    openings: Openings,
    seed: u64,
) -> GameHistory<P> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let first = if rng.random_bool(0.5) {
        Player::Two
    } else {
        Player::One
    };
    let start = if draw_first {
        P::start_with_first(start.rules(), first)
    } else {
        *start
    };
    for _attempt in 0..ATTEMPTS {
        let mut game = GameHistory::new(start);
        if openings.kind == OpeningKind::Setup {
            loop {
                let mut setup = MoveList::new();
                game.current().setup_moves(&mut setup);
                if setup.is_empty() || game.outcome().is_some() {
                    break;
                }
                let _ = game.play(setup[rng.random_range(0..setup.len())]);
            }
        }
        for _ in 0..openings.plies {
            let moves = game.current().legal_move_list();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            let _ = game.play(moves[rng.random_range(0..moves.len())]);
        }
        let fair = openings.kind == OpeningKind::Random || !can_win_at_once(game.current());
        if game.outcome().is_none() && fair {
            return game;
        }
    }
    GameHistory::new(start)
}

/// The openings of `pairs` pairs of games from `seed`: pair `k`'s from a seed of its own, and
/// no two alike (in their moves and final position) while fresh seeds can avoid it.
pub fn match_openings<P: Position>(
    start: &P,
    draw_first: bool,
    openings: Openings,
    seed: u64,
    pairs: usize,
) -> Vec<GameHistory<P>> {
    let mut seen = HashSet::new();
    (0..pairs as u64)
        .map(|pair| {
            let mut chosen = None;
            for attempt in 0..ATTEMPTS {
                let game = opening(
                    start,
                    draw_first,
                    openings,
                    mix(seed ^ mix(pair)).wrapping_add(attempt),
                );
                let key = (game.current().hash(), game.moves().to_vec());
                let fresh = !seen.contains(&key);
                if fresh || attempt + 1 == ATTEMPTS {
                    seen.insert(key);
                    chosen = Some(game);
                    break;
                }
            }
            chosen.unwrap_or_else(|| GameHistory::new(*start))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_text_is_read_and_written() {
        let openings: Openings = "setup:6".parse().unwrap();
        assert_eq!(
            openings,
            Openings {
                kind: OpeningKind::Setup,
                plies: 6
            }
        );
        assert_eq!(openings.to_string(), "setup:6");
        assert_eq!("random:0".parse::<Openings>().unwrap(), Openings::default());
        for bad in ["random", "setup:101", "book:3", "random:-1", ""] {
            let err = bad.parse::<Openings>().unwrap_err();
            assert!(err.contains("expected random:K"), "{bad}: {err}");
        }
    }
}
