//! Reading the keys of one table: unknown keys refused with the allowed ones listed, each
//! value checked for its type (and integers for their range), missing required keys named.

use super::error::RulesFileError;
use super::source::Place;
use super::tree::{Entry, Node, Table, Value};
use std::ops::RangeInclusive;

/// A table whose keys have been checked against the allowed ones, with its path for
/// messages (`pieces.rook`; `""` for the top level) and its place (for missing keys).
#[derive(Clone, Copy)]
pub(crate) struct Fields<'a> {
    pub table: &'a Table,
    pub path: &'a str,
    pub place: &'a Place,
}

/// `[path]` as messages name a table; "the top level" for the file's own keys.
pub(crate) fn table_name(path: &str) -> String {
    if path.is_empty() {
        "the top level".to_string()
    } else {
        format!("[{path}]")
    }
}

/// The dotted name of `key` in the table at `path` (`pieces.rook.moves`).
pub(crate) fn key_name(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

impl<'a> Fields<'a> {
    /// The table, refused if it has a key not in `allowed`.
    pub fn new(
        table: &'a Table,
        path: &'a str,
        place: &'a Place,
        allowed: &[&str],
    ) -> Result<Fields<'a>, RulesFileError> {
        if let Some(unknown) = table
            .entries
            .iter()
            .find(|e| !allowed.contains(&e.key.as_str()))
        {
            let where_ = if path.is_empty() {
                "at the top level".to_string()
            } else {
                format!("in [{path}]")
            };
            return Err(unknown.key_place.error(format!(
                "unknown key {} {where_}; allowed keys: {}",
                said(&unknown.key),
                allowed.join(", ")
            )));
        }
        Ok(Fields { table, path, place })
    }

    /// The entry for `key`, if present.
    pub fn entry(&self, key: &str) -> Option<&'a Entry> {
        self.table.get(key)
    }

    /// The entry for `key`, refused if missing; `what` says what it must be.
    pub fn required(&self, key: &str, what: &str) -> Result<&'a Entry, RulesFileError> {
        self.entry(key).ok_or_else(|| {
            self.place.error(format!(
                "{} has no key \"{key}\"; it is required ({what})",
                table_name(self.path)
            ))
        })
    }

    /// The error "`key` must be `what`, found …" for a value of the wrong type.
    pub fn wrong(&self, key: &str, node: &Node, what: &str) -> RulesFileError {
        node.place.error(format!(
            "{} must be {what}, found {}",
            key_name(self.path, key),
            node.value.kind()
        ))
    }

    /// A string value, if the key is present.
    pub fn string(&self, key: &str) -> Result<Option<(&'a str, &'a Node)>, RulesFileError> {
        let Some(entry) = self.entry(key) else {
            return Ok(None);
        };
        match &entry.node.value {
            Value::String(s) => Ok(Some((s.as_str(), &entry.node))),
            _ => Err(self.wrong(key, &entry.node, "a string")),
        }
    }

    /// A boolean value, or `default` when the key is absent.
    pub fn boolean(&self, key: &str, default: bool) -> Result<bool, RulesFileError> {
        match self.entry(key) {
            None => Ok(default),
            Some(entry) => match entry.node.value {
                Value::Boolean(b) => Ok(b),
                _ => Err(self.wrong(key, &entry.node, "true or false")),
            },
        }
    }

    /// An integer in `range`, if the key is present.
    pub fn integer(
        &self,
        key: &str,
        range: RangeInclusive<i64>,
    ) -> Result<Option<i64>, RulesFileError> {
        let Some(entry) = self.entry(key) else {
            return Ok(None);
        };
        integer_in(&entry.node, &key_name(self.path, key), range).map(Some)
    }

    /// A table value, checked against `allowed`, if the key is present.
    pub fn table(
        &self,
        key: &str,
        path: &'a str,
        allowed: &[&str],
    ) -> Result<Option<Fields<'a>>, RulesFileError> {
        let Some(entry) = self.entry(key) else {
            return Ok(None);
        };
        match &entry.node.value {
            Value::Table(t) => Fields::new(t, path, &entry.key_place, allowed).map(Some),
            _ => Err(self.wrong(key, &entry.node, "a table")),
        }
    }

    /// An array value, if the key is present.
    pub fn array(&self, key: &str) -> Result<Option<&'a [Node]>, RulesFileError> {
        let Some(entry) = self.entry(key) else {
            return Ok(None);
        };
        match &entry.node.value {
            Value::Array(items) => Ok(Some(items)),
            _ => Err(self.wrong(key, &entry.node, "an array")),
        }
    }

    /// An array of strings, if the key is present.
    pub fn strings(&self, key: &str) -> Result<Option<Vec<(&'a str, &'a Node)>>, RulesFileError> {
        let Some(items) = self.array(key)? else {
            return Ok(None);
        };
        items
            .iter()
            .map(|item| match &item.value {
                Value::String(s) => Ok((s.as_str(), item)),
                _ => Err(item.place.error(format!(
                    "{} must be an array of strings, found {} in it",
                    key_name(self.path, key),
                    item.value.kind()
                ))),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }
}

/// The integer of `node`, refused unless in `range`; `name` is the key's dotted name.
pub(crate) fn integer_in(
    node: &Node,
    name: &str,
    range: RangeInclusive<i64>,
) -> Result<i64, RulesFileError> {
    match node.value {
        Value::Integer(n) if range.contains(&n) => Ok(n),
        Value::Integer(n) => Err(node.place.error(format!(
            "{name} must be from {} to {}, found {n}",
            range.start(),
            range.end()
        ))),
        _ => Err(node.place.error(format!(
            "{name} must be an integer from {} to {}, found {}",
            range.start(),
            range.end(),
            node.value.kind()
        ))),
    }
}

/// A user's text as messages quote it: in double quotes, control characters escaped, cut
/// after [`QUOTED_CHARS`](boardlab_core::words::QUOTED_CHARS) characters with an ellipsis.
pub(crate) fn said(text: &str) -> String {
    let limit = boardlab_core::words::QUOTED_CHARS;
    let mut out = String::from("\"");
    for c in text.chars().take(limit) {
        if c.is_control() || c == '"' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if text.chars().nth(limit).is_some() {
        out.push('…');
    }
    out.push('"');
    out
}
