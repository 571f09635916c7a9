//! Daisy's rule options.

use boardlab_core::RuleError;
use boardlab_core::rules::{DrawRules, RuleInfo, RuleOptions};

/// The rule options of Daisy: only the common draw rules (threefold repetition and the
/// no-progress limit, where a capture or a drop is progress).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DaisyRules {
    /// Threefold repetition and the no-progress limit (a capture or a drop is progress).
    pub draw: DrawRules,
}

impl RuleOptions for DaisyRules {
    const GAME: &'static str = "daisy";

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
