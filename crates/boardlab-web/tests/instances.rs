//! Several servers on one PostgreSQL database: any serves any game, a change made through
//! one reaches the watchers of the others live (`LISTEN/NOTIFY`), of racing moves for one
//! turn exactly one is played, offers are shared, and a server killed mid-game leaves the
//! game to the others with every acknowledged move. Skipped, saying so, where there is no
//! PostgreSQL (`boardlab_web::testing::postgres`); required in CI.

use boardlab_web::Database;
use boardlab_web::client::Client;
use boardlab_web::testing::postgres::fresh_database;
use boardlab_web::testing::{Process, spawn_server, start_with, test_config};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::Command;
use std::sync::{Arc, Barrier};
use std::time::Duration;

/// Two servers (in this process) on one fresh database.
fn two_servers(label: &str) -> Option<[SocketAddr; 2]> {
    let db = fresh_database(label)?;
    Some([0, 1].map(|_| start_with(test_config(db.clone()), 2).0))
}

fn get(addr: SocketAddr, path: &str) -> Value {
    let reply = Client::connect(addr).unwrap().get(path).unwrap();
    assert_eq!(reply.status, 200, "{path}: {}", reply.body);
    reply.json()
}

fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    let reply = Client::connect(addr)
        .unwrap()
        .post(path, &body.to_string())
        .unwrap();
    (reply.status, reply.json())
}

/// A new game from `body` through `addr`: its id and its two seat tokens.
fn create(addr: SocketAddr, body: Value) -> (String, [String; 2]) {
    let (status, created) = post(addr, "/api/games", body);
    assert_eq!(status, 201, "{created}");
    // A friend game gives the second seat's token in its invite link.
    let token = |seat: &str| match created["tokens"][seat].as_str() {
        Some(token) => token.to_string(),
        None => {
            let invite = created["links"]["invite"].as_str().unwrap();
            invite.rsplit_once('=').unwrap().1.to_string()
        }
    };
    (
        created["id"].as_str().unwrap().to_string(),
        [token("1"), token("2")],
    )
}

/// The event stream of a game, read line by line.
fn follow(addr: SocketAddr, id: &str) -> BufReader<TcpStream> {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let head = format!("GET /api/games/{id}/events HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    stream.write_all(head.as_bytes()).unwrap();
    BufReader::new(stream)
}

/// Reads the stream until a line contains `text` (failing after the read timeout).
fn until_seen(events: &mut BufReader<TcpStream>, text: &str) {
    let mut line = String::new();
    loop {
        line.clear();
        let read = events
            .read_line(&mut line)
            .unwrap_or_else(|e| panic!("waited in vain for {text}: {e}"));
        assert!(read > 0, "the stream ended before {text}");
        if line.contains(text) {
            return;
        }
    }
}

#[test]
fn a_move_through_one_server_is_seen_live_by_a_watcher_of_the_other() {
    let Some([a, b]) = two_servers("live") else {
        return;
    };
    let (id, tokens) = create(
        a,
        json!({ "game": "sprint", "opponent": "friend", "side": "1" }),
    );
    let mut watcher = follow(b, &id);
    until_seen(&mut watcher, "\"version\"");
    let (status, state) = post(
        a,
        &format!("/api/games/{id}/moves"),
        json!({ "seat": 1, "token": tokens[0], "move": "b2c3" }),
    );
    assert_eq!(status, 200, "{state}");
    until_seen(&mut watcher, "b2c3");
    // And back: a move through the other server reaches a watcher of the first.
    let mut watcher = follow(a, &id);
    until_seen(&mut watcher, "\"version\"");
    let reply = get(b, &format!("/api/games/{id}"));
    let answer = reply["legal"][0].as_str().unwrap().to_string();
    let (status, state) = post(
        b,
        &format!("/api/games/{id}/moves"),
        json!({ "seat": 2, "token": tokens[1], "move": answer }),
    );
    assert_eq!(status, 200, "{state}");
    until_seen(&mut watcher, &format!("\"{answer}\""));
}

#[test]
fn of_racing_moves_through_both_servers_for_one_turn_exactly_one_is_played() {
    let Some([a, b]) = two_servers("race") else {
        return;
    };
    let (id, tokens) = create(
        a,
        json!({ "game": "obsidian", "opponent": "local",
                "rules": { "no_progress_plies": "0", "threefold_repetition": "false" } }),
    );
    let path = format!("/api/games/{id}/moves");
    for turn in 0..12 {
        // Both servers know the game as it is.
        let state = get(b, &format!("/api/games/{id}"));
        assert_eq!(state, get(a, &format!("/api/games/{id}")), "turn {turn}");
        let seat = state["view"]["to_move"].as_u64().unwrap() as usize;
        let legal = state["legal"].as_array().unwrap();
        let moves = [legal[0].clone(), legal[legal.len() - 1].clone()];
        let start = Arc::new(Barrier::new(2));
        let answers: Vec<(u16, Value)> = [(a, &moves[0]), (b, &moves[1])]
            .into_iter()
            .map(|(addr, mv)| {
                let (start, path) = (start.clone(), path.clone());
                let body = json!({ "seat": seat, "token": tokens[seat - 1], "move": mv });
                std::thread::spawn(move || {
                    start.wait();
                    post(addr, &path, body)
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|thread| thread.join().unwrap())
            .collect();
        let played: Vec<_> = answers
            .iter()
            .filter(|(status, _)| *status == 200)
            .collect();
        assert_eq!(played.len(), 1, "turn {turn}: {answers:?}");
        let refused = answers.iter().find(|(status, _)| *status != 200).unwrap();
        assert_eq!(refused.0, 409, "turn {turn}: {refused:?}");
        let after = get(a, &format!("/api/games/{id}"));
        assert_eq!(after["ply"], turn + 1, "turn {turn}");
    }
}

#[test]
fn a_draw_offered_through_one_server_is_accepted_through_the_other() {
    let Some([a, b]) = two_servers("offers") else {
        return;
    };
    let (id, tokens) = create(
        a,
        json!({ "game": "sprint", "opponent": "friend", "side": "1" }),
    );
    let (status, state) = post(
        a,
        &format!("/api/games/{id}/draw"),
        json!({ "seat": 1, "token": tokens[0] }),
    );
    assert_eq!(status, 200, "{state}");
    let seen = get(b, &format!("/api/games/{id}"));
    assert_eq!(seen["offers"]["draw"], 1, "{seen}");
    let (status, state) = post(
        b,
        &format!("/api/games/{id}/draw"),
        json!({ "seat": 2, "token": tokens[1] }),
    );
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["result"]["score"], "1/2-1/2", "{state}");
    assert_eq!(
        get(a, &format!("/api/games/{id}"))["result"]["score"],
        "1/2-1/2"
    );
}

/// Starts the server binary on `db` on a free port.
fn start_process(db: &Database) -> (Process, SocketAddr) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardlab-web"));
    command
        .args(["--addr", "127.0.0.1:0", "--db"])
        .arg(db.argument());
    spawn_server(command)
}

#[test]
fn a_server_killed_mid_game_leaves_the_game_to_the_other_with_every_move() {
    let Some(db) = fresh_database("killed") else {
        return;
    };
    let (mut first, a) = start_process(&db);
    let (mut second, b) = start_process(&db);
    let (id, tokens) = create(a, json!({ "game": "sprint", "opponent": "local" }));
    let path = format!("/api/games/{id}/moves");
    let mut acked = Vec::new();
    let play_through = |addr: SocketAddr, count: usize, acked: &mut Vec<String>| {
        for _ in 0..count {
            let state = get(addr, &format!("/api/games/{id}"));
            let seat = state["view"]["to_move"].as_u64().unwrap() as usize;
            let Some(mv) = state["legal"].as_array().and_then(|l| l.first()).cloned() else {
                return;
            };
            let (status, after) = post(
                addr,
                &path,
                json!({ "seat": seat, "token": tokens[seat - 1], "move": mv }),
            );
            assert_eq!(status, 200, "{after}");
            acked.push(mv.as_str().unwrap().to_string());
        }
    };
    play_through(a, 6, &mut acked);
    first.kill().unwrap(); // SIGKILL
    first.wait().unwrap();
    play_through(b, 4, &mut acked);
    let state = get(b, &format!("/api/games/{id}"));
    let stored: Vec<String> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    assert_eq!(stored, acked);
    second.kill().unwrap();
    second.wait().unwrap();
}

/// A game against a friend with one second on each clock, created and its first (free) move
/// played through `addr`: its id and its version once seat 2's clock runs.
fn one_second_game(addr: SocketAddr) -> (String, i64) {
    let (id, tokens) = create(
        addr,
        json!({ "game": "sprint", "opponent": "friend", "side": "1", "clock": "1+0" }),
    );
    let (status, state) = post(
        addr,
        &format!("/api/games/{id}/moves"),
        json!({ "seat": 1, "token": tokens[0], "move": "b2c3" }),
    );
    assert_eq!(status, 200, "{state}");
    (id, state["version"].as_i64().unwrap())
}

#[test]
fn a_flag_falls_once_and_falls_on_the_other_server_when_the_first_is_killed() {
    let Some(db) = fresh_database("flag") else {
        return;
    };
    let (mut first, a) = start_process(&db);
    let (mut second, b) = start_process(&db);
    // The first move is free; then seat 2's second runs.
    let (id, version) = one_second_game(a);
    // The second server holds the game too (and watches its clock), then the first dies.
    let mut watcher = follow(b, &id);
    until_seen(&mut watcher, "b2c3");
    first.kill().unwrap();
    first.wait().unwrap();
    until_seen(&mut watcher, "\"score\":\"1-0\"");
    let after = get(b, &format!("/api/games/{id}"));
    assert_eq!(after["result"]["score"], "1-0", "{after}");
    // One change ended it.
    assert_eq!(after["version"].as_i64().unwrap(), version + 1, "{after}");
    second.kill().unwrap();
    second.wait().unwrap();
}

#[test]
fn with_both_servers_watching_a_flag_falls_once() {
    let Some([a, b]) = two_servers("flag-twice") else {
        return;
    };
    // The first move is free; then seat 2's second runs.
    let (id, version) = one_second_game(a);
    let mut watchers = [follow(a, &id), follow(b, &id)];
    for watcher in &mut watchers {
        until_seen(watcher, "\"score\":\"1-0\"");
    }
    std::thread::sleep(Duration::from_millis(300));
    for addr in [a, b] {
        let after = get(addr, &format!("/api/games/{id}"));
        assert_eq!(after["result"]["score"], "1-0", "{after}");
        assert_eq!(after["version"].as_i64().unwrap(), version + 1, "{after}");
    }
}
