//! Obsidian's rule options.

use boardlab_core::rules::{DrawRules, RuleOptions};
use boardlab_core::{FirstPlayerScore, Player};

/// The rule options of Obsidian: only the common draw rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ObsidianRules {
    /// Threefold repetition and the no-progress limit (a capture or an F move is progress).
    pub draw: DrawRules,
}

impl RuleOptions for ObsidianRules {
    fn game(&self) -> &'static str {
        "obsidian"
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

    /// At most 127 progress moves (16 F's of 6 steps each, 31 captures), and at most
    /// `no_progress_plies` plies without progress before, between and after them.
    fn longest_game(&self) -> Option<u32> {
        const PROGRESS_MOVES: u32 = 16 * 6 + 31;
        let quiet = self.draw.no_progress_plies;
        (quiet > 0).then(|| PROGRESS_MOVES + (PROGRESS_MOVES + 1) * quiet)
    }

    /// `boardlab analyze obsidian` with its defaults (1,000 self-play games), 2026-11-28.
    fn first_player_score(&self) -> Option<FirstPlayerScore> {
        (*self == Self::default()).then_some(FirstPlayerScore {
            score: 0.536,
            interval: (0.508, 0.564),
            games: 1000,
        })
    }

    fn draw_rules_mut(&mut self) -> Option<&mut DrawRules> {
        Some(&mut self.draw)
    }
}

/// What Obsidian's user interfaces call a player.
pub(crate) fn player_name(player: Player) -> &'static str {
    match player {
        Player::One => "Player 1 (lowercase)",
        Player::Two => "Player 2 (uppercase)",
    }
}
