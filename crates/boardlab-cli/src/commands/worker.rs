//! `boardlab worker --db URL`: makes the bots' moves and the analyses of the servers that
//! share a PostgreSQL database, on this machine (the workers live in `boardlab-web`).

use anyhow::{Result, bail};
use boardlab_web::Database;
use boardlab_web::game_set::GameSet;
use boardlab_web::store::Store;
use boardlab_web::worker::{WorkerConfig, Workers};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `boardlab worker`.
#[derive(Args, Debug)]
pub struct WorkerArgs {
    /// The PostgreSQL database the servers share, `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`.
    #[arg(long, value_name = "URL")]
    db: Database,
    /// Bot moves and analyses made at once (1 to 1024; default: the cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Analyses made at once at most (0 to 1024; default: any thread); the other threads
    /// make only bot moves meanwhile. 0: this worker makes only bot moves.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=1024))]
    analyses: Option<u64>,
    /// The folder of rules files the servers play (`serve --rules DIR`): the workers play
    /// their games too.
    #[arg(long, value_name = "DIR")]
    rules: Option<PathBuf>,
    /// A folder of tablebases for the perfect player (as `serve --tablebases`).
    #[arg(long, value_name = "DIR")]
    tablebases: Option<PathBuf>,
    /// Seconds a move stays with this worker without news from it before another worker
    /// may take it over (2 to 600); the worker renews it every third of that.
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(2..=600))]
    lease: u64,
}

/// Runs the workers until the process is stopped.
pub fn run(args: WorkerArgs) -> Result<()> {
    if let Database::File(path) = &args.db {
        bail!(
            "--db {}: a worker needs the PostgreSQL database the servers share \
             (postgres://USER@HOST/DATABASE); a server on an SQLite file makes its bots' \
             moves itself (serve --workers N)",
            path.display()
        );
    }
    if let Some(dir) = &args.tablebases {
        boardlab_web::bot::use_tablebases(dir)?;
    }
    let games = match &args.rules {
        Some(dir) => GameSet::with_folder(dir)?,
        None => GameSet::built_in(),
    };
    let store = Store::open_serving(args.db.clone(), Arc::new(games))?;
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    let workers = Workers::start(
        Arc::new(store),
        WorkerConfig {
            lease: Duration::from_secs(args.lease),
            analyses: args
                .analyses
                .map_or(threads, |n| usize::try_from(n).unwrap_or(usize::MAX)),
            ..WorkerConfig::new(threads)
        },
    );
    // A closed stdout is no reason to stop.
    let _ = writeln!(
        std::io::stdout(),
        "boardlab worker {} is making bot moves and analyses for {} ({threads} at once)",
        workers.name(),
        args.db
    );
    workers.wait();
    Ok(())
}
