//! `boardlab-web [--addr ADDR] [--db FILE|postgres://USER@HOST/DB] [--tablebases DIR]
//! [--rules DIR] [--host NAME]... [--workers N] [--games-per-minute N]
//! [--trusted-proxy ADDR]...`: the same server as `boardlab serve`, as its own small binary
//! (the crate's tests start it as a real process).

use boardlab_web::{ServeConfig, serve_blocking};
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "usage: boardlab-web [--addr 127.0.0.1:8080] [--db boardlab.sqlite|postgres://USER@HOST/DB] [--tablebases DIR] [--rules DIR] [--host NAME]... [--workers N] [--games-per-minute N] [--trusted-proxy ADDR|NETWORK]...";

/// Says `message` on stderr (a closed stderr is not an error worth dying of) and exits 2.
fn refuse(message: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "{message}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut config = ServeConfig::new(
        "127.0.0.1:8080".parse().expect("default address"),
        std::path::PathBuf::from("boardlab.sqlite"),
    );
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next();
        match (arg.as_str(), value) {
            ("--addr", Some(v)) => match v.parse() {
                Ok(addr) => config.addr = addr,
                Err(e) => return refuse(&format!("error: --addr '{v}': {e}")),
            },
            ("--db", Some(v)) => match v.parse() {
                Ok(db) => config.db = db,
                Err(e) => return refuse(&format!("error: --db: {e}")),
            },
            ("--tablebases", Some(v)) => config.tablebases = Some(v.into()),
            ("--rules", Some(v)) => config.rules = Some(v.into()),
            ("--host", Some(v)) => config.hosts.push(v),
            ("--workers", Some(v)) => match v.parse() {
                Ok(n) if n <= 1024 => config.limits.searches = n,
                _ => {
                    return refuse(&format!(
                        "error: --workers '{v}': use a whole number from 0 to 1024"
                    ));
                }
            },
            ("--games-per-minute", Some(v)) => match v.parse() {
                Ok(n) if n > 0 => config.limits.games_per_minute = n,
                _ => {
                    return refuse(&format!(
                        "error: --games-per-minute '{v}': use a whole number from 1"
                    ));
                }
            },
            ("--trusted-proxy", Some(v)) => {
                match boardlab_web::api::edge::client_address::parse_trusted_proxy(&v) {
                    Ok(net) => config.limits.trusted_proxies.push(net),
                    Err(e) => return refuse(&format!("error: --trusted-proxy '{v}': {e}")),
                }
            }
            _ => return refuse(USAGE),
        }
    }
    match serve_blocking(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
