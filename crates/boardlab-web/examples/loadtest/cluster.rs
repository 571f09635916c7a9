//! A site on one machine as docs/deploy.md lays it out on several: `boardlab serve
//! --workers 0` instances on one PostgreSQL database, `boardlab worker` processes making the
//! bots' moves, and nginx in front, all on loopback. Each process is a child of the load
//! test (nginx runs in the foreground with its files in a folder of its own) and is killed
//! when the cluster is dropped.

use boardlab_web::testing::{Process, spawn_server};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How the cluster is made.
pub struct ClusterSpec {
    /// The `boardlab` program.
    pub boardlab: PathBuf,
    /// The `nginx` program.
    pub nginx: PathBuf,
    /// The PostgreSQL database all share (an empty one: the servers make the tables).
    pub db: String,
    /// `serve` instances.
    pub instances: usize,
    /// `worker` processes, one thread each.
    pub workers: usize,
}

/// The running processes.
pub struct Cluster {
    /// nginx's address: where the clients go.
    pub addr: SocketAddr,
    /// The instances' addresses, in order.
    pub instances: Vec<SocketAddr>,
    servers: Vec<Option<Process>>,
    workers: Vec<Option<Process>>,
    nginx: Option<Child>,
    db: String,
    dir: PathBuf,
}

/// A free loopback port (bound and let go: nginx needs a number in its file).
fn free_port() -> Result<u16, String> {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("no free port: {e}"))
}

/// nginx's configuration: the block of docs/deploy.md ("nginx"), on loopback, with its
/// files in `dir`.
fn nginx_conf(dir: &Path, listen: SocketAddr, upstreams: &[SocketAddr]) -> String {
    let servers: String = upstreams
        .iter()
        .map(|a| format!("        server {a};\n"))
        .collect();
    let d = dir.display();
    format!(
        "worker_processes 1;
error_log {d}/error.log warn;
pid {d}/nginx.pid;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {d}/body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
    map $uri $boardlab_game {{
        ~^/(?:api/games|g)/([^/]+) $1;
        default $request_id;
    }}
    upstream boardlab {{
        hash $boardlab_game consistent;
{servers}        keepalive 64;
    }}
    server {{
        listen {listen};
        location / {{
            proxy_pass http://boardlab;
            proxy_http_version 1.1;
            proxy_set_header Connection \"\";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_buffering off;
            proxy_read_timeout 1h;
            proxy_next_upstream error timeout;
        }}
    }}
}}
"
    )
}

impl Cluster {
    /// Starts the instances (one at a time: the first makes the tables), the workers and
    /// nginx, and waits until nginx answers.
    pub fn start(spec: &ClusterSpec) -> Result<Cluster, String> {
        let dir = std::env::temp_dir().join(format!("boardlab-loadtest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut cluster = Cluster {
            addr: SocketAddr::from(([127, 0, 0, 1], free_port()?)),
            instances: Vec::new(),
            servers: Vec::new(),
            workers: Vec::new(),
            nginx: None,
            db: spec.db.clone(),
            dir,
        };
        for _ in 0..spec.instances {
            let mut serve = Command::new(&spec.boardlab);
            serve
                .args(["serve", "--addr", "127.0.0.1:0", "--db", &spec.db])
                .args(["--workers", "0", "--games-per-minute", "10000"])
                .args(["--searches-per-client", "1000", "--max-connections", "4096"])
                .args(["--trusted-proxy", "127.0.0.1"])
                .stderr(Stdio::null());
            let (child, addr) = spawn_server(serve);
            cluster.servers.push(Some(child));
            cluster.instances.push(addr);
        }
        for _ in 0..spec.workers {
            let child = Command::new(&spec.boardlab)
                .args(["worker", "--db", &spec.db, "--threads", "1"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .map_err(|e| format!("cannot start a worker: {e}"))?;
            cluster.workers.push(Some(Process(child)));
        }
        let conf = cluster.dir.join("nginx.conf");
        std::fs::write(
            &conf,
            nginx_conf(&cluster.dir, cluster.addr, &cluster.instances),
        )
        .map_err(|e| format!("{}: {e}", conf.display()))?;
        let nginx = Command::new(&spec.nginx)
            .arg("-p")
            .arg(&cluster.dir)
            .arg("-c")
            .arg(&conf)
            .args(["-g", "daemon off;"])
            .stdout(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", spec.nginx.display()))?;
        cluster.nginx = Some(nginx);
        cluster.wait_for_nginx()?;
        Ok(cluster)
    }

    fn wait_for_nginx(&mut self) -> Result<(), String> {
        let began = Instant::now();
        while began.elapsed() < Duration::from_secs(10) {
            let ok = boardlab_web::client::Client::connect(self.addr)
                .and_then(|mut c| c.get("/api/health"))
                .is_ok_and(|r| r.status == 200);
            if ok {
                return Ok(());
            }
            if let Some(Ok(Some(status))) = self.nginx.as_mut().map(Child::try_wait) {
                let log = std::fs::read_to_string(self.dir.join("error.log")).unwrap_or_default();
                return Err(format!("nginx stopped ({status}): {log}"));
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Err(format!("nginx does not answer on {} after 10 s", self.addr))
    }

    /// SIGKILLs the first instance and the first worker; says what they held: the
    /// instance's address, and the bot moves the worker was making (read from the queue).
    pub fn kill_one_of_each(&mut self) -> String {
        let mut said = Vec::new();
        if let Some(mut server) = self.servers.first_mut().and_then(Option::take) {
            let _ = server.kill();
            let _ = server.wait();
            said.push(format!("instance {} killed", self.instances[0]));
        }
        if let Some(mut worker) = self.workers.first_mut().and_then(Option::take) {
            let held = self.jobs_held_by(worker.id());
            let _ = worker.kill();
            let _ = worker.wait();
            said.push(format!(
                "worker (pid {}) killed holding {}",
                worker.id(),
                held.map_or("an unknown number of".into(), |n| n.to_string()) + " bot moves"
            ));
        }
        said.join("; ")
    }

    /// The jobs a worker process holds now (its name in the queue holds its process id).
    fn jobs_held_by(&self, pid: u32) -> Option<i64> {
        let mut client = postgres::Client::connect(&self.db, postgres::NoTls).ok()?;
        let row = client
            .query_one(
                "SELECT count(*) FROM jobs WHERE worker LIKE $1",
                &[&format!("%-{pid}-%")],
            )
            .ok()?;
        row.try_get(0).ok()
    }

    /// What nginx logged at warning level or above (its errors while a server was down).
    pub fn nginx_errors(&self) -> usize {
        std::fs::read_to_string(self.dir.join("error.log"))
            .map(|log| log.lines().count())
            .unwrap_or(0)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // nginx's master stops its worker processes on SIGTERM (SIGKILL would orphan them).
        if let Some(mut nginx) = self.nginx.take() {
            let _ = Command::new("kill")
                .args(["-TERM", &nginx.id().to_string()])
                .status();
            let _ = nginx.wait();
        }
        // The servers and workers are killed as they drop ([`Process`]).
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
