//! Rules files: TOML that defines a game (`docs/rules-files.md`), read into a checked
//! [`Definition`].
//!
//! A read resolves `extends` (built-in files by name, others by a path relative to the
//! extending file), checks every key and value, and checks the game under every choice of the
//! file's rule options, so that [`with_options`] cannot fail for a file that reads. The first
//! problem found is the error, one line naming the file, line and column (from 1) and what
//! is wrong and allowed:
//! `rules/x.toml:12:9: unknown key "mvoes" in [pieces.rook]; allowed keys: letters, moves, …`.
//! No input makes a read panic.

pub mod betza;
mod board;
mod builtin;
mod error;
mod fields;
mod game;
mod inherit;
mod merge;
mod options;
mod pieces;
mod play;
mod source;
mod start;
mod top;
mod tree;

pub use builtin::{BUILT_INS, BuiltIn, built_in};
pub use error::RulesFileError;
pub use inherit::MAX_DEPTH;
pub use merge::REMOVED;
pub use options::RESERVED_NAMES;
pub use source::MAX_FILE_BYTES;

use crate::definition::Definition;
use source::{Place, Source};
use std::path::Path;
use std::sync::Arc;

/// Reads the rules file at `path`. Its id defaults to the file name without `.toml`; a
/// relative `extends` path starts from the file's folder.
pub fn read_file(path: impl AsRef<Path>) -> Result<Definition, RulesFileError> {
    let path = path.as_ref();
    let text = source::read_path(path)?;
    let base_dir = path.parent().unwrap_or(Path::new(""));
    read_named(
        text,
        path.display().to_string(),
        Some(base_dir),
        identity_of(path),
    )
}

/// Reads a rules file from its text. `name_for_errors` names it in errors (and gives the
/// default id: the name's last part without `.toml`); `base_dir` is where a relative
/// `extends` path starts (without one, only built-in files can be extended).
pub fn read_str(
    text: &str,
    name_for_errors: &str,
    base_dir: Option<&Path>,
) -> Result<Definition, RulesFileError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(source::too_large(name_for_errors));
    }
    let identity = match base_dir {
        Some(dir) => identity_of(&dir.join(name_for_errors)),
        None => format!("text {name_for_errors}"),
    };
    read_named(
        text.to_string(),
        name_for_errors.to_string(),
        base_dir,
        identity,
    )
}

/// Reads the built-in rules file called `name` (`obsidian`; see [`BUILT_INS`]).
pub fn read_built_in(name: &str) -> Result<Definition, RulesFileError> {
    let Some(file) = built_in(name) else {
        return Err(RulesFileError::File {
            file: name.to_string(),
            problem: format!(
                "no built-in rules file is called this; built-in files: {}",
                builtin::names()
            ),
        });
    };
    read_named(
        file.text.to_string(),
        file.path.to_string(),
        None,
        format!("built-in {}", file.name),
    )
}

/// The game of `definition` with rule options set: each `(name, on)` turns an option the
/// file offers on or off, the others keep their defaults (so choices do not add up over
/// calls: each call starts from the file). The options' `when_on` tables are laid over the
/// definition's [`source`](Definition::source) and the result read again.
pub fn with_options(
    definition: &Definition,
    choices: &[(&str, bool)],
) -> Result<Definition, RulesFileError> {
    for (i, (name, _)) in choices.iter().enumerate() {
        if !definition.options.iter().any(|o| o.name == *name) {
            let valid: Vec<String> = definition
                .options
                .iter()
                .map(|o| format!("{} (default {})", o.name, o.default))
                .collect();
            return Err(RulesFileError::Options {
                game: definition.id.clone(),
                problem: format!(
                    "unknown rule option {}; valid options: {}",
                    fields::said(name),
                    if valid.is_empty() {
                        "none".to_string()
                    } else {
                        valid.join(", ")
                    }
                ),
            });
        }
        if choices[..i].iter().any(|(other, _)| other == name) {
            return Err(RulesFileError::Options {
                game: definition.id.clone(),
                problem: format!("rule option \"{name}\" is given twice; give each once"),
            });
        }
    }
    let name: Arc<str> = Arc::from(definition.id.as_str());
    let file = tree::Table::from_toml(&definition.source, &name);
    game::read(file, &Place::Named(name), None, choices)
}

/// How a file is known for cycles of `extends`: its canonical path where it has one.
fn identity_of(path: &Path) -> String {
    std::fs::canonicalize(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .display()
        .to_string()
}

/// Reads a file's text under `name`.
fn read_named(
    text: String,
    name: String,
    base_dir: Option<&Path>,
    identity: String,
) -> Result<Definition, RulesFileError> {
    let default_id = Path::new(&name)
        .file_name()
        .map(|n| n.to_string_lossy().trim_end_matches(".toml").to_string());
    let source = Arc::new(Source { name, text });
    let root = inherit::start_of(&source);
    let file = inherit::resolve(inherit::Input {
        source,
        base_dir: base_dir.map(Path::to_path_buf),
        identity,
    })?;
    game::read(file, &root, default_id.as_deref(), &[])
}
