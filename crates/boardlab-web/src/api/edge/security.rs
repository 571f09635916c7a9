//! Security headers on every answer, and the refusals that keep other sites out: a request
//! for a host name the operator did not allow (a DNS-rebinding page, whose name resolves to
//! this machine) is answered 421, and a state-changing request from another origin 403.

use crate::api::error::ApiError;
use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use boardlab_core::quoted;
use std::net::IpAddr;
use std::sync::Arc;

/// The Content-Security-Policy of every answer: the pages load only this server's own
/// scripts, styles and images, with no inline script or style, and no other site may frame
/// them.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; media-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";

/// The headers every answer carries, pages and API alike.
pub const SECURITY_HEADERS: [(&str, &str); 4] = [
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
];

/// Puts [`SECURITY_HEADERS`] on the answer.
pub async fn add_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    for (name, value) in SECURITY_HEADERS {
        response.headers_mut().insert(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        );
    }
    response
}

/// The host names a request may name besides IP addresses and `localhost`: those given
/// with `boardlab serve --host NAME`.
#[derive(Clone, Debug, Default)]
pub struct AllowedHosts {
    names: Vec<String>,
}

impl AllowedHosts {
    /// IP addresses, `localhost`, and `names` (compared without regard to case).
    pub fn new(names: &[String]) -> AllowedHosts {
        AllowedHosts {
            names: names.iter().map(|name| name.to_ascii_lowercase()).collect(),
        }
    }

    /// Whether a request may name `host` (a `Host` header's name, without its port).
    pub fn allows(&self, host: &str) -> bool {
        let host = host.to_ascii_lowercase();
        let literal = host.trim_start_matches('[').trim_end_matches(']');
        literal.parse::<IpAddr>().is_ok()
            || host == "localhost"
            || host.ends_with(".localhost")
            || self.names.contains(&host)
    }

    /// Refuses a request for a host not allowed, or that changes state from another origin.
    pub fn check(&self, method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
        let host = match headers.get(HOST).map(|value| value.to_str()) {
            // HTTP/1.0 clients may send none; browsers always do.
            None => None,
            Some(Ok(host)) => Some(host.trim()),
            Some(Err(_)) => return Err(ApiError::bad_request("the Host header is not text")),
        };
        if let Some(host) = host {
            let name = host_name(host);
            if !self.allows(name) {
                return Err(ApiError::new(
                    StatusCode::MISDIRECTED_REQUEST,
                    format!(
                        "this server does not answer for the host {}: it answers for IP addresses, localhost, and the names given with `boardlab serve --host NAME`",
                        quoted(name)
                    ),
                ));
            }
        }
        if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
            return Ok(());
        }
        let site = headers
            .get("sec-fetch-site")
            .and_then(|value| value.to_str().ok());
        if site.is_some_and(|site| site.eq_ignore_ascii_case("cross-site")) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!(
                    "refused a cross-site {method}: only this server's own pages may change its games (Sec-Fetch-Site: cross-site)"
                ),
            ));
        }
        // A change asked with a session cookie acts as its account: from a browser, only
        // this site's own pages may ask it. (Browsers send Sec-Fetch-Site or Origin with
        // every cross-origin POST; a request with neither comes from a program that holds
        // the cookie itself, which a forged page cannot.)
        let signed_in = crate::api::people::session_secret(headers).is_some();
        if signed_in
            && site.is_some_and(|site| {
                !site.eq_ignore_ascii_case("same-origin") && !site.eq_ignore_ascii_case("none")
            })
        {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!(
                    "refused a signed-in {method} from another site (Sec-Fetch-Site: {}): only this server's own pages may act for an account",
                    site.unwrap_or_default()
                ),
            ));
        }
        if let Some(origin) = headers.get(ORIGIN) {
            let origin = origin.to_str().unwrap_or("");
            let same = host.is_some_and(|host| same_origin(origin, host));
            if !same {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    format!(
                        "refused a {method} from the origin {}: only this server's own pages{} may change its games",
                        quoted(origin),
                        host.map(|host| format!(" (http://{host})"))
                            .unwrap_or_default()
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// The name of a `Host` header's value, without its port: `[::1]:8080` → `[::1]`.
fn host_name(host: &str) -> &str {
    if host.starts_with('[') {
        return host.find(']').map_or(host, |end| &host[..=end]);
    }
    host.rsplit_once(':').map_or(host, |(name, _)| name)
}

/// Whether `origin` (`scheme://host[:port]`) is the origin of pages served as `host`.
fn same_origin(origin: &str, host: &str) -> bool {
    let Some((scheme, authority)) = origin.split_once("://") else {
        return false;
    };
    let default_port = match scheme.to_ascii_lowercase().as_str() {
        "http" => ":80",
        "https" => ":443",
        _ => return false,
    };
    let plain = |authority: &str| {
        let authority = authority.to_ascii_lowercase();
        match authority.strip_suffix(default_port) {
            Some(bare) => bare.to_string(),
            None => authority,
        }
    };
    plain(authority) == plain(host)
}

/// The layer that refuses requests [`AllowedHosts::check`] refuses.
pub async fn check_origin(
    State(hosts): State<Arc<AllowedHosts>>,
    request: Request,
    next: Next,
) -> Response {
    match hosts.check(request.method(), request.headers()) {
        Ok(()) => next.run(request).await,
        Err(error) => error.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    fn status(hosts: &AllowedHosts, method: Method, pairs: &[(&'static str, &str)]) -> u16 {
        match hosts.check(&method, &headers(pairs)) {
            Ok(()) => 200,
            Err(error) => error.status.as_u16(),
        }
    }

    #[test]
    fn hosts_are_ip_addresses_localhost_or_allowed_names() {
        let hosts = AllowedHosts::new(&["Games.Example".to_string()]);
        for fine in [
            "127.0.0.1:8080",
            "localhost:8080",
            "localhost",
            "[::1]:8080",
            "192.168.1.20",
            "games.example:8080",
            "GAMES.example",
        ] {
            assert_eq!(
                status(&hosts, Method::GET, &[("host", fine)]),
                200,
                "{fine}"
            );
        }
        for refused in [
            "evil.example:8080",
            "rebind.attacker.test",
            "games.example.evil",
        ] {
            assert_eq!(
                status(&hosts, Method::GET, &[("host", refused)]),
                421,
                "{refused}"
            );
        }
        let error = hosts
            .check(&Method::GET, &headers(&[("host", "evil.example:80")]))
            .unwrap_err();
        assert!(
            error.message.contains("'evil.example'"),
            "{}",
            error.message
        );
        assert!(error.message.contains("--host NAME"), "{}", error.message);
    }

    #[test]
    fn state_changes_from_another_origin_are_refused() {
        let hosts = AllowedHosts::default();
        let host = ("host", "127.0.0.1:8080");
        let post = |extra: &[(&'static str, &str)]| {
            let mut pairs = vec![host];
            pairs.extend_from_slice(extra);
            status(&hosts, Method::POST, &pairs)
        };
        assert_eq!(post(&[]), 200);
        assert_eq!(post(&[("origin", "http://127.0.0.1:8080")]), 200);
        assert_eq!(
            post(&[
                ("origin", "http://127.0.0.1:8080"),
                ("sec-fetch-site", "same-origin")
            ]),
            200
        );
        assert_eq!(post(&[("origin", "http://evil.example")]), 403);
        assert_eq!(post(&[("origin", "http://127.0.0.1:9999")]), 403);
        assert_eq!(post(&[("origin", "null")]), 403);
        assert_eq!(post(&[("sec-fetch-site", "cross-site")]), 403);
        // With a session cookie, a sibling site is refused too; the site's own pages are not.
        let cookie = ("cookie", "boardlab_session=abc");
        assert_eq!(post(&[("sec-fetch-site", "same-site")]), 200);
        assert_eq!(post(&[cookie, ("sec-fetch-site", "same-site")]), 403);
        assert_eq!(
            post(&[
                cookie,
                ("sec-fetch-site", "same-origin"),
                ("origin", "http://127.0.0.1:8080")
            ]),
            200
        );
        assert_eq!(post(&[cookie, ("origin", "http://evil.example")]), 403);
        // Reading is not refused: the host check alone guards it.
        assert_eq!(
            status(
                &hosts,
                Method::GET,
                &[host, ("origin", "http://evil.example")]
            ),
            200
        );
        // Default ports may be left out on either side.
        let bare = [("host", "localhost"), ("origin", "http://localhost:80")];
        assert_eq!(status(&hosts, Method::POST, &bare), 200);
    }
}
