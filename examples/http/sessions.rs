//! A cap on rmcp's sessions (protocol versions before 2026-07-28) that no client can fill,
//! from one address or from many.
//!
//! - A session counts against [`SessionLimits::most`] only once the client has finished its
//!   handshake (`notifications/initialized`). Until then it is unfinished: at most `most` of
//!   those are held too, apart, and one that is not finished within
//!   [`SessionLimits::init_timeout`] is closed.
//! - When the server holds as many finished sessions as it may, a session that finishes its
//!   handshake takes the place of the one idle the longest (no request on it for the longest
//!   time), which is closed; the same for unfinished ones, for a new `initialize`. A session
//!   answering a request is not idle; one holding only an SSE stream is, since the stream only
//!   listens. So sessions that are opened and left, from however many addresses, make room for
//!   a client that uses its own, and a client that lost its session opens another (rmcp's
//!   client does so by itself on the `404`).
//! - One peer address holds at most [`SessionLimits::per_peer`] sessions, finished or not; past
//!   that it is refused, and no other session gives way for it.
//! - A refusal is an answer the client can act on: `429 Too Many Requests` when the client's
//!   address has its share, `503 Service Unavailable` only when nothing can give way (every
//!   session of the kind the client needs is answering a request), both with `Retry-After`
//!   (which rmcp's client reads).

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use futures_core::Stream;
use rmcp::model::{ClientJsonRpcMessage, ClientNotification, ServerJsonRpcMessage};
use rmcp::transport::WorkerTransport;
use rmcp::transport::common::server_side_http::ServerSseMessage;
use rmcp::transport::streamable_http_server::session::EventStore;
use rmcp::transport::streamable_http_server::session::local::{
    LocalSessionManager, LocalSessionManagerError, LocalSessionWorker,
};
use rmcp::transport::streamable_http_server::{RestoreOutcome, SessionId, SessionManager};
use tokio::time::Instant;

use crate::peer::{Held, Peer, PeerCounts};
use crate::refusals::{Refusal, caller, said};

/// `refusal` as an error, said to [`crate::refusals::answer_refusals`] too.
fn refuse(refusal: Refusal) -> SessionError {
    SessionError::Refused(said(refusal))
}

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

/// Sessions by state; each holds its peer's count while it is here.
#[derive(Default)]
struct Counted {
    /// Counted between the checks and rmcp's `create_session`, which awaits.
    opening: usize,
    unfinished: HashMap<SessionId, Slot>,
    finished: HashMap<SessionId, Slot>,
}

/// A session's place.
struct Slot {
    _held: Held,
    /// When it was opened or a request on it came, whichever is later.
    since: Instant,
    /// Requests on it being answered.
    answering: usize,
}

impl Slot {
    fn new(held: Held) -> Self {
        Self {
            _held: held,
            since: Instant::now(),
            answering: 0,
        }
    }
}

/// The session of `sessions` idle the longest, if one is idle.
fn idlest(sessions: &HashMap<SessionId, Slot>) -> Option<SessionId> {
    sessions
        .iter()
        .filter(|(_, slot)| slot.answering == 0)
        .min_by_key(|(_, slot)| slot.since)
        .map(|(id, _)| id.clone())
}

impl Counted {
    fn slot(&mut self, id: &SessionId) -> Option<&mut Slot> {
        match self.finished.get_mut(id) {
            Some(slot) => Some(slot),
            None => self.unfinished.get_mut(id),
        }
    }

    /// Counts `id` as finished, in the place of the longest-idle finished session when there
    /// is no other: `Ok` with the session to close then, `Err` when none is idle.
    fn finished(
        &mut self,
        most: usize,
        id: SessionId,
        slot: Slot,
    ) -> Result<Option<SessionId>, Refusal> {
        let mut gives_way = None;
        if self.finished.len() >= most {
            let idlest = idlest(&self.finished).ok_or(Refusal::Full(most))?;
            self.finished.remove(&idlest);
            gives_way = Some(idlest);
        }
        self.finished.insert(id, slot);
        Ok(gives_way)
    }
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

    /// Closes `id`, which gave way to a new session (already uncounted).
    async fn close(&self, gives_way: Option<SessionId>) {
        if let Some(id) = gives_way {
            let _ = self.local.close_session(&id).await;
        }
    }

    /// Marks `id` active now, and answering `by` more (or fewer) requests.
    fn active(&self, id: &SessionId, by: isize) {
        if let Some(slot) = self.sessions().slot(id) {
            slot.since = Instant::now();
            slot.answering = slot.answering.saturating_add_signed(by);
        }
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

    /// A place for a new session of the caller's address, or why there is none; with the
    /// unfinished session that gave way to it, to close.
    fn room(&self) -> Result<(Opening, Option<SessionId>), SessionError> {
        let limits = self.shared.limits;
        let mut sessions = self.shared.sessions();
        // Refused now when it could not finish its handshake, not after.
        if sessions.finished.len() >= limits.most && idlest(&sessions.finished).is_none() {
            return Err(refuse(Refusal::Full(limits.most)));
        }
        // A request from no known address (none outside this example) counts as one peer.
        let peer = caller().unwrap_or(Peer::of(std::net::Ipv4Addr::UNSPECIFIED.into()));
        let Some(held) = self.shared.peers.take(peer, limits.per_peer) else {
            return Err(refuse(Refusal::PeerShare(limits.per_peer)));
        };
        let mut gives_way = None;
        if sessions.unfinished.len() + sessions.opening >= limits.most {
            let Some(idlest) = idlest(&sessions.unfinished) else {
                return Err(refuse(Refusal::Opening(limits.most)));
            };
            sessions.unfinished.remove(&idlest);
            gives_way = Some(idlest);
        }
        sessions.opening += 1;
        let opening = Opening {
            shared: Arc::clone(&self.shared),
            held: Some(held),
        };
        Ok((opening, gives_way))
    }

    /// Counts `id` as unfinished, and closes it if it is still so after the init timeout.
    fn unfinished(&self, mut opening: Opening, id: &SessionId) {
        if let Some(held) = opening.held.take() {
            let slot = Slot::new(held);
            self.shared.sessions().unfinished.insert(id.clone(), slot);
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

    /// Counts `id` as finished, when it was unfinished, in the place of the longest-idle
    /// finished session when there is no other: `Err` when none is idle (then `id` is closed).
    async fn finish(&self, id: &SessionId) -> Result<(), SessionError> {
        let most = self.shared.limits.most;
        let finished = {
            let mut sessions = self.shared.sessions();
            let Some(slot) = sessions.unfinished.remove(id) else {
                return Ok(());
            };
            sessions.finished(most, id.clone(), slot)
        };
        match finished {
            Ok(gives_way) => {
                self.shared.close(gives_way).await;
                Ok(())
            }
            Err(refusal) => {
                let _ = self.shared.local.close_session(id).await;
                Err(refuse(refusal))
            }
        }
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
        let (opening, gives_way) = self.room()?;
        self.shared.close(gives_way).await;
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

    /// Asked first for every request on a session: the request is its activity.
    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        self.shared.active(id, 0);
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
        // The answer to a request: the session is answering until its stream ends.
        let answering = Answering::new(&self.shared, id);
        let stream = self.shared.local.create_stream(id, message).await?;
        Ok(AnswerStream {
            stream,
            _answering: answering,
        })
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
        let (mut opening, gives_way) = self.room()?;
        self.shared.close(gives_way).await;
        let outcome = self.shared.local.restore_session(id.clone()).await?;
        if let (RestoreOutcome::Restored(_), Some(held)) = (&outcome, opening.held.take()) {
            let most = self.shared.limits.most;
            let finished = self
                .shared
                .sessions()
                .finished(most, id.clone(), Slot::new(held));
            match finished {
                Ok(gives_way) => self.shared.close(gives_way).await,
                Err(refusal) => {
                    let _ = self.shared.local.close_session(&id).await;
                    return Err(refuse(refusal));
                }
            }
        }
        Ok(outcome)
    }

    fn event_store(&self) -> Option<Arc<dyn EventStore>> {
        self.shared.local.event_store()
    }
}

/// A request on a session being answered, until dropped.
struct Answering {
    shared: Arc<Shared>,
    id: SessionId,
}

impl Answering {
    fn new(shared: &Arc<Shared>, id: &SessionId) -> Self {
        shared.active(id, 1);
        Self {
            shared: Arc::clone(shared),
            id: id.clone(),
        }
    }
}

impl Drop for Answering {
    fn drop(&mut self) {
        self.shared.active(&self.id, -1);
    }
}

/// The stream of an answer, holding its session answering until it ends.
struct AnswerStream<S> {
    stream: S,
    _answering: Answering,
}

impl<S: Stream + Unpin> Stream for AnswerStream<S> {
    type Item = S::Item;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<S::Item>> {
        Pin::new(&mut self.get_mut().stream).poll_next(cx)
    }
}
