//! PostgreSQL for tests: a fresh, empty database per test on the server named by
//! `BOARDLAB_TEST_POSTGRES` (a URL), or else on a throwaway cluster started here with
//! `initdb` and `pg_ctl` when PostgreSQL is installed (it stops when the test process ends).
//!
//! Where neither is to be had, [`fresh_database`] says so on stderr and gives `None`, so
//! that `cargo test` passes on a machine with only Rust; with `BOARDLAB_REQUIRE_POSTGRES=1`
//! (set by `.ci/run`) it fails instead, so that CI never skips these tests unseen.

use crate::store::Database;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

/// The variable naming a PostgreSQL server for the tests (any database on it: the tests
/// create their own beside it and need the right to).
pub const SERVER_VARIABLE: &str = "BOARDLAB_TEST_POSTGRES";

/// The variable that makes a missing PostgreSQL fail the tests instead of skipping them.
pub const REQUIRE_VARIABLE: &str = "BOARDLAB_REQUIRE_POSTGRES";

/// The prefix of the databases the tests create: `boardlab_test_PID_N`.
const PREFIX: &str = "boardlab_test_";

/// A server the tests may create databases on.
struct Server {
    /// A URL of a database on it that exists.
    url: String,
}

/// A fresh empty database for one test, or `None` (said on stderr) where no PostgreSQL is
/// to be had and [`REQUIRE_VARIABLE`] is not set. `label` names the test in the message.
///
/// # Panics
/// Where PostgreSQL is required but missing, or the server refuses to create a database.
pub fn fresh_database(label: &str) -> Option<Database> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let server = match server() {
        Ok(server) => server,
        Err(why) => {
            if std::env::var_os(REQUIRE_VARIABLE).is_some_and(|v| !v.is_empty() && v != "0") {
                panic!("{label}: PostgreSQL is required ({REQUIRE_VARIABLE}) but {why}");
            }
            eprintln!("{label}: skipped, {why}");
            return None;
        }
    };
    let name = format!(
        "{PREFIX}{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    let url = server.url.clone();
    let sql = format!("CREATE DATABASE \"{name}\"");
    off_async(move || admin(&url, &sql))
        .unwrap_or_else(|e| panic!("{label}: cannot create a test database: {e}"));
    Some(Database::Postgres(with_database(&server.url, &name)))
}

/// The URL of the PostgreSQL server the tests use: [`SERVER_VARIABLE`]'s, or a throwaway
/// cluster's, started on the first call and stopped when this process ends (the browser
/// tests on PostgreSQL use it through `examples/test_postgres.rs`).
///
/// # Errors
/// Where there is no PostgreSQL to be had, saying why.
pub fn server_url() -> Result<String, String> {
    server().map(|server| server.url.clone())
}

/// Runs `work` on a thread of its own: the blocking PostgreSQL client may not run on an
/// async test's runtime thread.
fn off_async<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::spawn(work)
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// Runs `sql` on the database at `url`.
fn admin(url: &str, sql: &str) -> Result<(), String> {
    let mut client = ::postgres::Client::connect(url, ::postgres::NoTls)
        .map_err(|e| format!("cannot connect to {url}: {e}"))?;
    client.batch_execute(sql).map_err(|e| e.to_string())
}

/// The server of this test process, found (or started) once.
fn server() -> Result<&'static Server, String> {
    static SERVER: OnceLock<Result<Server, String>> = OnceLock::new();
    SERVER
        .get_or_init(|| off_async(find_server))
        .as_ref()
        .map_err(Clone::clone)
}

/// The server of [`SERVER_VARIABLE`], or a throwaway cluster; databases left by earlier
/// test processes are dropped from it.
fn find_server() -> Result<Server, String> {
    let server = match std::env::var(SERVER_VARIABLE) {
        Ok(url) if !url.is_empty() => Server { url },
        _ => start_cluster()?,
    };
    drop_stale_databases(&server.url)?;
    Ok(server)
}

/// Drops the test databases of test processes that have ended (Linux: by `/proc`).
fn drop_stale_databases(url: &str) -> Result<(), String> {
    let mut client = ::postgres::Client::connect(url, ::postgres::NoTls)
        .map_err(|e| format!("cannot connect to {url}: {e}"))?;
    if !Path::new("/proc/self").exists() {
        return Ok(());
    }
    let names: Vec<String> = client
        .query(
            "SELECT datname FROM pg_database WHERE datname LIKE $1",
            &[&format!("{PREFIX}%")],
        )
        .map_err(|e| e.to_string())?
        .iter()
        .map(|row| row.get(0))
        .collect();
    for name in names {
        let pid = name[PREFIX.len()..].split('_').next().unwrap_or("");
        if !pid.is_empty() && !Path::new("/proc").join(pid).exists() {
            // Another process may drop it at the same time: its error is no matter.
            let _ =
                client.batch_execute(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"));
        }
    }
    Ok(())
}

/// `url` naming the database `name` instead of its own.
fn with_database(url: &str, name: &str) -> String {
    let (head, query) = match url.split_once('?') {
        Some((head, query)) => (head, Some(query)),
        None => (url, None),
    };
    let authority_start = head.find("://").map_or(0, |at| at + 3);
    let base = match head[authority_start..].find('/') {
        Some(slash) => &head[..authority_start + slash],
        None => head,
    };
    match query {
        Some(query) => format!("{base}/{name}?{query}"),
        None => format!("{base}/{name}"),
    }
}

/// The folder of PostgreSQL's server programs: where `initdb` is on the PATH, or Debian's
/// `/usr/lib/postgresql/VERSION/bin` (the newest).
fn server_programs() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).find(|dir| dir.join("initdb").is_file()));
    on_path.or_else(|| {
        let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .filter_map(|entry| {
                let entry = entry.ok()?;
                let version = entry.file_name().to_str()?.parse().ok()?;
                let bin = entry.path().join("bin");
                bin.join("initdb").is_file().then_some((version, bin))
            })
            .collect();
        found.sort();
        found.pop().map(|(_, bin)| bin)
    })
}

/// Whether this process runs as root (PostgreSQL's programs refuse to).
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
}

/// A command running `program` as the user that owns the cluster: `postgres` for root
/// (through `runuser`), else this process's user.
fn as_owner(program: &Path, root: bool) -> Command {
    if root {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

/// Starts a throwaway cluster on a free loopback port in a temporary folder, stopped and
/// removed by a watcher when this process ends.
fn start_cluster() -> Result<Server, String> {
    let bin = server_programs().ok_or_else(|| {
        format!(
            "PostgreSQL is not installed (no initdb on the PATH or in /usr/lib/postgresql) \
             and {SERVER_VARIABLE} is not set"
        )
    })?;
    let root = is_root();
    let dir = std::env::temp_dir().join(format!("boardlab-pg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    if root {
        let owned = Command::new("chown")
            .args(["postgres:postgres"])
            .arg(&dir)
            .status()
            .is_ok_and(|s| s.success());
        if !owned {
            return Err("running as root, and the user postgres cannot own a cluster".into());
        }
    }
    let data = dir.join("data");
    let run = |mut command: Command, what: &str| -> Result<(), String> {
        let out = command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .map_err(|e| format!("cannot run {what}: {e}"))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(format!(
                "{what} failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ))
        }
    };
    let mut initdb = as_owner(&bin.join("initdb"), root);
    initdb
        .arg("-D")
        .arg(&data)
        .args(["-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
    run(initdb, "initdb")?;
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map_err(|e| format!("no free port: {e}"))?
        .port();
    let mut start = as_owner(&bin.join("pg_ctl"), root);
    start
        .arg("-D")
        .arg(&data)
        .arg("-l")
        .arg(dir.join("log"))
        .arg("-o")
        .arg(format!(
            "-p {port} -c listen_addresses=127.0.0.1 -k {} -c fsync=off \
             -c synchronous_commit=off -c full_page_writes=off -c max_connections=200",
            dir.display()
        ))
        .args(["-w", "start"]);
    run(start, "pg_ctl start")?;
    // The watcher: when this process is gone, stop the cluster and remove its folder.
    let stop = format!(
        "{}{} -D {} -m immediate stop",
        if root { "runuser -u postgres -- " } else { "" },
        bin.join("pg_ctl").display(),
        data.display()
    );
    let watcher = format!(
        "while kill -0 {pid} 2>/dev/null; do sleep 1; done; {stop} >/dev/null 2>&1; rm -rf {dir}",
        pid = std::process::id(),
        dir = dir.display()
    );
    Command::new("sh")
        .args(["-c", &watcher])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start the cluster's watcher: {e}"))?;
    Ok(Server {
        url: format!("postgres://postgres@127.0.0.1:{port}/postgres"),
    })
}

#[cfg(test)]
mod tests {
    use super::with_database;

    #[test]
    fn a_url_names_another_database() {
        assert_eq!(
            with_database("postgres://u@h:5/test", "x"),
            "postgres://u@h:5/x"
        );
        assert_eq!(with_database("postgres://u@h", "x"), "postgres://u@h/x");
        assert_eq!(
            with_database("postgresql://u:p@h/db?sslmode=disable", "x"),
            "postgresql://u:p@h/x?sslmode=disable"
        );
    }
}
