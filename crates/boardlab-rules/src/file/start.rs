//! `start`: the start position's placement (top rank first, as SPEC.md, with numbers of two
//! digits on wide boards) and, in games with drops, the reserves in brackets.

use super::error::RulesFileError;
use super::tree::Node;
use crate::definition::{Board, Piece};
use boardlab_core::count;

/// The most pieces of one kind one side may hold in reserve.
pub const MAX_RESERVE: u32 = 255;

/// Checks the start text against the board and the pieces; `drops` says whether the game
/// has reserves.
pub(crate) fn check(
    text: &str,
    node: &Node,
    board: &Board,
    pieces: &[Piece],
    drops: bool,
) -> Result<(), RulesFileError> {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize, problem: String| {
        node.place
            .inside_string(text, i)
            .error(format!("start: {problem}"))
    };
    let letters: Vec<String> = pieces
        .iter()
        .flat_map(|p| p.letters)
        .map(String::from)
        .collect();
    let letters = letters.join(" ");
    let mut has_piece = [false; 2];
    let side_of = |c: char| {
        pieces
            .iter()
            .find_map(|p| p.letters.iter().position(|&l| l == c))
    };
    if let Some(i) = chars.iter().position(|c| c.is_whitespace()) {
        return Err(at(i, "the start is the placement (and reserves in brackets) alone, with no side to move or counters; `first` says who moves first".to_string()));
    }
    let end = chars.iter().position(|&c| c == '[').unwrap_or(chars.len());
    let (width, height) = (usize::from(board.width), usize::from(board.height));
    let mut rank_start = 0;
    for row in 0..height {
        let rank = height - 1 - row;
        let mut file: usize = 0;
        let mut i = rank_start;
        while i < end && chars[i] != '/' {
            let c = chars[i];
            if c.is_ascii_digit() {
                let from = i;
                let mut n: usize = 0;
                while i < end && chars[i].is_ascii_digit() {
                    n = n
                        .saturating_mul(10)
                        .saturating_add(chars[i] as usize - '0' as usize);
                    i += 1;
                }
                if n == 0 || chars[from] == '0' {
                    return Err(at(from, "a number of empty squares is from 1 to the board's width, without a leading 0".to_string()));
                }
                file = file.saturating_add(n);
                if file > width {
                    return Err(at(
                        from,
                        format!(
                            "rank {} has more than {} (board.width)",
                            rank + 1,
                            count(width as u64, "square", "squares")
                        ),
                    ));
                }
                continue;
            }
            let Some(side) = side_of(c) else {
                return Err(at(
                    i,
                    format!(
                        "{} is no piece's letter; letters: {letters}; digits count empty squares, / ends a rank",
                        super::betza::shown(c)
                    ),
                ));
            };
            if file >= width {
                return Err(at(
                    i,
                    format!(
                        "rank {} has more than {} (board.width)",
                        rank + 1,
                        count(width as u64, "square", "squares")
                    ),
                ));
            }
            if let Some(kind) = board
                .squares
                .get(rank * width + file)
                .and_then(|&k| board.kinds.get(usize::from(k)))
                && !kind.exists
            {
                return Err(at(
                    i,
                    format!(
                        "'{c}' stands on {}{}, a missing square (board.kinds.{} has exists = false)",
                        (b'a' + file as u8) as char,
                        rank + 1,
                        kind.letter
                    ),
                ));
            }
            has_piece[side] = true;
            file += 1;
            i += 1;
        }
        if file < width {
            return Err(at(
                i.min(chars.len().saturating_sub(1)),
                format!(
                    "rank {} has {} but board.width is {width}; fill it with letters and numbers of empty squares",
                    rank + 1,
                    count(file as u64, "square", "squares")
                ),
            ));
        }
        if row + 1 < height {
            if i >= end {
                return Err(at(
                    i.min(chars.len().saturating_sub(1)),
                    format!(
                        "the placement has {} but board.height is {height}; write one rank a line of text between /, top rank first",
                        count(row as u64 + 1, "rank", "ranks")
                    ),
                ));
            }
            rank_start = i + 1;
        } else if i < end {
            return Err(at(
                i,
                format!(
                    "the placement has more than {} (board.height); write one rank between each /, top rank first",
                    count(height as u64, "rank", "ranks")
                ),
            ));
        }
    }
    if end < chars.len() {
        reserves(&chars, end, drops, &side_of, &mut has_piece, &letters)
            .map_err(|(i, p)| at(i, p))?;
    }
    if let Some(side) = has_piece.iter().position(|&has| !has) {
        return Err(node.place.error(format!(
            "start: Player {} has no piece, on the board or in reserve; each side needs one",
            side + 1
        )));
    }
    Ok(())
}

/// Checks the reserves `[…]` that start at `open`; an error is `(index, problem)`.
fn reserves(
    chars: &[char],
    open: usize,
    drops: bool,
    side_of: &dyn Fn(char) -> Option<usize>,
    has_piece: &mut [bool; 2],
    letters: &str,
) -> Result<(), (usize, String)> {
    if !drops {
        return Err((
            open,
            "reserves in brackets need a [drops] table; a game without drops has no reserves"
                .to_string(),
        ));
    }
    let Some(close) = chars[open + 1..]
        .iter()
        .position(|&c| c == ']')
        .map(|p| p + open + 1)
    else {
        return Err((
            open,
            "the [ of the reserves is not closed with ]".to_string(),
        ));
    };
    if close + 1 < chars.len() {
        return Err((close + 1, "nothing may follow the reserves' ]".to_string()));
    }
    let mut totals: Vec<(char, u32)> = Vec::new();
    let mut i = open + 1;
    while i < close {
        let from = i;
        let mut n: u32 = 0;
        while i < close && chars[i].is_ascii_digit() {
            n = n
                .saturating_mul(10)
                .saturating_add(chars[i] as u32 - '0' as u32);
            i += 1;
        }
        let written = i > from;
        if written && (n == 0 || chars[from] == '0' || n > MAX_RESERVE) {
            return Err((
                from,
                format!("a count in the reserves is from 1 to {MAX_RESERVE}, without a leading 0"),
            ));
        }
        if i == close {
            return Err((
                from,
                "a count in the reserves needs a letter after it (2H)".to_string(),
            ));
        }
        let c = chars[i];
        let Some(side) = side_of(c) else {
            return Err((
                i,
                format!(
                    "{} in the reserves is no piece's letter; letters: {letters}; a letter may have a count before it (2H)",
                    super::betza::shown(c)
                ),
            ));
        };
        let n = if written { n } else { 1 };
        match totals.iter_mut().find(|(l, _)| *l == c) {
            Some((_, total)) => *total += n,
            None => totals.push((c, n)),
        }
        if totals.iter().any(|&(l, t)| l == c && t > MAX_RESERVE) {
            return Err((
                i,
                format!("more than {MAX_RESERVE} of '{c}' in the reserves"),
            ));
        }
        has_piece[side] = true;
        i += 1;
    }
    Ok(())
}
