//! The bots in the lobby: each listed game's bots seek at a few levels, listed after the
//! people's seeks with `?bots=true`; accepting one starts a casual game against that level,
//! for anyone, a signed-in player's seat being their account's. Nobody follows or
//! withdraws a bot's seek, and a bot's seek of a level or game that does not exist is 404.

use super::people::{error_of, signed_up};
use boardlab_web::client::Client;
use boardlab_web::testing::{start_background_with_hub, test_database};
use serde_json::{Value, json};

#[test]
fn bots_seek_in_the_lobby_and_accepting_one_starts_a_game_against_its_level() {
    let addr = start_background_with_hub(test_database("bot-seeks"), 1).0;
    let mut ann = signed_up(addr, "Ann");
    let r = ann
        .post("/api/seeks", &json!({ "game": "sprint" }).to_string())
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.body);
    let people_seek = r.json()["id"].as_str().unwrap().to_string();

    // Without ?bots=true the lobby is the people's alone.
    let plain = Client::connect(addr)
        .unwrap()
        .get("/api/seeks")
        .unwrap()
        .json();
    assert_eq!(plain.as_array().unwrap().len(), 1, "{plain}");
    let listed = Client::connect(addr)
        .unwrap()
        .get("/api/seeks?bots=true")
        .unwrap()
        .json();
    let listed = listed.as_array().unwrap();
    assert_eq!(listed[0]["id"], people_seek.as_str(), "people first");
    let bots: Vec<&Value> = listed.iter().filter(|s| s["bot"].is_object()).collect();
    // Every built-in game's bots seek, at level 1 among others, never rated.
    for game in ["obsidian", "daisy", "sprint", "parity"] {
        let levels: Vec<u64> = bots
            .iter()
            .filter(|s| s["game"] == game)
            .map(|s| s["bot"]["level"].as_u64().unwrap())
            .collect();
        assert!(levels.contains(&1), "{game}: {levels:?}");
        assert!(levels.len() >= 2, "{game}: {levels:?}");
    }
    assert!(
        bots.iter()
            .all(|s| s["rated"] == false && s["seeker"]["rating"].is_null())
    );
    let seek = bots
        .iter()
        .find(|s| s["game"] == "sprint" && s["bot"]["level"] == 1)
        .unwrap();
    let id = seek["id"].as_str().unwrap();
    assert!(seek["seeker"]["name"].as_str().unwrap().contains("level 1"));

    // Anyone may accept: a game against the bot at that level.
    let mut guest = Client::connect(addr).unwrap();
    let r = guest.post(&format!("/api/seeks/{id}/accept"), "").unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    let accepted = r.json();
    let game = accepted["game"].as_str().unwrap();
    let seat = accepted["seat"].as_u64().unwrap();
    assert!(
        accepted["link"]
            .as_str()
            .unwrap()
            .starts_with(&format!("/g/{game}#{seat}="))
    );
    let state = guest.get(&format!("/api/games/{game}")).unwrap().json();
    assert_eq!(state["mode"], "bot");
    assert_eq!(state["bot_level"], 1);
    assert_eq!(state["bot_seat"], 3 - seat);
    assert_eq!(state["rated"], false);
    // The bot's seek stays for the next player; a signed-in player's seat is theirs.
    let r = ann.post(&format!("/api/seeks/{id}/accept"), "").unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    let game = r.json()["game"].as_str().unwrap().to_string();
    let seat = r.json()["seat"].as_u64().unwrap();
    let state = ann.get(&format!("/api/games/{game}")).unwrap().json();
    assert_eq!(state["players"][seat.to_string()], "Ann", "{state}");
    let profile = ann.get("/api/players/Ann").unwrap().json();
    assert!(
        profile["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == game.as_str()),
        "{profile}"
    );

    // Nobody follows or withdraws a bot's seek; unknown levels and games are 404.
    let r = ann.get(&format!("/api/seeks/{id}")).unwrap();
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(error_of(&r).contains("bot"), "{}", r.body);
    let r = ann
        .request("DELETE", &format!("/api/seeks/{id}"), None)
        .unwrap();
    assert_eq!(r.status, 403, "{}", r.body);
    for unknown in ["bot-99-sprint", "bot-1-chess", "bot-x-sprint", "bot-"] {
        let r = guest
            .post(&format!("/api/seeks/{unknown}/accept"), "")
            .unwrap();
        assert_eq!(r.status, 404, "{unknown}: {}", r.body);
        assert!(error_of(&r).contains("?bots=true"), "{}", r.body);
    }
    let r = guest.get("/api/seeks?bots=maybe").unwrap();
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(error_of(&r).contains("bots (true or false)"), "{}", r.body);
}
