//! What a server on the open network needs beyond the MCP handler: a bound on how long a
//! client may take to send a request, on how many connections and sessions it may hold, so
//! that slow or greedy clients cannot exhaust the server. `axum::serve` has none of these.
//!
//! - Each request's headers must arrive within [`Limits::header_read`] (hyper's
//!   `header_read_timeout`), its body within [`Limits::body_read`] (tower-http's
//!   `RequestBodyTimeoutLayer`): a slowloris client is disconnected, not waited for.
//! - At most [`Limits::connections`] connections are served at once; past that the server
//!   stops accepting until one closes (the kernel's backlog holds the rest).
//! - At most [`Limits::sessions`] sessions (protocol versions before 2026-07-28) are open at
//!   once ([`CappedSessions`]): an `initialize` past that is answered `503 Service
//!   Unavailable` with `Retry-After` (which rmcp's client reads), and the sessions that close
//!   or time out (rmcp's `keep_alive`, `init_timeout`) make room again.

use std::cell::Cell;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::Request;
use axum::http::StatusCode;
use axum::http::header::RETRY_AFTER;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use futures_core::Stream;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::WorkerTransport;
use rmcp::transport::common::server_side_http::ServerSseMessage;
use rmcp::transport::streamable_http_server::session::EventStore;
use rmcp::transport::streamable_http_server::session::local::{
    LocalSessionManager, LocalSessionManagerError, LocalSessionWorker,
};
use rmcp::transport::streamable_http_server::{RestoreOutcome, SessionId, SessionManager};
use tokio::net::TcpListener;
use tokio::sync::{Mutex, Semaphore};

/// How much a client may take.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Time to send a request's headers (the start line included).
    pub header_read: Duration,
    /// Time to send a request's body once its headers are in.
    pub body_read: Duration,
    /// Connections served at once.
    pub connections: usize,
    /// Sessions open at once.
    pub sessions: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            header_read: Duration::from_secs(10),
            body_read: Duration::from_secs(30),
            connections: 1024,
            sessions: 1000,
        }
    }
}

/// Serves `router` on `listener` under `limits`, until accepting fails for good.
pub async fn serve(listener: TcpListener, router: axum::Router, limits: Limits) {
    let router = router
        .layer(axum::middleware::from_fn(full_is_unavailable))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            limits.body_read,
        ));
    let open = Arc::new(Semaphore::new(limits.connections));
    loop {
        // A permit first: at the cap the server stops accepting instead of holding more.
        let Ok(permit) = Arc::clone(&open).acquire_owned().await else {
            return;
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of file descriptors, or a connection reset before it was accepted:
                // wait a little and go on, as `axum::serve` does.
                eprintln!("http: accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_read)
                .serve_connection(TokioIo::new(stream), service);
            // A client that is too slow or goes away ends its own connection only.
            let _ = connection.await;
            drop(permit);
        });
    }
}

tokio::task_local! {
    /// Set by [`CappedSessions`] when it refuses a session to the request being served (rmcp
    /// creates the session inside that request's future).
    static REFUSED: Cell<Option<usize>>;
}

/// A request [`CappedSessions`] refused is answered `503` with `Retry-After: 5`, not with
/// rmcp's `500`: the client can tell that it may try again, and when.
async fn full_is_unavailable(request: Request, next: Next) -> Response {
    let (refused, response) = REFUSED
        .scope(Cell::new(None), async {
            let response = next.run(request).await;
            (REFUSED.with(Cell::get), response)
        })
        .await;
    match refused {
        Some(most) => (
            StatusCode::SERVICE_UNAVAILABLE,
            [(RETRY_AFTER, "5")],
            SessionError::Full(most).to_string(),
        )
            .into_response(),
        None => response,
    }
}

/// rmcp's [`LocalSessionManager`] with a cap on the sessions open at once.
pub struct CappedSessions {
    inner: LocalSessionManager,
    most: usize,
    /// Held while a session is counted and created, so that the cap is exact.
    creating: Mutex<()>,
}

impl CappedSessions {
    /// At most `most` sessions at once.
    pub fn new(most: usize) -> Self {
        Self {
            inner: LocalSessionManager::default(),
            most,
            creating: Mutex::new(()),
        }
    }

    /// `Err` when the sessions are at the cap, said to [`full_is_unavailable`] too.
    async fn room(&self) -> Result<(), SessionError> {
        if self.inner.sessions.read().await.len() < self.most {
            return Ok(());
        }
        let _ = REFUSED.try_with(|refused| refused.set(Some(self.most)));
        Err(SessionError::Full(self.most))
    }
}

/// Why a session could not be served.
#[derive(Debug)]
pub enum SessionError {
    /// The server holds as many sessions as it may.
    Full(usize),
    /// rmcp's session manager failed.
    Local(LocalSessionManagerError),
}

impl std::fmt::Display for SessionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Full(most) => write!(
                f,
                "the server holds {most} sessions, as many as it may; try again later"
            ),
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
        let _one_at_a_time = self.creating.lock().await;
        self.room().await?;
        Ok(self.inner.create_session().await?)
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        Ok(self.inner.initialize_session(id, message).await?)
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        Ok(self.inner.has_session(id).await?)
    }

    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        Ok(self.inner.close_session(id).await?)
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<impl Stream<Item = Sse> + Send + Sync + 'static, Self::Error> {
        Ok(self.inner.create_stream(id, message).await?)
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        Ok(self.inner.accept_message(id, message).await?)
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl Stream<Item = Sse> + Send + Sync + 'static, Self::Error> {
        Ok(self.inner.create_standalone_stream(id).await?)
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl Stream<Item = Sse> + Send + Sync + 'static, Self::Error> {
        Ok(self.inner.resume(id, last_event_id).await?)
    }

    async fn restore_session(
        &self,
        id: SessionId,
    ) -> Result<RestoreOutcome<Self::Transport>, Self::Error> {
        // A restored session counts as a new one.
        let _one_at_a_time = self.creating.lock().await;
        self.room().await?;
        Ok(self.inner.restore_session(id).await?)
    }

    fn event_store(&self) -> Option<Arc<dyn EventStore>> {
        self.inner.event_store()
    }
}
