//! One session's `notifications/tools/list_changed` (or `prompts/list_changed`), bounded: however many changes come and
//! however slowly the peer reads, at most one notification is being sent and one more is
//! pending (later changes fold into it: the notification says "list again", not what
//! changed). A peer whose transport is closed is sent nothing and dropped by its owner.

use std::sync::{Arc, Mutex, PoisonError};

use rmcp::RoleServer;
use rmcp::service::Peer;

use crate::item::ListKind;

/// What one peer's sender is doing.
#[derive(Debug, Default)]
struct State {
    /// A task is sending (or about to).
    sending: bool,
    /// Another change came while it was sending: send once more when it is done.
    pending: bool,
}

/// The bounded `*/list_changed` sender of one session. Cloning shares the state.
#[derive(Clone)]
pub(crate) struct PeerNotifier {
    peer: Peer<RoleServer>,
    list: ListKind,
    state: Arc<Mutex<State>>,
}

impl PeerNotifier {
    pub(crate) fn new(peer: Peer<RoleServer>, list: ListKind) -> Self {
        Self {
            peer,
            list,
            state: Arc::default(),
        }
    }

    /// Whether the peer's transport is closed: nothing more can reach it.
    pub(crate) fn is_closed(&self) -> bool {
        self.peer.is_transport_closed()
    }

    /// Tells the peer that `tools/list` changed: starts the one sending task, or folds this
    /// change into the pending one. Outside a tokio runtime nothing is sent (a warning says
    /// so).
    pub(crate) fn notify(&self) {
        if self.is_closed() {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            tracing::warn!(
                "{} changed outside a tokio runtime; no notification sent",
                self.list.method()
            );
            return;
        };
        {
            let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
            if state.sending {
                state.pending = true;
                return;
            }
            state.sending = true;
        }
        let this = self.clone();
        runtime.spawn(async move { this.send_until_caught_up().await });
    }

    /// Sends, then again while changes came in meanwhile; stops at the first error (the
    /// peer is gone: later changes find the transport closed).
    async fn send_until_caught_up(self) {
        loop {
            if let Err(e) = self.list.tell_peer(&self.peer).await {
                tracing::warn!(
                    "failed to send {}_changed notification: {e}",
                    self.list.method()
                );
                let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
                *state = State::default();
                return;
            }
            let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
            if !state.pending {
                state.sending = false;
                return;
            }
            state.pending = false;
        }
    }
}
