//! The list of games the start page offers: names, short descriptions and rule options.

use crate::game_set::GameSet;
use boardlab_core::{Position, Presentation, RuleOptions};
use boardlab_games::{GameId, GameVisitor, with_game};
use serde_json::{Value, json};

/// The presentation of a game as data for the page: names, tokens, board colours and every
/// kind of piece with its letters, words and diagram.
pub fn look_json(look: &Presentation) -> Value {
    let pairs = |v: &[(i8, i8)]| v.iter().map(|&(f, r)| json!([f, r])).collect::<Vec<_>>();
    json!({
        "sides": { "1": look.sides[0], "2": look.sides[1] },
        "tokens": look.tokens.name(),
        "board": {
            "light": look.board.light,
            "dark": look.board.dark,
            "frame": look.board.frame,
            "coordinates": look.board.coordinates,
            "grid": look.board.grid,
            "marks": look.board.marks.iter().map(|m| json!({
                "mark": m.mark.to_string(), "name": m.name, "fill": m.fill, "opens": m.opens,
            })).collect::<Vec<_>>(),
        },
        "pieces": look.pieces.iter().map(|p| json!({
            "letters": [p.letters[0].to_string(), p.letters[1].to_string()],
            "name": p.name,
            "glyph": p.glyph,
            "moves": p.moves,
            "note": p.note,
            "steps": pairs(p.steps),
            "slides": pairs(p.slides),
        })).collect::<Vec<_>>(),
        "sample": look.sample.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
    })
}

/// How the first player scores in self-play, as a card and the leaderboard give it:
/// `{"score", "interval": [low, high], "games"}`, or `null` where it was not measured.
pub fn first_player_json(measured: Option<boardlab_core::FirstPlayerScore>) -> Value {
    measured.map_or(
        Value::Null,
        |m| json!({ "score": m.score, "interval": [m.interval.0, m.interval.1], "games": m.games }),
    )
}

/// A game's measured first-player score (its default rules).
struct FirstPlayer;

impl GameVisitor for FirstPlayer {
    type Output = Option<boardlab_core::FirstPlayerScore>;

    fn visit<P: Position>(self, game: P::Rules) -> Self::Output {
        game.first_player_score()
    }
}

/// The first player's score in self-play of a game, where it was measured.
pub fn first_player(game: GameId) -> Option<boardlab_core::FirstPlayerScore> {
    with_game(game, FirstPlayer)
}

/// A game's title, as its card gives it.
struct Title;

impl GameVisitor for Title {
    type Output = String;

    fn visit<P: Position>(self, game: P::Rules) -> String {
        game.presentation().title.to_string()
    }
}

/// The title of a game (`Obsidian`).
pub fn title(game: GameId) -> String {
    with_game(game, Title)
}

/// The card of a game: `key` is what the API names it by.
struct Info<'a> {
    key: &'a str,
    game: GameId,
}

impl GameVisitor for Info<'_> {
    type Output = Value;

    fn visit<P: Position>(self, game: P::Rules) -> Value {
        let start = P::start(game);
        let look = game.presentation();
        let options: Vec<Value> = game
            .options()
            .iter()
            .map(|o| json!({ "name": o.name, "default": o.default, "help": o.help }))
            .collect();
        // Games whose squares differ (Parity) have a board that is data: its default layout,
        // rows from the top, is offered for editing.
        let board = start.square_mark(0, 0).map(|_| {
            (0..start.height())
                .rev()
                .map(|rank| {
                    (0..start.width())
                        .map(|file| start.square_mark(file, rank).unwrap_or('?'))
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("\n")
        });
        json!({
            "id": self.key,
            "source": match self.game {
                GameId::File(_) if self.key.starts_with(crate::game_set::PASTED) => "pasted",
                GameId::File(_) => "file",
                _ => "built-in",
            },
            "board": board,
            "title": look.title,
            "description": look.summary,
            "look": look_json(look),
            "start_view": crate::view::view_of(&start),
            "lessons": look.lessons.iter().filter_map(|lesson| {
                // The games' tests check that every lesson reads; one that does not is left out.
                let position = P::from_text(lesson.position, game).ok()?;
                Some(json!({
                    "title": lesson.title,
                    "text": lesson.text,
                    "view": crate::view::view_of(&position),
                    "moves": lesson.moves,
                    "move_shapes": lesson.moves.iter().map(|text| {
                        crate::legal::move_shape(text, position.width(), position.height())
                    }).collect::<Vec<_>>(),
                }))
            }).collect::<Vec<_>>(),
            "size": format!("{}x{}", start.width(), start.height()),
            "first_player": first_player_json(game.first_player_score()),
            "options": options,
            "first_drawn": game.first_player_drawn(),
            "levels": crate::bot::level_descriptions(self.game)
                .into_iter()
                .map(|(level, text)| {
                    json!({ "level": level, "label": crate::bot::level_label(level), "description": text })
                })
                .collect::<Vec<_>>(),
            "default_level": self.game.levels().default,
            "names": { "1": look.sides[0], "2": look.sides[1] },
        })
    }
}

/// The card of `game`, named by `key`: its text, look, options and levels.
pub fn card(key: &str, game: GameId) -> Value {
    with_game(game, Info { key, game })
}

/// Every game the server lists with its card: the built-in games in the order of RULES.md,
/// then the files of its rules folder.
pub fn catalog(games: &GameSet) -> Value {
    Value::Array(
        games
            .listed()
            .iter()
            .map(|(key, game)| card(key, *game))
            .collect(),
    )
}
