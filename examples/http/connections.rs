//! The connections the server holds, and which one gives way when it holds as many as it may.
//!
//! A connection is in flight while a request on it has arrived whole and its answer is not yet
//! sent in full ([`Opened::request`]). Otherwise it is idle: between requests on a keep-alive
//! connection, while a request's headers or body are still on their way, or while it holds an
//! SSE stream (`GET /mcp`), which only listens. When a new connection comes and the server
//! holds as many as it may, the one idle the longest (since it was opened, since its last
//! request came, or since its last answer was sent) is closed for it: a client holding
//! connections it does not use cannot keep a new client out, from however many addresses.
//! Only when every connection is in flight does the server stop accepting, until one closes
//! or falls idle (the kernel's backlog holds the new ones meanwhile).

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use hyper::body::{Frame, SizeHint};
use tokio::sync::Notify;
use tokio::time::Instant;

/// Every open connection, at most `most`.
pub struct Connections {
    most: usize,
    table: Mutex<Table>,
    /// Told when a connection closes or falls idle, for [`Connections::admit`].
    changed: Notify,
}

#[derive(Default)]
struct Table {
    next: u64,
    open: HashMap<u64, Entry>,
}

struct Entry {
    /// When it was opened, a request came or an answer was sent, whichever is latest.
    since: Instant,
    /// Requests being answered.
    in_flight: usize,
    /// Closes the connection.
    close: Arc<Notify>,
}

impl Connections {
    /// Room for `most` connections.
    pub fn new(most: usize) -> Arc<Self> {
        Arc::new(Self {
            most,
            table: Mutex::default(),
            changed: Notify::new(),
        })
    }

    fn table(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A place for a new connection: a free one, else the longest-idle connection's (which is
    /// closed), else, when every connection is in flight, the first that closes or falls idle.
    pub async fn admit(self: &Arc<Self>) -> Opened {
        loop {
            if let Some(opened) = self.try_admit() {
                return opened;
            }
            // `notify_one` keeps a wake-up given between the look above and this wait.
            self.changed.notified().await;
        }
    }

    fn try_admit(self: &Arc<Self>) -> Option<Opened> {
        let mut table = self.table();
        if table.open.len() >= self.most {
            let idlest = table
                .open
                .iter()
                .filter(|(_, entry)| entry.in_flight == 0)
                .min_by_key(|(_, entry)| entry.since)
                .map(|(id, _)| *id)?;
            if let Some(entry) = table.open.remove(&idlest) {
                entry.close.notify_one();
            }
        }
        let id = table.next;
        table.next += 1;
        let close = Arc::new(Notify::new());
        let entry = Entry {
            since: Instant::now(),
            in_flight: 0,
            close: Arc::clone(&close),
        };
        table.open.insert(id, entry);
        Some(Opened {
            connection: Connection {
                connections: Arc::clone(self),
                id,
            },
            close,
        })
    }

    /// Marks connection `id` active now, and in flight `by` more (or fewer) requests.
    fn active(&self, id: u64, by: isize) {
        if let Some(entry) = self.table().open.get_mut(&id) {
            entry.since = Instant::now();
            entry.in_flight = entry.in_flight.saturating_add_signed(by);
        }
        if by < 0 {
            self.changed.notify_one();
        }
    }
}

/// One connection's place, held by the task that serves it; given back when dropped.
pub struct Opened {
    connection: Connection,
    close: Arc<Notify>,
}

impl Opened {
    /// What its requests carry, to say when they come and when they are answered.
    pub fn connection(&self) -> Connection {
        self.connection.clone()
    }

    /// Resolves when the connection is to be closed for a new one.
    pub async fn closed(&self) {
        self.close.notified().await;
    }
}

impl Drop for Opened {
    fn drop(&mut self) {
        let Connection { connections, id } = &self.connection;
        connections.table().open.remove(id);
        connections.changed.notify_one();
    }
}

/// A connection, as its requests know it (a request extension).
#[derive(Clone)]
pub struct Connection {
    connections: Arc<Connections>,
    id: u64,
}

impl Connection {
    /// A request has come whole. One that only `listens` (an SSE stream) leaves the connection
    /// idle; any other holds it in flight until the returned [`Answering`] is dropped.
    pub fn request(&self, listens: bool) -> Option<Answering> {
        if listens {
            self.connections.active(self.id, 0);
            return None;
        }
        self.connections.active(self.id, 1);
        Some(Answering(self.clone()))
    }
}

/// A request in flight on its connection, until dropped.
pub struct Answering(Connection);

impl Drop for Answering {
    fn drop(&mut self) {
        self.0.connections.active(self.0.id, -1);
    }
}

/// An answer's body, holding its request in flight until it is sent in full (or dropped).
pub struct AnswerBody {
    pub body: Body,
    pub answering: Option<Answering>,
}

impl hyper::body::Body for AnswerBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let this = self.get_mut();
        let frame = Pin::new(&mut this.body).poll_frame(cx);
        if matches!(frame, Poll::Ready(None)) {
            this.answering = None;
        }
        frame
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
