//! `boardlab serve`: play in the browser (the server lives in `boardlab-web`).

use anyhow::Result;
use boardlab_web::Limits;
use boardlab_web::api::edge::client_address::parse_trusted_proxy;
use boardlab_web::limits::IpNet;
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `boardlab serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Where the games are kept: an SQLite file (created if missing; one server at a time)
    /// or a PostgreSQL database, `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`, that
    /// several servers may share (docs/deploy.md). The tables are made or migrated at start.
    #[arg(long, default_value = "boardlab.sqlite", value_name = "FILE|URL")]
    db: boardlab_web::Database,
    /// A folder of tablebases (`boardlab tablebase`): the perfect player is then offered
    /// for the positions they cover (it is always offered where search solves the game).
    #[arg(long, value_name = "DIR")]
    tablebases: Option<PathBuf>,
    /// A folder of rules files (docs/rules-files.md): the start page lists each file's
    /// game beside the built-in ones. A file that gives no game stops the server, naming
    /// its line.
    #[arg(long, value_name = "DIR")]
    rules: Option<PathBuf>,
    /// A host name the server answers for besides IP addresses and localhost (repeatable):
    /// requests naming any other host are refused, against DNS rebinding (docs/web.md,
    /// "Security").
    #[arg(long = "host", value_name = "NAME")]
    hosts: Vec<String>,
    #[command(flatten)]
    limits: LimitArgs,
}

/// The server's limits (docs/web.md, "Limits"); each flag overrides one default.
#[derive(Args, Debug)]
#[command(next_help_heading = "Limits")]
struct LimitArgs {
    /// Seconds a client may take to send a request's headers (1 to 10).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=10))]
    header_timeout: Option<u64>,
    /// Seconds a client may take to send a request's body (1 to 600).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=600))]
    body_timeout: Option<u64>,
    /// Seconds a kept-alive connection may stay idle between requests (1 to 3600).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=3600))]
    idle_timeout: Option<u64>,
    /// Connections open at once (16 to 100000); more wait to be accepted.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(16..=100_000))]
    max_connections: Option<u64>,
    /// Games one client (IP address) may create per minute (1 to 10000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    games_per_minute: Option<u32>,
    /// Sign-ins and new accounts one client (IP address) may ask for per minute (1 to
    /// 100000); wrong passwords for one account name are limited apart, at the same pace.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    sign_ins_per_minute: Option<u32>,
    /// Bot searches one client's games may have running or waiting at once (1 to 1000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1000))]
    searches_per_client: Option<u64>,
    /// Bot moves this server's own workers make at once (0 to 1024; default: the cores).
    /// 0 runs none: the bots' moves wait for `boardlab worker` processes on the same
    /// PostgreSQL database (docs/deploy.md).
    #[arg(long, alias = "searches", value_name = "N", value_parser = clap::value_parser!(u64).range(0..=1024))]
    workers: Option<u64>,
    /// Analyses one client may have running or waiting at once (1 to 1000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1000))]
    analyses_per_client: Option<u64>,
    /// Analyses this server's workers make at once (0 to 1024; default: any of them); the
    /// others make only bot moves meanwhile. 0 leaves analyses to other workers.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=1024))]
    analyses: Option<u64>,
    /// MiB one perfect-player search may use (16 to 65536).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(16..=65_536))]
    solver_mib_per_search: Option<u64>,
    /// MiB all perfect-player searches together may use (16 to 1048576).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(16..=1_048_576))]
    solver_mib_total: Option<u64>,
    /// Distinct pasted rules files the server compiles until it restarts (0 to 1000000;
    /// 0: players cannot paste rules files).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pasted_rules: Option<u64>,
    /// A reverse proxy whose X-Forwarded-For names the client (repeatable): an address
    /// (127.0.0.1, ::1) or a network (10.0.0.0/8, fd00::/8). Requests from it count for the
    /// client it forwards in the per-client limits; without it, every request through a
    /// proxy counts for the proxy (docs/deploy.md, "nginx").
    #[arg(long = "trusted-proxy", value_name = "ADDR", value_parser = parse_trusted_proxy)]
    trusted_proxies: Vec<IpNet>,
}

impl LimitArgs {
    /// The defaults with every flag given put in place.
    fn limits(&self) -> Limits {
        let mut limits = Limits::default();
        let seconds = Duration::from_secs;
        // Every value fits its field: the parsers above bound each one.
        let count = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        if let Some(s) = self.header_timeout {
            limits.header_timeout = seconds(s);
        }
        if let Some(s) = self.body_timeout {
            limits.body_timeout = seconds(s);
        }
        if let Some(s) = self.idle_timeout {
            limits.idle_timeout = seconds(s);
        }
        if let Some(n) = self.max_connections {
            limits.max_connections = count(n);
        }
        if let Some(n) = self.games_per_minute {
            limits.games_per_minute = n;
        }
        if let Some(n) = self.sign_ins_per_minute {
            limits.sign_ins_per_minute = n;
        }
        if let Some(n) = self.searches_per_client {
            limits.searches_per_client = count(n);
        }
        if let Some(n) = self.workers {
            limits.searches = count(n);
        }
        if let Some(n) = self.analyses_per_client {
            limits.analyses_per_client = count(n);
        }
        if let Some(n) = self.analyses {
            limits.analyses = count(n);
        }
        if let Some(n) = self.solver_mib_per_search {
            limits.solver_mib_per_search = count(n);
        }
        if let Some(n) = self.solver_mib_total {
            limits.solver_mib_total = count(n);
        }
        if let Some(n) = self.pasted_rules {
            limits.pasted_rules = count(n);
        }
        limits.trusted_proxies.clone_from(&self.trusted_proxies);
        limits
    }
}

/// Runs the server until the process is stopped; prints the address to open.
pub fn run(args: ServeArgs) -> Result<()> {
    let mut config = boardlab_web::ServeConfig::new(args.addr, args.db);
    config.tablebases = args.tablebases;
    config.rules = args.rules;
    config.limits = args.limits.limits();
    config.hosts = args.hosts;
    boardlab_web::serve_blocking(config)
}
