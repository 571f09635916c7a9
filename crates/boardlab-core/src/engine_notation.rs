//! How external engines read a game: the dialect of Fairy-Stockfish (FEN and move text), the
//! de facto standard of UCI engines for chess variants.
//!
//! A game whose Fairy-Stockfish text differs from ours (Obsidian's letter case, Daisy's
//! spelled-out reserves, promotion suffixes) overrides [`EngineNotation`] in its own folder;
//! every other game takes the defaults, which are simply our own notation (SPEC.md).
//! The helpers [`split_fsf_fen`] and [`join_fsf_fen`] handle the fields that every FEN
//! shares, so a game only translates its placement.

use crate::error::{MoveError, PositionError, PositionField};
use crate::player::Player;
use crate::position::Position;
use crate::words::quoted;

/// A game's positions and moves in Fairy-Stockfish's dialect, both ways, so that a UCI engine
/// can be told a game and its answers checked by our rules. The defaults use our own text.
pub trait EngineNotation: Position {
    /// Whether the game has a Fairy-Stockfish dialect that engines are spoken to in by default
    /// (`notation=fsf`); games without one speak our own text (`notation=boardlab`).
    const FSF_DIALECT: bool = false;

    /// The position as a Fairy-Stockfish FEN.
    fn to_fsf_fen(&self) -> String {
        self.to_string()
    }

    /// Reads a Fairy-Stockfish FEN under `rules`.
    fn from_fsf_fen(text: &str, rules: Self::Rules) -> Result<Self, PositionError> {
        Self::from_text(text, rules)
    }

    /// A legal move of this position in Fairy-Stockfish's move text.
    fn to_fsf_move(&self, mv: Self::Move) -> String {
        mv.to_string()
    }

    /// Reads a move in Fairy-Stockfish's move text and checks that it is legal here.
    fn parse_fsf_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.parse_move(text)
    }
}

/// The fields of a Fairy-Stockfish FEN that matter to our games: `<board> <w|b> - - [<plies>
/// <move number>]`, where the board is the placement with any reserves in brackets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FsfFen<'a> {
    /// The placement, with the reserves in brackets right after it where the game has them.
    pub board: &'a str,
    /// The side to move: `w` is Player 1, `b` Player 2.
    pub side_to_move: Player,
    /// Plies without progress (the half-move clock; 0 when left out).
    pub no_progress_plies: u32,
    /// The move number (1 when left out).
    pub move_number: u32,
}

/// Splits a Fairy-Stockfish FEN into its fields. Castling rights and the en-passant square
/// must be `-` (none of our games has either); the two counters may be left out.
pub fn split_fsf_fen<'a>(game: &'static str, text: &'a str) -> Result<FsfFen<'a>, PositionError> {
    let error = |field, problem: String| PositionError {
        game,
        text: text.to_string(),
        field,
        problem,
    };
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 2 || fields.len() > 6 {
        return Err(error(
            PositionField::Whole,
            format!(
                "{} fields; a Fairy-Stockfish FEN is '<placement> <w|b> - - <no-progress plies> <move number>' (the last four may be left out)",
                fields.len()
            ),
        ));
    }
    let side_to_move = match fields[1] {
        "w" => Player::One,
        "b" => Player::Two,
        other => {
            return Err(error(
                PositionField::SideToMove,
                format!(
                    "{} is not a side; use w (Player 1) or b (Player 2)",
                    quoted(other)
                ),
            ));
        }
    };
    for (index, what) in [(2, "castling rights"), (3, "en-passant square")] {
        if let Some(&value) = fields.get(index).filter(|&&v| v != "-") {
            return Err(error(
                PositionField::Whole,
                format!(
                    "{what} {}: {game} has none, so the field must be '-'",
                    quoted(value)
                ),
            ));
        }
    }
    let number = |index: usize, field, default: u32, min: u32| match fields.get(index) {
        None => Ok(default),
        Some(t) => t.parse::<u32>().ok().filter(|&n| n >= min).ok_or_else(|| {
            error(
                field,
                format!("{} is not a whole number of at least {min}", quoted(t)),
            )
        }),
    };
    Ok(FsfFen {
        board: fields[0],
        side_to_move,
        no_progress_plies: number(4, PositionField::NoProgressPlies, 0, 0)?,
        move_number: number(5, PositionField::MoveNumber, 1, 1)?,
    })
}

/// Writes a Fairy-Stockfish FEN: `<board> <w|b> - - <plies> <move number>`.
pub fn join_fsf_fen(board: &str, side_to_move: Player, plies: u32, move_number: u32) -> String {
    let side = match side_to_move {
        Player::One => 'w',
        Player::Two => 'b',
    };
    format!("{board} {side} - - {plies} {move_number}")
}

/// Our position line (SPEC.md) for the fields of a Fairy-Stockfish FEN whose board is already
/// in our placement text.
pub fn our_line_from_fsf(fen: &FsfFen<'_>, board: &str) -> String {
    format!(
        "{board} {} {} {}",
        fen.side_to_move.number(),
        fen.no_progress_plies,
        fen.move_number
    )
}

/// A letter in the other case (digits, `/` and brackets unchanged): the placement of a game
/// whose Player 1 writes its pieces in lower case, as Fairy-Stockfish (white in capitals)
/// writes it, and back.
pub fn swap_case(c: char) -> char {
    if c.is_ascii_lowercase() {
        c.to_ascii_uppercase()
    } else {
        c.to_ascii_lowercase()
    }
}

/// Puts the original Fairy-Stockfish text back into an error raised while reading its
/// translation, so the user sees what they (or the engine) wrote.
pub fn fsf_error(mut error: PositionError, original: &str) -> PositionError {
    error.text = original.to_string();
    error.problem = format!("{} (read as a Fairy-Stockfish FEN)", error.problem);
    error
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_read_and_written() {
        let fen = split_fsf_fen("obsidian", "8/8/8/8/8/8/8/8 b - - 7 12").unwrap();
        assert_eq!(
            (
                fen.board,
                fen.side_to_move,
                fen.no_progress_plies,
                fen.move_number
            ),
            ("8/8/8/8/8/8/8/8", Player::Two, 7, 12)
        );
        let short = split_fsf_fen("obsidian", "8/8/8/8/8/8/8/8 w").unwrap();
        assert_eq!((short.no_progress_plies, short.move_number), (0, 1));
        assert_eq!(
            join_fsf_fen("8/8", Player::One, 3, 4),
            "8/8 w - - 3 4".to_string()
        );
        assert_eq!(our_line_from_fsf(&fen, "X"), "X 2 7 12");
    }

    #[test]
    fn errors_name_the_field() {
        let cases = [
            ("8/8", "1 fields"),
            ("8/8 x - - 0 1", "'x' is not a side"),
            ("8/8 w KQ - 0 1", "castling rights 'KQ'"),
            ("8/8 w - e3 0 1", "en-passant square 'e3'"),
            ("8/8 w - - x 1", "'x' is not a whole number"),
            ("8/8 w - - 0 0", "'0' is not a whole number of at least 1"),
            ("8/8 w - - 0 1 9", "7 fields"),
        ];
        for (text, expected) in cases {
            let err = split_fsf_fen("obsidian", text).unwrap_err().to_string();
            assert!(err.contains(expected), "{text}: {err}");
        }
    }
}
