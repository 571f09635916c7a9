//! Parity's rule options and board layout.

use super::layout::Layout;
use boardlab_core::RuleError;
use boardlab_core::rules::{DrawRules, RuleInfo, RuleOptions};

/// The configuration of a Parity game: the draw rules and the board layout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ParityRules {
    /// Threefold repetition and the no-progress limit (only a capture is progress).
    pub draw: DrawRules,
    /// The board: its size and the colour of every space.
    pub layout: Layout,
}

impl RuleOptions for ParityRules {
    const GAME: &'static str = "parity";

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

    fn load_board(&mut self, text: &str) -> Result<(), RuleError> {
        self.layout = Layout::parse(text).map_err(|problem| RuleError::BadBoard {
            game: Self::GAME,
            problem,
        })?;
        Ok(())
    }
}
