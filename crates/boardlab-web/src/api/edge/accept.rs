//! The accept loop: at most [`Limits::max_connections`] connections at once, each served by
//! hyper's HTTP/1.1 with its own watchdog ([`crate::api::edge::watch`]) and its peer's address for
//! the per-client limits. A connection accepted beyond the cap waits for a place (the sockets
//! after it wait in the kernel's backlog), and while it waits the idle connections are shed
//! ([`Pressure`]). A failed accept (out of file descriptors) is reported and retried, never
//! the end.

use crate::api::edge::hyper_errors::AsJson;
use crate::api::edge::watch::{InFlight, Pressure, SHED_AFTER, Watch, Watched};
use crate::limits::Limits;
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use http_body::{Frame, SizeHint};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use std::convert::Infallible;
use std::io::Write;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, TryAcquireError};
use tower::ServiceExt;

/// How many header lines hyper itself accepts before answering 431 on its own: far above
/// [`crate::api::edge::layers::MAX_HEADERS`], so that the server's layer answers first, in JSON.
const HYPER_MAX_HEADERS: usize = 1000;

/// How long to wait before accepting again after the system refused a socket.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(200);

/// Serves `router` on `listener` under `limits`, until the process ends.
pub async fn serve(listener: TcpListener, router: Router, limits: Limits) {
    let open = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let pressure = Arc::new(Pressure::default());
    let mut http = http1::Builder::new();
    http.max_headers(HYPER_MAX_HEADERS);
    let mut last_report: Option<tokio::time::Instant> = None;
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(error) => {
                if !is_per_connection(&error) {
                    // Out of file descriptors or memory: shed the idle connections, say so
                    // now and then, wait, go on.
                    pressure.shed_idle();
                    let now = tokio::time::Instant::now();
                    if last_report.is_none_or(|at| now - at > Duration::from_secs(10)) {
                        last_report = Some(now);
                        let _ = writeln!(
                            std::io::stderr(),
                            "boardlab: cannot accept a connection: {error}; retrying (open connections are at most {})",
                            limits.max_connections
                        );
                    }
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                }
                continue;
            }
        };
        // A place for it: at once, or once idle connections are shed (asked again and again,
        // as connections become idle enough) or others close.
        let permit = loop {
            match open.clone().try_acquire_owned() {
                Ok(permit) => break permit,
                Err(TryAcquireError::Closed) => return,
                Err(TryAcquireError::NoPermits) => {}
            }
            pressure.shed_idle();
            tokio::select! {
                permit = open.clone().acquire_owned() => match permit {
                    Ok(permit) => break permit,
                    Err(_) => return,
                },
                () = tokio::time::sleep(SHED_AFTER / 2) => {}
            }
        };
        let _ = stream.set_nodelay(true);
        let watch = Watch::new(&limits, pressure.clone());
        let io = TokioIo::new(AsJson::new(Watched::new(stream, watch.clone())));
        let service = {
            let watch = watch.clone();
            let router = router.clone();
            service_fn(move |mut request: hyper::Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                let in_flight = watch.begin();
                let answer = router.clone().oneshot(request.map(Body::new));
                async move {
                    let response = answer.await.unwrap_or_else(|never| match never {});
                    Ok::<_, Infallible>(response.map(|body| Answer { body, in_flight }))
                }
            })
        };
        let connection = http.serve_connection(io, service);
        tokio::spawn(async move {
            tokio::select! {
                _ = connection => {}
                () = watch.expired() => {}
            }
            drop(permit);
        });
    }
}

/// Whether an accept error concerns only the connection being accepted (the next one may
/// well succeed at once).
fn is_per_connection(error: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        error.kind(),
        ConnectionAborted | ConnectionReset | ConnectionRefused | Interrupted | WouldBlock
    )
}

/// An answer's body, holding its request in flight until sent (or abandoned), so that the
/// idle timeout never cuts an answer still streaming (a live event stream).
struct Answer {
    body: Body,
    #[allow(dead_code)] // held for its Drop
    in_flight: InFlight,
}

impl http_body::Body for Answer {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
