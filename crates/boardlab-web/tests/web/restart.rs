//! Killing the server (SIGKILL) in the middle of games loses no acknowledged move: the real
//! binary is started, killed while a client is sending moves, and started again; on SQLite
//! and on PostgreSQL (where one is to be had: `boardlab_web::testing::postgres`).

use boardlab_web::Database;
use boardlab_web::client::Client;
use boardlab_web::game_set::GameSet;
use boardlab_web::seat::Seat;
use boardlab_web::store::Store;
use boardlab_web::testing::postgres::fresh_database;
use boardlab_web::testing::{Process, spawn_server, temp_db};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Starts the server binary on a free port; returns the process and its address.
fn start(db: &Database) -> (Process, SocketAddr) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardlab-web"));
    command
        .args(["--addr", "127.0.0.1:0", "--db"])
        .arg(db.argument());
    spawn_server(command)
}

fn state(addr: SocketAddr, id: &str) -> Value {
    Client::connect(addr)
        .unwrap()
        .get(&format!("/api/games/{id}"))
        .unwrap()
        .json()
}

#[test]
fn sigkill_mid_game_loses_no_acknowledged_move() {
    sigkill_mid_game_loses_no_acknowledged_move_on(temp_db("restart").into());
}

#[test]
fn sigkill_mid_game_loses_no_acknowledged_move_on_postgres() {
    if let Some(db) = fresh_database("restart") {
        sigkill_mid_game_loses_no_acknowledged_move_on(db);
    }
}

fn sigkill_mid_game_loses_no_acknowledged_move_on(db: Database) {
    let (mut server, addr) = start(&db);
    let mut c = Client::connect(addr).unwrap();
    let created = c
        .post("/api/games", &json!({ "game": "obsidian", "opponent": "local", "rules": { "no_progress_plies": "0", "threefold_repetition": "false" } }).to_string())
        .unwrap()
        .json();
    let id = created["id"].as_str().unwrap().to_string();
    let tokens = [
        created["tokens"]["1"].as_str().unwrap().to_string(),
        created["tokens"]["2"].as_str().unwrap().to_string(),
    ];
    // A bot game where the bot is to move when the server dies must go on after the restart.
    let bot_game = c
        .post(
            "/api/games",
            &json!({ "game": "sprint", "opponent": "bot", "side": "1" }).to_string(),
        )
        .unwrap()
        .json();
    let bot_id = bot_game["id"].as_str().unwrap().to_string();

    // A client plays moves as fast as it can and remembers every acknowledged one.
    let acked = Arc::new(Mutex::new(Vec::<String>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let player = {
        let (acked, stop, id) = (acked.clone(), stop.clone(), id.clone());
        std::thread::spawn(move || {
            let Ok(mut c) = Client::connect(addr) else {
                return;
            };
            let Ok(reply) = c.get(&format!("/api/games/{id}")) else {
                return;
            };
            let mut st = reply.json();
            let mut n = 0usize;
            while !stop.load(Ordering::Relaxed) {
                let legal = st["legal"].as_array().cloned().unwrap_or_default();
                if legal.is_empty() {
                    return;
                }
                let mv = legal[(n * 13 + 5) % legal.len()]
                    .as_str()
                    .unwrap()
                    .to_string();
                n += 1;
                let seat = st["view"]["to_move"].as_u64().unwrap() as usize;
                let body = json!({ "seat": seat, "token": tokens[seat - 1], "move": mv });
                match c.post(&format!("/api/games/{id}/moves"), &body.to_string()) {
                    Ok(r) if r.status == 200 => {
                        acked.lock().unwrap().push(mv);
                        st = r.json();
                    }
                    _ => return, // the server went away mid-request
                }
            }
        })
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    while acked.lock().unwrap().len() < 40 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(2));
    }
    server.kill().expect("SIGKILL the server"); // Child::kill sends SIGKILL on Unix
    server.wait().unwrap();
    stop.store(true, Ordering::Relaxed);
    player.join().unwrap();
    let acked = acked.lock().unwrap().clone();
    assert!(
        acked.len() >= 40,
        "only {} moves were acknowledged",
        acked.len()
    );

    let (mut server, addr) = start(&db);
    let after = state(addr, &id);
    let stored: Vec<String> = after["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    // Every acknowledged move is there; at most the one in flight was committed unanswered.
    assert_eq!(
        stored[..acked.len()],
        acked[..],
        "acknowledged moves were lost"
    );
    assert!(stored.len() <= acked.len() + 1);

    // The game goes on after the restart.
    let seat = after["view"]["to_move"].as_u64().unwrap() as usize;
    let mv = after["legal"][0].as_str().unwrap();
    let mut c = Client::connect(addr).unwrap();
    let token = if seat == 1 {
        created["tokens"]["1"].clone()
    } else {
        created["tokens"]["2"].clone()
    };
    let r = c
        .post(
            &format!("/api/games/{id}/moves"),
            &json!({ "seat": seat, "token": token, "move": mv }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);

    // The bot game: play a move for the human seat, and the bot answers.
    let bot_state = state(addr, &bot_id);
    let ply = bot_state["ply"].as_u64().unwrap();
    let mv = bot_state["legal"][0].as_str().unwrap();
    let r = c
        .post(
            &format!("/api/games/{bot_id}/moves"),
            &json!({ "seat": 1, "token": bot_game["tokens"]["1"], "move": mv }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    let deadline = Instant::now() + Duration::from_secs(60);
    while state(addr, &bot_id)["ply"].as_u64().unwrap() < ply + 2 {
        assert!(Instant::now() < deadline, "the bot did not answer");
        std::thread::sleep(Duration::from_millis(20));
    }
    server.kill().unwrap();
    server.wait().unwrap();
}

/// A stored bot game of `game` at its start, the bot (level 1) in seat 1 and so to move.
fn bot_row(id: &str, game: &str) -> boardlab_web::store::GameRow {
    boardlab_web::store::GameRow {
        mode: boardlab_web::store::Mode::Bot,
        bot_seat: Some(Seat::One),
        bot_level: Some(1),
        creator: Some(Seat::Two),
        ..boardlab_web::testing::stored_row(id, game.parse().expect("a built-in game"))
    }
}

#[test]
fn a_bot_that_was_to_move_when_the_server_stopped_moves_after_the_restart() {
    a_bot_that_was_to_move_moves_after_the_restart_on(temp_db("resume").into());
}

#[test]
fn a_bot_that_was_to_move_when_the_server_stopped_moves_after_the_restart_on_postgres() {
    if let Some(db) = fresh_database("resume") {
        a_bot_that_was_to_move_moves_after_the_restart_on(db);
    }
}

fn a_bot_that_was_to_move_moves_after_the_restart_on(db: Database) {
    // A stored bot game whose bot (seat 1) is to move, as a server killed at that moment
    // would have left it.
    Store::open_serving(db.clone(), std::sync::Arc::new(GameSet::built_in()))
        .unwrap()
        .insert_game(&bot_row("resumeme", "obsidian"))
        .unwrap();
    let (mut server, addr) = start(&db);
    let deadline = Instant::now() + Duration::from_secs(60);
    while state(addr, "resumeme")["ply"] != 1 {
        assert!(Instant::now() < deadline, "the bot did not resume");
        std::thread::sleep(Duration::from_millis(20));
    }
    server.kill().unwrap();
    server.wait().unwrap();
}

#[test]
fn damaged_stored_games_are_skipped_and_the_others_are_served() {
    let db = temp_db("damaged");
    {
        let store = Store::open(&db).unwrap();
        for (id, game) in [
            ("healthy", "sprint"),
            ("unknowngame", "sprint"),
            ("badrules", "sprint"),
            ("blobmove", "sprint"),
            ("gap", "sprint"),
            ("badmode", "sprint"),
        ] {
            store.insert_game(&bot_row(id, game)).unwrap();
        }
        store.insert_move("gap", 0, "b2c3", 0).unwrap();
        store.insert_move("gap", 1, "c5d4", 0).unwrap();
    }
    // Damage the rows as a bad migration, a bug or a hand edit might.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch(
        "UPDATE games SET game = 'chess' WHERE id = 'unknowngame';
         UPDATE games SET rules = 'not json' WHERE id = 'badrules';
         INSERT INTO moves (game_id, ply, mv) VALUES ('blobmove', 0, x'00ff');
         UPDATE moves SET ply = 5 WHERE game_id = 'gap' AND ply = 1;
         UPDATE games SET mode = 'weird' WHERE id = 'badmode';",
    )
    .unwrap();
    drop(conn);
    let (mut server, addr) = start(&db.into());
    // The healthy game's bot moves: the server started and resumed it.
    let deadline = Instant::now() + Duration::from_secs(60);
    while state(addr, "healthy")["ply"] != 1 {
        assert!(
            Instant::now() < deadline,
            "the healthy game's bot did not resume"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut c = Client::connect(addr).unwrap();
    for (id, says) in [
        ("unknowngame", "column game holds 'chess'"),
        ("badrules", "not JSON"),
        ("blobmove", "unreadable move"),
        ("gap", "jump from ply 0 to ply 5"),
        ("badmode", "column mode holds 'weird'"),
    ] {
        let reply = c.get(&format!("/api/games/{id}")).unwrap();
        assert_eq!(reply.status, 500, "{id}: {}", reply.body);
        let message = reply.json()["error"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(message.contains(says), "{id}: {message}");
    }
    // No move is acknowledged on a game whose stored history is broken.
    let reply = c
        .post(
            "/api/games/gap/moves",
            &json!({ "seat": 2, "token": "b".repeat(32), "move": "d6c5" }).to_string(),
        )
        .unwrap();
    assert_eq!(reply.status, 500, "{}", reply.body);
    server.kill().unwrap();
    server.wait().unwrap();
}
