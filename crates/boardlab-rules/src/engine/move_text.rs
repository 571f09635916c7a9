//! Move text (SPEC.md, FORMAT.md): reading `e2e4`, `e7e8n`, `H@e5`, `c1e3c5` (also with `-`,
//! `x` and surrounding spaces, squares up to `p16`), checking the move is legal, and saying
//! why when it is not.

use super::bitset::BitSet;
use super::moves::{Coord, MoveShape, RulesMove, coord, write_square};
use super::position::RulesPosition;
use boardlab_core::text::describe_board;
use boardlab_core::words::{quoted, short_list};
use boardlab_core::{MoveError, Player};

/// A move text split into its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveParts {
    /// The letter before `@` of a drop, as typed.
    pub drop: Option<char>,
    /// The squares named, in order.
    pub squares: Vec<Coord>,
    /// A letter after the last square (a promotion's piece), as typed.
    pub suffix: Option<char>,
}

/// The most squares a move text may name.
const MAX_SQUARES: usize = 32;

/// Splits a move text on a `width` x `height` board. Ranks may take two digits (`a10`),
/// files are `a` to `p` in either case, and `-` or `x` may stand between squares.
pub fn split_move_text(text: &str, width: u8, height: u8) -> Result<MoveParts, String> {
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.is_empty() {
        return Err("the move is empty; write the squares run together, like e2e4".to_string());
    }
    let board = describe_board(width, height);
    let mut parts = MoveParts {
        drop: None,
        squares: Vec::new(),
        suffix: None,
    };
    let mut i = 0;
    if chars.len() >= 2 && chars[1] == '@' {
        if !chars[0].is_ascii_alphabetic() {
            return Err(format!("'{}' before '@' is not a piece letter", chars[0]));
        }
        parts.drop = Some(chars[0]);
        i = 2;
    }
    loop {
        let rest: String = chars[i.min(chars.len())..].iter().collect();
        let (Some(&file), Some(first)) =
            (chars.get(i), chars.get(i + 1).and_then(|d| d.to_digit(10)))
        else {
            return Err(if i >= chars.len() {
                "a square is missing at the end".to_string()
            } else {
                format!(
                    "expected a square (file letter and rank, on {board}) at {}",
                    quoted(&rest)
                )
            });
        };
        if !file.is_ascii_alphabetic() {
            return Err(format!(
                "expected a square (file letter and rank, on {board}) at {}",
                quoted(&rest)
            ));
        }
        let file_index = file.to_ascii_lowercase() as u32 - 'a' as u32;
        let mut rank = first;
        i += 2;
        if let Some(second) = chars.get(i).and_then(|d| d.to_digit(10))
            && rank * 10 + second <= height as u32
            && rank > 0
        {
            rank = rank * 10 + second;
            i += 1;
        }
        if file_index >= width as u32 || rank == 0 || rank > height as u32 {
            return Err(format!(
                "'{}{rank}' is not a square of {board}",
                file.to_ascii_lowercase()
            ));
        }
        if parts.squares.len() == MAX_SQUARES {
            return Err(format!("a move names at most {MAX_SQUARES} squares"));
        }
        parts.squares.push(coord(file_index as u8, rank as u8 - 1));
        match chars.get(i) {
            None => break,
            // A last `x` is a promotion's letter; elsewhere it stands between squares.
            Some('-') => i += 1,
            Some('x' | 'X') if i + 1 < chars.len() => i += 1,
            Some(c)
                if c.is_ascii_alphabetic()
                    && chars.get(i + 1).is_some_and(char::is_ascii_digit) => {}
            Some(&c) if c.is_ascii_alphabetic() && i + 1 == chars.len() => {
                parts.suffix = Some(c);
                break;
            }
            Some(&c) => return Err(format!("unexpected '{c}' after a square")),
        }
    }
    Ok(parts)
}

/// A coordinate as square text.
fn square(c: Coord) -> String {
    let mut text = String::new();
    let _ = write_square(&mut text, c);
    text
}

impl<B: BitSet> RulesPosition<B> {
    /// What `player` is called (the file's name for them).
    fn name(&self, player: Player) -> &str {
        &self.game().definition.players[player.index()]
    }

    /// Reads a move and checks that it is legal here.
    pub(crate) fn read_move(&self, text: &str) -> Result<RulesMove, MoveError> {
        let game = self.game();
        let id = game.id();
        let text = text.trim();
        let malformed = |problem: String| MoveError::Malformed {
            game: id,
            text: text.to_string(),
            problem,
        };
        let illegal = |reason: String| MoveError::Illegal {
            game: id,
            text: text.to_string(),
            reason,
        };
        let parts = split_move_text(text, game.width(), game.height()).map_err(malformed)?;
        let mut legal = boardlab_core::MoveList::new();
        self.generate(&mut legal);
        if let Some(letter) = parts.drop {
            if !game.has_drops() {
                return Err(malformed(
                    "this game has no drops; a move is squares, like e2e4".to_string(),
                ));
            }
            if parts.squares.len() != 1 || parts.suffix.is_some() {
                return Err(malformed(
                    "a drop names exactly one square, like H@e5".to_string(),
                ));
            }
            let Some(kind) = game.letters.piece_of(self.side, letter) else {
                return Err(malformed(format!(
                    "'{letter}' is not a piece of {}; the pieces are {}",
                    self.name(self.side),
                    game.letters.describe()
                )));
            };
            let to = parts.squares[0];
            let found = legal
                .iter()
                .copied()
                .find(|mv| mv.shape() == MoveShape::Drop { piece: kind, to });
            return found.ok_or_else(|| illegal(self.why_drop_illegal(kind, to)));
        }
        if parts.squares.len() < 2 {
            return Err(malformed(
                "a move names at least two squares (from and to, like e2e4) or is a drop like H@e5"
                    .to_string(),
            ));
        }
        let suffix_matches = |mv: &RulesMove| match (parts.suffix, mv.shape()) {
            (None, _) => mv.suffix().is_none(),
            (
                Some(typed),
                MoveShape::Step {
                    promotion: Some(kind),
                    ..
                },
            ) => game.letter(self.side, kind).eq_ignore_ascii_case(&typed),
            (Some(_), _) => false,
        };
        let starts = |mv: &&RulesMove| {
            let mut squares = mv.squares();
            parts.squares.iter().all(|&t| squares.next() == Some(t))
        };
        let prefixed: Vec<RulesMove> = legal.iter().filter(starts).copied().collect();
        let matching: Vec<RulesMove> = prefixed.iter().copied().filter(suffix_matches).collect();
        if let Some(&exact) = matching
            .iter()
            .find(|mv| mv.squares().count() == parts.squares.len())
        {
            return Ok(exact);
        }
        match matching.len() {
            1 => return Ok(matching[0]),
            0 => {}
            _ => {
                return Err(illegal(format!(
                    "the chain stops early: a chain must be completed; it can go on as {}",
                    short_list(&matching)
                )));
            }
        }
        if let Some(typed) = parts.suffix {
            if prefixed.is_empty() {
                return Err(illegal(self.why_illegal(&parts.squares, &legal)));
            }
            return Err(illegal(format!(
                "'{typed}' does not name a promotion of this move; the legal moves are {}",
                short_list(&prefixed)
            )));
        }
        if !prefixed.is_empty() {
            return Err(illegal(format!(
                "the move promotes: add the letter of the piece chosen, as in {}",
                short_list(&prefixed)
            )));
        }
        Err(illegal(self.why_illegal(&parts.squares, &legal)))
    }

    /// Why a drop of `kind` on `to` is not legal.
    fn why_drop_illegal(&self, kind: u8, to: Coord) -> String {
        if let Some(outcome) = self.decided(|| 1) {
            return format!("the game is over ({outcome})");
        }
        let us = self.side;
        let letter = self.game().letter(us, kind);
        if self.in_hand(us, kind) == 0 {
            return format!("{} has no {letter} in reserve", self.name(us));
        }
        match self.game().geometry.index_of(to) {
            Some(index) if self.occupied().has(index) => {
                format!(
                    "{} is occupied; a piece may be dropped only on an empty square",
                    square(to)
                )
            }
            Some(index) if !self.tables.board.has(index) => {
                format!("{} is missing from the board", square(to))
            }
            Some(index) if !self.tables.drop_zone[us.index()][kind as usize].has(index) => {
                format!(
                    "a {letter} may not be dropped on {}: it is outside the piece's drop zone",
                    square(to)
                )
            }
            _ => format!("{} is closed now", square(to)),
        }
    }

    /// Why no legal move goes along the squares `typed`.
    fn why_illegal(&self, typed: &[Coord], legal: &[RulesMove]) -> String {
        if let Some(outcome) = self.decided(|| legal.len() as u64) {
            return format!("the game is over ({outcome})");
        }
        let game = self.game();
        let us = self.side;
        let (from, to) = (typed[0], typed[1]);
        let index = |c: Coord| {
            game.geometry
                .index_of(c)
                .filter(|&i| self.tables.board.has(i))
        };
        let Some(from_index) = index(from) else {
            return format!("{} is missing from the board", square(from));
        };
        let Some((owner, kind)) = self.piece_on(from_index) else {
            return format!("there is no piece on {}", square(from));
        };
        if owner != us {
            return format!(
                "the piece on {} belongs to {}, and it is {}'s turn",
                square(from),
                self.name(owner),
                self.name(us)
            );
        }
        if from == to {
            return "a move must go to another square".to_string();
        }
        let to_index = index(to);
        if to_index.is_some_and(|i| self.occupied_by(us).has(i)) {
            return format!(
                "{} holds a piece of {}'s own; pieces capture only enemy pieces",
                square(to),
                self.name(us)
            );
        }
        let definition = &game.definition;
        let captures: Vec<RulesMove> = legal
            .iter()
            .copied()
            .filter(|mv| self.is_capture(*mv))
            .collect();
        if definition.captures.compulsory && !captures.is_empty() {
            return format!(
                "a capture is compulsory, so only captures are legal: {}",
                short_list(&captures)
            );
        }
        if let Some(required) = definition.captures.requires_on_board
            && to_index.is_some_and(|i| self.occupied_by(us.opponent()).has(i))
            && self.pieces(us, required as u8).is_empty()
        {
            return format!(
                "{} may not capture until their {} is on the board",
                self.name(us),
                game.letter(us, required as u8)
            );
        }
        let piece = &definition.pieces[kind as usize];
        let destination = typed.last().copied().map(square).unwrap_or_default();
        format!(
            "the {} ({}) on {} cannot reach {destination}; it moves as {}",
            piece.name,
            game.letter(us, kind),
            square(from),
            if piece.betza.is_empty() {
                "its jumps"
            } else {
                &piece.betza
            }
        )
    }

    /// Whether a legal move captures (by moving onto an enemy, or by jumping).
    pub(crate) fn is_capture(&self, mv: RulesMove) -> bool {
        match mv.shape() {
            MoveShape::Step { to, jump, .. } => {
                jump || self
                    .game()
                    .geometry
                    .index_of(to)
                    .is_some_and(|i| self.occupied_by(self.side.opponent()).has(i))
            }
            MoveShape::Chain { .. } => true,
            MoveShape::Drop { .. } => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_squares_up_to_p16() {
        let parts = split_move_text(" p16-a10 ", 16, 16).unwrap();
        assert_eq!(parts.squares, vec![coord(15, 15), coord(0, 9)]);
        let parts = split_move_text("c1xe3xc5", 6, 6).unwrap();
        assert_eq!(parts.squares.len(), 3);
        let parts = split_move_text("h@E5", 9, 9).unwrap();
        assert_eq!((parts.drop, parts.squares.len()), (Some('h'), 1));
        let parts = split_move_text("e7e8N", 8, 8).unwrap();
        assert_eq!(parts.suffix, Some('N'));
        let parts = split_move_text("e7xe8x", 8, 8).unwrap();
        assert_eq!((parts.squares.len(), parts.suffix), (2, Some('x')));
        assert!(split_move_text("a9a1", 8, 8).unwrap_err().contains("'a9'"));
        assert!(split_move_text("", 8, 8).unwrap_err().contains("empty"));
        assert!(
            split_move_text("e2-", 8, 8)
                .unwrap_err()
                .contains("missing")
        );
        assert!(
            split_move_text("e2??", 8, 8)
                .unwrap_err()
                .contains("unexpected")
        );
        assert!(split_move_text("ä1a2", 8, 8).is_err());
    }
}
