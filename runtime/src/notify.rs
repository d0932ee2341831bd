//! When the served set of tools (or prompts) changes (an alias leaves the list, or stops being
//! served), and telling connected clients: `notifications/tools/list_changed` (or
//! `notifications/prompts/list_changed`) at that moment.

use std::future::Future;
use std::time::Duration;

use chrono::{DateTime, Utc};
use rmcp::RoleServer;
use rmcp::model::ProtocolVersion;
use rmcp::service::{Peer, SubscriptionContext};

use crate::item::Item;
use crate::registry::Registry;

use crate::clock::RECHECK;

impl<R: Item> Registry<R> {
    /// The next instant at which the list (`tools/list`, `prompts/list`) or a call answers
    /// differently (an alias
    /// leaves the list or stops being served), by the registry's clock; `None` when nothing
    /// is due.
    #[must_use]
    pub fn next_change(&self) -> Option<DateTime<Utc>> {
        let now = self.clock().now();
        self.aliases()
            .flat_map(|(alias, _)| alias.changes_after(now))
            .min()
    }

    /// How long a client may cache `tools/list` now: up to the next change (`None`: no
    /// change is due). rmcp's `#[tool_handler]` answers with a TTL of 0 on protocol
    /// 2026-07-28 (no caching), which never outlives a change; a hand-written `list_tools`
    /// can use this instead.
    #[must_use]
    pub fn list_ttl(&self) -> Option<Duration> {
        self.next_change()
            .map(|at| (at - self.clock().now()).to_std().unwrap_or_default())
    }

    /// Calls `send` at each change ([`Self::next_change`]), until no change is due (returns
    /// `Ok`) or `send` fails (returns its error).
    ///
    /// # Errors
    /// The first error `send` returns.
    pub async fn on_each_change<E, F, Fut>(&self, mut send: F) -> Result<(), E>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<(), E>>,
    {
        while let Some(at) = self.next_change() {
            loop {
                let left = (at - self.clock().now()).to_std().unwrap_or_default();
                if left.is_zero() {
                    break;
                }
                tokio::time::sleep(left.min(RECHECK)).await;
            }
            send().await?;
        }
        Ok(())
    }

    /// For sessions before protocol 2026-07-28: sends `notifications/tools/list_changed` (for
    /// prompts, `notifications/prompts/list_changed`) to `peer` at each change, in a task that
    /// ends when no change is due or the peer is gone.
    /// On 2026-07-28 sessions it sends nothing: there, only clients that listen get it, through
    /// [`Self::notify_subscription`]. Declare the capability in `get_info` with
    /// `ServerCapabilities::builder().enable_tools().enable_tool_list_changed()`.
    pub fn notify_peer(&self, peer: Peer<RoleServer>) -> tokio::task::JoinHandle<()>
    where
        R: Send + Sync + 'static,
    {
        let registry = self.clone();
        tokio::spawn(async move {
            let legacy = peer
                .peer_info()
                .is_some_and(|info| info.protocol_version < ProtocolVersion::V_2026_07_28);
            if legacy {
                let result = registry.on_each_change(|| R::LIST.tell_peer(&peer)).await;
                if let Err(e) = result {
                    tracing::debug!("stopped sending {}_changed: {e}", R::LIST.method());
                }
            }
        })
    }

    /// For protocol 2026-07-28: serves one `subscriptions/listen` request, sending
    /// `notifications/tools/list_changed` at each change if the client accepted it, until the
    /// subscription is cancelled or no change is due. Call it from `ServerHandler::listen`.
    pub async fn notify_subscription(&self, context: &SubscriptionContext) {
        if !R::LIST.accepted(context) {
            context.cancelled().await;
            return;
        }
        let send = || R::LIST.tell_subscription(context);
        tokio::select! {
            result = self.on_each_change(send) => {
                if let Err(e) = result {
                    tracing::debug!("stopped sending {}_changed: {e}", R::LIST.method());
                }
            }
            () = context.cancelled() => {}
        }
    }
}
