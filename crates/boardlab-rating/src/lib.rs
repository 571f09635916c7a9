//! Glicko-2 ratings, as Mark Glickman's paper "Example of the Glicko-2 system" gives them.
//!
//! A [`Rating`] is a rating, a rating deviation (how uncertain the rating is) and a volatility
//! (how erratic the player's results are). [`rate`] runs one rating period of the paper: a player
//! and the games they played in it. [`rate_game`] treats a single game as its own rating period
//! and updates both players from their ratings before the game, which is how boardlab uses it.
//! [`expected_score`] is the paper's `E`, a win chance to show before a game.
//!
//! # Inputs a caller could get wrong
//!
//! No function here panics, and for every input, finite or not, every number it returns is
//! finite. Each rating that goes in (the player's and every opponent's) is first brought into
//! range, the same way [`Rating::clamped`] does it:
//!
//! - a rating that is NaN becomes 1500; other ratings are clamped into
//!   [`MIN_RATING`]`..=`[`MAX_RATING`] (infinities included);
//! - a deviation that is NaN becomes [`MAX_DEVIATION`] (nothing is known about the player);
//!   other deviations, negative ones included, are clamped into
//!   [`MIN_DEVIATION`]`..=`[`MAX_DEVIATION`];
//! - a volatility that is NaN becomes 0.06; other volatilities, zero and negative ones
//!   included, are clamped into [`MIN_VOLATILITY`]`..=`[`MAX_VOLATILITY`].
//!
//! Every rating that comes out lies in the same ranges. For ordinary inputs (ratings within a
//! few thousand points of each other) none of this changes anything but the cap of the
//! deviation at 350.

#![warn(missing_docs)]

use serde::{Deserialize, Serialize};

/// The factor between the Glicko scale (ratings around 1500) and the Glicko-2 scale the
/// computation works on: `μ = (r − 1500) / 173.7178` and `φ = RD / 173.7178`.
const SCALE: f64 = 173.7178;

/// The rating of a new player, and the centre of the Glicko-2 scale.
const CENTRE: f64 = 1500.0;

/// The system constant τ, which limits how fast a volatility can change in one rating period.
///
/// Glickman suggests a value between 0.3 and 1.2 (smaller keeps volatilities steadier, which
/// suits games where upsets are rare); his worked example, and boardlab, use 0.5.
pub const TAU: f64 = 0.5;

/// The convergence tolerance ε of the volatility iteration (the Illinois algorithm), on the
/// scale of `ln σ²`, as in the paper.
pub const CONVERGENCE_TOLERANCE: f64 = 0.000_001;

/// A deviation at or above this marks a rating as provisional: a rating is provisional until
/// its deviation falls below 110.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The largest deviation, that of a new player; no update ever returns a larger one.
pub const MAX_DEVIATION: f64 = 350.0;

/// The smallest deviation an input is clamped to (a deviation that is zero, negative or tiny
/// would claim a rating that is known exactly). Games alone never get a deviation near it.
pub const MIN_DEVIATION: f64 = 1.0;

/// The smallest volatility an input is clamped to.
pub const MIN_VOLATILITY: f64 = 0.000_1;

/// The largest volatility an input is clamped to, and that an update returns.
pub const MAX_VOLATILITY: f64 = 1.0;

/// The lowest rating an input is clamped to, and that an update returns.
pub const MIN_RATING: f64 = -10_000.0;

/// The highest rating an input is clamped to, and that an update returns.
pub const MAX_RATING: f64 = 10_000.0;

/// How many steps the volatility iteration may take at most. For ordinary inputs the Illinois
/// algorithm converges in 5 to 40 steps. When the root lies next to one end of the bracket
/// and f is tiny there (an expected result between ratings thousands of points apart), it
/// halves the other end's value up to about a thousand times before it gets there; the cap
/// lies well beyond that and only guarantees an end for any input.
const MAX_ITERATIONS: usize = 10_000;

/// A player's Glicko-2 rating, on the familiar Glicko scale (around 1500).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating itself, `r`; a new player has 1500.
    pub rating: f64,
    /// The rating deviation `RD`: how uncertain the rating is (a 95% interval is about
    /// rating ± 2 deviations). A new player has 350, the largest there is.
    pub deviation: f64,
    /// The volatility `σ`: how erratic the player's results are, the expected size of a
    /// fluctuation of their strength. A new player has 0.06.
    pub volatility: f64,
}

impl Rating {
    /// The rating of a new player: 1500, deviation 350, volatility 0.06.
    pub const NEW: Rating = Rating {
        rating: CENTRE,
        deviation: MAX_DEVIATION,
        volatility: 0.06,
    };

    /// Whether the rating is still provisional: its deviation is [`PROVISIONAL_DEVIATION`]
    /// (110) or more. A NaN deviation counts as provisional.
    pub fn is_provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION || self.deviation.is_nan()
    }

    /// This rating brought into the ranges every function here works in (see the
    /// [crate documentation](crate)): NaN fields take the value of a new player (NaN
    /// deviation: 350), the others are clamped into [`MIN_RATING`]`..=`[`MAX_RATING`],
    /// [`MIN_DEVIATION`]`..=`[`MAX_DEVIATION`] and [`MIN_VOLATILITY`]`..=`[`MAX_VOLATILITY`].
    /// A rating already in range comes back unchanged.
    pub fn clamped(self) -> Rating {
        Rating {
            rating: clamp_or(self.rating, MIN_RATING, MAX_RATING, CENTRE),
            deviation: clamp_or(self.deviation, MIN_DEVIATION, MAX_DEVIATION, MAX_DEVIATION),
            volatility: clamp_or(
                self.volatility,
                MIN_VOLATILITY,
                MAX_VOLATILITY,
                Rating::NEW.volatility,
            ),
        }
    }
}

impl Default for Rating {
    /// [`Rating::NEW`]: 1500, deviation 350, volatility 0.06.
    fn default() -> Self {
        Rating::NEW
    }
}

/// The result of a game for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Score {
    /// The player won.
    Win,
    /// The game was drawn.
    Draw,
    /// The player lost.
    Loss,
}

impl Score {
    /// The score `s` of the paper: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn value(self) -> f64 {
        match self {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        }
    }

    /// The same game's result for the opponent: a win becomes a loss and the other way round;
    /// a draw stays a draw.
    pub fn opposite(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

/// The paper's expected score `E`: the chance, from 0 to 1, that `player` beats `opponent`
/// (a draw counting half), as the rating period of [`rate`] assumes it.
///
/// As in the paper, only the opponent's deviation enters, so `expected_score(a, b)` and
/// `expected_score(b, a)` add up to exactly 1 only when the two deviations are equal. Inputs are
/// brought into range first (see the [crate documentation](crate)); the result is never NaN.
pub fn expected_score(player: Rating, opponent: Rating) -> f64 {
    let player = Scaled::from(player.clamped());
    let opponent = Scaled::from(opponent.clamped());
    let z = g(opponent.phi) * (player.mu - opponent.mu);
    logistic(z)
}

/// One rating period of the paper: `player`'s new rating after the `games` they played in it,
/// each an opponent's rating (from before the period) and `player`'s score against them.
///
/// With no games, the paper's step for a player who did not compete applies: the rating and the
/// volatility stay, and the deviation grows to `√(RD² + (173.7178·σ)²)`, never above 350.
///
/// The returned deviation is never above [`MAX_DEVIATION`]; all inputs are brought into range
/// first and the result lies in range too (see the [crate documentation](crate)).
pub fn rate(player: Rating, games: &[(Rating, Score)]) -> Rating {
    let player = player.clamped();
    let Scaled { mu, phi } = Scaled::from(player);
    let sigma = player.volatility;

    if games.is_empty() {
        // Step 6 alone: φ' = φ* = √(φ² + σ²).
        let phi_star = phi.hypot(sigma);
        return Rating {
            rating: player.rating,
            deviation: cap_deviation(SCALE * phi_star),
            volatility: sigma,
        };
    }

    // Step 3 and 4: the estimated variance v and the sum behind the improvement Δ.
    let mut inverse_v = 0.0;
    let mut improvement_sum = 0.0;
    for &(opponent, score) in games {
        let opponent = Scaled::from(opponent.clamped());
        let g_j = g(opponent.phi);
        let z = g_j * (mu - opponent.mu);
        // E and 1 − E each computed directly, so that neither rounds to 0 against a far
        // stronger or far weaker opponent; s − E = s·(1 − E) − (1 − s)·E exactly.
        let expected = logistic(z);
        let unexpected = logistic(-z);
        let s = score.value();
        inverse_v += g_j * g_j * expected * unexpected;
        improvement_sum += g_j * (s * unexpected - (1.0 - s) * expected);
    }
    // The ranges of the inputs keep |z| below about 120, so the sum stays a normal positive
    // number; the guard only makes the code safe on its own.
    let v = 1.0 / inverse_v.max(f64::MIN_POSITIVE);
    let delta = v * improvement_sum;

    // Step 5: the new volatility.
    let sigma_new = new_volatility(phi, sigma, v, delta);

    // Step 6 to 8: the pre-period deviation φ*, the new φ' and μ', scaled back.
    let phi_star = phi.hypot(sigma_new);
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    // The paper's μ' = μ + φ'² Σ g(φⱼ)(sⱼ − Eⱼ), added on the Glicko scale so that a period
    // without surprise (sum 0) leaves the rating exactly as it was.
    let rating = player.rating + SCALE * phi_new * phi_new * improvement_sum;
    let deviation = cap_deviation(SCALE * phi_new);

    Rating {
        rating: clamp_or(rating, MIN_RATING, MAX_RATING, player.rating),
        deviation,
        volatility: clamp_or(sigma_new, MIN_VOLATILITY, MAX_VOLATILITY, sigma),
    }
}

/// A single game as its own rating period: the new ratings of `first` and `second` after a game
/// in which `first` scored `first_score`. Both are computed from the ratings before the game,
/// so the order of the two players does not matter: swapping them (and the score) swaps the
/// results.
pub fn rate_game(first: Rating, second: Rating, first_score: Score) -> (Rating, Rating) {
    (
        rate(first, &[(second, first_score)]),
        rate(second, &[(first, first_score.opposite())]),
    )
}

/// A rating on the Glicko-2 scale.
#[derive(Clone, Copy, Debug)]
struct Scaled {
    /// μ = (r − 1500) / 173.7178.
    mu: f64,
    /// φ = RD / 173.7178.
    phi: f64,
}

impl From<Rating> for Scaled {
    fn from(rating: Rating) -> Self {
        Scaled {
            mu: (rating.rating - CENTRE) / SCALE,
            phi: rating.deviation / SCALE,
        }
    }
}

/// The paper's g(φ) = 1 / √(1 + 3φ²/π²), which discounts a game against an uncertain opponent.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// 1 / (1 + e^(−z)), the shape of the paper's E.
fn logistic(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Step 5 of the paper: the new volatility σ', the root of f(x) found by the Illinois algorithm
/// (a regula falsi that halves the stale end's value), returned as e^(A/2).
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
    illinois(phi, sigma, v, delta).0
}

/// [`new_volatility`], and how many steps its iteration took.
fn illinois(phi: f64, sigma: f64, v: f64, delta: f64) -> (f64, usize) {
    let phi2 = phi * phi;
    let delta2 = delta * delta;
    let a = (sigma * sigma).ln();
    let tau2 = TAU * TAU;
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi2 + v + ex;
        ex * (delta2 - phi2 - v - ex) / (2.0 * d * d) - (x - a) / tau2
    };

    // The starting bracket, the paper's A and B: f is positive far left and negative far right.
    let mut end_a = a;
    let mut end_b = if delta2 > phi2 + v {
        (delta2 - phi2 - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 && k < MAX_ITERATIONS as f64 {
            k += 1.0;
        }
        a - k * TAU
    };

    let mut f_a = f(end_a);
    let mut f_b = f(end_b);
    let mut steps = 0;
    while (end_b - end_a).abs() > CONVERGENCE_TOLERANCE && steps < MAX_ITERATIONS {
        steps += 1;
        if !(f_a.is_finite() && f_b.is_finite()) || f_b == f_a {
            break;
        }
        let c = end_a + (end_a - end_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        // The paper has f(C)·f(B) < 0; ≤ 0 takes the same step except when f(C) is exactly
        // 0, where < 0 would never shrink the bracket again.
        if f_c * f_b <= 0.0 {
            end_a = end_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        end_b = c;
        f_b = f_c;
    }

    let sigma_new = (end_a / 2.0).exp();
    let sigma_new = if sigma_new.is_finite() {
        sigma_new
    } else {
        sigma
    };
    (sigma_new, steps)
}

/// Caps a deviation at [`MAX_DEVIATION`] (and keeps it from [`MIN_DEVIATION`] downwards).
fn cap_deviation(deviation: f64) -> f64 {
    clamp_or(deviation, MIN_DEVIATION, MAX_DEVIATION, MAX_DEVIATION)
}

/// `value` clamped into `min..=max`, or `fallback` when it is NaN.
fn clamp_or(value: f64, min: f64, max: f64, fallback: f64) -> f64 {
    if value.is_nan() {
        fallback
    } else {
        value.clamp(min, max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The intermediate values of Glickman's worked example.
    #[test]
    fn worked_example_steps() {
        let player = Scaled::from(Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        });
        assert!((player.mu - 0.0).abs() < 1e-12);
        assert!((player.phi - 1.1513).abs() < 0.00005);

        let opponents = [
            (1400.0, 30.0, 1.0),
            (1550.0, 100.0, 0.0),
            (1700.0, 300.0, 0.0),
        ];
        let expected_g = [0.9955, 0.9531, 0.7242];
        let expected_e = [0.639, 0.432, 0.303];
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for (i, &(r, rd, s)) in opponents.iter().enumerate() {
            let o = Scaled::from(Rating {
                rating: r,
                deviation: rd,
                volatility: 0.06,
            });
            let g_j = g(o.phi);
            let e = logistic(g_j * (player.mu - o.mu));
            assert!((g_j - expected_g[i]).abs() < 0.00005, "g {i}: {g_j}");
            assert!((e - expected_e[i]).abs() < 0.0005, "E {i}: {e}");
            inverse_v += g_j * g_j * e * (1.0 - e);
            sum += g_j * (s - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        // The paper works these out from E rounded to three digits, which moves the fourth.
        assert!((v - 1.7785).abs() < 0.001, "v {v}");
        assert!((delta - -0.4834).abs() < 0.001, "Δ {delta}");

        let sigma = new_volatility(player.phi, 0.06, v, delta);
        assert!((sigma - 0.05999).abs() < 0.00001, "σ' {sigma}");
        let phi_star = player.phi.hypot(sigma);
        assert!((phi_star - 1.152862).abs() < 0.00001, "φ* {phi_star}");
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        assert!((phi_new - 0.8722).abs() < 0.00005, "φ' {phi_new}");
        let mu_new = player.mu + phi_new * phi_new * sum;
        assert!((mu_new - -0.2069).abs() < 0.00005, "μ' {mu_new}");
    }

    #[test]
    fn volatility_iteration_takes_the_other_start_when_delta_is_small() {
        // Δ² ≤ φ² + v: the bracket is found by stepping left from a = ln σ².
        let sigma = new_volatility(1.0, 0.06, 2.0, 0.1);
        assert!(
            sigma.is_finite() && sigma > 0.0 && sigma < 0.06,
            "σ' {sigma}"
        );
    }

    #[test]
    fn volatility_iteration_converges_at_the_extremes() {
        // The scale values of the extreme inputs: φ from 1/173.7 to 2.01, σ from 0.0001 to 1,
        // v up to about e^115 (ratings 20,000 points apart), Δ from nothing to huge.
        let mut worst = 0;
        for phi in [MIN_DEVIATION / SCALE, 0.5, MAX_DEVIATION / SCALE] {
            for sigma in [MIN_VOLATILITY, 0.06, MAX_VOLATILITY] {
                for v in [0.01, 1.0, 1e10, 1e50] {
                    for delta in [0.0, 1e-50, -1e-3, 1.0, -1e10, 1e50] {
                        let (sigma_new, steps) = illinois(phi, sigma, v, delta);
                        assert!(sigma_new.is_finite() && sigma_new > 0.0);
                        assert!(steps < MAX_ITERATIONS / 5, "{phi} {sigma} {v} {delta}");
                        worst = worst.max(steps);
                    }
                }
            }
        }
        assert!(worst > 100, "the slow case is covered: {worst}");
        // An expected result far away leaves the volatility where it was.
        let (sigma_new, _) = illinois(0.5, MIN_VOLATILITY, 1e50, 1e-50);
        assert!((sigma_new - MIN_VOLATILITY).abs() < 1e-9, "{sigma_new}");
    }

    #[test]
    fn clamping() {
        let garbage = Rating {
            rating: f64::NAN,
            deviation: -5.0,
            volatility: f64::INFINITY,
        };
        assert_eq!(
            garbage.clamped(),
            Rating {
                rating: 1500.0,
                deviation: MIN_DEVIATION,
                volatility: MAX_VOLATILITY,
            }
        );
        let nan = Rating {
            rating: f64::NEG_INFINITY,
            deviation: f64::NAN,
            volatility: f64::NAN,
        };
        assert_eq!(
            nan.clamped(),
            Rating {
                rating: MIN_RATING,
                ..Rating::NEW
            }
        );
        let fine = Rating {
            rating: 1834.5,
            deviation: 61.25,
            volatility: 0.0577,
        };
        assert_eq!(fine.clamped(), fine);
    }
}
