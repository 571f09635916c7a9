//! Property tests: sensible inputs give sensible ratings, garbage never panics.

use boardlab_rating::{
    MAX_DEVIATION, MAX_RATING, MAX_VOLATILITY, MIN_DEVIATION, MIN_RATING, MIN_VOLATILITY, Rating,
    Score, expected_score, rate, rate_game,
};
use proptest::prelude::*;

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

/// Any f64 at all, with the awkward ones often.
fn garbage_number() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(0.0),
        Just(-0.0),
        Just(f64::MAX),
        Just(f64::MIN),
        Just(f64::MIN_POSITIVE),
        Just(-350.0),
        -1e6..1e6,
        any::<f64>(),
    ]
}

fn garbage_rating() -> impl Strategy<Value = Rating> {
    prop_oneof![
        sensible_rating(),
        (garbage_number(), garbage_number(), garbage_number()).prop_map(
            |(rating, deviation, volatility)| Rating {
                rating,
                deviation,
                volatility,
            }
        ),
    ]
}

/// Every field finite and within the ranges the crate promises.
fn in_range(rating: Rating) -> bool {
    rating.rating.is_finite()
        && (MIN_RATING..=MAX_RATING).contains(&rating.rating)
        && (MIN_DEVIATION..=MAX_DEVIATION).contains(&rating.deviation)
        && (MIN_VOLATILITY..=MAX_VOLATILITY).contains(&rating.volatility)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn single_games_give_sensible_ratings(
        first in sensible_rating(),
        second in sensible_rating(),
        score in score(),
    ) {
        let (first_new, second_new) = rate_game(first, second, score);
        prop_assert!(in_range(first_new), "{first_new:?}");
        prop_assert!(in_range(second_new), "{second_new:?}");
        for (before, after, score) in [
            (first, first_new, score),
            (second, second_new, score.opposite()),
        ] {
            match score {
                Score::Win => prop_assert!(after.rating >= before.rating, "{after:?}"),
                Score::Loss => prop_assert!(after.rating <= before.rating, "{after:?}"),
                Score::Draw => {}
            }
        }
        let e = expected_score(first, second);
        prop_assert!((0.0..=1.0).contains(&e), "{e}");
    }

    #[test]
    fn periods_give_sensible_ratings(
        player in sensible_rating(),
        games in prop::collection::vec((sensible_rating(), score()), 0..12),
    ) {
        let new = rate(player, &games);
        prop_assert!(in_range(new), "{new:?}");
        if games.iter().all(|&(_, score)| score == Score::Win) {
            prop_assert!(new.rating >= player.rating, "{new:?}");
        }
        if games.iter().all(|&(_, score)| score == Score::Loss) {
            prop_assert!(new.rating <= player.rating, "{new:?}");
        }
        // A draw against someone rated higher never costs rating points (nor the reverse).
        if let [(opponent, Score::Draw)] = games[..] {
            if opponent.rating >= player.rating {
                prop_assert!(new.rating >= player.rating, "{new:?}");
            } else {
                prop_assert!(new.rating <= player.rating, "{new:?}");
            }
        }
    }

    #[test]
    fn a_better_rating_expects_more(
        player in sensible_rating(),
        opponent in sensible_rating(),
        better in 0.0..1000.0,
    ) {
        let stronger = Rating { rating: player.rating + better, ..player };
        prop_assert!(expected_score(stronger, opponent) >= expected_score(player, opponent));
    }

    #[test]
    fn garbage_never_panics(
        player in garbage_rating(),
        games in prop::collection::vec((garbage_rating(), score()), 0..6),
        score in score(),
    ) {
        let new = rate(player, &games);
        prop_assert!(in_range(new), "{new:?}");
        let opponent = games.first().map_or(Rating::NEW, |&(opponent, _)| opponent);
        let (first, second) = rate_game(player, opponent, score);
        prop_assert!(in_range(first), "{first:?}");
        prop_assert!(in_range(second), "{second:?}");
        let e = expected_score(player, opponent);
        prop_assert!((0.0..=1.0).contains(&e), "{e}");
        prop_assert!(in_range(player.clamped()));
    }
}

#[test]
fn extreme_inputs_stay_finite() {
    let extremes = [
        Rating {
            rating: f64::NEG_INFINITY,
            deviation: 0.0,
            volatility: 0.0,
        },
        Rating {
            rating: f64::INFINITY,
            deviation: f64::INFINITY,
            volatility: f64::INFINITY,
        },
        Rating {
            rating: MIN_RATING,
            deviation: MIN_DEVIATION,
            volatility: MAX_VOLATILITY,
        },
        Rating {
            rating: MAX_RATING,
            deviation: MIN_DEVIATION,
            volatility: MIN_VOLATILITY,
        },
        Rating {
            rating: f64::NAN,
            deviation: -1.0,
            volatility: -0.06,
        },
        Rating::NEW,
    ];
    for &player in &extremes {
        for &opponent in &extremes {
            for score in [Score::Win, Score::Draw, Score::Loss] {
                let (first, second) = rate_game(player, opponent, score);
                assert!(
                    in_range(first),
                    "{player:?} {opponent:?} {score:?}: {first:?}"
                );
                assert!(
                    in_range(second),
                    "{player:?} {opponent:?} {score:?}: {second:?}"
                );
                let many = vec![(opponent, score); 10_000];
                let new = rate(player, &many);
                assert!(in_range(new), "{player:?} {opponent:?} {score:?}: {new:?}");
            }
        }
    }
}
