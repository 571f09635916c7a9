//! The server's edge against hostile and unlucky clients: idle and half-sent connections are
//! cut while the server keeps answering, trickling bodies get 408, every error is JSON
//! (404, 405, 414, 431, 400, 413, 408), every answer carries the security headers, other
//! hosts and origins are refused, a client creating games too fast gets 429, and the health
//! check reads the store. No assertion depends on how fast the machine is: waits are for
//! events, with generous deadlines.

use boardlab_web::ServeConfig;
use boardlab_web::client::Client;
use boardlab_web::testing::{connect_from, start_with, test_config, test_database};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// How long a test waits for something that must happen, however loaded the machine.
const PATIENCE: Duration = Duration::from_secs(60);

/// An answer read from a raw connection: status, headers (names lowercase), body.
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }

    /// Asserts a JSON error with this status whose message contains `words`.
    fn assert_error(&self, status: u16, words: &str) {
        assert_eq!(self.status, status, "{self:?}");
        assert_eq!(
            self.header("content-type"),
            Some("application/json"),
            "{self:?}"
        );
        let message = self.json()["error"].as_str().unwrap_or("").to_string();
        assert!(message.contains(words), "{message:?} lacks {words:?}");
    }
}

fn connect(addr: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    stream
}

/// Sends `request` as it is on a new connection and reads one answer.
fn raw(addr: SocketAddr, request: &[u8]) -> Answer {
    send(connect(addr), request)
}

/// Sends `request` on a new connection from the loopback address `source` (another client
/// than 127.0.0.1 to the server).
fn raw_from(source: [u8; 4], addr: SocketAddr, request: &[u8]) -> Answer {
    send(connect_from(source, addr, PATIENCE), request)
}

fn send(mut stream: TcpStream, request: &[u8]) -> Answer {
    // The server may answer and close before all is sent (a head it refuses).
    let _ = stream.write_all(request);
    read_answer(&mut BufReader::new(stream))
}

fn read_answer(reader: &mut impl BufRead) -> Answer {
    let mut line = String::new();
    reader.read_line(&mut line).expect("a status line");
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {line:?}"));
    let mut headers = Vec::new();
    loop {
        line.clear();
        reader.read_line(&mut line).expect("a header line");
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':').expect("name: value");
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
    }
    let length: usize = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .map_or(0, |(_, v)| v.parse().unwrap());
    let mut body = vec![0; length];
    reader.read_exact(&mut body).expect("the body");
    Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    }
}

/// A `method path` request with `extra` header lines and a JSON body, connection closed after.
fn request(method: &str, path: &str, host: &str, extra: &str, body: &str) -> Vec<u8> {
    format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\n{extra}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// A server with short timeouts and a small connection cap.
fn strict_server(label: &str) -> SocketAddr {
    let mut config = test_config(test_database(label));
    config.limits.header_timeout = Duration::from_secs(1);
    config.limits.body_timeout = Duration::from_secs(1);
    config.limits.idle_timeout = Duration::from_secs(1);
    config.limits.max_connections = 16;
    start_with(config, 2).0
}

/// Reads from `stream` until the server closes it; panics if it sends anything.
fn assert_closed_by_server(mut stream: TcpStream) {
    let mut buf = [0; 256];
    match stream.read(&mut buf) {
        Ok(0) => {}
        Ok(n) => panic!(
            "the server sent {:?} instead of closing",
            String::from_utf8_lossy(&buf[..n])
        ),
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {}
        Err(e) => panic!("the connection was not closed: {e}"),
    }
}

fn health(addr: SocketAddr) -> Answer {
    raw(
        addr,
        &request("GET", "/api/health", &addr.to_string(), "", ""),
    )
}

#[test]
fn idle_and_half_sent_connections_are_cut_and_the_server_keeps_answering() {
    let addr = strict_server("edge-flood");
    let mut idle = Vec::new();
    for n in 0..200 {
        let mut stream = connect(addr);
        if n % 10 == 0 {
            // Headers begun and never finished.
            stream
                .write_all(b"GET /api/health HTTP/1.1\r\nHost: ")
                .unwrap();
        }
        idle.push(stream);
    }
    // The server still answers (once the idle ones ahead of this one are cut).
    let deadline = Instant::now() + PATIENCE;
    let answer = loop {
        let answer = health(addr);
        if answer.status == 200 || Instant::now() > deadline {
            break answer;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(answer.status, 200, "{answer:?}");
    assert_eq!(answer.json()["ok"], true);
    // Every idle socket was closed by the server, none answered.
    for stream in idle {
        assert_closed_by_server(stream);
    }
}

#[test]
fn idle_connections_give_way_to_a_new_one_long_before_their_timeout() {
    // Idle sockets fill every place, and their timeouts are long: without shedding the
    // idle ones, the 13 rounds of 16 would keep a new client waiting 13 × 10 s.
    let mut config = test_config(test_database("edge-shed"));
    config.limits.header_timeout = Duration::from_secs(10);
    config.limits.idle_timeout = Duration::from_secs(60);
    config.limits.max_connections = 16;
    let addr = start_with(config, 2).0;
    let idle: Vec<TcpStream> = (0..200).map(|_| connect(addr)).collect();
    let started = Instant::now();
    let answer = health(addr);
    assert_eq!(answer.status, 200, "{answer:?}");
    assert!(
        started.elapsed() < PATIENCE,
        "answered only after {:?}",
        started.elapsed()
    );
    // The idle sockets ahead of it were closed, not answered.
    for stream in idle.into_iter().take(16) {
        assert_closed_by_server(stream);
    }
}

#[test]
fn a_kept_alive_connection_is_cut_when_idle_but_an_event_stream_is_not() {
    let addr = strict_server("edge-idle");
    // Several requests on one connection, then silence: the server closes it.
    let mut stream = connect(addr);
    for _ in 0..3 {
        let head = format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\n\r\n");
        stream.write_all(head.as_bytes()).unwrap();
        let mut reader = BufReader::new(stream.try_clone().unwrap());
        assert_eq!(read_answer(&mut reader).status, 200);
    }
    assert_closed_by_server(stream);

    // An event stream stays open well past the idle timeout and still delivers.
    let mut c = Client::connect(addr).unwrap();
    let created = c
        .post(
            "/api/games",
            &json!({ "game": "sprint", "opponent": "local" }).to_string(),
        )
        .unwrap()
        .json();
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["tokens"]["1"].as_str().unwrap().to_string();
    let mut events = connect(addr);
    let head = format!("GET /api/games/{id}/events HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    events.write_all(head.as_bytes()).unwrap();
    let mut reader = BufReader::new(events);
    let mut seen = String::new();
    let mut line = String::new();
    while !seen.contains("\"version\"") {
        line.clear();
        assert!(reader.read_line(&mut line).unwrap() > 0, "stream closed");
        seen.push_str(&line);
    }
    // Three idle timeouts pass with no move.
    std::thread::sleep(Duration::from_secs(3));
    let moved = c
        .post(
            &format!("/api/games/{id}/moves"),
            &json!({ "seat": 1, "token": token, "move": "b2c3" }).to_string(),
        )
        .unwrap();
    assert_eq!(moved.status, 200, "{}", moved.body);
    let mut after = String::new();
    while !after.contains("b2c3") {
        line.clear();
        assert!(
            reader.read_line(&mut line).unwrap() > 0,
            "the event stream was cut"
        );
        after.push_str(&line);
    }
}

#[test]
fn a_trickling_body_is_answered_408_as_json() {
    let addr = strict_server("edge-body");
    let mut stream = connect(addr);
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"game\""
    );
    stream.write_all(head.as_bytes()).unwrap();
    let answer = read_answer(&mut BufReader::new(stream));
    answer.assert_error(408, "did not arrive within 1 second");
    assert_eq!(answer.header("connection"), Some("close"));
}

#[test]
fn every_error_is_json() {
    let addr = start_with(test_config(test_database("edge-errors")), 2).0;
    let host = addr.to_string();
    let get = |path: &str| raw(addr, &request("GET", path, &host, "", ""));
    get("/api/nope").assert_error(404, "'/api/nope'");
    get("/nope").assert_error(404, "'/nope'");
    get("/static/nope.js").assert_error(404, "/static/nope.js");
    let put = raw(addr, &request("PUT", "/api/games", &host, "", "{}"));
    put.assert_error(405, "PUT is not allowed on '/api/games': it takes POST");
    assert_eq!(put.header("allow"), Some("POST"));
    get("/api/games/%FF").assert_error(400, "'/api/games/%FF' cannot be read");
    get("/api/games/%FF/record").assert_error(400, "cannot be read");
    // A path past the server's limit, and one past what HTTP parsing itself takes.
    get(&format!("/api/{}", "a".repeat(9000))).assert_error(414, "at most 8,192 bytes");
    get(&format!("/api/{}", "a".repeat(70_000))).assert_error(414, "at most 8,192 bytes");
    // Too many header lines, one header too long, headers past HTTP parsing's own buffer.
    let many: String = (0..150).map(|n| format!("X-Probe-{n}: 1\r\n")).collect();
    raw(addr, &request("GET", "/api/health", &host, &many, ""))
        .assert_error(431, "at most 100 lines");
    let long = format!("X-Probe: {}\r\n", "b".repeat(40_000));
    raw(addr, &request("GET", "/api/health", &host, &long, "")).assert_error(431, "32,768 bytes");
    let huge = format!("X-Probe: {}\r\n", "b".repeat(600_000));
    raw(addr, &request("GET", "/api/health", &host, &huge, "")).assert_error(431, "32,768 bytes");
    // A request line that is not HTTP.
    raw(addr, b"GE\x01T / HTTP/1.1\r\nHost: x\r\n\r\n").assert_error(400, "not valid HTTP/1.1");
    // A body declared too large is refused unread.
    let big = format!(
        "POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 3000000\r\n\r\n"
    );
    raw(addr, big.as_bytes())
        .assert_error(413, "could not be read: it is larger than 2,097,152 bytes");
    // A missing game's page stays a page.
    let page = get("/g/nosuchgame");
    assert_eq!(page.status, 404);
    assert!(
        page.header("content-type")
            .unwrap()
            .starts_with("text/html")
    );
}

#[test]
fn every_answer_carries_the_security_headers() {
    let addr = start_with(test_config(test_database("edge-headers")), 2).0;
    let mut c = Client::connect(addr).unwrap();
    let created = c
        .post(
            "/api/games",
            &json!({ "game": "sprint", "opponent": "local" }).to_string(),
        )
        .unwrap()
        .json();
    let id = created["id"].as_str().unwrap();
    let host = addr.to_string();
    for path in [
        "/".to_string(),
        format!("/g/{id}"),
        "/rules/sprint".to_string(),
        "/static/style.css".to_string(),
        "/static/play.js".to_string(),
        "/api/health".to_string(),
        format!("/api/games/{id}"),
        "/api/nope".to_string(),
        "/g/nosuchgame".to_string(),
    ] {
        let answer = raw(addr, &request("GET", &path, &host, "", ""));
        let csp = answer.header("content-security-policy").unwrap_or_default();
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(
            answer.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(
            answer.header("referrer-policy"),
            Some("no-referrer"),
            "{path}"
        );
        assert_eq!(answer.header("x-frame-options"), Some("DENY"), "{path}");
    }
}

/// The games the store holds, by the health check.
fn stored(addr: SocketAddr) -> u64 {
    health(addr).json()["games_stored"].as_u64().unwrap()
}

#[test]
fn other_hosts_and_origins_are_refused() {
    let mut config = test_config(test_database("edge-origin"));
    config.hosts = vec!["games.example".to_string()];
    let addr = start_with(config, 2).0;
    let host = addr.to_string();
    let port = addr.port();
    let new_game = json!({ "game": "sprint", "opponent": "local" }).to_string();
    let create =
        |host: &str, extra: &str| raw(addr, &request("POST", "/api/games", host, extra, &new_game));
    // Same origin, and no origin at all (not a browser): created.
    assert_eq!(
        create(
            &host,
            &format!("Origin: http://{host}\r\nSec-Fetch-Site: same-origin\r\n")
        )
        .status,
        201
    );
    assert_eq!(create(&host, "").status, 201);
    assert_eq!(
        create(
            &format!("localhost:{port}"),
            &format!("Origin: http://localhost:{port}\r\n")
        )
        .status,
        201
    );
    assert_eq!(stored(addr), 3);
    // Another origin, a cross-site fetch, an opaque origin: refused, nothing stored.
    create(&host, "Origin: http://evil.example\r\n").assert_error(403, "'http://evil.example'");
    create(
        &host,
        &format!("Origin: http://127.0.0.1:{}\r\n", port.wrapping_add(1)),
    )
    .assert_error(403, "only this server's own pages");
    create(&host, "Origin: null\r\n").assert_error(403, "'null'");
    create(&host, "Sec-Fetch-Site: cross-site\r\n").assert_error(403, "cross-site");
    // DNS rebinding: the attacker's name, with a matching origin, is refused for reading too.
    let rebound = format!("rebind.attacker.test:{port}");
    create(&rebound, &format!("Origin: http://{rebound}\r\n"))
        .assert_error(421, "'rebind.attacker.test'");
    raw(addr, &request("GET", "/api/health", &rebound, "", "")).assert_error(421, "--host NAME");
    raw(addr, &request("GET", "/", &rebound, "", "")).assert_error(421, "--host NAME");
    assert_eq!(stored(addr), 3);
    // A name the operator allowed is served.
    let allowed = format!("games.example:{port}");
    assert_eq!(
        create(&allowed, &format!("Origin: http://{allowed}\r\n")).status,
        201
    );
    assert_eq!(stored(addr), 4);
}

#[test]
fn a_client_creating_games_too_fast_is_told_when_to_retry() {
    let mut config: ServeConfig = test_config(test_database("edge-rate"));
    config.limits.games_per_minute = 3;
    let addr = start_with(config, 2).0;
    let host = addr.to_string();
    let create = |body: &str| raw(addr, &request("POST", "/api/games", &host, "", body));
    let good = json!({ "game": "sprint", "opponent": "local" }).to_string();
    // Refused requests do not count.
    assert_eq!(create(&json!({ "game": "nope" }).to_string()).status, 400);
    for _ in 0..3 {
        assert_eq!(create(&good).status, 201);
    }
    let refused = create(&good);
    refused.assert_error(429, "at most 3 games a minute");
    assert!(
        refused.json()["error"]
            .as_str()
            .unwrap()
            .contains("--games-per-minute")
    );
    let retry: u64 = refused.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry), "Retry-After: {retry}");
    assert_eq!(stored(addr), 3);
    // Other routes are not limited.
    assert_eq!(health(addr).status, 200);
    // Another address is another client (the server sees each connection's peer).
    let other = raw_from(
        [127, 0, 0, 2],
        addr,
        &request("POST", "/api/games", &host, "", &good),
    );
    assert_eq!(other.status, 201, "{other:?}");
}

#[test]
fn the_health_check_reads_the_store() {
    let db = test_database("edge-health");
    let (addr, hub) = start_with(test_config(db), 2);
    let ok = health(addr);
    assert_eq!(ok.status, 200, "{ok:?}");
    assert_eq!(ok.json()["ok"], true);
    assert_eq!(ok.json()["games_stored"], 0);
    assert_eq!(ok.json()["database"], hub.store().backend_name());
    assert!(ok.json()["games_in_memory"].is_u64());
    // The games table goes away (a damaged or replaced database): 503, ok false, the reason.
    hub.store()
        .execute_batch("ALTER TABLE games RENAME TO games_away")
        .unwrap();
    let down = health(addr);
    assert_eq!(down.status, 503, "{down:?}");
    assert_eq!(down.json()["ok"], false);
    assert!(
        down.json()["error"]
            .as_str()
            .unwrap()
            .contains("the game store cannot be read"),
        "{down:?}"
    );
    assert!(down.json()["games_in_memory"].is_u64());
    // The liveness check does not read the store: the process answers, so it lives.
    let live = raw(
        addr,
        &request("GET", "/api/live", &addr.to_string(), "", ""),
    );
    assert_eq!(live.status, 200, "{live:?}");
    assert_eq!(live.json()["ok"], true);
    // Back as it was: healthy again.
    hub.store()
        .execute_batch("ALTER TABLE games_away RENAME TO games")
        .unwrap();
    let again = health(addr);
    assert_eq!(again.status, 200, "{again:?}");
    assert_eq!(again.json()["ok"], true);
}
