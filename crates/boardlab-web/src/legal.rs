//! Moves as structures for the pages: the squares a move text names (SPEC.md), split once on
//! the server so that a page picks moves and marks the last one without reading notation.
//!
//! A move text is read by the rules engine's reader of the one notation every game shares
//! ([`split_move_text`]: squares `a1` … `p16` run together, a drop `LETTER@square`, a
//! trailing promotion letter), so built-in games and games from rules files, whatever their
//! board size, read alike. The texts come from the game itself (its legal moves, the moves
//! played, a lesson's moves), so they always read; one that did not would be sent with no
//! squares, and so could not be picked or marked.
//!
//! ```
//! use boardlab_web::legal::move_shape;
//!
//! let step = move_shape("e2e4", 8, 8);
//! assert_eq!(step.from.as_deref(), Some("e2"));
//! assert_eq!(step.path, ["e4"]);
//!
//! let drop = move_shape("P@e5", 9, 9);
//! assert_eq!((drop.from, drop.drop), (None, Some('P')));
//! assert_eq!(drop.path, ["e5"]);
//! ```

use boardlab_core::{Encoding, Evaluate};
use boardlab_games::{AnyGame, PositionWork};
use boardlab_rules::engine::move_text::split_move_text;
use boardlab_rules::engine::moves::write_square;
use serde::Serialize;

/// One move as the squares it names, with its text (which plays it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveShape {
    /// The move's text, as the game writes it: what a page sends to play it.
    pub text: String,
    /// The square the piece leaves; `None` for a drop.
    pub from: Option<String>,
    /// The squares the piece lands on, in order (a capture chain names each one); for a drop,
    /// the square it is dropped on.
    pub path: Vec<String>,
    /// The reserve letter of a drop, uppercase (a drop is written with either case); `None`
    /// for a move of a piece on the board.
    pub drop: Option<char>,
}

/// The structure of one move text on a board `width` files by `height` ranks.
pub fn move_shape(text: &str, width: u8, height: u8) -> MoveShape {
    let square = |c| {
        let mut name = String::new();
        let _ = write_square(&mut name, c);
        name
    };
    let (from, path, drop) = match split_move_text(text, width, height) {
        Ok(parts) => {
            let mut squares: Vec<String> = parts.squares.into_iter().map(square).collect();
            match parts.drop {
                Some(letter) => (None, squares, Some(letter.to_ascii_uppercase())),
                None if squares.is_empty() => (None, squares, None),
                None => {
                    let from = squares.remove(0);
                    (Some(from), squares, None)
                }
            }
        }
        Err(_) => (None, Vec::new(), None),
    };
    MoveShape {
        text: text.to_string(),
        from,
        path,
        drop,
    }
}

/// The structures of move texts of `game` (its board's size is the current position's),
/// in the same order.
pub fn move_shapes(game: &AnyGame, texts: &[String]) -> Vec<MoveShape> {
    struct Size;
    impl PositionWork for Size {
        type Output = (u8, u8);
        fn run<P: Evaluate + Encoding>(self, position: &P) -> (u8, u8) {
            (position.width(), position.height())
        }
    }
    let (width, height) = game.current().work(Size);
    texts
        .iter()
        .map(|text| move_shape(text, width, height))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::Setup;
    use boardlab_games::GameId;
    use std::path::Path;

    fn shape(text: &str, from: Option<&str>, path: &[&str], drop: Option<char>) -> MoveShape {
        MoveShape {
            text: text.to_string(),
            from: from.map(str::to_string),
            path: path.iter().map(|s| s.to_string()).collect(),
            drop,
        }
    }

    #[test]
    fn steps_chains_and_drops_read_into_their_squares() {
        assert_eq!(
            move_shape("e2e4", 8, 8),
            shape("e2e4", Some("e2"), &["e4"], None)
        );
        assert_eq!(
            move_shape("c1e3c5", 6, 6),
            shape("c1e3c5", Some("c1"), &["e3", "c5"], None)
        );
        assert_eq!(
            move_shape("P@e5", 9, 9),
            shape("P@e5", None, &["e5"], Some('P'))
        );
        // A drop's letter is uppercase whatever the case it was written in.
        assert_eq!(
            move_shape("h@e5", 9, 9),
            shape("h@e5", None, &["e5"], Some('H'))
        );
        // A promotion's letter is in the text only.
        assert_eq!(
            move_shape("e7e8n", 8, 8),
            shape("e7e8n", Some("e7"), &["e8"], None)
        );
        // Rules files' boards reach `p16`: ranks of two digits.
        assert_eq!(
            move_shape("a9a10", 16, 16),
            shape("a9a10", Some("a9"), &["a10"], None)
        );
        assert_eq!(
            move_shape("p16o15", 16, 16),
            shape("p16o15", Some("p16"), &["o15"], None)
        );
        // Never a panic: a text that does not read names no square.
        assert_eq!(
            move_shape("nonsense", 8, 8),
            shape("nonsense", None, &[], None)
        );
    }

    /// Every legal move of `game` reads back into its text: its squares in order after the
    /// drop letter, and a board move starts from a square.
    fn check_round_trip(game: &AnyGame) {
        let texts = game.legal_moves();
        assert!(!texts.is_empty());
        let shapes = move_shapes(game, &texts);
        assert_eq!(shapes.len(), texts.len());
        for (text, shape) in texts.iter().zip(&shapes) {
            assert_eq!(&shape.text, text);
            assert!(!shape.path.is_empty(), "{text}");
            let mut written = String::new();
            if let Some(letter) = shape.drop {
                written.push(letter);
                written.push('@');
            } else {
                written.push_str(shape.from.as_deref().expect("a board move's start"));
            }
            written.push_str(&shape.path.concat());
            assert!(
                text.eq_ignore_ascii_case(&written),
                "{text} read as {shape:?}"
            );
        }
    }

    #[test]
    fn the_legal_moves_of_every_built_in_game_read() {
        for &game in GameId::ALL {
            let game = AnyGame::new(game, &Setup::start()).unwrap();
            check_round_trip(&game);
        }
        // Daisy starts with its pieces in reserve: every move is a drop.
        let daisy = AnyGame::new(GameId::Daisy, &Setup::start()).unwrap();
        let shapes = move_shapes(&daisy, &daisy.legal_moves());
        assert!(
            shapes
                .iter()
                .all(|s| s.from.is_none() && s.drop.is_some() && s.path.len() == 1)
        );
    }

    #[test]
    fn the_legal_moves_of_rules_files_games_read() {
        let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/examples");
        for name in ["mini-daisy", "sprint-8x8", "chief-raid", "parity-7x6"] {
            let file = boardlab_rules::load_file(&examples.join(format!("{name}.toml")))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let game = AnyGame::new(GameId::from_rules(file), &Setup::start()).unwrap();
            check_round_trip(&game);
        }
    }
}
