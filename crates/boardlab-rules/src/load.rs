//! Loading a game: a rules file read, checked and compiled into the engine's `&'static`
//! [`Game`], the way every tool takes a rules file where a game id goes.

use crate::definition::Definition;
use crate::engine::{CompileError, Game, intern};
use crate::file::{RulesFileError, read_file, read_str, with_options};
use std::path::Path;
use thiserror::Error;

/// Why a rules file gives no game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LoadError {
    /// The file cannot be read or breaks the format (with its place in the file).
    #[error(transparent)]
    File(#[from] RulesFileError),
    /// The file reads, but the engine cannot play it.
    #[error("{file}: {error}")]
    Compile {
        /// The file, as given.
        file: String,
        /// Why the engine refuses it.
        error: CompileError,
    },
}

/// The game of the rules file at `path`, every option at its default.
pub fn load_file(path: &Path) -> Result<&'static Game, LoadError> {
    let definition = read_file(path)?;
    compile(definition, &path.display().to_string())
}

/// The game of the rules-file text `text`, named `name` in errors; `base_dir` is where a
/// relative `extends` path is looked for (none: only built-in games may be extended).
pub fn load_str(
    text: &str,
    name: &str,
    base_dir: Option<&Path>,
) -> Result<&'static Game, LoadError> {
    let definition = read_str(text, name, base_dir)?;
    compile(definition, name)
}

/// The compiled game of a definition read from `file`.
fn compile(definition: Definition, file: &str) -> Result<&'static Game, LoadError> {
    intern(definition, Some(apply_options)).map_err(|error| LoadError::Compile {
        file: file.to_string(),
        error,
    })
}

/// The reader's [`with_options`] for the engine: a flag per option of the definition.
pub fn apply_options(definition: &Definition, flags: &[bool]) -> Result<Definition, String> {
    let choices: Vec<(&str, bool)> = definition
        .options
        .iter()
        .zip(flags)
        .map(|(option, &on)| (option.name.as_str(), on))
        .collect();
    with_options(definition, &choices).map_err(|e| e.to_string())
}
