//! [`SharedRegistry`] ([`SharedToolRegistry`], [`SharedPromptRegistry`]): one registry for
//! every session of a running server, changed at run time, with
//! `notifications/tools/list_changed` (or `prompts/list_changed`) sent to each session that
//! is open (before protocol 2026-07-28) and to each client that listens
//! (`subscriptions/listen`, 2026-07-28).

use std::sync::{Arc, PoisonError, RwLock, TryLockError};
use std::time::{Duration, Instant};

use rmcp::RoleServer;
use rmcp::handler::server::router::prompt::PromptRoute;
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::service::{Peer, SubscriptionContext};
use tokio::sync::watch;

use crate::item::Item;
use crate::peer::PeerNotifier;
use crate::registry::Registry;

/// A [`ToolRegistry`](crate::ToolRegistry) shared by every session of a server, whose tools
/// can change while
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
pub type SharedToolRegistry<S> = SharedRegistry<ToolRoute<S>>;

/// A [`PromptRegistry`](crate::PromptRegistry) shared by every session of a server, whose
/// prompts can change while sessions are open: [`SharedToolRegistry`] for prompts, telling
/// `notifications/prompts/list_changed` (and, to a client that listens, `promptsListChanged`).
///
/// ```
/// use mcp_toolname_runtime::SharedPromptRegistry;
/// # use rmcp::handler::server::router::prompt::PromptRoute;
/// # use rmcp::model::{GetPromptResult, Prompt};
///
/// #[derive(Clone)]
/// struct Server {
///     prompts: SharedPromptRegistry<Self>,
/// }
///
/// # let route = PromptRoute::<Server>::new_dyn(Prompt::new("review", None::<String>, None),
/// #     |_| Box::pin(async { Ok(GetPromptResult::new(Vec::new()).into()) }));
/// let server = Server { prompts: SharedPromptRegistry::default() };
/// server.prompts.update(|prompts| prompts.try_add_route(route))?;
/// assert!(server.prompts.snapshot().has_route("review"));
/// # Ok::<(), mcp_toolname_runtime::RegistryError>(())
/// ```
pub type SharedPromptRegistry<S> = SharedRegistry<PromptRoute<S>>;

/// A [`Registry`] of items of one kind shared by every session of a server, changed at run
/// time and told to every session. Used as [`SharedToolRegistry`] or
/// [`SharedPromptRegistry`].
pub struct SharedRegistry<R: Item> {
    inner: Arc<Inner<R>>,
}

struct Inner<R: Item> {
    registry: RwLock<Registry<R>>,
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

/// The longest [`SharedRegistry::snapshot`] waits for an update on another thread: far past
/// any real update (a batch of changes to an in-memory set), so only an update that waits for
/// the snapshot's own thread reaches it, and that one would never end.
const MOST_WAIT: Duration = Duration::from_secs(30);

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

impl<R: Item> Clone for SharedRegistry<R> {
    fn clone(&self) -> Self {
        Self {
            inner: Arc::clone(&self.inner),
        }
    }
}

impl<R: Item> Default for SharedRegistry<R> {
    fn default() -> Self {
        Self::new(Registry::new())
    }
}

/// Never waits for a lock: inside [`update`](SharedRegistry::update) of this registry (on
/// this thread, where waiting would never end, or on another) it prints
/// `SharedToolRegistry(<being updated>)`, not the registry.
impl<R: Item> std::fmt::Debug for SharedRegistry<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        /// What is printed while an update holds the registry.
        struct BeingUpdated;
        impl std::fmt::Debug for BeingUpdated {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("<being updated>")
            }
        }
        let mut out = f.debug_tuple(R::LIST.shared_type());
        if Updating::holds(self.at()) {
            return out.field(&BeingUpdated).finish();
        }
        match self.inner.registry.try_read() {
            Ok(registry) => out.field(&*registry),
            Err(TryLockError::Poisoned(poisoned)) => out.field(&*poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => out.field(&BeingUpdated),
        }
        .finish()
    }
}

impl<R: Item> SharedRegistry<R> {
    /// Shares `registry`, replacing its notifier with one that tells every bound session.
    #[must_use]
    pub fn new(mut registry: Registry<R>) -> Self {
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
    /// While an [`update`](Self::update) runs on another thread, this waits for it to end
    /// (updates are short: a request never sees half of one), at most 30 s. Where
    /// that update itself waits for this thread (its closure joins it or blocks on it), the
    /// wait could never end: it panics then, and [`try_snapshot`](Self::try_snapshot) is
    /// the call for such code.
    ///
    /// # Panics
    /// Inside [`update`](Self::update) of the same registry, on the same thread, where it
    /// would wait forever for the lock `update` holds: use the `&mut ToolRegistry` that
    /// `update` gives instead. After waiting 30 s for an update on another thread.
    #[must_use]
    pub fn snapshot(&self) -> Registry<R> {
        assert!(
            !Updating::holds(self.at()),
            "{}::snapshot called inside update of the same registry, which would wait forever \
             for the lock update holds; read the &mut {} that update gives instead",
            R::LIST.shared_type(),
            R::LIST.registry_type()
        );
        // Polled, not a blocking read: std's lock cannot wait with a bound. The pause grows
        // to 1 ms, so a request that meets an update waits at most 1 ms past its end.
        let start = Instant::now();
        let mut pause = Duration::from_micros(10);
        loop {
            if let Some(registry) = self.try_snapshot() {
                return registry;
            }
            assert!(
                start.elapsed() < MOST_WAIT,
                "{}::snapshot waited {} s for an update of the registry on another thread; an \
                 update that waits for this thread never ends: call try_snapshot there",
                R::LIST.shared_type(),
                MOST_WAIT.as_secs()
            );
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(1));
        }
    }

    /// [`snapshot`](Self::snapshot) without waiting: `None` while an
    /// [`update`](Self::update) of this registry runs or waits to run (on any thread, this
    /// one included, where `snapshot` panics). For code that an update may wait on: a thread that
    /// `update`'s closure joins, or a task it blocks on, would wait forever in `snapshot`
    /// for the lock the closure holds.
    ///
    /// ```
    /// use mcp_toolname_runtime::SharedToolRegistry;
    /// # struct Server;
    /// let tools = SharedToolRegistry::<Server>::default();
    /// assert!(tools.try_snapshot().is_some());
    /// let inside = tools.clone();
    /// let seen = tools.update(|_| std::thread::spawn(move || inside.try_snapshot().is_some()).join());
    /// assert_eq!(seen.ok(), Some(false), "the update holds it");
    /// ```
    #[must_use]
    pub fn try_snapshot(&self) -> Option<Registry<R>> {
        if Updating::holds(self.at()) {
            return None;
        }
        match self.inner.registry.try_read() {
            Ok(registry) => Some(registry.detached()),
            Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner().detached()),
            Err(TryLockError::WouldBlock) => None,
        }
    }

    /// Changes the registry for every session at once: `f` runs under the write lock as one
    /// batch ([`Registry::update`]): if `tools/list` differs when it ends, every bound
    /// session and subscription is told once, however many changes `f` made; if it does not
    /// (tools removed and added back as they were), no one is told. Returns what `f` returns, so the `try_*` methods' errors reach
    /// the caller. Inside `f`, read the registry `f` is given: [`snapshot`](Self::snapshot)
    /// of this registry panics there (it would wait for the lock `f` runs under).
    ///
    /// # Panics
    /// Called inside `update` of the same registry on the same thread (it would wait forever
    /// for its own lock).
    pub fn update<T>(&self, f: impl FnOnce(&mut Registry<R>) -> T) -> T {
        assert!(
            !Updating::holds(self.at()),
            "{}::update called inside update of the same registry, which would wait forever \
             for the lock the outer update holds; make every change in the outer closure",
            R::LIST.shared_type()
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
        peers.push(PeerNotifier::new(peer, R::LIST));
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

impl<R: Item> SharedRegistry<R> {
    /// For protocol 2026-07-28: serves one `subscriptions/listen` request, sending
    /// `notifications/tools/list_changed` on its stream at each change of `tools/list` (an
    /// [`update`](Self::update) that changed it, or an alias window moving on) if the client
    /// asked for `toolsListChanged` and `accepted_subscription_filter` accepted it, until the
    /// client cancels the subscription. Call it from `ServerHandler::listen`. Changes that
    /// come faster than the client reads are told once: the notification says "list again",
    /// not what changed.
    pub async fn notify_subscription(&self, context: &SubscriptionContext) {
        if !R::LIST.accepted(context) {
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
                    if let Err(e) = R::LIST.tell_subscription(context).await {
                        tracing::debug!("stopped sending {}_changed: {e}", R::LIST.method());
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
