//! API tests against a real server on a loopback port: bad requests get the right 4xx
//! status with a JSON error and leave the stored game unchanged.

use boardlab_web::client::{Client, Reply};
use boardlab_web::hub::Hub;
use boardlab_web::testing::{start_background_with_hub, test_database};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;

struct Fixture {
    addr: SocketAddr,
    /// The server's games and store: it holds the database alone while it runs.
    hub: Arc<Hub>,
}

fn fixture() -> Fixture {
    let (addr, hub) = start_background_with_hub(test_database("api"), 2);
    Fixture { addr, hub }
}

impl Fixture {
    fn client(&self) -> Client {
        Client::connect(self.addr).expect("connect")
    }

    /// A friend game of `game` after `moves`; returns (id, token of seat 1, token of seat 2).
    fn game(&self, game: &str, moves: &[&str]) -> (String, String, String) {
        let mut c = self.client();
        let created = c
            .post(
                "/api/games",
                &json!({ "game": game, "opponent": "local" }).to_string(),
            )
            .unwrap();
        assert_eq!(created.status, 201, "{}", created.body);
        let v = created.json();
        let id = v["id"].as_str().unwrap().to_string();
        let t1 = v["tokens"]["1"].as_str().unwrap().to_string();
        let t2 = v["tokens"]["2"].as_str().unwrap().to_string();
        for (i, mv) in moves.iter().enumerate() {
            let (seat, token) = if i % 2 == 0 { (1, &t1) } else { (2, &t2) };
            let r = post_move(&mut c, &id, Some(seat), Some(token), mv);
            assert_eq!(r.status, 200, "{}", r.body);
        }
        (id, t1, t2)
    }

    /// The moves the database holds for a game.
    fn stored_moves(&self, id: &str) -> Vec<String> {
        let store = self.hub.store();
        store.load(id).expect("load").expect("the game exists").1
    }
}

fn post_move(c: &mut Client, id: &str, seat: Option<u8>, token: Option<&str>, mv: &str) -> Reply {
    let mut body = json!({ "move": mv });
    if let Some(seat) = seat {
        body["seat"] = json!(seat);
    }
    if let Some(token) = token {
        body["token"] = json!(token);
    }
    c.post(&format!("/api/games/{id}/moves"), &body.to_string())
        .unwrap()
}

/// Checks a 4xx reply: the status, a JSON body with an `error` message containing `words`.
fn assert_error(reply: &Reply, status: u16, words: &str) {
    assert_eq!(reply.status, status, "body: {}", reply.body);
    let v: Value = serde_json::from_str(&reply.body).expect("a JSON error body");
    let message = v["error"].as_str().expect("an error message");
    assert!(
        message.contains(words),
        "error '{message}' should mention '{words}'"
    );
}

#[test]
fn bad_move_requests_get_4xx_and_leave_the_game_unchanged() {
    let f = fixture();
    let (id, t1, t2) = f.game("obsidian", &["e2e4", "e7e5"]);
    let mut c = f.client();
    let before = c.get(&format!("/api/games/{id}")).unwrap().body;
    let stored = f.stored_moves(&id);
    assert_eq!(stored, ["e2e4", "e7e5"]);

    let path = format!("/api/games/{id}/moves");
    let cases: Vec<(Reply, u16, &str)> = vec![
        (
            c.post(&path, "{\"seat\": 1, \"token\": ").unwrap(),
            400,
            "malformed JSON",
        ),
        (
            c.post(&path, "not json at all").unwrap(),
            400,
            "malformed JSON",
        ),
        (
            post_move(&mut c, &id, Some(1), None, "d2d4"),
            401,
            "missing token",
        ),
        (
            post_move(&mut c, &id, Some(1), Some(""), "d2d4"),
            401,
            "missing token",
        ),
        (
            post_move(&mut c, &id, Some(1), Some(&t2), "d2d4"),
            403,
            "does not belong to seat 1",
        ),
        (
            post_move(&mut c, &id, Some(2), Some("0123abcd"), "d7d5"),
            403,
            "does not belong",
        ),
        (
            post_move(&mut c, &id, Some(2), Some(&t2), "d7d5"),
            409,
            "It is White (Player 1)'s turn, not Black (Player 2)'s",
        ),
        (
            post_move(&mut c, &id, Some(1), Some(&t1), "e4e6"),
            422,
            "illegal move",
        ),
        (
            post_move(&mut c, &id, Some(1), Some(&t1), "z9z9"),
            422,
            "z9",
        ),
        (
            post_move(&mut c, &id, Some(3), Some(&t1), "d2d4"),
            400,
            "seat 3",
        ),
        (post_move(&mut c, &id, None, Some(&t1), "d2d4"), 400, "seat"),
        (
            c.post(&path, &json!({ "seat": 1, "token": t1 }).to_string())
                .unwrap(),
            400,
            "move",
        ),
    ];
    for (reply, status, words) in &cases {
        assert_error(reply, *status, words);
    }
    assert_eq!(c.get(&format!("/api/games/{id}")).unwrap().body, before);
    assert_eq!(f.stored_moves(&id), stored);

    // The game goes on normally afterwards.
    let ok = post_move(&mut c, &id, Some(1), Some(&t1), "d2d4");
    assert_eq!(ok.status, 200, "{}", ok.body);
    assert_eq!(f.stored_moves(&id), ["e2e4", "e7e5", "d2d4"]);
}

#[test]
fn unknown_games_are_refused() {
    let f = fixture();
    let mut c = f.client();
    let r = c
        .post("/api/games", &json!({ "game": "chess" }).to_string())
        .unwrap();
    assert_error(&r, 400, "unknown game 'chess'");
    let r = c.post("/api/games", "{\"game\":").unwrap();
    assert_error(&r, 400, "malformed JSON");
    let r = c.post("/api/games", "{}").unwrap();
    assert_error(&r, 400, "game");
    let r = c.get("/api/games/doesnotexist").unwrap();
    assert_error(&r, 404, "no game with id 'doesnotexist'");
    let r = post_move(&mut c, "doesnotexist", Some(1), Some("abc"), "e2e4");
    assert_error(&r, 404, "no game");
    let r = c
        .post(
            "/api/games",
            &json!({ "game": "sprint", "rules": { "flying_kings": "true" } }).to_string(),
        )
        .unwrap();
    assert_error(&r, 400, "backward_captures");
    let r = c
        .post(
            "/api/games",
            &json!({ "game": "obsidian", "level": 99 }).to_string(),
        )
        .unwrap();
    assert_error(&r, 400, "level 99");
    // Each game has its own number of levels: Sprint's stop well before Obsidian's.
    let sprint_levels = boardlab_games::GameId::Sprint.levels().count();
    let r = c
        .post(
            "/api/games",
            &json!({ "game": "sprint", "level": sprint_levels + 1 }).to_string(),
        )
        .unwrap();
    assert_error(&r, 400, &format!("1 to {sprint_levels}"));
    let r = c
        .post(
            "/api/games",
            &json!({ "game": "obsidian", "position": "8/8 1" }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 400, "{}", r.body);
}

#[test]
fn resignation_ends_the_game_and_the_record_says_so() {
    let f = fixture();
    let (id, _t1, t2) = f.game("sprint", &["b2a3"]);
    let mut c = f.client();
    let r = c
        .post(
            &format!("/api/games/{id}/resign"),
            &json!({ "seat": 2, "token": t2 }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["result"]["score"], "1-0");
    let r = post_move(&mut c, &id, Some(2), Some(&t2), "c5b4");
    assert_error(&r, 409, "game is over");
    let record = c.get(&format!("/api/games/{id}/record")).unwrap();
    assert_eq!(record.status, 200);
    assert!(
        record.body.starts_with("[Game \"sprint\"]\n"),
        "{}",
        record.body
    );
    assert!(record.body.contains("[Result \"1-0\"]"), "{}", record.body);
    assert!(record.body.contains("resigned"), "{}", record.body);
    assert!(record.body.contains("1. b2a3 1-0"), "{}", record.body);
}

#[test]
fn a_finished_game_can_still_be_opened_and_replayed() {
    let f = fixture();
    let mut c = f.client();
    // White's chain a1-c3-e5 leaves Black with no pieces.
    let created = c
        .post(
            "/api/games",
            &json!({ "game": "sprint", "opponent": "local", "position": "6/6/3b2/6/1b4/w5 1" })
                .to_string(),
        )
        .unwrap();
    assert_eq!(created.status, 201, "{}", created.body);
    let v = created.json();
    let id = v["id"].as_str().unwrap();
    let t1 = v["tokens"]["1"].as_str().unwrap();
    // The moves as structures too (src/legal.rs): the chain's squares, for the page.
    let chain = json!({ "text": "a1c3e5", "from": "a1", "path": ["c3", "e5"], "drop": null });
    let before = c.get(&format!("/api/games/{id}")).unwrap().json();
    assert_eq!(before["legal"], json!(["a1c3e5"]));
    assert_eq!(before["legal_moves"], json!([chain]));
    assert_eq!(before["played_moves"], json!([]));
    let r = post_move(&mut c, id, Some(1), Some(t1), "a1c3e5");
    assert_eq!(r.status, 200, "{}", r.body);
    let state = c.get(&format!("/api/games/{id}")).unwrap().json();
    assert_eq!(state["result"]["score"], "1-0");
    assert_eq!(state["moves"], json!(["a1c3e5"]));
    assert_eq!(state["played_moves"], json!([chain]));
    assert_eq!(state["legal"], json!([]));
    assert_eq!(state["legal_moves"], json!([]));
    let start = c.get(&format!("/api/games/{id}/view/0")).unwrap().json();
    assert_eq!(start["position"], "6/6/3b2/6/1b4/w5 1 0 1");
    let record = c.get(&format!("/api/games/{id}/record")).unwrap().body;
    assert!(
        record.contains("[Position \"6/6/3b2/6/1b4/w5 1 0 1\"]"),
        "{record}"
    ); // The record loads again: every move replays.
    let parsed = boardlab_core::record::GameRecord::parse(&record).expect("the record parses");
    let replayed = parsed
        .replay::<boardlab_games::Sprint>()
        .expect("the record replays");
    assert_eq!(replayed.moves().len(), 1);
}

#[test]
fn parity_can_be_played_on_another_board() {
    let f = fixture();
    let mut c = f.client();
    let board = "WBWB\nRWBU\nBURW\nWRUB\nUBWR\nBWBW";
    let r = c
        .post(
            "/api/games",
            &json!({ "game": "parity", "opponent": "local", "first": "1", "board": board })
                .to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_string();
    let view = c.get(&format!("/api/games/{id}")).unwrap().json()["view"].clone();
    let mark = |sq: &str| {
        view["cells"]
            .as_array()
            .unwrap()
            .iter()
            .find(|cell| cell["sq"] == sq)
            .unwrap()["mark"]
            .clone()
    };
    assert_eq!(mark("a5"), "R");
    assert_eq!(mark("d5"), "U");
    let r = c
        .post(
            "/api/games",
            &json!({ "game": "parity", "board": "WBX" }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 400, "{}", r.body);
    let catalog = c.get("/api/catalog").unwrap().json();
    assert_eq!(catalog[3]["board"], "WBWB\nUWBR\nWRUB\nBURW\nRBWU\nBWBW");
    assert_eq!(catalog[0]["board"], serde_json::Value::Null);
}

#[test]
fn pages_and_static_files_are_served() {
    let f = fixture();
    let mut c = f.client();
    let (id, _, _) = f.game("sprint", &[]);
    for path in [
        "/",
        &format!("/g/{id}"),
        "/rules/daisy",
        "/static/play.js",
        "/static/RULES.md",
    ] {
        let r = c.get(path).unwrap();
        assert_eq!(r.status, 200, "{path}");
        assert!(!r.body.is_empty());
    }
    assert_eq!(c.get("/static/nope.js").unwrap().status, 404);
    // A game that does not exist has a page that says so, with no board to play on.
    let missing = c.get("/g/abc").unwrap();
    assert_eq!(missing.status, 404);
    assert!(missing.body.contains("No such game"), "{}", missing.body);
    assert!(!missing.body.contains("play.js"), "{}", missing.body);
    let catalog = c.get("/api/catalog").unwrap().json();
    let ids: Vec<&str> = catalog
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["obsidian", "daisy", "sprint", "parity"]);
}

#[test]
fn the_embedded_rules_are_a_copy_of_the_shared_rules() {
    let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/RULES.md");
    let Ok(text) = std::fs::read_to_string(&shared) else {
        return; // ../shared is not beside the repository here
    };
    assert_eq!(
        boardlab_web::api::assets::file("RULES.md").unwrap().1,
        text,
        "static/RULES.md differs from ../shared/RULES.md: copy it again"
    );
}

#[test]
fn a_bot_moves_first_in_every_game_when_it_has_seat_1() {
    let f = fixture();
    let mut c = f.client();
    let mut ids = Vec::new();
    for game in ["obsidian", "daisy", "sprint", "parity"] {
        let r = c
            .post(
                "/api/games",
                &json!({ "game": game, "opponent": "bot", "level": 2, "side": "2", "first": "1" })
                    .to_string(),
            )
            .unwrap();
        assert_eq!(r.status, 201, "{}", r.body);
        assert_eq!(r.json()["seat"], 2);
        ids.push(r.json()["id"].as_str().unwrap().to_string());
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    for id in ids {
        loop {
            let state = c.get(&format!("/api/games/{id}")).unwrap().json();
            if state["ply"] == 1 {
                assert_eq!(state["seats"]["1"], "bot (level 2)");
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the bot of {id} did not move"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}

#[test]
fn the_perfect_player_is_offered_where_a_game_is_solved() {
    let f = fixture();
    let mut c = f.client();
    let catalog = c.get("/api/catalog").unwrap().json();
    let perfect_of = |game: &str| {
        catalog
            .as_array()
            .unwrap()
            .iter()
            .find(|card| card["id"] == game)
            .unwrap()["levels"]
            .as_array()
            .unwrap()
            .iter()
            .any(|level| level["label"] == "perfect")
    };
    assert!(perfect_of("sprint"));
    // Parity has it only when the server was given tablebases; Obsidian never.
    assert!(!perfect_of("parity"));
    assert!(!perfect_of("obsidian"));
    let perfect = boardlab_ai::TOP_LEVEL + 1;
    let r = c
        .post(
            "/api/games",
            &json!({ "game": "obsidian", "opponent": "bot", "level": perfect }).to_string(),
        )
        .unwrap();
    assert_error(&r, 400, &format!("level {perfect}"));
    let r = c
        .post(
            "/api/games",
            &json!({ "game": "sprint", "opponent": "bot", "level": perfect, "side": "2" })
                .to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_string();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let state = c.get(&format!("/api/games/{id}")).unwrap().json();
        if state["ply"] == 1 {
            assert_eq!(state["seats"]["1"], "bot (perfect)");
            // White wins Sprint's start; each winning first move wins in 23 plies.
            assert!(
                ["b2c3", "f2e3"].contains(&state["moves"][0].as_str().unwrap_or("")),
                "{state}"
            );
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the perfect player did not move"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn every_error_is_json_and_bodies_must_be_json() {
    let f = fixture();
    let mut c = f.client();
    let (id, t1, _) = f.game("sprint", &[]);
    // A body sent as text is refused, whatever it holds.
    let r = c
        .post_as(
            "/api/games",
            "text/plain",
            &json!({ "game": "sprint" }).to_string(),
        )
        .unwrap();
    assert_error(&r, 415, "Content-Type: application/json");
    let r = c
        .post_as(
            &format!("/api/games/{id}/moves"),
            "text/plain",
            &json!({ "seat": 1, "token": t1, "move": "b2c3" }).to_string(),
        )
        .unwrap();
    assert_error(&r, 415, "application/json");
    assert!(f.stored_moves(&id).is_empty());
    // Too large a body: 413, as JSON. The server answers without reading the rest of the
    // body and closes; the kernel may then reset the connection before the answer is read
    // (TCP discards it), so a few attempts are allowed to see the answer.
    let big = format!(
        "{{\"game\": \"sprint\", \"x\": \"{}\"}}",
        "a".repeat(3 << 20)
    );
    let reply = (0..20)
        .find_map(|_| f.client().post("/api/games", &big).ok())
        .expect("an answer to a too-large body");
    assert_error(&reply, 413, "could not be read");
    // A ply that is not a number: 400, as JSON.
    let r = c.get(&format!("/api/games/{id}/view/-1")).unwrap();
    assert_error(&r, 400, "'-1' is not a ply");
}

#[test]
fn the_invite_link_is_given_again_to_the_seat_that_holds_it() {
    let f = fixture();
    let mut c = f.client();
    let created = c
        .post(
            "/api/games",
            &json!({ "game": "sprint", "opponent": "friend", "side": "1" }).to_string(),
        )
        .unwrap()
        .json();
    let id = created["id"].as_str().unwrap();
    let token = created["tokens"]["1"].as_str().unwrap();
    let r = c
        .post(
            &format!("/api/games/{id}/invite"),
            &json!({ "seat": 1, "token": token }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["invite"], created["links"]["invite"]);
    let r = c
        .post(
            &format!("/api/games/{id}/invite"),
            &json!({ "seat": 1, "token": "0".repeat(32) }).to_string(),
        )
        .unwrap();
    assert_error(&r, 403, "does not belong");
    let (local, t1, _) = f.game("sprint", &[]);
    let r = c
        .post(
            &format!("/api/games/{local}/invite"),
            &json!({ "seat": 1, "token": t1 }).to_string(),
        )
        .unwrap();
    assert_error(&r, 409, "against a friend");
}

#[test]
fn idle_games_leave_memory_and_come_back_when_asked_for() {
    let f = fixture();
    let mut c = f.client();
    let first = f.game("sprint", &["b2c3"]);
    for _ in 0..boardlab_web::hub::RESIDENT + 40 {
        f.game("parity", &[]);
    }
    let health = c.get("/api/health").unwrap().json();
    let resident = health["games_in_memory"].as_u64().unwrap() as usize;
    assert!(resident <= boardlab_web::hub::RESIDENT, "{health}");
    // The first game was dropped from memory long ago; it is loaded again, moves and all.
    let state = c.get(&format!("/api/games/{}", first.0)).unwrap().json();
    assert_eq!(state["moves"], json!(["b2c3"]));
    let r = post_move(&mut c, &first.0, Some(2), Some(&first.2), "c5d4");
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn a_finished_game_keeps_its_result_in_the_store() {
    let f = fixture();
    let mut c = f.client();
    // White steps onto Black's baseline and wins at once.
    let created = c
        .post(
            "/api/games",
            &json!({ "game": "sprint", "opponent": "local", "position": "6/b1w3/6/6/6/6 1" })
                .to_string(),
        )
        .unwrap()
        .json();
    let id = created["id"].as_str().unwrap();
    let token = created["tokens"]["1"].as_str().unwrap();
    let r = post_move(&mut c, id, Some(1), Some(token), "c5b6");
    assert_eq!(r.status, 200, "{}", r.body);
    let result = f.hub.store().result(id).unwrap();
    assert_eq!(result.as_deref(), Some("1-0"));
}
