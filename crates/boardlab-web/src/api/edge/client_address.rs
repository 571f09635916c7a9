//! Who a request comes from when it reaches the server through a reverse proxy: a request
//! whose peer is one of [`Limits::trusted_proxies`](crate::Limits) (`--trusted-proxy`) counts
//! for the client the proxies name in `X-Forwarded-For`, so that the per-client limits count
//! per browser, not once for the whole site behind nginx. Every other request counts for its
//! peer, whatever its headers say.
//!
//! The client is found by walking `X-Forwarded-For` from the right (several header lines are
//! one list, in order): each trusted proxy appends the address it got the request from, so
//! the entries on the right were written by trusted proxies, and the first entry that is not
//! a trusted proxy is the client. Entries further left were written by the client itself and
//! are never read. The walk stops at an entry that is not an address (`unknown`, garbage): the
//! client is then the last address read, or the peer when none was. Entries are bare addresses
//! as nginx's `$proxy_add_x_forwarded_for` writes them; an address with a port, `1.2.3.4:5678`
//! or `[2001:db8::1]:5678` (as some load balancers write them), counts as its address, the
//! port left out. Empty entries (`a, , b`, or an empty header line) are skipped, as HTTP's
//! list syntax asks. IPv4 addresses written as IPv6 (`::ffff:10.0.0.1`, a dual-stack socket's
//! peers) match the IPv4 proxies and count as their IPv4 client.

use crate::limits::{ClientId, IpNet};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The header that proxies add the address they got the request from to.
pub const X_FORWARDED_FOR: &str = "x-forwarded-for";

/// Reads a `--trusted-proxy` value: an IP address (`127.0.0.1`, `::1`) or a network in CIDR
/// notation (`10.0.0.0/8`, `fd00::/8`); an address stands for itself alone.
///
/// # Errors
/// A message naming what is allowed, when `text` is neither.
pub fn parse_trusted_proxy(text: &str) -> Result<IpNet, String> {
    let text = text.trim();
    if let Ok(addr) = text.parse::<IpAddr>() {
        return Ok(IpNet::from(addr));
    }
    text.parse::<IpNet>().map(|net| net.trunc()).map_err(|_| {
        "not an IP address or network: use an address such as 127.0.0.1 or ::1, \
         or a network in CIDR notation such as 10.0.0.0/8 or fd00::/8"
            .to_string()
    })
}

/// Whether `addr` is one of the `trusted` proxies (an IPv4 address written as IPv6 matches
/// as its IPv4 address too).
pub fn is_trusted(addr: IpAddr, trusted: &[IpNet]) -> bool {
    let canonical = addr.to_canonical();
    trusted
        .iter()
        .any(|net| net.contains(&addr) || net.contains(&canonical))
}

/// One `X-Forwarded-For` entry as an address: a bare address, or an address with a port
/// (`1.2.3.4:5678`, `[2001:db8::1]:5678`), the port left out. `None` for anything else.
fn entry_address(entry: &str) -> Option<IpAddr> {
    let addr = entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<SocketAddr>().ok().map(|s| s.ip()))?;
    Some(addr.to_canonical())
}

/// The client of a request from `peer` whose `X-Forwarded-For` header lines are `forwarded`
/// (in the order received), with `trusted` the trusted proxies: `peer` itself unless it is
/// trusted; else the rightmost forwarded address that is not a trusted proxy, or, when the
/// walk stops first (the list ends, or an entry is not an address), the last address read
/// (the peer when none was).
pub fn client_address<'a>(
    peer: IpAddr,
    forwarded: impl DoubleEndedIterator<Item = &'a HeaderValue>,
    trusted: &[IpNet],
) -> IpAddr {
    if !is_trusted(peer, trusted) {
        return peer;
    }
    let mut client = peer;
    for line in forwarded.rev() {
        // A line that is not visible ASCII holds no address to trust.
        let Ok(line) = line.to_str() else {
            return client;
        };
        for entry in line.rsplit(',').map(str::trim) {
            if entry.is_empty() {
                continue;
            }
            let Some(addr) = entry_address(entry) else {
                return client;
            };
            client = addr;
            if !is_trusted(addr, trusted) {
                return client;
            }
        }
    }
    client
}

/// The layer that names each request's client (a [`ClientId`] in its extensions, which the
/// `ClientId` extractor prefers), given the trusted proxies. Only put in place when there are
/// trusted proxies; requests without a peer address are left as they are.
pub async fn resolve_client(
    State(trusted): State<Arc<[IpNet]>>,
    mut request: Request,
    next: Next,
) -> Response {
    if let Some(&ConnectInfo(peer)) = request.extensions().get::<ConnectInfo<SocketAddr>>() {
        let client = client_address(
            peer.ip(),
            request.headers().get_all(X_FORWARDED_FOR).iter(),
            &trusted,
        );
        request.extensions_mut().insert(ClientId(client));
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nets(list: &[&str]) -> Vec<IpNet> {
        list.iter()
            .map(|s| parse_trusted_proxy(s).unwrap())
            .collect()
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    /// The client of a request from `peer` with these header lines, trusting `trusted`.
    fn client(peer: &str, lines: &[&str], trusted: &[&str]) -> IpAddr {
        let values: Vec<HeaderValue> = lines
            .iter()
            .map(|l| HeaderValue::from_str(l).unwrap())
            .collect();
        client_address(ip(peer), values.iter(), &nets(trusted))
    }

    #[test]
    fn trusted_proxies_are_addresses_or_networks() {
        assert_eq!(
            parse_trusted_proxy("127.0.0.1").unwrap().to_string(),
            "127.0.0.1/32"
        );
        assert_eq!(parse_trusted_proxy("::1").unwrap().to_string(), "::1/128");
        assert_eq!(
            parse_trusted_proxy("10.0.0.0/8").unwrap().to_string(),
            "10.0.0.0/8"
        );
        assert_eq!(
            parse_trusted_proxy("fd00::/8").unwrap().to_string(),
            "fd00::/8"
        );
        // Host bits are dropped: the network is what counts.
        assert_eq!(
            parse_trusted_proxy("10.1.2.3/8").unwrap().to_string(),
            "10.0.0.0/8"
        );
        for bad in [
            "",
            "nginx",
            "10.0.0.0/33",
            "1.2.3.4:80",
            "10.0.0/8",
            "::1/129",
        ] {
            let error = parse_trusted_proxy(bad).unwrap_err();
            assert!(error.contains("10.0.0.0/8"), "{bad:?}: {error}");
        }
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_forwards() {
        assert_eq!(
            client("203.0.113.9", &["1.2.3.4"], &["127.0.0.1"]),
            ip("203.0.113.9")
        );
        assert_eq!(client("203.0.113.9", &[], &[]), ip("203.0.113.9"));
        // With no trusted proxy at all, the header is never read.
        assert_eq!(client("127.0.0.1", &["1.2.3.4"], &[]), ip("127.0.0.1"));
    }

    #[test]
    fn a_trusted_peer_forwards_its_client() {
        assert_eq!(
            client("127.0.0.1", &["1.2.3.4"], &["127.0.0.1"]),
            ip("1.2.3.4")
        );
        assert_eq!(
            client("10.9.8.7", &[" 1.2.3.4 "], &["10.0.0.0/8"]),
            ip("1.2.3.4")
        );
    }

    #[test]
    fn a_chain_of_trusted_proxies_is_walked_from_the_right() {
        let trusted = ["10.0.0.0/8"];
        assert_eq!(
            client("10.0.0.1", &["1.2.3.4, 10.0.0.3, 10.0.0.2"], &trusted),
            ip("1.2.3.4")
        );
        // Only trusted proxies: the leftmost is the client.
        assert_eq!(
            client("10.0.0.1", &["10.0.0.3, 10.0.0.2"], &trusted),
            ip("10.0.0.3")
        );
    }

    #[test]
    fn what_the_client_wrote_itself_is_never_read() {
        // The client sent `X-Forwarded-For: 9.9.9.9, 10.0.0.5`; nginx appended its address.
        assert_eq!(
            client(
                "10.0.0.1",
                &["9.9.9.9, 10.0.0.5, 198.51.100.7"],
                &["10.0.0.0/8"]
            ),
            ip("198.51.100.7")
        );
        assert_eq!(
            client("127.0.0.1", &["127.0.0.1, 198.51.100.7"], &["127.0.0.1"]),
            ip("198.51.100.7")
        );
    }

    #[test]
    fn several_header_lines_are_one_list_in_order() {
        let trusted = ["10.0.0.0/8"];
        assert_eq!(
            client(
                "10.0.0.1",
                &["9.9.9.9", "1.2.3.4, 10.0.0.3", "10.0.0.2"],
                &trusted
            ),
            ip("1.2.3.4")
        );
        assert_eq!(
            client("10.0.0.1", &["1.2.3.4", ""], &trusted),
            ip("1.2.3.4")
        );
    }

    #[test]
    fn ipv6_clients_and_proxies() {
        assert_eq!(client("::1", &["2001:db8::7"], &["::1"]), ip("2001:db8::7"));
        assert_eq!(
            client("fd00::1", &["2001:db8::7, fd12::3"], &["fd00::/8"]),
            ip("2001:db8::7")
        );
        // A dual-stack socket's IPv4 peer matches the IPv4 proxy; a client written as IPv6
        // counts as its IPv4 address.
        assert_eq!(
            client("::ffff:127.0.0.1", &["::ffff:1.2.3.4"], &["127.0.0.1"]),
            ip("1.2.3.4")
        );
    }

    #[test]
    fn ports_are_left_out() {
        assert_eq!(
            client("127.0.0.1", &["1.2.3.4:5678"], &["127.0.0.1"]),
            ip("1.2.3.4")
        );
        assert_eq!(
            client("127.0.0.1", &["[2001:db8::7]:5678"], &["127.0.0.1"]),
            ip("2001:db8::7")
        );
        // A trusted proxy with a port is still trusted.
        assert_eq!(
            client("127.0.0.1", &["1.2.3.4, 127.0.0.1:80"], &["127.0.0.1"]),
            ip("1.2.3.4")
        );
    }

    #[test]
    fn garbage_stops_the_walk_at_the_last_address_read() {
        let trusted = ["10.0.0.0/8"];
        // Nothing read: the peer.
        assert_eq!(client("10.0.0.1", &[], &trusted), ip("10.0.0.1"));
        assert_eq!(client("10.0.0.1", &[""], &trusted), ip("10.0.0.1"));
        assert_eq!(client("10.0.0.1", &[" , ,"], &trusted), ip("10.0.0.1"));
        assert_eq!(client("10.0.0.1", &["unknown"], &trusted), ip("10.0.0.1"));
        assert_eq!(
            client("10.0.0.1", &["1.2.3.4, garbage"], &trusted),
            ip("10.0.0.1")
        );
        assert_eq!(
            client("10.0.0.1", &["fe80::1%eth0"], &trusted),
            ip("10.0.0.1")
        );
        assert_eq!(
            client("10.0.0.1", &["1.2.3.4 5.6.7.8"], &trusted),
            ip("10.0.0.1")
        );
        // Garbage behind a trusted proxy: that proxy, never what lies beyond.
        assert_eq!(
            client("10.0.0.1", &["1.2.3.4, 300.1.1.1, 10.0.0.2"], &trusted),
            ip("10.0.0.2")
        );
        // Garbage left of the client is never read.
        assert_eq!(
            client("10.0.0.1", &["garbage, 1.2.3.4"], &trusted),
            ip("1.2.3.4")
        );
    }

    #[test]
    fn a_line_that_is_not_text_stops_the_walk() {
        let lines = [
            HeaderValue::from_static("1.2.3.4"),
            HeaderValue::from_bytes(b"5.6.7.8\xff").unwrap(),
        ];
        assert_eq!(
            client_address(ip("127.0.0.1"), lines.iter(), &nets(&["127.0.0.1"])),
            ip("127.0.0.1")
        );
    }
}
