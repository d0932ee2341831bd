//! A cap on rmcp's sessions (protocol versions before 2026-07-28) that no one client can fill.
//!
//! - A session counts against [`SessionLimits::most`] only once the client has finished its
//!   handshake (`notifications/initialized`). Until then it is unfinished: at most `most` of
//!   those are held too, apart, and one that is not finished within
//!   [`SessionLimits::init_timeout`] is closed. A flood of bare `initialize` requests holds
//!   unfinished slots for seconds, and never the finished ones.
//! - One peer address holds at most [`SessionLimits::per_peer`] sessions, finished or not.
//! - A refusal is an answer the client can act on: `503 Service Unavailable` when the server
//!   is full, `429 Too Many Requests` when the client's address has its share, both with
//!   `Retry-After` (which rmcp's client reads), and the sessions that close or time out
//!   (rmcp's `keep_alive`) make room again.

use std::cell::Cell;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::extract::{ConnectInfo, Request};
use axum::http::StatusCode;
use axum::http::header::RETRY_AFTER;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_core::Stream;
use rmcp::model::{ClientJsonRpcMessage, ClientNotification, ServerJsonRpcMessage};
use rmcp::transport::WorkerTransport;
use rmcp::transport::common::server_side_http::ServerSseMessage;
use rmcp::transport::streamable_http_server::session::EventStore;
use rmcp::transport::streamable_http_server::session::local::{
    LocalSessionManager, LocalSessionManagerError, LocalSessionWorker,
};
use rmcp::transport::streamable_http_server::{RestoreOutcome, SessionId, SessionManager};

use crate::peer::{Held, Peer, PeerCounts};

/// How many sessions may be held, and for how long an unfinished one.
#[derive(Debug, Clone, Copy)]
pub struct SessionLimits {
    /// Finished sessions open at once; unfinished ones are held apart, as many at most.
    pub most: usize,
    /// Sessions, finished or not, one peer address may hold.
    pub per_peer: usize,
    /// Time from `initialize` to `notifications/initialized`.
    pub init_timeout: Duration,
}

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
                "the server holds {most} sessions, as many as it may; try again later"
            ),
            Self::Opening(most) => write!(
                f,
                "the server is opening {most} sessions, as many as it may at once; try again later"
            ),
            Self::PeerShare(share) => write!(
                f,
                "your address holds {share} sessions, as many as one address may; close one or \
                 try again later"
            ),
        }
    }
}

/// What the request being served says to [`CappedSessions`] and hears back from it (rmcp
/// creates and initializes a session inside that request's future).
struct RequestScope {
    peer: Option<Peer>,
    refused: Cell<Option<Refusal>>,
}

tokio::task_local! {
    static REQUEST: RequestScope;
}

/// Middleware: tells [`CappedSessions`] the caller's address (from [`ConnectInfo`]), and
/// answers a request it refused with `503` or `429` and `Retry-After`, not rmcp's `500`.
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

/// `refusal` as an error, said to [`answer_refusals`] too.
fn refuse(refusal: Refusal) -> SessionError {
    let _ = REQUEST.try_with(|r| r.refused.set(Some(refusal)));
    SessionError::Refused(refusal)
}

/// Sessions by state; each holds its peer's count while it is here.
#[derive(Default)]
struct Counted {
    /// Counted between the checks and rmcp's `create_session`, which awaits.
    opening: usize,
    unfinished: HashMap<SessionId, Held>,
    finished: HashMap<SessionId, Held>,
}

struct Shared {
    local: LocalSessionManager,
    limits: SessionLimits,
    sessions: Mutex<Counted>,
    peers: Arc<PeerCounts>,
}

impl Shared {
    fn sessions(&self) -> std::sync::MutexGuard<'_, Counted> {
        self.sessions.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// rmcp's [`LocalSessionManager`] under [`SessionLimits`].
pub struct CappedSessions {
    shared: Arc<Shared>,
}

impl CappedSessions {
    /// Sessions under `limits`.
    pub fn new(limits: SessionLimits) -> Self {
        Self {
            shared: Arc::new(Shared {
                local: LocalSessionManager::default(),
                limits,
                sessions: Mutex::default(),
                peers: Arc::default(),
            }),
        }
    }

    /// A place for a new session of the caller's address, or why there is none.
    fn room(&self) -> Result<Opening, SessionError> {
        let limits = self.shared.limits;
        let mut sessions = self.shared.sessions();
        if sessions.finished.len() >= limits.most {
            return Err(refuse(Refusal::Full(limits.most)));
        }
        if sessions.unfinished.len() + sessions.opening >= limits.most {
            return Err(refuse(Refusal::Opening(limits.most)));
        }
        // A request from no known address (none outside this example) counts as one peer.
        let peer = REQUEST
            .try_with(|r| r.peer)
            .ok()
            .flatten()
            .unwrap_or(Peer::of(std::net::Ipv4Addr::UNSPECIFIED.into()));
        let Some(held) = self.shared.peers.take(peer, limits.per_peer) else {
            return Err(refuse(Refusal::PeerShare(limits.per_peer)));
        };
        sessions.opening += 1;
        Ok(Opening {
            shared: Arc::clone(&self.shared),
            held: Some(held),
        })
    }

    /// Counts `id` as unfinished, and closes it if it is still so after the init timeout.
    fn unfinished(&self, mut opening: Opening, id: &SessionId) {
        if let Some(held) = opening.held.take() {
            self.shared.sessions().unfinished.insert(id.clone(), held);
        }
        drop(opening);
        let shared = Arc::clone(&self.shared);
        let id = id.clone();
        tokio::spawn(async move {
            tokio::time::sleep(shared.limits.init_timeout).await;
            let expired = shared.sessions().unfinished.remove(&id).is_some();
            if expired {
                let _ = shared.local.close_session(&id).await;
            }
        });
    }

    /// Counts `id` as finished, when it was unfinished: `Err` when the server holds as
    /// many finished sessions as it may (then `id` is closed).
    async fn finish(&self, id: &SessionId) -> Result<(), SessionError> {
        let most = self.shared.limits.most;
        let refused = {
            let mut sessions = self.shared.sessions();
            match sessions.unfinished.remove(id) {
                None => return Ok(()),
                Some(_) if sessions.finished.len() >= most => true,
                Some(held) => {
                    sessions.finished.insert(id.clone(), held);
                    false
                }
            }
        };
        if refused {
            let _ = self.shared.local.close_session(id).await;
            return Err(refuse(Refusal::Full(most)));
        }
        Ok(())
    }
}

/// A session counted while rmcp creates it; uncounted if that fails or is dropped.
struct Opening {
    shared: Arc<Shared>,
    held: Option<Held>,
}

impl Drop for Opening {
    fn drop(&mut self) {
        self.shared.sessions().opening -= 1;
    }
}

/// Why a session could not be served.
#[derive(Debug)]
pub enum SessionError {
    /// Refused by a limit.
    Refused(Refusal),
    /// rmcp's session manager failed.
    Local(LocalSessionManagerError),
}

impl std::fmt::Display for SessionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Refused(refusal) => refusal.fmt(f),
            Self::Local(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SessionError {}

impl From<LocalSessionManagerError> for SessionError {
    fn from(e: LocalSessionManagerError) -> Self {
        Self::Local(e)
    }
}

type Sse = ServerSseMessage;

impl SessionManager for CappedSessions {
    type Error = SessionError;
    type Transport = WorkerTransport<LocalSessionWorker>;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        let opening = self.room()?;
        let (id, transport) = self.shared.local.create_session().await?;
        self.unfinished(opening, &id);
        Ok((id, transport))
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        Ok(self.shared.local.initialize_session(id, message).await?)
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        Ok(self.shared.local.has_session(id).await?)
    }

    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        {
            let mut sessions = self.shared.sessions();
            sessions.unfinished.remove(id);
            sessions.finished.remove(id);
        }
        Ok(self.shared.local.close_session(id).await?)
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<impl Stream<Item = Sse> + Send + Sync + 'static, Self::Error> {
        Ok(self.shared.local.create_stream(id, message).await?)
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        if let ClientJsonRpcMessage::Notification(n) = &message
            && matches!(
                n.notification,
                ClientNotification::InitializedNotification(_)
            )
        {
            self.finish(id).await?;
        }
        Ok(self.shared.local.accept_message(id, message).await?)
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl Stream<Item = Sse> + Send + Sync + 'static, Self::Error> {
        Ok(self.shared.local.create_standalone_stream(id).await?)
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl Stream<Item = Sse> + Send + Sync + 'static, Self::Error> {
        Ok(self.shared.local.resume(id, last_event_id).await?)
    }

    async fn restore_session(
        &self,
        id: SessionId,
    ) -> Result<RestoreOutcome<Self::Transport>, Self::Error> {
        // Only with a session store (none here): a session whose handshake another instance
        // served, so it counts as finished at once.
        let mut opening = self.room()?;
        let outcome = self.shared.local.restore_session(id.clone()).await?;
        if let (RestoreOutcome::Restored(_), Some(held)) = (&outcome, opening.held.take()) {
            self.shared.sessions().finished.insert(id, held);
        }
        Ok(outcome)
    }

    fn event_store(&self) -> Option<Arc<dyn EventStore>> {
        self.shared.local.event_store()
    }
}
