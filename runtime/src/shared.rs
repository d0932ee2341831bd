//! [`SharedRegistry`] ([`SharedToolRegistry`], [`SharedPromptRegistry`]): one registry for
//! every session of a running server, changed at run time, with
//! `notifications/tools/list_changed` (or `prompts/list_changed`) sent to each session that
//! is open (before protocol 2026-07-28) and to each client that listens
//! (`subscriptions/listen`, 2026-07-28).

use std::sync::{Arc, Mutex, PoisonError, RwLock};

use rmcp::RoleServer;
use rmcp::handler::server::router::prompt::PromptRoute;
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::service::{Peer, SubscriptionContext};
use tokio::sync::watch;

use crate::item::Item;
use crate::peer::PeerNotifier;
use crate::registry::{Published, Registry};

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
///
/// Readers never wait on writers: a [`snapshot`](Self::snapshot) is the last published
/// generation (the registry as the last [`update`](Self::update) left it), taken by cloning
/// one `Arc`. An update changes a copy of its own and publishes it whole when it ends, so a
/// snapshot never shows half of one. The copy costs what the last update changed, not the size
/// of the registry (two copies take turns), unless a request still holds the generation it
/// would reuse; then the whole set is copied once.
///
/// Updates of every shared registry in the process run one at a time; an update made inside
/// another's closure, on the same thread, runs at once. So updates nested in opposite orders
/// on two threads (`a` inside `b` on one, `b` inside `a` on the other) run one after the
/// other, never each waiting for the other. An update's closure must therefore not wait for
/// another thread that updates a shared registry (join it, block on it): that update waits for
/// the closure's to end, and neither would.
pub struct SharedRegistry<R: Item> {
    inner: Arc<Inner<R>>,
}

struct Inner<R: Item> {
    /// The last published generation, and what updates change.
    registry: Published<R>,
    /// Who is told of changes.
    tell: Arc<Tell>,
}

/// Whose turn it is to update a shared registry: held by the outermost update on a thread,
/// for its nested updates too, so updates nested in opposite orders on two threads cannot each
/// hold one registry and wait for the other.
static TURN: Mutex<()> = Mutex::new(());

/// The sessions and subscriptions told of a change.
#[derive(Default)]
struct Tell {
    peers: RwLock<Vec<PeerNotifier>>,
    /// Bumped at each change of `tools/list`; each open subscription waits on it.
    changes: watch::Sender<u64>,
    /// Set while an update runs: a change it makes is told once it is published, so that a
    /// session told to list again lists the new generation, not the one before.
    held: Mutex<Held>,
}

#[derive(Default)]
struct Held {
    holding: bool,
    pending: bool,
}

impl Tell {
    /// Tells every bound session and subscription now, or, while an update runs, once it
    /// ends.
    fn tell(&self) {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        if held.holding {
            held.pending = true;
            return;
        }
        drop(held);
        self.tell_now();
    }

    /// Holds what [`Self::tell`] is asked until [`Self::release`].
    fn hold(&self) {
        self.held
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .holding = true;
    }

    /// Tells what was held back, once.
    fn release(&self) {
        let pending = {
            let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
            held.holding = false;
            std::mem::take(&mut held.pending)
        };
        if pending {
            self.tell_now();
        }
    }

    /// Tells every bound session, each through its bounded sender (sessions whose transport
    /// is closed are dropped here), and every subscription.
    fn tell_now(&self) {
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
    /// The registries this thread is inside `update` of (their addresses); not empty while
    /// this thread holds [`TURN`].
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

    /// Whether this thread is inside an update of any shared registry.
    fn any() -> bool {
        UPDATING.with(|u| !u.borrow().is_empty())
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

/// Holds back what a [`Tell`] is asked until dropped, then tells it once. Also after a panic
/// in the closure, whose changes are not published: one "list again" too many is harmless,
/// and what was held back may be an alias window that moved meanwhile, which must be told.
struct Holding<'a>(&'a Tell);

impl<'a> Holding<'a> {
    fn start(tell: &'a Tell) -> Self {
        tell.hold();
        Self(tell)
    }
}

impl Drop for Holding<'_> {
    fn drop(&mut self) {
        self.0.release();
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

/// Prints the last published generation, as [`snapshot`](SharedRegistry::snapshot) gives it
/// (inside an update, the registry as it was before that update), and never waits.
impl<R: Item> std::fmt::Debug for SharedRegistry<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple(R::LIST.shared_type())
            .field(&self.published())
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
                registry: Published::new(registry),
                tell,
            }),
        }
    }

    /// This registry's address, for [`Updating`].
    fn at(&self) -> usize {
        Arc::as_ptr(&self.inner).cast::<()>() as usize
    }

    /// The last published generation, as a registry with no notifier.
    fn published(&self) -> Registry<R> {
        self.inner.registry.last()
    }

    /// The registry as the last [`update`](Self::update) left it: a cheap clone (one `Arc`)
    /// that one request uses from start to end, without the notifier (changing a snapshot
    /// changes nothing the sessions see).
    ///
    /// Never waits on an update: while one runs on another thread, this is the registry as it
    /// was before it (an update is published whole when it ends, so a request never sees half
    /// of one), also on a thread that the update's closure joins or blocks on.
    ///
    /// # Panics
    /// Inside [`update`](Self::update) of the same registry, on the same thread: the
    /// snapshot would be the registry before the closure's own changes, a stale read that
    /// looks current. Read the `&mut ToolRegistry` that `update` gives instead.
    #[must_use]
    pub fn snapshot(&self) -> Registry<R> {
        assert!(
            !Updating::holds(self.at()),
            "{}::snapshot called inside update of the same registry, where it would miss the \
             changes the closure makes; read the &mut {} that update gives instead",
            R::LIST.shared_type(),
            R::LIST.registry_type()
        );
        self.published()
    }

    /// [`snapshot`](Self::snapshot) without the panic: `None` inside
    /// [`update`](Self::update) of this registry on this thread (where `snapshot` panics),
    /// else always the last published generation. It never waits either: on a thread that an
    /// update's closure joins, it is the registry before that update.
    ///
    /// ```
    /// use mcp_toolname_runtime::SharedToolRegistry;
    /// # use rmcp::handler::server::router::tool::ToolRoute;
    /// # use rmcp::model::{CallToolResult, JsonObject, Tool};
    /// # struct Server;
    /// # let route = ToolRoute::<Server>::new_dyn(Tool::new("beta", "", std::sync::Arc::new(JsonObject::new())),
    /// #     |_| Box::pin(async { Ok(CallToolResult::default().into()) }));
    /// let tools = SharedToolRegistry::<Server>::default();
    /// let inside = tools.clone();
    /// let seen = tools.update(|t| {
    ///     t.add_route(route);
    ///     std::thread::spawn(move || inside.try_snapshot().map(|r| r.has_route("beta"))).join()
    /// });
    /// assert_eq!(seen.ok(), Some(Some(false)), "the registry before the update");
    /// assert!(tools.update(|_| tools.try_snapshot().is_none()), "none inside its own update");
    /// assert!(tools.try_snapshot().is_some_and(|r| r.has_route("beta")));
    /// ```
    #[must_use]
    pub fn try_snapshot(&self) -> Option<Registry<R>> {
        (!Updating::holds(self.at())).then(|| self.published())
    }

    /// Changes the registry for every session at once: `f` runs on the registry's own copy as
    /// one batch ([`Registry::update`]), which is then published whole; requests meanwhile
    /// read the registry as it was. If `tools/list` differs when `f` ends, every bound
    /// session and subscription is told once (after publication, so what they list again is
    /// the new registry), however many changes `f` made; if it does not (tools removed and
    /// added back as they were), no one is told. Returns what `f` returns, so the `try_*`
    /// methods' errors reach the caller. Inside `f`, read the registry `f` is given:
    /// [`snapshot`](Self::snapshot) of this registry panics there.
    ///
    /// One update of any shared registry runs at a time in the process (an update inside
    /// `f` runs at once): a call waits for an update running on another thread to end. So `f`
    /// must not wait for another thread that updates a shared registry (it would wait
    /// forever); reading snapshots from such a thread is fine.
    ///
    /// # Panics
    /// Called inside `update` of the same registry on the same thread (`f` already has the
    /// registry to change). If `f` panics, the panic goes on to the caller, and nothing `f`
    /// changed is published: the registry stays as it was.
    pub fn update<T>(&self, f: impl FnOnce(&mut Registry<R>) -> T) -> T {
        assert!(
            !Updating::holds(self.at()),
            "{}::update called inside update of the same registry; make every change in the \
             outer closure",
            R::LIST.shared_type()
        );
        let _turn = (!Updating::any()).then(|| TURN.lock().unwrap_or_else(PoisonError::into_inner));
        let _inside = Updating::enter(self.at());
        let _held = Holding::start(&self.inner.tell);
        // One batch: told once if `tools/list` differs at the end, never if it does not.
        self.inner.registry.update(|registry| registry.update(f))
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

    /// How many times the list has changed since the registry was shared: each
    /// [`update`](Self::update) that changed it and each alias window that moved on. Each
    /// change is told to every bound session (changes that come faster than a session reads
    /// fold into one notification) and to every subscription. Counted when it is told, before
    /// `update` returns, so a caller knows at once whether its update will reach the clients:
    ///
    /// ```
    /// use mcp_toolname_runtime::SharedToolRegistry;
    /// # use rmcp::handler::server::router::tool::ToolRoute;
    /// # use rmcp::model::{CallToolResult, JsonObject, Tool};
    /// # use std::sync::Arc;
    /// # struct Server;
    /// # fn route(name: &'static str) -> ToolRoute<Server> {
    /// #     ToolRoute::new_dyn(Tool::new(name, "", Arc::new(JsonObject::new())),
    /// #         |_| Box::pin(async { Ok(CallToolResult::default().into()) }))
    /// # }
    /// let tools = SharedToolRegistry::<Server>::default();
    /// tools.update(|t| t.add_route(route("search")));
    /// assert_eq!(tools.list_changes(), 1);
    /// tools.update(|t| {
    ///     t.remove_route("search");
    ///     t.add_route(route("search"));
    /// });
    /// assert_eq!(tools.list_changes(), 1, "the list is as it was: no one is told");
    /// ```
    #[must_use]
    pub fn list_changes(&self) -> u64 {
        *self.inner.tell.changes.borrow()
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
