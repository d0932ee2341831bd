//! What a server on the open network needs beyond the MCP handler: a bound on how long a
//! client may take to send a request, and on how many connections and sessions it may hold,
//! so that slow or greedy clients cannot exhaust the server. `axum::serve` has none of these.
//!
//! - Each request's headers must arrive within [`Limits::header_read`] (hyper's
//!   `header_read_timeout`), and its whole body within [`Limits::body_read`] of them, however
//!   it trickles: past that the answer is `408 Request Timeout` and the connection is closed.
//! - At most [`Limits::connections`] connections are served at once; past that the one idle the
//!   longest gives way to a new one, as [`crate::connections`] says. One peer address holds at
//!   most [`Limits::connections_per_peer`] of them: its next one is answered `429 Too Many
//!   Requests` and closed (no other connection gives way for it), and the others' are still
//!   accepted.
//! - Sessions are capped as [`crate::sessions`] says, by [`Limits::sessions`].

use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::header::{CONNECTION, CONTENT_LENGTH};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_core::Stream;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

use crate::connections::{AnswerBody, Connection, Connections};
use crate::peer::{Peer, PeerCounts, share};
use crate::refusals::answer_refusals;
use crate::sessions::SessionLimits;

/// How much a client may take.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Time to send a request's headers (the start line included).
    pub header_read: Duration,
    /// Time to send a request's whole body once its headers are in.
    pub body_read: Duration,
    /// Bytes in a request's body (rmcp's own limit, so that it is met first here).
    pub body_bytes: usize,
    /// Connections served at once.
    pub connections: usize,
    /// Connections one peer address may hold.
    pub connections_per_peer: usize,
    /// Sessions.
    pub sessions: SessionLimits,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            header_read: Duration::from_secs(10),
            body_read: Duration::from_secs(30),
            body_bytes: 4 * 1024 * 1024,
            connections: 1024,
            connections_per_peer: share(1024),
            sessions: SessionLimits {
                most: 1000,
                per_peer: share(1000),
                init_timeout: Duration::from_secs(10),
            },
        }
    }
}

/// Connections being refused at once; past that a refused one is closed without an answer,
/// so that refusing costs a peer's flood of connections nothing the others need.
const REFUSING: usize = 64;

/// Serves `router` on `listener` under `limits`, until accepting fails for good.
pub async fn serve(listener: TcpListener, router: axum::Router, limits: Limits) {
    let router = router
        .layer(axum::middleware::from_fn(answer_refusals))
        .layer(axum::middleware::from_fn_with_state(
            limits,
            whole_body_in_time,
        ));
    let connections = Connections::new(limits.connections);
    let refusing = Arc::new(Semaphore::new(REFUSING));
    let peers = Arc::new(PeerCounts::default());
    loop {
        let (stream, addr) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors, or a connection reset before it was accepted:
                // wait a little and go on, as `axum::serve` does.
                eprintln!("http: accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(held) = peers.take(Peer::of(addr.ip()), limits.connections_per_peer) else {
            if let Ok(refusing) = Arc::clone(&refusing).try_acquire_owned() {
                tokio::spawn(async move {
                    refuse(stream, limits.connections_per_peer).await;
                    drop(refusing);
                });
            }
            continue;
        };
        // At the cap, the longest-idle connection is closed for this one; when every one is
        // in flight, this waits (and accepts no other) until one closes or falls idle.
        let opened = connections.admit().await;
        let connection = opened.connection();
        let service = TowerToHyperService::new(router.clone());
        // The peer's address, for the session limits (and any handler: `ConnectInfo`), and the
        // connection, for `whole_body_in_time` to say when it is in flight.
        let service = hyper::service::service_fn(move |mut request: Request<_>| {
            let extensions = request.extensions_mut();
            extensions.insert(ConnectInfo::<SocketAddr>(addr));
            extensions.insert(connection.clone());
            hyper::service::Service::call(&service, request)
        });
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_read)
                .serve_connection(TokioIo::new(stream), service);
            // A client that is too slow or goes away ends its own connection only; one closed
            // for a new client is dropped mid-way.
            tokio::select! {
                _ = connection => {}
                () = opened.closed() => {}
            }
            drop((held, opened));
        });
    }
}

/// Answers a connection past its peer's share `429` and closes it, within a second.
async fn refuse(mut stream: TcpStream, share: usize) {
    let body = format!(
        "your address holds {share} connections, as many as one address may; close one or try \
         again later\n"
    );
    let answer = format!(
        "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 5\r\nContent-Type: text/plain; \
         charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await?;
        // What the client sent is read, up to 64 KiB, so that closing does not reset the
        // connection before the client has read the answer.
        let mut sink = [0u8; 4096];
        let mut left = 64 * 1024;
        while left > 0 {
            match stream.read(&mut sink).await? {
                0 => break,
                n => left -= n.min(left),
            }
        }
        Ok::<_, std::io::Error>(())
    })
    .await;
}

/// Middleware: the request's whole body within [`Limits::body_read`] of its headers, or
/// `408 Request Timeout` and the connection closed. A deadline per chunk (tower-http's
/// `RequestBodyTimeoutLayer`) never cuts a body that trickles a byte at a time. rmcp reads a
/// body whole anyway, so reading it here first costs nothing. Once the body is in, the
/// request holds its connection in flight until its answer is sent, unless it opens an SSE
/// stream (`GET /mcp`), which only listens.
async fn whole_body_in_time(
    State(limits): State<Limits>,
    request: Request,
    next: Next,
) -> Response {
    let listens = request.method() == Method::GET && request.uri().path().starts_with("/mcp");
    let connection = request.extensions().get::<Connection>().cloned();
    let deadline = tokio::time::Instant::now() + limits.body_read;
    let (parts, body) = request.into_parts();
    let declared = parts
        .headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limits.body_bytes as u64) {
        return too_large(limits.body_bytes);
    }
    let mut chunks = body.into_data_stream();
    let mut whole = Vec::new();
    loop {
        let next_chunk = std::future::poll_fn(|cx| Pin::new(&mut chunks).poll_next(cx));
        match tokio::time::timeout_at(deadline, next_chunk).await {
            Err(_) => {
                let secs = limits.body_read.as_secs();
                let said = format!("the request's body did not arrive within {secs} s\n");
                return closing(StatusCode::REQUEST_TIMEOUT, said);
            }
            Ok(None) => break,
            Ok(Some(Err(_))) => {
                let said = "the request's body could not be read\n".to_owned();
                return closing(StatusCode::BAD_REQUEST, said);
            }
            Ok(Some(Ok(chunk))) => {
                if whole.len() + chunk.len() > limits.body_bytes {
                    return too_large(limits.body_bytes);
                }
                whole.extend_from_slice(&chunk);
            }
        }
    }
    let answering = connection.and_then(|c| c.request(listens));
    next.run(Request::from_parts(parts, Body::from(whole)))
        .await
        .map(|body| Body::new(AnswerBody { body, answering }))
}

fn too_large(most: usize) -> Response {
    let said = format!("a request's body may have at most {most} bytes\n");
    closing(StatusCode::PAYLOAD_TOO_LARGE, said)
}

/// An answer after which the connection is closed: the rest of the body is not read.
fn closing(status: StatusCode, said: String) -> Response {
    (status, [(CONNECTION, "close")], said).into_response()
}
