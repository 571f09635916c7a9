//! What the game page shows beside the board: whether each player is on the page
//! (`/api/games/{id}/presence`), how long each move took (the state's `move_ms`), and the
//! chat's limits (a burst of messages from one seat, a full chat).

use super::people::{accepted_seek, error_of, sprint_against_bot};
use boardlab_web::client::Client;
use boardlab_web::seat::Seat;
use boardlab_web::testing::{start_background_with_hub, test_database};
use serde_json::json;

#[test]
fn a_player_on_the_page_is_online_until_unseen_and_a_bot_always_is() {
    let (addr, hub) = start_background_with_hub(test_database("presence"), 1);
    let mut lobby = accepted_seek(addr, "Ann", "Ben", json!({ "game": "sprint" }));
    let path = format!("/api/games/{}/presence", lobby.game);
    let mut watcher = Client::connect(addr).unwrap();
    let r = watcher.get(&path).unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["online"], json!({ "1": false, "2": false }));
    assert_eq!(r.json()["every_ms"], 10_000);

    // The seeker's page says it is there (by session): its seat is online for everyone.
    let r = lobby.seeker.post(&path, "{}").unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    let seat = lobby.seeker_seat.to_string();
    let other = (3 - lobby.seeker_seat).to_string();
    assert_eq!(r.json()["online"][&seat], true, "{}", r.body);
    assert_eq!(r.json()["online"][&other], false, "{}", r.body);
    assert_eq!(watcher.get(&path).unwrap().json()["online"][&seat], true);

    // Leaving the page says so: away at once; back on the page, online again.
    let r = lobby
        .seeker
        .post(&path, &json!({ "here": false }).to_string())
        .unwrap();
    assert_eq!(r.json()["online"][&seat], false, "{}", r.body);
    let r = lobby.seeker.post(&path, "{}").unwrap();
    assert_eq!(r.json()["online"][&seat], true, "{}", r.body);

    // Seen longer ago than the online window: away.
    hub.store()
        .seat_seen(
            &lobby.game,
            Seat::from_number(lobby.seeker_seat).unwrap(),
            boardlab_web::clock::now_ms() - boardlab_web::store::presence::ONLINE_MS - 1,
        )
        .unwrap();
    assert_eq!(watcher.get(&path).unwrap().json()["online"][&seat], false);

    // Only a seat's player says it is there: nobody's session is 401, a wrong token 403.
    let r = watcher
        .post(&path, &json!({ "seat": 1 }).to_string())
        .unwrap();
    assert_eq!(r.status, 401, "{}", r.body);
    let r = watcher
        .post(&path, &json!({ "seat": 1, "token": "forged" }).to_string())
        .unwrap();
    assert_eq!(r.status, 403, "{}", r.body);
    error_of(&r);
    let r = watcher.get("/api/games/nosuchgame/presence").unwrap();
    assert_eq!(r.status, 404, "{}", r.body);

    // A bot is always there.
    let (bot_game, _) = sprint_against_bot(&mut lobby.acceptor);
    let r = watcher
        .get(&format!("/api/games/{bot_game}/presence"))
        .unwrap();
    assert_eq!(
        r.json()["online"],
        json!({ "1": false, "2": true }),
        "{}",
        r.body
    );
}

#[test]
fn the_state_tells_how_long_each_move_took() {
    let addr = start_background_with_hub(test_database("move-times"), 1).0;
    let mut lobby = accepted_seek(addr, "Cid", "Dee", json!({ "game": "sprint" }));
    let path = format!("/api/games/{}", lobby.game);
    let state = lobby.seeker.get(&path).unwrap().json();
    assert_eq!(state["move_ms"], json!([]));
    for _ in 0..3 {
        let state = lobby.seeker.get(&path).unwrap().json();
        let mover = state["ply"].as_u64().unwrap() % 2;
        let first_is_seeker = state["first"].as_u64().unwrap() == u64::from(lobby.seeker_seat);
        let mv = state["legal"][0].as_str().unwrap().to_string();
        let player = if (mover == 0) == first_is_seeker {
            &mut lobby.seeker
        } else {
            &mut lobby.acceptor
        };
        std::thread::sleep(std::time::Duration::from_millis(60));
        let r = player
            .post(&format!("{path}/moves"), &json!({ "move": mv }).to_string())
            .unwrap();
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let times = lobby.acceptor.get(&path).unwrap().json()["move_ms"].clone();
    let times = times.as_array().unwrap();
    assert_eq!(times.len(), 3, "{times:?}");
    // The first move's time is unknown (the game's start is not kept); the others took
    // at least the pause before them.
    assert!(times[0].is_null(), "{times:?}");
    for took in &times[1..] {
        let took = took.as_i64().unwrap();
        assert!((50..60_000).contains(&took), "{times:?}");
    }
}

#[test]
fn a_burst_of_chat_is_slowed_and_a_full_chat_says_so() {
    let (addr, hub) = start_background_with_hub(test_database("chat-limits"), 1);
    let mut lobby = accepted_seek(addr, "Eli", "Fay", json!({ "game": "sprint" }));
    let path = format!("/api/games/{}/chat", lobby.game);
    let say = |client: &mut Client, text: &str| {
        client
            .post(&path, &json!({ "text": text }).to_string())
            .unwrap()
    };
    for n in 0..boardlab_web::api::chat::BURST {
        let r = say(&mut lobby.seeker, &format!("message {n}"));
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let r = say(&mut lobby.seeker, "one too many");
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(r.header("retry-after").is_some());
    assert!(
        error_of(&r).contains("at most 5 in 10 seconds"),
        "{}",
        r.body
    );
    // The other seat is not slowed by it, and nothing refused was kept.
    let r = say(&mut lobby.acceptor, "my turn to talk");
    assert_eq!(r.status, 201, "{}", r.body);
    let lines = r.json();
    assert_eq!(
        lines.as_array().unwrap().len(),
        boardlab_web::api::chat::BURST + 1
    );

    // A chat keeps a bounded number of messages.
    let long_ago = boardlab_web::clock::now_ms() - 3_600_000;
    let stored = hub.store().chat_of(&lobby.game, 10_000).unwrap().len();
    for n in stored..boardlab_web::api::chat::MOST_PER_GAME {
        hub.store()
            .insert_chat(&lobby.game, Seat::Two, &format!("old {n}"), long_ago)
            .unwrap();
    }
    let r = say(&mut lobby.acceptor, "still there?");
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(error_of(&r).contains("full"), "{}", r.body);
}

#[test]
fn the_state_tells_the_pieces_each_player_captured() {
    let addr = start_background_with_hub(test_database("captured"), 1).0;
    let mut player = Client::connect(addr).unwrap();
    // Black (to move) takes two white men in one chain, to White's baseline.
    let made = player
        .post(
            "/api/games",
            &json!({ "game": "sprint", "opponent": "local",
                     "position": "1b3b/b1b1b1/1w1b2/6/1w1w1w/w3w1 2 0 3" })
            .to_string(),
        )
        .unwrap()
        .json();
    let id = made["id"].as_str().unwrap();
    let path = format!("/api/games/{id}");
    let state = player.get(&path).unwrap().json();
    assert_eq!(state["captured"], json!({ "1": [], "2": [] }));
    let state = player
        .post(
            &format!("{path}/moves"),
            &json!({ "seat": 2, "token": made["tokens"]["2"], "move": "c5a3c1" }).to_string(),
        )
        .unwrap()
        .json();
    assert_eq!(
        state["captured"],
        json!({ "1": [], "2": [{ "letter": "w", "count": 2 }] }),
        "{state}"
    );

    // Obsidian: White's rook (a) takes Black's rook (A) on a8.
    let made = player
        .post(
            "/api/games",
            &json!({ "game": "obsidian", "opponent": "local", "position": "A2D4/8/8/8/8/8/8/a2d4 1 0 1" })
                .to_string(),
        )
        .unwrap()
        .json();
    assert!(made["id"].is_string(), "{made}");
    let path = format!("/api/games/{}", made["id"].as_str().unwrap());
    let state = player
        .post(
            &format!("{path}/moves"),
            &json!({ "seat": 1, "token": made["tokens"]["1"], "move": "a1a8" }).to_string(),
        )
        .unwrap()
        .json();
    assert_eq!(
        state["captured"],
        json!({ "1": [{ "letter": "A", "count": 1 }], "2": [] }),
        "{state}"
    );
}

#[test]
fn a_move_that_lets_the_opponent_win_at_once_comes_with_a_warning() {
    let addr = start_background_with_hub(test_database("warnings"), 1).0;
    let mut player = Client::connect(addr).unwrap();
    // White's D on d1, Black's rook on a2: stepping onto rank 2 hangs the D.
    let made = player
        .post(
            "/api/games",
            &json!({ "game": "obsidian", "opponent": "local", "position": "4D3/8/8/8/8/8/A7/3d4 1 0 1" })
                .to_string(),
        )
        .unwrap()
        .json();
    let path = format!("/api/games/{}", made["id"].as_str().unwrap());
    let state = player.get(&path).unwrap().json();
    let warnings = state["warnings"].as_object().unwrap();
    for hanging in ["d1c2", "d1d2", "d1e2"] {
        assert_eq!(
            warnings[hanging], "Black (Player 2) could then take your D",
            "{hanging}: {warnings:?}"
        );
    }
    for safe in ["d1c1", "d1e1"] {
        assert!(!warnings.contains_key(safe), "{safe}: {warnings:?}");
    }
    // A start position hangs nothing; a bot's turn has no warnings.
    let start = player
        .post(
            "/api/games",
            &json!({ "game": "obsidian", "opponent": "local" }).to_string(),
        )
        .unwrap()
        .json();
    let state = player
        .get(&format!("/api/games/{}", start["id"].as_str().unwrap()))
        .unwrap()
        .json();
    assert_eq!(state["warnings"], json!({}));
    let bot = player
        .post(
            "/api/games",
            &json!({ "game": "obsidian", "opponent": "bot", "level": 1, "side": "2", "first": "1",
                     "position": "4D3/8/8/8/8/8/A7/3d4 1 0 1" })
            .to_string(),
        )
        .unwrap()
        .json();
    let state = player
        .get(&format!("/api/games/{}", bot["id"].as_str().unwrap()))
        .unwrap()
        .json();
    if state["ply"] == 0 {
        assert_eq!(state["warnings"], json!({}), "the bot's turn");
    }
}
