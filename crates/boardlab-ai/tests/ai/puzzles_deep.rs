//! The deeper search's puzzles (games without a solver): a fixed seed finds Obsidian puzzles
//! that searched again have one winning move, and a position with two winning moves is no
//! puzzle.

use boardlab_ai::puzzles::deep::{
    OTHERS_AT_MOST, WINNING, deep_puzzle, generate_deep, score_moves,
};
use boardlab_ai::puzzles::{PuzzleSearch, self_play};
use boardlab_games::Obsidian;

const SEARCH: PuzzleSearch = PuzzleSearch {
    count: 2,
    seed: 7,
    max_plies: 9,
    max_games: 400,
};

#[test]
fn a_fixed_seed_finds_obsidian_puzzles_with_one_winning_move() {
    let puzzles = generate_deep::<Obsidian>(Default::default(), SEARCH, 4);
    assert_eq!(puzzles.len(), 2);
    for puzzle in &puzzles {
        let position: Obsidian = puzzle.position.parse().unwrap();
        let scores = score_moves(&position, 4);
        assert_eq!(scores[0].0, puzzle.solution);
        assert!(scores[0].1 >= WINNING, "{puzzle:?}");
        assert!(
            scores[1..].iter().all(|&(_, s)| s <= OTHERS_AT_MOST),
            "{puzzle:?}"
        );
        assert_eq!(puzzle.search.as_ref().unwrap().depth, 4);
    }
}

#[test]
fn a_position_with_two_winning_moves_is_no_puzzle() {
    // Self-play positions where two moves score as winning at depth 3: none is a puzzle.
    let mut found = 0;
    self_play::<Obsidian>(
        Default::default(),
        PuzzleSearch {
            max_games: 2,
            ..SEARCH
        },
        false,
        |position| {
            let scores = score_moves(position, 3);
            if scores.len() >= 2 && scores[1].1 >= WINNING {
                assert_eq!(deep_puzzle(position, 3, 9), None, "{position}");
                found += 1;
            }
            None
        },
    );
    assert!(found >= 3, "only {found} positions with two winning moves");
}
