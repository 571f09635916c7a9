//! Sprint's rule options.

use boardlab_core::RuleError;
use boardlab_core::rules::{DrawRules, RuleInfo, RuleOptions, parse_bool};

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
    const GAME: &'static str = "sprint";

    fn options() -> &'static [RuleInfo] {
        &OPTIONS
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), RuleError> {
        match name {
            "backward_captures" => {
                self.backward_captures = parse_bool(Self::GAME, name, value)?;
                Ok(())
            }
            _ => Err(Self::unknown(name)),
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
