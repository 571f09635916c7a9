//! Puzzles: positions where exactly one legal move wins, proven so by the [`Solver`]: by
//! exhaustive search in games without cycles (Sprint), by tablebases in games that have them
//! (Parity); in games with neither (Obsidian, Daisy) a deeper fixed-depth search finds them
//! ([`deep`]). The positions come from seeded self-play of random moves, so a set is made
//! again exactly from its seed.

pub mod deep;

use crate::solver::{SolveError, Solver};
use boardlab_core::{GameValue, MoveList, Player, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// A puzzle: a position, and the one move that wins it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Its id: the game's id and the position's hash.
    pub id: String,
    /// The game's id (`sprint`).
    pub game: String,
    /// The position, in its one-line text form; its side to move is the solver's.
    pub position: String,
    /// The one winning move, as text.
    pub solution: String,
    /// The plies the win takes with best play, the solution's ply included; 0 where the
    /// solution wins material rather than a forced win (see [`deep`]).
    pub win_in_plies: u32,
    /// How many legal moves the position has (every one but the solution fails to win).
    pub legal_moves: usize,
    /// The theme: `win in N` (N of the solver's own moves) or `win material`.
    pub theme: String,
    /// How a deeper search proved it, for puzzles of games without a solver (absent for the
    /// solver's and the tablebases' puzzles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<deep::SearchProof>,
}

/// The theme of a win in `plies` plies: the winner's moves, `win in 1`, `win in 2`, …
pub fn theme(plies: u32) -> String {
    format!("win in {}", plies.div_ceil(2))
}

/// The one winning move of `position` and the plies its win takes, when exactly one of at
/// least two legal moves wins; `None` otherwise (no win, several, or a single legal move).
/// Errors where the solver cannot value a move (outside the tablebases, past its budget).
pub fn unique_win<P: Position>(
    solver: &mut Solver<P>,
    position: &P,
) -> Result<Option<(String, u32)>, SolveError> {
    if position.outcome().is_some() || position.count_legal_moves() < 2 {
        return Ok(None);
    }
    let solution = solver.solve(position)?;
    let mut wins = solution.moves.iter().filter_map(|entry| match entry.value {
        GameValue::Win(plies) => Some((entry.text.clone(), plies)),
        _ => None,
    });
    match (wins.next(), wins.next()) {
        (Some(win), None) => Ok(Some(win)),
        _ => Ok(None),
    }
}

/// What [`generate`] looks for.
#[derive(Clone, Copy, Debug)]
pub struct PuzzleSearch {
    /// How many puzzles.
    pub count: usize,
    /// The seed of the self-play.
    pub seed: u64,
    /// The longest win a puzzle may ask for, in plies.
    pub max_plies: u32,
    /// Self-play games to try at most, before giving up with fewer puzzles.
    pub max_games: usize,
}

/// Puzzles of a game: positions of seeded random self-play with exactly one winning move
/// (a win of at most `max_plies`), at most one from each game, each position once, and none
/// whose no-progress count is running.
/// Positions the solver cannot value are passed over.
pub fn generate<P: Position>(
    rules: P::Rules,
    solver: &mut Solver<P>,
    search: PuzzleSearch,
) -> Vec<Puzzle> {
    // A position whose no-progress count is running could be drawn by it before the win:
    // the solver's puzzles start where it is 0 (just after a capture, in Parity).
    self_play(rules, search, true, |position| {
        let (solution, plies) = unique_win(solver, position).ok()??;
        (plies <= search.max_plies).then(|| Puzzle {
            id: puzzle_id(position),
            game: position.game_id().to_string(),
            position: position.to_string(),
            solution,
            win_in_plies: plies,
            legal_moves: position.count_legal_moves() as usize,
            theme: theme(plies),
            search: None,
        })
    })
}

/// A puzzle's id: the game's id and the position's hash.
pub fn puzzle_id<P: Position>(position: &P) -> String {
    format!("{}-{:016x}", position.game_id(), position.hash())
}

/// The self-play that puzzles come from: up to `search.max_games` seeded games of random
/// moves, each stopped at a random ply (4 to 199); along each, the positions from ply 4 on
/// that were not seen before
/// go to `puzzle` (with `fresh_only`, only those whose no-progress count is 0), and the
/// first one it makes a puzzle of ends the game. Stops at `search.count` puzzles.
pub fn self_play<P: Position>(
    rules: P::Rules,
    search: PuzzleSearch,
    fresh_only: bool,
    mut puzzle: impl FnMut(&P) -> Option<Puzzle>,
) -> Vec<Puzzle> {
    let mut rng = SmallRng::seed_from_u64(search.seed);
    let mut puzzles = Vec::new();
    let mut seen = HashSet::new();
    for _ in 0..search.max_games {
        if puzzles.len() >= search.count {
            break;
        }
        let first = if rng.random::<bool>() {
            Player::One
        } else {
            Player::Two
        };
        let mut position = P::start_with_first(rules, first);
        let stop_at = rng.random_range(4..200);
        let mut moves = MoveList::new();
        for ply in 0..stop_at {
            if position.outcome().is_some() {
                break;
            }
            if ply >= 4
                && (!fresh_only || position.no_progress_plies() == 0)
                && seen.insert(position.hash())
                && let Some(found) = puzzle(&position)
            {
                puzzles.push(found);
                break;
            }
            moves.clear();
            position.legal_moves(&mut moves);
            let Some(&mv) = moves.get(rng.random_range(0..moves.len().max(1))) else {
                break;
            };
            position.play(mv);
        }
    }
    puzzles
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn themes_count_the_winners_own_moves() {
        assert_eq!(theme(1), "win in 1");
        assert_eq!(theme(3), "win in 2");
        assert_eq!(theme(4), "win in 2");
    }
}
