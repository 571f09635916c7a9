//! The list of games the start page offers: names, short descriptions and rule options.

use boardlab_core::{Player, Position, RuleOptions};
use boardlab_games::{GameId, GameVisitor, with_game};
use serde_json::{Value, json};

/// A short description of each game for its card.
fn description(game: GameId) -> &'static str {
    match game {
        GameId::Obsidian => {
            "Chess without check on an 8x8 board: rook, knight, bishop, king, queen and pawn moves. Capture the opponent's D (the king) to win."
        }
        GameId::Daisy => {
            "A shogi-like game on an empty 9x9 board: drop pieces from your reserve, capture to refill it. Capture the opponent's A to win."
        }
        GameId::Sprint => {
            "A 6x6 checkers race: step diagonally forward, jumps are compulsory and chain. First to reach the far rank wins."
        }
        GameId::Parity => {
            "Red spaces open when the number of pieces is even, blue ones when it is odd. Capture every enemy piece by jumping straight ahead."
        }
    }
}

/// The title of a game, as its rules page names it.
pub fn title(game: GameId) -> &'static str {
    match game {
        GameId::Obsidian => "Obsidian",
        GameId::Daisy => "Daisy",
        GameId::Sprint => "Sprint",
        GameId::Parity => "Parity",
    }
}

struct Info(GameId);

impl GameVisitor for Info {
    type Output = Value;

    fn visit<P: Position>(self) -> Value {
        let start = P::start(P::Rules::default());
        let options: Vec<Value> = P::Rules::options()
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
            "id": P::GAME_ID,
            "board": board,
            "title": title(self.0),
            "description": description(self.0),
            "size": format!("{}x{}", start.width(), start.height()),
            "options": options,
            "first_drawn": P::FIRST_PLAYER_DRAWN,
            "levels": crate::bot::level_descriptions(self.0)
                .into_iter()
                .map(|(level, text)| {
                    json!({ "level": level, "label": crate::bot::level_label(level), "description": text })
                })
                .collect::<Vec<_>>(),
            "default_level": boardlab_ai::DEFAULT_LEVEL,
            "names": { "1": P::player_name(Player::One), "2": P::player_name(Player::Two) },
        })
    }
}

/// Every game with its card text and options, in the order of RULES.md.
pub fn catalog() -> Value {
    Value::Array(GameId::ALL.iter().map(|&g| with_game(g, Info(g))).collect())
}
