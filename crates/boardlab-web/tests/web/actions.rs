//! Takebacks, draw offers and rematches through the API: against a bot, a friend, and at
//! one screen; each change is stored, and the record says how the game ended.

use boardlab_web::client::{Client, Reply};
use boardlab_web::hub::Hub;
use boardlab_web::testing::{start_background_with_hub, test_database};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

struct Fixture {
    addr: SocketAddr,
    /// The server's games and store: it holds the database alone while it runs.
    hub: Arc<Hub>,
}

/// A new game: its id and seat tokens.
struct Game {
    id: String,
    tokens: [String; 2],
}

impl Fixture {
    fn new() -> Fixture {
        let (addr, hub) = start_background_with_hub(test_database("actions"), 2);
        Fixture { addr, hub }
    }

    fn client(&self) -> Client {
        Client::connect(self.addr).expect("connect")
    }

    fn create(&self, body: Value) -> Game {
        let r = self.client().post("/api/games", &body.to_string()).unwrap();
        assert_eq!(r.status, 201, "{}", r.body);
        let v = r.json();
        let token = |seat: &str| v["tokens"][seat].as_str().unwrap_or("").to_string();
        let mut tokens = [token("1"), token("2")];
        // A friend's seat is in the invite link.
        if let Some(invite) = v["links"]["invite"].as_str() {
            let (seat, token) = invite.split_once('#').unwrap().1.split_once('=').unwrap();
            tokens[usize::from(seat.parse::<u8>().unwrap() - 1)] = token.to_string();
        }
        Game {
            id: v["id"].as_str().unwrap().to_string(),
            tokens,
        }
    }

    /// A seat's action (`moves`, `draw`, `takeback`, `decline`, `rematch`) on a game.
    fn act(&self, game: &Game, seat: u8, action: &str, extra: Value) -> Reply {
        let mut body = json!({ "seat": seat, "token": game.tokens[usize::from(seat - 1)] });
        if let Value::Object(more) = extra {
            body.as_object_mut().unwrap().extend(more);
        }
        self.client()
            .post(
                &format!("/api/games/{}/{action}", game.id),
                &body.to_string(),
            )
            .unwrap()
    }

    fn play(&self, game: &Game, seat: u8, mv: &str) -> Value {
        let r = self.act(game, seat, "moves", json!({ "move": mv }));
        assert_eq!(r.status, 200, "{}", r.body);
        r.json()
    }

    fn state(&self, id: &str) -> Value {
        self.client()
            .get(&format!("/api/games/{id}"))
            .unwrap()
            .json()
    }

    fn stored_moves(&self, id: &str) -> Vec<String> {
        let store = self.hub.store();
        store.load(id).expect("load").expect("the game exists").1
    }

    /// Waits until the game has `ply` moves (a bot thinking).
    fn wait_ply(&self, id: &str, ply: u64) -> Value {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let state = self.state(id);
            if state["ply"] == ply {
                return state;
            }
            assert!(Instant::now() < deadline, "no ply {ply}: {state}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

fn assert_status(reply: &Reply, status: u16, words: &str) {
    assert_eq!(reply.status, status, "{}", reply.body);
    assert!(
        reply.body.contains(words),
        "'{}' should say '{words}'",
        reply.body
    );
}

#[test]
fn against_a_bot_a_takeback_undoes_the_players_move_and_the_bots_answer() {
    let f = Fixture::new();
    let g = f.create(json!({ "game": "sprint", "opponent": "bot", "level": 1 }));
    // Nothing to take back yet.
    assert_status(
        &f.act(&g, 1, "takeback", json!({})),
        409,
        "no move to take back",
    );
    f.play(&g, 1, "b2c3");
    f.wait_ply(&g.id, 2);
    let state = f.act(&g, 1, "takeback", json!({})).json();
    assert_eq!(state["ply"], 0, "{state}");
    assert!(f.stored_moves(&g.id).is_empty());
    // The player moves again, differently, and the bot answers the new move.
    f.play(&g, 1, "f2e3");
    let state = f.wait_ply(&g.id, 2);
    assert_eq!(state["moves"][0], "f2e3");
    assert_eq!(f.stored_moves(&g.id).len(), 2);
    // A bot does not take draws.
    assert_status(&f.act(&g, 1, "draw", json!({})), 409, "bot plays on");
}

#[test]
fn at_one_screen_takeback_undoes_one_move_and_a_draw_is_agreed_at_once() {
    let f = Fixture::new();
    let g = f.create(json!({ "game": "obsidian", "opponent": "local" }));
    f.play(&g, 1, "e2e4");
    f.play(&g, 2, "e7e5");
    let state = f.act(&g, 2, "takeback", json!({})).json();
    assert_eq!(state["moves"], json!(["e2e4"]));
    assert_eq!(f.stored_moves(&g.id), vec!["e2e4"]);
    let state = f.act(&g, 2, "draw", json!({})).json();
    assert_eq!(state["result"]["score"], "1/2-1/2", "{state}");
    assert_eq!(state["result"]["text"], "Drawn by agreement");
    // Over is over: no more moves, takebacks or draws.
    assert_status(&f.act(&g, 1, "takeback", json!({})), 409, "game is over");
    let record = f
        .client()
        .get(&format!("/api/games/{}/record", g.id))
        .unwrap()
        .body;
    assert!(record.contains("[Result \"1/2-1/2\"]"), "{record}");
    assert!(record.contains("drawn by agreement"), "{record}");
}

#[test]
fn against_a_friend_offers_wait_for_the_other_seat() {
    let f = Fixture::new();
    let g = f.create(json!({ "game": "sprint", "opponent": "friend" }));
    f.play(&g, 1, "b2c3");
    f.play(&g, 2, "a5b4");
    // Seat 1 asks to take back; the state tells both seats.
    let state = f.act(&g, 1, "takeback", json!({})).json();
    assert_eq!(state["offers"]["takeback"], 1);
    assert_eq!(state["ply"], 2);
    // Seat 2 declines; asked again, seat 2 accepts by taking back too: seat 1's move and
    // seat 2's answer are gone.
    assert_eq!(
        f.act(&g, 2, "decline", json!({})).json()["offers"]["takeback"],
        Value::Null
    );
    f.act(&g, 1, "takeback", json!({}));
    let state = f.act(&g, 2, "takeback", json!({})).json();
    assert_eq!(state["ply"], 0, "{state}");
    assert!(f.stored_moves(&g.id).is_empty());
    // A draw offer is withdrawn by a move, and agreed when the other seat offers too.
    f.play(&g, 1, "b2c3");
    assert_eq!(f.act(&g, 2, "draw", json!({})).json()["offers"]["draw"], 2);
    assert_eq!(f.play(&g, 2, "a5b4")["offers"]["draw"], Value::Null);
    f.act(&g, 1, "draw", json!({}));
    let state = f.act(&g, 2, "draw", json!({})).json();
    assert_eq!(state["result"]["score"], "1/2-1/2", "{state}");
    // The store reads the game back as drawn.
    let (row, _) = f.hub.store().load(&g.id).unwrap().unwrap();
    assert_eq!(row.ending, Some(boardlab_web::ending::Ending::Agreed));
}

#[test]
fn a_rematch_swaps_the_seats_and_both_players_reach_the_same_game() {
    let f = Fixture::new();
    let g = f.create(json!({ "game": "sprint", "opponent": "friend" }));
    assert_status(&f.act(&g, 1, "rematch", json!({})), 409, "not over");
    assert_eq!(f.act(&g, 2, "resign", json!({})).status, 200);
    let asked = f.act(&g, 1, "rematch", json!({})).json();
    let id = asked["id"].as_str().unwrap().to_string();
    assert_eq!(asked["seat"], 2, "{asked}");
    assert!(
        asked["link"]
            .as_str()
            .unwrap()
            .starts_with(&format!("/g/{id}#2="))
    );
    // The old game points to the rematch, for the other player's page.
    assert_eq!(f.state(&g.id)["rematch"], id.as_str());
    let joined = f.act(&g, 2, "rematch", json!({})).json();
    assert_eq!(joined["id"], id.as_str());
    assert_eq!(joined["seat"], 1);
    // The links' tokens act for their seats in the new game.
    let token = |reply: &Value| {
        let link = reply["link"].as_str().unwrap();
        link.split('=').nth(1).unwrap().to_string()
    };
    let new = Game {
        id: id.clone(),
        tokens: [token(&joined), token(&asked)],
    };
    f.play(&new, 1, "b2c3");
    f.play(&new, 2, "a5b4");

    // A bot game's rematch gives the bot the other seat: now it moves first.
    let g = f.create(json!({ "game": "sprint", "opponent": "bot", "level": 1 }));
    f.act(&g, 1, "resign", json!({}));
    let asked = f.act(&g, 1, "rematch", json!({})).json();
    let state = f.wait_ply(asked["id"].as_str().unwrap(), 1);
    assert_eq!(state["seats"]["1"], "bot (level 1)", "{state}");
}

#[test]
fn clocks_run_from_the_first_move_and_a_flag_loses_without_a_request() {
    let f = Fixture::new();
    let bad = f
        .client()
        .post(
            "/api/games",
            &json!({ "game": "sprint", "clock": "soon" }).to_string(),
        )
        .unwrap();
    assert_status(&bad, 400, "bad time control 'soon'");
    let g = f.create(json!({ "game": "sprint", "opponent": "friend", "clock": "1+0" }));
    let state = f.state(&g.id);
    assert_eq!(state["clock"]["control"], "1+0", "{state}");
    assert_eq!(
        state["clock"]["running"],
        Value::Null,
        "no clock runs before the first move"
    );
    std::thread::sleep(Duration::from_millis(1100));
    // The first move is free; then seat 2's clock runs.
    let state = f.play(&g, 1, "b2c3");
    assert_eq!(state["clock"]["running"], 2, "{state}");
    assert_eq!(state["clock"]["left"]["1"], 1000);
    // Seat 2 does not move: its flag falls, and the game is over without any request.
    let deadline = Instant::now() + Duration::from_secs(60);
    let state = loop {
        let state = f.state(&g.id);
        if !state["result"].is_null() {
            break state;
        }
        assert!(Instant::now() < deadline, "no flag: {state}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(state["result"]["score"], "1-0", "{state}");
    assert!(
        state["result"]["text"]
            .as_str()
            .unwrap()
            .contains("ran out of time")
    );
    assert_eq!(state["clock"]["left"]["2"], 0);
    assert_status(
        &f.act(&g, 2, "moves", json!({ "move": "a5b4" })),
        409,
        "game is over",
    );
    let record = f
        .client()
        .get(&format!("/api/games/{}/record", g.id))
        .unwrap()
        .body;
    assert!(record.contains("ran out of time"), "{record}");
}

#[test]
fn a_bot_on_a_clock_answers_within_it() {
    let f = Fixture::new();
    let g = f.create(json!({ "game": "obsidian", "opponent": "bot", "level": boardlab_ai::TOP_LEVEL, "clock": "3+0" }));
    f.play(&g, 1, "e2e4");
    let state = f.wait_ply(&g.id, 2);
    assert!(state["result"].is_null(), "{state}");
    let left = state["clock"]["left"]["2"].as_u64().unwrap();
    assert!(left > 0 && left < 3000, "the bot's clock: {state}");
}

#[test]
fn analysis_opens_on_finished_games_and_at_one_screen() {
    let f = Fixture::new();
    let get = |id: &str, ply: &str| {
        f.client()
            .get(&format!("/api/games/{id}/analysis/{ply}"))
            .unwrap()
    };
    // Against a friend, not while the game goes on.
    let g = f.create(json!({ "game": "sprint", "opponent": "friend" }));
    assert_status(&get(&g.id, "0"), 409, "when the game is over");
    f.act(&g, 1, "resign", json!({}));
    let reply = get(&g.id, "0");
    assert_eq!(reply.status, 200, "{}", reply.body);
    let analysis = &reply.json()["analysis"];
    // Sprint is solved: the start is a win for White in 23 plies.
    assert_eq!(analysis["exact"], "win 23", "{analysis}");
    // In words, naming the winner: 23 plies are 12 moves of the side to move's own.
    assert_eq!(
        analysis["exact_text"], "White (Player 1) wins with perfect play: 12 more moves of its own",
        "{analysis}"
    );
    assert_eq!(analysis["bar"], 1.0, "{analysis}");
    assert!(analysis["bar"].as_f64().unwrap() > 0.5, "{analysis}");
    assert!(
        !analysis["line"].as_array().unwrap().is_empty(),
        "{analysis}"
    );
    assert_status(&get(&g.id, "x"), 400, "not a ply");
    assert_status(&get(&g.id, "5"), 404, "has 0 moves");

    // At one screen, at any time; Obsidian has no exact value, and the bar leans to the
    // side two rooks up.
    let g = f.create(json!({ "game": "obsidian", "opponent": "local" }));
    let analysis = get(&g.id, "0").json()["analysis"].clone();
    assert_eq!(analysis["exact"], Value::Null, "{analysis}");
    let bar = analysis["bar"].as_f64().unwrap();
    assert!((0.3..0.7).contains(&bar), "{analysis}");
    let g = f.create(json!({ "game": "obsidian", "opponent": "local",
        "position": "1BCDECB1/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1 0 1" }));
    let analysis = get(&g.id, "0").json()["analysis"].clone();
    assert!(analysis["bar"].as_f64().unwrap() > 0.8, "{analysis}");
    assert!(
        analysis["text"]
            .as_str()
            .unwrap()
            .contains("White (Player 1)"),
        "{analysis}"
    );
}

#[test]
fn a_bot_search_stops_when_its_game_ends() {
    let f = Fixture::new();
    let searches = || {
        f.client().get("/api/health").unwrap().json()["bot_searches"]
            .as_u64()
            .unwrap()
    };
    // The top level thinks a second a move; the player resigns while it thinks.
    let g =
        f.create(json!({ "game": "obsidian", "opponent": "bot", "level": boardlab_ai::TOP_LEVEL }));
    f.play(&g, 1, "e2e4");
    let deadline = Instant::now() + Duration::from_secs(60);
    while searches() == 0 {
        assert!(Instant::now() < deadline, "the bot did not start thinking");
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(f.act(&g, 1, "resign", json!({})).status, 200);
    // The search ends (how promptly a stopped search returns is tested on the bot itself, in
    // boardlab-ai's forced_wins.rs, by positions rather than by the clock of a loaded machine).
    let deadline = Instant::now() + Duration::from_secs(60);
    while searches() > 0 {
        assert!(
            Instant::now() < deadline,
            "the search went on after the game ended"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    // Nothing was played after the end.
    assert_eq!(f.stored_moves(&g.id), vec!["e2e4"]);
}
