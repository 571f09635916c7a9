//! The placeholder game: what stands in where the core's traits still ask for a default
//! (`RuleOptions: Default`, `Position::GAME_ID` and the like) until they take the game from
//! the value.

use super::game::Game;
use super::intern::intern;
use crate::definition::{
    Board, Captures, Definition, End, FirstPlayer, Mode, Movement, NoMoves, Piece, Progress,
};

/// The smallest sensible game, which stands in where the core's traits still ask for a
/// default: a 3x3 board with one royal king each (`1K1/3/1k1`).
pub fn placeholder() -> &'static Game {
    let king = |letters: [char; 2], name: &str| Piece {
        name: name.to_string(),
        letters,
        betza: "K".to_string(),
        moves: vec![Movement {
            vectors: vec![
                (1, 0),
                (1, 1),
                (0, 1),
                (-1, 1),
                (-1, 0),
                (-1, -1),
                (0, -1),
                (1, -1),
            ],
            range: 1,
            mode: Mode::Both,
            initial_only: false,
            lame: false,
            hop: false,
        }],
        jumps: Vec::new(),
        chain: false,
        royal: true,
        promotion: None,
        value: None,
    };
    let definition = Definition {
        id: "rules".to_string(),
        title: "Kings".to_string(),
        summary: "Two kings on a 3x3 board; capture the other king.".to_string(),
        players: ["Player 1".to_string(), "Player 2".to_string()],
        board: Board {
            width: 3,
            height: 3,
            squares: Vec::new(),
            kinds: Vec::new(),
        },
        pieces: vec![king(['k', 'K'], "king")],
        start: "1K1/3/1k1".to_string(),
        first: FirstPlayer::One,
        captures: Captures::default(),
        drops: None,
        end: End {
            goal_pieces: Vec::new(),
            goal_ranks: 0,
            capture_all: false,
            no_moves: NoMoves::Loss,
            draws: Some(crate::definition::Draws {
                repetition: 3,
                no_progress_plies: 100,
            }),
            progress: Progress {
                captures: true,
                ..Progress::default()
            },
        },
        options: Vec::new(),
        source: toml::Table::new(),
    };
    intern(definition, None).expect("the placeholder game compiles")
}
