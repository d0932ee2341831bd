//! A registry's served set as published generations, for
//! [`SharedRegistry`](crate::SharedRegistry): readers take the last published one, an update
//! changes a set of its own and publishes it whole. Two sets take turns (the one readers read,
//! the one the next update changes), and the one to change is brought up to date by the names
//! the last update touched ([`Journal`]), so an update costs what it changes, not the size of
//! the set, unless a reader still holds the set it would reuse.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock, TryLockError};

use super::Registry;
use super::no_map::NoMap;
use super::state::{Journal, State};
use crate::item::Item;

/// A registry published as generations: the last one, which readers read, and the registry
/// updates change (with its notifier), which each update publishes whole when it ends.
pub(crate) struct Published<R: Item> {
    /// The last published generation. The lock is held only to clone or swap an `Arc`, never
    /// while an update runs, so a reader waits on no update.
    last: RwLock<Generation<R>>,
    /// What updates change. Callers run one update at a time (see [`Published::update`]), so
    /// this lock is never waited for.
    writer: Mutex<Writer<R>>,
}

/// The registry updates change, and the generation before the last, kept to be changed next.
struct Writer<R: Item> {
    registry: Registry<R>,
    spare: Option<Spare<R>>,
}

impl<R: Item> Published<R> {
    /// `registry` published as it is.
    pub fn new(registry: Registry<R>) -> Self {
        Self {
            last: RwLock::new(registry.generation()),
            writer: Mutex::new(Writer {
                registry,
                spare: None,
            }),
        }
    }

    /// The last published generation, as a registry with no notifier.
    pub fn last(&self) -> Registry<R> {
        self.last
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .registry()
    }

    /// Runs `f` on the registry's own copy, then publishes it. If `f` panics, nothing it
    /// changed is published and the panic goes on.
    ///
    /// # Panics
    /// When an update of this registry already runs: callers run one at a time, so that two
    /// updates never race (the later would have to wait, or lose the other's changes).
    pub fn update<T>(&self, f: impl FnOnce(&mut Registry<R>) -> T) -> T {
        let mut round = Round::begin(self);
        let out = f(&mut round.writer.registry);
        round.publish();
        out
    }
}

/// One update: the writer's set made its own, changed, then published whole. Dropped
/// unpublished (the closure panicked), the writer goes back to the last published generation,
/// and nothing the closure changed is seen.
struct Round<'a, R: Item> {
    published: &'a Published<R>,
    writer: MutexGuard<'a, Writer<R>>,
    /// `None` once published.
    began: Option<Changing>,
}

impl<'a, R: Item> Round<'a, R> {
    fn begin(published: &'a Published<R>) -> Self {
        let mut writer = match published.writer.try_lock() {
            Ok(writer) => writer,
            // A closure that panicked left the writer as the last published generation.
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => {
                panic!("two updates of one shared registry ran at once; they run one at a time")
            }
        };
        let spare = writer.spare.take();
        let began = Some(writer.registry.begin_changes(spare));
        Self {
            published,
            writer,
            began,
        }
    }

    /// Publishes the changed set, and keeps the one it replaces as the spare.
    fn publish(mut self) {
        let Some(began) = self.began.take() else {
            return;
        };
        let changed = self.writer.registry.end_changes(&began);
        let fresh = self.writer.registry.generation();
        let replaced = std::mem::replace(
            &mut *self
                .published
                .last
                .write()
                .unwrap_or_else(PoisonError::into_inner),
            fresh,
        );
        self.writer.spare = changed.map(|changed| Spare::new(replaced, changed));
    }
}

impl<R: Item> Drop for Round<'_, R> {
    fn drop(&mut self) {
        if self.began.take().is_none() {
            return;
        }
        let last = self
            .published
            .last
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        self.writer.registry.restore(last);
        self.writer.spare = None;
    }
}

/// One published generation: the served set as an update left it. Cloning it is one reference
/// count.
pub(crate) struct Generation<R: Item>(Arc<State<R>>);

impl<R: Item> Clone for Generation<R> {
    fn clone(&self) -> Self {
        Self(Arc::clone(&self.0))
    }
}

impl<R: Item> Generation<R> {
    /// This generation as a registry with no notifier, as a request reads it.
    pub fn registry(&self) -> Registry<R> {
        Registry {
            state: Arc::clone(&self.0),
            notifier: None,
            map: NoMap::default(),
        }
    }
}

/// The generation published before the last one, kept to be changed by the next update, with
/// the names the last update changed.
pub(crate) struct Spare<R: Item> {
    state: Arc<State<R>>,
    changed: Journal,
}

impl<R: Item> Spare<R> {
    /// `replaced`, the generation the last update took the place of, with what it changed.
    pub fn new(replaced: Generation<R>, changed: Journal) -> Self {
        Self {
            state: replaced.0,
            changed,
        }
    }
}

/// Which set [`Registry::begin_changes`] gave the update, to tell at the end whether the update
/// changed that set in place.
pub(crate) struct Changing(*const ());

impl<R: Item> Registry<R> {
    /// This registry's set, to publish.
    pub(crate) fn generation(&self) -> Generation<R> {
        Generation(Arc::clone(&self.state))
    }

    /// Makes this registry's set (the last published generation) its own to change, with a
    /// journal open: `spare`, brought up to date at the cost of what the last update changed,
    /// when no reader still holds it; else a copy of the whole set.
    pub(crate) fn begin_changes(&mut self, spare: Option<Spare<R>>) -> Changing {
        if let Some(Spare { mut state, changed }) = spare
            && let Some(own) = Arc::get_mut(&mut state)
        {
            own.catch_up(&self.state, &changed);
            self.state = state;
        }
        Arc::make_mut(&mut self.state).open_journal();
        Changing(Arc::as_ptr(&self.state).cast())
    }

    /// The names changed since [`Self::begin_changes`], the journal closed; `None` when they
    /// cannot be told by name (the set was replaced or shared by a clone in the meantime), and
    /// the next update copies the whole set.
    pub(crate) fn end_changes(&mut self, began: &Changing) -> Option<Journal> {
        if !std::ptr::eq(Arc::as_ptr(&self.state).cast(), began.0) {
            return None;
        }
        Arc::get_mut(&mut self.state)?.close_journal()
    }

    /// Back to `generation` (an update that panicked is not published): its set, with the
    /// alias-window timer armed for it again.
    pub(crate) fn restore(&mut self, generation: Generation<R>) {
        self.state = generation.0;
        if let Some(notifier) = self.notifier.clone() {
            self.arm_timer(&notifier);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;
    use rmcp::handler::server::router::tool::ToolRoute;
    use rmcp::model::{CallToolResult, JsonObject, Tool};

    use crate::registry::state::copies;
    use crate::{Alias, SharedToolRegistry, ToolDef, ToolRegistry};

    struct Server;

    fn route(name: String) -> ToolRoute<Server> {
        ToolRoute::new_dyn(Tool::new(name, "", Arc::new(JsonObject::new())), |_| {
            Box::pin(async { Ok(CallToolResult::default().into()) })
        })
    }

    /// N one-tool updates cost O(N): the whole set is copied once (the first update, whose
    /// set is the one published), then each update reuses the set published two updates
    /// before, brought up to date by the one name the last update touched.
    #[test]
    fn one_tool_updates_copy_the_set_once() {
        let tools = SharedToolRegistry::<Server>::default();
        let before = copies();
        for i in 0..2_000 {
            tools
                .update(|t| t.try_add_route(route(format!("tool_{i}"))))
                .expect("distinct");
        }
        assert_eq!(copies() - before, 1);
        assert_eq!(tools.snapshot().len(), 2_000);
    }

    /// A request that holds the generation an update would reuse makes that update copy the
    /// whole set, and only that one.
    #[test]
    fn a_held_generation_is_copied_not_changed() {
        let tools = SharedToolRegistry::<Server>::default();
        for i in 0..3 {
            tools
                .update(|t| t.try_add_route(route(format!("tool_{i}"))))
                .expect("distinct");
        }
        let held = tools.snapshot();
        let before = copies();
        let add = |name: &str| {
            tools
                .update(|t| t.try_add_route(route(name.to_owned())))
                .expect("distinct");
        };
        add("one");
        assert_eq!(copies() - before, 0, "the spare is two generations back");
        add("two");
        assert_eq!(copies() - before, 1, "the spare is the held generation");
        add("three");
        assert_eq!(copies() - before, 1);
        assert_eq!(held.len(), 3, "as it was taken");
        let now = tools.snapshot();
        assert_eq!(now.len(), 6);
        assert!(["one", "two", "three"].iter().all(|n| now.has_route(n)));
    }

    /// One change made to a registry.
    #[derive(Debug, Clone)]
    enum Op {
        Add(usize),
        AddWithAlias(usize, usize),
        Remove(usize),
        Disable(usize),
        Enable(usize),
        Describe(u8),
        Merge(usize),
        /// Takes a snapshot and holds it to the end of the run, so the spare is sometimes held.
        Hold,
    }

    /// Tools, aliases and names no one has, each name of the pool.
    const NAMES: &[&str] = &["t0", "t1", "t2", "t3", "a0", "a1", "a2", "none"];

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            (0..4usize).prop_map(Op::Add),
            (0..4usize, 4..7usize).prop_map(|(t, a)| Op::AddWithAlias(t, a)),
            (0..NAMES.len()).prop_map(Op::Remove),
            (0..NAMES.len()).prop_map(Op::Disable),
            (0..NAMES.len()).prop_map(Op::Enable),
            any::<u8>().prop_map(Op::Describe),
            (0..4usize).prop_map(Op::Merge),
            Just(Op::Hold),
        ]
    }

    fn apply(t: &mut ToolRegistry<Server>, op: &Op) {
        match *op {
            Op::Add(i) => drop(t.try_add_route(route(NAMES[i].to_owned()))),
            Op::AddWithAlias(i, a) => drop(t.try_add_tool(
                ToolDef::new(route(NAMES[i].to_owned())).alias(Alias::new(NAMES[a])),
            )),
            Op::Remove(i) => t.remove_route(NAMES[i]),
            Op::Disable(i) => drop(t.disable_route(NAMES[i])),
            Op::Enable(i) => drop(t.enable_route(NAMES[i])),
            Op::Describe(n) => {
                t.for_each_route_mut(|r| r.attr.description = Some(n.to_string().into()))
            }
            // A merge writes a new set in place of the old; the odd ones replace the registry.
            Op::Merge(i) if !t.has_route(&format!("m{i}")) => {
                let other = ToolRegistry::new().with_route(route(format!("m{i}")));
                if i % 2 == 0 {
                    t.merge(other);
                } else {
                    *t = std::mem::take(t).try_merge(other).expect("a free name");
                }
            }
            Op::Merge(_) | Op::Hold => {}
        }
    }

    /// What a registry serves, to compare two.
    fn served(t: &ToolRegistry<Server>) -> String {
        let listed = serde_json::to_string(&t.list_all()).expect("tools serialize");
        format!("{t:?} {listed}")
    }

    proptest! {
        /// Updates of any changes, one or several at a time, with requests holding some
        /// generations, publish what the same changes make of a plain registry.
        #[test]
        fn each_generation_is_what_the_changes_make(
            batches in prop::collection::vec(prop::collection::vec(op(), 1..4), 1..24)
        ) {
            let shared = SharedToolRegistry::<Server>::default();
            let mut plain = ToolRegistry::<Server>::new();
            let mut held = Vec::new();
            for batch in &batches {
                shared.update(|t| batch.iter().for_each(|op| apply(t, op)));
                for op in batch {
                    apply(&mut plain, op);
                    if matches!(op, Op::Hold) {
                        held.push(shared.snapshot());
                    }
                }
                prop_assert_eq!(served(&shared.snapshot()), served(&plain));
            }
        }
    }
}
