//! hyper answers a request it cannot parse (a malformed request line or header, a path past
//! the `http` crate's 64 KiB, a head past its buffer) by itself, with an empty body, before
//! any layer of the server sees it. [`AsJson`] wraps the socket and rewrites exactly those
//! answers — a 4xx head that says `content-length: 0` and has nothing after it, which the
//! server's own answers never are (every error of theirs carries a JSON body) — into the
//! same status with a JSON `{"error": ...}` body, so that every error is JSON.

use crate::api::edge::layers::{MAX_HEAD_BYTES, MAX_URI_BYTES};
use crate::api::edge::security::SECURITY_HEADERS;
use boardlab_core::thousands;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// A socket whose empty 4xx answers from hyper go out as JSON.
#[derive(Debug)]
pub struct AsJson<T> {
    inner: T,
    replacing: Option<Replacement>,
}

/// An answer being written in place of hyper's.
#[derive(Debug)]
struct Replacement {
    bytes: Vec<u8>,
    written: usize,
    /// The length of hyper's answer, reported written once the replacement is.
    stands_for: usize,
}

impl<T> AsJson<T> {
    /// `inner`, with hyper's empty errors rewritten.
    pub fn new(inner: T) -> AsJson<T> {
        AsJson {
            inner,
            replacing: None,
        }
    }
}

/// The JSON answer standing for hyper's own empty error answer `written`, if it is one.
pub fn json_answer_for(written: &[u8]) -> Option<Vec<u8>> {
    let head = written
        .strip_prefix(b"HTTP/1.1 4")
        .or_else(|| written.strip_prefix(b"HTTP/1.0 4"))?;
    let end = head.windows(4).position(|w| w == b"\r\n\r\n")? + 4;
    if end != head.len() {
        return None;
    }
    let head = std::str::from_utf8(written).ok()?.to_ascii_lowercase();
    if !head.contains("\r\ncontent-length: 0\r\n") {
        return None;
    }
    let status: u16 = head.get(9..12)?.parse().ok()?;
    let (reason, message) = match status {
        400 => (
            "Bad Request",
            "the request is not valid HTTP/1.1: its request line (method, path, version) or a header could not be read".to_string(),
        ),
        414 => (
            "URI Too Long",
            format!(
                "the request's path and query are too long: at most {} bytes",
                thousands(MAX_URI_BYTES as u64)
            ),
        ),
        431 => (
            "Request Header Fields Too Large",
            format!(
                "the request's headers are too large: at most {} bytes in all",
                thousands(MAX_HEAD_BYTES as u64)
            ),
        ),
        _ => return None,
    };
    let body = serde_json::json!({ "error": message }).to_string();
    let mut answer = format!(
        "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n",
        body.len()
    );
    for (name, value) in SECURITY_HEADERS {
        answer.push_str(&format!("{name}: {value}\r\n"));
    }
    answer.push_str("\r\n");
    answer.push_str(&body);
    Some(answer.into_bytes())
}

impl<T: AsyncRead + Unpin> AsyncRead for AsJson<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for AsJson<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        if this.replacing.is_none()
            && let Some(bytes) = json_answer_for(buf)
        {
            this.replacing = Some(Replacement {
                bytes,
                written: 0,
                stands_for: buf.len(),
            });
        }
        let Some(replacement) = &mut this.replacing else {
            return Pin::new(&mut this.inner).poll_write(cx, buf);
        };
        while replacement.written < replacement.bytes.len() {
            let rest = &replacement.bytes[replacement.written..];
            match ready!(Pin::new(&mut this.inner).poll_write(cx, rest)) {
                Ok(0) => return Poll::Ready(Err(std::io::ErrorKind::WriteZero.into())),
                Ok(n) => replacement.written += n,
                Err(error) => return Poll::Ready(Err(error)),
            }
        }
        let stands_for = replacement.stands_for;
        this.replacing = None;
        Poll::Ready(Ok(stands_for))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
