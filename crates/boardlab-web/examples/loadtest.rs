//! Load test: many concurrent games of random moves against a boardlab server on loopback.
//!
//! `cargo run --release -p boardlab-web --example loadtest -- [--games 200] [--plies 40]
//! [--seconds 120] [--think-ms 0] [--addr 127.0.0.1:PORT]`
//!
//! Without `--addr` it starts its own server on a free loopback port with a fresh database.
//! Every game is a two-seats-at-one-screen game of one of the four games; each client plays
//! random legal moves until the game ends, `--plies` moves are played or time is up. Every
//! move must be acknowledged (200); the move latency (median, 99th percentile) is reported.
//! With `--think-ms 0` every client sends its next move as soon as the last is answered, so
//! the latency is mostly queueing behind the other games; `--think-ms N` paces each client
//! like a player who thinks for N ms.

use boardlab_games::GameId;
use boardlab_web::client::Client;
use boardlab_web::testing::{start_background, temp_db};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

struct Options {
    games: usize,
    plies: usize,
    seconds: u64,
    think_ms: u64,
    addr: Option<SocketAddr>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        games: 200,
        plies: 40,
        seconds: 120,
        think_ms: 0,
        addr: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value}: {e}");
        match flag.as_str() {
            "--games" => o.games = value.parse().map_err(|e| bad(&e))?,
            "--plies" => o.plies = value.parse().map_err(|e| bad(&e))?,
            "--seconds" => o.seconds = value.parse().map_err(|e| bad(&e))?,
            "--think-ms" => o.think_ms = value.parse().map_err(|e| bad(&e))?,
            "--addr" => o.addr = Some(value.parse().map_err(|e| bad(&e))?),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if o.games == 0 || o.games > 1000 || o.plies > 1000 || o.seconds > 600 {
        return Err("bounds: 1..=1000 games, at most 1000 plies, at most 600 seconds".into());
    }
    if o.addr.is_some_and(|a| !a.ip().is_loopback()) {
        return Err("the load test runs against loopback addresses only".into());
    }
    Ok(o)
}

/// What one game's client saw: move latencies and errors.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    errors: Vec<String>,
    finished: bool,
}

fn play_game(
    addr: SocketAddr,
    index: usize,
    (plies, think): (usize, Duration),
    deadline: Instant,
    start: &Barrier,
) -> Tally {
    let mut tally = Tally::default();
    let fail = |t: &mut Tally, what: String| t.errors.push(format!("game {index}: {what}"));
    let connected = Client::connect(addr);
    start.wait();
    let mut c = match connected {
        Ok(c) => c,
        Err(e) => {
            fail(&mut tally, format!("connect: {e}"));
            return tally;
        }
    };
    let request = json!({ "game": GameId::ALL[index % GameId::ALL.len()].id(), "opponent": "local", "first": "1" });
    let created = match c.post("/api/games", &request.to_string()) {
        Ok(r) if r.status == 201 => r.json(),
        Ok(r) => {
            fail(&mut tally, format!("create: {} {}", r.status, r.body));
            return tally;
        }
        Err(e) => {
            fail(&mut tally, format!("create: {e}"));
            return tally;
        }
    };
    let id = created["id"].as_str().unwrap_or_default().to_string();
    let tokens = [
        created["tokens"]["1"].clone(),
        created["tokens"]["2"].clone(),
    ];
    let mut state = match c.get(&format!("/api/games/{id}")) {
        Ok(r) => r.json(),
        Err(e) => {
            fail(&mut tally, format!("state: {e}"));
            return tally;
        }
    };
    let mut rng = StdRng::seed_from_u64(index as u64);
    for _ in 0..plies {
        let legal = state["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() || Instant::now() >= deadline {
            break;
        }
        std::thread::sleep(think);
        let mv = &legal[rng.random_range(0..legal.len())];
        let seat = state["view"]["to_move"].as_u64().unwrap_or(1) as usize;
        let body = json!({ "seat": seat, "token": tokens[seat - 1], "move": mv });
        let sent = Instant::now();
        match c.post(&format!("/api/games/{id}/moves"), &body.to_string()) {
            Ok(r) if r.status == 200 => {
                tally.latencies.push(sent.elapsed());
                state = r.json();
            }
            Ok(r) => {
                fail(&mut tally, format!("move {mv}: {} {}", r.status, r.body));
                return tally;
            }
            Err(e) => {
                fail(&mut tally, format!("move {mv}: {e}"));
                return tally;
            }
        }
    }
    tally.finished = true;
    tally
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

fn main() -> ExitCode {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let addr = o
        .addr
        .unwrap_or_else(|| start_background(temp_db("load"), 2));
    println!(
        "load test: {} concurrent games, up to {} plies each, {} ms thinking per move, at most {} s, against http://{addr}/",
        o.games, o.plies, o.think_ms, o.seconds
    );
    let began = Instant::now();
    let deadline = began + Duration::from_secs(o.seconds);
    let barrier = Arc::new(Barrier::new(o.games));
    let clients: Vec<_> = (0..o.games)
        .map(|i| {
            let barrier = barrier.clone();
            let pace = (o.plies, Duration::from_millis(o.think_ms));
            std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || play_game(addr, i, pace, deadline, &barrier))
                .expect("spawn a client thread")
        })
        .collect();
    let mut latencies = Vec::new();
    let mut errors = Vec::new();
    let mut finished = 0;
    for client in clients {
        let tally = client.join().unwrap_or_else(|_| Tally {
            errors: vec!["a client thread panicked".into()],
            ..Tally::default()
        });
        latencies.extend(tally.latencies);
        errors.extend(tally.errors);
        finished += usize::from(tally.finished);
    }
    let elapsed = began.elapsed();
    latencies.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{} moves acknowledged in {:.1} s ({:.0} moves/s); {finished}/{} games played to the end of their run",
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        o.games
    );
    println!(
        "move latency: median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        ms(percentile(&latencies, 50.0)),
        ms(percentile(&latencies, 99.0)),
        ms(latencies.last().copied().unwrap_or_default())
    );
    if errors.is_empty() && finished == o.games {
        println!("no errors");
        ExitCode::SUCCESS
    } else {
        println!("{} errors:", errors.len());
        for e in errors.iter().take(20) {
            println!("  {e}");
        }
        ExitCode::FAILURE
    }
}
