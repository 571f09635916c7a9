//! Parity's rule options and board layout.

use super::layout::Layout;
use boardlab_core::RuleError;
use boardlab_core::rules::{DrawRules, RuleOptions};

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

    fn draw_rules(&self) -> DrawRules {
        self.draw
    }

    fn draw_rules_mut(&mut self) -> Option<&mut DrawRules> {
        Some(&mut self.draw)
    }

    fn load_board(&mut self, text: &str) -> Result<(), RuleError> {
        self.layout = Layout::parse(text).map_err(|problem| RuleError::BadBoard {
            game: Self::GAME,
            problem,
        })?;
        Ok(())
    }
}
