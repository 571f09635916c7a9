//! Load test: many concurrent clients playing random games against a boardlab server on
//! loopback, then an idle spell, with the server's resident memory watched throughout.
//!
//! `cargo run --release -p boardlab-web --example loadtest -- [--clients 200] [--seconds 60]
//! [--plies 40] [--think-ms 0] [--idle-seconds 90] [--addr 127.0.0.1:PORT]`
//!
//! Without `--addr` it starts its own server in a child process (this program run again
//! with `--serve DB`) on a free loopback port with a fresh database, so that the server's
//! resident memory can be read apart from the clients'. Each client plays games back to
//! back for `--seconds`: it creates a two-seats-at-one-screen game of one of the four games
//! and plays random legal moves until the game ends or `--plies` moves are played, then
//! starts another. Every move must be acknowledged (200). The report gives the moves per
//! second, the move latency (median, 99th percentile, largest), the server's resident memory
//! when idle before the load, at its peak, and after `--idle-seconds` without requests,
//! and the games the server holds in memory then. With `--think-ms 0` every client sends its
//! next move as soon as the last is answered, so the latency is mostly queueing behind the
//! other clients; `--think-ms N` paces each client like a player who thinks for N ms.
//!
//! The exit status is non-zero when a move was not acknowledged, a client failed, or the
//! resident memory after the idle spell is more than `--max-growth-mb` (default 16) above
//! its idle level before the load. The default idle spell outlasts the server's
//! [`IDLE_TIME`](boardlab_web::hub::IDLE_TIME) and its sweep, so the games of the load have
//! left memory by its end.

use boardlab_games::GameId;
use boardlab_web::client::Client;
use boardlab_web::testing::{start_background, temp_db};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

/// The command-line options.
struct Options {
    clients: usize,
    seconds: u64,
    plies: usize,
    think_ms: u64,
    idle_seconds: u64,
    max_growth_mb: u64,
    addr: Option<SocketAddr>,
    /// Set in the child process: serve this database and nothing else.
    serve: Option<PathBuf>,
}

const USAGE: &str = "options: --clients N (1..=1000, default 200), --seconds N (load, 1..=600, default 60), \
--plies N (per game, 1..=1000, default 40), --think-ms N (default 0), --idle-seconds N (0..=600, default 90), \
--max-growth-mb N (default 16), --addr 127.0.0.1:PORT (a running server; memory is then not read)";

fn options() -> Result<Options, String> {
    let mut o = Options {
        clients: 200,
        seconds: 60,
        plies: 40,
        think_ms: 0,
        idle_seconds: 90,
        max_growth_mb: 16,
        addr: None,
        serve: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .ok_or(format!("{flag} needs a value; {USAGE}"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value}: {e}; {USAGE}");
        match flag.as_str() {
            // `--games` is the old name of `--clients`.
            "--clients" | "--games" => o.clients = value.parse().map_err(|e| bad(&e))?,
            "--seconds" => o.seconds = value.parse().map_err(|e| bad(&e))?,
            "--plies" => o.plies = value.parse().map_err(|e| bad(&e))?,
            "--think-ms" => o.think_ms = value.parse().map_err(|e| bad(&e))?,
            "--idle-seconds" => o.idle_seconds = value.parse().map_err(|e| bad(&e))?,
            "--max-growth-mb" => o.max_growth_mb = value.parse().map_err(|e| bad(&e))?,
            "--addr" => o.addr = Some(value.parse().map_err(|e| bad(&e))?),
            "--serve" => o.serve = Some(PathBuf::from(value)),
            _ => return Err(format!("unknown option {flag}; {USAGE}")),
        }
    }
    if !(1..=1000).contains(&o.clients)
        || !(1..=1000).contains(&o.plies)
        || !(1..=600).contains(&o.seconds)
        || o.idle_seconds > 600
    {
        return Err(format!("a value is out of bounds; {USAGE}"));
    }
    if o.addr.is_some_and(|a| !a.ip().is_loopback()) {
        return Err("the load test runs against loopback addresses only".into());
    }
    Ok(o)
}

/// The server under test: a child process of ours, or one already running elsewhere.
struct Server {
    addr: SocketAddr,
    child: Option<Child>,
}

impl Server {
    /// Starts this program again as a server over a fresh database.
    fn start() -> Result<Server, String> {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
        let mut child = Command::new(exe)
            .arg("--serve")
            .arg(temp_db("load"))
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start the server: {e}"))?;
        let mut line = String::new();
        let read = child
            .stdout
            .take()
            .map(|out| BufReader::new(out).read_line(&mut line));
        let addr = line.trim().parse().ok();
        match (read, addr) {
            (Some(Ok(_)), Some(addr)) => Ok(Server {
                addr,
                child: Some(child),
            }),
            _ => {
                let _ = child.kill();
                Err(format!(
                    "the server did not say its address (it said '{line}')"
                ))
            }
        }
    }

    /// The server's resident memory in bytes, if it is our child and the system says.
    fn resident_bytes(&self) -> Option<u64> {
        let pid = self.child.as_ref()?.id();
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    }

    /// What `/api/health` says.
    fn health(&self) -> Value {
        Client::connect(self.addr)
            .and_then(|mut c| c.get("/api/health"))
            .map(|r| r.json())
            .unwrap_or(Value::Null)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// What one client saw: move latencies, games and errors.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    games: usize,
    errors: Vec<String>,
}

/// How a client plays: how many plies a game at most, how long it thinks before a move,
/// and when it stops.
#[derive(Clone, Copy)]
struct Pace {
    plies: usize,
    think: Duration,
    deadline: Instant,
}

/// One client: games back to back until the deadline. Stops at its first error.
fn run_client(addr: SocketAddr, index: usize, pace: Pace, start: &Barrier) -> Tally {
    let mut tally = Tally::default();
    let connected = Client::connect(addr);
    start.wait();
    let mut client = match connected {
        Ok(c) => c,
        Err(e) => {
            tally.errors.push(format!("client {index}: connect: {e}"));
            return tally;
        }
    };
    let mut rng = StdRng::seed_from_u64(index as u64);
    let mut game = index;
    while Instant::now() < pace.deadline {
        let game_id = GameId::ALL[game % GameId::ALL.len()];
        if let Err(e) = play_game(&mut client, game_id, pace, &mut rng, &mut tally) {
            tally
                .errors
                .push(format!("client {index}, {}: {e}", game_id.id()));
            return tally;
        }
        tally.games += 1;
        game += 1;
    }
    tally
}

/// Creates a game and plays random moves in it until it ends, `pace.plies` moves are
/// played or time is up.
fn play_game(
    client: &mut Client,
    game: GameId,
    pace: Pace,
    rng: &mut StdRng,
    tally: &mut Tally,
) -> Result<(), String> {
    let request = json!({ "game": game.id(), "opponent": "local", "first": "1" });
    let created = client
        .post("/api/games", &request.to_string())
        .map_err(|e| format!("create: {e}"))?;
    if created.status != 201 {
        return Err(format!("create: {} {}", created.status, created.body));
    }
    let created = created.json();
    let id = created["id"].as_str().unwrap_or_default().to_string();
    let tokens = [
        created["tokens"]["1"].clone(),
        created["tokens"]["2"].clone(),
    ];
    let mut state = client
        .get(&format!("/api/games/{id}"))
        .map_err(|e| format!("state: {e}"))?
        .json();
    for _ in 0..pace.plies {
        let legal = state["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() || Instant::now() >= pace.deadline {
            break;
        }
        std::thread::sleep(pace.think);
        let mv = &legal[rng.random_range(0..legal.len())];
        let seat = state["view"]["to_move"].as_u64().unwrap_or(1) as usize;
        let body = json!({ "seat": seat, "token": tokens[seat - 1], "move": mv });
        let sent = Instant::now();
        let reply = client
            .post(&format!("/api/games/{id}/moves"), &body.to_string())
            .map_err(|e| format!("move {mv}: {e}"))?;
        if reply.status != 200 {
            return Err(format!("move {mv}: {} {}", reply.status, reply.body));
        }
        tally.latencies.push(sent.elapsed());
        state = reply.json();
    }
    Ok(())
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

fn megabytes(bytes: Option<u64>) -> String {
    bytes.map_or("unknown".into(), |b| {
        format!("{:.1} MB", b as f64 / 1_048_576.0)
    })
}

/// The child process: serves `db` on a free loopback port, prints the address, and runs
/// until it is killed.
fn serve(db: PathBuf) -> ExitCode {
    let addr = start_background(db, 2);
    println!("{addr}");
    loop {
        std::thread::park();
    }
}

/// Plays the clients against the server; returns their tallies and the peak resident
/// memory seen meanwhile.
fn load(server: &Server, o: &Options) -> (Vec<Tally>, Option<u64>) {
    let pace = Pace {
        plies: o.plies,
        think: Duration::from_millis(o.think_ms),
        deadline: Instant::now() + Duration::from_secs(o.seconds),
    };
    let barrier = Arc::new(Barrier::new(o.clients));
    let addr = server.addr;
    let clients: Vec<_> = (0..o.clients)
        .map(|i| {
            let barrier = barrier.clone();
            std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || run_client(addr, i, pace, &barrier))
                .expect("spawn a client thread")
        })
        .collect();
    let done = AtomicBool::new(false);
    let peak = AtomicU64::new(0);
    let tallies = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                if let Some(bytes) = server.resident_bytes() {
                    peak.fetch_max(bytes, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(200));
            }
        });
        let tallies: Vec<Tally> = clients
            .into_iter()
            .map(|client| {
                client.join().unwrap_or_else(|_| Tally {
                    errors: vec!["a client thread panicked".into()],
                    ..Tally::default()
                })
            })
            .collect();
        done.store(true, Ordering::Relaxed);
        tallies
    });
    let peak = peak.load(Ordering::Relaxed);
    (tallies, (peak > 0).then_some(peak))
}

fn main() -> ExitCode {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(db) = o.serve {
        return serve(db);
    }
    let server = match o.addr {
        Some(addr) => Server { addr, child: None },
        None => match Server::start() {
            Ok(server) => server,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    println!(
        "load test: {} clients for {} s (games of up to {} plies, {} ms thinking per move), then {} s idle, against http://{}/",
        o.clients, o.seconds, o.plies, o.think_ms, o.idle_seconds, server.addr
    );
    // Let the server settle before reading its idle memory.
    std::thread::sleep(Duration::from_millis(500));
    let _ = server.health();
    let idle_before = server.resident_bytes();

    let began = Instant::now();
    let (tallies, peak) = load(&server, &o);
    let elapsed = began.elapsed();
    let mut latencies: Vec<Duration> = Vec::new();
    let mut errors: Vec<String> = Vec::new();
    let mut games = 0;
    for tally in tallies {
        latencies.extend(tally.latencies);
        errors.extend(tally.errors);
        games += tally.games;
    }
    latencies.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{} moves acknowledged in {:.1} s ({:.0} moves/s) over {games} games",
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
    );
    println!(
        "move latency: median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        ms(percentile(&latencies, 50.0)),
        ms(percentile(&latencies, 99.0)),
        ms(latencies.last().copied().unwrap_or_default())
    );
    let in_memory_after_load = server.health()["games_in_memory"].clone();

    std::thread::sleep(Duration::from_secs(o.idle_seconds));
    let idle_after = server.resident_bytes();
    let health = server.health();
    println!(
        "server memory: idle {}, peak {}, after {} s idle {}; games in memory: {} after the load, {} after the idle spell",
        megabytes(idle_before),
        megabytes(peak),
        o.idle_seconds,
        megabytes(idle_after),
        in_memory_after_load,
        health["games_in_memory"],
    );

    let mut failed = false;
    if let (Some(before), Some(after)) = (idle_before, idle_after) {
        let growth = after.saturating_sub(before);
        if growth > o.max_growth_mb * 1_048_576 {
            println!(
                "memory did not come back: {} above the idle level (allowed: {} MB)",
                megabytes(Some(growth)),
                o.max_growth_mb
            );
            failed = true;
        }
    }
    if !errors.is_empty() {
        println!("{} errors:", errors.len());
        for e in errors.iter().take(20) {
            println!("  {e}");
        }
        failed = true;
    }
    if failed {
        ExitCode::FAILURE
    } else {
        println!("no errors");
        ExitCode::SUCCESS
    }
}
