//! Texel fitting learns from real games: positions from self-play carry their games'
//! results, and the fit lowers the prediction error of deliberately spoilt weights.

use boardlab_ai::BotSpec;
use boardlab_ai::learning::tune::{
    LocalSettings, Sample, error, fit, fit_scale, self_play_samples,
};
use boardlab_games::Sprint;
use boardlab_games::sprint::SprintWeights;

#[test]
fn fitting_spoilt_sprint_weights_lowers_the_error() {
    let bot: BotSpec = "alphabeta:depth=2".parse().unwrap();
    let samples = self_play_samples::<Sprint>(Default::default(), &bot, 40, 6, 2, 5, &|| {});
    assert!(samples.len() > 50, "{} samples", samples.len());
    assert!(samples.iter().all(|s| [0.0, 0.5, 1.0].contains(&s.result)));
    // Both players won some of the games.
    assert!(samples.iter().any(|s| s.result == 1.0) && samples.iter().any(|s| s.result == 0.0));
    let mut spoilt = SprintWeights {
        piece: 10,
        advance: [0, 0, 0, 0, 0],
        mobility: 0,
    };
    let k = fit_scale(&samples, &spoilt, 2);
    let start = error(&samples, &spoilt, k, 2);
    let mut errors = Vec::new();
    let report = fit(
        &samples,
        &mut spoilt,
        &LocalSettings {
            first_step: 8,
            max_passes: 6,
            fixed: Vec::new(),
        },
        2,
        &mut |_, e| errors.push(e),
    );
    assert!((report.before - start).abs() < 1e-12);
    assert!(report.after < report.before, "{report:?}");
    assert!(
        errors.windows(2).all(|w| w[1] <= w[0]),
        "the error never rises: {errors:?}"
    );
    assert_ne!(spoilt.piece, 10, "the fit moved the weights");
}

#[test]
fn recorded_games_give_samples_labelled_with_their_results() {
    use boardlab_ai::learning::tune::samples_from_records;
    use boardlab_core::record::GameRecord;
    use boardlab_games::Obsidian;
    // The opening of a recorded game, stopped before it ends (as an adjudicated game is);
    // recorded three times: won by Player 1, drawn, and unfinished.
    let moves: Vec<String> = "d2d4 b7b6 g1f3 c7c6 f3g1 h7h6 c2c3 f7f6 g1f3 e7e5 e2e4 d7d5"
        .split(' ')
        .map(String::from)
        .collect();
    let record = |result: &str| GameRecord {
        tags: vec![
            ("Game".to_string(), "obsidian".to_string()),
            ("Result".to_string(), result.to_string()),
        ],
        moves: moves.clone(),
    };
    let won = samples_from_records::<Obsidian>(Default::default(), &[record("1-0")], 2);
    assert!(!won.is_empty());
    assert!(won.iter().all(|s| s.result == 1.0));
    let drawn = samples_from_records::<Obsidian>(Default::default(), &[record("1/2-1/2")], 2);
    assert_eq!(drawn.len(), won.len());
    assert!(drawn.iter().all(|s| s.result == 0.5));
    assert!(samples_from_records::<Obsidian>(Default::default(), &[record("*")], 2).is_empty());
    // Skipping more plies keeps fewer positions.
    assert!(
        samples_from_records::<Obsidian>(Default::default(), &[record("1-0")], 8).len() < won.len()
    );
}

/// Positions of 40 Sprint self-play games at depth 2 (seed 9), and weights that count every
/// piece as 10 and nothing else: a fit has much to learn.
fn sprint_samples_and_spoilt_weights() -> (Vec<Sample<Sprint>>, SprintWeights) {
    let bot: BotSpec = "alphabeta:depth=2".parse().unwrap();
    let samples = self_play_samples::<Sprint>(Default::default(), &bot, 40, 6, 2, 9, &|| {});
    let spoilt = SprintWeights {
        piece: 10,
        advance: [0, 0, 0, 0, 0],
        mobility: 0,
    };
    (samples, spoilt)
}

#[test]
fn the_gradient_fit_lowers_the_error_at_least_as_far_as_local_search() {
    use boardlab_ai::learning::tune::{GradientSettings, fit_gradient};
    let (samples, spoilt) = sprint_samples_and_spoilt_weights();
    let mut by_search = spoilt;
    let local = fit(
        &samples,
        &mut by_search,
        &LocalSettings {
            first_step: 8,
            max_passes: 40,
            fixed: Vec::new(),
        },
        2,
        &mut |_, _| {},
    );
    let mut by_gradient = spoilt;
    let settings = GradientSettings {
        steps: 600,
        regularisation: 0.0,
        held_out: 0.0,
        ..GradientSettings::default()
    };
    let mut checks = Vec::new();
    let gradient = fit_gradient(
        &samples,
        &mut by_gradient,
        settings,
        2,
        &mut |step, _, e| checks.push((step, e)),
    )
    .expect("Sprint's evaluation is linear in its weights");
    assert_eq!(
        checks.first().map(|c| c.0),
        Some(0),
        "the start is reported"
    );
    assert!(
        (gradient.before - local.before).abs() < 1e-9,
        "{gradient:?} {local:?}"
    );
    assert!(gradient.after < gradient.before, "{gradient:?}");
    // Both fits minimise the same error; the gradient one may not end far above.
    assert!(
        gradient.after <= local.after + 1e-3,
        "gradient {gradient:?}, local {local:?}"
    );
    // The error reported is the error of the weights written back.
    let k = fit_scale(&samples, &spoilt, 2);
    assert!((error(&samples, &by_gradient, k, 2) - gradient.after).abs() < 1e-5);
}

#[test]
fn data_lines_give_samples_labelled_by_score_and_result() {
    use boardlab_ai::learning::tune::samples_from_data;
    use boardlab_games::Obsidian;
    let text = "# a comment\n\
        ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1 0 1 | 0 | 1\n\
        \n\
        ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1 0 1 | 400 | 0\n";
    let (samples, bad) = samples_from_data::<Obsidian>(Default::default(), text, 0.5);
    assert_eq!((samples.len(), bad.len()), (2, 0));
    // Half of the predicted result of the score, half of the game's result.
    assert!((samples[0].result - (0.5 * 0.5 + 0.5 * 1.0)).abs() < 1e-12);
    assert!((samples[1].result - 0.5 * 10.0 / 11.0).abs() < 1e-12);
    let (only_results, _) = samples_from_data::<Obsidian>(Default::default(), text, 0.0);
    assert_eq!(only_results[1].result, 0.0);
    // Every bad line is named by its number, with what was wrong; the good ones are read.
    let bad = "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1 0 1 | 0 | 1\nnot a position | 3 | 1\nx | y | 1\n";
    let (samples, bad) = samples_from_data::<Obsidian>(Default::default(), bad, 0.5);
    assert_eq!(samples.len(), 1);
    assert_eq!(
        bad.iter().map(|entry| entry.line).collect::<Vec<_>>(),
        [2, 3]
    );
    assert!(!bad[0].reason.is_empty());
    assert!(bad[1].reason.contains("score"), "{}", bad[1]);
    assert!(bad[1].to_string().starts_with("line 3: "), "{}", bad[1]);
}

#[test]
fn every_unusable_record_of_a_file_is_named() {
    use boardlab_ai::learning::tune::samples_from_record_file;
    use boardlab_games::Obsidian;
    let good = "[Game \"obsidian\"]\n[Result \"1-0\"]\n\n1. d2d4 b7b6 2. g1f3 c7c6 3. f3g1 h7h6 4. c2c3 f7f6 1-0\n";
    let text = format!(
        "{good}\n\
         [Game \"obsidian\"]\n[Result \"1-0\"]\n\n1. d2d4 d2d4 1-0\n\n\
         [Game \"sprint\"]\n[Result \"1-0\"]\n\n1. b2a3 1-0\n\n\
         [Game \"obsidian\"]\n[Result \"*\"]\n\n1. d2d4 *\n\n\
         [Game obsidian]\n\n1. d2d4 *\n\n\
         {good}"
    );
    let found = samples_from_record_file::<Obsidian>(Default::default(), &text, 2);
    assert_eq!((found.games, found.other_games), (2, 1));
    assert!(!found.samples.is_empty());
    let places: Vec<(Option<usize>, usize)> =
        found.bad.iter().map(|b| (b.record, b.line)).collect();
    assert_eq!(places, [(Some(2), 6), (Some(4), 16), (Some(5), 21)]);
    let texts: Vec<String> = found.bad.iter().map(ToString::to_string).collect();
    assert!(
        texts[0].starts_with("record 2 (line 6): record move 2 ('d2d4')"),
        "{}",
        texts[0]
    );
    assert!(texts[1].contains("unfinished"), "{}", texts[1]);
    assert!(texts[2].contains("line 21: malformed tag"), "{}", texts[2]);
}

#[test]
fn fixed_groups_keep_their_weights_in_both_fits() {
    use boardlab_ai::learning::tune::{GradientSettings, fit_gradient};
    use boardlab_core::Tunable;
    let (samples, spoilt) = sprint_samples_and_spoilt_weights();
    let fixed = spoilt.in_groups(&["piece".to_string()]).unwrap();
    let mut by_search = spoilt;
    fit(
        &samples,
        &mut by_search,
        &LocalSettings {
            first_step: 8,
            max_passes: 10,
            fixed: fixed.clone(),
        },
        2,
        &mut |_, _| {},
    );
    let mut by_gradient = spoilt;
    let settings = GradientSettings {
        steps: 200,
        held_out: 0.0,
        fixed,
        ..GradientSettings::default()
    };
    fit_gradient(&samples, &mut by_gradient, settings, 2, &mut |_, _, _| {}).unwrap();
    for fitted in [by_search, by_gradient] {
        assert_eq!(fitted.piece, 10, "{fitted:?}");
        assert_ne!(
            (fitted.advance, fitted.mobility),
            (spoilt.advance, spoilt.mobility),
            "the other groups are fitted"
        );
    }
}
