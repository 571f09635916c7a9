//! A setup (rule options, board, position, first player) gives the position every tool
//! starts from, and says what is wrong with a bad one.

use boardlab_core::{Player, Position, RuleOptions, Setup, SetupError};
use boardlab_games::parity::Parity;
use boardlab_games::sprint::Sprint;

#[test]
fn a_setup_gives_the_position_it_describes() {
    let start: Sprint = Setup::start().position().unwrap();
    assert_eq!(start, Sprint::start(Default::default()));
    let backward = Setup {
        rules: vec!["backward_captures=true".to_string()],
        ..Setup::start()
    };
    let position: Sprint = backward.position().unwrap();
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
    let position: Parity = parity.position().unwrap();
    assert_eq!((position.width(), position.height()), (5, 5));
    assert_eq!(position.side_to_move(), Player::Two);
    // A position text wins over the start and its first player.
    let text = Setup {
        position: Some("6/4w1/1b4/6/6/6 1 0 1".to_string()),
        first: Player::Two,
        ..Setup::start()
    };
    let position: Sprint = text.position().unwrap();
    assert_eq!(position.to_string(), "6/4w1/1b4/6/6/6 1 0 1");
}

#[test]
fn a_bad_setup_says_what_is_wrong() {
    let bad_rule = Setup {
        rules: vec!["backwards=yes".to_string()],
        ..Setup::start()
    };
    assert!(matches!(
        bad_rule.position::<Sprint>(),
        Err(SetupError::Rule(_))
    ));
    let fixed_board = Setup {
        board: Some("BW\nWB\n".to_string()),
        ..Setup::start()
    };
    assert!(matches!(
        fixed_board.position::<Sprint>(),
        Err(SetupError::Rule(_))
    ));
    let bad_position = Setup {
        position: Some("nonsense".to_string()),
        ..Setup::start()
    };
    let error = bad_position.position::<Sprint>().unwrap_err();
    assert!(matches!(error, SetupError::Position(_)));
    assert!(error.to_string().contains("nonsense"), "{error}");
}
