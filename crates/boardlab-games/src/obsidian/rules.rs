//! Obsidian's rule options.

use boardlab_core::rules::{DrawRules, RuleOptions};

/// The rule options of Obsidian: only the common draw rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ObsidianRules {
    /// Threefold repetition and the no-progress limit (a capture or an F move is progress).
    pub draw: DrawRules,
}

impl RuleOptions for ObsidianRules {
    const GAME: &'static str = "obsidian";

    fn draw_rules(&self) -> DrawRules {
        self.draw
    }

    fn draw_rules_mut(&mut self) -> Option<&mut DrawRules> {
        Some(&mut self.draw)
    }
}
