//! Games nobody asks for leave memory after [`IDLE_TIME`](boardlab_web::hub::IDLE_TIME) (the
//! server sweeps for them now and then), unless something still uses them, and come back
//! from the store when asked for.

use boardlab_web::create::{NewGame, new_row};
use boardlab_web::hub::Hub;
use boardlab_web::limits::ClientId;
use boardlab_web::testing::test_store;
use std::time::Duration;

fn local_game(game: &str) -> NewGame {
    serde_json::from_value(serde_json::json!({ "game": game, "opponent": "local" })).unwrap()
}

#[tokio::test]
async fn idle_games_leave_memory_unless_in_use_and_load_again() {
    let hub = Hub::new(test_store("idle"));
    let (row, _) = new_row(local_game("sprint"), boardlab_games::GameId::Sprint).unwrap();
    let (kept, _) = new_row(local_game("parity"), boardlab_games::GameId::Parity).unwrap();
    let (id, kept_id) = (row.id.clone(), kept.id.clone());
    hub.create(row, ClientId::LOCAL).await.unwrap();
    hub.create(kept, ClientId::LOCAL).await.unwrap();
    assert_eq!(hub.resident(), 2);
    // Let the tasks the hub started for the new games (a bot's turn, a clock) finish: each
    // holds its game until it has run.
    tokio::time::sleep(Duration::from_millis(50)).await;

    // Recently asked for: both stay.
    assert_eq!(hub.drop_idle(Duration::from_secs(3600)), 0);
    // A game someone holds (a request, a bot, a page following it) stays however idle.
    let held = hub.entry(&kept_id).await.unwrap();
    assert_eq!(hub.drop_idle(Duration::ZERO), 1);
    assert_eq!(hub.resident(), 1);
    drop(held);
    assert_eq!(hub.drop_idle(Duration::ZERO), 1);
    assert_eq!(hub.resident(), 0);

    // Asked for again, a game is loaded from the store as it was.
    let entry = hub.entry(&id).await.unwrap();
    assert_eq!(entry.lock().await.row.id, id);
    assert_eq!(hub.resident(), 1);
}
