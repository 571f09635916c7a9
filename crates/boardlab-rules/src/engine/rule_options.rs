//! The rule options of a game from a rules file ([`RuleOptions`]): the file's own switches
//! (`--rule NAME=true|false`), each choice of which is its own compiled game, and the draw
//! rules where the game has draws.
//! The value also names its game: the core's traits ask it for the id, presentation and
//! player names.

use super::game::Game;
use boardlab_core::presentation::Presentation;
use boardlab_core::rules::{DrawRules, RuleInfo, RuleOptions, parse_bool};
use boardlab_core::{Player, RuleError};
use std::fmt;

/// The rule options in force: the compiled game for the current choice of the file's
/// options, and the draw rules.
#[derive(Clone, Copy)]
pub struct RulesOptions {
    pub(crate) game: &'static Game,
    pub(crate) draw: DrawRules,
}

impl PartialEq for RulesOptions {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.game, other.game) && self.draw == other.draw
    }
}

impl Eq for RulesOptions {}

impl fmt::Debug for RulesOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RulesOptions({:?}, {:?})", self.game, self.draw)
    }
}

impl RulesOptions {
    /// The options of `game` with the draw rules at the file's defaults.
    pub fn new(game: &'static Game) -> RulesOptions {
        RulesOptions {
            game,
            draw: default_draw_rules(game),
        }
    }

    /// The game played under these options.
    pub fn game(&self) -> &'static Game {
        self.game
    }

    /// Every option of the game (the file's, then the draw rules' where it has draws),
    /// with the file's defaults.
    pub fn infos(&self) -> &'static [RuleInfo] {
        let game = self.game;
        game.rule_infos.get_or_init(|| {
            let definition = &game.variants.base;
            let mut infos: Vec<RuleInfo> = definition
                .options
                .iter()
                .map(|option| RuleInfo {
                    name: leak(&option.name),
                    default: if option.default { "true" } else { "false" },
                    help: leak(&option.help),
                })
                .collect();
            if let Some(draws) = definition.end.draws {
                let [plies, repetition] = DrawRules::OPTIONS;
                infos.push(RuleInfo {
                    default: leak(&draws.no_progress_plies.to_string()),
                    ..plies
                });
                infos.push(RuleInfo {
                    default: if draws.repetition > 0 {
                        "true"
                    } else {
                        "false"
                    },
                    ..repetition
                });
            }
            infos
        })
    }

    /// The index of the file's option called `name`.
    fn file_option(&self, name: &str) -> Option<usize> {
        self.game
            .variants
            .base
            .options
            .iter()
            .position(|option| option.name == name)
    }
}

/// A string kept for the rest of the process (option texts of an interned game: bounded by
/// the number of games).
fn leak(text: &str) -> &'static str {
    Box::leak(text.to_string().into_boxed_str())
}

/// The draw rules a game starts with: its file's defaults, or none.
fn default_draw_rules(game: &Game) -> DrawRules {
    match game.draws() {
        Some(draws) => DrawRules {
            threefold_repetition: draws.repetition > 0,
            repetition_count: if draws.repetition > 0 {
                draws.repetition
            } else {
                3
            },
            no_progress_plies: draws.no_progress_plies,
        },
        None => DrawRules::NONE,
    }
}

impl RuleOptions for RulesOptions {
    fn game(&self) -> &'static str {
        self.game.id()
    }

    fn presentation(&self) -> &'static Presentation {
        self.game.presentation()
    }

    fn player_name(&self, player: Player) -> &'static str {
        self.game.player_name(player)
    }

    fn first_player_drawn(&self) -> bool {
        self.game.first_player_drawn()
    }

    fn acyclic(&self) -> bool {
        self.game.acyclic()
    }

    fn options(&self) -> &'static [RuleInfo] {
        self.infos()
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), RuleError> {
        let id = self.game.id();
        if let Some(index) = self.file_option(name) {
            let on = parse_bool(id, name, value)?;
            let choice = if on {
                self.game.choice() | 1 << index
            } else {
                self.game.choice() & !(1 << index)
            };
            self.game = self
                .game
                .with_choice(choice)
                .map_err(|error| RuleError::BadValue {
                    game: id,
                    name: name.to_string(),
                    value: value.to_string(),
                    expected: format!("a value that gives a playable game ({})", error.problem),
                })?;
            return Ok(());
        }
        match self.draw_rules_mut() {
            Some(draw) => draw.set(id, name, value),
            None => None,
        }
        .unwrap_or_else(|| {
            Err(RuleError::UnknownName {
                game: id,
                name: name.to_string(),
                valid: self.valid_list(),
            })
        })
    }

    fn get(&self, name: &str) -> Option<String> {
        match self.file_option(name) {
            Some(index) => Some((self.game.choice() >> index & 1 != 0).to_string()),
            None if self.game.draws().is_some() => self.draw.get(name),
            None => None,
        }
    }

    fn draw_rules(&self) -> DrawRules {
        if self.game.draws().is_some() {
            self.draw
        } else {
            DrawRules::NONE
        }
    }

    fn draw_rules_mut(&mut self) -> Option<&mut DrawRules> {
        self.game.draws().is_some().then_some(&mut self.draw)
    }

    /// None: no bound is worked out for a game nobody analysed.
    fn longest_game(&self) -> Option<u32> {
        None
    }
}
