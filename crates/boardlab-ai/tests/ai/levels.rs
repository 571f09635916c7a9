//! Every game's level ladder, through the registry: a new game gets its ladder checked
//! without being named here.

use boardlab_ai::TOP_LEVEL;
use boardlab_ai::levels::{check_ladder, level_text};
use boardlab_games::GameId;
use std::path::Path;

/// Every built-in game and the seed games' rules files.
fn every_game() -> Vec<GameId> {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules");
    let mut games = GameId::ALL.to_vec();
    for file in ["obsidian.toml", "sprint.toml", "parity.toml"] {
        let path = rules.join(file);
        games.push(GameId::named(path.to_str().unwrap()).unwrap());
    }
    games
}

#[test]
fn every_ladder_is_sound() {
    for game in every_game() {
        let levels = game.levels();
        check_ladder(&levels).unwrap_or_else(|e| panic!("{}: {e}", game.id()));
        // Levels above a game's top play as its top level.
        let top = level_text(&levels, levels.count()).unwrap();
        assert_eq!(
            level_text(&levels, TOP_LEVEL).unwrap(),
            top,
            "{}",
            game.id()
        );
    }
}

#[test]
fn the_highest_level_is_the_longest_ladder() {
    let longest = every_game().iter().map(|game| game.levels().count()).max();
    assert_eq!(longest, Some(TOP_LEVEL));
}
