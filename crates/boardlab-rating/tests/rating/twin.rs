//! A brute-force twin: the paper's rating period computed again as plainly as possible, with the
//! volatility found by bisection instead of the Illinois algorithm, compared with the crate on
//! random inputs.

use boardlab_rating::{Rating, Score, rate};
use proptest::prelude::*;

/// The rating period of the paper, step by step, written out without care for speed or for
/// extreme inputs (fine for the ranges below). Returns (rating, deviation, volatility).
fn plain_period(player: Rating, games: &[(Rating, Score)]) -> (f64, f64, f64) {
    let pi = std::f64::consts::PI;
    // Step 2.
    let mu = (player.rating - 1500.0) / 173.7178;
    let phi = player.deviation / 173.7178;
    let sigma = player.volatility;
    let tau = 0.5;

    // Step 3 and 4.
    let mut v_sum = 0.0;
    let mut delta_sum = 0.0;
    for (opponent, score) in games {
        let mu_j = (opponent.rating - 1500.0) / 173.7178;
        let phi_j = opponent.deviation / 173.7178;
        let g = 1.0 / (1.0 + 3.0 * phi_j * phi_j / (pi * pi)).sqrt();
        let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
        let s = match score {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        };
        v_sum += g * g * e * (1.0 - e);
        delta_sum += g * (s - e);
    }
    let v = 1.0 / v_sum;
    let delta = v * delta_sum;

    // Step 5, by bisection: f is positive to the left of its root and negative to the right.
    // For large upsets f has three roots (the other two far above ln σ²); like the paper's
    // starting bracket, stepping out from a = ln σ² in small steps finds the one next to it.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let mut low = a;
    while f(low) <= 0.0 {
        low -= 0.25;
    }
    let mut high = a;
    while f(high) >= 0.0 {
        high += 0.25;
    }
    for _ in 0..200 {
        let middle = (low + high) / 2.0;
        if f(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let sigma_new = (low / 2.0).exp();

    // Step 6, 7 and 8.
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * delta_sum;
    let deviation = (173.7178 * phi_new).min(350.0);
    (173.7178 * mu_new + 1500.0, deviation, sigma_new)
}

fn sensible_rating() -> impl Strategy<Value = Rating> {
    (0.0..4000.0, 30.0..350.0, 0.01..0.2).prop_map(|(rating, deviation, volatility)| Rating {
        rating,
        deviation,
        volatility,
    })
}

fn score() -> impl Strategy<Value = Score> {
    prop_oneof![Just(Score::Win), Just(Score::Draw), Just(Score::Loss)]
}

fn relative_difference(a: f64, b: f64) -> f64 {
    (a - b).abs() / a.abs().max(b.abs())
}

#[test]
fn the_twin_reproduces_the_worked_example() {
    let player = Rating {
        rating: 1500.0,
        deviation: 200.0,
        volatility: 0.06,
    };
    let opponent = |rating, deviation| Rating {
        rating,
        deviation,
        volatility: 0.06,
    };
    let (rating, deviation, volatility) = plain_period(
        player,
        &[
            (opponent(1400.0, 30.0), Score::Win),
            (opponent(1550.0, 100.0), Score::Loss),
            (opponent(1700.0, 300.0), Score::Loss),
        ],
    );
    assert!((rating - 1464.06).abs() <= 0.01, "{rating}");
    assert!((deviation - 151.52).abs() <= 0.01, "{deviation}");
    assert!((volatility - 0.05999).abs() <= 0.00001, "{volatility}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn the_twin_agrees(
        player in sensible_rating(),
        games in prop::collection::vec((sensible_rating(), score()), 1..12),
    ) {
        let new = rate(player, &games);
        let (rating, deviation, volatility) = plain_period(player, &games);
        prop_assert!(
            relative_difference(new.volatility, volatility) <= 1e-6,
            "volatility {} against {volatility}", new.volatility
        );
        prop_assert!(
            relative_difference(new.deviation, deviation) <= 1e-6,
            "deviation {} against {deviation}", new.deviation
        );
        // On the Glicko-2 scale, where μ = 0 is 1500: 1e-6 of the scale factor.
        prop_assert!(
            (new.rating - rating).abs() <= 1e-6 * 173.7178,
            "rating {} against {rating}", new.rating
        );
    }

    #[test]
    fn the_twin_agrees_on_upsets(
        low in (0.0..1000.0, 30.0..350.0, 0.01..0.2),
        high in prop::collection::vec((2000.0..4000.0, 30.0..350.0, 0.01..0.2), 1..6),
        low_wins in any::<bool>(),
    ) {
        // Large upsets are where f has more than one root.
        let rating = |(rating, deviation, volatility)| Rating { rating, deviation, volatility };
        let (player, score) = if low_wins {
            (rating(low), Score::Win)
        } else {
            (rating((4000.0 - low.0, low.1, low.2)), Score::Loss)
        };
        let games: Vec<_> = high
            .into_iter()
            .map(|(r, d, s)| (rating((if low_wins { r } else { 4000.0 - r }, d, s)), score))
            .collect();
        let new = rate(player, &games);
        let (_, _, volatility) = plain_period(player, &games);
        prop_assert!(
            relative_difference(new.volatility, volatility) <= 1e-6,
            "volatility {} against {volatility}", new.volatility
        );
    }
}
