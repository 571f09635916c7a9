//! A server with 50,000 unfinished bot games stored answers at once: their bots are resumed
//! in the background, a few at a time (never every game in memory), and a game asked for
//! first is resumed when it is loaded.

use boardlab_web::client::Client;
use boardlab_web::store::Store;
use boardlab_web::testing::{start_background, temp_db};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

const GAMES: usize = 50_000;

/// The generous bound of every wait.
const PATIENCE: Duration = Duration::from_secs(300);

fn get(addr: SocketAddr, path: &str) -> Value {
    Client::connect(addr).unwrap().get(path).unwrap().json()
}

#[test]
fn fifty_thousand_stored_bot_games_resume_in_the_background() {
    let db = temp_db("lazy-resume");
    drop(Store::open(&db).unwrap());
    // Sprint at level 1, the bot (seat 1) to move first: every game waits for its bot.
    let mut conn = rusqlite::Connection::open(&db).unwrap();
    let tx = conn.transaction().unwrap();
    {
        let mut insert = tx
            .prepare(
                "INSERT INTO games (id, game, rules, first, mode, bot_seat, bot_level, token1, token2)
                 VALUES (?1, 'sprint', '{}', 1, 'bot', 1, 1, ?2, ?3)",
            )
            .unwrap();
        for n in 0..GAMES {
            insert
                // Tokens of the real shape (32 lowercase hex digits), each its own.
                .execute([
                    format!("g{n:05}"),
                    format!("{:032x}", 2 * n),
                    format!("{:032x}", 2 * n + 1),
                ])
                .unwrap();
        }
    }
    tx.commit().unwrap();
    drop(conn);

    let started = Instant::now();
    let addr = start_background(db, 2);
    let first = get(addr, "/api/health");
    let answered = started.elapsed();
    assert_eq!(first["ok"], true, "{first}");
    assert!(first["resuming"].is_object(), "{first}");
    // Measured, not asserted (a loaded machine may be slow): said with --nocapture.
    let _ = std::io::Write::write_fmt(
        &mut std::io::stderr(),
        format_args!("first health answer {answered:?} after the start with {GAMES} games\n"),
    );

    // The resume goes on in the background: it has counted the games and is not done.
    let deadline = Instant::now() + PATIENCE;
    let progress = loop {
        let health = get(addr, "/api/health");
        let total = health["resuming"]["total"].as_u64().unwrap_or(0);
        if total > 0 {
            break health;
        }
        assert!(Instant::now() < deadline, "the games were never counted");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(progress["resuming"]["total"], GAMES as u64, "{progress}");
    assert!(
        progress["resuming"]["done"].as_u64().unwrap() < GAMES as u64,
        "{progress}"
    );

    // Games far down the list, asked for now, are resumed when loaded: their bots move.
    for id in ["g49999", "g37777", "g25000"] {
        loop {
            let state = get(addr, &format!("/api/games/{id}"));
            if state["ply"].as_u64().unwrap_or(0) >= 1 {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "the bot of {id} never moved: {state}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    // Never every game in memory: the games whose bots have moved leave again.
    let health = get(addr, "/api/health");
    let resident = health["games_in_memory"].as_u64().unwrap();
    assert!(resident < 1_000, "{health}");
    // The resume goes on and gets through games in list order too.
    loop {
        let state = get(addr, "/api/health");
        if state["resuming"]["done"].as_u64().unwrap_or(GAMES as u64) >= 100 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the resume did not go on: {state}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(get(addr, "/api/games/g00000")["ply"].as_u64().unwrap() >= 1);
}
