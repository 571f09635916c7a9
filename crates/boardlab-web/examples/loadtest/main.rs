//! Load test: many concurrent clients playing games against a boardlab site on loopback.
//!
//! ```text
//! cargo run --release -p boardlab-web --example loadtest -- [--clients 200] [--seconds 60]
//!     [--plies 40] [--think-ms 0] [--bot-clients 0] [--bot-game obsidian] [--bot-level 8]
//!     [--watchers 0] [--idle-seconds 90] [--max-growth-mb 16]
//!     [--addr 127.0.0.1:PORT | --instances N --db postgres://… [--workers 2] [--kill-at S]
//!      [--boardlab target/release/boardlab] [--nginx nginx]]
//! ```
//!
//! **The site.** Without `--addr` or `--instances` the load test starts one server on a
//! fresh SQLite file in a child process (so that its resident memory is read apart from the
//! clients'), with two bot workers of its own. `--addr` names a site already running. With
//! `--instances N` it starts the site docs/deploy.md describes, on loopback: N `boardlab
//! serve --workers 0` instances on the PostgreSQL database `--db` (an empty one), `--workers`
//! `boardlab worker` processes (one thread each), and nginx in front with the guide's
//! settings; the clients go through nginx. `--kill-at S` SIGKILLs the first instance and the
//! first worker S seconds into the load (the others go on).
//!
//! **The clients.** `--clients` players each play both seats of games at one screen (the
//! four games in turn), random legal moves back to back, and `--bot-clients` more play seat
//! 1 against a bot (`--bot-game` at `--bot-level`) and wait for each answer on the game's
//! live updates. The first `--watchers` players keep a watcher on each game (server-sent
//! events, connected again when its server dies), which must have seen every move when the
//! game ends. A move whose answer is lost (the proxy's 502 while a server dies) is looked up
//! and counted as unanswered, found played or sent again.
//!
//! **The report.** Moves per second; the latency of acknowledged moves (median, 99th
//! percentile, largest) and of the bots' answers; the watchers' events and reconnections.
//! After the load every game is read back and every move played must be in its place, and
//! no bot game may still wait for its move. For the child server: its resident memory idle,
//! at its peak and after `--idle-seconds` without requests (the default spell outlasts the
//! server's [`IDLE_TIME`](boardlab_web::hub::IDLE_TIME), so the games of the load have left
//! memory by its end).
//!
//! The exit status is non-zero when a move was refused or lost, a watcher missed a move, a
//! bot game went unanswered, a client failed, or the child server's memory after the idle
//! spell is more than `--max-growth-mb` above its idle level before the load.

mod check;
mod cluster;
mod players;
mod single;
mod watch;

use cluster::{Cluster, ClusterSpec};
use players::{Pace, Role, Tally};
use single::SingleServer;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};
use watch::WatchTally;

/// The command-line options.
struct Options {
    clients: usize,
    bot_clients: usize,
    bot_game: String,
    bot_level: u32,
    watchers: usize,
    seconds: u64,
    plies: usize,
    think_ms: u64,
    idle_seconds: Option<u64>,
    max_growth_mb: u64,
    addr: Option<SocketAddr>,
    instances: usize,
    workers: usize,
    db: Option<String>,
    kill_at: Option<u64>,
    boardlab: Option<PathBuf>,
    nginx: PathBuf,
    /// Set in the child process: serve this database and nothing else.
    serve: Option<PathBuf>,
}

const USAGE: &str = "options: --clients N (0..=1000, default 200), --bot-clients N (0..=1000, default 0), \
--bot-game GAME (default obsidian), --bot-level N (default 8), --watchers N (at most --clients, default 0), \
--seconds N (load, 1..=600, default 60), --plies N (per game, 1..=1000, default 40), --think-ms N (default 0), \
--idle-seconds N (0..=600; default 90 for the child server, else 0), --max-growth-mb N (default 16), \
--addr 127.0.0.1:PORT (a running site), or --instances N (1..=16) --db postgres://… [--workers N (0..=16, default 2)] \
[--kill-at SECONDS] [--boardlab PATH (default: target/release/boardlab)] [--nginx PATH (default: nginx)]";

fn options() -> Result<Options, String> {
    let mut o = Options {
        clients: 200,
        bot_clients: 0,
        bot_game: "obsidian".into(),
        bot_level: 8,
        watchers: 0,
        seconds: 60,
        plies: 40,
        think_ms: 0,
        idle_seconds: None,
        max_growth_mb: 16,
        addr: None,
        instances: 0,
        workers: 2,
        db: None,
        kill_at: None,
        boardlab: None,
        nginx: PathBuf::from("nginx"),
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
            "--bot-clients" => o.bot_clients = value.parse().map_err(|e| bad(&e))?,
            "--bot-game" => o.bot_game = value,
            "--bot-level" => o.bot_level = value.parse().map_err(|e| bad(&e))?,
            "--watchers" => o.watchers = value.parse().map_err(|e| bad(&e))?,
            "--seconds" => o.seconds = value.parse().map_err(|e| bad(&e))?,
            "--plies" => o.plies = value.parse().map_err(|e| bad(&e))?,
            "--think-ms" => o.think_ms = value.parse().map_err(|e| bad(&e))?,
            "--idle-seconds" => o.idle_seconds = Some(value.parse().map_err(|e| bad(&e))?),
            "--max-growth-mb" => o.max_growth_mb = value.parse().map_err(|e| bad(&e))?,
            "--addr" => o.addr = Some(value.parse().map_err(|e| bad(&e))?),
            "--instances" => o.instances = value.parse().map_err(|e| bad(&e))?,
            "--workers" => o.workers = value.parse().map_err(|e| bad(&e))?,
            "--db" => o.db = Some(value),
            "--kill-at" => o.kill_at = Some(value.parse().map_err(|e| bad(&e))?),
            "--boardlab" => o.boardlab = Some(PathBuf::from(value)),
            "--nginx" => o.nginx = PathBuf::from(value),
            "--serve" => o.serve = Some(PathBuf::from(value)),
            _ => return Err(format!("unknown option {flag}; {USAGE}")),
        }
    }
    if o.clients > 1000
        || o.bot_clients > 1000
        || o.clients + o.bot_clients == 0
        || o.watchers > o.clients
        || !(1..=1000).contains(&o.plies)
        || !(1..=600).contains(&o.seconds)
        || o.idle_seconds.is_some_and(|s| s > 600)
        || o.instances > 16
        || o.workers > 16
    {
        return Err(format!("a value is out of bounds; {USAGE}"));
    }
    if o.addr.is_some_and(|a| !a.ip().is_loopback()) {
        return Err("the load test runs against loopback addresses only".into());
    }
    if o.instances > 0 && o.addr.is_some() {
        return Err("--addr and --instances exclude each other".into());
    }
    if o.instances > 0 && !o.db.as_deref().is_some_and(|db| db.starts_with("postgres")) {
        return Err(format!(
            "--instances needs --db postgres://USER@HOST/DATABASE (an empty database they share); {USAGE}"
        ));
    }
    if o.instances == 0 && (o.db.is_some() || o.kill_at.is_some()) {
        return Err("--db and --kill-at belong to --instances".into());
    }
    if o.kill_at.is_some_and(|s| s == 0 || s >= o.seconds) {
        return Err("--kill-at must fall inside the load (1 to --seconds - 1)".into());
    }
    Ok(o)
}

/// The site under load.
enum Site {
    /// A server of ours on SQLite, whose memory is watched.
    Single(SingleServer),
    /// A site already running.
    Running(SocketAddr),
    /// Instances, workers and nginx started here.
    Cluster(Cluster),
}

impl Site {
    fn start(o: &Options) -> Result<Site, String> {
        if let Some(addr) = o.addr {
            return Ok(Site::Running(addr));
        }
        if o.instances == 0 {
            return SingleServer::start().map(Site::Single);
        }
        let boardlab = match &o.boardlab {
            Some(path) => path.clone(),
            // This program is target/<profile>/examples/loadtest; boardlab is beside examples/.
            None => std::env::current_exe()
                .ok()
                .and_then(|exe| Some(exe.parent()?.parent()?.join("boardlab")))
                .ok_or("cannot find this program's folder; give --boardlab PATH")?,
        };
        if !boardlab.exists() {
            return Err(format!(
                "{} is missing: build it (cargo build --release -p boardlab-cli) or give --boardlab PATH",
                boardlab.display()
            ));
        }
        Cluster::start(&ClusterSpec {
            boardlab,
            nginx: o.nginx.clone(),
            db: o.db.clone().unwrap_or_default(),
            instances: o.instances,
            workers: o.workers,
        })
        .map(Site::Cluster)
    }

    fn addr(&self) -> SocketAddr {
        match self {
            Site::Single(server) => server.addr,
            Site::Running(addr) => *addr,
            Site::Cluster(cluster) => cluster.addr,
        }
    }

    fn resident_bytes(&self) -> Option<u64> {
        match self {
            Site::Single(server) => server.resident_bytes(),
            _ => None,
        }
    }

    fn describe(&self, o: &Options) -> String {
        match self {
            Site::Single(server) => format!("one server on SQLite at http://{}/", server.addr),
            Site::Running(addr) => format!("the site at http://{addr}/"),
            Site::Cluster(cluster) => format!(
                "nginx at http://{}/ before {} instance{} ({}) on PostgreSQL, with {} worker process{} of one thread",
                cluster.addr,
                o.instances,
                if o.instances == 1 { "" } else { "s" },
                cluster
                    .instances
                    .iter()
                    .map(SocketAddr::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
                o.workers,
                if o.workers == 1 { "" } else { "es" },
            ),
        }
    }
}

/// Plays the clients against the site, and SIGKILLs an instance and a worker of the
/// cluster `--kill-at` seconds in; returns the tallies, the peak resident memory of the
/// child server, and what was killed.
fn load(site: &mut Site, o: &Options) -> (Vec<Tally>, Option<u64>, Option<String>) {
    let began = Instant::now();
    let pace = Pace {
        plies: o.plies,
        think: Duration::from_millis(o.think_ms),
        deadline: began + Duration::from_secs(o.seconds),
    };
    let everyone = o.clients + o.bot_clients;
    let barrier = Arc::new(Barrier::new(everyone));
    let addr = site.addr();
    let clients: Vec<_> = (0..everyone)
        .map(|i| {
            let role = if i < o.clients {
                Role::Player {
                    watched: i < o.watchers,
                }
            } else {
                Role::BotPlayer {
                    game: o.bot_game.clone(),
                    level: o.bot_level,
                }
            };
            let (barrier, pace) = (barrier.clone(), pace.clone());
            std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || players::run(addr, i, role, pace, &barrier))
                .expect("spawn a client thread")
        })
        .collect();
    let (single, cluster) = match site {
        Site::Single(server) => (Some(&*server), None),
        Site::Cluster(cluster) => (None, Some(cluster)),
        Site::Running(_) => (None, None),
    };
    let done = AtomicBool::new(false);
    let peak = AtomicU64::new(0);
    std::thread::scope(|scope| {
        if let Some(server) = single {
            scope.spawn(|| {
                while !done.load(Ordering::Relaxed) {
                    if let Some(bytes) = server.resident_bytes() {
                        peak.fetch_max(bytes, Ordering::Relaxed);
                    }
                    std::thread::sleep(Duration::from_millis(200));
                }
            });
        }
        let killer = cluster.zip(o.kill_at).map(|(cluster, at)| {
            scope.spawn(move || {
                std::thread::sleep(Duration::from_secs(at));
                cluster.kill_one_of_each()
            })
        });
        let tallies = clients
            .into_iter()
            .map(|client| {
                client.join().unwrap_or_else(|_| Tally {
                    errors: vec!["a client thread panicked".into()],
                    ..Tally::default()
                })
            })
            .collect::<Vec<Tally>>();
        done.store(true, Ordering::Relaxed);
        let killed = killer.and_then(|k| k.join().ok());
        let peak = peak.load(Ordering::Relaxed);
        (tallies, (peak > 0).then_some(peak), killed)
    })
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

fn spread(label: &str, mut latencies: Vec<Duration>) -> String {
    latencies.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    format!(
        "{label}: {} — median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        latencies.len(),
        ms(percentile(&latencies, 50.0)),
        ms(percentile(&latencies, 99.0)),
        ms(latencies.last().copied().unwrap_or_default())
    )
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
        single::serve(db);
    }
    let mut site = match Site::start(&o) {
        Ok(site) => site,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let idle_seconds = o
        .idle_seconds
        .unwrap_or(if matches!(site, Site::Single(_)) {
            90
        } else {
            0
        });
    println!(
        "load test: {} players ({} watched) and {} bot players ({} level {}) for {} s, games of up to {} plies, {} ms thinking a move; {}",
        o.clients,
        o.watchers,
        o.bot_clients,
        o.bot_game,
        o.bot_level,
        o.seconds,
        o.plies,
        o.think_ms,
        site.describe(&o)
    );
    // Let the site settle before reading its idle memory.
    std::thread::sleep(Duration::from_millis(500));
    let _ = single::health(site.addr());
    let idle_before = site.resident_bytes();

    let began = Instant::now();
    let (tallies, peak, killed) = load(&mut site, &o);
    let elapsed = began.elapsed();
    let mut failed = false;

    // What the clients saw.
    let mut moves = Vec::new();
    let mut bot_answers = Vec::new();
    let mut watched = WatchTally::default();
    let mut unanswered = 0;
    let mut errors: Vec<String> = Vec::new();
    for tally in &tallies {
        moves.extend(&tally.move_latencies);
        bot_answers.extend(&tally.bot_latencies);
        watched.add(tally.watch);
        unanswered += tally.unanswered;
        errors.extend(tally.errors.iter().cloned());
    }
    let games: Vec<_> = tallies.iter().flat_map(|t| &t.games).collect();
    println!(
        "{} moves acknowledged in {:.1} s ({:.0} moves/s) over {} games",
        moves.len(),
        elapsed.as_secs_f64(),
        moves.len() as f64 / elapsed.as_secs_f64(),
        games.len()
    );
    println!("{}", spread("move latency", moves));
    if o.bot_clients > 0 {
        println!(
            "{}",
            spread(
                "bot answers (from the move's acknowledgement to the answer seen live)",
                bot_answers
            )
        );
    }
    if o.watchers > 0 || o.bot_clients > 0 {
        println!(
            "watchers: {} games followed, {} states received, {} connections opened again",
            watched.games, watched.events, watched.reconnects
        );
    }
    if let Some(killed) = &killed {
        println!(
            "killed at {} s: {killed}; {unanswered} moves lost their answer (found played or sent again)",
            o.kill_at.unwrap_or_default()
        );
    } else if unanswered > 0 {
        println!("{unanswered} moves lost their answer (found played or sent again)");
    }

    // Every move played, read back.
    let checked = check::check(site.addr(), &games);
    println!(
        "read back: {} of {} games, {} moves in their place, {} bot games owed a move at the end",
        checked.games,
        games.len(),
        checked.moves,
        checked.owed
    );
    errors.extend(checked.errors);
    if let Site::Cluster(cluster) = &site {
        println!(
            "nginx logged {} warnings and errors",
            cluster.nginx_errors()
        );
    }

    // The child server's memory after an idle spell.
    if matches!(site, Site::Single(_)) {
        let in_memory_after_load = single::health(site.addr())["games_in_memory"].clone();
        std::thread::sleep(Duration::from_secs(idle_seconds));
        let idle_after = site.resident_bytes();
        let health = single::health(site.addr());
        println!(
            "server memory: idle {}, peak {}, after {idle_seconds} s idle {}; games in memory: {} after the load, {} after the idle spell",
            megabytes(idle_before),
            megabytes(peak),
            megabytes(idle_after),
            in_memory_after_load,
            health["games_in_memory"],
        );
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
    } else {
        std::thread::sleep(Duration::from_secs(idle_seconds));
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
