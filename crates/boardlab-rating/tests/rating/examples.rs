//! Glickman's worked example and the behaviour of single games.

use boardlab_rating::{
    MAX_DEVIATION, PROVISIONAL_DEVIATION, Rating, Score, expected_score, rate, rate_game,
};

fn rating(rating: f64, deviation: f64, volatility: f64) -> Rating {
    Rating {
        rating,
        deviation,
        volatility,
    }
}

/// `value` rounded to `digits` decimals, as an integer count of the last digit.
fn rounded(value: f64, digits: i32) -> i64 {
    (value * 10f64.powi(digits)).round() as i64
}

/// The example of the paper: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300.
fn worked_example() -> Rating {
    rate(
        rating(1500.0, 200.0, 0.06),
        &[
            (rating(1400.0, 30.0, 0.06), Score::Win),
            (rating(1550.0, 100.0, 0.06), Score::Loss),
            (rating(1700.0, 300.0, 0.06), Score::Loss),
        ],
    )
}

#[test]
fn glickmans_worked_example() {
    let new = worked_example();
    assert!((new.rating - 1464.06).abs() <= 0.01, "{new:?}");
    assert!((new.deviation - 151.52).abs() <= 0.01, "{new:?}");
    assert!((new.volatility - 0.05999).abs() <= 0.00001, "{new:?}");
}

#[test]
fn glickmans_worked_example_rounded_as_printed() {
    let new = worked_example();
    // The deviation rounds to the paper's 151.52 directly.
    assert_eq!(rounded(new.deviation, 2), 15152, "{new:?}");

    // The exact rating is 1464.0507, which rounds to 1464.05: the paper rounds μ' to four
    // digits (−0.2069) before it scales back, and that path gives its 1464.06.
    let mu = (new.rating - 1500.0) / 173.7178;
    assert_eq!(rounded(mu, 4), -2069, "{new:?}");
    assert_eq!(rounded(-0.2069 * 173.7178 + 1500.0, 2), 146406);
    assert_eq!(rounded(new.rating, 2), 146405, "{new:?}");

    // The exact volatility is 0.0599960, which rounds to 0.06000 at five digits; the paper's
    // 0.05999 is those digits cut off, and four digits give 0.0600.
    assert_eq!((new.volatility * 1e5).floor() as i64, 5999, "{new:?}");
    assert_eq!(rounded(new.volatility, 4), 600, "{new:?}");
}

#[test]
fn expected_score_of_the_example() {
    let player = rating(1500.0, 200.0, 0.06);
    let e = [
        expected_score(player, rating(1400.0, 30.0, 0.06)),
        expected_score(player, rating(1550.0, 100.0, 0.06)),
        expected_score(player, rating(1700.0, 300.0, 0.06)),
    ];
    for (e, paper) in e.iter().zip([0.639, 0.432, 0.303]) {
        assert!((e - paper).abs() < 0.0005, "{e} against {paper}");
    }
    assert_eq!(expected_score(player, player), 0.5);
    // Only the opponent's deviation counts: with equal deviations the two sides add up to 1.
    let (a, b) = (rating(1650.0, 80.0, 0.06), rating(1420.0, 80.0, 0.06));
    assert!((expected_score(a, b) + expected_score(b, a) - 1.0).abs() < 1e-12);
    assert!(expected_score(a, b) > 0.5);
}

#[test]
fn a_win_moves_the_winner_up_and_the_loser_down() {
    let first = rating(1500.0, 200.0, 0.06);
    let second = rating(1600.0, 150.0, 0.06);
    let (winner, loser) = rate_game(first, second, Score::Win);
    assert!(winner.rating > first.rating, "{winner:?}");
    assert!(loser.rating < second.rating, "{loser:?}");
    assert!(winner.deviation < first.deviation, "{winner:?}");
    assert!(loser.deviation < second.deviation, "{loser:?}");

    // Between equally certain players, an upset moves the ratings further than the expected
    // result does.
    let (a, b) = (rating(1500.0, 150.0, 0.06), rating(1600.0, 150.0, 0.06));
    let (upset_winner, upset_loser) = rate_game(a, b, Score::Win);
    let (expected_winner, expected_loser) = rate_game(b, a, Score::Win);
    assert!(upset_winner.rating - a.rating > expected_winner.rating - b.rating);
    assert!(b.rating - upset_loser.rating > a.rating - expected_loser.rating);
}

#[test]
fn a_draw_between_equals_moves_only_the_deviations() {
    for equal in [
        Rating::NEW,
        rating(1834.5, 61.0, 0.05),
        rating(1200.0, 120.0, 0.09),
    ] {
        let (first, second) = rate_game(equal, equal, Score::Draw);
        assert_eq!(first, second);
        assert_eq!(first.rating, equal.rating);
        assert!(first.deviation < equal.deviation, "{first:?}");
    }
}

#[test]
fn swapping_the_players_swaps_the_results() {
    let a = rating(1720.0, 90.0, 0.061);
    let b = rating(1480.0, 240.0, 0.058);
    for score in [Score::Win, Score::Draw, Score::Loss] {
        let (a_new, b_new) = rate_game(a, b, score);
        let (b_swapped, a_swapped) = rate_game(b, a, score.opposite());
        assert_eq!((a_new, b_new), (a_swapped, b_swapped), "{score:?}");
    }
}

#[test]
fn an_empty_period_grows_the_deviation_up_to_350() {
    let player = rating(1700.0, 200.0, 0.06);
    let idle = rate(player, &[]);
    assert_eq!(idle.rating, player.rating);
    assert_eq!(idle.volatility, player.volatility);
    // √(200² + (173.7178 · 0.06)²) = 200.2714.
    assert!((idle.deviation - 200.2714).abs() < 0.0001, "{idle:?}");

    let near_cap = rate(rating(1700.0, 349.9, 0.06), &[]);
    assert_eq!(near_cap.deviation, MAX_DEVIATION);
    assert_eq!(rate(Rating::NEW, &[]), Rating::NEW);

    let mut long_gone = player;
    for _ in 0..1000 {
        let next = rate(long_gone, &[]);
        assert!(next.deviation >= long_gone.deviation && next.deviation <= MAX_DEVIATION);
        long_gone = next;
    }
    assert_eq!(long_gone.deviation, MAX_DEVIATION);
}

#[test]
fn new_ratings_and_provisional_ones() {
    assert_eq!(Rating::default(), Rating::NEW);
    assert_eq!(Rating::NEW, rating(1500.0, 350.0, 0.06));
    assert!(Rating::NEW.is_provisional());
    assert!(rating(1500.0, PROVISIONAL_DEVIATION, 0.06).is_provisional());
    assert!(!rating(1500.0, 109.99, 0.06).is_provisional());
    assert!(rating(1500.0, f64::NAN, 0.06).is_provisional());

    // A new player needs a number of games to leave the provisional phase.
    let mut player = Rating::NEW;
    let mut games = 0;
    while player.is_provisional() {
        player = rate_game(player, Rating::NEW, Score::Draw).0;
        games += 1;
        assert!(games < 100, "{player:?}");
    }
    assert!(games > 3, "{games}");
}

#[test]
fn scores() {
    assert_eq!(Score::Win.value(), 1.0);
    assert_eq!(Score::Draw.value(), 0.5);
    assert_eq!(Score::Loss.value(), 0.0);
    for score in [Score::Win, Score::Draw, Score::Loss] {
        assert_eq!(score.opposite().opposite(), score);
        assert_eq!(score.value() + score.opposite().value(), 1.0);
    }
}

#[test]
fn ratings_and_scores_are_serde_types() {
    fn serde_type<T: serde::Serialize + serde::de::DeserializeOwned>() {}
    serde_type::<Rating>();
    serde_type::<Score>();
}
