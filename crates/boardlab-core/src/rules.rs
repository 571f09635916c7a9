//! Rule options: named switches with defaults that select a reading of a game's rules.

use crate::error::RuleError;
use std::fmt::Debug;

/// The description of one rule option, for help texts and error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleInfo {
    /// The option's name, as typed in `--rule NAME=VALUE`.
    pub name: &'static str,
    /// The default value, as text.
    pub default: &'static str,
    /// What the option does.
    pub help: &'static str,
}

/// A game with its rule options chosen: small `Copy` data carried by every position.
///
/// The value names its game, so that the facts of a game (its id, how it is shown, who moves
/// first) are known from it: games read from rules files are all one Rust type, told apart
/// by this value. Built-in games also implement `Default` (their default options); tools that
/// work for any game start from the game's own value instead (the registry gives it).
pub trait RuleOptions: Copy + Debug + PartialEq + Eq + Send + Sync + 'static {
    /// The game id these options belong to (`obsidian`, or a rules file's id).
    fn game(&self) -> &'static str;

    /// How the game is shown to people: names, pieces, board colours
    /// ([`Presentation`](crate::Presentation)).
    fn presentation(&self) -> &'static crate::Presentation;

    /// How the game calls a player in its user interfaces (`Player 1 (lowercase)`, `White`).
    fn player_name(&self, player: crate::Player) -> &'static str;

    /// Whether the rules draw the first player at random (Parity). Where they do not, the
    /// start position says who moves first (Player 1 in the built-in games).
    fn first_player_drawn(&self) -> bool {
        false
    }

    /// Whether no position can ever recur, because every move makes progress that cannot
    /// be undone (Sprint: every move advances a piece). The game graph then has no cycles
    /// and an exhaustive search of any position ends.
    fn acyclic(&self) -> bool {
        false
    }

    /// Every option this game has. By default the common draw rules' options
    /// ([`DrawRules::OPTIONS`]); a game with other options lists them all.
    fn options(&self) -> &'static [RuleInfo] {
        &DrawRules::OPTIONS
    }

    /// Sets one option from its name and value text. By default only the draw rules'
    /// options are known (through [`draw_rules_mut`](RuleOptions::draw_rules_mut)).
    fn set(&mut self, name: &str, value: &str) -> Result<(), RuleError> {
        let game = self.game();
        self.draw_rules_mut()
            .and_then(|draw| draw.set(game, name, value))
            .unwrap_or_else(|| Err(self.unknown(name)))
    }

    /// The current value of the named option as text, or `None` for an unknown name. By
    /// default only the draw rules' options are known.
    fn get(&self, name: &str) -> Option<String> {
        self.options()
            .iter()
            .any(|info| info.name == name)
            .then(|| self.draw_rules().get(name))
            .flatten()
    }

    /// The most plies a game under these rules can last from its start position, where the
    /// rules bound it (every move makes progress, or the no-progress rule caps the plies
    /// between progress moves and progress runs out); `None` where no bound is known (drops
    /// bring pieces back, or the no-progress rule is off). Learning tools size their games by
    /// it (OpenSpiel's `max_game_length`).
    fn longest_game(&self) -> Option<u32>;

    /// How well the first player scores, measured by self-play (`boardlab analyze`), for
    /// these rules; `None` where nobody measured it (other options, rules files).
    fn first_player_score(&self) -> Option<FirstPlayerScore> {
        None
    }

    /// The draw rules that a [`GameHistory`](crate::GameHistory) applies.
    fn draw_rules(&self) -> DrawRules;

    /// The draw rules, to be changed by [`set`](RuleOptions::set); `None` (the default)
    /// for a game that cannot go on for ever and so has none.
    fn draw_rules_mut(&mut self) -> Option<&mut DrawRules> {
        None
    }

    /// Replaces the board layout with one read from `text`, for games whose board is data
    /// (Parity). Games with a fixed board refuse.
    fn load_board(&mut self, text: &str) -> Result<(), RuleError> {
        let _ = text;
        Err(RuleError::FixedBoard { game: self.game() })
    }

    /// Sets one option from `NAME=VALUE` text. The name must be an option's exact name and
    /// the value is read as written: spaces around either are refused (every entry point —
    /// `--rule`, a record's `Rules` tag, the web's `rules` object, Python — comes here).
    fn apply(&mut self, assignment: &str) -> Result<(), RuleError> {
        match assignment.split_once('=') {
            Some((name, value)) if name.trim() != name || value.trim() != value => {
                Err(RuleError::Spaces {
                    game: self.game(),
                    text: assignment.to_string(),
                    valid: self.valid_list(),
                })
            }
            Some((name, value)) if !name.is_empty() => self.set(name, value),
            _ => Err(RuleError::Malformed {
                game: self.game(),
                text: assignment.to_string(),
                valid: self.valid_list(),
            }),
        }
    }

    /// These options changed by a list of `NAME=VALUE` assignments.
    fn with_assignments<S: AsRef<str>>(mut self, assignments: &[S]) -> Result<Self, RuleError> {
        for assignment in assignments {
            self.apply(assignment.as_ref())?;
        }
        Ok(self)
    }

    /// These options with each on-off option that changes the game (the draw rules aside)
    /// turned the other way, one at a time: the variants a test of the game's moves covers
    /// (Sprint with backward captures).
    fn on_off_variants(&self) -> Vec<Self> {
        self.options()
            .iter()
            .filter(|option| !DrawRules::OPTIONS.iter().any(|d| d.name == option.name))
            .filter_map(|option| {
                let flipped = match option.default {
                    "true" => "false",
                    "false" => "true",
                    _ => return None,
                };
                self.with_assignments(&[format!("{}={flipped}", option.name)])
                    .ok()
            })
            .collect()
    }

    /// A built-in game's default options changed by a list of `NAME=VALUE` assignments.
    fn from_assignments<S: AsRef<str>>(assignments: &[S]) -> Result<Self, RuleError>
    where
        Self: Default,
    {
        Self::default().with_assignments(assignments)
    }

    /// All options with their current values, `name=value` separated by spaces.
    fn describe(&self) -> String {
        self.options()
            .iter()
            .map(|info| format!("{}={}", info.name, self.get(info.name).unwrap_or_default()))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The valid option names with their defaults, for error messages.
    fn valid_list(&self) -> String {
        let list: Vec<String> = self
            .options()
            .iter()
            .map(|info| format!("{} (default {})", info.name, info.default))
            .collect();
        if list.is_empty() {
            "none".to_string()
        } else {
            list.join(", ")
        }
    }

    /// The error for a name that is not one of [`options`](RuleOptions::options).
    fn unknown(&self, name: &str) -> RuleError {
        RuleError::UnknownName {
            game: self.game(),
            name: name.to_string(),
            valid: self.valid_list(),
        }
    }
}

/// The first player's score in self-play between equal bots, as `boardlab analyze` measured
/// it with its defaults (1,000 games, both bots `alphabeta:nodes=3000`, random openings of 4
/// plies, each opening played from both seats): a fact of a game's rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FirstPlayerScore {
    /// The share of the points the first player took (0.5: no advantage).
    pub score: f64,
    /// The 95% interval of the score.
    pub interval: (f64, f64),
    /// The self-play games it was measured over.
    pub games: u32,
}

/// The common draw rules of RULES.md: threefold repetition and the no-progress limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrawRules {
    /// Whether a position's repetition draws: its
    /// [`repetition_count`](DrawRules::repetition_count)th occurrence.
    pub threefold_repetition: bool,
    /// The occurrence of a position that draws while repetition is on: 3 in the built-in
    /// games, whatever a rules file says in its own.
    pub repetition_count: u32,
    /// Plies without progress that draw the game; 0 switches the rule off.
    pub no_progress_plies: u32,
}

impl Default for DrawRules {
    fn default() -> Self {
        DrawRules {
            threefold_repetition: true,
            repetition_count: 3,
            no_progress_plies: 100,
        }
    }
}

impl DrawRules {
    /// The descriptions of the two draw-rule options, for games that have them.
    pub const OPTIONS: [RuleInfo; 2] = [
        RuleInfo {
            name: "no_progress_plies",
            default: "100",
            help: "plies without progress that draw the game (0 = off)",
        },
        RuleInfo {
            name: "threefold_repetition",
            default: "true",
            help: "the third occurrence of a position draws the game",
        },
    ];

    /// No draw rules at all (for games that cannot go on for ever).
    pub const NONE: DrawRules = DrawRules {
        threefold_repetition: false,
        repetition_count: 3,
        no_progress_plies: 0,
    };

    /// Sets a draw-rule option; `None` when `name` is not a draw rule.
    pub fn set(
        &mut self,
        game: &'static str,
        name: &str,
        value: &str,
    ) -> Option<Result<(), RuleError>> {
        match name {
            "no_progress_plies" => {
                Some(parse_u32(game, name, value).map(|v| self.no_progress_plies = v))
            }
            "threefold_repetition" => {
                Some(parse_bool(game, name, value).map(|v| self.threefold_repetition = v))
            }
            _ => None,
        }
    }

    /// The value of a draw-rule option as text; `None` when `name` is not a draw rule.
    pub fn get(&self, name: &str) -> Option<String> {
        match name {
            "no_progress_plies" => Some(self.no_progress_plies.to_string()),
            "threefold_repetition" => Some(self.threefold_repetition.to_string()),
            _ => None,
        }
    }
}

/// Reads a `true`/`false` option value.
pub fn parse_bool(game: &'static str, name: &str, value: &str) -> Result<bool, RuleError> {
    match value {
        "true" | "on" | "yes" | "1" => Ok(true),
        "false" | "off" | "no" | "0" => Ok(false),
        _ => Err(RuleError::BadValue {
            game,
            name: name.to_string(),
            value: value.to_string(),
            expected: "true or false".to_string(),
        }),
    }
}

/// Reads a whole-number option value (0 to 1,000,000).
pub fn parse_u32(game: &'static str, name: &str, value: &str) -> Result<u32, RuleError> {
    match value.parse::<u32>() {
        Ok(v) if v <= 1_000_000 => Ok(v),
        _ => Err(RuleError::BadValue {
            game,
            name: name.to_string(),
            value: value.to_string(),
            expected: "a whole number from 0 to 1000000".to_string(),
        }),
    }
}
