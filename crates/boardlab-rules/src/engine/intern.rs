//! The one place compiled games live: a process-wide map from a definition's canonical text
//! (and choice of options) to its leaked [`Game`], so that reading the same file twice gives
//! the same `&'static Game`. It grows by one game per distinct definition and choice of
//! options used, never more.

use super::compile::compile;
use super::error::CompileError;
use super::game::{Game, OptionApplier, Variants};
use crate::definition::{Definition, MAX_OPTIONS};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

static GAMES: LazyLock<Mutex<HashMap<String, &'static Game>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// The text that names a definition: every field, the file's keys included.
fn canonical_text(definition: &Definition) -> String {
    format!("{definition:?}")
}

/// The choice of options with each at its default: bit `i` for option `i`.
fn default_choice(definition: &Definition) -> u8 {
    definition
        .options
        .iter()
        .take(MAX_OPTIONS)
        .enumerate()
        .filter(|(_, option)| option.default)
        .fold(0, |acc, (i, _)| acc | 1 << i)
}

/// The compiled game of `definition` (every option at its default), compiled on first use.
/// `applier` makes the definition for other choices of options
/// ([`Game::with_choice`]); `None` where no other choice can be made.
pub fn intern(
    definition: Definition,
    applier: Option<OptionApplier>,
) -> Result<&'static Game, CompileError> {
    let base_key: Arc<str> = canonical_text(&definition).into();
    let choice = default_choice(&definition);
    let variants = Variants {
        base: Arc::new(definition.clone()),
        base_key,
        choice,
        applier,
    };
    find_or_compile(definition, variants)
}

/// The game of `definition` at its place among the variants, from the map or compiled.
fn find_or_compile(
    definition: Definition,
    variants: Variants,
) -> Result<&'static Game, CompileError> {
    let key = format!("{}/{}", variants.choice, variants.base_key);
    if let Some(&game) = GAMES.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Ok(game);
    }
    let game: &'static Game = Box::leak(Box::new(compile(definition, variants)?));
    let mut games = GAMES.lock().unwrap_or_else(|e| e.into_inner());
    // Another thread may have compiled the same game meanwhile: keep the first.
    Ok(*games.entry(key).or_insert(game))
}

impl Game {
    /// The same game with the rule options of `choice` on (bit `i` for option `i` of the
    /// definition) and the others off.
    pub fn with_choice(&'static self, choice: u8) -> Result<&'static Game, CompileError> {
        if choice == self.variants.choice {
            return Ok(self);
        }
        let base = &self.variants.base;
        let refuse = |problem: String| CompileError {
            game: base.id.clone(),
            problem,
        };
        let Some(applier) = self.variants.applier else {
            return Err(refuse(
                "its rule options cannot be changed here".to_string(),
            ));
        };
        let flags: Vec<bool> = (0..base.options.len())
            .map(|i| choice >> i & 1 != 0)
            .collect();
        let definition = applier(base, &flags).map_err(refuse)?;
        find_or_compile(
            definition,
            Variants {
                choice,
                ..self.variants.clone()
            },
        )
    }
}
