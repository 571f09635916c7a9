//! People: accounts (argon2id, cookie sessions), signing in and out, seats played by
//! session, the lobby's seeks, rated games and their Glicko-2 ratings, profiles and
//! leaderboards; and every refusal with a JSON error (a wrong password, a stolen seek id,
//! another account's game, a signed-in change from another site, too many sign-ins).

use boardlab_rating::{Rating, Score};
use boardlab_web::client::{Client, Reply};
use boardlab_web::testing::{start_background_with, start_background_with_hub, test_database};
use serde_json::{Value, json};
use std::net::SocketAddr;

/// A new browser that makes the account `name` (password `NAME password`) and keeps
/// its session cookie.
pub(crate) fn signed_up(addr: SocketAddr, name: &str) -> Client {
    let mut browser = Client::connect(addr).unwrap();
    let r = browser
        .post(
            "/api/accounts",
            &json!({ "name": name, "password": format!("{name} password") }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(r.json()["name"], name);
    browser
}

/// A new Sprint game of `browser` against the bot at level 1, the browser's seat 1 moving
/// first: its id and seat 1's token.
pub(crate) fn sprint_against_bot(browser: &mut Client) -> (String, String) {
    let r = browser
        .post(
            "/api/games",
            &json!({ "game": "sprint", "opponent": "bot", "level": 1, "side": "1", "first": "1" })
                .to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.body);
    let made = r.json();
    let text = |v: &Value| v.as_str().unwrap().to_string();
    (text(&made["id"]), text(&made["tokens"]["1"]))
}

pub(crate) fn error_of(reply: &Reply) -> String {
    reply.json()["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no JSON error in {} {}", reply.status, reply.body))
        .to_string()
}

#[test]
fn an_account_signs_up_signs_in_and_out_with_a_safe_cookie() {
    let (addr, hub) = start_background_with_hub(test_database("people-accounts"), 1);
    let mut ada = Client::connect(addr).unwrap();
    let r = ada
        .post(
            "/api/accounts",
            &json!({ "name": "Ada", "password": "analytical engine" }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.body);
    let cookie = r.header("set-cookie").unwrap().to_string();
    for part in ["boardlab_session=", "HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(cookie.contains(part), "{cookie}");
    }
    assert_eq!(ada.get("/api/session").unwrap().json()["name"], "Ada");

    // The password is kept only as an argon2id hash; the session only as a digest.
    let stored = hub.store().account("ada").unwrap().unwrap();
    assert!(stored.password_hash.starts_with("$argon2id$"));
    assert!(!stored.password_hash.contains("analytical"));
    let secret = ada.cookie("boardlab_session").unwrap().to_string();
    assert_eq!(secret.len(), 64);

    // The name is taken in any case.
    let mut other = Client::connect(addr).unwrap();
    let r = other
        .post(
            "/api/accounts",
            &json!({ "name": "ADA", "password": "another password" }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(error_of(&r).contains("taken"));

    // Bad names and passwords are refused, saying what is allowed.
    for (body, words) in [
        (json!({ "name": "x", "password": "long enough" }), "3 to 20"),
        (
            json!({ "name": "<b>hi</b>", "password": "long enough" }),
            "3 to 20",
        ),
        (
            json!({ "name": "admin", "password": "long enough" }),
            "reserved",
        ),
        (json!({ "name": "Bob", "password": "short" }), "8 to 128"),
        (
            json!({ "name": "Bob", "password": "x".repeat(129) }),
            "8 to 128",
        ),
        (json!({ "name": "Bob" }), "password"),
        (
            json!({ "name": "Bob", "password": "long enough", "admin": true }),
            "admin",
        ),
    ] {
        let r = other.post("/api/accounts", &body.to_string()).unwrap();
        assert_eq!(r.status, 400, "{body}: {}", r.body);
        assert!(error_of(&r).contains(words), "{body}: {}", r.body);
    }

    // Signing out ends the session on the server: the old secret no longer signs in.
    let r = ada.request("DELETE", "/api/session", None).unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.header("set-cookie").unwrap().contains("Max-Age=0"));
    assert_eq!(ada.get("/api/session").unwrap().json()["name"], Value::Null);
    let mut thief = Client::connect(addr).unwrap();
    thief.set_header("Cookie", &format!("boardlab_session={secret}"));
    assert_eq!(
        thief.get("/api/session").unwrap().json()["name"],
        Value::Null
    );

    // A wrong password and an unknown name get the same 401.
    let wrong = ada
        .post(
            "/api/session",
            &json!({ "name": "ada", "password": "difference engine" }).to_string(),
        )
        .unwrap();
    let unknown = ada
        .post(
            "/api/session",
            &json!({ "name": "Nobody", "password": "difference engine" }).to_string(),
        )
        .unwrap();
    assert_eq!((wrong.status, unknown.status), (401, 401));
    assert_eq!(error_of(&wrong), error_of(&unknown));
    assert!(ada.cookie("boardlab_session").is_none());
    // The right one signs in, whatever the case of the name.
    let r = ada
        .post(
            "/api/session",
            &json!({ "name": "ADA", "password": "analytical engine" }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["name"], "Ada");
    assert_eq!(ada.get("/api/session").unwrap().json()["name"], "Ada");
}

#[test]
fn sign_ins_are_rate_limited_per_address_and_wrong_passwords_per_name() {
    let limits = boardlab_web::Limits {
        sign_ins_per_minute: 3,
        ..boardlab_web::Limits::default()
    };
    let addr = start_background_with(test_database("people-limits"), 1, limits);
    let mut c = Client::connect(addr).unwrap();
    let attempt = |c: &mut Client| {
        c.post(
            "/api/session",
            &json!({ "name": "Mallory", "password": "guessing 123" }).to_string(),
        )
        .unwrap()
    };
    let statuses: Vec<u16> = (0..4).map(|_| attempt(&mut c).status).collect();
    assert_eq!(statuses, [401, 401, 401, 429]);
    let r = attempt(&mut c);
    assert_eq!(r.status, 429);
    assert!(r.header("retry-after").is_some());
    assert!(error_of(&r).contains("--sign-ins-per-minute"), "{}", r.body);
}

/// Plays the accepted seek's game: both players' browsers, the game's id and each one's
/// seat.
pub(crate) struct Lobby {
    pub(crate) seeker: Client,
    pub(crate) acceptor: Client,
    pub(crate) game: String,
    pub(crate) seeker_seat: u8,
}

/// Two new accounts: `seeker` seeks with `body`, `acceptor` accepts; checked on the way.
pub(crate) fn accepted_seek(addr: SocketAddr, seeker: &str, acceptor: &str, body: Value) -> Lobby {
    let mut a = signed_up(addr, seeker);
    let mut b = signed_up(addr, acceptor);
    let r = a.post("/api/seeks", &body.to_string()).unwrap();
    assert_eq!(r.status, 201, "{}", r.body);
    let seek = r.json();
    let id = seek["id"].as_str().unwrap().to_string();
    assert_eq!(seek["seeker"]["name"], seeker);
    assert_eq!(seek["seeker"]["rating"], 1500.0);
    assert_eq!(seek["seeker"]["provisional"], true);

    // Anyone sees it in the lobby; the seeker sees no game yet.
    let listed = Client::connect(addr)
        .unwrap()
        .get("/api/seeks")
        .unwrap()
        .json();
    assert!(
        listed
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["id"] == id.as_str()),
        "{listed}"
    );
    let r = a.get(&format!("/api/seeks/{id}")).unwrap();
    assert_eq!(r.json()["game"], Value::Null, "{}", r.body);

    let r = b.post(&format!("/api/seeks/{id}/accept"), "").unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    let accepted = r.json();
    let game = accepted["game"].as_str().unwrap().to_string();
    let acceptor_seat = accepted["seat"].as_u64().unwrap() as u8;
    // The seeker learns the game and its own seat (the other one).
    let r = a.get(&format!("/api/seeks/{id}")).unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["game"], game.as_str());
    assert_eq!(r.json()["seat"], u64::from(3 - acceptor_seat));
    // Accepted, it leaves the lobby; accepting again is refused.
    let listed = Client::connect(addr)
        .unwrap()
        .get("/api/seeks")
        .unwrap()
        .json();
    assert!(
        !listed
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["id"] == id.as_str())
    );
    let mut late = signed_up(addr, &format!("{acceptor}x"));
    let r = late.post(&format!("/api/seeks/{id}/accept"), "").unwrap();
    assert_eq!(r.status, 409, "{}", r.body);
    error_of(&r);
    Lobby {
        seeker: a,
        acceptor: b,
        game,
        seeker_seat: 3 - acceptor_seat,
    }
}

#[test]
fn a_seek_is_refused_to_strangers_and_to_its_own_seeker() {
    let addr = start_background_with_hub(test_database("people-seek-refusals"), 1).0;
    // Seeking and accepting need an account.
    let mut anonymous = Client::connect(addr).unwrap();
    let r = anonymous
        .post("/api/seeks", &json!({ "game": "sprint" }).to_string())
        .unwrap();
    assert_eq!(r.status, 401, "{}", r.body);
    assert!(error_of(&r).contains("sign in"));

    let mut ada = signed_up(addr, "Ada");
    for (body, words) in [
        (json!({ "game": "chess" }), "unknown game"),
        (json!({ "game": "sprint", "clock": "banana" }), "banana"),
        (json!({ "game": "sprint", "side": "3" }), "side"),
        (
            json!({ "game": "sprint", "rated": true, "rules": { "no_progress_plies": "10" } }),
            "standard rules",
        ),
        (json!({ "game": "sprint", "colour": "white" }), "colour"),
        (
            json!({ "game": "sprint", "rated": true, "side": "1" }),
            "draws its seats at random",
        ),
    ] {
        let r = ada.post("/api/seeks", &body.to_string()).unwrap();
        assert_eq!(r.status, 400, "{body}: {}", r.body);
        assert!(error_of(&r).contains(words), "{body}: {}", r.body);
    }
    let r = ada
        .post("/api/seeks", &json!({ "game": "sprint" }).to_string())
        .unwrap();
    let id = r.json()["id"].as_str().unwrap().to_string();
    // One's own seek cannot be accepted.
    let r = ada.post(&format!("/api/seeks/{id}/accept"), "").unwrap();
    assert_eq!(r.status, 409, "{}", r.body);
    // A stolen seek id: another account may neither follow nor withdraw it.
    let mut eve = signed_up(addr, "Eve");
    for (method, path) in [
        ("GET", format!("/api/seeks/{id}")),
        ("DELETE", format!("/api/seeks/{id}")),
    ] {
        let r = eve.request(method, &path, None).unwrap();
        assert_eq!(r.status, 403, "{method} {path}: {}", r.body);
        error_of(&r);
    }
    assert_eq!(
        anonymous.get(&format!("/api/seeks/{id}")).unwrap().status,
        401
    );
    // No more than three open seeks at once.
    for _ in 0..2 {
        let r = ada
            .post("/api/seeks", &json!({ "game": "sprint" }).to_string())
            .unwrap();
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let r = ada
        .post("/api/seeks", &json!({ "game": "sprint" }).to_string())
        .unwrap();
    assert_eq!(r.status, 409, "{}", r.body);
    // The seeker withdraws it; it is gone.
    let r = ada
        .request("DELETE", &format!("/api/seeks/{id}"), None)
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        eve.post(&format!("/api/seeks/{id}/accept"), "")
            .unwrap()
            .status,
        404
    );
    // Signing out takes the seeker's seeks out of the lobby.
    ada.request("DELETE", "/api/session", None).unwrap();
    let listed = eve.get("/api/seeks").unwrap().json();
    assert_eq!(listed.as_array().unwrap().len(), 0, "{listed}");
}

#[test]
fn a_rated_game_from_the_lobby_moves_by_session_and_rates_both_players_by_glicko_2() {
    let (addr, hub) = start_background_with_hub(test_database("people-rated"), 1);
    let mut lobby = accepted_seek(
        addr,
        "Alice",
        "Bob",
        json!({ "game": "obsidian", "rated": true }),
    );
    let game = lobby.game.clone();
    let state = lobby
        .seeker
        .get(&format!("/api/games/{game}"))
        .unwrap()
        .json();
    let alice = lobby.seeker_seat.to_string();
    let bob = (3 - lobby.seeker_seat).to_string();
    assert_eq!(state["players"][&alice], "Alice");
    assert_eq!(state["players"][&bob], "Bob");
    assert_eq!(state["seats"][&alice], "Alice");
    assert_eq!(state["rated"], true);

    // A move by session cookie, no token: the seat to move's, whoever holds it.
    let first = state["legal"][0].as_str().unwrap().to_string();
    let starts = state["view"]["to_move"].as_u64().unwrap() as u8;
    let mover = if lobby.seeker_seat == starts {
        &mut lobby.seeker
    } else {
        &mut lobby.acceptor
    };
    let r = mover
        .post(
            &format!("/api/games/{game}/moves"),
            &json!({ "seat": starts, "move": first }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    // Another account's session is refused for that game's seats, and nobody's at all.
    let mut eve = signed_up(addr, "Eve");
    let r = eve
        .post(
            &format!("/api/games/{game}/resign"),
            &json!({ "seat": 2 }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(error_of(&r).contains("does not play seat 2"));
    // Bob's session may not act for Alice's seat.
    let r = lobby
        .acceptor
        .post(
            &format!("/api/games/{game}/resign"),
            &json!({ "seat": lobby.seeker_seat }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 403, "{}", r.body);
    let r = Client::connect(addr)
        .unwrap()
        .post(
            &format!("/api/games/{game}/resign"),
            &json!({ "seat": 2 }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 401, "{}", r.body);
    // Bob's seat from a second device of his: the seat and its token, to Bob alone.
    let mut bob_phone = Client::connect(addr).unwrap();
    bob_phone
        .post(
            "/api/session",
            &json!({ "name": "bob", "password": "Bob password" }).to_string(),
        )
        .unwrap();
    assert_eq!(bob_phone.get("/api/session").unwrap().json()["name"], "Bob");
    let r = eve.get(&format!("/api/games/{game}/seat")).unwrap();
    assert_eq!(r.status, 403, "{}", r.body);
    let r = bob_phone.get(&format!("/api/games/{game}/seat")).unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["seats"].as_object().unwrap().len(), 1);
    assert!(r.json()["seats"][&bob].is_string());

    // A signed-in change from another site is refused.
    lobby.acceptor.set_header("Sec-Fetch-Site", "cross-site");
    let r = lobby
        .acceptor
        .post(&format!("/api/games/{game}/resign"), &json!({}).to_string())
        .unwrap();
    assert_eq!(r.status, 403, "{}", r.body);
    lobby.acceptor.set_header("Sec-Fetch-Site", "same-origin");

    // Bob resigns (seat left out: his session plays one seat); Alice wins.
    let r = lobby
        .acceptor
        .post(&format!("/api/games/{game}/resign"), &json!({}).to_string())
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);

    let (alice, bob) = boardlab_rating::rate_game(Rating::NEW, Rating::NEW, Score::Win);
    let profile =
        |c: &mut Client, name: &str| c.get(&format!("/api/players/{name}")).unwrap().json();
    let a = profile(&mut eve, "alice");
    assert_eq!(a["name"], "Alice");
    let rating = &a["ratings"]["obsidian"];
    assert!(
        (rating["rating"].as_f64().unwrap() - alice.rating).abs() < 0.01,
        "{a}"
    );
    assert!((rating["deviation"].as_f64().unwrap() - alice.deviation).abs() < 0.01);
    assert!((rating["volatility"].as_f64().unwrap() - alice.volatility).abs() < 1e-6);
    assert_eq!(rating["games"], 1);
    assert_eq!(rating["provisional"], true);
    assert!(alice.rating > 1500.0 && bob.rating < 1500.0);
    let b = profile(&mut eve, "Bob");
    assert!((b["ratings"]["obsidian"]["rating"].as_f64().unwrap() - bob.rating).abs() < 0.01);
    assert_eq!(b["history"]["obsidian"].as_array().unwrap().len(), 1);
    assert_eq!(b["history"]["obsidian"][0]["before"], 1500.0);
    let games = b["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{b}");
    assert_eq!(games[0]["id"], game.as_str());
    assert_eq!(games[0]["result"], "loss");
    assert_eq!(games[0]["opponent"]["name"], "Alice");
    assert_eq!(games[0]["rated"], true);
    // Filters.
    let wins = eve.get("/api/players/Bob?result=win").unwrap().json();
    assert_eq!(wins["games"].as_array().unwrap().len(), 0);
    let losses = eve
        .get("/api/players/Bob?result=loss&game=obsidian&rated=true")
        .unwrap()
        .json();
    assert_eq!(losses["games"].as_array().unwrap().len(), 1);
    for bad in ["?result=maybe", "?limit=0", "?rated=perhaps", "?colour=red"] {
        let r = eve.get(&format!("/api/players/Bob{bad}")).unwrap();
        assert_eq!(r.status, 400, "{bad}: {}", r.body);
        error_of(&r);
    }
    assert_eq!(eve.get("/api/players/Nobody").unwrap().status, 404);
    assert_eq!(eve.get("/api/players/..%2F").unwrap().status, 404);

    // Rated once: another try changes nothing.
    assert_eq!(hub.store().rate_game(&game, 0).unwrap(), None);
    // Provisional ratings stay off the leaderboard.
    let board = eve.get("/api/leaderboard/obsidian").unwrap().json();
    assert_eq!(board["players"].as_array().unwrap().len(), 0, "{board}");
    // Beside the ratings: how the first player scores in self-play, and how it is used.
    assert!(
        board["first_player"]["score"].as_f64().unwrap() > 0.5,
        "{board}"
    );
    assert!(
        board["first_player_use"]
            .as_str()
            .unwrap()
            .contains("at random")
    );
    assert_eq!(eve.get("/api/leaderboard/chess").unwrap().status, 404);
}

#[test]
fn a_casual_game_changes_no_rating_and_a_signed_in_creators_games_are_theirs() {
    let addr = start_background_with_hub(test_database("people-casual"), 1).0;
    let lobby = accepted_seek(addr, "Carol", "Dave", json!({ "game": "sprint" }));
    let mut carol = lobby.seeker;
    let r = carol
        .post(&format!("/api/games/{}/resign", lobby.game), "{}")
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    let profile = carol.get("/api/players/carol").unwrap();
    assert_eq!(profile.status, 200, "{}", profile.body);
    let profile = profile.json();
    assert_eq!(profile["ratings"], json!({}));
    assert_eq!(profile["games"][0]["result"], "loss");
    assert_eq!(profile["games"][0]["rated"], false);

    // A bot game made signed in is the account's: listed, and its seat given on another
    // device.
    let (id, token) = sprint_against_bot(&mut carol);
    let mut laptop = Client::connect(addr).unwrap();
    laptop
        .post(
            "/api/session",
            &json!({ "name": "Carol", "password": "Carol password" }).to_string(),
        )
        .unwrap();
    let seats = laptop.get(&format!("/api/games/{id}/seat")).unwrap().json();
    assert_eq!(seats["seats"]["1"], token.as_str(), "{seats}");
    let listed = laptop.get("/api/players/Carol").unwrap().json();
    assert_eq!(listed["games"][0]["id"], id.as_str(), "{listed}");
    assert_eq!(listed["games"][0]["opponent"]["bot"], 1);
}

#[test]
fn a_correspondence_game_has_days_a_move_lists_whose_turn_and_is_lost_on_time_out_of_memory() {
    let (addr, hub) = start_background_with_hub(test_database("people-correspondence"), 1);
    let mut ada = signed_up(addr, "Ada");
    let r = ada
        .post(
            "/api/seeks",
            &json!({ "game": "sprint", "clock": "2d" }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(error_of(&r).contains("1d, 3d or 7d"), "{}", r.body);
    let mut lobby = accepted_seek(
        addr,
        "Grace",
        "Alan",
        json!({ "game": "sprint", "clock": "3d" }),
    );
    let game = lobby.game.clone();
    let state = lobby
        .seeker
        .get(&format!("/api/games/{game}"))
        .unwrap()
        .json();
    assert_eq!(state["clock"]["control"], "3d");
    assert_eq!(state["clock"]["per_move"], true);
    assert_eq!(state["clock"]["left"]["1"], 3 * 24 * 3600 * 1000);

    // Whose turn: the seat to move's player sees the game in their "your turn" list.
    let starts = state["view"]["to_move"].as_u64().unwrap() as u8;
    let grace_first = lobby.seeker_seat == starts;
    let (first, second) = if grace_first {
        (&mut lobby.seeker, &mut lobby.acceptor)
    } else {
        (&mut lobby.acceptor, &mut lobby.seeker)
    };
    let turn_of = |c: &mut Client, name: &str| {
        let games = c
            .get(&format!("/api/players/{name}?result=playing"))
            .unwrap()
            .json();
        games["games"][0]["your_turn"]
            .as_bool()
            .unwrap_or_else(|| panic!("{name}: {games}"))
    };
    let (first_name, second_name) = if grace_first {
        ("Grace", "Alan")
    } else {
        ("Alan", "Grace")
    };
    assert!(turn_of(first, first_name));
    assert!(!turn_of(second, second_name));
    for client in [&mut *first, &mut *second] {
        let state = client.get(&format!("/api/games/{game}")).unwrap().json();
        let mv = state["legal"][0].as_str().unwrap().to_string();
        let r = client
            .post(
                &format!("/api/games/{game}/moves"),
                &json!({ "move": mv }).to_string(),
            )
            .unwrap();
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let after = first.get(&format!("/api/games/{game}")).unwrap().json();
    assert!(turn_of(first, first_name), "{}", after["view"]["to_move"]);
    assert!(!turn_of(second, second_name));

    // Four days pass with the game out of memory: the server finds it and flags it.
    let day = 24 * 3600 * 1000;
    hub.store()
        .execute_batch(&format!(
            "UPDATE moves SET at_ms = at_ms - {} WHERE game_id = '{game}'",
            4 * day
        ))
        .unwrap();
    hub.drop_idle(std::time::Duration::ZERO);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let loaded = runtime.block_on(hub.flag_correspondence(std::time::Duration::ZERO));
    assert_eq!(loaded, 1);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let state = first.get(&format!("/api/games/{game}")).unwrap().json();
        if !state["result"].is_null() {
            assert!(
                state["result"]["text"].as_str().unwrap().contains("time"),
                "{state}"
            );
            break;
        }
        assert!(std::time::Instant::now() < deadline, "not flagged: {state}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn players_chat_in_a_game_between_people_and_nowhere_else() {
    let addr = start_background_with_hub(test_database("people-chat"), 1).0;
    let mut lobby = accepted_seek(addr, "Ann", "Ben", json!({ "game": "sprint" }));
    let game = lobby.game.clone();
    let path = format!("/api/games/{game}/chat");
    // By session; the text is kept as typed (the pages show it as text).
    let r = lobby
        .seeker
        .post(&path, &json!({ "text": " <b>good luck</b> " }).to_string())
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.body);
    let r = lobby
        .acceptor
        .post(&path, &json!({ "text": "you too" }).to_string())
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.body);
    // Anyone may read it, oldest first, with each speaker's name.
    let lines = Client::connect(addr).unwrap().get(&path).unwrap().json();
    assert_eq!(lines[0]["text"], "<b>good luck</b>");
    assert_eq!(lines[0]["name"], "Ann");
    assert_eq!(lines[1]["name"], "Ben");
    assert_eq!(lines.as_array().unwrap().len(), 2);
    // Refused: nobody's session, another account, empty, too long, control characters.
    let r = Client::connect(addr)
        .unwrap()
        .post(&path, &json!({ "seat": 1, "text": "hi" }).to_string())
        .unwrap();
    assert_eq!(r.status, 401, "{}", r.body);
    let mut eve = signed_up(addr, "Eve");
    let r = eve
        .post(&path, &json!({ "seat": 1, "text": "hi" }).to_string())
        .unwrap();
    assert_eq!(r.status, 403, "{}", r.body);
    for (text, words) in [
        (String::new(), "1 to 300"),
        ("x".repeat(301), "1 to 300"),
        ("two\nlines".to_string(), "control"),
    ] {
        let r = lobby
            .seeker
            .post(&path, &json!({ "text": text }).to_string())
            .unwrap();
        assert_eq!(r.status, 400, "{}", r.body);
        assert!(error_of(&r).contains(words), "{}", r.body);
    }
    // No chat with a bot.
    let (bot_game, _) = sprint_against_bot(&mut eve);
    let r = eve
        .post(
            &format!("/api/games/{bot_game}/chat"),
            &json!({ "text": "hello bot" }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(error_of(&r).contains("bot"));
}
