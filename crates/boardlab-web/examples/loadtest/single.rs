//! One server on an SQLite file, in a child process of its own (this program run again
//! with `--serve DB`), so that its resident memory can be read apart from the clients'.

use boardlab_web::Limits;
use boardlab_web::client::Client;
use boardlab_web::testing::{start_background_with, temp_db};
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

/// The server under test: a child process of ours.
pub struct SingleServer {
    /// Its address.
    pub addr: SocketAddr,
    child: Child,
}

impl SingleServer {
    /// Starts this program again as a server over a fresh database.
    pub fn start() -> Result<SingleServer, String> {
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
        match (read, line.trim().parse()) {
            (Some(Ok(_)), Ok(addr)) => Ok(SingleServer { addr, child }),
            _ => {
                let _ = child.kill();
                Err(format!(
                    "the server did not say its address (it said '{line}')"
                ))
            }
        }
    }

    /// The server's resident memory in bytes, if the system says.
    pub fn resident_bytes(&self) -> Option<u64> {
        let pid = self.child.id();
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    }
}

impl Drop for SingleServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What `/api/health` at `addr` says (`Null` when it does not answer).
pub fn health(addr: SocketAddr) -> Value {
    Client::connect(addr)
        .and_then(|mut c| c.get("/api/health"))
        .map(|r| r.json())
        .unwrap_or(Value::Null)
}

/// The child process: serves `db` on a free loopback port with 2 workers of its own,
/// prints the address, and runs until it is killed. Every client of the load comes from
/// 127.0.0.1, so the per-client limits are lifted.
pub fn serve(db: PathBuf) -> ! {
    let limits = Limits {
        games_per_minute: 10_000,
        searches_per_client: 1000,
        max_connections: 4096,
        ..Limits::default()
    };
    let addr = start_background_with(db, 2, limits);
    println!("{addr}");
    loop {
        std::thread::park();
    }
}
