//! `boardlab serve`: play in the browser (the server lives in `boardlab-web`).

use anyhow::Result;
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Arguments of `boardlab serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The SQLite file that keeps the games (created if missing).
    #[arg(long, default_value = "boardlab.sqlite")]
    db: PathBuf,
    /// A folder of Parity tablebases (`boardlab tablebase`): the perfect player is then
    /// offered for Parity positions they cover (it is always offered for Sprint).
    #[arg(long, value_name = "DIR")]
    tablebases: Option<PathBuf>,
}

/// Runs the server until the process is stopped; prints the address to open.
pub fn run(args: ServeArgs) -> Result<()> {
    boardlab_web::serve_blocking(boardlab_web::ServeConfig {
        addr: args.addr,
        db: args.db,
        tablebases: args.tablebases,
    })
}
