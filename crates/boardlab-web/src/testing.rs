//! Helpers for tests and the load test: a server on a free loopback port in a background
//! runtime, fresh temporary database paths, and fresh PostgreSQL databases ([`postgres`]).

pub mod postgres;

use crate::hub::Hub;
use crate::limits::Limits;
use crate::seat::Seat;
use crate::server::{ServeConfig, Server};
use crate::store::{Database, GameRow, Mode, Offers, first_version};
use boardlab_games::GameId;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

/// A fresh path for a database file under the system's temporary folder.
pub fn temp_db(label: &str) -> PathBuf {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let dir = std::env::temp_dir().join(format!(
        "boardlab-web-{label}-{}-{n}-{nanos}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("create a temporary folder");
    dir.join("games.sqlite")
}

/// The variable that runs the web tests on PostgreSQL: `BOARDLAB_WEB_TESTS_ON=postgres`
/// gives each test that asks [`test_database`] a fresh PostgreSQL database instead of an
/// SQLite file (`scripts/web-tests-postgres.sh`; `.ci/run` runs the suite both ways).
pub const BACKEND_VARIABLE: &str = "BOARDLAB_WEB_TESTS_ON";

/// A fresh database for a web test: an SQLite file under the temporary folder, or a fresh
/// PostgreSQL database ([`postgres::fresh_database`]) when [`BACKEND_VARIABLE`] is
/// `postgres`. Tests of what only one backend does (an SQLite file's damage, its lock) use
/// [`temp_db`] or [`postgres::fresh_database`] themselves.
///
/// # Panics
/// When PostgreSQL is asked for and there is none, or the variable names another backend.
pub fn test_database(label: &str) -> Database {
    match std::env::var(BACKEND_VARIABLE).as_deref() {
        Err(_) | Ok("" | "sqlite") => Database::File(temp_db(label)),
        Ok("postgres") => postgres::fresh_database(label).unwrap_or_else(|| {
            panic!("{label}: {BACKEND_VARIABLE}=postgres, but there is no PostgreSQL to run on")
        }),
        Ok(other) => panic!("{BACKEND_VARIABLE}={other}: the web tests run on sqlite or postgres"),
    }
}

/// A store over a fresh [`test_database`] holding the built-in games, for tests of a hub
/// without its server.
///
/// # Panics
/// When the database cannot be opened.
pub fn test_store(label: &str) -> crate::store::Store {
    let db = test_database(label);
    let games = Arc::new(crate::game_set::GameSet::built_in());
    // On a thread of its own: PostgreSQL's blocking client may not start on an async
    // test's runtime thread.
    let opening = db.clone();
    std::thread::spawn(move || crate::store::Store::open_serving(opening, games))
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        .unwrap_or_else(|e| panic!("{label}: cannot open {db}: {e}"))
}

/// The configuration of a test server on `127.0.0.1:0` over `db`: the default limits, but
/// for the games one client may create a minute (tests create many, all from 127.0.0.1).
pub fn test_config(db: impl Into<Database>) -> ServeConfig {
    let mut config = ServeConfig::new("127.0.0.1:0".parse().expect("loopback address"), db);
    config.limits.games_per_minute = 1_000_000;
    config.limits.sign_ins_per_minute = 1_000_000;
    config
}

/// Starts a server on `127.0.0.1:0` over the database `db` ([`test_config`]), in a runtime
/// on its own thread that lives as long as the process; returns its address.
pub fn start_background(db: impl Into<Database>, workers: usize) -> SocketAddr {
    start_with(test_config(db), workers).0
}

/// [`start_background`], with the server's hub: the server holds its database alone, so a
/// test reads what was stored through `hub.store()`.
pub fn start_background_with_hub(
    db: impl Into<Database>,
    workers: usize,
) -> (SocketAddr, Arc<Hub>) {
    start_with(test_config(db), workers)
}

/// Starts a server like [`start_background`] that enforces `limits` exactly.
pub fn start_background_with(
    db: impl Into<Database>,
    workers: usize,
    limits: Limits,
) -> SocketAddr {
    let mut config = test_config(db);
    config.limits = limits;
    start_with(config, workers).0
}

/// Starts a server with `config`, in a runtime on its own thread that lives as long as the
/// process; returns its address and its hub.
pub fn start_with(config: ServeConfig, workers: usize) -> (SocketAddr, Arc<Hub>) {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(workers.max(1))
            .enable_all()
            .build()
            .expect("a tokio runtime");
        runtime.block_on(async move {
            let server = Server::bind(&config).await.expect("bind the server");
            tx.send((
                server.local_addr().expect("the bound address"),
                server.hub(),
            ))
            .expect("report the address");
            server.run().await.expect("serve");
        });
    });
    rx.recv().expect("the server's address")
}

/// A blocking connection to `addr` from the loopback address `source` (`[127, 0, 0, 2]`: a
/// client other than 127.0.0.1 to the server), whose reads wait at most `patience`.
///
/// # Panics
/// When the address cannot be bound or the server does not accept.
pub fn connect_from(
    source: [u8; 4],
    addr: SocketAddr,
    patience: std::time::Duration,
) -> std::net::TcpStream {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let stream = runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
        socket
            .bind(SocketAddr::from((source, 0)))
            .expect("bind the source address");
        socket.connect(addr).await.expect("connect to the server")
    });
    let stream = stream.into_std().expect("a blocking stream");
    stream.set_nonblocking(false).expect("blocking mode");
    stream
        .set_read_timeout(Some(patience))
        .expect("a read timeout");
    stream
}

/// A child process that is killed (and reaped) when dropped, so that a test that fails
/// before it stops its server or worker leaves no process behind (one would keep the test's
/// output open). It is the `Child` otherwise: `kill`, `wait` and `id` work as on one.
pub struct Process(pub std::process::Child);

impl std::ops::Deref for Process {
    type Target = std::process::Child;
    fn deref(&self) -> &std::process::Child {
        &self.0
    }
}

impl std::ops::DerefMut for Process {
    fn deref_mut(&mut self) -> &mut std::process::Child {
        &mut self.0
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts a server process (`command`: `boardlab-web` or `boardlab serve`, with its
/// arguments) and reads the address it prints on its first line; returns the process
/// (killed when dropped) and the address.
///
/// # Panics
/// When the process does not start or prints no address.
pub fn spawn_server(mut command: std::process::Command) -> (Process, SocketAddr) {
    use std::io::BufRead;
    let mut child = Process(
        command
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("start the server"),
    );
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().expect("the server's output"))
        .read_line(&mut line)
        .expect("the server's first line");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("no address in '{line}'"));
    (child, addr)
}

/// A stored game of `played` (listed by its id) at its start, played at one screen: the
/// row tests store, changed where they need (`GameRow { mode: Mode::Bot, ..stored_row(…) }`).
pub fn stored_row(id: &str, played: GameId) -> GameRow {
    GameRow {
        id: id.into(),
        game: played.id().into(),
        played,
        rules: "{}".into(),
        first: Seat::One,
        mode: Mode::Local,
        bot_seat: None,
        bot_level: None,
        tokens: ["a".repeat(32), "b".repeat(32)],
        creator: Some(Seat::One),
        ending: None,
        rematch: None,
        position: None,
        board: None,
        clock: None,
        offers: Offers::default(),
        players: [None, None],
        rated: false,
        version: first_version(),
    }
}
