//! Load test of people meeting people, on loopback: accounts sign up, sign out and in again,
//! seek rated games in the lobby, accept each other's seeks, and play them by session cookie
//! to the end.
//!
//! ```text
//! cargo run --release -p boardlab-web --example people_load -- [--accounts 1000] [--game sprint]
//!     [--plies 200] [--db postgres://USER@HOST/DB]
//! ```
//!
//! The server runs in this process (on a fresh SQLite file, or on the empty PostgreSQL
//! database `--db`), with the per-client limits lifted: every account comes from 127.0.0.1.
//! The accounts go in pairs, one thread a pair: the first seeks, the second reads the lobby
//! and accepts, the first learns its game; then each plays a random legal move on its turn
//! with its own session cookie, until the game ends (or `--plies`, then a resignation). At
//! the end every rated game must have changed both players' ratings.
//!
//! The report: the latency of sign-ups, sign-ins, lobby reads, seeks and acceptances (median,
//! 99th percentile); moves per second over the playing and the moves' median and 99th
//! percentile. The exit status is non-zero when any request failed or a rating is missing.

use boardlab_web::client::Client;
use boardlab_web::testing::{start_with, temp_db, test_config};
use boardlab_web::{Database, Limits};
use rand::seq::IndexedRandom;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::{Arc, Barrier, Mutex};
use std::time::Instant;

const USAGE: &str = "options: --accounts N (2..=2000, even, default 1000), --game GAME (default sprint), \
--plies N (1..=1000, default 200), --db postgres://USER@HOST/DB (an empty database; default a fresh SQLite file)";

struct Options {
    accounts: usize,
    game: String,
    plies: usize,
    db: Option<String>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        accounts: 1000,
        game: "sprint".into(),
        plies: 200,
        db: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .ok_or(format!("{flag} needs a value; {USAGE}"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value}: {e}; {USAGE}");
        match flag.as_str() {
            "--accounts" => o.accounts = value.parse().map_err(|e| bad(&e))?,
            "--game" => o.game = value,
            "--plies" => o.plies = value.parse().map_err(|e| bad(&e))?,
            "--db" => o.db = Some(value),
            _ => return Err(format!("unknown option {flag}; {USAGE}")),
        }
    }
    if !(2..=2000).contains(&o.accounts) || o.accounts % 2 == 1 || !(1..=1000).contains(&o.plies) {
        return Err(format!("a value is out of bounds; {USAGE}"));
    }
    Ok(o)
}

/// The latencies of one kind of request, in ms.
#[derive(Default)]
struct Timings(Vec<f64>);

impl Timings {
    fn add(&mut self, since: Instant) {
        self.0.push(since.elapsed().as_secs_f64() * 1000.0);
    }

    fn line(&mut self, what: &str) -> String {
        self.0.sort_by(f64::total_cmp);
        let at = |q: f64| {
            self.0
                .get(((self.0.len() as f64 * q) as usize).min(self.0.len().saturating_sub(1)))
                .copied()
                .unwrap_or(0.0)
        };
        format!(
            "{what:<12} {:>6}  p50 {:>7.1} ms  p99 {:>7.1} ms  max {:>7.1} ms",
            self.0.len(),
            at(0.5),
            at(0.99),
            self.0.last().copied().unwrap_or(0.0)
        )
    }
}

/// What every pair measured, gathered.
#[derive(Default)]
struct Tally {
    sign_ups: Timings,
    sign_ins: Timings,
    lobby: Timings,
    seeks: Timings,
    accepts: Timings,
    moves: Timings,
    failures: Vec<String>,
    games: Vec<(String, String, String)>,
}

/// A request that must answer `status`; its JSON, or what went wrong.
fn expect(
    reply: std::io::Result<boardlab_web::client::Reply>,
    status: u16,
    what: &str,
) -> Result<Value, String> {
    match reply {
        Ok(r) if r.status == status => Ok(r.json()),
        Ok(r) => Err(format!("{what}: {} {}", r.status, r.body)),
        Err(e) => Err(format!("{what}: {e}")),
    }
}

/// The two accounts of a pair signed up, out and in again: their clients.
fn sign_up_and_in(
    addr: SocketAddr,
    names: &[String; 2],
    local: &mut Tally,
) -> Result<[Client; 2], String> {
    // Each connection is opened just before its first request: one opened early would sit
    // idle past the server's header timeout while the other account's password is hashed.
    let mut clients = Vec::with_capacity(2);
    for name in names {
        clients.push(Client::connect(addr).map_err(|e| e.to_string())?);
        let client = clients.last_mut().expect("just pushed");
        let credentials = json!({ "name": name, "password": format!("{name} secret") }).to_string();
        let at = Instant::now();
        expect(client.post("/api/accounts", &credentials), 201, "sign up")?;
        local.sign_ups.add(at);
        expect(
            client.request("DELETE", "/api/session", None),
            200,
            "sign out",
        )?;
        let at = Instant::now();
        expect(client.post("/api/session", &credentials), 200, "sign in")?;
        local.sign_ins.add(at);
    }
    let [first, second]: [Client; 2] = clients.try_into().map_err(|_| "two clients".to_string())?;
    Ok([first, second])
}

/// One pair: sign-ups, sign-ins, then (once every pair is signed in) a seek accepted and a
/// game played to its end.
fn pair(
    addr: SocketAddr,
    index: usize,
    o: &Options,
    start: &Barrier,
    tally: &Mutex<Tally>,
) -> Result<(), String> {
    let names = [format!("p{index}a"), format!("p{index}b")];
    let mut local = Tally::default();
    let signed = sign_up_and_in(addr, &names, &mut local);
    // Every pair waits here, a failed one too, so that the others go on.
    start.wait();
    let mut clients = signed?;
    let at = Instant::now();
    let seek = expect(
        clients[0].post(
            "/api/seeks",
            &json!({ "game": o.game, "rated": true }).to_string(),
        ),
        201,
        "seek",
    )?;
    local.seeks.add(at);
    let id = seek["id"].as_str().unwrap_or_default().to_string();
    let at = Instant::now();
    expect(clients[1].get("/api/seeks"), 200, "lobby")?;
    local.lobby.add(at);
    let at = Instant::now();
    let accepted = expect(
        clients[1].post(&format!("/api/seeks/{id}/accept"), ""),
        200,
        "accept",
    )?;
    local.accepts.add(at);
    let game = accepted["game"].as_str().unwrap_or_default().to_string();
    let followed = expect(
        clients[0].get(&format!("/api/seeks/{id}")),
        200,
        "follow the seek",
    )?;
    if followed["game"] != game.as_str() {
        return Err(format!(
            "the seeker was told game {} for {game}",
            followed["game"]
        ));
    }
    // Who plays which seat: the acceptor's seat is in its answer.
    let acceptor_seat = accepted["seat"].as_u64().unwrap_or(2) as usize;
    let mut by_seat = [0usize, 0];
    by_seat[acceptor_seat - 1] = 1;
    by_seat[2 - acceptor_seat] = 0;
    let mut state = expect(clients[0].get(&format!("/api/games/{game}")), 200, "state")?;
    let mut rng = rand::rng();
    for _ in 0..o.plies {
        if !state["result"].is_null() {
            break;
        }
        let to_move = state["view"]["to_move"].as_u64().unwrap_or(1) as usize;
        let legal: Vec<String> = state["legal"]
            .as_array()
            .map(|moves| {
                moves
                    .iter()
                    .filter_map(|m| m.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        let Some(mv) = legal.choose(&mut rng) else {
            break;
        };
        let client = &mut clients[by_seat[to_move - 1]];
        let at = Instant::now();
        state = expect(
            client.post(
                &format!("/api/games/{game}/moves"),
                &json!({ "move": mv }).to_string(),
            ),
            200,
            "move",
        )?;
        local.moves.add(at);
    }
    if state["result"].is_null() {
        let to_move = state["view"]["to_move"].as_u64().unwrap_or(1) as usize;
        expect(
            clients[by_seat[to_move - 1]].post(&format!("/api/games/{game}/resign"), "{}"),
            200,
            "resign",
        )?;
    }
    local.games.push((game, names[0].clone(), names[1].clone()));
    let mut all = tally.lock().unwrap_or_else(|p| p.into_inner());
    all.sign_ups.0.extend(local.sign_ups.0);
    all.sign_ins.0.extend(local.sign_ins.0);
    all.lobby.0.extend(local.lobby.0);
    all.seeks.0.extend(local.seeks.0);
    all.accepts.0.extend(local.accepts.0);
    all.moves.0.extend(local.moves.0);
    all.games.extend(local.games);
    Ok(())
}

fn main() -> ExitCode {
    let o = match options() {
        Ok(o) => Arc::new(o),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let db: Database = match &o.db {
        Some(url) => Database::Postgres(url.clone()),
        None => temp_db("people-load").into(),
    };
    let mut config = test_config(db);
    config.limits = Limits {
        games_per_minute: 1_000_000,
        sign_ins_per_minute: 1_000_000,
        max_connections: 8192,
        ..Limits::default()
    };
    let (addr, _hub) = start_with(config, 2);
    let pairs = o.accounts / 2;
    let tally = Arc::new(Mutex::new(Tally::default()));
    let start = Arc::new(Barrier::new(pairs + 1));
    let began = Instant::now();
    let threads: Vec<_> = (0..pairs)
        .map(|index| {
            let (o, tally, start) = (o.clone(), tally.clone(), start.clone());
            std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || {
                    let outcome = pair(addr, index, &o, &start, &tally);
                    if let Err(e) = &outcome {
                        tally
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .failures
                            .push(e.clone());
                    }
                    outcome
                })
                .expect("a thread")
        })
        .collect();
    // Every pair signed up and in (or failed): the lobby and the games start together.
    start.wait();
    let signing = began.elapsed();
    let playing = Instant::now();
    for thread in threads {
        let _ = thread.join();
    }
    let played = playing.elapsed();
    let mut tally = Arc::try_unwrap(tally)
        .map(|m| m.into_inner().unwrap_or_else(|p| p.into_inner()))
        .unwrap_or_default();
    // Every rated game changed both players' ratings.
    let mut reader = Client::connect(addr).expect("connect");
    let mut unrated = 0;
    for (_, first, second) in &tally.games {
        for name in [first, second] {
            let profile = reader
                .get(&format!("/api/players/{name}"))
                .map(|r| r.json())
                .unwrap_or(Value::Null);
            if profile["ratings"][o.game.as_str()]["games"] != 1 {
                unrated += 1;
            }
        }
    }
    println!(
        "{} accounts ({} pairs), game {}, server in this process on {} (2 workers)",
        o.accounts,
        pairs,
        o.game,
        o.db.as_deref().map_or("SQLite", |_| "PostgreSQL")
    );
    println!(
        "signing up and in: {:.1} s for {} accounts",
        signing.as_secs_f64(),
        o.accounts
    );
    for (what, timings) in [
        ("sign-up", &mut tally.sign_ups),
        ("sign-in", &mut tally.sign_ins),
        ("seek", &mut tally.seeks),
        ("lobby read", &mut tally.lobby),
        ("accept", &mut tally.accepts),
        ("move", &mut tally.moves),
    ] {
        println!("{}", timings.line(what));
    }
    println!(
        "playing: {} games, {} moves in {:.1} s: {:.0} moves/s (lobby, acceptances and moves together)",
        tally.games.len(),
        tally.moves.0.len(),
        played.as_secs_f64(),
        tally.moves.0.len() as f64 / played.as_secs_f64().max(1e-9)
    );
    println!("ratings missing after a rated game: {unrated}");
    println!("total {:.1} s", began.elapsed().as_secs_f64());
    for failure in tally.failures.iter().take(10) {
        eprintln!("failed: {failure}");
    }
    if tally.failures.is_empty() && unrated == 0 && tally.games.len() == pairs {
        ExitCode::SUCCESS
    } else {
        eprintln!("{} pairs failed", tally.failures.len());
        ExitCode::FAILURE
    }
}
