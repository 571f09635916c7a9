//! Sprint's rule options.

use boardlab_core::RuleError;
use boardlab_core::rules::{DrawRules, RuleInfo, RuleOptions, parse_bool};
use boardlab_core::{FirstPlayerScore, Player};

/// The rule options of Sprint. Sprint cannot go on for ever, so it has no draw rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SprintRules {
    /// Whether pieces may also capture backward (RULES.md § 3; default off: captures go
    /// forward only, like steps).
    pub backward_captures: bool,
}

const OPTIONS: [RuleInfo; 1] = [RuleInfo {
    name: "backward_captures",
    default: "false",
    help: "pieces may also capture backward, as in international draughts",
}];

impl RuleOptions for SprintRules {
    fn game(&self) -> &'static str {
        "sprint"
    }

    fn presentation(&self) -> &'static boardlab_core::Presentation {
        &super::presentation::PRESENTATION
    }

    fn player_name(&self, player: Player) -> &'static str {
        player_name(player)
    }

    fn acyclic(&self) -> bool {
        true
    }

    fn options(&self) -> &'static [RuleInfo] {
        &OPTIONS
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), RuleError> {
        match name {
            "backward_captures" => {
                self.backward_captures = parse_bool(self.game(), name, value)?;
                Ok(())
            }
            _ => Err(self.unknown(name)),
        }
    }

    fn get(&self, name: &str) -> Option<String> {
        match name {
            "backward_captures" => Some(self.backward_captures.to_string()),
            _ => None,
        }
    }

    fn draw_rules(&self) -> DrawRules {
        DrawRules::NONE
    }

    /// The 12 pieces have at most 60 ranks to go together (5 each), and a piece on its goal
    /// rank has won: a step uses one of them, a forward capture two, so with forward captures
    /// alone every move uses at least one. A backward capture gives its piece two back, but
    /// there are at most 11 captures: 60 + 2 × 11 steps and 11 captures.
    fn longest_game(&self) -> Option<u32> {
        const RANKS_TO_GO: u32 = 12 * 5;
        const CAPTURES: u32 = 11;
        Some(if self.backward_captures {
            RANKS_TO_GO + 2 * CAPTURES + CAPTURES
        } else {
            RANKS_TO_GO
        })
    }

    /// `boardlab analyze sprint` with its defaults (1,000 self-play games), 2026-11-28.
    fn first_player_score(&self) -> Option<FirstPlayerScore> {
        (*self == Self::default()).then_some(FirstPlayerScore {
            score: 0.57,
            interval: (0.539, 0.601),
            games: 1000,
        })
    }
}

/// What Sprint's user interfaces call a player.
pub(crate) fn player_name(player: Player) -> &'static str {
    match player {
        Player::One => "White (Player 1)",
        Player::Two => "Black (Player 2)",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_and_get() {
        let rules = SprintRules::from_assignments(&["backward_captures=true"]).unwrap();
        assert!(rules.backward_captures);
        assert_eq!(rules.get("backward_captures").as_deref(), Some("true"));
        assert!(SprintRules::from_assignments(&["no_progress_plies=3"]).is_err());
        assert!(SprintRules::from_assignments(&["backward_captures=maybe"]).is_err());
        assert_eq!(SprintRules::default().draw_rules(), DrawRules::NONE);
    }
}
