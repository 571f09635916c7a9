//! Daisy's rule options.

use boardlab_core::rules::{DrawRules, RuleOptions};
use boardlab_core::{FirstPlayerScore, Player};

/// The rule options of Daisy: only the common draw rules (threefold repetition and the
/// no-progress limit, where a capture or a drop is progress).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DaisyRules {
    /// Threefold repetition and the no-progress limit (a capture or a drop is progress).
    pub draw: DrawRules,
}

impl RuleOptions for DaisyRules {
    fn game(&self) -> &'static str {
        "daisy"
    }

    fn presentation(&self) -> &'static boardlab_core::Presentation {
        &super::presentation::PRESENTATION
    }

    fn player_name(&self, player: Player) -> &'static str {
        player_name(player)
    }

    fn draw_rules(&self) -> DrawRules {
        self.draw
    }

    /// None: captured pieces are dropped again, for ever.
    fn longest_game(&self) -> Option<u32> {
        None
    }

    /// `boardlab analyze daisy` with its defaults (1,000 self-play games), 2026-11-28.
    fn first_player_score(&self) -> Option<FirstPlayerScore> {
        (*self == Self::default()).then_some(FirstPlayerScore {
            score: 0.586,
            interval: (0.556, 0.616),
            games: 1000,
        })
    }

    fn draw_rules_mut(&mut self) -> Option<&mut DrawRules> {
        Some(&mut self.draw)
    }
}

/// What Daisy's user interfaces call a player.
pub(crate) fn player_name(player: Player) -> &'static str {
    match player {
        Player::One => "Player 1 (uppercase)",
        Player::Two => "Player 2 (lowercase)",
    }
}
