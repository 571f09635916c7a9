//! The games a server plays: the built-in games, the rules files of its folder (`serve
//! --rules DIR`), and the rules files its players paste, each known by a key.
//!
//! A game's key is what its stored row and the API name it by: a built-in id (`obsidian`),
//! the `id` of a file of the folder (`camel-obsidian`), or `pasted:` and the random key the
//! store gave a pasted text. Files of the folder are read once, when the server starts; a
//! game stored from one of them is played again after a restart while the folder still holds
//! a file with its id. Pasted texts are stored, so their games outlive the server.

use boardlab_games::GameId;
use boardlab_rules::{LoadError, load_file, load_str};
use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;

/// What the key of a pasted rules file starts with (a file's id cannot hold a `:`).
pub const PASTED: &str = "pasted:";

/// The most bytes a pasted rules file may have.
pub const MAX_PASTED_BYTES: usize = 64 * 1024;

/// The name pasted rules files have in their error messages (`pasted rules:3:7: …`).
pub const PASTED_NAME: &str = "pasted rules";

/// The games a server offers on its start page, and those pasted by its players.
pub struct GameSet {
    /// The built-in games, then the folder's files in the order of their file names.
    listed: Vec<(String, GameId)>,
    /// Pasted games compiled since the server started, by key (without [`PASTED`]).
    pasted: Mutex<HashMap<String, GameId>>,
    /// The most distinct pasted games the server compiles for new pastes.
    max_pasted: usize,
}

/// Why a folder of rules files cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    /// The folder cannot be listed.
    #[error("--rules {dir}: the folder cannot be read: {problem}")]
    Unreadable {
        /// The folder, as given.
        dir: String,
        /// What the system said.
        problem: String,
    },
    /// A file of the folder gives no game (the error is said once: it is not also a
    /// source).
    #[error("--rules: {0}")]
    File(LoadError),
    /// Two games of the folder (or a file and a built-in game) have the same id.
    #[error(
        "--rules: {file} has the id '{id}' of {other}; every game a server offers needs its own id"
    )]
    SameId {
        /// The file that came second.
        file: String,
        /// The id.
        id: String,
        /// What had it first: a built-in game or another file.
        other: String,
    },
}

/// Why a pasted rules file gives no game here.
#[derive(Debug, thiserror::Error)]
pub enum PasteError {
    /// It is too large.
    #[error("the rules file has {size} bytes; at most {max} are accepted")]
    TooLarge {
        /// Its size.
        size: usize,
        /// [`MAX_PASTED_BYTES`].
        max: usize,
    },
    /// It breaks the format, or the engine cannot play it.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// The server holds as many pasted games as it may.
    #[error(
        "this server takes no more new pasted rules files: it compiles at most {0} until it \
         restarts (--pasted-rules); games of files already taken go on"
    )]
    Full(usize),
}

impl GameSet {
    /// The built-in games alone.
    pub fn built_in() -> GameSet {
        GameSet {
            listed: GameId::ALL
                .iter()
                .map(|&g| (g.id().to_string(), g))
                .collect(),
            pasted: Mutex::new(HashMap::new()),
            max_pasted: DEFAULT_MAX_PASTED,
        }
    }

    /// The built-in games and every `.toml` file of `dir`, in the order of their names:
    /// the first file that gives no game, or an id given twice, is the error.
    pub fn with_folder(dir: &Path) -> Result<GameSet, FolderError> {
        let unreadable = |error: std::io::Error| FolderError::Unreadable {
            dir: dir.display().to_string(),
            problem: error.to_string(),
        };
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .map_err(unreadable)?
            .map(|entry| entry.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .map_err(unreadable)?;
        paths.retain(|path| path.extension().is_some_and(|e| e == "toml") && path.is_file());
        paths.sort();
        let mut set = GameSet::built_in();
        let mut sources: Vec<String> = set
            .listed
            .iter()
            .map(|(id, _)| format!("the built-in game {id}"))
            .collect();
        for path in paths {
            let game = GameId::from_rules(load_file(&path).map_err(FolderError::File)?);
            let id = game.id().to_string();
            if let Some(at) = set.listed.iter().position(|(key, _)| *key == id) {
                return Err(FolderError::SameId {
                    file: path.display().to_string(),
                    id,
                    other: sources[at].clone(),
                });
            }
            sources.push(path.display().to_string());
            set.listed.push((id, game));
        }
        Ok(set)
    }

    /// The same set, compiling at most `max` distinct pasted games for new pastes.
    pub fn with_max_pasted(mut self, max: usize) -> GameSet {
        self.max_pasted = max;
        self
    }

    /// The games of the start page, by key: the built-in games, then the folder's.
    pub fn listed(&self) -> &[(String, GameId)] {
        &self.listed
    }

    /// The listed game with this key.
    pub fn listed_game(&self, key: &str) -> Option<GameId> {
        self.listed.iter().find(|(k, _)| k == key).map(|&(_, g)| g)
    }

    /// The pasted game of `key` (after [`PASTED`]) if it was compiled since the start.
    pub fn known_paste(&self, key: &str) -> Option<GameId> {
        self.pasted_games().get(key).copied()
    }

    /// The game of a stored pasted text, compiled on first use: a game made before is
    /// never refused for the limit on new pastes.
    pub fn stored_paste(&self, key: &str, text: &str) -> Result<GameId, LoadError> {
        if let Some(game) = self.known_paste(key) {
            return Ok(game);
        }
        let game = compile_paste(text)?;
        self.pasted_games().insert(key.to_string(), game);
        Ok(game)
    }

    /// Checks and compiles a text pasted for the first time (the caller looked for it
    /// among the stored ones first): refused when too large, or when the server already
    /// compiled as many pasted games as it may since it started.
    pub fn new_paste(&self, text: &str) -> Result<GameId, PasteError> {
        if text.len() > MAX_PASTED_BYTES {
            return Err(PasteError::TooLarge {
                size: text.len(),
                max: MAX_PASTED_BYTES,
            });
        }
        if self.pasted_games().len() >= self.max_pasted {
            return Err(PasteError::Full(self.max_pasted));
        }
        Ok(compile_paste(text)?)
    }

    /// Remembers the key the store gave a pasted game.
    pub fn remember_paste(&self, key: &str, game: GameId) {
        self.pasted_games().insert(key.to_string(), game);
    }

    fn pasted_games(&self) -> std::sync::MutexGuard<'_, HashMap<String, GameId>> {
        self.pasted.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// How many distinct pasted games a server compiles at most since it started, by default:
/// each stays in memory until the server stops (a few hundred KiB at most).
pub const DEFAULT_MAX_PASTED: usize = 1000;

/// The game of a pasted text: only built-in games may be extended (a server reads no other
/// file for a player).
fn compile_paste(text: &str) -> Result<GameId, LoadError> {
    Ok(GameId::from_rules(load_str(text, PASTED_NAME, None)?))
}
