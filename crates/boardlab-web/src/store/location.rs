//! Where the games are kept, as `--db` names it: an SQLite file, or a PostgreSQL database by
//! its URL.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// The database of a server (`--db`).
#[derive(Clone, PartialEq, Eq)]
pub enum Database {
    /// An SQLite file, created if missing; one server uses it at a time.
    File(PathBuf),
    /// A PostgreSQL database by its URL (`postgres://USER[:PASSWORD]@HOST[:PORT]/DB`, or any
    /// form libpq's URLs take, `?host=/run/postgresql` for a socket); several servers may
    /// share it.
    Postgres(String),
}

/// A `--db` value that starts like a PostgreSQL URL but is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{shown} is not a PostgreSQL URL that boardlab can use ({problem}); write \
     postgres://USER@HOST/DATABASE (PASSWORD, PORT and ?host=/socket/folder are optional), \
     or a file name for SQLite"
)]
pub struct DatabaseError {
    /// The value, with any password hidden.
    shown: String,
    /// What the URL parser said.
    problem: String,
}

/// The schemes of a PostgreSQL URL.
const POSTGRES_SCHEMES: [&str; 2] = ["postgres://", "postgresql://"];

impl FromStr for Database {
    type Err = DatabaseError;

    /// A PostgreSQL URL (checked here, so that a typo is said before anything starts) or
    /// else a file name.
    fn from_str(text: &str) -> Result<Database, DatabaseError> {
        if !POSTGRES_SCHEMES.iter().any(|scheme| {
            text.get(..scheme.len())
                .is_some_and(|s| s.eq_ignore_ascii_case(scheme))
        }) {
            return Ok(Database::File(PathBuf::from(text)));
        }
        let config = ::postgres::Config::from_str(text).map_err(|e| DatabaseError {
            shown: without_password(text),
            problem: e.to_string(),
        })?;
        if config.get_dbname().is_none() {
            return Err(DatabaseError {
                shown: without_password(text),
                problem: "it names no database".to_string(),
            });
        }
        Ok(Database::Postgres(text.to_string()))
    }
}

impl Database {
    /// The value `--db` takes for this database, password and all (for starting a server;
    /// what a log may show is [`Display`](fmt::Display)).
    pub fn argument(&self) -> std::ffi::OsString {
        match self {
            Database::File(path) => path.clone().into_os_string(),
            Database::Postgres(url) => url.into(),
        }
    }
}

impl From<PathBuf> for Database {
    fn from(path: PathBuf) -> Database {
        Database::File(path)
    }
}

impl From<&Path> for Database {
    fn from(path: &Path) -> Database {
        Database::File(path.to_path_buf())
    }
}

impl From<&PathBuf> for Database {
    fn from(path: &PathBuf) -> Database {
        Database::File(path.clone())
    }
}

impl fmt::Display for Database {
    /// The file's path, or the URL with its password hidden: what a log or an error may say.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::File(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => f.write_str(&without_password(url)),
        }
    }
}

impl fmt::Debug for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Database({self})")
    }
}

/// `url` with the password of its user part (`user:PASSWORD@`) and of a `password=`
/// parameter replaced by `***`.
pub fn without_password(url: &str) -> String {
    let mut shown = url.to_string();
    if let Some(scheme_end) = shown.find("://") {
        let rest = &shown[scheme_end + 3..];
        let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
        if let Some(at) = rest[..authority_end].rfind('@')
            && let Some(colon) = rest[..at].find(':')
        {
            let (from, to) = (scheme_end + 3 + colon + 1, scheme_end + 3 + at);
            shown.replace_range(from..to, "***");
        }
    }
    if let Some(query) = shown.find('?') {
        let (head, tail) = shown.split_at(query + 1);
        let parameters: Vec<String> = tail
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((name, _)) if name.eq_ignore_ascii_case("password") => {
                    format!("{name}=***")
                }
                _ => pair.to_string(),
            })
            .collect();
        shown = format!("{head}{}", parameters.join("&"));
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_name_is_sqlite_and_a_url_is_postgres() {
        assert_eq!(
            "games.sqlite".parse::<Database>().unwrap(),
            Database::File("games.sqlite".into())
        );
        assert_eq!(
            "postgres://boardlab@db.example/boardlab"
                .parse::<Database>()
                .unwrap(),
            Database::Postgres("postgres://boardlab@db.example/boardlab".into())
        );
        assert!(matches!(
            "postgresql://u@h/d".parse::<Database>(),
            Ok(Database::Postgres(_))
        ));
        // Not taken for a file name: the scheme in capitals is a mistake said at once.
        assert!("PostgreSQL://u@h/d".parse::<Database>().is_err());
    }

    #[test]
    fn a_bad_url_is_refused_with_its_password_hidden() {
        let error = "postgres://u:secret@h:notaport/d"
            .parse::<Database>()
            .unwrap_err()
            .to_string();
        assert!(error.contains("postgres://u:***@h:notaport/d"), "{error}");
        assert!(!error.contains("secret"), "{error}");
        let error = "postgres://u@h"
            .parse::<Database>()
            .unwrap_err()
            .to_string();
        assert!(error.contains("names no database"), "{error}");
    }

    #[test]
    fn passwords_never_show() {
        let db: Database = "postgres://me:pw@host/db?password=pw2&sslmode=disable"
            .parse()
            .unwrap();
        let shown = db.to_string();
        assert_eq!(
            shown,
            "postgres://me:***@host/db?password=***&sslmode=disable"
        );
        assert_eq!(
            without_password("postgres://me@host/db"),
            "postgres://me@host/db"
        );
    }
}
