//! [`SharedToolRegistry`]: one registry for every session of a running server, changed at
//! run time, with `notifications/tools/list_changed` sent to each session that is open
//! (before protocol 2026-07-28) and to each client that listens (`subscriptions/listen`,
//! 2026-07-28).

use std::sync::{Arc, PoisonError, RwLock};

use rmcp::RoleServer;
use rmcp::service::{MaybeSend, Peer, SubscriptionContext};
use tokio::sync::watch;

use crate::ToolRegistry;
use crate::peer::PeerNotifier;

/// A [`ToolRegistry`] shared by every session of a server, whose tools can change while
/// sessions are open: a change made through [`update`](Self::update) is seen by the next
/// request of every session, and each session joined with [`bind_peer`](Self::bind_peer)
/// gets `notifications/tools/list_changed` once per change of `tools/list` (alias windows
/// included). On protocol 2026-07-28, which has no sessions, a client that listens
/// (`subscriptions/listen` with `toolsListChanged`) is told through
/// [`notify_subscription`](Self::notify_subscription) instead.
///
/// Cloning is cheap and every clone is the same registry. Requests read a
/// [`snapshot`](Self::snapshot), so a change never tears a `tools/list` in half, and rmcp's
/// handler macro serves it as it is:
///
/// ```
/// use mcp_toolname_runtime::SharedToolRegistry;
/// # use rmcp::handler::server::router::tool::ToolRoute;
/// # use rmcp::model::{CallToolResult, JsonObject, Tool};
/// # use std::sync::Arc;
///
/// #[derive(Clone)]
/// struct Server {
///     tools: SharedToolRegistry<Self>,
/// }
///
/// #[rmcp::tool_handler(router = self.tools.snapshot())]
/// impl rmcp::ServerHandler for Server {
///     async fn on_initialized(&self, context: rmcp::service::NotificationContext<rmcp::RoleServer>) {
///         self.tools.bind_peer(context.peer);
///     }
/// }
///
/// # let route = ToolRoute::<Server>::new_dyn(Tool::new("beta", "", Arc::new(JsonObject::new())),
/// #     |_| Box::pin(async { Ok(CallToolResult::default().into()) }));
/// let server = Server { tools: SharedToolRegistry::default() };
/// server.tools.update(|tools| tools.try_add_route(route))?;
/// assert!(server.tools.snapshot().has_route("beta"));
/// # Ok::<(), mcp_toolname_runtime::RegistryError>(())
/// ```
pub struct SharedToolRegistry<S> {
    inner: Arc<Inner<S>>,
}

struct Inner<S> {
    registry: RwLock<ToolRegistry<S>>,
    /// Who is told of changes.
    tell: Arc<Tell>,
}

/// The sessions and subscriptions told of a change.
#[derive(Default)]
struct Tell {
    peers: RwLock<Vec<PeerNotifier>>,
    /// Bumped at each change of `tools/list`; each open subscription waits on it.
    changes: watch::Sender<u64>,
}

impl Tell {
    /// Tells every bound session, each through its bounded sender (sessions whose transport
    /// is closed are dropped here), and every subscription.
    fn tell(&self) {
        let mut peers = self.peers.write().unwrap_or_else(PoisonError::into_inner);
        peers.retain(|p| !p.is_closed());
        for peer in peers.iter() {
            peer.notify();
        }
        drop(peers);
        self.changes.send_modify(|n| *n = n.wrapping_add(1));
    }
}

thread_local! {
    /// The registries this thread is inside `update` of (their addresses): a `snapshot` of
    /// one of them here would wait for the lock this thread holds.
    static UPDATING: std::cell::RefCell<Vec<usize>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Marks this thread as inside `update` of one registry until dropped (also on a panic in
/// the closure).
struct Updating(usize);

impl Updating {
    fn enter(at: usize) -> Self {
        UPDATING.with(|u| u.borrow_mut().push(at));
        Self(at)
    }

    fn holds(at: usize) -> bool {
        UPDATING.with(|u| u.borrow().contains(&at))
    }
}

impl Drop for Updating {
    fn drop(&mut self) {
        UPDATING.with(|u| {
            let mut u = u.borrow_mut();
            if let Some(i) = u.iter().rposition(|&a| a == self.0) {
                u.remove(i);
            }
        });
    }
}

impl<S> Clone for SharedToolRegistry<S> {
    fn clone(&self) -> Self {
        Self {
            inner: Arc::clone(&self.inner),
        }
    }
}

impl<S: MaybeSend + 'static> Default for SharedToolRegistry<S> {
    fn default() -> Self {
        Self::new(ToolRegistry::new())
    }
}

impl<S> std::fmt::Debug for SharedToolRegistry<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("SharedToolRegistry")
            .field(
                &*self
                    .inner
                    .registry
                    .read()
                    .unwrap_or_else(PoisonError::into_inner),
            )
            .finish()
    }
}

impl<S: MaybeSend + 'static> SharedToolRegistry<S> {
    /// Shares `registry`, replacing its notifier with one that tells every bound session.
    #[must_use]
    pub fn new(mut registry: ToolRegistry<S>) -> Self {
        let tell = Arc::new(Tell::default());
        let told = Arc::clone(&tell);
        registry.set_notifier(move || told.tell());
        Self {
            inner: Arc::new(Inner {
                registry: RwLock::new(registry),
                tell,
            }),
        }
    }

    /// This registry's address, for [`Updating`].
    fn at(&self) -> usize {
        Arc::as_ptr(&self.inner).cast::<()>() as usize
    }

    /// The registry as it is now: a cheap clone that one request uses from start to end
    /// (without the notifier: changing a snapshot changes nothing the sessions see).
    ///
    /// # Panics
    /// Inside [`update`](Self::update) of the same registry, on the same thread, where it
    /// would wait forever for the lock `update` holds: use the `&mut ToolRegistry` that
    /// `update` gives instead.
    #[must_use]
    pub fn snapshot(&self) -> ToolRegistry<S> {
        assert!(
            !Updating::holds(self.at()),
            "SharedToolRegistry::snapshot called inside update of the same registry, which \
             would wait forever for the lock update holds; read the &mut ToolRegistry that \
             update gives instead"
        );
        self.inner
            .registry
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .detached()
    }

    /// Changes the registry for every session at once: `f` runs under the write lock as one
    /// batch ([`ToolRegistry::update`]): if `tools/list` differs when it ends, every bound
    /// session and subscription is told once, however many changes `f` made; if it does not
    /// (tools removed and added back as they were), no one is told. Returns what `f` returns, so the `try_*` methods' errors reach
    /// the caller. Inside `f`, read the registry `f` is given: [`snapshot`](Self::snapshot)
    /// of this registry panics there (it would wait for the lock `f` runs under).
    ///
    /// # Panics
    /// Called inside `update` of the same registry on the same thread (it would wait forever
    /// for its own lock).
    pub fn update<R>(&self, f: impl FnOnce(&mut ToolRegistry<S>) -> R) -> R {
        assert!(
            !Updating::holds(self.at()),
            "SharedToolRegistry::update called inside update of the same registry, which \
             would wait forever for the lock the outer update holds; make every change in the \
             outer closure"
        );
        let _inside = Updating::enter(self.at());
        let mut registry = self
            .inner
            .registry
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        // One batch: told once if `tools/list` differs at the end, never if it does not.
        registry.update(f)
    }

    /// Sends `notifications/tools/list_changed` to `peer` at each change from now on, while
    /// its session is open. Call it from `ServerHandler::on_initialized`.
    pub fn bind_peer(&self, peer: Peer<RoleServer>) {
        let mut peers = self
            .inner
            .tell
            .peers
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        peers.retain(|p| !p.is_closed());
        peers.push(PeerNotifier::new(peer, crate::item::ListKind::Tools));
    }

    /// Number of sessions that will be told of the next change.
    #[must_use]
    pub fn bound_peers(&self) -> usize {
        let peers = self
            .inner
            .tell
            .peers
            .read()
            .unwrap_or_else(PoisonError::into_inner);
        peers.iter().filter(|p| !p.is_closed()).count()
    }
}

impl<S> SharedToolRegistry<S> {
    /// For protocol 2026-07-28: serves one `subscriptions/listen` request, sending
    /// `notifications/tools/list_changed` on its stream at each change of `tools/list` (an
    /// [`update`](Self::update) that changed it, or an alias window moving on) if the client
    /// asked for `toolsListChanged` and `accepted_subscription_filter` accepted it, until the
    /// client cancels the subscription. Call it from `ServerHandler::listen`. Changes that
    /// come faster than the client reads are told once: the notification says "list again",
    /// not what changed.
    pub async fn notify_subscription(&self, context: &SubscriptionContext) {
        if context.accepted().tools_list_changed != Some(true) {
            context.cancelled().await;
            return;
        }
        let mut changes = self.inner.tell.changes.subscribe();
        loop {
            tokio::select! {
                changed = changes.changed() => {
                    if changed.is_err() {
                        break;
                    }
                    if let Err(e) = context.sink().notify_tool_list_changed().await {
                        tracing::debug!("stopped sending tools/list_changed: {e}");
                        break;
                    }
                }
                () = context.cancelled() => break,
            }
        }
    }

    /// Number of `subscriptions/listen` streams now waiting for the next change.
    #[must_use]
    pub fn subscriptions(&self) -> usize {
        self.inner.tell.changes.receiver_count()
    }
}
