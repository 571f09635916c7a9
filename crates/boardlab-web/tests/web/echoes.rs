//! What a client sent is repeated cut short in errors (`boardlab_core::quoted`): a
//! megabyte in a body field, or thousands of characters in a path, answer an error of a
//! few hundred characters that still says what was wrong; counts agree with their noun.

use boardlab_web::client::Client;
use boardlab_web::testing::{start_background, test_database};
use serde_json::json;

/// Asserts a JSON error of `status`, short, saying `words`.
fn assert_short_error(reply: &boardlab_web::client::Reply, status: u16, words: &str) {
    assert_eq!(
        reply.status,
        status,
        "{}",
        &reply.body[..reply.body.len().min(300)]
    );
    let message = reply.json()["error"].as_str().unwrap_or("").to_string();
    assert!(
        message.chars().count() < 300,
        "{} characters: {}",
        message.chars().count(),
        &message[..message.len().min(300)]
    );
    assert!(message.contains(words), "'{message}' should say '{words}'");
}

#[test]
fn long_input_is_repeated_cut_short() {
    let addr = start_background(test_database("echoes"), 2);
    let mut c = Client::connect(addr).unwrap();
    let big = "x".repeat(1 << 20);
    // In the body of a new game.
    for (field, words) in [
        ("opponent", "opponent 'xxx"),
        ("side", "side 'xxx"),
        ("first", "first 'xxx"),
        ("level", "expected u8"),
    ] {
        let mut body = json!({ "game": "sprint" });
        body[field] = json!(big);
        let r = c.post("/api/games", &body.to_string()).unwrap();
        assert_short_error(&r, 400, words);
        assert_short_error(&r, 400, "(1,048,576 characters)");
    }
    let created = c
        .post(
            "/api/games",
            &json!({ "game": "sprint", "opponent": "local" }).to_string(),
        )
        .unwrap()
        .json();
    let id = created["id"].as_str().unwrap();
    let token = created["tokens"]["1"].as_str().unwrap();
    // In the body of a seat's action: a field of the wrong type.
    let r = c
        .post(
            &format!("/api/games/{id}/moves"),
            &json!({ "seat": big, "token": token, "move": "b2c3" }).to_string(),
        )
        .unwrap();
    assert_short_error(&r, 400, "malformed JSON body: invalid type: string 'xxx");
    // In the path: a ply, a game id.
    let long = "9".repeat(4000);
    let r = c.get(&format!("/api/games/{id}/view/{long}")).unwrap();
    assert_short_error(&r, 400, "is not a ply");
    assert_short_error(&r, 400, "(4,000 characters)");
    let r = c.get(&format!("/api/games/{id}/analysis/{long}")).unwrap();
    assert_short_error(&r, 400, "is not a ply");
    let r = c.get(&format!("/api/games/{}", "a".repeat(4000))).unwrap();
    assert_short_error(&r, 404, "no game with id 'aaa");
    assert_short_error(&r, 404, "(4,000 characters)");
}

#[test]
fn counts_agree_with_their_noun() {
    let addr = start_background(test_database("echoes-counts"), 2);
    let mut c = Client::connect(addr).unwrap();
    let created = c
        .post(
            "/api/games",
            &json!({ "game": "sprint", "opponent": "local" }).to_string(),
        )
        .unwrap()
        .json();
    let id = created["id"].as_str().unwrap();
    let token = created["tokens"]["1"].as_str().unwrap();
    let r = c.get(&format!("/api/games/{id}/analysis/5")).unwrap();
    assert_short_error(&r, 404, "the game has 0 moves, not 5");
    let r = c
        .post(
            &format!("/api/games/{id}/moves"),
            &json!({ "seat": 1, "token": token, "move": "b2c3" }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    let r = c.get(&format!("/api/games/{id}/analysis/5")).unwrap();
    assert_short_error(&r, 404, "the game has 1 move, not 5");
}
