//! The domain events each state carries: what the change that made it did (a move, an
//! offer, its answer, a takeback, the end, a rematch), told by the action itself, and by a
//! game read again after a bot's move made elsewhere (a worker).

use super::people::{accepted_seek, sprint_against_bot};
use boardlab_web::client::Client;
use boardlab_web::testing::{start_background_with_hub, test_database};
use serde_json::{Value, json};

/// The kinds of the events a state carries, in order.
fn kinds(state: &Value) -> Vec<String> {
    state["events"]
        .as_array()
        .unwrap_or_else(|| panic!("no events in {state}"))
        .iter()
        .map(|e| e["kind"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn each_action_says_what_it_did() {
    let addr = start_background_with_hub(test_database("events"), 1).0;
    let mut lobby = accepted_seek(addr, "Gus", "Hal", json!({ "game": "sprint" }));
    let path = format!("/api/games/{}", lobby.game);
    // Read from the store, nothing has happened yet.
    let state = lobby.seeker.get(&path).unwrap().json();
    assert_eq!(kinds(&state), Vec::<String>::new());
    let first_seat = state["first"].as_u64().unwrap();
    let (mover, other) = if first_seat == u64::from(lobby.seeker_seat) {
        (&mut lobby.seeker, &mut lobby.acceptor)
    } else {
        (&mut lobby.acceptor, &mut lobby.seeker)
    };
    let mv = state["legal"][0].as_str().unwrap().to_string();
    let after = mover
        .post(&format!("{path}/moves"), &json!({ "move": mv }).to_string())
        .unwrap()
        .json();
    assert_eq!(
        after["events"],
        json!([{ "kind": "moved", "seat": first_seat, "ply": 0, "text": mv }])
    );

    // The other player offers a draw; the mover declines it.
    let offered = other.post(&format!("{path}/draw"), "{}").unwrap().json();
    assert_eq!(
        offered["events"],
        json!([{ "kind": "draw_offered", "by": 3 - first_seat }])
    );
    let declined = mover.post(&format!("{path}/decline"), "{}").unwrap().json();
    assert_eq!(kinds(&declined), ["offers_withdrawn"]);

    // The mover asks to take the move back; the other accepts by asking too.
    let asked = mover
        .post(&format!("{path}/takeback"), "{}")
        .unwrap()
        .json();
    assert_eq!(
        asked["events"],
        json!([{ "kind": "takeback_asked", "by": first_seat }])
    );
    let taken = other
        .post(&format!("{path}/takeback"), "{}")
        .unwrap()
        .json();
    assert_eq!(taken["events"], json!([{ "kind": "taken_back", "ply": 0 }]));
    assert_eq!(taken["ply"], 0);

    // A resignation ends it; the rematch is an event of the old game.
    let resigned = other.post(&format!("{path}/resign"), "{}").unwrap().json();
    assert_eq!(kinds(&resigned), ["ended"]);
    assert_eq!(resigned["events"][0]["text"], resigned["result"]["text"]);
    let rematch = mover.post(&format!("{path}/rematch"), "{}").unwrap().json();
    let old = Client::connect(addr).unwrap().get(&path).unwrap().json();
    assert_eq!(
        old["events"],
        json!([{ "kind": "rematch_made", "id": rematch["id"] }])
    );
}

#[test]
fn a_bots_move_made_by_a_worker_is_told_as_a_move() {
    let addr = start_background_with_hub(test_database("events-bot"), 1).0;
    let mut player = Client::connect(addr).unwrap();
    let (id, token) = sprint_against_bot(&mut player);
    let path = format!("/api/games/{id}");
    let state = player.get(&path).unwrap().json();
    let mv = state["legal"][0].as_str().unwrap().to_string();
    let r = player
        .post(
            &format!("{path}/moves"),
            &json!({ "seat": 1, "token": token, "move": mv }).to_string(),
        )
        .unwrap();
    assert_eq!(kinds(&r.json()), ["moved"]);
    // The bot answers through the queue; the state read then tells its move.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let state = player.get(&path).unwrap().json();
        if state["ply"] == 2 {
            let events = state["events"].as_array().unwrap();
            let last = events.last().unwrap_or_else(|| panic!("{state}"));
            assert_eq!(last["kind"], "moved", "{state}");
            assert_eq!(last["seat"], 2, "{state}");
            assert_eq!(last["ply"], 1, "{state}");
            assert_eq!(last["text"], state["moves"][1], "{state}");
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the bot never moved: {state}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}
