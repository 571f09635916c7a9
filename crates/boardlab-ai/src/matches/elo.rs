//! Match statistics: the score, the Elo difference it implies and a 95% interval.

use std::fmt;

/// Wins, draws and losses of one side of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// The number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The points scored: a win 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// The score as a share of the games (0 to 1); 0.5 with no games.
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => self.points() / n as f64,
        }
    }

    /// The Elo difference the score implies and its 95% interval `(low, high)`, from the
    /// normal approximation of the per-game score. Infinite at a score of 0 or 1.
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.games() as f64;
        if n == 0.0 {
            return (0.0, f64::NEG_INFINITY, f64::INFINITY);
        }
        let s = self.score();
        let variance = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n;
        let margin = 1.96 * (variance / n).sqrt();
        (elo_of(s), elo_of(s - margin), elo_of(s + margin))
    }
}

/// The Elo difference of a score share: `-400 log10(1/s - 1)`.
pub fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// An Elo figure with its sign, or `+inf`/`-inf`.
pub fn format_elo(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else if elo.round() == 0.0 {
        // Neither "+0" nor "-0": no difference has no sign.
        "0".into()
    } else {
        format!("{elo:+.0}")
    }
}

impl fmt::Display for Tally {
    /// `+W =D -L`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{} ={} -{}", self.wins, self.draws, self.losses)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        assert!(elo_of(0.5).abs() < 1e-9);
        assert!((elo_of(0.75) - 190.85).abs() < 0.1);
        let tally = Tally {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let (elo, low, high) = tally.elo();
        assert!(low < elo && elo < high);
        assert_eq!(format_elo(f64::INFINITY), "+inf");
        assert_eq!(format_elo(-0.0), "0");
        assert_eq!(format_elo(-0.3), "0");
        assert_eq!(format_elo(12.6), "+13");
        assert_eq!(tally.to_string(), "+60 =20 -20");
    }
}
