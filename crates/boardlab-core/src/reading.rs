//! What every game's position and move readers share: splitting the text into its parts,
//! the checks that are the same in every game, and errors that quote what was read.
//!
//! A game's `parse_position` starts with a [`PositionReader`] and its `parse_move` with a
//! [`MoveReader`]; what follows is the game's own rules.
//!
//! ```
//! use boardlab_core::reading::MoveReader;
//!
//! let read = MoveReader::new("sprint", " a1-b2 ", 6, 6).unwrap();
//! assert_eq!(read.text(), "a1-b2");
//! assert_eq!(read.squares(2..=2, "a move is two squares").unwrap().len(), 2);
//!
//! let drop = MoveReader::new("sprint", "H@b2", 6, 6).unwrap();
//! let error = drop.refuse_drop("Sprint", "a move is squares, like a1b2").unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "malformed move 'H@b2' in sprint: Sprint has no drops; a move is squares, like a1b2"
//! );
//! ```

use crate::text::{self, MoveText, PositionText, Square};
use crate::{MoveError, Player, Position, PositionError, PositionField};
use std::ops::RangeInclusive;

/// A position line being read for one game: its fields, and errors that quote the line.
#[derive(Clone, Debug)]
pub struct PositionReader<'a> {
    game: &'static str,
    text: &'a str,
    /// The fields of the line: placement, reserves, side to move and counters.
    pub fields: PositionText<'a>,
}

impl<'a> PositionReader<'a> {
    /// Splits `text` into its fields (SPEC.md), checking the side to move and the counters.
    pub fn new(game: &'static str, text: &'a str) -> Result<Self, PositionError> {
        Ok(PositionReader {
            game,
            text,
            fields: text::split_position_text(game, text)?,
        })
    }

    /// An error in `field` of this line.
    pub fn error(&self, field: PositionField, problem: impl Into<String>) -> PositionError {
        PositionError {
            game: self.game,
            text: self.text.to_string(),
            field,
            problem: problem.into(),
        }
    }

    /// Refuses a line with reserves, for a game that has none (`title` names the game).
    pub fn refuse_reserves(&self, title: &str) -> Result<(), PositionError> {
        match self.fields.reserves {
            Some(_) => Err(self.error(
                PositionField::Reserves,
                format!("{title} has no reserves; remove the brackets"),
            )),
            None => Ok(()),
        }
    }

    /// The pieces of the placement on a `width` x `height` board, each with its square:
    /// `piece_ok` says which letters are pieces of this game; `allowed` names them for
    /// errors.
    pub fn placement(
        &self,
        width: u8,
        height: u8,
        piece_ok: impl Fn(char) -> bool,
        allowed: &str,
    ) -> Result<Vec<(Square, char)>, PositionError> {
        text::parse_placement(
            self.game,
            self.text,
            self.fields.placement,
            width,
            height,
            piece_ok,
            allowed,
        )
    }
}

/// A move text being read for one game: its parts, and errors that quote it.
#[derive(Clone, Debug)]
pub struct MoveReader<'a> {
    game: &'static str,
    text: &'a str,
    /// What the text names: a drop letter, squares, a suffix letter.
    pub parts: MoveText,
}

impl<'a> MoveReader<'a> {
    /// Splits `text` (surrounding spaces removed) on a `width` x `height` board; a text that
    /// is not squares, separators and letters in the places of SPEC.md is malformed.
    pub fn new(
        game: &'static str,
        text: &'a str,
        width: u8,
        height: u8,
    ) -> Result<Self, MoveError> {
        let text = text.trim();
        match text::parse_move_text(text, width, height) {
            Ok(parts) => Ok(MoveReader { game, text, parts }),
            Err(problem) => Err(MoveError::Malformed {
                game,
                text: text.to_string(),
                problem,
            }),
        }
    }

    /// The text as read, without surrounding spaces.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The error for a text that is not a move of this game's notation.
    pub fn malformed(&self, problem: impl Into<String>) -> MoveError {
        MoveError::Malformed {
            game: self.game,
            text: self.text.to_string(),
            problem: problem.into(),
        }
    }

    /// The error for a well-formed move that the rules do not allow here.
    pub fn illegal(&self, reason: impl Into<String>) -> MoveError {
        MoveError::Illegal {
            game: self.game,
            text: self.text.to_string(),
            reason: reason.into(),
        }
    }

    /// Refuses a drop, in a game that has none (`title` names the game; `form` says how a
    /// move of the game is written).
    pub fn refuse_drop(&self, title: &str, form: &str) -> Result<(), MoveError> {
        match self.parts.drop {
            Some(_) => Err(self.malformed(format!("{title} has no drops; {form}"))),
            None => Ok(()),
        }
    }

    /// Refuses a letter after the last square unless `allowed` accepts it.
    pub fn refuse_suffix(
        &self,
        allowed: impl Fn(char) -> bool,
        form: &str,
    ) -> Result<(), MoveError> {
        match self.parts.suffix {
            Some(suffix) if !allowed(suffix) => Err(self.malformed(format!(
                "unexpected '{suffix}' after the last square; {form}"
            ))),
            _ => Ok(()),
        }
    }

    /// The squares named, when there are as many as `counts` allows.
    pub fn squares(
        &self,
        counts: RangeInclusive<usize>,
        form: &str,
    ) -> Result<&[Square], MoveError> {
        let squares = &self.parts.squares;
        if counts.contains(&squares.len()) {
            Ok(squares)
        } else {
            Err(self.malformed(format!("{} square(s) given; {form}", squares.len())))
        }
    }
}

/// Why no move of the side to move goes from `from` to `to`, when the reason is one that
/// every game gives in the same words, in the order a player looks: the game is over, no
/// piece stands on `from` (`owner` is `None`; `empty_hint` is added to that message), the
/// piece there is the opponent's, or `from` is `to`. `None` when the reason lies in the
/// game's own rules.
pub fn common_illegal_reason<P: Position>(
    position: &P,
    from: Square,
    to: Square,
    owner: Option<Player>,
    empty_hint: &str,
) -> Option<String> {
    if let Some(outcome) = position.outcome() {
        return Some(format!("the game is over ({outcome})"));
    }
    let us = position.side_to_move();
    match owner {
        None => Some(format!("there is no piece on {from}{empty_hint}")),
        Some(owner) if owner != us => Some(format!(
            "the piece on {from} belongs to {}, and it is {}'s turn",
            position.player_name(owner),
            position.player_name(us)
        )),
        Some(_) if from == to => Some("a move must go to another square".to_string()),
        Some(_) => None,
    }
}
