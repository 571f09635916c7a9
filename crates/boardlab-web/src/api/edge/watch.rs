//! The timeouts of one connection: a watchdog that knows whether a request is being served,
//! when the connection last fell idle, when the next request's first bytes came and whether
//! the client stopped reading an answer, and says when the connection must be cut. When every
//! connection allowed is open and another waits, the server is under [`Pressure`]: then a
//! connection that has been idle (or sending an incomplete head) for [`SHED_AFTER`] is cut
//! at once, so that idle sockets cannot keep a new client waiting for their timeouts.

use crate::limits::Limits;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::Notify;
use tokio::time::Instant;

/// How long a connection must have been idle to be cut under [`Pressure`].
pub const SHED_AFTER: Duration = Duration::from_secs(1);

/// The signal that a connection waits for a place: idle connections are then cut.
#[derive(Debug, Default)]
pub struct Pressure(Notify);

impl Pressure {
    /// Asks every connection idle for [`SHED_AFTER`] or more to close now.
    pub fn shed_idle(&self) {
        self.0.notify_waiters();
    }
}

/// What one connection is doing, as its watchdog sees it.
#[derive(Debug)]
struct State {
    /// Requests handed to the router whose answer is not yet sent (a live event stream
    /// stays here as long as it is open).
    in_flight: usize,
    /// Whether a request was served on this connection already (the first must come within
    /// the header timeout, later ones within the idle timeout).
    served: bool,
    /// When the connection last had no request in flight.
    idle_since: Instant,
    /// When the first bytes of the next request came, while its headers are incomplete.
    head_since: Option<Instant>,
    /// Since when a write has been waiting for the client to read.
    blocked_since: Option<Instant>,
}

/// The watchdog of one connection, shared by its socket, its requests and its timer.
#[derive(Debug)]
pub struct Watch {
    state: Mutex<State>,
    changed: Notify,
    pressure: Arc<Pressure>,
    header_timeout: Duration,
    idle_timeout: Duration,
}

impl Watch {
    /// The watchdog of a connection opened now, on a server whose `pressure` sheds it when
    /// it is idle.
    pub fn new(limits: &Limits, pressure: Arc<Pressure>) -> Arc<Watch> {
        Arc::new(Watch {
            state: Mutex::new(State {
                in_flight: 0,
                served: false,
                idle_since: Instant::now(),
                head_since: None,
                blocked_since: None,
            }),
            changed: Notify::new(),
            pressure,
            header_timeout: limits.header_timeout,
            idle_timeout: limits.idle_timeout,
        })
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // The state stays consistent whatever panicked while holding it.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A request's headers arrived and it goes to the router: the connection is busy until
    /// the returned guard (held by the answer's body) is dropped.
    pub fn begin(self: &Arc<Watch>) -> InFlight {
        let mut state = self.state();
        state.in_flight += 1;
        state.served = true;
        state.head_since = None;
        InFlight(self.clone())
    }

    /// When the connection must be cut, as things stand (`None`: not while they stand).
    fn deadline(&self) -> Option<Instant> {
        let state = self.state();
        if state.in_flight > 0 {
            return state.blocked_since.map(|since| since + self.idle_timeout);
        }
        Some(match state.head_since {
            Some(since) => since + self.header_timeout,
            None if state.served => state.idle_since + self.idle_timeout,
            None => state.idle_since + self.header_timeout,
        })
    }

    /// Whether the connection may be cut under pressure: no request in flight, and nothing
    /// new from the client for [`SHED_AFTER`].
    fn sheddable(&self) -> bool {
        let state = self.state();
        let since = state.head_since.unwrap_or(state.idle_since);
        state.in_flight == 0 && since.elapsed() >= SHED_AFTER
    }

    /// Resolves when the connection has been too slow or too idle and must be cut.
    pub async fn expired(&self) {
        loop {
            match self.deadline() {
                None => self.changed.notified().await,
                Some(deadline) if deadline <= Instant::now() => return,
                Some(deadline) => {
                    tokio::select! {
                        () = tokio::time::sleep_until(deadline) => {}
                        () = self.changed.notified() => {}
                        () = self.pressure.0.notified() => {
                            if self.sheddable() {
                                return;
                            }
                        }
                    }
                }
            }
        }
    }

    fn read_some(&self) {
        let mut state = self.state();
        if state.in_flight == 0 && state.head_since.is_none() {
            state.head_since = Some(Instant::now());
            drop(state);
            self.changed.notify_one();
        }
    }

    fn write_blocked(&self, blocked: bool) {
        let mut state = self.state();
        match (blocked, state.blocked_since) {
            (true, None) => {
                state.blocked_since = Some(Instant::now());
                drop(state);
                self.changed.notify_one();
            }
            (false, Some(_)) => state.blocked_since = None,
            _ => {}
        }
    }
}

/// A request in flight on a connection; dropping it (the answer sent, or abandoned) may
/// leave the connection idle.
#[derive(Debug)]
pub struct InFlight(Arc<Watch>);

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut state = self.0.state();
        state.in_flight = state.in_flight.saturating_sub(1);
        if state.in_flight == 0 {
            state.idle_since = Instant::now();
            state.head_since = None;
            state.blocked_since = None;
        }
        drop(state);
        self.0.changed.notify_one();
    }
}

/// A socket that tells its watchdog when bytes come in and when writes wait on the client.
#[derive(Debug)]
pub struct Watched<T> {
    inner: T,
    watch: Arc<Watch>,
}

impl<T> Watched<T> {
    /// `inner`, reporting to `watch`.
    pub fn new(inner: T, watch: Arc<Watch>) -> Watched<T> {
        Watched { inner, watch }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Watched<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let poll = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(poll, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.watch.read_some();
        }
        poll
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Watched<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.watch.write_blocked(poll.is_pending());
        poll
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
