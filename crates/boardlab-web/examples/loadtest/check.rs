//! The check after the load: every move the clients know was played is in its game as the
//! servers now read it from the database, in its place, and no bot game still waits for
//! the bot's move.

use crate::players::GameLog;
use boardlab_web::client::Client;
use serde_json::Value;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// How long the check waits for a bot's move still owed (a dead worker's lease is 10 s).
const BOT_MOVE_WAIT: Duration = Duration::from_secs(30);

/// What the check found.
pub struct Checked {
    /// Games read back.
    pub games: usize,
    /// Moves found in their place.
    pub moves: usize,
    /// Bot games that had to wait for a move owed when the check began.
    pub owed: usize,
    /// What did not hold.
    pub errors: Vec<String>,
}

/// Reads every logged game back through `addr` and compares.
pub fn check(addr: SocketAddr, logs: &[&GameLog]) -> Checked {
    let mut checked = Checked {
        games: 0,
        moves: 0,
        owed: 0,
        errors: Vec::new(),
    };
    let mut client = match Client::connect(addr) {
        Ok(client) => client,
        Err(e) => {
            checked.errors.push(format!("check: connect: {e}"));
            return checked;
        }
    };
    for log in logs {
        match check_game(&mut client, log, &mut checked) {
            Ok(()) => checked.games += 1,
            Err(e) => checked.errors.push(e),
        }
    }
    checked
}

fn state(client: &mut Client, id: &str) -> Result<Value, String> {
    let reply = client
        .get(&format!("/api/games/{id}"))
        .map_err(|e| format!("{id}: read back: {e}"))?;
    if reply.status != 200 {
        return Err(format!("{id}: read back: {} {}", reply.status, reply.body));
    }
    Ok(reply.json())
}

fn check_game(client: &mut Client, log: &GameLog, checked: &mut Checked) -> Result<(), String> {
    let mut now = state(client, &log.id)?;
    let stored: Vec<&str> = now["moves"]
        .as_array()
        .map(|l| l.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    for (ply, mv) in log.moves.iter().enumerate() {
        match stored.get(ply) {
            Some(found) if found == mv => checked.moves += 1,
            found => {
                return Err(format!(
                    "{}: the move {mv} played at ply {ply} is not kept (the game holds {} there, {} moves in all)",
                    log.id,
                    found.unwrap_or(&"nothing"),
                    stored.len()
                ));
            }
        }
    }
    let waits_for_bot = |s: &Value| {
        s["result"].is_null() && s["view"]["to_move"].as_u64() == s["bot_seat"].as_u64()
    };
    if log.bot && waits_for_bot(&now) {
        checked.owed += 1;
        let began = Instant::now();
        while waits_for_bot(&now) {
            if began.elapsed() > BOT_MOVE_WAIT {
                return Err(format!(
                    "{}: the bot's move is still owed {} s after the load",
                    log.id,
                    BOT_MOVE_WAIT.as_secs()
                ));
            }
            std::thread::sleep(Duration::from_millis(200));
            now = state(client, &log.id)?;
        }
    }
    Ok(())
}
