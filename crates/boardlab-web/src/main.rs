//! `boardlab-web [--addr ADDR] [--db FILE]`: the same server as `boardlab serve`, as its own
//! small binary (the crate's tests start it as a real process).

use boardlab_web::{ServeConfig, serve_blocking};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut config = ServeConfig::new(
        "127.0.0.1:8080".parse().expect("default address"),
        "boardlab.sqlite".into(),
    );
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next();
        match (arg.as_str(), value) {
            ("--addr", Some(v)) => match v.parse() {
                Ok(addr) => config.addr = addr,
                Err(e) => {
                    eprintln!("error: --addr '{v}': {e}");
                    return ExitCode::from(2);
                }
            },
            ("--db", Some(v)) => config.db = v.into(),
            ("--tablebases", Some(v)) => config.tablebases = Some(v.into()),
            _ => {
                eprintln!(
                    "usage: boardlab-web [--addr 127.0.0.1:8080] [--db boardlab.sqlite] [--tablebases DIR]"
                );
                return ExitCode::from(2);
            }
        }
    }
    match serve_blocking(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
