//! Seat secrecy: no request ever answers a token other than the asker's own. Only the seat
//! that created a game gets its invite link (again); every route, each asked with each
//! seat's token and with none, answers no other seat's token; a rematch gives each player
//! only their own new seat; games stored before the creator was remembered give the link
//! to nobody.

use boardlab_web::client::{Client, Reply};
use boardlab_web::testing::{start_background, temp_db, test_database};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// Every token-shaped string in `text`: a run of 32 or more lowercase hex digits (tokens
/// are 32; game ids 16, versions are decimal and shorter).
fn tokens_in(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut run = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() || ('a'..='f').contains(&c) {
            run.push(c);
        } else {
            if run.len() >= 32 {
                found.push(run.clone());
            }
            run.clear();
        }
    }
    found
}

/// Asserts that every token in `body` is one of `allowed` (the asker's own).
fn assert_only(body: &str, allowed: &[&str], what: &str) {
    for token in tokens_in(body) {
        assert!(
            allowed.contains(&token.as_str()),
            "{what}: the answer holds a token that is not the asker's ({token}): {body}"
        );
    }
}

/// The token of a link `/g/<id>#<seat>=<token>`, and its seat.
fn link_token(link: &str) -> (u8, String) {
    let (seat, token) = link.split_once('#').unwrap().1.split_once('=').unwrap();
    (seat.parse().unwrap(), token.to_string())
}

struct Friends {
    addr: SocketAddr,
    id: String,
    /// The tokens of seat 1 and seat 2.
    tokens: [String; 2],
    creator: u8,
}

/// A game against a friend created by `side`; the creator's answer holds the creator's
/// token and the invite link, and no other token.
fn friend_game(addr: SocketAddr, side: u8) -> Friends {
    let mut c = Client::connect(addr).unwrap();
    let r = c
        .post(
            "/api/games",
            &json!({ "game": "sprint", "opponent": "friend", "side": side.to_string(), "first": "1" })
                .to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.body);
    let v = r.json();
    let id = v["id"].as_str().unwrap().to_string();
    let own = v["tokens"][side.to_string()].as_str().unwrap().to_string();
    let (invited, other) = link_token(v["links"]["invite"].as_str().unwrap());
    assert_eq!(invited, 3 - side);
    assert_eq!(v["tokens"].as_object().unwrap().len(), 1, "{v}");
    assert_only(&r.body, &[&own, &other], "create");
    let mut tokens = [String::new(), String::new()];
    tokens[usize::from(side - 1)] = own;
    tokens[usize::from(invited - 1)] = other;
    Friends {
        addr,
        id,
        tokens,
        creator: side,
    }
}

impl Friends {
    fn token(&self, seat: u8) -> &str {
        &self.tokens[usize::from(seat - 1)]
    }

    /// `action` asked by `seat` with its own token (or with none).
    fn act(&self, seat: u8, with_token: bool, action: &str, extra: Value) -> Reply {
        let mut body = json!({ "seat": seat });
        if with_token {
            body["token"] = json!(self.token(seat));
        }
        if let Value::Object(more) = extra {
            body.as_object_mut().unwrap().extend(more);
        }
        Client::connect(self.addr)
            .unwrap()
            .post(
                &format!("/api/games/{}/{action}", self.id),
                &body.to_string(),
            )
            .unwrap()
    }
}

fn invite_of(addr: SocketAddr, id: &str, seat: u8, token: &str) -> Reply {
    Client::connect(addr)
        .unwrap()
        .post(
            &format!("/api/games/{id}/invite"),
            &json!({ "seat": seat, "token": token }).to_string(),
        )
        .unwrap()
}

fn assert_error(reply: &Reply, status: u16, words: &str) {
    assert_eq!(reply.status, status, "{}", reply.body);
    let message = reply.json()["error"].as_str().unwrap_or("").to_string();
    assert!(message.contains(words), "'{message}' should say '{words}'");
}

#[test]
fn only_the_seat_that_created_the_game_gets_its_invite_link() {
    let addr = start_background(test_database("seats-invite"), 2);
    for side in [1, 2] {
        let g = friend_game(addr, side);
        let invited = 3 - side;
        // The creator gets the link to the invited seat again.
        let r = invite_of(addr, &g.id, side, g.token(side));
        assert_eq!(r.status, 200, "{}", r.body);
        let (seat, token) = link_token(r.json()["invite"].as_str().unwrap());
        assert_eq!((seat, token.as_str()), (invited, g.token(invited)));
        // The invited seat, with its own valid token, does not get the creator's link.
        let r = invite_of(addr, &g.id, invited, g.token(invited));
        assert_error(
            &r,
            403,
            "only the seat that created the game can get its invite link",
        );
        assert!(!r.body.contains(g.token(side)), "{}", r.body);
        // Nor does the invited seat's token offered for the creator's seat.
        let r = invite_of(addr, &g.id, side, g.token(invited));
        assert_error(&r, 403, "does not belong");
        assert_only(&r.body, &[], "invite with the wrong token");
    }
}

/// Reads server-sent events from `stream` until `until` appears or 60 s pass; returns
/// everything read.
fn read_events(stream: &mut TcpStream, seen: &mut String, until: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut buffer = [0u8; 4096];
    while !seen.contains(until) {
        assert!(
            Instant::now() < deadline,
            "no '{until}' in the events: {seen}"
        );
        match stream.read(&mut buffer) {
            Ok(0) => panic!("the event stream ended: {seen}"),
            Ok(n) => seen.push_str(&String::from_utf8_lossy(&buffer[..n])),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(e) => panic!("reading the events: {e}"),
        }
    }
}

fn open_events(addr: SocketAddr, id: &str) -> TcpStream {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    write!(
        stream,
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: {addr}\r\n\r\n"
    )
    .unwrap();
    stream
}

#[test]
fn no_route_answers_another_seats_token() {
    let addr = start_background(test_database("seats-routes"), 2);
    let g = friend_game(addr, 2);
    let mut events = open_events(addr, &g.id);
    let mut seen = String::new();
    read_events(&mut events, &mut seen, "event: state");
    // Each seat's own token may appear in its answers; with no token, none may.
    let allowed =
        |asker: Option<u8>| -> Vec<&str> { asker.map(|s| g.token(s)).into_iter().collect() };
    let mut c = Client::connect(addr).unwrap();
    let reads = |c: &mut Client, what: &str| {
        for path in [
            format!("/api/games/{}", g.id),
            format!("/api/games/{}/view/0", g.id),
            format!("/api/games/{}/view/1", g.id),
            format!("/api/games/{}/record", g.id),
            format!("/api/games/{}/analysis/0", g.id),
            format!("/api/games/{}/nope", g.id),
            format!("/g/{}", g.id),
        ] {
            let r = c.get(&path).unwrap();
            assert_only(&r.body, &[], &format!("{what}: GET {path}"));
        }
    };
    reads(&mut c, "at the start");
    // Every seat action, asked by each seat with its token and without one, in a game
    // going on: moves (legal, illegal, out of turn), offers, answers, and the actions
    // that need a finished game.
    for (seat, action, extra) in [
        (1, "moves", json!({ "move": "b2c3" })),
        (1, "moves", json!({ "move": "b2c3" })),
        (2, "moves", json!({ "move": "zz" })),
        (2, "moves", json!({ "move": "a5b4" })),
        (1, "draw", json!({})),
        (2, "decline", json!({})),
        (1, "takeback", json!({})),
        (2, "takeback", json!({})),
        (2, "draw", json!({})),
        (1, "decline", json!({})),
        (1, "rematch", json!({})),
        (2, "rematch", json!({})),
        (1, "invite", json!({})),
        (2, "invite", json!({})),
    ] {
        for with_token in [false, true] {
            let asker = with_token.then_some(seat);
            let r = g.act(seat, with_token, action, extra.clone());
            let mut allowed = allowed(asker);
            // The one exception: the creator asking for the invite link gets it.
            if action == "invite" && asker == Some(g.creator) {
                assert_eq!(r.status, 200, "{}", r.body);
                allowed.push(g.token(3 - g.creator));
            }
            assert_only(
                &r.body,
                &allowed,
                &format!("seat {seat} {action} (token: {with_token})"),
            );
            if !with_token {
                assert_eq!(r.status, 401, "{}", r.body);
            }
        }
    }
    reads(&mut c, "during the game");
    // The invited seat resigns; the finished game's routes and the rematch.
    assert_eq!(g.act(1, true, "resign", json!({})).status, 200);
    reads(&mut c, "after the game");
    // The invited seat asks for the rematch first: it gets its own new seat only.
    let asked = g.act(1, true, "rematch", json!({}));
    assert_eq!(asked.status, 200, "{}", asked.body);
    let asked = asked.json();
    let (new_invited, invited_token) = link_token(asked["link"].as_str().unwrap());
    assert_eq!(new_invited, 2);
    assert_only(&asked.to_string(), &[&invited_token], "the first rematch");
    // The creator joins it and gets the other seat, and only that one.
    let joined = g.act(2, true, "rematch", json!({}));
    assert_eq!(joined.status, 200, "{}", joined.body);
    let joined = joined.json();
    let (new_creator, creator_token) = link_token(joined["link"].as_str().unwrap());
    assert_eq!(new_creator, 1);
    assert_ne!(creator_token, invited_token);
    assert_only(&joined.to_string(), &[&creator_token], "the second rematch");
    // The rematch's creator is the old game's creator, whoever asked first: the invited
    // player cannot get the creator's new link.
    let rematch = asked["id"].as_str().unwrap();
    let r = invite_of(addr, rematch, new_invited, &invited_token);
    assert_error(&r, 403, "only the seat that created the game");
    assert!(!r.body.contains(&creator_token), "{}", r.body);
    let r = invite_of(addr, rematch, new_creator, &creator_token);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        link_token(r.json()["invite"].as_str().unwrap()).1,
        invited_token
    );
    // The rematch's state names its id, no token; the events of the old game carried none.
    let state = c.get(&format!("/api/games/{}", g.id)).unwrap();
    assert_eq!(state.json()["rematch"], rematch);
    assert_only(&state.body, &[], "the old game's state");
    read_events(&mut events, &mut seen, "\"rematch\":\"");
    assert_only(&seen, &[], "the events");
}

#[test]
fn a_bot_games_answers_never_hold_the_bots_token() {
    let addr = start_background(test_database("seats-bot"), 2);
    let mut c = Client::connect(addr).unwrap();
    let r = c
        .post(
            "/api/games",
            &json!({ "game": "sprint", "opponent": "bot", "level": 1, "side": "2", "first": "1" })
                .to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.body);
    let v = r.json();
    let id = v["id"].as_str().unwrap().to_string();
    let own = v["tokens"]["2"].as_str().unwrap().to_string();
    assert_eq!(v["links"]["invite"], Value::Null);
    assert_only(&r.body, &[&own], "a bot game's creation");
    // Its invite: none (409), and no token.
    let r = invite_of(addr, &id, 2, &own);
    assert_error(&r, 409, "against a friend");
    assert_only(&r.body, &[], "a bot game's invite");
    let r = c
        .post(
            &format!("/api/games/{id}/resign"),
            &json!({ "seat": 2, "token": own }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    let r = c
        .post(
            &format!("/api/games/{id}/rematch"),
            &json!({ "seat": 2, "token": own }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    let (seat, token) = link_token(r.json()["link"].as_str().unwrap());
    assert_eq!(seat, 1);
    assert_only(&r.body, &[&token], "a bot game's rematch");
}

#[test]
fn games_stored_before_the_creator_was_remembered_give_their_invite_link_to_nobody() {
    let db = temp_db("seats-old");
    // A database of the version before: no `creator` column, one game against a friend.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch(
        "CREATE TABLE games (
             id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL,
             first INTEGER NOT NULL, mode TEXT NOT NULL, bot_seat INTEGER, bot_level INTEGER,
             token1 TEXT NOT NULL, token2 TEXT NOT NULL, resigned INTEGER, position TEXT,
             board TEXT, created INTEGER NOT NULL DEFAULT (unixepoch()),
             result TEXT, ended TEXT, rematch TEXT, clock TEXT);
         CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL,
             mv TEXT NOT NULL, at_ms INTEGER, PRIMARY KEY (game_id, ply));
         PRAGMA user_version = 2;",
    )
    .unwrap();
    let tokens = ["1".repeat(32), "2".repeat(32)];
    conn.execute(
        "INSERT INTO games (id, game, rules, first, mode, token1, token2)
         VALUES ('0123456789abcdef', 'sprint', '{}', 1, 'friend', ?1, ?2)",
        [&tokens[0], &tokens[1]],
    )
    .unwrap();
    drop(conn);
    // Opened by this version, the game gets the column, empty: nobody created it.
    let (row, _) = boardlab_web::store::Store::open(&db)
        .unwrap()
        .load("0123456789abcdef")
        .unwrap()
        .unwrap();
    assert_eq!(row.creator, None);
    let addr = start_background(db, 2);
    for seat in [1u8, 2] {
        let r = invite_of(
            addr,
            "0123456789abcdef",
            seat,
            &tokens[usize::from(seat - 1)],
        );
        assert_error(
            &r,
            403,
            "stored before the server remembered who created it",
        );
        assert_only(&r.body, &[], "an old game's invite");
    }
    // The game itself plays on.
    let r = Client::connect(addr)
        .unwrap()
        .post(
            "/api/games/0123456789abcdef/moves",
            &json!({ "seat": 1, "token": tokens[0], "move": "b2c3" }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
}
