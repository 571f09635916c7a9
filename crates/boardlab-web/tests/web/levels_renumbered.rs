//! Games stored by earlier versions keep the strength their player chose when the levels
//! change: their levels are renumbered once, when the store is opened, and never again.
//! Version 0 had six levels in every game (7 the perfect player); version 1 had Obsidian's
//! 14 levels and Daisy's nine (15 the perfect player).

use boardlab_web::bot::PERFECT;
use boardlab_web::store::Store;
use boardlab_web::testing::temp_db;

/// A database as an earlier version left it: its layout, the layout version
/// `version`, and bot games at that version's levels.
fn old_database(version: i64, games: &[(&str, &str, u8)]) -> std::path::PathBuf {
    let db = temp_db("renumber");
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch(
        "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL,
             first INTEGER NOT NULL, mode TEXT NOT NULL, bot_seat INTEGER, bot_level INTEGER,
             token1 TEXT NOT NULL, token2 TEXT NOT NULL, resigned INTEGER, position TEXT,
             board TEXT, created INTEGER NOT NULL DEFAULT (unixepoch()));",
    )
    .unwrap();
    conn.execute_batch(&format!("PRAGMA user_version = {version};"))
        .unwrap();
    for (id, game, level) in games {
        conn.execute(
            "INSERT INTO games (id, game, rules, first, mode, bot_seat, bot_level, token1, token2)
             VALUES (?1, ?2, '{}', 1, 'bot', 2, ?3, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb')",
            rusqlite::params![id, game, level],
        )
        .unwrap();
    }
    db
}

fn stored_level(store: &Store, id: &str) -> Option<u8> {
    store.load(id).unwrap().unwrap().0.bot_level
}

/// Opens the database twice and checks each game's level both times (the second opening
/// must move nothing).
fn assert_renumbered_once(db: &std::path::Path, expected: &[(&str, u8)]) {
    for opening in ["first", "second"] {
        let store = Store::open(db).unwrap();
        for (id, level) in expected {
            assert_eq!(
                stored_level(&store, id),
                Some(*level),
                "{id} after the {opening} opening"
            );
        }
    }
}

#[test]
fn levels_of_version_0_are_renumbered_once() {
    let db = old_database(
        0,
        &[
            ("o1", "obsidian", 1),
            ("o3", "obsidian", 3),
            ("o6", "obsidian", 6),
            ("s7", "sprint", 7),
            ("d5", "daisy", 5),
            ("p2", "parity", 2),
        ],
    );
    // Through version 1: Obsidian 3 was 6 there (6,000 nodes), now 7; its 6 was the top;
    // Daisy 5 was 7 there (160,000 nodes), now 4 (150,000 nodes).
    assert_renumbered_once(
        &db,
        &[
            ("o1", 1),
            ("o3", 7),
            ("o6", boardlab_ai::TOP_LEVEL),
            ("s7", PERFECT),
            ("d5", 4),
            ("p2", 2),
        ],
    );
}

#[test]
fn levels_of_version_1_are_renumbered_once() {
    let db = old_database(
        1,
        &[
            ("o3", "obsidian", 3),
            ("o4", "obsidian", 4),
            ("o14", "obsidian", 14),
            ("d1", "daisy", 1),
            ("d4", "daisy", 4),
            ("d7", "daisy", 7),
            ("d9", "daisy", 9),
            ("s4", "sprint", 4),
            ("s15", "sprint", 15),
            ("p15", "parity", 15),
            ("p3", "parity", 3),
        ],
    );
    let ladder = |game: &str| game.parse::<boardlab_games::GameId>().unwrap().levels();
    let level = |game: &str, spec: &str| {
        (1..=boardlab_ai::TOP_LEVEL)
            .find(|&level| boardlab_ai::levels::level_text(&ladder(game), level).unwrap() == spec)
            .unwrap()
    };
    assert_renumbered_once(
        &db,
        &[
            ("o3", level("obsidian", "alphabeta:depth=2")),
            ("o4", level("obsidian", "alphabeta:nodes=1500")),
            ("o14", boardlab_ai::TOP_LEVEL),
            ("d1", level("daisy", "alphabeta:depth=1")),
            ("d4", level("daisy", "alphabeta:nodes=20000")),
            ("d7", level("daisy", "alphabeta:nodes=150000")),
            ("d9", level("daisy", "alphabeta:time=1s")),
            ("s4", 4),
            ("s15", PERFECT),
            ("p15", PERFECT),
            ("p3", 3),
        ],
    );
}

#[test]
fn a_new_database_keeps_the_levels_it_is_given() {
    let db = temp_db("renumber-new");
    drop(Store::open(&db).unwrap());
    // Levels stored by this version, each of which would move if taken for an older one
    // (Obsidian 4 and Daisy 4 become 5 and 3 from version 1).
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch(
        "INSERT INTO games (id, game, rules, first, mode, bot_seat, bot_level, token1, token2)
         VALUES ('o4', 'obsidian', '{}', 1, 'bot', 2, 4, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'),
                ('d4', 'daisy', '{}', 1, 'bot', 2, 4, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb');",
    )
    .unwrap();
    drop(conn);
    let store = Store::open(&db).unwrap();
    assert_eq!(stored_level(&store, "o4"), Some(4));
    assert_eq!(stored_level(&store, "d4"), Some(4));
}
