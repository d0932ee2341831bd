//! rmcp's notifier on [`ToolRegistry`]: a callback called exactly when `tools/list`
//! changes, by a run-time change or because an alias window moved on.

use std::convert::Infallible;
use std::sync::{Arc, Mutex, PoisonError};

use rmcp::RoleServer;
use rmcp::service::{MaybeSend, Peer};
use tokio::task::AbortHandle;

use super::ToolRegistry;
use crate::peer::PeerNotifier;

/// The callback, and the timer task that calls it when an alias window moves on.
#[derive(Clone)]
pub(super) struct Notifier {
    callback: Arc<dyn Fn() + Send + Sync>,
    timer: Arc<Mutex<Option<AbortHandle>>>,
}

impl Notifier {
    pub(super) fn fire(&self) {
        (self.callback)();
    }

    fn disarm(&self) {
        let mut timer = self.timer.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(task) = timer.take() {
            task.abort();
        }
    }
}

impl<S: MaybeSend + 'static> ToolRegistry<S> {
    /// Installs `f`, called each time the `tools/list` answer changes: a tool added,
    /// removed, disabled or enabled, a merge, and (inside a tokio runtime) the moment an
    /// alias window moves on (an alias leaves the list at `list_until` or `until`).
    /// rmcp's router calls its notifier on `disable_route` / `enable_route` only.
    pub fn set_notifier(&mut self, f: impl Fn() + Send + Sync + 'static) {
        self.clear_notifier();
        let notifier = Notifier {
            callback: Arc::new(f),
            timer: Arc::default(),
        };
        self.arm_timer(&notifier);
        self.notifier = Some(notifier);
    }

    /// Removes the notifier and stops its timer.
    pub fn clear_notifier(&mut self) {
        if let Some(notifier) = self.notifier.take() {
            notifier.disarm();
        }
    }

    /// Installs a notifier that sends `notifications/tools/list_changed` to `peer`. However
    /// many changes come and however slowly the peer reads, at most one notification is in
    /// flight and one pending: later changes fold into it.
    pub fn bind_peer_notifier(&mut self, peer: &Peer<RoleServer>) {
        let peer = PeerNotifier::new(peer.clone());
        self.set_notifier(move || peer.notify());
    }

    /// (Re)starts the task that calls `notifier` when an alias window changes `tools/list`,
    /// watching the set as it is now. Needs a tokio runtime; without one, only changes made
    /// through the registry's methods notify.
    pub(super) fn arm_timer(&self, notifier: &Notifier) {
        notifier.disarm();
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        if self.next_change().is_none() {
            return;
        }
        let watched = self.detached();
        let fire = notifier.clone();
        let task = runtime.spawn(async move {
            let mut shown = watched.visible_names();
            let _ = watched
                .on_each_change(|| {
                    let now = watched.visible_names();
                    if now != shown {
                        shown = now;
                        fire.fire();
                    }
                    std::future::ready(Ok::<(), Infallible>(()))
                })
                .await;
        });
        *notifier
            .timer
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(task.abort_handle());
    }
}
