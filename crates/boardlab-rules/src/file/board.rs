//! `[board]`: the size, and the rows of square kinds with a `[board.kinds.X]` table for each
//! letter used.

use super::error::RulesFileError;
use super::fields::{Fields, said};
use super::top::check_line;
use super::tree::Value;
use crate::definition::{Board, MAX_SIDE, Opening, SquareKind};

pub(crate) const BOARD_KEYS: [&str; 4] = ["width", "height", "rows", "kinds"];
const KIND_KEYS: [&str; 3] = ["name", "open", "exists"];

/// The board of the `[board]` table.
pub(crate) fn read(board: &Fields<'_>) -> Result<Board, RulesFileError> {
    let side = |key: &str| -> Result<u8, RulesFileError> {
        let what = format!("an integer from 1 to {MAX_SIDE}");
        board.required(key, &what)?;
        Ok(board.integer(key, 1..=i64::from(MAX_SIDE))?.unwrap_or(1) as u8)
    };
    let width = side("width")?;
    let height = side("height")?;
    let kinds = read_kinds(board)?;
    let Some(rows) = board.strings("rows")? else {
        if let Some(entry) = board.entry("kinds") {
            return Err(entry.key_place.error(
                "[board.kinds] needs board.rows, the square kinds drawn rank by rank (top rank first, one letter a square)",
            ));
        }
        return Ok(Board {
            width,
            height,
            squares: Vec::new(),
            kinds: Vec::new(),
        });
    };
    if rows.len() != usize::from(height) {
        let place = board.entry("rows").map_or(board.place, |e| &e.node.place);
        return Err(place.error(format!(
            "board.rows has {} rows but board.height is {height}; write one row a rank, top rank first",
            rows.len()
        )));
    }
    let mut squares = vec![0u8; usize::from(width) * usize::from(height)];
    let mut used = vec![false; kinds.len()];
    for (row_index, (row, node)) in rows.iter().enumerate() {
        let count = row.chars().count();
        if count != usize::from(width) {
            return Err(node.place.error(format!(
                "row {} of board.rows has {count} squares but board.width is {width}; one letter a square",
                row_index + 1
            )));
        }
        let rank = usize::from(height) - 1 - row_index;
        for (file, c) in row.chars().enumerate() {
            let Some(kind) = kinds.iter().position(|k| k.letter == c) else {
                let known: Vec<String> = kinds.iter().map(|k| k.letter.to_string()).collect();
                let problem = if c.is_ascii_alphabetic() {
                    format!(
                        "'{c}' in board.rows has no [board.kinds.{c}] table; each letter of the rows needs one (kinds: {})",
                        if known.is_empty() {
                            "none".to_string()
                        } else {
                            known.join(", ")
                        }
                    )
                } else {
                    format!(
                        "{} in board.rows is not a letter; a square kind is one ASCII letter with a [board.kinds.LETTER] table",
                        super::betza::shown(c)
                    )
                };
                return Err(node.place.inside_string(row, file).error(problem));
            };
            used[kind] = true;
            squares[rank * usize::from(width) + file] = kind as u8;
        }
    }
    if let Some(unused) = kinds.iter().zip(&used).position(|(_, &u)| !u) {
        let letter = kinds[unused].letter;
        let place = board
            .entry("kinds")
            .and_then(|k| match &k.node.value {
                Value::Table(t) => t.get(&letter.to_string()).map(|e| e.key_place.clone()),
                _ => None,
            })
            .unwrap_or_else(|| board.place.clone());
        return Err(place.error(format!(
            "[board.kinds.{letter}] is not used in board.rows; remove it or draw its squares"
        )));
    }
    Ok(Board {
        width,
        height,
        squares,
        kinds,
    })
}

/// The kinds of `[board.kinds]`, in file order.
fn read_kinds(board: &Fields<'_>) -> Result<Vec<SquareKind>, RulesFileError> {
    let Some(entry) = board.entry("kinds") else {
        return Ok(Vec::new());
    };
    let Value::Table(table) = &entry.node.value else {
        return Err(board.wrong(
            "kinds",
            &entry.node,
            "a table of square kinds ([board.kinds.R])",
        ));
    };
    let mut kinds = Vec::new();
    for kind in &table.entries {
        let mut letters = kind.key.chars();
        let letter = match (letters.next(), letters.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => c,
            _ => {
                return Err(kind.key_place.error(format!(
                    "square kind {} is not one ASCII letter; a kind is named by the letter its squares have in board.rows",
                    said(&kind.key)
                )));
            }
        };
        let Value::Table(t) = &kind.node.value else {
            return Err(kind.node.place.error(format!(
                "board.kinds.{letter} must be a table (name, open, exists), found {}",
                kind.node.value.kind()
            )));
        };
        let path = format!("board.kinds.{letter}");
        let fields = Fields::new(t, &path, &kind.key_place, &KIND_KEYS)?;
        let name = match fields.string("name")? {
            Some((name, node)) => {
                check_line(name, node, &format!("{path}.name"), 32)?;
                name.to_string()
            }
            None => letter.to_string(),
        };
        let open = match fields.string("open")? {
            None => Opening::Always,
            Some(("always", _)) => Opening::Always,
            Some(("even", _)) => Opening::Even,
            Some(("odd", _)) => Opening::Odd,
            Some((other, node)) => {
                return Err(node.place.error(format!(
                    "{path}.open must be \"always\", \"even\" or \"odd\" (the number of pieces on the board after the move), found {}",
                    said(other)
                )));
            }
        };
        let exists = fields.boolean("exists", true)?;
        if !exists && open != Opening::Always {
            let place = fields
                .entry("open")
                .map_or(&kind.key_place, |e| &e.node.place);
            return Err(place.error(format!(
                "{path} has exists = false, so it is never open; leave out open"
            )));
        }
        kinds.push(SquareKind {
            letter,
            name,
            exists,
            open,
        });
    }
    Ok(kinds)
}
