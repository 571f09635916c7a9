//! Declining: only an offer that waits can be declined. On a finished game, or with no
//! offer waiting, `decline` is refused with a JSON 409 and the game is left as it was (its
//! version does not change).

use boardlab_web::client::{Client, Reply};
use boardlab_web::testing::{start_background, test_database};
use serde_json::{Value, json};
use std::net::SocketAddr;

struct Game {
    addr: SocketAddr,
    id: String,
    tokens: [String; 2],
}

impl Game {
    /// A game against a friend created by seat 1, seat 1 to move first.
    fn new(addr: SocketAddr) -> Game {
        let v = Client::connect(addr)
            .unwrap()
            .post(
                "/api/games",
                &json!({ "game": "sprint", "opponent": "friend", "side": "1", "first": "1" })
                    .to_string(),
            )
            .unwrap()
            .json();
        let invite = v["links"]["invite"].as_str().unwrap();
        Game {
            addr,
            id: v["id"].as_str().unwrap().to_string(),
            tokens: [
                v["tokens"]["1"].as_str().unwrap().to_string(),
                invite.rsplit_once('=').unwrap().1.to_string(),
            ],
        }
    }

    fn act(&self, seat: u8, action: &str) -> Reply {
        let body = json!({ "seat": seat, "token": self.tokens[usize::from(seat - 1)] });
        Client::connect(self.addr)
            .unwrap()
            .post(
                &format!("/api/games/{}/{action}", self.id),
                &body.to_string(),
            )
            .unwrap()
    }

    fn state(&self) -> Value {
        Client::connect(self.addr)
            .unwrap()
            .get(&format!("/api/games/{}", self.id))
            .unwrap()
            .json()
    }
}

fn assert_refused(game: &Game, seat: u8, words: &str) {
    let before = game.state();
    let r = game.act(seat, "decline");
    assert_eq!(r.status, 409, "{}", r.body);
    let message = r.json()["error"].as_str().unwrap_or("").to_string();
    assert!(message.contains(words), "'{message}' should say '{words}'");
    assert_eq!(game.state(), before, "a refused decline changed the game");
}

#[test]
fn decline_with_no_offer_waiting_is_refused_and_changes_nothing() {
    let addr = start_background(test_database("decline-none"), 2);
    let g = Game::new(addr);
    assert_refused(&g, 1, "no offer to decline");
    assert_refused(&g, 2, "no offer to decline");
    // With an offer waiting, decline answers it (and bumps the version once).
    let offered = g.act(1, "draw").json();
    assert_eq!(offered["offers"]["draw"], 1);
    let declined = g.act(2, "decline");
    assert_eq!(declined.status, 200, "{}", declined.body);
    let declined = declined.json();
    assert_eq!(declined["offers"]["draw"], Value::Null);
    assert!(declined["version"].as_u64() > offered["version"].as_u64());
    // Once declined, nothing waits any more.
    assert_refused(&g, 2, "no offer to decline");
}

#[test]
fn decline_on_a_finished_game_is_refused_and_changes_nothing() {
    let addr = start_background(test_database("decline-over"), 2);
    let g = Game::new(addr);
    assert_eq!(g.act(1, "draw").status, 200);
    assert_eq!(g.act(2, "resign").status, 200);
    assert_refused(&g, 1, "the game is over");
    assert_refused(&g, 2, "the game is over");
}
