//! Bot behaviour: random play repeats with its seed, MCTS reuses its tree, every bot
//! answers a legal move, game records written by a match replay, and a parameter that
//! switches a technique off searches as the feature switch does.

use crate::common;

use boardlab_ai::bot::Limits;
use boardlab_ai::search::alphabeta::{AlphaBetaOptions, Features, ParamChanges};
use boardlab_ai::{Bot, BotSpec, Mcts, MctsOptions, RandomBot};
use boardlab_core::record::GameRecord;
use boardlab_core::{GameHistory, Position, RuleOptions};
use boardlab_games::{Daisy, Obsidian, Parity, Sprint};
use common::play_match;

#[test]
fn random_bot_repeats_with_its_seed() {
    let game = GameHistory::new(Daisy::default());
    let moves = |seed| {
        let mut bot = RandomBot::new("random", seed);
        (0..5)
            .map(|_| Bot::<Daisy>::choose(&mut bot, &game, &mut |_| {}).unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(3), moves(3));
    assert_ne!(moves(3), moves(4));
}

#[test]
fn mcts_reuses_its_tree() {
    let limits = Limits {
        playouts: Some(2000),
        ..Limits::default()
    };
    let mut bot = Mcts::<Sprint>::new("mcts", limits, MctsOptions::default(), 1);
    let mut game = GameHistory::new(Sprint::default());
    let first = bot.choose(&game, &mut |_| {}).unwrap();
    game.play(first).unwrap();
    let reply = game.current().legal_move_list()[0];
    game.play(reply).unwrap();
    let before = bot.tree_size();
    bot.choose(&game, &mut |_| {}).unwrap();
    // The new root kept the visits it had: more than this move's own playouts.
    assert!(
        bot.root_visits() > 2000,
        "root visits {}",
        bot.root_visits()
    );
    assert!(bot.tree_size() > before);
}

#[test]
fn every_bot_answers_legal_moves() {
    for spec in [
        "random",
        "alphabeta:depth=2",
        "mcts:playouts=300",
        "mcts:playouts=200,playout=random",
    ] {
        let summary = play_match::<Obsidian>(Default::default(), spec, "random", 2, 1, 4, 5);
        assert!(summary.games.iter().all(|g| g.illegal.is_none()), "{spec}");
    }
}

#[test]
fn match_records_replay() {
    let summary = play_match::<Parity>(
        Default::default(),
        "alphabeta:depth=2",
        "mcts:playouts=200",
        2,
        1,
        2,
        8,
    );
    let text: String = summary.games.iter().map(|g| g.record.to_string()).collect();
    let records = GameRecord::parse_all(&text).unwrap();
    assert_eq!(records.len(), 2);
    for (record, game) in records.iter().zip(&summary.games) {
        assert_eq!(record, &game.record);
        let history = record.replay::<Parity>().unwrap();
        assert_eq!(history.moves().len(), game.plies);
    }
    // A wrong move is caught, with its number.
    let mut bad = records[0].clone();
    bad.moves[0] = "a1a6".to_string();
    let err = bad.replay::<Parity>().unwrap_err().to_string();
    assert!(err.contains("record move 1"), "{err}");
}

#[test]
fn matches_repeat_with_a_seed() {
    let run = || {
        let s = play_match::<Daisy>(
            Default::default(),
            "alphabeta:depth=1",
            "random",
            2,
            1,
            2,
            42,
        );
        s.games
            .iter()
            .map(|g| g.record.to_string())
            .collect::<String>()
    };
    assert_eq!(run(), run());
}

#[test]
fn specs_build_bots_for_every_game() {
    let spec: BotSpec = "mcts:playouts=50".parse().unwrap();
    let mut bot = spec.build::<Sprint>(1);
    let game = GameHistory::new(Sprint::start(<Sprint as Position>::Rules::default()));
    assert!(bot.choose(&game, &mut |_| {}).is_some());
    let _ = <Daisy as Position>::Rules::default().describe();
}

/// Depth-limited searches end quickly in every game: quiescence once answered every check
/// with every evasion however deep, and a run of checking captures made one Obsidian search
/// at depth 1 run for many minutes (seed 3 of this match). The thread that plays the match
/// is watched, so a hang fails the test instead of stalling it.
#[test]
fn shallow_searches_never_hang() {
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let summary = play_match::<Obsidian>(
            Default::default(),
            "alphabeta:depth=1",
            "alphabeta:depth=1,noise=100",
            40,
            2,
            8,
            3,
        );
        let _ = done.send(summary.tally.games());
    });
    let games = finished
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("40 games at depth 1 finish within a minute");
    assert_eq!(games, 40);
}

/// `singular_depth = 0` (how a game's parameter file switches singular extensions off, as
/// Daisy's does) searches exactly the tree of the feature switch `off=singular`, and not the
/// tree with them.
#[test]
fn singular_depth_zero_is_no_singular_extensions() {
    let nodes = |singular_depth: &str, singular: bool| {
        let mut params = ParamChanges::default();
        params.set("singular_depth", singular_depth).unwrap();
        let mut bot = common::depth_limited::<Obsidian>(
            9,
            AlphaBetaOptions {
                params,
                features: Features {
                    singular,
                    ..Features::default()
                },
                ..AlphaBetaOptions::default()
            },
        );
        let game = GameHistory::new(Obsidian::start(Default::default()));
        bot.search(&game, &mut |_| {}).unwrap().1.nodes
    };
    let switched_off = nodes("6", false);
    assert_eq!(nodes("0", true), switched_off);
    assert_ne!(
        nodes("6", true),
        switched_off,
        "depth 9 should try singular extensions"
    );
}

/// A network that corrects the hand-made evaluation (`boardlab train --residual`) and adds
/// nothing searches exactly the hand-made evaluation's tree; one whose output is not zero
/// searches another.
#[test]
fn a_residual_network_adds_to_the_hand_made_evaluation() {
    use boardlab_ai::learning::network::{FloatWeights, Network, NetworkChoice};
    use boardlab_core::Evaluate;
    let inputs = Obsidian::NETWORK_INPUTS;
    let hidden = 32;
    let residual = |output: f32| {
        let weights = FloatWeights {
            input_weights: (0..inputs * hidden)
                .map(|i| ((i * 7919) % 13) as f32 / 20.0 - 0.3)
                .collect(),
            hidden_bias: vec![0.2; hidden],
            output_weights: (0..2 * hidden)
                .map(|i| if i < hidden { output } else { -output / 2.0 })
                .collect(),
            output_bias: vec![0.0],
        };
        let features = format!("{}/{}", Obsidian::ENGINE, Obsidian::NETWORK_FEATURES);
        let network = Network::from_float(&features, inputs, 300.0, &weights)
            .unwrap()
            .adding_to_hand_made(true);
        NetworkChoice::Loaded(Box::leak(Box::new(network)))
    };
    let search = |network: NetworkChoice| {
        let mut bot = common::depth_limited::<Obsidian>(
            7,
            AlphaBetaOptions {
                network,
                ..AlphaBetaOptions::default()
            },
        );
        let game = GameHistory::new(Obsidian::start(Default::default()));
        let (mv, info) = bot.search(&game, &mut |_| {}).unwrap();
        (mv, info.score, info.nodes)
    };
    let hand_made = search(NetworkChoice::Off);
    assert_eq!(search(residual(0.0)), hand_made);
    assert_ne!(search(residual(0.4)).2, hand_made.2);
}
