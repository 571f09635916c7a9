//! `boardlab serve --workers 0` and `boardlab worker --db URL` as processes on one
//! PostgreSQL database: a server without workers never searches, and its bot games and
//! analyses wait until a worker runs; a worker killed mid-search leaves the move to another
//! once its lease runs out. Skipped, saying so, where there is no PostgreSQL
//! (`boardlab_web::testing::postgres`); required in CI. A worker refuses an SQLite file.

use boardlab_games::GameId;
use boardlab_web::Database;
use boardlab_web::client::Client;
use boardlab_web::testing::postgres::fresh_database;
use boardlab_web::testing::{Process, spawn_server};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The generous bound of every wait.
const PATIENCE: Duration = Duration::from_secs(60);

/// `boardlab serve --workers N` on `db`, on a free port; its address.
fn serve(db: &Database, workers: u32) -> (Process, SocketAddr) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardlab"));
    command
        .args(["serve", "--addr", "127.0.0.1:0", "--workers"])
        .arg(workers.to_string())
        .arg("--db")
        .arg(db.argument());
    spawn_server(command)
}

/// `boardlab worker --db URL --threads 1 --lease 2`, started once it says it runs.
fn worker(db: &Database) -> Process {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["worker", "--threads", "1", "--lease", "2", "--db"])
        .arg(db.argument())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the worker");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .expect("the worker's first line");
    assert!(line.contains("is making bot moves and analyses"), "{line}");
    Process(child)
}

fn get(addr: SocketAddr, path: &str) -> Value {
    Client::connect(addr).unwrap().get(path).unwrap().json()
}

/// A new bot game whose bot (of `level`) moves first; its id.
fn bot_moves_first(addr: SocketAddr, game: &str, level: u8) -> String {
    let body = json!({ "game": game, "opponent": "bot", "level": level, "side": "2" });
    let reply = Client::connect(addr)
        .unwrap()
        .post("/api/games", &body.to_string())
        .unwrap();
    assert_eq!(reply.status, 201, "{}", reply.body);
    reply.json()["id"].as_str().unwrap().to_string()
}

fn ply(addr: SocketAddr, id: &str) -> u64 {
    get(addr, &format!("/api/games/{id}"))["ply"]
        .as_u64()
        .unwrap()
}

fn until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < PATIENCE, "waited in vain for {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_server_without_workers_never_searches_and_its_bot_waits_for_a_worker() {
    let Some(db) = fresh_database("no-workers") else {
        return;
    };
    let (_server, addr) = serve(&db, 0);
    let id = bot_moves_first(addr, "sprint", 1);
    // A level-1 bot answers in milliseconds: in a second it would have.
    std::thread::sleep(Duration::from_secs(1));
    assert_eq!(ply(addr, &id), 0, "a server with --workers 0 searched");
    let health = get(addr, "/api/health");
    assert_eq!(
        (&health["bot_searches"], &health["bot_searches_waiting"]),
        (&json!(0), &json!(1)),
        "{health}"
    );
    let _worker = worker(&db);
    until("the worker's move", || ply(addr, &id) == 1);
}

#[test]
fn an_analysis_asked_of_a_server_without_workers_is_made_by_a_worker() {
    let Some(db) = fresh_database("analysis-worker") else {
        return;
    };
    let (_server, addr) = serve(&db, 0);
    let reply = Client::connect(addr)
        .unwrap()
        .post(
            "/api/games",
            &json!({ "game": "sprint", "opponent": "local" }).to_string(),
        )
        .unwrap();
    assert_eq!(reply.status, 201, "{}", reply.body);
    let id = reply.json()["id"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/analysis/0");
    let asking = std::thread::spawn(move || Client::connect(addr).unwrap().get(&path).unwrap());
    until("the analysis to be queued", || {
        get(addr, "/api/health")["analyses_waiting"] == 1
    });
    std::thread::sleep(Duration::from_millis(500));
    assert!(!asking.is_finished(), "a server with --workers 0 analysed");
    // The worker's analysis reaches the request waiting on the server (a notice).
    let _worker = worker(&db);
    let reply = asking.join().unwrap();
    assert_eq!(reply.status, 200, "{}", reply.body);
    // Sprint is solved: the start is a win for White in 23 plies.
    assert_eq!(
        reply.json()["analysis"]["exact"],
        "win 23",
        "{}",
        reply.body
    );
    let health = get(addr, "/api/health");
    assert_eq!(
        (&health["analyses"], &health["analyses_waiting"]),
        (&json!(0), &json!(0)),
        "{health}"
    );
}

#[test]
fn a_worker_killed_mid_search_leaves_the_move_to_another_after_its_lease() {
    let Some(db) = fresh_database("killed-worker") else {
        return;
    };
    let (_server, addr) = serve(&db, 0);
    let mut first = worker(&db);
    // The strongest level thinks long enough to be seen thinking.
    let top = GameId::Obsidian.levels().count();
    let id = bot_moves_first(addr, "obsidian", top);
    until("the first worker to take the move", || {
        get(addr, "/api/health")["bot_searches"] == 1
    });
    first.0.kill().unwrap(); // SIGKILL, mid-search
    first.0.wait().unwrap();
    let killed = Instant::now();
    assert_eq!(ply(addr, &id), 0, "the killed worker moved");
    let _second = worker(&db);
    until("the second worker's move", || ply(addr, &id) == 1);
    // The move waited for the lease (2 s) to run out, not for the killed worker.
    assert!(
        killed.elapsed() >= Duration::from_secs(1),
        "{:?}",
        killed.elapsed()
    );
}

#[test]
fn a_worker_refuses_an_sqlite_file() {
    let output = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["worker", "--db", "games.sqlite"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("a worker needs the PostgreSQL database the servers share"),
        "{said}"
    );
}
