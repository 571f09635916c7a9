//! A setup (rule options, board, position, first player) gives the position every tool
//! starts from, and says what is wrong with a bad one.

use boardlab_core::{Player, Position, RuleOptions, Setup, SetupError};
use boardlab_games::parity::Parity;
use boardlab_games::sprint::Sprint;

#[test]
fn a_setup_gives_the_position_it_describes() {
    let start: Sprint = Setup::start().position(Default::default()).unwrap();
    assert_eq!(start, Sprint::start(Default::default()));
    let backward = Setup {
        rules: vec!["backward_captures=true".to_string()],
        ..Setup::start()
    };
    let position: Sprint = backward.position(Default::default()).unwrap();
    assert_eq!(
        position.rules().get("backward_captures").as_deref(),
        Some("true")
    );
    // Parity on another board, Black first.
    let parity = Setup {
        board: Some("BWBWB\nRUWRU\nWRBUW\nURWUR\nBWBWB\n".to_string()),
        first: Player::Two,
        ..Setup::start()
    };
    let position: Parity = parity.position(Default::default()).unwrap();
    assert_eq!((position.width(), position.height()), (5, 5));
    assert_eq!(position.side_to_move(), Player::Two);
    // A position text wins over the start and its first player.
    let text = Setup {
        position: Some("6/4w1/1b4/6/6/6 1 0 1".to_string()),
        first: Player::Two,
        ..Setup::start()
    };
    let position: Sprint = text.position(Default::default()).unwrap();
    assert_eq!(position.to_string(), "6/4w1/1b4/6/6/6 1 0 1");
}

#[test]
fn a_bad_setup_says_what_is_wrong() {
    let bad_rule = Setup {
        rules: vec!["backwards=yes".to_string()],
        ..Setup::start()
    };
    assert!(matches!(
        bad_rule.position::<Sprint>(Default::default()),
        Err(SetupError::Rule(_))
    ));
    let fixed_board = Setup {
        board: Some("BW\nWB\n".to_string()),
        ..Setup::start()
    };
    assert!(matches!(
        fixed_board.position::<Sprint>(Default::default()),
        Err(SetupError::Rule(_))
    ));
    let bad_position = Setup {
        position: Some("nonsense".to_string()),
        ..Setup::start()
    };
    let error = bad_position
        .position::<Sprint>(Default::default())
        .unwrap_err();
    assert!(matches!(error, SetupError::Position(_)));
    assert!(error.to_string().contains("nonsense"), "{error}");
}

#[test]
fn rule_names_and_values_are_taken_exactly() {
    use boardlab_core::record::GameRecord;
    use boardlab_games::{GameId, GameVisitor, with_game};
    // Every game, through `apply` (the CLI's --rule, Python's dicts and strings, the web's
    // `rules` object as NAME=VALUE): spaces around a name or a value are refused, with the
    // option list.
    struct Check;
    impl GameVisitor for Check {
        type Output = ();
        fn visit<P: Position>(self, game: P::Rules) {
            let Some(option) = game.options().first() else {
                return;
            };
            let name = option.name;
            let value = option.default;
            let mut rules = game;
            assert!(rules.apply(&format!("{name}={value}")).is_ok(), "{name}");
            for spaced in [
                format!("{name} ={value}"),
                format!(" {name}={value}"),
                format!("{name}= {value}"),
                format!("{name}={value} "),
                format!("{name}\t={value}"),
            ] {
                let error = rules.apply(&spaced).unwrap_err().to_string();
                assert!(error.contains("spaces around its name or value"), "{error}");
                assert!(error.contains(name), "{error}");
            }
            // `set` takes names exactly, too.
            assert!(rules.set(&format!("{name} "), value).is_err());
        }
    }
    for &game in GameId::ALL {
        with_game(game, Check);
    }
    // The web keeps a new game's `rules` object as NAME=VALUE assignments of a setup.
    let spaced_key = Setup {
        rules: vec!["no_progress_plies =50".to_string()],
        ..Setup::start()
    };
    assert!(spaced_key.position::<Parity>(Default::default()).is_err());
    // A record's Rules tag is split on spaces, so its assignments hold none.
    let record =
        GameRecord::parse("[Game \"sprint\"]\n[Rules \"backward_captures=true\"]\n\n*\n").unwrap();
    assert!(record.replay::<Sprint>().is_ok());
}
