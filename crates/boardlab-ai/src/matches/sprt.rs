//! The sequential probability ratio test of a match: is bot A at least `elo1` stronger than
//! bot B (H1), or at most `elo0` (H0)?
//!
//! This is the generalised SPRT (GSPRT) on trinomial results (wins, draws, losses) in
//! logistic Elo, as Fishtest computes it for game results (`LLR_logistic` of its
//! `LLRcalc`): each hypothesis fixes the expected score `s = 1 / (1 + 10^(-elo / 400))`; the
//! likelihood of the results under each is maximised over the trinomial distributions with
//! that expected score (the maximum-likelihood estimate under the constraint, found by
//! solving the secular equation for its Lagrange multiplier), and the log-likelihood ratio
//! is `LLR = N · Σ p̂ᵢ ln(q₁ᵢ / q₀ᵢ)`, where `p̂` are the observed frequencies (a count of zero
//! is replaced by 0.001, as Fishtest does, so that the first games give finite values). The
//! test accepts H1 once `LLR ≥ ln((1 - β) / α)` and H0 once `LLR ≤ ln(β / (1 - α))`.

use crate::matches::elo::Tally;
use boardlab_core::quoted;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// What a zero count is replaced by (Fishtest's regularisation).
const ZERO_COUNT: f64 = 1e-3;

/// The hypotheses and error rates of a test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// H0: bot A is at most this much stronger (logistic Elo).
    pub elo0: f64,
    /// H1: bot A is at least this much stronger.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where a test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The LLR crossed the lower bound: H0 (at most elo0) is accepted.
    H0,
    /// The LLR crossed the upper bound: H1 (at least elo1) is accepted.
    H1,
    /// Neither bound is crossed yet.
    Continue,
}

/// An `--sprt` text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "--sprt {}: {problem}; expected elo0=E0,elo1=E1[,alpha=A,beta=B] with E0 < E1 and A, B between 0 and 0.5 (e.g. elo0=0,elo1=10)",
    quoted(text)
)]
pub struct SprtError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub problem: String,
}

impl Sprt {
    /// The lower and upper bounds of the LLR: `ln(β / (1 - α))` and `ln((1 - β) / α)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for bot A's results.
    pub fn llr(&self, tally: &Tally) -> f64 {
        let counts = [tally.losses, tally.draws, tally.wins].map(|c| match c {
            0 => ZERO_COUNT,
            n => n as f64,
        });
        let n: f64 = counts.iter().sum();
        let observed = counts.map(|c| c / n);
        let q0 = constrained_mle(&observed, expected_score(self.elo0));
        let q1 = constrained_mle(&observed, expected_score(self.elo1));
        n * (0..3)
            .map(|i| observed[i] * (q1[i] / q0[i]).ln())
            .sum::<f64>()
    }

    /// The decision for bot A's results so far.
    pub fn decide(&self, tally: &Tally) -> Decision {
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Decision::H1
        } else if llr <= lower {
            Decision::H0
        } else {
            Decision::Continue
        }
    }
}

/// The expected score of a logistic Elo difference.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The scores of a loss, a draw and a win.
const SCORES: [f64; 3] = [0.0, 0.5, 1.0];

/// The trinomial distribution with expected score `s` that makes the `observed` frequencies
/// (all positive) most likely: `qᵢ = p̂ᵢ / (1 + x (aᵢ - s))`, with `x` the root of
/// `Σ p̂ᵢ (aᵢ - s) / (1 + x (aᵢ - s)) = 0` on `(-1 / (1 - s), 1 / s)`, where the function
/// decreases; found by bisection.
fn constrained_mle(observed: &[f64; 3], s: f64) -> [f64; 3] {
    let f = |x: f64| {
        (0..3)
            .map(|i| observed[i] * (SCORES[i] - s) / (1.0 + x * (SCORES[i] - s)))
            .sum::<f64>()
    };
    let (mut low, mut high) = (-1.0 / (1.0 - s), 1.0 / s);
    let margin = 1e-12 * (high - low);
    (low, high) = (low + margin, high - margin);
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if f(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    let x = 0.5 * (low + high);
    [0, 1, 2].map(|i| observed[i] / (1.0 + x * (SCORES[i] - s)))
}

impl FromStr for Sprt {
    type Err = SprtError;

    /// Reads `elo0=E0,elo1=E1[,alpha=A,beta=B]` (alpha and beta default to 0.05).
    fn from_str(text: &str) -> Result<Sprt, SprtError> {
        let error = |problem: String| SprtError {
            text: text.to_string(),
            problem,
        };
        let (mut elo0, mut elo1) = (None, None);
        let (mut alpha, mut beta) = (0.05, 0.05);
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| error(format!("{} is not NAME=VALUE", quoted(part))))?;
            let number = value
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| error(format!("{} is not a number", quoted(value))))?;
            match key.trim() {
                "elo0" => elo0 = Some(number),
                "elo1" => elo1 = Some(number),
                "alpha" => alpha = number,
                "beta" => beta = number,
                other => {
                    return Err(error(format!(
                        "unknown parameter {} (valid: elo0, elo1, alpha, beta)",
                        quoted(other)
                    )));
                }
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            return Err(error("elo0 and elo1 are both required".to_string()));
        };
        if elo0 >= elo1 {
            return Err(error(format!("elo0 ({elo0}) must be below elo1 ({elo1})")));
        }
        if elo0.abs() >= 2000.0 || elo1.abs() >= 2000.0 {
            return Err(error("Elo bounds must lie within ±2000".to_string()));
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(error(format!("{name} {value} is not between 0 and 0.5")));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

impl fmt::Display for Sprt {
    /// `elo0=0 elo1=10 alpha=0.05 beta=0.05`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    const STANDARD: Sprt = Sprt {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
    };

    /// Values computed by hand with an independent Python script (the same GSPRT: bisection
    /// for the multiplier of each constrained maximum-likelihood estimate).
    #[test]
    fn llr_of_hand_computed_cases() {
        let cases = [
            (STANDARD, tally(60, 20, 20), 1.389_822_163_939_287_8),
            (STANDARD, tally(10, 80, 10), -0.205_734_382_501_784_36),
            (STANDARD, tally(550, 100, 450), 2.665_282_151_980_167_5),
            (STANDARD, tally(0, 0, 10), -0.291_965_495_461_320_95),
            (STANDARD, tally(5, 0, 0), 0.141_839_960_094_933_16),
        ];
        for (sprt, results, expected) in cases {
            let llr = sprt.llr(&results);
            assert!(
                (llr - expected).abs() < 1e-9,
                "{results}: {llr} vs {expected}"
            );
        }
        let symmetric = Sprt {
            elo0: -10.0,
            elo1: 10.0,
            ..STANDARD
        };
        assert!(symmetric.llr(&tally(30, 40, 30)).abs() < 1e-9);
    }

    #[test]
    fn bounds_and_decisions() {
        let (lower, upper) = STANDARD.bounds();
        assert!((lower + 2.944_438_979_166_440_3).abs() < 1e-12);
        assert!((upper - 2.944_438_979_166_440_3).abs() < 1e-12);
        assert_eq!(STANDARD.decide(&tally(60, 20, 20)), Decision::Continue);
        assert_eq!(STANDARD.decide(&tally(600, 200, 200)), Decision::H1);
        assert_eq!(STANDARD.decide(&tally(200, 200, 600)), Decision::H0);
        assert_eq!(STANDARD.decide(&Tally::default()), Decision::Continue);
    }

    #[test]
    fn text_is_read_with_clear_errors() {
        let sprt: Sprt = "elo0=0,elo1=10".parse().unwrap();
        assert_eq!(sprt, STANDARD);
        let sprt: Sprt = "elo0=-5, elo1=5, alpha=0.1, beta=0.2".parse().unwrap();
        assert_eq!((sprt.elo0, sprt.alpha, sprt.beta), (-5.0, 0.1, 0.2));
        let cases = [
            ("elo0=0", "elo0 and elo1 are both required"),
            ("elo0=10,elo1=0", "must be below elo1"),
            ("elo0=0,elo1=x", "'x' is not a number"),
            (
                "elo0=0,elo1=10,alpha=0.7",
                "alpha 0.7 is not between 0 and 0.5",
            ),
            ("elo0=0,elo1=10,gamma=1", "unknown parameter 'gamma'"),
            ("elo0", "'elo0' is not NAME=VALUE"),
        ];
        for (text, expected) in cases {
            let err = text.parse::<Sprt>().unwrap_err().to_string();
            assert!(err.contains(expected), "{text}: {err}");
            assert!(!err.contains('\n'), "one line: {err}");
        }
    }
}
