//! A TOML document as the reader works on it: every key and value with its [`Place`], tables
//! in the order the file writes them. Made from the toml crate's spanned parse of a file, or
//! from a plain [`toml::Table`] (a definition's source, which has no places); turned back into
//! a plain table for [`Definition::source`](crate::definition::Definition::source).

use super::error::RulesFileError;
use super::source::{Loc, Place, Source};
use std::sync::Arc;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// A value and where it is written.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub value: Value,
    pub place: Place,
}

/// A TOML value.
#[derive(Clone, Debug)]
pub(crate) enum Value {
    String(String),
    Integer(i64),
    Float(f64),
    Boolean(bool),
    Datetime(toml::value::Datetime),
    Array(Vec<Node>),
    Table(Table),
}

/// A table: its entries in file order, each key once.
#[derive(Clone, Debug, Default)]
pub(crate) struct Table {
    pub entries: Vec<Entry>,
}

/// One key of a table, where the key is written, and its value.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub key: String,
    pub key_place: Place,
    pub node: Node,
}

impl Value {
    /// The value's type in words, for "expected …, found …".
    pub fn kind(&self) -> &'static str {
        match self {
            Value::String(_) => "a string",
            Value::Integer(_) => "an integer",
            Value::Float(_) => "a float",
            Value::Boolean(_) => "a boolean",
            Value::Datetime(_) => "a date-time",
            Value::Array(_) => "an array",
            Value::Table(_) => "a table",
        }
    }
}

impl Table {
    /// The entry for `key`.
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.key == key)
    }

    /// The entry for `key`, to change.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Entry> {
        self.entries.iter_mut().find(|e| e.key == key)
    }

    /// Takes `key` out of the table.
    pub fn remove(&mut self, key: &str) -> Option<Entry> {
        let index = self.entries.iter().position(|e| e.key == key)?;
        Some(self.entries.remove(index))
    }

    /// Sets `key` (replacing its value where it has one, else adding it at the end).
    pub fn set(&mut self, entry: Entry) {
        match self.get_mut(&entry.key) {
            Some(old) => *old = entry,
            None => self.entries.push(entry),
        }
    }

    /// The plain TOML table, without places.
    pub fn to_toml(&self) -> toml::Table {
        self.entries
            .iter()
            .map(|e| (e.key.clone(), e.node.value.to_toml()))
            .collect()
    }

    /// A table from a plain TOML one; every place is `name`.
    pub fn from_toml(table: &toml::Table, name: &Arc<str>) -> Table {
        let place = Place::Named(name.clone());
        Table {
            entries: table
                .iter()
                .map(|(key, value)| Entry {
                    key: key.clone(),
                    key_place: place.clone(),
                    node: Node {
                        value: Value::from_toml(value, name),
                        place: place.clone(),
                    },
                })
                .collect(),
        }
    }
}

impl Value {
    fn to_toml(&self) -> toml::Value {
        match self {
            Value::String(s) => toml::Value::String(s.clone()),
            Value::Integer(i) => toml::Value::Integer(*i),
            Value::Float(f) => toml::Value::Float(*f),
            Value::Boolean(b) => toml::Value::Boolean(*b),
            Value::Datetime(d) => toml::Value::Datetime(*d),
            Value::Array(items) => {
                toml::Value::Array(items.iter().map(|n| n.value.to_toml()).collect())
            }
            Value::Table(t) => toml::Value::Table(t.to_toml()),
        }
    }

    fn from_toml(value: &toml::Value, name: &Arc<str>) -> Value {
        match value {
            toml::Value::String(s) => Value::String(s.clone()),
            toml::Value::Integer(i) => Value::Integer(*i),
            toml::Value::Float(f) => Value::Float(*f),
            toml::Value::Boolean(b) => Value::Boolean(*b),
            toml::Value::Datetime(d) => Value::Datetime(*d),
            toml::Value::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|v| Node {
                        value: Value::from_toml(v, name),
                        place: Place::Named(name.clone()),
                    })
                    .collect(),
            ),
            toml::Value::Table(t) => Value::Table(Table::from_toml(t, name)),
        }
    }
}

/// Parses a file's text into a table with places; a syntax error is placed where the toml
/// crate places it.
pub(crate) fn parse(source: &Arc<Source>) -> Result<Table, RulesFileError> {
    let document = DeTable::parse(&source.text).map_err(|e| {
        let start = e.span().map_or(0, |s| s.start);
        let message: String = e
            .message()
            .trim()
            .lines()
            .map(str::trim)
            .collect::<Vec<_>>()
            .join("; ");
        Loc {
            source: source.clone(),
            span: start..start,
        }
        .error(format!("TOML syntax error: {message}"))
    })?;
    table_of(document.into_inner(), source)
}

fn place(source: &Arc<Source>, span: std::ops::Range<usize>) -> Place {
    Place::In(Loc {
        source: source.clone(),
        span,
    })
}

fn table_of(table: DeTable<'_>, source: &Arc<Source>) -> Result<Table, RulesFileError> {
    let mut entries = Vec::with_capacity(table.len());
    for (key, value) in table {
        entries.push(Entry {
            key_place: place(source, key.span()),
            key: key.into_inner().into_owned(),
            node: node_of(value, source)?,
        });
    }
    entries.sort_by_key(|e| match &e.key_place {
        Place::In(loc) => loc.span.start,
        Place::Named(_) => 0,
    });
    Ok(Table { entries })
}

fn node_of(value: Spanned<DeValue<'_>>, source: &Arc<Source>) -> Result<Node, RulesFileError> {
    let place = place(source, value.span());
    let value = match value.into_inner() {
        DeValue::String(s) => Value::String(s.into_owned()),
        DeValue::Integer(i) => match i64::from_str_radix(i.as_str(), i.radix()) {
            Ok(n) => Value::Integer(n),
            Err(_) => {
                return Err(place.error(format!(
                    "the integer {i} is too large; integers are at most {}",
                    i64::MAX
                )));
            }
        },
        DeValue::Float(f) => Value::Float(f.as_str().parse().unwrap_or(f64::NAN)),
        DeValue::Boolean(b) => Value::Boolean(b),
        DeValue::Datetime(d) => Value::Datetime(d),
        DeValue::Array(items) => Value::Array(
            items
                .into_iter()
                .map(|item| node_of(item, source))
                .collect::<Result<_, _>>()?,
        ),
        DeValue::Table(t) => Value::Table(table_of(t, source)?),
    };
    Ok(Node { value, place })
}
