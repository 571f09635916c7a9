//! The server holds its database alone (SQLite's EXCLUSIVE locking mode, set before the
//! WAL is first used): a second server on the same file is refused with an error naming
//! the file, and SQLite keeps the WAL's index in heap memory, so no `-shm` file is made or
//! mapped (one that cannot be written would kill the server with SIGBUS).

use boardlab_web::client::Client;
use boardlab_web::store::{Store, StoreError};
use boardlab_web::testing::{spawn_server, temp_db};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::Command;

fn shm_of(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push("-shm");
    PathBuf::from(name)
}

#[test]
fn a_second_server_on_the_same_file_is_refused_with_the_files_name() {
    let db = temp_db("storage-two");
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardlab-web"));
    command.args(["--addr", "127.0.0.1:0", "--db"]).arg(&db);
    let (mut first, addr) = spawn_server(command);
    // The first server writes a game: still no -shm file beside the database.
    let r = Client::connect(addr)
        .unwrap()
        .post(
            "/api/games",
            &json!({ "game": "sprint", "opponent": "local" }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.body);
    assert!(!shm_of(&db).exists(), "a -shm file was made");
    // A second server on the same file stops at once, saying why.
    let second = Command::new(env!("CARGO_BIN_EXE_boardlab-web"))
        .args(["--addr", "127.0.0.1:0", "--db"])
        .arg(&db)
        .output()
        .expect("run the second server");
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(!second.status.success(), "the second server ran: {said}");
    assert!(
        said.contains(&format!(
            "the database {} is in use by another boardlab server",
            db.display()
        )),
        "{said}"
    );
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        second.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&second.stdout)
    );
    // The first server goes on.
    let r = Client::connect(addr).unwrap().get("/api/health").unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    first.kill().unwrap();
    first.wait().unwrap();
}

#[test]
fn a_store_open_holds_the_file_until_it_is_dropped() {
    let db = temp_db("storage-store");
    let store = Store::open(&db).unwrap();
    let error = Store::open(&db).err().expect("a second store is refused");
    assert!(matches!(error, StoreError::InUse { .. }), "{error}");
    assert!(
        error.to_string().contains(&db.display().to_string()),
        "{error}"
    );
    drop(store);
    Store::open(&db).expect("the file is free again once the first store is dropped");
}

#[test]
fn a_shm_path_that_cannot_be_used_is_never_touched() {
    let db = temp_db("storage-shm");
    // A folder where SQLite would put its shared-memory file: it can be neither written
    // nor mapped.
    std::fs::create_dir(shm_of(&db)).unwrap();
    let store = Store::open(&db).expect("the store opens without a -shm file");
    let row = boardlab_web::testing::stored_row("shm", boardlab_games::GameId::Sprint);
    store.insert_game(&row).unwrap();
    store.insert_move("shm", 0, "b2c3", 1).unwrap();
    drop(store);
    let (_, moves) = Store::open(&db).unwrap().load("shm").unwrap().unwrap();
    assert_eq!(moves, ["b2c3"]);
}

#[test]
fn a_database_error_is_said_once() {
    let db = temp_db("storage-once");
    let store = Store::open(&db).unwrap();
    // A table gone (a bad hand edit): SQLite's words, once.
    store.execute_batch("DROP TABLE moves").unwrap();
    let error = store.move_moments("nogame").unwrap_err();
    assert!(matches!(error, StoreError::Database(_)), "{error}");
    assert!(std::error::Error::source(&error).is_none());
    let chain = format!("{:#}", anyhow::Error::from(error));
    assert_eq!(chain.matches("no such table: moves").count(), 1, "{chain}");
    // A move of a game that is not stored is refused, naming the game.
    let error = store.insert_move("nogame", 0, "b2c3", 0).unwrap_err();
    assert!(matches!(error, StoreError::Missing { .. }), "{error}");
    assert_eq!(error.to_string(), "no game with id 'nogame'");
}
