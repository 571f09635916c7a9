//! The engine's options (`uci` lists them, `setoption` sets them) and the session they make.

use super::output::Output;
use super::session::Session;
use boardlab_ai::BotSpec;
use boardlab_ai::search::alphabeta::{PARAMS, ParamChanges};
use boardlab_core::quoted;
use boardlab_core::{Evaluate, RuleInfo, RuleOptions, Setup};
use boardlab_games::{AnyGame, GameId, GameVisitor, with_game};

/// The largest `Hash` in megabytes (the table's largest power of two).
const MAX_HASH_MB: u64 = 1 << 10;

/// Bytes of a table entry.
const ENTRY_BYTES: u64 = 16;

/// The default `Hash` in megabytes: Fairy-Stockfish's default, so that the two engines left
/// at their defaults play with the same memory. A bot spec's table is smaller by default
/// ([`DEFAULT_TT_BITS`](boardlab_ai::search::alphabeta::DEFAULT_TT_BITS)), as the web
/// builds a bot for every move of every game.
const DEFAULT_HASH_MB: u64 = 16;

/// The engine's settings, from `setoption`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Settings {
    pub(crate) game: GameId,
    /// The table size in megabytes.
    hash_mb: u64,
    threads: u64,
    /// A strength level instead of the full search.
    level: Option<u8>,
    /// Rule options set by name (each applies to the games that have it).
    pub(crate) rules: Vec<(String, String)>,
    /// The games of the rules files `VariantPath` named, as Fairy-Stockfish loads custom
    /// variants: `UCI_Variant` may name any of them by its id.
    pub(crate) variants: Vec<GameId>,
    /// Search parameters set by name, over the game's own (for tuners such as SPSA).
    params: ParamChanges,
}

impl Default for Settings {
    /// The settings the engine starts with: Obsidian, the alpha-beta bot's own table.
    fn default() -> Self {
        Settings {
            game: GameId::Obsidian,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            level: None,
            rules: Vec::new(),
            variants: Vec::new(),
            params: ParamChanges::default(),
        }
    }
}

impl Settings {
    /// The bot these settings describe.
    pub(crate) fn bot(&self) -> BotSpec {
        let text = match self.level {
            Some(level) => format!("level:{level}"),
            None => {
                // The largest power of two of entries that fits.
                let entries = (self.hash_mb.max(1) << 20) / ENTRY_BYTES;
                let bits = (63 - entries.leading_zeros()).clamp(10, 26);
                let params: String = self
                    .params
                    .iter()
                    .map(|(name, value)| format!(",param.{name}={value}"))
                    .collect();
                format!("alphabeta:hash={bits},threads={}{params}", self.threads)
            }
        };
        text.parse().expect("the engine's bot specs are valid")
    }
}

/// The session of the settings' game, printing to `output`, at the game's start position.
pub(crate) fn new_session(settings: &Settings, output: Output) -> Session {
    let rules = own_rules(settings.game, &settings.rules);
    Session::new(
        &settings.bot(),
        settings.level.is_some(),
        settings.game,
        rules,
        output,
    )
    .expect("the engine's bots play every game")
}

/// Those of the rule options `assignments` that `game` has, as `NAME=VALUE`.
pub(crate) fn own_rules(game: GameId, assignments: &[(String, String)]) -> Vec<String> {
    let known = with_game(game, RuleOptionsOf);
    assignments
        .iter()
        .filter(|(name, _)| known.iter().any(|o| o.name == name))
        .map(|(name, value)| format!("{name}={value}"))
        .collect()
}

/// Checks the rule options `assignments` in `game`: the error of the first it refuses.
fn check_rules(game: GameId, assignments: &[(String, String)]) -> Result<(), String> {
    let setup = Setup {
        rules: own_rules(game, assignments),
        ..Setup::start()
    };
    AnyGame::new(game, &setup)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Every game's rule options, each name once: the engine offers them all as UCI options.
struct RuleOptionsOf;

impl GameVisitor for RuleOptionsOf {
    type Output = &'static [RuleInfo];

    fn visit<P: Evaluate>(self, game: P::Rules) -> &'static [RuleInfo] {
        game.options()
    }
}

/// Every game the engine plays now: the built-in games, then those `VariantPath` loaded.
fn every_game(variants: &[GameId]) -> impl Iterator<Item = GameId> + '_ {
    GameId::ALL.iter().copied().chain(variants.iter().copied())
}

/// The rule options of all games, each name once, in the order of the games.
fn all_rule_options(variants: &[GameId]) -> Vec<RuleInfo> {
    let mut all: Vec<RuleInfo> = Vec::new();
    for game in every_game(variants) {
        for option in with_game(game, RuleOptionsOf) {
            if !all.iter().any(|known| known.name == option.name) {
                all.push(*option);
            }
        }
    }
    all
}

/// The answer to `uci` or `ugi`: the engine's name and options (the games of rules files
/// `VariantPath` loaded among the variants), then `uciok` or `ugiok`.
pub(crate) fn identity(protocol: &str, settings: &Settings) -> Vec<String> {
    let games: Vec<String> = every_game(&settings.variants)
        .map(|g| format!("var {}", g.id()))
        .collect();
    let mut lines = vec![
        format!("id name boardlab {}", env!("CARGO_PKG_VERSION")),
        "id author the boardlab authors".to_string(),
        format!(
            "option name UCI_Variant type combo default obsidian {}",
            games.join(" ")
        ),
        format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
        format!(
            "option name Threads type spin default 1 min 1 max {}",
            boardlab_ai::search::alphabeta::MAX_THREADS
        ),
        format!(
            "option name Level type spin default 0 min 0 max {}",
            boardlab_ai::TOP_LEVEL
        ),
        "option name VariantPath type string default <empty>".to_string(),
    ];
    // The search's parameters (SearchParams), for tuners: their defaults before a game's
    // tuned values.
    lines.extend(PARAMS.iter().map(|p| {
        format!(
            "option name {} type spin default {} min {} max {}",
            p.name, p.default, p.min, p.max
        )
    }));
    // Each game's rule options (SPEC.md's --rule NAME=VALUE), for the games that have them.
    lines.extend(
        all_rule_options(&settings.variants)
            .iter()
            .map(|option| match option.default {
                "true" | "false" => format!(
                    "option name {} type check default {}",
                    option.name, option.default
                ),
                number if number.parse::<u32>().is_ok() => format!(
                    "option name {} type spin default {number} min 0 max {}",
                    option.name,
                    boardlab_core::text::MAX_COUNTER
                ),
                text => format!("option name {} type string default {text}", option.name),
            }),
    );
    lines.push(format!("{protocol}ok"));
    lines
}

/// The game `UCI_Variant` names: a built-in id, the id of a game `VariantPath` loaded, or
/// the path of a rules file.
fn variant_named(variants: &[GameId], value: &str) -> Result<GameId, String> {
    if let Some(&game) = variants.iter().find(|g| g.id() == value) {
        return Ok(game);
    }
    GameId::named(value).map_err(|error| {
        let known: Vec<&str> = every_game(variants).map(GameId::id).collect();
        match error {
            boardlab_games::GameError::Unknown(_) => format!(
                "setoption UCI_Variant: unknown game {}; games: {}, or a rules file (.toml); VariantPath loads rules files",
                quoted(value),
                known.join(", ")
            ),
            other => format!("setoption UCI_Variant: {other}"),
        }
    })
}

/// The games of `VariantPath`: a rules file, or every `.toml` file of a folder (in name
/// order); empty text unloads them.
fn load_variants(value: &str) -> Result<Vec<GameId>, String> {
    let path = std::path::Path::new(value.trim());
    if value.trim().is_empty() || value.trim() == "<empty>" {
        return Ok(Vec::new());
    }
    let files: Vec<std::path::PathBuf> = if path.is_dir() {
        let mut files: Vec<_> = std::fs::read_dir(path)
            .map_err(|e| format!("setoption VariantPath: cannot read {}: {e}", path.display()))?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        files.sort();
        if files.is_empty() {
            return Err(format!(
                "setoption VariantPath: {} holds no rules file (.toml)",
                path.display()
            ));
        }
        files
    } else {
        vec![path.to_path_buf()]
    };
    files
        .iter()
        .map(|file| {
            GameId::from_file(file).map_err(|error| format!("setoption VariantPath: {error}"))
        })
        .collect()
}

/// The settings after `setoption name NAME value VALUE` (names as `uci` lists them, in any
/// case). `Level` 0 is the full search within `go`'s limits; a level from 1 plays as
/// `level:N` does, by its own limits.
pub(crate) fn parse_setoption(words: &[&str], settings: Settings) -> Result<Settings, String> {
    let usage = "setoption name NAME value VALUE";
    let (Some(&"name"), Some(at)) = (words.first(), words.iter().position(|&w| w == "value"))
    else {
        return Err(format!("setoption: expected '{usage}'"));
    };
    let name = words[1..at].join(" ");
    let value = words[at + 1..].join(" ");
    let number = |max: u64| {
        value
            .parse::<u64>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .ok_or_else(|| {
                format!(
                    "setoption {}: {} is not a whole number from 1 to {max}",
                    quoted(&name),
                    quoted(&value)
                )
            })
    };
    let mut changed = settings;
    match name.to_ascii_lowercase().as_str() {
        "uci_variant" => changed.game = variant_named(&changed.variants, &value)?,
        "hash" => changed.hash_mb = number(MAX_HASH_MB)?,
        "threads" => changed.threads = number(boardlab_ai::search::alphabeta::MAX_THREADS as u64)?,
        "level" => {
            changed.level = match value.parse::<u8>() {
                Ok(0) => None,
                Ok(level) if level <= boardlab_ai::TOP_LEVEL => Some(level),
                _ => {
                    return Err(format!(
                        "setoption Level: {} is not a level from 0 (full search) to {}",
                        quoted(&value),
                        boardlab_ai::TOP_LEVEL
                    ));
                }
            }
        }
        // As Fairy-Stockfish's variant file: rules files (one, or a folder of them) whose
        // games `UCI_Variant` may then name.
        "variantpath" => changed.variants = load_variants(&value)?,
        lower if PARAMS.iter().any(|p| p.name == lower) => changed
            .params
            .set(lower, &value)
            .map_err(|e| format!("setoption {}: {e}", quoted(&name)))?,
        lower => {
            let options = all_rule_options(&changed.variants);
            let Some(option) = options.iter().find(|o| o.name.eq_ignore_ascii_case(lower)) else {
                let names: Vec<&str> = options.iter().map(|o| o.name).collect();
                return Err(format!(
                    "setoption: unknown option {}; options: UCI_Variant, Hash, Threads, Level, VariantPath, {}, and the search parameters `uci` lists (such as futility_base)",
                    quoted(&name),
                    names.join(", ")
                ));
            };
            let assignment = vec![(option.name.to_string(), value.clone())];
            for game in every_game(&changed.variants) {
                check_rules(game, &assignment)
                    .map_err(|e| format!("setoption {}: {e}", option.name))?;
            }
            changed.rules.retain(|(n, _)| n != option.name);
            changed
                .rules
                .push(assignment.into_iter().next().expect("one"));
        }
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_parameters_are_options_and_reach_the_bot() {
        let lines = identity("uci", &Settings::default());
        assert!(
            lines.contains(
                &"option name futility_base type spin default 100 min 0 max 500".to_string()
            ),
            "{lines:?}"
        );
        let settings = parse_setoption(
            &["name", "futility_base", "value", "150"],
            Settings::default(),
        )
        .unwrap();
        let settings = parse_setoption(&["name", "LMR_Base", "value", "20"], settings).unwrap();
        assert_eq!(
            settings.bot().text(),
            "alphabeta:hash=20,threads=1,param.futility_base=150,param.lmr_base=20"
        );
    }

    #[test]
    fn no_rule_option_is_named_as_a_search_parameter() {
        for option in all_rule_options(&[]) {
            assert!(
                PARAMS
                    .iter()
                    .all(|p| !p.name.eq_ignore_ascii_case(option.name)),
                "{} is both",
                option.name
            );
        }
    }
}
