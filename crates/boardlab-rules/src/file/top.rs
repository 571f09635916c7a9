//! The file's own keys at the top level: `id`, `title`, `summary`, `players`, `first`.

use super::error::RulesFileError;
use super::fields::{Fields, key_name, said};
use super::tree::{Node, Value};
use crate::definition::FirstPlayer;

/// The keys allowed at the top level of a file.
pub(crate) const TOP_KEYS: [&str; 13] = [
    "id", "title", "summary", "extends", "players", "first", "start", "board", "pieces",
    "captures", "drops", "end", "options",
];

/// The longest id.
const MAX_ID: usize = 40;

/// Whether `id` is a game id: a lowercase letter, then lowercase letters, digits and `-`.
pub(crate) fn is_id(id: &str) -> bool {
    id.len() <= MAX_ID
        && id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// What an id may be, for messages.
pub(crate) const ID_FORM: &str =
    "an id is a lowercase letter, then lowercase letters, digits and '-', at most 40 characters";

/// The game's id: the `id` key, else `default` (from the file name).
pub(crate) fn id(top: &Fields<'_>, default: Option<&str>) -> Result<String, RulesFileError> {
    match top.string("id")? {
        Some((id, _)) if is_id(id) => Ok(id.to_string()),
        Some((id, node)) => Err(node
            .place
            .error(format!("id {} is not a game id; {ID_FORM}", said(id)))),
        None => match default {
            Some(name) if is_id(name) => Ok(name.to_string()),
            Some(name) => Err(top.place.error(format!(
                "the file has no id and its name {} is not one; add id = \"...\" ({ID_FORM})",
                said(name)
            ))),
            None => Err(top
                .place
                .error(format!("the file has no id; add id = \"...\" ({ID_FORM})"))),
        },
    }
}

/// A one-line text of 1 to `max` characters at `key`, if present.
pub(crate) fn line_of_text<'a>(
    fields: &Fields<'a>,
    key: &str,
    max: usize,
) -> Result<Option<&'a str>, RulesFileError> {
    let Some((text, node)) = fields.string(key)? else {
        return Ok(None);
    };
    check_line(text, node, &key_name(fields.path, key), max)?;
    Ok(Some(text))
}

/// Refuses `text` unless it is one line of 1 to `max` characters.
pub(crate) fn check_line(
    text: &str,
    node: &Node,
    name: &str,
    max: usize,
) -> Result<(), RulesFileError> {
    let count = text.chars().count();
    if count == 0 || text.trim().is_empty() {
        return Err(node
            .place
            .error(format!("{name} is empty; write some text")));
    }
    if count > max {
        return Err(node
            .place
            .error(format!("{name} has {count} characters; at most {max}")));
    }
    if let Some(i) = text.chars().position(char::is_control) {
        return Err(node.place.inside_string(text, i).error(format!(
            "{name} has a control character (a line break or tab); it is one line of text"
        )));
    }
    Ok(())
}

/// The players' names: `players`, else `Player 1`, `Player 2`.
pub(crate) fn players(top: &Fields<'_>) -> Result<[String; 2], RulesFileError> {
    let (Some(names), Some(entry)) = (top.strings("players")?, top.entry("players")) else {
        return Ok(["Player 1".to_string(), "Player 2".to_string()]);
    };
    let node = &entry.node;
    if names.len() != 2 {
        return Err(node.place.error(format!(
            "players must name exactly 2 players (Player 1's name first), found {}",
            names.len()
        )));
    }
    for (name, node) in &names {
        check_line(name, node, "a player's name", 40)?;
    }
    Ok([names[0].0.to_string(), names[1].0.to_string()])
}

/// Who moves first: `first` = 1, 2 or "random"; 1 when absent.
pub(crate) fn first(top: &Fields<'_>) -> Result<FirstPlayer, RulesFileError> {
    let Some(entry) = top.entry("first") else {
        return Ok(FirstPlayer::One);
    };
    match &entry.node.value {
        Value::Integer(1) => Ok(FirstPlayer::One),
        Value::Integer(2) => Ok(FirstPlayer::Two),
        Value::String(s) if s == "random" => Ok(FirstPlayer::Random),
        Value::Integer(n) => Err(entry
            .node
            .place
            .error(format!("first must be 1, 2 or \"random\", found {n}"))),
        Value::String(s) => Err(entry.node.place.error(format!(
            "first must be 1, 2 or \"random\", found {}",
            said(s)
        ))),
        other => Err(entry.node.place.error(format!(
            "first must be 1, 2 or \"random\", found {}",
            other.kind()
        ))),
    }
}
