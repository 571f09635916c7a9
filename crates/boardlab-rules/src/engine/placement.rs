//! The placement and reserves of position text (SPEC.md), for boards up to 16x16: runs of
//! empty squares may take two digits (`12`), squares may be missing (they count as empty).

use super::geometry::Geometry;
use super::letters::Letters;
use crate::definition::MAX_PIECES;
use boardlab_core::Player;
use boardlab_core::words::quoted;
use std::fmt::Write;

/// The pieces of a placement: square index, owner and piece.
pub type Placed = Vec<(u32, Player, u8)>;

/// Counts of each piece in each player's reserve, Player 1's first.
pub type Reserves = [[u8; MAX_PIECES]; 2];

/// Reads a placement: ranks from the top down separated by `/`, letters for pieces and
/// numbers for runs of empty squares.
pub fn parse_placement(
    geometry: &Geometry,
    letters: &Letters,
    text: &str,
) -> Result<Placed, String> {
    let ranks: Vec<&str> = text.split('/').collect();
    let height = geometry.height;
    if ranks.len() != height as usize {
        return Err(format!(
            "{} ranks, expected {height} separated by '/'",
            ranks.len()
        ));
    }
    let mut placed = Vec::new();
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = height - 1 - row as u8;
        let mut file: u32 = 0;
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(first) = c.to_digit(10) {
                if first == 0 {
                    return Err(format!(
                        "rank {}: a count of empty squares cannot start with '0'",
                        rank + 1
                    ));
                }
                let mut run = first;
                while let Some(digit) = chars.peek().and_then(|d| d.to_digit(10)) {
                    run = run.saturating_mul(10).saturating_add(digit);
                    chars.next();
                }
                file = file.saturating_add(run);
                continue;
            }
            let Some((player, kind)) = letters.piece(c) else {
                return Err(format!(
                    "rank {}: '{c}' is not a piece; allowed are {} and numbers for empty squares",
                    rank + 1,
                    letters.describe()
                ));
            };
            if file < geometry.width as u32 {
                let index = geometry.index(file as u8, rank);
                if !geometry.exists[index as usize] {
                    return Err(format!(
                        "'{c}' on {}{}: that square is missing from the board",
                        (b'a' + file as u8) as char,
                        rank + 1
                    ));
                }
                placed.push((index, player, kind));
            }
            file = file.saturating_add(1);
        }
        if file != geometry.width as u32 {
            return Err(format!(
                "rank {} {} has {file} squares, expected {}",
                rank + 1,
                quoted(rank_text),
                geometry.width
            ));
        }
    }
    Ok(placed)
}

/// Writes a placement: ranks from the top down, runs of empty (or missing) squares as numbers.
pub fn format_placement(geometry: &Geometry, piece_at: impl Fn(u32) -> Option<char>) -> String {
    let mut out = String::new();
    for rank in (0..geometry.height).rev() {
        let mut empty = 0;
        for file in 0..geometry.width {
            match piece_at(geometry.index(file, rank)) {
                Some(c) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Reads the text between the reserve brackets: letters, each optionally preceded by a count
/// (`2H`); repeated letters add up (`HH`).
pub fn parse_reserves(letters: &Letters, text: &str) -> Result<Reserves, String> {
    let mut counts = [[0u32; MAX_PIECES]; 2];
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        let mut count: u32 = 0;
        while let Some(digit) = chars.get(i).and_then(|c| c.to_digit(10)) {
            count = count.saturating_mul(10).saturating_add(digit);
            i += 1;
        }
        let digits: String = chars[start..i].iter().collect();
        let Some(&letter) = chars.get(i) else {
            return Err(format!(
                "the count {} at the end has no letter after it; write the count before the letter, like [2H3h]",
                quoted(&digits)
            ));
        };
        let Some((player, kind)) = letters.piece(letter) else {
            return Err(format!(
                "'{letter}' is not a piece; reserves hold {}, each optionally preceded by a count, like [2H3h]",
                letters.describe()
            ));
        };
        let count = if i > start { count } else { 1 };
        if count == 0 {
            return Err(format!(
                "the count {} before '{letter}' is zero; leave the letter out instead",
                quoted(&digits)
            ));
        }
        let slot = &mut counts[player.index()][kind as usize];
        *slot = slot.saturating_add(count);
        if *slot > u8::MAX as u32 {
            return Err(format!(
                "{} '{letter}' in reserve; a reserve holds at most {} of a piece",
                slot,
                u8::MAX
            ));
        }
        i += 1;
    }
    Ok(counts.map(|side| side.map(|n| n as u8)))
}

/// Writes both reserves: Player 1's letters first, pieces in the game's order, each count
/// above one before its letter (`ABC2D2E2F2G9Habc2d2e2f2g9h`).
pub fn format_reserves(letters: &Letters, reserves: &Reserves, pieces: usize) -> String {
    let mut out = String::new();
    for player in Player::BOTH {
        for (kind, &count) in reserves[player.index()].iter().enumerate().take(pieces) {
            let letter = letters.letter(player, kind as u8);
            match count {
                0 => {}
                1 => out.push(letter),
                n => {
                    let _ = write!(out, "{n}{letter}");
                }
            }
        }
    }
    out
}
