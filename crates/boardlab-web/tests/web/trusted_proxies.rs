//! The per-client limits behind a reverse proxy (`--trusted-proxy`): requests from a trusted
//! proxy count for the client its `X-Forwarded-For` names, so two browsers behind one nginx
//! each get their own games a minute and their own bot searches; without trusting the proxy
//! (or from any other peer) the header is ignored and cannot dodge a limit.

use boardlab_web::api::edge::client_address::parse_trusted_proxy;
use boardlab_web::limits::Limits;
use boardlab_web::testing::{connect_from, start_with, test_config, test_database};
use serde_json::json;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::SocketAddr;
use std::time::Duration;

/// How long a test waits for an answer, however loaded the machine.
const PATIENCE: Duration = Duration::from_secs(60);

/// A server over a fresh database with `limits` (besides the test defaults), trusting
/// `trusted`.
fn server(label: &str, trusted: &[&str], limits: impl FnOnce(&mut Limits)) -> SocketAddr {
    let mut config = test_config(test_database(label));
    config.limits.trusted_proxies = trusted
        .iter()
        .map(|t| parse_trusted_proxy(t).unwrap())
        .collect();
    limits(&mut config.limits);
    start_with(config, 2).0
}

/// `POST /api/games` with `body` from the loopback address `source`, with these
/// `X-Forwarded-For` header lines; the answer's status and body.
fn create_from(
    source: [u8; 4],
    addr: SocketAddr,
    forwarded: &[&str],
    body: &serde_json::Value,
) -> (u16, String) {
    let body = body.to_string();
    let extra: String = forwarded
        .iter()
        .map(|f| format!("X-Forwarded-For: {f}\r\n"))
        .collect();
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\n{extra}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = connect_from(source, addr, PATIENCE);
    stream.write_all(request.as_bytes()).unwrap();
    let mut reader = BufReader::new(stream);
    let mut status = String::new();
    reader.read_line(&mut status).unwrap();
    let status = status
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {status:?}"));
    let mut rest = String::new();
    reader.read_to_string(&mut rest).unwrap();
    (status, rest)
}

/// A game at one screen: no bot, nothing but the games-per-minute limit to meet.
fn local_game() -> serde_json::Value {
    json!({ "game": "sprint", "opponent": "local" })
}

#[test]
fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_games_a_minute() {
    let addr = server("proxy-rate", &["127.0.0.1"], |l| l.games_per_minute = 2);
    let proxy = [127, 0, 0, 1];
    let create = |forwarded: &[&str]| create_from(proxy, addr, forwarded, &local_game());
    for _ in 0..2 {
        assert_eq!(create(&["198.51.100.1"]).0, 201);
    }
    let (status, body) = create(&["198.51.100.1"]);
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("at most 2 games a minute"), "{body}");
    // Another browser behind the same proxy still has its allowance.
    assert_eq!(create(&["198.51.100.2"]).0, 201);
    // A client cannot dodge its limit by writing an address of its own in front of the one
    // the proxy appends, nor by splitting the list into several header lines.
    assert_eq!(create(&["203.0.113.50, 198.51.100.1"]).0, 429);
    assert_eq!(create(&["203.0.113.51", "198.51.100.1"]).0, 429);
    // Through a chain of trusted proxies (the inner one is trusted too).
    assert_eq!(create(&["198.51.100.1, 127.0.0.1"]).0, 429);
    assert_eq!(create(&["198.51.100.2, 127.0.0.1"]).0, 201);
    // Without the header (or with garbage in it) the request counts for the proxy.
    assert_eq!(create(&[]).0, 201);
    assert_eq!(create(&["unknown"]).0, 201);
    assert_eq!(create(&["not an address"]).0, 429);
}

#[test]
fn from_an_untrusted_peer_the_header_is_ignored() {
    // The server trusts 127.0.0.1 only; 127.0.0.2 is a client, whatever it claims.
    let addr = server("proxy-untrusted", &["127.0.0.1"], |l| {
        l.games_per_minute = 2
    });
    let client = [127, 0, 0, 2];
    for n in 1..=2 {
        let forwarded = format!("198.51.100.{n}");
        assert_eq!(
            create_from(client, addr, &[&forwarded], &local_game()).0,
            201
        );
    }
    let (status, body) = create_from(client, addr, &["198.51.100.3"], &local_game());
    assert_eq!(status, 429, "{body}");
}

#[test]
fn without_a_trusted_proxy_the_header_cannot_dodge_the_limit() {
    let addr = server("proxy-none", &[], |l| l.games_per_minute = 2);
    let peer = [127, 0, 0, 1];
    for n in 1..=2 {
        let forwarded = format!("198.51.100.{n}");
        assert_eq!(create_from(peer, addr, &[&forwarded], &local_game()).0, 201);
    }
    let (status, body) = create_from(peer, addr, &["198.51.100.3"], &local_game());
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("at most 2 games a minute"), "{body}");
    // Another peer is another client, as always.
    assert_eq!(create_from([127, 0, 0, 2], addr, &[], &local_game()).0, 201);
}

#[test]
fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_bot_searches() {
    // No worker runs: each bot's first move waits in the queue, counted for its client.
    let addr = server("proxy-searches", &["127.0.0.0/8"], |l| {
        l.searches = 0;
        l.searches_per_client = 1;
    });
    let bot_first = json!({ "game": "obsidian", "opponent": "bot", "level": 1, "side": "2" });
    let proxy = [127, 0, 0, 9];
    let create = |forwarded: &str| create_from(proxy, addr, &[forwarded], &bot_first);
    assert_eq!(create("2001:db8::1").0, 201);
    let (status, body) = create("2001:db8::1");
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("bot searches"), "{body}");
    assert_eq!(create("2001:db8::2").0, 201);
}
