//! How a refused session is answered: with a status and a sentence the client can act on, and
//! `Retry-After` (which rmcp's client reads), not rmcp's `500`.

use std::cell::Cell;
use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Request};
use axum::http::StatusCode;
use axum::http::header::RETRY_AFTER;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::peer::Peer;

/// Seconds a refused client is told to wait (`Retry-After`).
const RETRY_SECS: u64 = 5;

/// Why a session was refused.
#[derive(Debug, Clone, Copy)]
pub enum Refusal {
    /// As many finished sessions as the server may hold.
    Full(usize),
    /// As many unfinished sessions as the server may hold.
    Opening(usize),
    /// As many sessions as one address may hold, held by the caller's.
    PeerShare(usize),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Full(most) => write!(
                f,
                "the server holds {most} sessions, as many as it may, each answering a request; \
                 try again later"
            ),
            Self::Opening(most) => write!(
                f,
                "the server is opening {most} sessions, as many as it may at once, each \
                 answering a request; try again later"
            ),
            Self::PeerShare(share) => write!(
                f,
                "your address holds {share} sessions, as many as one address may; close one or \
                 try again later"
            ),
        }
    }
}

/// What the request being served says to [`crate::sessions::CappedSessions`] and hears back
/// from it (rmcp creates and initializes a session inside that request's future).
struct RequestScope {
    peer: Option<Peer>,
    refused: Cell<Option<Refusal>>,
}

tokio::task_local! {
    static REQUEST: RequestScope;
}

/// Middleware: tells [`crate::sessions::CappedSessions`] the caller's address (from
/// [`ConnectInfo`]), and answers a request it refused with `503` or `429` and `Retry-After`,
/// not rmcp's `500`.
pub async fn answer_refusals(request: Request, next: Next) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| Peer::of(addr.ip()));
    let scope = RequestScope {
        peer,
        refused: Cell::new(None),
    };
    let (refused, response) = REQUEST
        .scope(scope, async {
            let response = next.run(request).await;
            (REQUEST.with(|r| r.refused.get()), response)
        })
        .await;
    let status = match refused {
        None => return response,
        Some(Refusal::PeerShare(_)) => StatusCode::TOO_MANY_REQUESTS,
        Some(Refusal::Full(_) | Refusal::Opening(_)) => StatusCode::SERVICE_UNAVAILABLE,
    };
    let refused = refused.map(|r| r.to_string()).unwrap_or_default();
    (status, [(RETRY_AFTER, RETRY_SECS.to_string())], refused).into_response()
}

/// Says `refusal` to [`answer_refusals`], for the request being served.
pub fn said(refusal: Refusal) -> Refusal {
    let _ = REQUEST.try_with(|r| r.refused.set(Some(refusal)));
    refusal
}

/// The address of the request being served, when it is known.
pub fn caller() -> Option<Peer> {
    REQUEST.try_with(|r| r.peer).ok().flatten()
}
