//! The bots' seeks in the lobby: each listed game's bots wait there at a few levels (the
//! first, the one proposed to people, and the top), always open. Accepting one starts a
//! casual game against that level (ratings are kept between people only); anyone may
//! accept, and a signed-in player's game is theirs. A bot's seek has the id
//! `bot-LEVEL-GAME` and `"bot": {"level", "description"}` where a person's has its seeker's
//! rating.

use crate::bot;
use crate::game_set::GameSet;
use boardlab_games::GameId;
use serde_json::{Value, json};

/// The prefix of a bot's seek's id.
const PREFIX: &str = "bot-";

/// The levels a game's bots seek at: the first, the one proposed to people and the top,
/// each once.
fn levels(game: GameId) -> Vec<u8> {
    let levels = game.levels();
    let mut chosen = vec![1, levels.default, levels.count()];
    chosen.retain(|&level| bot::is_level(game, level));
    chosen.dedup();
    chosen
}

/// The id of the seek of `game`'s bot at `level`.
fn seek_id(key: &str, level: u8) -> String {
    format!("{PREFIX}{level}-{key}")
}

/// Whether `id` names a bot's seek (whether or not such a bot seeks).
pub fn is_bot_seek(id: &str) -> bool {
    id.starts_with(PREFIX)
}

/// The game key, game and level of the bot's seek `id`, if the server's bots seek so.
pub fn find(games: &GameSet, id: &str) -> Option<(String, GameId, u8)> {
    let (level, key) = id.strip_prefix(PREFIX)?.split_once('-')?;
    let level: u8 = level.parse().ok()?;
    let game = games.listed_game(key)?;
    levels(game)
        .contains(&level)
        .then(|| (key.to_string(), game, level))
}

/// The bots' seeks as the lobby lists them, game by game, lowest level first.
pub fn listed(games: &GameSet) -> Vec<Value> {
    let mut seeks = Vec::new();
    for (key, game) in games.listed() {
        let descriptions = bot::level_descriptions(*game);
        for level in levels(*game) {
            let description = descriptions
                .iter()
                .find(|(l, _)| *l == level)
                .map(|(_, text)| text.clone());
            seeks.push(json!({
                "id": seek_id(key, level),
                "game": key,
                "title": crate::catalog::title(*game),
                "rated": false,
                "clock": null,
                "rules": {},
                "side": "random",
                "seeker": {
                    "name": format!("bot, level {}", bot::level_label(level)),
                    "rating": null,
                    "deviation": null,
                    "provisional": false,
                },
                "bot": { "level": level, "description": description },
                "created_ms": null,
                "mine": false,
            }));
        }
    }
    seeks
}
