//! Daisy's rule options.

use boardlab_core::rules::{DrawRules, RuleOptions};

/// The rule options of Daisy: only the common draw rules (threefold repetition and the
/// no-progress limit, where a capture or a drop is progress).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DaisyRules {
    /// Threefold repetition and the no-progress limit (a capture or a drop is progress).
    pub draw: DrawRules,
}

impl RuleOptions for DaisyRules {
    const GAME: &'static str = "daisy";

    fn draw_rules(&self) -> DrawRules {
        self.draw
    }

    fn draw_rules_mut(&mut self) -> Option<&mut DrawRules> {
        Some(&mut self.draw)
    }
}
