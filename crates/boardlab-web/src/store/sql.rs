//! SQL that reads the same on SQLite and PostgreSQL, run in one transaction of either: the
//! accounts, sessions, seeks and ratings are written once ([`super::accounts`],
//! [`super::seeks`], [`super::ratings`]) over this, where the games and jobs have a
//! backend's own SQL for speed.
//!
//! Placeholders are written `?1`, `?2`, … (SQLite's form; PostgreSQL's backend turns them into
//! `$1`, `$2`, …). Integers are 64-bit on both (`BIGINT` on PostgreSQL), reals are doubles.

use super::StoreResult;
use crate::stored::Value;

/// One parameter of a statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Param {
    /// SQL NULL, of any column's type.
    Null,
    /// A 64-bit whole number.
    Int(i64),
    /// A double.
    Real(f64),
    /// Text.
    Text(String),
}

impl From<i64> for Param {
    fn from(n: i64) -> Param {
        Param::Int(n)
    }
}

impl From<f64> for Param {
    fn from(x: f64) -> Param {
        Param::Real(x)
    }
}

impl From<&str> for Param {
    fn from(text: &str) -> Param {
        Param::Text(text.to_string())
    }
}

impl From<String> for Param {
    fn from(text: String) -> Param {
        Param::Text(text)
    }
}

impl From<bool> for Param {
    fn from(yes: bool) -> Param {
        Param::Int(i64::from(yes))
    }
}

impl<T: Into<Param>> From<Option<T>> for Param {
    fn from(value: Option<T>) -> Param {
        value.map_or(Param::Null, Into::into)
    }
}

/// The parameters of a statement, from anything that becomes a [`Param`].
#[macro_export]
#[doc(hidden)]
macro_rules! sql_params {
    ($($value:expr),* $(,)?) => {
        &[$($crate::store::sql::Param::from($value)),*]
    };
}
pub use sql_params as params;

/// A transaction of either database: statements run in it see each other's writes, and
/// all of them are kept or none.
pub trait Sql {
    /// The rows a query gives, each as its columns' values.
    fn rows(&mut self, sql: &str, params: &[Param]) -> StoreResult<Vec<Vec<Value>>>;

    /// Runs a statement; the number of rows it changed.
    fn execute(&mut self, sql: &str, params: &[Param]) -> StoreResult<u64>;
}

impl dyn Sql + '_ {
    /// The first row of a query, if it gives one.
    pub fn row(&mut self, sql: &str, params: &[Param]) -> StoreResult<Option<Vec<Value>>> {
        Ok(self.rows(sql, params)?.into_iter().next())
    }
}

/// The column types the portable tables use, written `{INT}` and `{REAL}` in their DDL:
/// what each backend calls them.
pub struct Types {
    /// A 64-bit whole number.
    pub int: &'static str,
    /// A double.
    pub real: &'static str,
}

impl Types {
    /// SQLite's names.
    pub const SQLITE: Types = Types {
        int: "INTEGER",
        real: "REAL",
    };
    /// PostgreSQL's names.
    pub const POSTGRES: Types = Types {
        int: "BIGINT",
        real: "DOUBLE PRECISION",
    };

    /// `ddl` with its `{INT}` and `{REAL}` in this backend's names.
    pub fn apply(&self, ddl: &str) -> String {
        ddl.replace("{INT}", self.int).replace("{REAL}", self.real)
    }
}

/// A statement with `?N` placeholders in PostgreSQL's `$N` form. No statement of the store
/// holds a `?` inside a quoted literal.
pub fn dollar_placeholders(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '?' && chars.peek().is_some_and(char::is_ascii_digit) {
            out.push('$');
        } else {
            out.push(c);
        }
    }
    out
}

/// Reading columns of a row by position, with an error naming what was expected.
pub trait RowExt {
    /// The text at `at` (NULL: an error).
    fn text(&self, at: usize) -> StoreResult<String>;
    /// The text at `at`, or `None` for NULL.
    fn text_or_null(&self, at: usize) -> StoreResult<Option<String>>;
    /// The whole number at `at`.
    fn int(&self, at: usize) -> StoreResult<i64>;
    /// The whole number at `at`, or `None` for NULL.
    fn int_or_null(&self, at: usize) -> StoreResult<Option<i64>>;
    /// The number at `at` (a whole number is taken as a real).
    fn real(&self, at: usize) -> StoreResult<f64>;
}

fn unexpected(at: usize, wanted: &str, value: Option<&Value>) -> super::StoreError {
    super::StoreError::Database(format!(
        "column {at} of a row holds {}, not {wanted}",
        value.map_or("nothing".to_string(), crate::stored::shown)
    ))
}

impl RowExt for [Value] {
    fn text(&self, at: usize) -> StoreResult<String> {
        self.text_or_null(at)?
            .ok_or_else(|| unexpected(at, "text", self.get(at)))
    }

    fn text_or_null(&self, at: usize) -> StoreResult<Option<String>> {
        match self.get(at) {
            Some(Value::Text(text)) => Ok(Some(text.clone())),
            Some(Value::Null) => Ok(None),
            other => Err(unexpected(at, "text", other)),
        }
    }

    fn int(&self, at: usize) -> StoreResult<i64> {
        self.int_or_null(at)?
            .ok_or_else(|| unexpected(at, "a whole number", self.get(at)))
    }

    fn int_or_null(&self, at: usize) -> StoreResult<Option<i64>> {
        match self.get(at) {
            Some(Value::Integer(n)) => Ok(Some(*n)),
            Some(Value::Null) => Ok(None),
            other => Err(unexpected(at, "a whole number", other)),
        }
    }

    fn real(&self, at: usize) -> StoreResult<f64> {
        match self.get(at) {
            Some(Value::Real(x)) => Ok(*x),
            Some(Value::Integer(n)) => Ok(*n as f64),
            other => Err(unexpected(at, "a number", other)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_become_dollars_and_nothing_else_changes() {
        assert_eq!(
            dollar_placeholders("SELECT a FROM t WHERE b = ?1 AND c = ?12 AND d <> '?'"),
            "SELECT a FROM t WHERE b = $1 AND c = $12 AND d <> '?'"
        );
    }

    #[test]
    fn types_name_each_backends_columns() {
        let ddl = "CREATE TABLE t (n {INT} NOT NULL, x {REAL})";
        assert_eq!(
            Types::POSTGRES.apply(ddl),
            "CREATE TABLE t (n BIGINT NOT NULL, x DOUBLE PRECISION)"
        );
        assert_eq!(
            Types::SQLITE.apply(ddl),
            "CREATE TABLE t (n INTEGER NOT NULL, x REAL)"
        );
    }

    #[test]
    fn rows_read_by_position_say_what_they_found() {
        let row = [Value::Text("a".into()), Value::Null, Value::Integer(3)];
        assert_eq!(row.text(0).unwrap(), "a");
        assert_eq!(row.text_or_null(1).unwrap(), None);
        assert_eq!(row.int(2).unwrap(), 3);
        assert_eq!(row.real(2).unwrap(), 3.0);
        let error = row.int(0).unwrap_err().to_string();
        assert!(
            error.contains("'a'") && error.contains("whole number"),
            "{error}"
        );
        assert!(row.text(7).is_err());
    }
}
