//! The search techniques beyond plain alpha-beta, each of which can be switched off to
//! measure what it is worth (`alphabeta:off=nmp+lmr`).

use std::fmt;

/// Which of the selective search techniques are on. All are on by default; a game that
/// offers no null move ([`Evaluate::null_move`](boardlab_core::Evaluate::null_move)) or no
/// check ([`Evaluate::in_check`](boardlab_core::Evaluate::in_check)) simply never uses
/// those.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Null-move pruning: if passing the turn still fails high, the position is cut.
    pub null_move: bool,
    /// Late-move reductions: quiet moves ordered late are searched less deep first.
    pub late_move_reductions: bool,
    /// Reverse futility, futility and late-move pruning near the leaves.
    pub futility: bool,
    /// Aspiration windows around the last iteration's score at the root.
    pub aspiration: bool,
    /// An attacked key piece (check) extends the search and is answered in quiescence.
    pub check: bool,
    /// Static exchange evaluation: losing captures are ordered last and skipped in
    /// quiescence, and moves that lose too much in the exchange are pruned near the leaves.
    pub exchange: bool,
    /// History with maluses for the quiet moves tried before a cut-off, the continuation
    /// history (answers to the opponent's last move), and reductions that follow them.
    pub history: bool,
    /// Pruning that is bolder when the static evaluation has fallen since the side last
    /// moved, and more careful when it has risen.
    pub improving: bool,
    /// Internal iterative reduction: a node without a table move is searched one ply less.
    pub iir: bool,
    /// Singular extensions: a table move that no other move comes near is searched a ply
    /// deeper (and one that others match, a ply less).
    pub singular: bool,
    /// Correction history: static evaluations are moved by what searches found in positions
    /// of the same structure (Obsidian's F's).
    pub correction: bool,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            null_move: true,
            late_move_reductions: true,
            futility: true,
            aspiration: true,
            check: true,
            exchange: true,
            history: true,
            improving: true,
            iir: true,
            singular: true,
            correction: true,
        }
    }
}

/// The short names of the features, as `off=` takes them.
pub const FEATURE_NAMES: &str =
    "nmp, lmr, futility, aspiration, check, see, history, improving, iir, singular, correction";

impl Features {
    /// Switches off the features named in `list` (names joined by `+`, e.g. `nmp+lmr`, or
    /// `all`; `none` changes nothing). Returns the unknown name on error.
    pub fn switch_off(&mut self, list: &str) -> Result<(), String> {
        for name in list.split('+') {
            match name {
                "nmp" => self.null_move = false,
                "lmr" => self.late_move_reductions = false,
                "futility" => self.futility = false,
                "aspiration" => self.aspiration = false,
                "check" => self.check = false,
                "see" => self.exchange = false,
                "history" => self.history = false,
                "improving" => self.improving = false,
                "iir" => self.iir = false,
                "singular" => self.singular = false,
                "correction" => self.correction = false,
                "none" => {}
                "all" => {
                    *self = Features {
                        null_move: false,
                        late_move_reductions: false,
                        futility: false,
                        aspiration: false,
                        check: false,
                        exchange: false,
                        history: false,
                        improving: false,
                        iir: false,
                        singular: false,
                        correction: false,
                    }
                }
                other => return Err(other.to_string()),
            }
        }
        Ok(())
    }
}

impl fmt::Display for Features {
    /// The features that are off, joined by `+` (`none` when all are on).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let off: Vec<&str> = [
            (self.null_move, "nmp"),
            (self.late_move_reductions, "lmr"),
            (self.futility, "futility"),
            (self.aspiration, "aspiration"),
            (self.check, "check"),
            (self.exchange, "see"),
            (self.history, "history"),
            (self.improving, "improving"),
            (self.iir, "iir"),
            (self.singular, "singular"),
            (self.correction, "correction"),
        ]
        .into_iter()
        .filter(|(on, _)| !on)
        .map(|(_, name)| name)
        .collect();
        if off.is_empty() {
            f.write_str("none")
        } else {
            f.write_str(&off.join("+"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_are_switched_off_by_name() {
        let mut features = Features::default();
        features.switch_off("nmp+lmr").unwrap();
        assert!(!features.null_move && !features.late_move_reductions && features.futility);
        assert_eq!(features.to_string(), "nmp+lmr");
        assert_eq!(features.switch_off("lmr+bogus"), Err("bogus".to_string()));
        features.switch_off("all").unwrap();
        assert_eq!(
            features.to_string(),
            "nmp+lmr+futility+aspiration+check+see+history+improving+iir+singular+correction"
        );
        assert_eq!(Features::default().to_string(), "none");
    }
}
