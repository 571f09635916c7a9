//! Reading and writing the shared text forms of SPEC.md: squares, moves and position lines.

use crate::error::{PositionError, PositionField};
use crate::player::Player;
use crate::words::quoted;
use arrayvec::ArrayVec;
use std::fmt;

/// A square of a board of at most 9x9: file 0 is `a`, rank 0 is `1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// The file (column), 0 = `a`.
    pub file: u8,
    /// The rank (row), 0 = `1`.
    pub rank: u8,
}

impl Square {
    /// The square at a file and rank (both from 0).
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// The index of the square on a board `width` files wide, counted from a1 along the ranks.
    pub const fn index(self, width: u8) -> usize {
        self.rank as usize * width as usize + self.file as usize
    }

    /// The square with the given index on a board `width` files wide.
    pub const fn from_index(index: usize, width: u8) -> Square {
        Square {
            file: (index % width as usize) as u8,
            rank: (index / width as usize) as u8,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

/// The most squares a move text may name (a long capture chain).
pub const MAX_MOVE_SQUARES: usize = 32;

/// A move text split into its parts: `L@sq` drops, `sq sq …` moves, an optional suffix letter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The letter before `@` of a drop, as typed.
    pub drop: Option<char>,
    /// The squares named, in order.
    pub squares: ArrayVec<Square, MAX_MOVE_SQUARES>,
    /// A single letter after the last square (a promotion piece), as typed.
    pub suffix: Option<char>,
}

/// Splits a move text on a board of `width` x `height`: surrounding spaces and `-` or `x`
/// between squares are accepted. The error says what is wrong.
pub fn parse_move_text(text: &str, width: u8, height: u8) -> Result<MoveText, String> {
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.is_empty() {
        return Err("the move is empty; write the squares run together, like e2e4".to_string());
    }
    let mut out = MoveText {
        drop: None,
        squares: ArrayVec::new(),
        suffix: None,
    };
    let mut i = 0;
    if chars.len() >= 2 && chars[1] == '@' {
        if !chars[0].is_ascii_alphabetic() {
            return Err(format!("'{}' before '@' is not a piece letter", chars[0]));
        }
        out.drop = Some(chars[0]);
        i = 2;
    }
    let board = describe_board(width, height);
    loop {
        let Some(&c) = chars.get(i) else {
            return Err(if out.squares.is_empty() {
                "a square is missing after '@'".to_string()
            } else {
                "a square is missing after the separator".to_string()
            });
        };
        let digit = chars.get(i + 1).copied();
        // A file letter in either case: `C3C4` is `c3c4` (no board is wide enough for a
        // file `x`, so the separator `x` stays unambiguous).
        match (c.is_ascii_alphabetic(), digit.and_then(|d| d.to_digit(10))) {
            (true, Some(rank_digit)) => {
                let c = c.to_ascii_lowercase();
                let file = c as u8 - b'a';
                if file >= width || rank_digit == 0 || rank_digit > height as u32 {
                    return Err(format!("'{c}{rank_digit}' is not a square of {board}"));
                }
                if out.squares.is_full() {
                    return Err(format!("a move names at most {MAX_MOVE_SQUARES} squares"));
                }
                out.squares.push(Square::new(file, rank_digit as u8 - 1));
                i += 2;
            }
            _ => {
                return Err(format!(
                    "expected a square (file letter and rank digit, on {board}) at {}",
                    quoted(&chars[i..].iter().collect::<String>())
                ));
            }
        }
        match chars.get(i) {
            None => break,
            Some('-') | Some('x') | Some('X') => i += 1,
            Some(&c)
                if c.is_ascii_alphabetic()
                    && chars.get(i + 1).is_some_and(char::is_ascii_digit) => {}
            Some(&c) if c.is_ascii_alphabetic() && i + 1 == chars.len() => {
                out.suffix = Some(c);
                break;
            }
            Some(&c) => {
                return Err(format!(
                    "unexpected '{c}' after square {}",
                    out.squares.last().unwrap()
                ));
            }
        }
    }
    Ok(out)
}

/// "the 8x8 board (files a-h, ranks 1-8)": a board described for error messages.
pub fn describe_board(width: u8, height: u8) -> String {
    format!(
        "the {width}x{height} board (files a-{}, ranks 1-{height})",
        (b'a' + width - 1) as char
    )
}

/// The largest value of a position's counters (no-progress plies, move number) that a
/// position line may hold; playing on keeps them there (see [`next_counter`]).
pub const MAX_COUNTER: u32 = 1_000_000;

/// A counter one step on, stopping at [`MAX_COUNTER`], so that every position reached by
/// play can be written and read back.
#[inline]
pub fn next_counter(value: u32) -> u32 {
    value.saturating_add(1).min(MAX_COUNTER)
}

/// The fields of a position line: placement, optional reserves, side to move and counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionText<'a> {
    /// The placement, ranks from the top separated by `/`.
    pub placement: &'a str,
    /// What stood between `[` and `]` right after the placement, if anything did.
    pub reserves: Option<&'a str>,
    /// The side to move.
    pub side_to_move: Player,
    /// Plies without progress (default 0).
    pub no_progress_plies: u32,
    /// The move number (default 1).
    pub move_number: u32,
}

/// Splits a position line into its fields, checking the side to move and the counters.
pub fn split_position_text<'a>(
    game: &'static str,
    text: &'a str,
) -> Result<PositionText<'a>, PositionError> {
    let error = |field, problem: String| PositionError {
        game,
        text: text.to_string(),
        field,
        problem,
    };
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return Err(error(
            PositionField::Whole,
            "the position is empty".to_string(),
        ));
    }
    if fields.len() == 1 {
        return Err(error(
            PositionField::SideToMove,
            "missing; a position is '<placement> <side to move 1 or 2> [<no-progress plies> <move number>]'"
                .to_string(),
        ));
    }
    if fields.len() > 4 {
        return Err(error(
            PositionField::Whole,
            format!(
                "{} fields, at most 4 allowed: '<placement> <side to move> [<no-progress plies> <move number>]'",
                fields.len()
            ),
        ));
    }
    let (placement, reserves) = match fields[0].find('[') {
        None => (fields[0], None),
        Some(open) => {
            let rest = &fields[0][open + 1..];
            match rest.strip_suffix(']') {
                Some(inner) if !inner.contains(['[', ']']) => (&fields[0][..open], Some(inner)),
                _ => {
                    return Err(error(
                        PositionField::Reserves,
                        "reserves must be one bracketed group right after the placement, like [2H3h]".to_string(),
                    ));
                }
            }
        }
    };
    if fields[0].contains(']') && reserves.is_none() {
        return Err(error(
            PositionField::Reserves,
            "']' without '['".to_string(),
        ));
    }
    let side_to_move = match fields[1] {
        "1" => Player::One,
        "2" => Player::Two,
        other => {
            return Err(error(
                PositionField::SideToMove,
                format!("{} is not a player; use 1 or 2", quoted(other)),
            ));
        }
    };
    let number = |index: usize, field, default: u32, min: u32| match fields.get(index) {
        None => Ok(default),
        Some(t) => match t.parse::<u32>() {
            Ok(n) if n >= min && n <= MAX_COUNTER => Ok(n),
            _ => Err(error(
                field,
                format!(
                    "{} is not a whole number from {min} to {MAX_COUNTER}",
                    quoted(t)
                ),
            )),
        },
    };
    let no_progress_plies = number(2, PositionField::NoProgressPlies, 0, 0)?;
    let move_number = number(3, PositionField::MoveNumber, 1, 1)?;
    Ok(PositionText {
        placement,
        reserves,
        side_to_move,
        no_progress_plies,
        move_number,
    })
}

/// Reads a placement of `height` ranks of `width` squares each, from the top rank down.
/// `piece_ok` says which letters are pieces of this game; `allowed` names them for errors.
/// Returns each piece with its square.
pub fn parse_placement(
    game: &'static str,
    text: &str,
    placement: &str,
    width: u8,
    height: u8,
    piece_ok: impl Fn(char) -> bool,
    allowed: &str,
) -> Result<Vec<(Square, char)>, PositionError> {
    let error = |problem: String| PositionError {
        game,
        text: text.to_string(),
        field: PositionField::Placement,
        problem,
    };
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != height as usize {
        return Err(error(format!(
            "{} ranks, expected {height} separated by '/'",
            ranks.len()
        )));
    }
    let mut pieces = Vec::new();
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = height - 1 - row as u8;
        let mut file: u32 = 0;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(error(format!(
                        "rank {}: '0' is not a count of empty squares",
                        rank + 1
                    )));
                }
                file = file.saturating_add(d);
            } else if piece_ok(c) {
                if file < width as u32 {
                    pieces.push((Square::new(file as u8, rank), c));
                }
                file = file.saturating_add(1);
            } else {
                return Err(error(format!(
                    "rank {}: '{c}' is not a piece; allowed are {allowed} and digits for empty squares",
                    rank + 1
                )));
            }
        }
        if file != width as u32 {
            return Err(error(format!(
                "rank {} {} has {file} squares, expected {width}",
                rank + 1,
                quoted(rank_text)
            )));
        }
    }
    Ok(pieces)
}

/// Writes a placement: ranks from the top down, runs of empty squares as digits.
pub fn format_placement(
    width: u8,
    height: u8,
    piece_at: impl Fn(Square) -> Option<char>,
) -> String {
    let mut out = String::new();
    for rank in (0..height).rev() {
        let mut empty = 0;
        for file in 0..width {
            match piece_at(Square::new(file, rank)) {
                Some(c) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Writes a position line (SPEC.md): the placement read off `position`, the reserves in
/// brackets when given, the side to move, the no-progress plies and `move_number`.
pub fn format_position_line<P: crate::Position>(
    position: &P,
    reserves: Option<&str>,
    move_number: u32,
) -> String {
    let placement = format_placement(position.width(), position.height(), |sq| {
        position.piece_at(sq.file, sq.rank)
    });
    let reserves = reserves.map(|r| format!("[{r}]")).unwrap_or_default();
    format!(
        "{placement}{reserves} {} {} {move_number}",
        position.side_to_move().number(),
        position.no_progress_plies()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_text_accepts_separators_and_spaces() {
        let m = parse_move_text(" c1xe3-c5 ", 6, 6).unwrap();
        let squares: Vec<String> = m.squares.iter().map(|s| s.to_string()).collect();
        assert_eq!(squares, ["c1", "e3", "c5"]);
        assert_eq!(m.drop, None);
        assert_eq!(m.suffix, None);
    }

    #[test]
    fn move_text_reads_drops_and_suffixes() {
        let m = parse_move_text("H@e5", 9, 9).unwrap();
        assert_eq!(m.drop, Some('H'));
        assert_eq!(m.squares.as_slice(), &[Square::new(4, 4)]);
        let m = parse_move_text("e7e8e", 8, 8).unwrap();
        assert_eq!(m.suffix, Some('e'));
        assert_eq!(m.squares.len(), 2);
    }

    #[test]
    fn move_text_errors_name_the_problem() {
        assert!(parse_move_text("", 8, 8).unwrap_err().contains("empty"));
        assert!(
            parse_move_text("i1a1", 8, 8)
                .unwrap_err()
                .contains("'i1' is not a square")
        );
        assert!(parse_move_text("a9a1", 8, 8).unwrap_err().contains("'a9'"));
        assert!(
            parse_move_text("e2e", 8, 8).is_ok(),
            "a lone trailing letter is a suffix"
        );
        assert!(
            parse_move_text("e2-", 8, 8)
                .unwrap_err()
                .contains("missing")
        );
        assert!(
            parse_move_text("e2??", 8, 8)
                .unwrap_err()
                .contains("unexpected '?'")
        );
    }

    #[test]
    fn position_text_fields() {
        let p = split_position_text("t", "4/4[2H] 2 7 30").unwrap();
        assert_eq!(p.placement, "4/4");
        assert_eq!(p.reserves, Some("2H"));
        assert_eq!(p.side_to_move, Player::Two);
        assert_eq!((p.no_progress_plies, p.move_number), (7, 30));
        let p = split_position_text("t", "4/4 1").unwrap();
        assert_eq!((p.no_progress_plies, p.move_number), (0, 1));
        assert_eq!(
            split_position_text("t", "4/4").unwrap_err().field,
            PositionField::SideToMove
        );
        assert_eq!(
            split_position_text("t", "4/4 3").unwrap_err().field,
            PositionField::SideToMove
        );
        assert_eq!(
            split_position_text("t", "4/4 1 x").unwrap_err().field,
            PositionField::NoProgressPlies
        );
        assert_eq!(
            split_position_text("t", "4/4 1 0 0").unwrap_err().field,
            PositionField::MoveNumber
        );
        assert_eq!(
            split_position_text("t", "4/4[ 1").unwrap_err().field,
            PositionField::Reserves
        );
    }

    #[test]
    fn placement_round_trip() {
        let pieces = parse_placement(
            "t",
            "",
            "a2B/4/1c1d",
            4,
            3,
            |c| c.is_ascii_alphabetic(),
            "letters",
        )
        .unwrap();
        assert_eq!(pieces.len(), 4);
        let text = format_placement(4, 3, |sq| {
            pieces.iter().find(|(s, _)| *s == sq).map(|(_, c)| *c)
        });
        assert_eq!(text, "a2B/4/1c1d");
        let err = parse_placement("t", "", "a2B/5/1c1d", 4, 3, |_| true, "x").unwrap_err();
        assert!(err.problem.contains("rank 2"), "{}", err.problem);
        let err = parse_placement("t", "", "a2B/4", 4, 3, |_| true, "x").unwrap_err();
        assert!(err.problem.contains("2 ranks"), "{}", err.problem);
        let err = parse_placement("t", "", "a2z/4/4", 4, 3, |c| c == 'a', "a").unwrap_err();
        assert!(
            err.problem.contains("'z' is not a piece"),
            "{}",
            err.problem
        );
    }
}
