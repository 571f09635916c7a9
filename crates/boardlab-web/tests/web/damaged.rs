//! Stored data is checked when a game is loaded: a column that holds what the server never
//! writes there (edited here with rusqlite, one column per game) makes that game answer a
//! JSON 500 that names the game, the column and its value (cut short), and every other
//! game is served as before.

use boardlab_web::client::Client;
use boardlab_web::seat::Seat;
use boardlab_web::store::{GameRow, Mode, Store};
use boardlab_web::testing::{start_background, temp_db};
use serde_json::json;

/// A stored game at its start: against a friend, or against a bot (level 1) at seat 1.
fn row(id: &str, mode: Mode) -> GameRow {
    let bot = mode == Mode::Bot;
    GameRow {
        mode,
        bot_seat: bot.then_some(Seat::One),
        bot_level: bot.then_some(1),
        creator: Some(Seat::Two),
        ..boardlab_web::testing::stored_row(id, boardlab_games::GameId::Sprint)
    }
}

/// Each damage: the game's id, its mode, the SQL that damages it (`?1` is the id), and
/// what the error must say.
const DAMAGES: &[(&str, Mode, &str, &str)] = &[
    (
        "first7",
        Mode::Friend,
        "UPDATE games SET first = 7 WHERE id = ?1",
        "column first holds 7",
    ),
    (
        "firsttext",
        Mode::Friend,
        "UPDATE games SET first = 'one' WHERE id = ?1",
        "column first holds 'one'",
    ),
    (
        "level200",
        Mode::Bot,
        "UPDATE games SET bot_level = 200 WHERE id = ?1",
        "column bot_level holds 200",
    ),
    (
        "botseat7",
        Mode::Bot,
        "UPDATE games SET bot_seat = 7 WHERE id = ?1",
        "column bot_seat holds 7",
    ),
    (
        "botseatnull",
        Mode::Bot,
        "UPDATE games SET bot_seat = NULL WHERE id = ?1",
        "column bot_seat holds NULL",
    ),
    (
        "friendbot",
        Mode::Friend,
        "UPDATE games SET bot_level = 3 WHERE id = ?1",
        "column bot_level holds 3",
    ),
    (
        "resigned9",
        Mode::Friend,
        "UPDATE games SET resigned = 9 WHERE id = ?1",
        "column resigned holds 9",
    ),
    (
        "mode",
        Mode::Friend,
        "UPDATE games SET mode = 'weird' WHERE id = ?1",
        "column mode holds 'weird'",
    ),
    (
        "creator5",
        Mode::Friend,
        "UPDATE games SET creator = 5 WHERE id = ?1",
        "column creator holds 5",
    ),
    (
        "creatorbot",
        Mode::Bot,
        "UPDATE games SET creator = 1 WHERE id = ?1",
        "column creator holds 1",
    ),
    (
        "clock",
        Mode::Friend,
        "UPDATE games SET clock = 'soon' WHERE id = ?1",
        "column clock holds 'soon'",
    ),
    (
        "ended",
        Mode::Friend,
        "UPDATE games SET ended = 'maybe' WHERE id = ?1",
        "column ended holds 'maybe'",
    ),
    (
        "twoendings",
        Mode::Friend,
        "UPDATE games SET ended = 'draw', resigned = 1 WHERE id = ?1",
        "column ended holds 'draw'",
    ),
    (
        "rematch",
        Mode::Friend,
        "UPDATE games SET rematch = 'a/../b' WHERE id = ?1",
        "column rematch holds 'a/../b'",
    ),
    (
        "token1",
        Mode::Friend,
        "UPDATE games SET token1 = 'short' WHERE id = ?1",
        "column token1 holds 'short'",
    ),
    (
        "token2",
        Mode::Friend,
        "UPDATE games SET token2 = token1 WHERE id = ?1",
        "column token2 holds",
    ),
    (
        "tokenblob",
        Mode::Friend,
        "UPDATE games SET token1 = x'00ff' WHERE id = ?1",
        "column token1 holds a blob of 2 bytes",
    ),
    (
        "game",
        Mode::Friend,
        "UPDATE games SET game = 'chess' WHERE id = ?1",
        "column game holds 'chess'",
    ),
    (
        "rules",
        Mode::Friend,
        "UPDATE games SET rules = 'not json' WHERE id = ?1",
        "column rules holds 'not json'",
    ),
    (
        "rulename",
        Mode::Friend,
        "UPDATE games SET rules = '{\"no_such_rule\":\"1\"}' WHERE id = ?1",
        "column rules holds",
    ),
    (
        "rulenumber",
        Mode::Friend,
        "UPDATE games SET rules = '{\"x\":1}' WHERE id = ?1",
        "column rules holds",
    ),
    (
        "id.bad",
        Mode::Friend,
        "UPDATE games SET id = id WHERE id = ?1",
        "column id holds 'id.bad'",
    ),
    (
        "moment",
        Mode::Friend,
        "INSERT INTO moves (game_id, ply, mv, at_ms) VALUES (?1, 0, 'b2c3', 'noon')",
        "column at_ms of its move at ply 0 holds 'noon'",
    ),
];

#[test]
fn each_impossible_stored_value_damages_only_its_own_game() {
    let db = temp_db("damaged-columns");
    {
        let store = Store::open(&db).unwrap();
        store.insert_game(&row("healthy", Mode::Friend)).unwrap();
        store.insert_game(&row("huge", Mode::Friend)).unwrap();
        for (id, mode, _, _) in DAMAGES {
            store.insert_game(&row(id, *mode)).unwrap();
        }
    }
    let conn = rusqlite::Connection::open(&db).unwrap();
    for (id, _, sql, _) in DAMAGES {
        conn.execute(sql, [id]).unwrap();
    }
    // A megabyte of text in a column is named, cut short.
    conn.execute(
        "UPDATE games SET mode = ?1 WHERE id = 'huge'",
        ["x".repeat(1 << 20)],
    )
    .unwrap();
    drop(conn);
    // The store itself names the damage.
    let store = Store::open(&db).unwrap();
    let error = store.load("first7").unwrap_err().to_string();
    assert_eq!(
        error,
        "stored game 'first7' is damaged: column first holds 7, not a seat (1 or 2)"
    );
    assert!(store.load("healthy").unwrap().is_some());
    drop(store);

    let addr = start_background(db, 2);
    let mut c = Client::connect(addr).unwrap();
    for (id, _, _, says) in DAMAGES {
        for path in [
            format!("/api/games/{id}"),
            format!("/api/games/{id}/record"),
        ] {
            let r = c.get(&path).unwrap();
            assert_eq!(r.status, 500, "{path}: {}", r.body);
            let message = r.json()["error"].as_str().unwrap_or("").to_string();
            assert!(
                message.contains(&format!("stored game '{id}'")) && message.contains(says),
                "{path}: '{message}' should name the game and say '{says}'"
            );
        }
        // A seat's action on it is refused the same way, and changes nothing.
        let r = c
            .post(
                &format!("/api/games/{id}/moves"),
                &json!({ "seat": 1, "token": "a".repeat(32), "move": "b2c3" }).to_string(),
            )
            .unwrap();
        assert_eq!(r.status, 500, "{id}: {}", r.body);
    }
    let r = c.get("/api/games/huge").unwrap();
    assert_eq!(r.status, 500, "{}", r.body);
    assert!(r.body.len() < 300, "{} bytes: {}", r.body.len(), r.body);
    assert!(r.body.contains("column mode holds 'xxx"), "{}", r.body);
    // The healthy game is served and plays.
    let r = c.get("/api/games/healthy").unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    let r = c
        .post(
            "/api/games/healthy/moves",
            &json!({ "seat": 1, "token": "a".repeat(32), "move": "b2c3" }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
}
