//! Match openings: `setup:K` Daisy openings have both A's placed on their own halves, never
//! let the side to move take an A at once, differ from pair to pair and repeat with the seed.

use boardlab_ai::matches::openings::{OpeningKind, Openings, can_win_at_once, match_openings};
use boardlab_core::Player;
use boardlab_games::daisy::Kind;
use boardlab_games::{Daisy, Obsidian};
use std::collections::HashSet;

const SETUP: Openings = Openings {
    kind: OpeningKind::Setup,
    plies: 4,
};

#[test]
fn daisy_setup_openings_place_both_as_and_are_fair() {
    let openings = match_openings(&Daisy::default(), false, SETUP, 11, 60);
    assert_eq!(openings.len(), 60);
    for game in &openings {
        let position = game.current();
        let text = position.to_string();
        // The two A drops come first, each on its own half, then the four random plies.
        assert_eq!(game.moves().len(), 6, "{text}");
        for (ply, own_ranks) in [(0, 1..=4), (1, 6..=9)] {
            let drop = game.moves()[ply].to_string();
            assert!(drop.starts_with("A@"), "{drop}");
            let rank: u32 = drop[3..].parse().unwrap();
            assert!(own_ranks.contains(&rank), "{drop}");
        }
        for player in Player::BOTH {
            assert!(position.pieces(player, Kind::A) != 0, "{text}");
        }
        assert!(game.outcome().is_none(), "{text}");
        assert!(!can_win_at_once(position), "{text}");
    }
    let distinct: HashSet<String> = openings.iter().map(|g| g.current().to_string()).collect();
    assert_eq!(distinct.len(), openings.len(), "one opening per pair");
    let again = match_openings(&Daisy::default(), false, SETUP, 11, 60);
    let same = openings
        .iter()
        .zip(&again)
        .all(|(a, b)| a.moves() == b.moves());
    assert!(same, "the seed repeats the openings");
    let other = match_openings(&Daisy::default(), false, SETUP, 12, 60);
    assert!(
        openings
            .iter()
            .zip(&other)
            .any(|(a, b)| a.moves() != b.moves())
    );
}

#[test]
fn games_without_setup_moves_play_only_random_plies() {
    let openings = match_openings(&Obsidian::default(), false, SETUP, 5, 20);
    for game in &openings {
        assert_eq!(game.moves().len(), 4);
        assert!(!can_win_at_once(game.current()));
    }
    let random = Openings {
        kind: OpeningKind::Random,
        plies: 0,
    };
    let starts = match_openings(&Obsidian::default(), false, random, 5, 3);
    assert!(
        starts.iter().all(|g| g.moves().is_empty()),
        "random:0 is the start"
    );
}

#[test]
fn a_win_at_once_is_seen() {
    // Player 1's B on b1 can take Player 2's A on b9 along the open file.
    let position: Daisy = "1a7/9/9/9/9/9/9/9/1B2A4[] 1".parse().unwrap();
    assert!(can_win_at_once(&position));
    let quiet: Daisy = "a8/9/9/9/9/9/9/9/1B2A4[] 1".parse().unwrap();
    assert!(!can_win_at_once(&quiet));
}
