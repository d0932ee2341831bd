//! rmcp's router API on [`Registry`]: the same names, signatures and meaning as rmcp's
//! `ToolRouter` (and `PromptRouter`), except that no change can give one name to two
//! definitions or put a name outside its contract into the list. Written once for every
//! kind; what only tools have (rmcp's `SyncTool` and `AsyncTool`) is at the end.

use std::borrow::Cow;
use std::ops::{Add, AddAssign};
use std::sync::Arc;

use rmcp::handler::server::router::prompt::{IntoPromptRoute, PromptRoute};
use rmcp::handler::server::router::tool::{
    AsyncTool, IntoToolRoute, SyncTool, ToolRoute, ToolRouter,
};
use rmcp::service::MaybeSend;

use super::state::State;
use super::{Registry, ToolRegistry};
use crate::def::{Def, ToolDef};
use crate::error::RegistryError;
use crate::item::Item;
use crate::origin::Origin;
use crate::portable::Inlined;
use crate::tombstone::Tombstone;
use mcp_toolname_rules::message::{self, Kind, Refused};

impl<R: Item> Registry<R> {
    /// Adds `def` if it brings no problem.
    ///
    /// # Errors
    /// Every problem of `def` against the items and aliases in use; nothing is changed.
    pub(super) fn try_add_def(&mut self, mut def: Def<R>) -> Result<(), RegistryError> {
        def.list_schema(self.state.schemas, &mut Inlined::default());
        let mut problems = Vec::new();
        self.state.problems_of(&def, &mut problems);
        if !problems.is_empty() {
            return Err(RegistryError::new(problems, Refused::Change));
        }
        self.change(|state| state.insert(def));
        Ok(())
    }

    /// Adds a route: `(Self::f_tool_attr(), Self::f)`, a [`ToolRoute`], or a generated
    /// `f_tool_attr` fn, as rmcp's `ToolRouter::with_route` takes (for prompts, what
    /// `PromptRouter::with_route` takes).
    ///
    /// # Panics
    /// If the route's name is outside its contract (a tool's the MCP spec, a prompt's the
    /// slash-command rule, [`mcp_toolname_rules::PROMPT`]) or already used (by an item or a
    /// live or expired alias); the message names both definitions, this one by the caller's
    /// `file:line`. [`try_with_route`](Self::try_with_route) returns the error instead.
    #[track_caller]
    #[must_use]
    pub fn with_route<T, A>(mut self, route: T) -> Self
    where
        T: IntoRoute<R, A>,
    {
        self.add_route(route.into_route());
        self
    }

    /// The fallible twin of [`with_route`](Self::with_route).
    ///
    /// # Errors
    /// The route's name is outside its contract, or already used; nothing is changed.
    #[track_caller]
    pub fn try_with_route<T, A>(mut self, route: T) -> Result<Self, RegistryError>
    where
        T: IntoRoute<R, A>,
    {
        self.try_add_route(route.into_route())?;
        Ok(self)
    }

    /// Adds a route, while serving too.
    ///
    /// # Panics
    /// As [`with_route`](Self::with_route); where rmcp's router logs a bad name and
    /// replaces a route of the same name, this refuses both.
    #[track_caller]
    pub fn add_route(&mut self, item: R) {
        if let Err(error) = self.try_add_route(item) {
            panic!(
                "{}",
                message::registry_change_refused("add_route", &error.to_string())
            );
        }
    }

    /// The fallible twin of [`add_route`](Self::add_route).
    ///
    /// # Errors
    /// The route's name is outside its contract, or already used; nothing is changed.
    #[track_caller]
    pub fn try_add_route(&mut self, item: R) -> Result<(), RegistryError> {
        self.try_add_def(Def::new(item))
    }

    /// Adds every tool and alias of `other`, and the names it has disabled (rmcp's
    /// `ToolRouter::merge`).
    ///
    /// # Panics
    /// If a name is used in both, naming both definitions; where rmcp keeps one of them
    /// silently. [`try_merge`](Self::try_merge) returns the error instead.
    #[track_caller]
    pub fn merge(&mut self, other: Self) {
        if let Err(error) = self.try_merge_from(other) {
            panic!(
                "{}",
                message::registry_change_refused("merge", &error.to_string())
            );
        }
    }

    /// Merges `other` into this registry, keeping this registry's clock and notifier: the
    /// fallible twin of `+` and [`merge`](Self::merge).
    ///
    /// # Errors
    /// Each name defined in both (tool or alias), naming both definition sites; rmcp's
    /// `ToolRouter + ToolRouter` keeps one silently instead. Nothing is changed.
    pub fn try_merge(mut self, other: Self) -> Result<Self, RegistryError> {
        self.try_merge_from(other)?;
        Ok(self)
    }

    /// Merges `other` into this one, or changes nothing and returns every conflict.
    fn try_merge_from(&mut self, other: Self) -> Result<(), RegistryError> {
        let mut scratch = State::clone(&self.state);
        let mut problems = Vec::new();
        let mut inlined = Inlined::default();
        for def in other.state.sorted_defs() {
            let mut def = def.clone();
            def.list_schema(scratch.schemas, &mut inlined);
            scratch.problems_of(&def, &mut problems);
            scratch.insert(def);
        }
        for entry in other.state.sorted_tombstones() {
            scratch.problems_of_tombstone(&entry.tombstone, &entry.origin, &mut problems);
            scratch.insert_tombstone(entry.tombstone.clone(), entry.origin.clone());
        }
        if !problems.is_empty() {
            return Err(RegistryError::new(problems, Refused::Merge));
        }
        // Through `set_disabled`, so a batch's fingerprint counts what they hide.
        for name in other.state.disabled.iter() {
            scratch.set_disabled(name.clone(), true);
        }
        self.change_compared(|state| *state = scratch);
        Ok(())
    }

    /// Removes the tool `name` with its aliases, or, if `name` is an alias, that alias
    /// alone (ending its window early), or a tombstone of that name. Disabled names stay
    /// disabled, as in rmcp.
    pub fn remove_route(&mut self, name: &str) {
        if !self.state.holds(name) {
            return;
        }
        self.change(|state| {
            if state.remove(name).is_none() && !state.remove_alias(name) {
                state.remove_tombstone(name);
            }
        });
    }

    /// Adds a tombstone while serving: `name` answers only where its tool went
    /// ([`Tombstone`]), e.g. after a plugin is uninstalled. Shown in no `tools/list`.
    ///
    /// # Errors
    /// The name is in use (by a tool, an alias or a tombstone) or no client could send it;
    /// nothing is changed.
    #[track_caller]
    pub fn try_add_tombstone(&mut self, tombstone: Tombstone) -> Result<(), RegistryError> {
        let origin = Origin::caller(format!("tombstone {}", message::show(&tombstone.name)));
        let mut problems = Vec::new();
        self.state
            .problems_of_tombstone(&tombstone, &origin, &mut problems);
        if !problems.is_empty() {
            return Err(RegistryError::new(problems, Refused::Change));
        }
        self.change(|state| state.insert_tombstone(tombstone, origin));
        Ok(())
    }

    /// Runs `f` on every item's route, in name order: what rmcp's users do through the public
    /// field `ToolRouter::map` (`for route in router.map.values_mut() { ... }`, to rewrite
    /// schemas), kept to what leaves every name as it is. Each alias is listed again from its
    /// item as changed; a notifier is called once if the list now reads differently.
    ///
    /// ```
    /// use mcp_toolname_runtime::ToolRegistry;
    /// use rmcp::handler::server::router::tool::ToolRoute;
    /// use rmcp::model::{CallToolResult, JsonObject, Tool};
    /// use std::sync::Arc;
    ///
    /// struct Server;
    /// let mut tools = ToolRegistry::<Server>::new().with_route(ToolRoute::new_dyn(
    ///     Tool::new("search", "Searches.", Arc::new(JsonObject::new())),
    ///     |_| Box::pin(async { Ok(CallToolResult::default().into()) }),
    /// ));
    /// tools.for_each_route_mut(|route| route.attr.description = Some("Finds pages.".into()));
    /// assert_eq!(tools.get("search").unwrap().description.as_deref(), Some("Finds pages."));
    /// ```
    ///
    /// # Panics
    /// If `f` renames a route (the route is left as it was, and the message names both
    /// names): a name changes by a rename that keeps the old one as an alias.
    #[track_caller]
    pub fn for_each_route_mut(&mut self, mut f: impl FnMut(&mut R)) {
        let names: Vec<String> = self.names().map(str::to_owned).collect();
        let renamed = self.change(|state| {
            names.iter().find_map(|name| {
                state
                    .edit_item(name, &mut f)
                    .err()
                    .map(|to| (name.clone(), to))
            })
        });
        if let Some((from, to)) = renamed {
            panic!("{}", renamed_in_place(R::KIND, &from, &to));
        }
    }

    /// The route of the item `name` (enabled or not; not an alias), as rmcp's users read it
    /// from `ToolRouter::map.get(name)`.
    #[must_use]
    pub fn route(&self, name: &str) -> Option<&R> {
        self.state.item(name).map(|def| &def.route)
    }

    /// Every route, enabled or not, sorted by name (aliases are not routes of their own):
    /// what rmcp's users read from `ToolRouter::map.values()`, to check or filter the tools.
    /// Read-only: a route changes in place through
    /// [`for_each_route_mut`](Self::for_each_route_mut).
    ///
    /// ```
    /// use mcp_toolname_runtime::ToolRegistry;
    /// use rmcp::handler::server::router::tool::ToolRoute;
    /// use rmcp::model::{CallToolResult, JsonObject, Tool};
    /// use std::sync::Arc;
    ///
    /// struct Server;
    /// fn route(name: &'static str, description: &'static str) -> ToolRoute<Server> {
    ///     ToolRoute::new_dyn(Tool::new(name, description, Arc::new(JsonObject::new())), |_| {
    ///         Box::pin(async { Ok(CallToolResult::default().into()) })
    ///     })
    /// }
    ///
    /// let tools = ToolRegistry::<Server>::new()
    ///     .with_route(route("search", "Finds pages."))
    ///     .with_route(route("fetch", ""))
    ///     .with_disabled("search");
    /// let undescribed: Vec<&str> = tools
    ///     .routes()
    ///     .filter(|route| route.attr.description.as_deref().is_none_or(str::is_empty))
    ///     .map(|route| route.name())
    ///     .collect();
    /// assert_eq!(undescribed, ["fetch"]);
    /// assert_eq!(tools.routes().count(), 2); // `search` too, although disabled
    /// ```
    pub fn routes(&self) -> impl Iterator<Item = &R> {
        self.state.sorted_defs().into_iter().map(|d| &d.route)
    }

    /// Whether a `tools/call` of `name` would run a tool now: an enabled tool, or a live
    /// alias of one.
    #[must_use]
    pub fn has_route(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Switches `name` off: left out of `tools/list` and `get`, refused by `call`, with
    /// every alias of it. Recorded even before a route of that name exists, as in rmcp.
    /// Returns whether the name was newly disabled.
    pub fn disable_route(&mut self, name: impl Into<Cow<'static, str>>) -> bool {
        let name = name.into();
        if self.state.disabled.contains(&name) {
            return false;
        }
        self.change(|state| state.set_disabled(name, true))
    }

    /// Switches `name` back on; whether it was disabled.
    pub fn enable_route(&mut self, name: &str) -> bool {
        if !self.state.disabled.contains(name) {
            return false;
        }
        self.change(|state| state.set_disabled(Cow::Owned(name.to_owned()), false))
    }

    /// Whether the tool `name` exists and is disabled (`false` for a name disabled before
    /// any route of it exists, as in rmcp).
    #[must_use]
    pub fn is_disabled(&self, name: &str) -> bool {
        self.state.holds(name) && self.state.disabled.contains(name)
    }

    /// Builder form of [`disable_route`](Self::disable_route).
    #[must_use]
    pub fn with_disabled(mut self, name: impl Into<Cow<'static, str>>) -> Self {
        self.disable_route(name);
        self
    }

    /// Runs `f` on the served set (copied first if shared with a clone), then calls the
    /// notifier if `tools/list` changed, and re-arms its timer if an alias changed. O(1) on
    /// top of `f`: the set counts its own changes ([`State::shown_changes`]), so adding N
    /// tools one at a time with a notifier costs O(N), as without one.
    fn change<T>(&mut self, f: impl FnOnce(&mut State<R>) -> T) -> T {
        let (shown, aliases) = (self.state.shown_changes, self.state.alias_changes);
        let result = f(Arc::make_mut(&mut self.state));
        if let Some(notifier) = self.notifier.clone() {
            if self.state.shown_changes != shown {
                notifier.fire();
            }
            if self.state.alias_changes != aliases {
                self.arm_timer(&notifier);
            }
        }
        result
    }

    /// [`Self::change`] for a change whose effect on `tools/list` the set cannot count (a
    /// merge, which also brings disabled names): the lists before and after are compared.
    fn change_compared(&mut self, f: impl FnOnce(&mut State<R>)) {
        let before = self.notifier.is_some().then(|| self.visible_names());
        f(Arc::make_mut(&mut self.state));
        if let Some(notifier) = self.notifier.clone() {
            if before.is_some_and(|before| before != self.visible_names()) {
                notifier.fire();
            }
            self.arm_timer(&notifier);
        }
    }
}

/// A route renamed by `for_each_route_mut`, where names do not change.
fn renamed_in_place(kind: &Kind, from: &str, to: &str) -> String {
    let noun = kind.noun;
    format!(
        "for_each_route_mut renamed the {noun} {} to {}, and a name is not changed in place \
         (every client that used it would break); the route is left as it was: rename the \
         {noun} with `name = {to:?}` and keep `alias = {from:?}`",
        message::show(from),
        message::show(to)
    )
}

/// What `with_route` takes for a registry of `R`: what rmcp's router of that kind takes
/// (`IntoToolRoute`, `IntoPromptRoute`), `A` telling its forms apart as rmcp's does.
pub trait IntoRoute<R, A> {
    /// The route.
    fn into_route(self) -> R;
}

impl<S, A, T> IntoRoute<ToolRoute<S>, A> for T
where
    T: IntoToolRoute<S, A>,
    S: MaybeSend + 'static,
{
    fn into_route(self) -> ToolRoute<S> {
        self.into_tool_route()
    }
}

impl<S, A, T> IntoRoute<PromptRoute<S>, A> for T
where
    T: IntoPromptRoute<S, A>,
    S: MaybeSend + 'static,
    A: 'static,
{
    fn into_route(self) -> PromptRoute<S> {
        self.into_prompt_route()
    }
}

/// The one route of a router built with one tool.
fn single_route<S>(router: ToolRouter<S>) -> ToolRoute<S> {
    router
        .into_iter()
        .next()
        .unwrap_or_else(|| unreachable!("a router built with one tool holds one route"))
}

/// `a + b`: rmcp's way to combine the routers of several impl blocks.
///
/// # Panics
/// As [`Registry::merge`]: a name defined in both.
impl<R: Item> Add for Registry<R> {
    type Output = Self;

    #[track_caller]
    fn add(mut self, other: Self) -> Self {
        self.merge(other);
        self
    }
}

/// `a += b`.
///
/// # Panics
/// As [`Registry::merge`]: a name defined in both.
impl<R: Item> AddAssign for Registry<R> {
    #[track_caller]
    fn add_assign(&mut self, other: Self) {
        self.merge(other);
    }
}

impl<S: MaybeSend + 'static> ToolRegistry<S> {
    /// Adds a tool that implements rmcp's [`SyncTool`] (its name from `ToolBase::name`).
    ///
    /// # Panics
    /// As [`with_route`](Self::with_route).
    #[track_caller]
    #[must_use]
    pub fn with_sync_tool<T>(self) -> Self
    where
        T: SyncTool<S> + 'static,
    {
        let route = single_route(ToolRouter::<S>::new().with_sync_tool::<T>());
        self.with_route(route)
    }

    /// Adds a tool that implements rmcp's [`AsyncTool`] (its name from `ToolBase::name`).
    ///
    /// # Panics
    /// As [`with_route`](Self::with_route).
    #[track_caller]
    #[must_use]
    pub fn with_async_tool<T>(self) -> Self
    where
        T: AsyncTool<S> + 'static,
    {
        let route = single_route(ToolRouter::<S>::new().with_async_tool::<T>());
        self.with_route(route)
    }

    /// Adds a tool with its aliases (a [`ToolDef`]), while serving too.
    ///
    /// # Errors
    /// Every problem of `def` against the tools and aliases in use: a name outside the MCP
    /// spec, a bad alias, an empty window, a name in use; nothing is changed.
    pub fn try_add_tool(&mut self, def: ToolDef<S>) -> Result<(), RegistryError> {
        self.try_add_def(def)
    }
}
