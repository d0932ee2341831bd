//! Who has heard an alias's notice already ([`Heard`]), for aliases whose notice a model reads
//! once: per session, or, on protocol 2026-07-28, which has no sessions, per
//! client that names itself in the request's `_meta`.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError, Weak};

use rmcp::RoleServer;
use rmcp::model::InitializeRequestParams;
use rmcp::service::RequestContext;

/// Most clients (by `clientInfo`) remembered per alias; past it the set starts again, so a
/// client may read the notice once more, and memory stays bounded.
const MOST_CLIENTS: usize = 4096;

/// The sessions and clients that have had an alias's notice. A session is known by its
/// handshake (`initialize` params, one `Arc` per session), held weakly: a closed session's
/// entry is dropped at the next call, and a new session is never taken for an old one.
#[derive(Debug, Default)]
pub(crate) struct Heard {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    sessions: Vec<Weak<InitializeRequestParams>>,
    clients: HashSet<String>,
}

impl Heard {
    /// Whether the caller of `context` is to hear the notice now: its first call by this
    /// name in its session (or from this client), which is then remembered. A caller that
    /// cannot be told apart (no handshake, no `clientInfo`) hears it every time.
    pub fn first(&self, context: &RequestContext<RoleServer>) -> bool {
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(session) = context.peer.peer_info() {
            inner.sessions.retain(|s| s.strong_count() > 0);
            let seen = inner
                .sessions
                .iter()
                .any(|s| s.as_ptr() == Arc::as_ptr(&session));
            if !seen {
                inner.sessions.push(Arc::downgrade(&session));
            }
            return !seen;
        }
        let Some(client) = context.meta.client_info() else {
            return true;
        };
        let key = format!("{}\0{}", client.name, client.version);
        if inner.clients.contains(&key) {
            return false;
        }
        if inner.clients.len() >= MOST_CLIENTS {
            inner.clients.clear();
        }
        inner.clients.insert(key);
        true
    }
}
