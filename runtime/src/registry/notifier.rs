//! rmcp's notifier on [`Registry`]: a callback called exactly when its list (`tools/list` or
//! `prompts/list`) changes, by a run-time change or because an alias window moved on.

use std::sync::{Arc, Mutex, PoisonError};

use rmcp::RoleServer;
use rmcp::service::Peer;
use tokio::task::AbortHandle;

use chrono::TimeDelta;

use super::Registry;
use super::entry::AliasEntry;
use crate::clock::RECHECK;
use crate::item::Item;
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

impl<R: Item> Registry<R> {
    /// Installs `f`, called each time the list's answer changes: an item added,
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

    /// Installs a notifier that sends `notifications/tools/list_changed` (for prompts,
    /// `notifications/prompts/list_changed`) to `peer`. However
    /// many changes come and however slowly the peer reads, at most one notification is in
    /// flight and one pending: later changes fold into it.
    pub fn bind_peer_notifier(&mut self, peer: &Peer<RoleServer>) {
        let peer = PeerNotifier::new(peer.clone(), R::LIST);
        self.set_notifier(move || peer.notify());
    }

    /// Makes every change `f` makes as one: the notifier is called once at the end if the
    /// `tools/list` answer then differs from the one before `f` ran, and not at all if it
    /// does not (a tool removed and added back as it was, a tool disabled and enabled again),
    /// however many changes `f` made; also when `f` panics. Returns what `f` returns.
    ///
    /// ```
    /// # use mcp_toolname_runtime::ToolRegistry;
    /// # use rmcp::handler::server::router::tool::ToolRoute;
    /// # use rmcp::model::{CallToolResult, JsonObject, Tool};
    /// # use std::sync::{Arc, atomic::{AtomicUsize, Ordering}};
    /// # struct Server;
    /// # fn route(name: &'static str) -> ToolRoute<Server> {
    /// #     ToolRoute::new_dyn(Tool::new(name, "", Arc::new(JsonObject::new())),
    /// #         |_| Box::pin(async { Ok(CallToolResult::default().into()) }))
    /// # }
    /// let told = Arc::new(AtomicUsize::new(0));
    /// let mut tools = ToolRegistry::<Server>::new().with_route(route("search"));
    /// let count = Arc::clone(&told);
    /// tools.set_notifier(move || { count.fetch_add(1, Ordering::SeqCst); });
    /// tools.update(|t| {
    ///     t.remove_route("search");
    ///     t.add_route(route("search"));
    /// });
    /// assert_eq!(told.load(Ordering::SeqCst), 0, "the list is as it was");
    /// tools.update(|t| {
    ///     t.add_route(route("fetch"));
    ///     t.add_route(route("read"));
    /// });
    /// assert_eq!(told.load(Ordering::SeqCst), 1, "two tools more, one notification");
    /// ```
    pub fn update<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let batch = Batch::start(self);
        f(batch.registry)
    }

    /// (Re)starts the task that calls `notifier` when an alias window changes `tools/list`:
    /// at the instant each alias shown now leaves the list (by the registry's clock, read again
    /// at least every minute). The task holds those instants and the clock, not the set, so a
    /// later change copies nothing. Needs a tokio runtime; without one, only changes made
    /// through the registry's methods notify.
    pub(super) fn arm_timer(&self, notifier: &Notifier) {
        notifier.disarm();
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let now = self.state.clock.since_epoch();
        let mut ends: Vec<TimeDelta> = self
            .state
            .aliases()
            .filter(|a| self.state.alias_shown(a, now))
            .filter_map(AliasEntry::listed_end)
            .collect();
        if ends.is_empty() {
            return;
        }
        // Latest first, so the next one is at the end.
        ends.sort_unstable_by(|a, b| b.cmp(a));
        let clock = Arc::clone(&self.state.clock);
        let fire = notifier.clone();
        let task = runtime.spawn(async move {
            while let Some(&next) = ends.last() {
                loop {
                    let left = (next - clock.since_epoch()).to_std().unwrap_or_default();
                    if left.is_zero() {
                        break;
                    }
                    tokio::time::sleep(left.min(RECHECK)).await;
                }
                let now = clock.since_epoch();
                while ends.last().is_some_and(|&end| end <= now) {
                    ends.pop();
                }
                fire.fire();
            }
        });
        *notifier
            .timer
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(task.abort_handle());
    }
}

/// A batch of changes ([`Registry::update`]): the notifier is held back while it runs,
/// and called once when it ends (dropped, also by a panic) if the fingerprint of what
/// the list shows moved.
struct Batch<'a, R: Item> {
    registry: &'a mut Registry<R>,
    notifier: Option<Notifier>,
    outer: Option<u128>,
    alias_changes: u64,
}

impl<'a, R: Item> Batch<'a, R> {
    fn start(registry: &'a mut Registry<R>) -> Self {
        let notifier = registry.notifier.take();
        let state = Arc::make_mut(&mut registry.state);
        let outer = state.shown_print;
        state.shown_print = Some(outer.unwrap_or(0));
        let alias_changes = state.alias_changes;
        Self {
            registry,
            notifier,
            outer,
            alias_changes,
        }
    }
}

impl<R: Item> Drop for Batch<'_, R> {
    fn drop(&mut self) {
        let state = Arc::make_mut(&mut self.registry.state);
        let moved = state.shown_print != Some(self.outer.unwrap_or(0));
        let aliases_changed = state.alias_changes != self.alias_changes;
        // A batch inside a batch hands its sum on to the outer one.
        state.shown_print = match self.outer {
            Some(_) => state.shown_print,
            None => None,
        };
        let Some(notifier) = self.notifier.take() else {
            return;
        };
        if moved {
            notifier.fire();
        }
        if aliases_changed {
            self.registry.arm_timer(&notifier);
        }
        self.registry.notifier = Some(notifier);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use rmcp::handler::server::router::tool::ToolRoute;
    use rmcp::model::{CallToolResult, JsonObject, Tool};

    use crate::ToolRegistry;

    struct Server;

    fn route(name: String) -> ToolRoute<Server> {
        ToolRoute::new_dyn(Tool::new(name, "", Arc::new(JsonObject::new())), |_| {
            Box::pin(async { Ok(CallToolResult::default().into()) })
        })
    }

    fn counted() -> (ToolRegistry<Server>, Arc<AtomicUsize>) {
        let fired = Arc::new(AtomicUsize::new(0));
        let mut registry = ToolRegistry::new();
        let seen = Arc::clone(&fired);
        registry.set_notifier(move || {
            seen.fetch_add(1, Ordering::SeqCst);
        });
        (registry, fired)
    }

    /// Each add with a notifier once rebuilt the sorted `tools/list` to compare it, so N
    /// adds cost O(N²). Now the list is never built by a change, and the notifier still fires
    /// once per change.
    #[test]
    fn one_at_a_time_adds_with_a_notifier_never_build_the_list() {
        let (mut registry, fired) = counted();
        for i in 0..2_000 {
            registry.try_add_route(route(format!("tool_{i}"))).unwrap();
        }
        assert_eq!(fired.load(Ordering::SeqCst), 2_000);
        assert_eq!(registry.state.builds.load(Ordering::Relaxed), 0);
        assert_eq!(registry.list_all().len(), 2_000);
        assert_eq!(registry.state.builds.load(Ordering::Relaxed), 1);
    }

    /// The notifier fires exactly when `tools/list` changes, counted without comparing lists.
    #[test]
    fn changes_that_show_nothing_new_fire_nothing() {
        let (mut registry, fired) = counted();
        let fires = || fired.load(Ordering::SeqCst);
        registry.disable_route("later");
        assert_eq!(fires(), 0, "disabling a name no tool has");
        registry.try_add_route(route("later".to_owned())).unwrap();
        assert_eq!(fires(), 0, "adding a tool under a disabled name");
        registry.enable_route("later");
        assert_eq!(fires(), 1, "enabling it shows it");
        registry.remove_route("nothing");
        assert_eq!(fires(), 1, "removing a name nobody has");
        registry.disable_route("later");
        registry.disable_route("later");
        assert_eq!(fires(), 2, "disabling twice is one change");
        registry.remove_route("later");
        assert_eq!(fires(), 2, "removing a disabled tool shows nothing new");
    }
}
