//! Games stored when every game had six levels (7 the perfect player) keep the strength their
//! player chose after the levels were recalibrated: their levels are renumbered once, when
//! the store is opened, and never again.

use boardlab_web::bot::{LEVEL_BEFORE_RECALIBRATION, PERFECT};
use boardlab_web::store::Store;
use boardlab_web::testing::temp_db;

/// A database as the earlier version left it: its layout without the version, and bot
/// games at old levels.
fn old_database(games: &[(&str, &str, u8)]) -> std::path::PathBuf {
    let db = temp_db("renumber");
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch(
        "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL,
             first INTEGER NOT NULL, mode TEXT NOT NULL, bot_seat INTEGER, bot_level INTEGER,
             token1 TEXT NOT NULL, token2 TEXT NOT NULL, resigned INTEGER, position TEXT,
             board TEXT, created INTEGER NOT NULL DEFAULT (unixepoch()));",
    )
    .unwrap();
    for (id, game, level) in games {
        conn.execute(
            "INSERT INTO games (id, game, rules, first, mode, bot_seat, bot_level, token1, token2)
             VALUES (?1, ?2, '{}', 1, 'bot', 2, ?3, 'a', 'b')",
            rusqlite::params![id, game, level],
        )
        .unwrap();
    }
    db
}

fn stored_level(store: &Store, id: &str) -> Option<u8> {
    store.load(id).unwrap().unwrap().0.bot_level
}

#[test]
fn old_levels_are_renumbered_once() {
    let db = old_database(&[
        ("o1", "obsidian", 1),
        ("o3", "obsidian", 3),
        ("o6", "obsidian", 6),
        ("s7", "sprint", 7),
        ("d5", "daisy", 5),
        ("p2", "parity", 2),
    ]);
    let table = |game: &str, old: u8| {
        LEVEL_BEFORE_RECALIBRATION
            .iter()
            .find(|(name, _)| *name == game)
            .unwrap()
            .1[usize::from(old) - 1]
    };
    let expected = [
        ("o1", table("obsidian", 1)),
        ("o3", table("obsidian", 3)),
        ("o6", table("obsidian", 6)),
        ("s7", PERFECT),
        ("d5", table("daisy", 5)),
        ("p2", table("parity", 2)),
    ];
    {
        let store = Store::open(&db).unwrap();
        for (id, level) in expected {
            assert_eq!(stored_level(&store, id), Some(level), "{id}");
        }
        assert_eq!(stored_level(&store, "o6"), Some(boardlab_ai::TOP_LEVEL));
    }
    // Opened again, nothing moves: the renumbering is done once.
    let store = Store::open(&db).unwrap();
    for (id, level) in expected {
        assert_eq!(
            stored_level(&store, id),
            Some(level),
            "{id} after a second opening"
        );
    }
}

#[test]
fn a_new_database_keeps_the_levels_it_is_given() {
    let db = temp_db("renumber-new");
    drop(Store::open(&db).unwrap());
    // A level stored by this version (2 would be renumbered if taken for an old one).
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute(
        "INSERT INTO games (id, game, rules, first, mode, bot_seat, bot_level, token1, token2)
         VALUES ('new', 'sprint', '{}', 1, 'bot', 2, 2, 'a', 'b')",
        [],
    )
    .unwrap();
    drop(conn);
    let store = Store::open(&db).unwrap();
    assert_eq!(stored_level(&store, "new"), Some(2));
}
