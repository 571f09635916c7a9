//! Games from rules files on the server: a folder's files listed beside the built-in games
//! (`serve --rules DIR`), rules files pasted by players (`POST /api/rules`), both played like
//! the built-in games, kept across restarts, and every bad input refused with its reason.

use boardlab_core::Evaluate;
use boardlab_games::GameId;
use boardlab_rules::engine::RulesPosition;
use boardlab_web::Database;
use boardlab_web::client::{Client, Reply};
use boardlab_web::game_set::GameSet;
use boardlab_web::limits::Limits;
use boardlab_web::server::Server;
use boardlab_web::store::{GameRow, Store, StoreError};
use boardlab_web::testing::{start_with, temp_db, test_config, test_database};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn examples() -> PathBuf {
    repo().join("rules/examples")
}

fn example(name: &str) -> String {
    std::fs::read_to_string(examples().join(name)).expect("an example rules file")
}

/// A server over a fresh database; `rules` is its rules folder.
fn server(rules: Option<PathBuf>, limits: Option<Limits>) -> SocketAddr {
    let mut config = test_config(test_database("rules-files"));
    config.rules = rules;
    if let Some(limits) = limits {
        config.limits = limits;
    }
    start_with(config, 2).0
}

fn post(addr: SocketAddr, path: &str, body: &Value) -> Reply {
    Client::connect(addr)
        .unwrap()
        .post(path, &body.to_string())
        .unwrap()
}

fn get(addr: SocketAddr, path: &str) -> Reply {
    Client::connect(addr).unwrap().get(path).unwrap()
}

/// Pastes `text`; returns the reply.
fn paste(addr: SocketAddr, text: &str) -> Reply {
    post(addr, "/api/rules", &json!({ "text": text }))
}

/// Plays a local game of the game keyed `key` for `plies` plies, each the first legal
/// move; returns the final state.
fn play_local(addr: SocketAddr, key: &str, plies: usize) -> Value {
    let created = post(
        addr,
        "/api/games",
        &json!({ "game": key, "opponent": "local" }),
    );
    assert_eq!(created.status, 201, "{}", created.body);
    let created = created.json();
    let id = created["id"].as_str().unwrap().to_string();
    let mut state = get(addr, &format!("/api/games/{id}")).json();
    assert_eq!(state["game"], key);
    for _ in 0..plies {
        let seat = state["view"]["to_move"].as_u64().unwrap();
        let token = created["tokens"][seat.to_string()].as_str().unwrap();
        let mv = state["legal"][0]
            .as_str()
            .expect("a legal move")
            .to_string();
        let played = post(
            addr,
            &format!("/api/games/{id}/moves"),
            &json!({ "seat": seat, "token": token, "move": mv }),
        );
        assert_eq!(played.status, 200, "{}", played.body);
        state = played.json();
    }
    state
}

#[test]
fn a_folder_of_rules_files_is_listed_and_played() {
    let addr = server(Some(examples()), None);
    let catalog = get(addr, "/api/catalog").json();
    let ids: Vec<&str> = catalog
        .as_array()
        .unwrap()
        .iter()
        .map(|card| card["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "obsidian",
            "daisy",
            "sprint",
            "parity",
            "camel-obsidian",
            "chief-raid",
            "drop-obsidian",
            "mini-daisy",
            "parity-5x5",
            "parity-7x6",
            "sprint-8x8",
        ]
    );
    for card in catalog.as_array().unwrap() {
        let id = card["id"].as_str().unwrap();
        let file = !GameId::ALL.iter().any(|g| g.id() == id);
        assert_eq!(
            card["source"],
            if file { "file" } else { "built-in" },
            "{id}"
        );
        // Every listed game has its card by key, the same as in the catalog.
        assert_eq!(get(addr, &format!("/api/cards/{id}")).json(), *card);
        if file {
            // The levels are the generic engine's, not another game's (and the perfect
            // player in games without cycles).
            let levels = card["levels"].as_array().unwrap();
            assert_eq!(
                levels.iter().filter(|l| l["label"] != "perfect").count(),
                usize::from(<RulesPosition<u64> as Evaluate>::LEVELS.count()),
                "{id}"
            );
            let state = play_local(addr, id, 4);
            assert_eq!(state["ply"], 4, "{id}");
        }
    }
    let unknown = get(addr, "/api/cards/no-such-game");
    assert_eq!(unknown.status, 404);
    assert!(
        unknown.json()["error"]
            .as_str()
            .unwrap()
            .contains("camel-obsidian")
    );
}

#[test]
fn a_bot_plays_a_game_of_a_rules_file() {
    let addr = server(Some(examples()), None);
    let created = post(
        addr,
        "/api/games",
        &json!({ "game": "camel-obsidian", "opponent": "bot", "side": "2", "level": 1 }),
    )
    .json();
    let id = created["id"].as_str().unwrap();
    let started = std::time::Instant::now();
    loop {
        let state = get(addr, &format!("/api/games/{id}")).json();
        if state["ply"] == 1 {
            break;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(30),
            "the bot did not move: {state}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn a_pasted_rules_file_makes_a_private_game() {
    let addr = server(None, None);
    let text = example("mini-daisy.toml");
    let reply = paste(addr, &text);
    assert_eq!(reply.status, 200, "{}", reply.body);
    let card = reply.json();
    let key = card["id"].as_str().unwrap().to_string();
    assert!(key.starts_with("pasted:"), "{key}");
    assert_eq!(card["source"], "pasted");
    assert_eq!(card["title"], "Mini Daisy");
    assert_eq!(card["size"], "7x7");
    // The same text again has the same key; the catalog does not list it.
    assert_eq!(paste(addr, &text).json()["id"], key);
    let catalog = get(addr, "/api/catalog").json();
    assert_eq!(catalog.as_array().unwrap().len(), GameId::ALL.len());
    assert_eq!(get(addr, &format!("/api/cards/{key}")).json(), card);
    let state = play_local(addr, &key, 3);
    assert_eq!(state["ply"], 3);
    assert_eq!(state["moves"].as_array().unwrap().len(), 3);
    // Another text is another game.
    let other = paste(addr, &example("sprint-8x8.toml")).json();
    assert_ne!(other["id"], key);
    assert_eq!(other["size"], "8x8");
    // A key nobody was given names no game.
    let made_up = post(
        addr,
        "/api/games",
        &json!({ "game": "pasted:0123456789abcdef", "opponent": "local" }),
    );
    assert_eq!(made_up.status, 400);
    assert!(made_up.body.contains("unknown game"), "{}", made_up.body);
}

#[test]
fn a_bad_pasted_rules_file_is_refused_with_its_line() {
    let addr = server(None, None);
    let text = "id = \"broken\"\nextends = \"obsidian\"\ncolour = \"red\"\n";
    let reply = paste(addr, text);
    assert_eq!(reply.status, 400, "{}", reply.body);
    let error = reply.json();
    assert_eq!(error["line"], 3, "{error}");
    assert_eq!(error["column"], 1, "{error}");
    let message = error["error"].as_str().unwrap();
    assert!(message.starts_with("pasted rules:3:1: "), "{message}");
    assert!(message.contains("colour"), "{message}");

    // Each of these is refused with a 4xx naming what is wrong, and makes no game.
    let extends_a_path = "id = \"mine\"\nextends = \"../rules/obsidian.toml\"\n";
    let too_large = format!("# {}\n", "x".repeat(70 * 1024));
    for (body, status, says) in [
        (json!({ "text": "" }), 400, "pasted rules"),
        (json!({ "text": "[[[" }), 400, "pasted rules:1:"),
        (json!({ "text": extends_a_path }), 400, "pasted rules"),
        (json!({ "text": too_large }), 400, "bytes"),
        (json!({ "text": 7 }), 400, "malformed JSON body"),
        (json!({ "rules": "x" }), 400, "malformed JSON body"),
        (
            json!({ "text": "id = \"x\"", "more": 1 }),
            400,
            "malformed JSON body",
        ),
    ] {
        let reply = post(addr, "/api/rules", &body);
        assert_eq!(reply.status, status, "{body}: {}", reply.body);
        let error = reply.json()["error"].as_str().unwrap().to_string();
        assert!(error.contains(says), "{body}: {error}");
    }
    let not_json = Client::connect(addr)
        .unwrap()
        .post_as("/api/rules", "text/plain", "id = \"x\"")
        .unwrap();
    assert_eq!(not_json.status, 415);
}

#[test]
fn the_server_compiles_at_most_its_limit_of_pasted_files() {
    let limits = Limits {
        pasted_rules: 1,
        games_per_minute: 1000,
        ..Limits::default()
    };
    let addr = server(None, Some(limits));
    let first = example("camel-obsidian.toml");
    assert_eq!(paste(addr, &first).status, 200);
    // The same file again is no new game.
    assert_eq!(paste(addr, &first).status, 200);
    let second = paste(addr, &example("parity-5x5.toml"));
    assert_eq!(second.status, 503, "{}", second.body);
    assert!(second.body.contains("--pasted-rules"), "{}", second.body);
}

#[test]
fn pasting_counts_against_the_new_games_limit() {
    let limits = Limits {
        games_per_minute: 2,
        ..Limits::default()
    };
    let addr = server(None, Some(limits));
    let text = example("camel-obsidian.toml");
    assert_eq!(paste(addr, &text).status, 200);
    assert_eq!(paste(addr, &text).status, 200);
    let third = paste(addr, &text);
    assert_eq!(third.status, 429);
    assert!(third.body.contains("rules files"), "{}", third.body);
}

/// A pasted game's row and its stored text, written by one store.
fn store_pasted_game(db: &Database, text: &str) -> String {
    let store = Store::open_serving(db.clone(), Arc::new(GameSet::built_in())).unwrap();
    let key = store.store_paste(text).unwrap();
    let played = GameId::from_rules(
        boardlab_rules::load_str(text, "pasted rules", None).expect("the example loads"),
    );
    store
        .insert_game(&GameRow {
            game: format!("pasted:{key}"),
            tokens: [format!("{:032x}", 1), format!("{:032x}", 2)],
            ..boardlab_web::testing::stored_row("pasted-game", played)
        })
        .unwrap();
    key
}

#[test]
fn a_pasted_game_is_played_again_after_a_restart() {
    let db = test_database("rules-restart");
    let text = example("mini-daisy.toml");
    let key = store_pasted_game(&db, &text);
    // A new store (a new server) knows the game from the stored text alone.
    let store = Store::open_serving(db, Arc::new(GameSet::built_in())).unwrap();
    let (row, moves) = store.load("pasted-game").unwrap().unwrap();
    assert_eq!(row.game, format!("pasted:{key}"));
    assert_eq!(row.played.id(), "mini-daisy");
    assert!(moves.is_empty());
    // Without its text the row is damaged, and says so.
    store
        .execute_batch("DELETE FROM rules_texts; UPDATE games SET game = 'pasted:gone'")
        .unwrap();
    let error = store.load("pasted-game").unwrap_err();
    assert!(matches!(error, StoreError::Damaged { .. }), "{error}");
    assert!(error.to_string().contains("rules_texts"), "{error}");
}

#[test]
fn a_folder_game_needs_its_folder_after_a_restart() {
    let db = test_database("rules-folder-restart");
    {
        let store = Store::open_serving(
            db.clone(),
            Arc::new(GameSet::with_folder(&examples()).unwrap()),
        )
        .unwrap();
        store
            .execute_batch(
                "INSERT INTO games (id, game, rules, first, mode, token1, token2)
                 VALUES ('camel', 'camel-obsidian', '{}', 1, 'local',
                         '00000000000000000000000000000001', '00000000000000000000000000000002')",
            )
            .unwrap();
        let (row, _) = store.load("camel").unwrap().unwrap();
        assert_eq!(row.played.id(), "camel-obsidian");
    }
    let store = Store::open_serving(db, Arc::new(GameSet::built_in())).unwrap();
    let error = store.load("camel").unwrap_err().to_string();
    assert!(error.contains("serve --rules DIR"), "{error}");
}

#[tokio::test]
async fn a_bad_folder_stops_the_server_naming_the_file() {
    let bind = |dir: &Path| {
        let mut config = test_config(temp_db("rules-bad-folder"));
        config.rules = Some(dir.to_path_buf());
        config
    };
    let scratch = temp_db("rules-folders");
    let folder = scratch.parent().unwrap();
    // A file that does not read: its line is named.
    let broken = folder.join("broken");
    std::fs::create_dir_all(&broken).unwrap();
    std::fs::write(
        broken.join("a.toml"),
        "id = \"a\"\nextends = \"obsidian\"\nwidth = 9\n",
    )
    .unwrap();
    let error = Server::bind(&bind(&broken))
        .await
        .err()
        .unwrap()
        .to_string();
    assert!(error.contains("a.toml:3:1"), "{error}");
    // Two files with one id.
    let twice = folder.join("twice");
    std::fs::create_dir_all(&twice).unwrap();
    for name in ["one.toml", "two.toml"] {
        std::fs::write(twice.join(name), example("camel-obsidian.toml")).unwrap();
    }
    let error = Server::bind(&bind(&twice)).await.err().unwrap().to_string();
    assert!(
        error.contains("two.toml") && error.contains("one.toml"),
        "{error}"
    );
    // A file with a built-in game's id.
    let clash = folder.join("clash");
    std::fs::create_dir_all(&clash).unwrap();
    std::fs::copy(
        repo().join("rules/obsidian.toml"),
        clash.join("obsidian.toml"),
    )
    .unwrap();
    let error = Server::bind(&bind(&clash)).await.err().unwrap().to_string();
    assert!(error.contains("the built-in game obsidian"), "{error}");
    // A folder that is not there.
    let error = Server::bind(&bind(&folder.join("missing")))
        .await
        .err()
        .unwrap()
        .to_string();
    assert!(error.contains("cannot be read"), "{error}");
}
