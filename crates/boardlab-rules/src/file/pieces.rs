//! `[pieces.NAME]`: each kind of piece, its letters, its Betza moves and jumps, and its
//! promotion.

use super::betza::{BetzaError, parse_jumps, parse_moves};
use super::error::RulesFileError;
use super::fields::{Fields, said};
use super::source::Place;
use super::tree::{Entry, Node, Table, Value};
use crate::definition::{MAX_PIECES, Piece, Promotion};

const PIECE_KEYS: [&str; 7] = [
    "letters",
    "moves",
    "jumps",
    "chain",
    "royal",
    "value",
    "promotion",
];
const PROMOTION_KEYS: [&str; 3] = ["ranks", "to", "compulsory"];

/// The largest `value` a piece may have (centipawns).
const MAX_VALUE: i64 = 100_000;

/// The pieces' names in file order: the index of a name is the piece's index.
pub(crate) struct Names(pub Vec<String>);

impl Names {
    /// The index of the piece called `name`, written at `node`; `what` names the key.
    pub fn index(&self, name: &str, node: &Node, what: &str) -> Result<usize, RulesFileError> {
        self.0.iter().position(|n| n == name).ok_or_else(|| {
            node.place.error(format!(
                "{what} names no piece: {}; pieces: {}",
                said(name),
                self.0.join(", ")
            ))
        })
    }

    /// The indices of the pieces an array of names (at `key` of `fields`) names, each once.
    pub fn indices(&self, fields: &Fields<'_>, key: &str) -> Result<Vec<usize>, RulesFileError> {
        let what = super::fields::key_name(fields.path, key);
        let mut out = Vec::new();
        for (name, node) in fields.strings(key)?.unwrap_or_default() {
            let index = self.index(name, node, &what)?;
            if out.contains(&index) {
                return Err(node
                    .place
                    .error(format!("{what} names {} twice", said(name))));
            }
            out.push(index);
        }
        Ok(out)
    }
}

/// Whether `name` is a piece name: a lowercase letter, then lowercase letters, digits, `_`
/// and `-`, at most 32 characters.
fn is_name(name: &str) -> bool {
    name.len() <= 32
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
}

/// The piece tables of `[pieces]`, checked for their number and names.
pub(crate) fn entries(pieces: &Entry) -> Result<(&Table, Names), RulesFileError> {
    let Value::Table(table) = &pieces.node.value else {
        return Err(pieces.node.place.error(format!(
            "pieces must be a table of pieces ([pieces.rook]), found {}",
            pieces.node.value.kind()
        )));
    };
    if table.entries.is_empty() {
        return Err(pieces.key_place.error(
            "[pieces] has no piece; define at least one ([pieces.NAME] with letters and moves)",
        ));
    }
    if let Some(extra) = table.entries.get(MAX_PIECES) {
        return Err(extra.key_place.error(format!(
            "more than {MAX_PIECES} pieces ({}); a game has at most {MAX_PIECES} kinds of piece",
            table.entries.len()
        )));
    }
    for entry in &table.entries {
        if !is_name(&entry.key) {
            return Err(entry.key_place.error(format!(
                "piece name {} is not allowed; a name is a lowercase letter, then lowercase letters, digits, '_' and '-', at most 32 characters",
                said(&entry.key)
            )));
        }
        if !matches!(entry.node.value, Value::Table(_)) {
            return Err(entry.node.place.error(format!(
                "pieces.{} must be a table (letters, moves, ...), found {}",
                entry.key,
                entry.node.value.kind()
            )));
        }
    }
    let names = Names(table.entries.iter().map(|e| e.key.clone()).collect());
    Ok((table, names))
}

/// Every piece, in file order; `height` bounds promotion zones.
pub(crate) fn read(table: &Table, names: &Names, height: u8) -> Result<Vec<Piece>, RulesFileError> {
    let mut pieces: Vec<Piece> = Vec::new();
    for (index, entry) in table.entries.iter().enumerate() {
        let Value::Table(t) = &entry.node.value else {
            continue;
        };
        let path = format!("pieces.{}", entry.key);
        let fields = Fields::new(t, &path, &entry.key_place, &PIECE_KEYS)?;
        let letters = letters(&fields, &pieces)?;
        let (betza, moves) = match fields.string("moves")? {
            Some((text, node)) => (
                text.to_string(),
                parse_moves(text).map_err(|e| betza_error(e, text, node, &path, "moves"))?,
            ),
            None => (String::new(), Vec::new()),
        };
        let jumps = match fields.string("jumps")? {
            Some((text, node)) => {
                parse_jumps(text).map_err(|e| betza_error(e, text, node, &path, "jumps"))?
            }
            None => Vec::new(),
        };
        if moves.is_empty() && jumps.is_empty() {
            return Err(entry.key_place.error(format!(
                "piece {} has no moves and no jumps, so it could never move; give it moves (Betza, like \"K\") or jumps (like \"fF\")",
                said(&entry.key)
            )));
        }
        let chain = fields.boolean("chain", false)?;
        if chain && jumps.is_empty() {
            let place = fields
                .entry("chain")
                .map_or(&entry.key_place, |e| &e.node.place);
            return Err(place.error(format!(
                "{path}.chain = true needs jumps: a chain is a series of jumps; give the piece jumps or leave out chain"
            )));
        }
        pieces.push(Piece {
            name: entry.key.clone(),
            letters,
            betza,
            moves,
            jumps,
            chain,
            royal: fields.boolean("royal", false)?,
            promotion: promotion(&fields, names, index, height)?,
            value: fields.integer("value", 0..=MAX_VALUE)?.map(|v| v as i32),
        });
    }
    Ok(pieces)
}

/// A Betza error placed at its character inside the string.
fn betza_error(e: BetzaError, text: &str, node: &Node, path: &str, key: &str) -> RulesFileError {
    node.place
        .inside_string(text, e.index)
        .error(format!("{path}.{key}: {}", e.problem))
}

/// The piece's two letters, each an ASCII letter no other piece (or side) uses.
fn letters(fields: &Fields<'_>, before: &[Piece]) -> Result<[char; 2], RulesFileError> {
    let path = fields.path;
    fields.required(
        "letters",
        "Player 1's letter and Player 2's, like [\"a\", \"A\"]",
    )?;
    let strings = fields.strings("letters")?.unwrap_or_default();
    let place = fields
        .entry("letters")
        .map_or(fields.place, |e| &e.node.place);
    if strings.len() != 2 {
        return Err(place.error(format!(
            "{path}.letters must be two letters, Player 1's and Player 2's (like [\"a\", \"A\"]), found {}",
            strings.len()
        )));
    }
    let mut out = [' '; 2];
    for (i, (text, node)) in strings.iter().enumerate() {
        let mut chars = text.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => c,
            _ => {
                return Err(node.place.error(format!(
                    "{path}.letters: {} is not one ASCII letter (a-z, A-Z); position text names pieces by letter",
                    said(text)
                )));
            }
        };
        let owner = before
            .iter()
            .find(|p| p.letters.contains(&letter))
            .map(|p| format!("piece {} has it already", said(&p.name)))
            .or_else(|| {
                (i == 1 && out[0] == letter).then(|| "this piece has it for Player 1".to_string())
            });
        if let Some(owner) = owner {
            return Err(node.place.error(format!(
                "letter '{letter}' is used twice: {owner}; every letter of a game is different (one letter a piece and side)"
            )));
        }
        out[i] = letter;
    }
    Ok(out)
}

/// The piece's promotion, if it has a `promotion` table.
fn promotion(
    fields: &Fields<'_>,
    names: &Names,
    own: usize,
    height: u8,
) -> Result<Option<Promotion>, RulesFileError> {
    let path = format!("{}.promotion", fields.path);
    let Some(p) = fields.table("promotion", &path, &PROMOTION_KEYS)? else {
        return Ok(None);
    };
    let ranks = p.integer("ranks", 1..=i64::from(height))?.unwrap_or(1) as u8;
    p.required(
        "to",
        "an array of the pieces it may become, like [\"queen\"]",
    )?;
    let to = names.indices(&p, "to")?;
    let to_place: &Place = p.entry("to").map_or(p.place, |e| &e.node.place);
    if to.is_empty() {
        return Err(to_place.error(format!(
            "{path}.to is empty; name the pieces it may become, like [\"queen\"]"
        )));
    }
    if let Some(at) = to.iter().position(|&i| i == own) {
        let strings = p.strings("to")?.unwrap_or_default();
        let place = strings.get(at).map_or(to_place, |(_, node)| &node.place);
        return Err(place.error(format!(
            "{path}.to names the piece itself; a piece promotes to other pieces"
        )));
    }
    Ok(Some(Promotion {
        ranks,
        to,
        compulsory: p.boolean("compulsory", true)?,
    }))
}
