//! Puzzles: positions where exactly one move wins (`boardlab puzzles` made them; the files are
//! in `puzzles/` and embedded here), served one at a time, answered, and rated: each puzzle and
//! each signed-in solver has a Glicko-2 rating, and an answer is a game between them (solved:
//! the solver wins). Only a player's first answer to a puzzle counts.
//!
//! Routes ([`api`]): `GET /api/puzzles/next?game=GAME`, `GET /api/puzzles/{id}`,
//! `POST /api/puzzles/{id}/answer`.

use boardlab_ai::puzzles::Puzzle;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The puzzle files embedded in the server: the game's id and the JSON.
const FILES: [(&str, &str); 4] = [
    ("sprint", include_str!("../puzzles/sprint.json")),
    ("parity", include_str!("../puzzles/parity.json")),
    ("obsidian", include_str!("../puzzles/obsidian.json")),
    ("daisy", include_str!("../puzzles/daisy.json")),
];

/// The rating key under which a player's puzzle rating is kept (beside the games' keys).
pub const PUZZLE_RATING: &str = "puzzles";

/// Every puzzle the server has, by game and by id.
pub struct PuzzleSet {
    by_game: BTreeMap<String, Vec<Puzzle>>,
}

impl PuzzleSet {
    /// The embedded puzzles (read once; a file that does not read is the build's bug and
    /// fails the tests, so here it gives no puzzles of that game).
    pub fn embedded() -> &'static PuzzleSet {
        static SET: OnceLock<PuzzleSet> = OnceLock::new();
        SET.get_or_init(|| {
            let by_game = FILES
                .iter()
                .map(|(game, json)| {
                    let puzzles: Vec<Puzzle> = serde_json::from_str(json).unwrap_or_default();
                    (game.to_string(), puzzles)
                })
                .collect();
            PuzzleSet { by_game }
        })
    }

    /// The games that have puzzles.
    pub fn games(&self) -> impl Iterator<Item = &str> {
        self.by_game.keys().map(String::as_str)
    }

    /// The puzzles of `game` (none for a game without).
    pub fn of_game(&self, game: &str) -> &[Puzzle] {
        self.by_game.get(game).map_or(&[], Vec::as_slice)
    }

    /// The puzzle `id`.
    pub fn get(&self, id: &str) -> Option<&Puzzle> {
        let game = id.split_once('-')?.0;
        self.of_game(game).iter().find(|p| p.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_files_read_and_each_puzzle_is_found_by_its_id() {
        let set = PuzzleSet::embedded();
        assert_eq!(
            set.games().collect::<Vec<_>>(),
            ["daisy", "obsidian", "parity", "sprint"]
        );
        for (game, json) in FILES {
            let parsed: Vec<Puzzle> = serde_json::from_str(json).expect("a puzzle file");
            // Daisy's set is the smallest (12: its searches are wide).
            assert!(parsed.len() >= 10, "{game}");
            for puzzle in &parsed {
                assert_eq!(puzzle.game, game);
                assert_eq!(set.get(&puzzle.id), Some(puzzle));
            }
        }
        assert!(set.get("sprint-nothing").is_none());
        assert!(set.get("nothing").is_none());
    }
}
