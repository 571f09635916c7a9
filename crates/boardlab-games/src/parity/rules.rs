//! Parity's rule options and board layout.

use super::layout::Layout;
use boardlab_core::RuleError;
use boardlab_core::rules::{DrawRules, RuleOptions};
use boardlab_core::{FirstPlayerScore, Player};

/// The configuration of a Parity game: the draw rules and the board layout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ParityRules {
    /// Threefold repetition and the no-progress limit (only a capture is progress).
    pub draw: DrawRules,
    /// The board: its size and the colour of every space.
    pub layout: Layout,
}

impl RuleOptions for ParityRules {
    fn game(&self) -> &'static str {
        "parity"
    }

    fn presentation(&self) -> &'static boardlab_core::Presentation {
        &super::presentation::PRESENTATION
    }

    fn player_name(&self, player: Player) -> &'static str {
        player_name(player)
    }

    fn first_player_drawn(&self) -> bool {
        true
    }

    fn draw_rules(&self) -> DrawRules {
        self.draw
    }

    /// Only a capture is progress, and the game is over before the last piece falls: at
    /// most one capture fewer than the layout's pieces, and at most `no_progress_plies`
    /// plies without progress before, between and after them.
    fn longest_game(&self) -> Option<u32> {
        let pieces = Player::BOTH
            .iter()
            .map(|&player| self.layout.start_squares(player).count_ones())
            .sum::<u32>();
        let captures = pieces.saturating_sub(1);
        let quiet = self.draw.no_progress_plies;
        (quiet > 0).then(|| captures + (captures + 1) * quiet)
    }

    /// `boardlab analyze parity` with its defaults (1,000 self-play games), 2026-11-28.
    fn first_player_score(&self) -> Option<FirstPlayerScore> {
        (*self == Self::default()).then_some(FirstPlayerScore {
            score: 0.509,
            interval: (0.505, 0.513),
            games: 1000,
        })
    }

    fn draw_rules_mut(&mut self) -> Option<&mut DrawRules> {
        Some(&mut self.draw)
    }

    fn load_board(&mut self, text: &str) -> Result<(), RuleError> {
        self.layout = Layout::parse(text).map_err(|problem| RuleError::BadBoard {
            game: self.game(),
            problem,
        })?;
        Ok(())
    }
}

/// What Parity's user interfaces call a player.
pub(crate) fn player_name(player: Player) -> &'static str {
    match player {
        Player::One => "White (Player 1)",
        Player::Two => "Black (Player 2)",
    }
}
