//! Obsidian's rule options.

use boardlab_core::RuleError;
use boardlab_core::rules::{DrawRules, RuleInfo, RuleOptions};

/// The rule options of Obsidian: only the common draw rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ObsidianRules {
    /// Threefold repetition and the no-progress limit (a capture or an F move is progress).
    pub draw: DrawRules,
}

impl RuleOptions for ObsidianRules {
    const GAME: &'static str = "obsidian";

    fn options() -> &'static [RuleInfo] {
        &DrawRules::OPTIONS
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), RuleError> {
        self.draw
            .set(Self::GAME, name, value)
            .unwrap_or_else(|| Err(Self::unknown(name)))
    }

    fn get(&self, name: &str) -> Option<String> {
        self.draw.get(name)
    }

    fn draw_rules(&self) -> DrawRules {
        self.draw
    }
}
