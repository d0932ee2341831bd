//! [`Registry`]: the named items of one server (its tools, [`ToolRegistry`], or its prompts,
//! [`PromptRegistry`]), one name each, with their aliases and tombstones.
//!
//! The core is written once over [`Item`]: `state` holds the served set and the checks every
//! insertion passes; `build` is the builder; `route` is rmcp's router API (run-time changes);
//! `serve` resolves the name of a request (item, alias or tombstone); `notifier` tells clients
//! when the list changes. What each kind answers lives apart: `call` answers `tools/call`,
//! `prompt` answers `prompts/get`.

mod build;
mod call;
mod entry;
mod generation;
mod nearest;
mod no_map;
mod notifier;
mod prompt;
mod route;
mod serve;
mod state;
mod surface;

use std::fmt;
use std::sync::Arc;

use rmcp::handler::server::router::prompt::PromptRoute;
use rmcp::handler::server::router::tool::ToolRoute;

use crate::alias::{Alias, AliasUsage};
use crate::clock::Clock;
use crate::item::Item;
use crate::origin::Origin;
use crate::tombstone::Tombstone;

pub use build::{PromptRegistryBuilder, RegistryBuilder, ToolRegistryBuilder};
pub use entry::DEPRECATION_META_KEY;
pub(crate) use generation::Published;
pub use route::IntoRoute;
pub use surface::{ALIAS_META_KEY, ORIGIN_META_KEY, SURFACE_ENV_VAR, SURFACE_META_KEY};

use entry::Named;
use no_map::NoMap;
use notifier::Notifier;
use state::State;

/// The named items of one MCP server (tools or prompts): each name used once (item, alias or
/// tombstone), checked against the item's contract, with deprecated aliases served while
/// their window is open. Used as [`ToolRegistry`] or [`PromptRegistry`].
pub struct Registry<R: Item> {
    /// The served set and the clock: one `Arc`, so a clone (once per request in rmcp's
    /// bare `#[tool_handler]` mode) is one reference count.
    state: Arc<State<R>>,
    notifier: Option<Notifier>,
    /// Where rmcp's router has its public `map`: code written for it (`tools.map.values()`)
    /// fails to build with a message naming the method to write instead (`tools.routes()`).
    #[doc(hidden)]
    pub map: NoMap<R>,
}

/// The prompts of one MCP server: [`Registry`] over rmcp's [`PromptRoute`], a superset of
/// rmcp 3.11's `PromptRouter<S>` (`new`, `Default`, `with_route`, `add_route`, `merge`, `+`,
/// `+=`, `remove_route`, `has_route`, `get_prompt`, `list_all`, `IntoIterator`) that refuses a
/// second prompt of one name (rmcp's router replaces the first), checks each name against
/// the slash-command rule ([`mcp_toolname_rules::PROMPT`]), switches prompts off and on,
/// tells sessions `notifications/prompts/list_changed` once per net change, and serves
/// deprecated aliases of renamed prompts for a window.
pub type PromptRegistry<S> = Registry<PromptRoute<S>>;

/// The tools of one MCP server: each name used once (tool or alias), checked against the
/// MCP spec, with deprecated aliases served while their window is open.
///
/// A superset of rmcp 3.11's `ToolRouter<S>`, with the same method names, signatures and
/// meaning (`new`, `Default`, `with_route`, `add_route`, `merge`, `+`, `+=`,
/// `remove_route`, `has_route`, `disable_route`, `enable_route`, `is_disabled`,
/// `with_disabled`, `set_notifier`, `clear_notifier`, `bind_peer_notifier`, `call`,
/// `list_all`, `get`, `IntoIterator`), except that a name is never silently replaced: every
/// change is checked against the MCP spec and against every name in use, and the infallible
/// forms panic where rmcp would keep the later route (`try_*` twins return
/// [`RegistryError`](crate::RegistryError)).
///
/// A value, as rmcp's router is: cloning is cheap (an [`Arc`] inside, copied on the first
/// change), and a change to one clone is not seen by the others. To change the tools of a
/// running server for every session, share one
/// [`SharedToolRegistry`](crate::SharedToolRegistry) (requests read the last published
/// generation of it, and every update is told to every session). Alias usage counters are
/// shared by every clone.
///
/// It offers what rmcp's `#[tool_handler]` expansion calls on a router (`call`, `list_all`,
/// `get`), so `#[rmcp::tool_handler]` serves it, bare or with `router = self.tools`. rmcp's
/// public fields `map` and `transparent_when_not_found` are not offered: a route changes in
/// place through [`for_each_route_mut`](Self::for_each_route_mut) (names stay as they are) and
/// is read with [`route`](Self::route) or [`routes`](Self::routes) (code that reads `map`
/// fails to build with a message naming the method to write); `transparent_when_not_found` means something only to
/// rmcp's `Router`, which holds rmcp's own router.
///
/// Built by `#[tool_registry]` (`Self::tool_router()`), by [`builder`](Self::builder), or by
/// hand, route by route:
///
/// ```
/// use mcp_toolname_runtime::{Alias, ToolDef, ToolRegistry};
/// use rmcp::handler::server::router::tool::ToolRoute;
/// use rmcp::model::{CallToolResult, JsonObject, Tool};
/// use std::sync::Arc;
///
/// struct Server;
/// fn route(name: &'static str) -> ToolRoute<Server> {
///     ToolRoute::new_dyn(Tool::new(name, "Searches.", Arc::new(JsonObject::new())), |_| {
///         Box::pin(async { Ok(CallToolResult::default().into()) })
///     })
/// }
///
/// let mut tools = ToolRegistry::<Server>::new().with_route(route("search"));
/// // rmcp's router would keep the later `search` silently; here the change is refused.
/// assert!(tools.try_add_route(route("search")).is_err());
/// // A renamed tool keeps its old name, here hidden from `tools/list` but callable.
/// tools.try_add_tool(ToolDef::new(route("fetch_page")).alias(Alias::new("fetch").hidden()))?;
/// let listed: Vec<_> = tools.list_all().into_iter().map(|t| t.name).collect();
/// assert_eq!(listed, ["fetch_page", "search"]);
/// assert!(tools.has_route("fetch"));
/// # Ok::<(), mcp_toolname_runtime::RegistryError>(())
/// ```
pub type ToolRegistry<S> = Registry<ToolRoute<S>>;

impl<R: Item> Clone for Registry<R> {
    fn clone(&self) -> Self {
        Self {
            state: Arc::clone(&self.state),
            notifier: self.notifier.clone(),
            map: NoMap::default(),
        }
    }
}

impl<R: Item> Default for Registry<R> {
    fn default() -> Self {
        Self {
            state: Arc::default(),
            notifier: None,
            map: NoMap::default(),
        }
    }
}

impl<R: Item> fmt::Debug for Registry<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut aliases: Vec<&str> = self
            .state
            .aliases()
            .map(|a| a.alias.name.as_ref())
            .collect();
        aliases.sort_unstable();
        let mut disabled: Vec<&str> = self.state.disabled.iter().map(AsRef::as_ref).collect();
        disabled.sort_unstable();
        f.debug_struct(R::LIST.registry_type())
            .field(
                "tools",
                &self
                    .state
                    .sorted_defs()
                    .iter()
                    .map(|d| d.name())
                    .collect::<Vec<_>>(),
            )
            .field("aliases", &aliases)
            .field("disabled", &disabled)
            .field("clock", &self.state.clock)
            .field("notifier", &self.notifier.as_ref().map(|_| "..."))
            .finish()
    }
}

impl<R: Item> Registry<R> {
    /// An empty registry (rmcp's `ToolRouter::new`, `PromptRouter::new`).
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The clock alias windows are read from.
    #[must_use]
    pub fn clock(&self) -> &dyn Clock {
        self.state.clock.as_ref()
    }

    /// The same registry reading time from `clock`.
    #[must_use]
    pub fn with_clock(mut self, clock: impl Clock + 'static) -> Self {
        Arc::make_mut(&mut self.state).clock = Arc::new(clock);
        self
    }

    /// The `tools/list` answer now: every enabled tool, plus each live alias of an enabled
    /// tool that is not hidden (its description opens with the deprecation, and its `_meta`
    /// has [`DEPRECATION_META_KEY`]), sorted by name.
    ///
    /// In a process started with [`SURFACE_ENV_VAR`] (`MCP_TOOLNAME_SURFACE=1`), as
    /// `mcp-toolname snapshot` starts a server, the list is the whole surface instead: hidden
    /// aliases and live tombstones too, every alias with `_meta["mcp-toolname/alias"] =
    /// {"of", "hidden", "until", "list_until", "args"}` and every tombstone with
    /// `_meta["mcp-toolname/tombstone"]`. Nothing else reads the variable, and no client
    /// sees the difference unless the server's operator sets it.
    #[must_use]
    pub fn list_all(&self) -> Vec<R::Listed> {
        self.list(surface::wanted())
    }

    /// The list answer: what every client sees, or with `whole` the whole surface
    /// ([`list_all`](Self::list_all) in surface mode).
    fn list(&self, whole: bool) -> Vec<R::Listed> {
        let now = self.state.clock.since_epoch();
        let mut tools = self.state.listed().to_vec();
        let before = tools.len();
        if whole {
            surface::mark_origins(&self.state, &mut tools);
            surface::extend(&self.state, now, &mut tools);
        } else {
            tools.extend(
                self.state
                    .aliases()
                    .filter(|a| a.is_listed(now) && !self.state.alias_off(a))
                    .map(|a| a.listed.clone()),
            );
        }
        if tools.len() != before {
            tools.sort_by(|a, b| R::listed_name(a).cmp(R::listed_name(b)));
        }
        tools
    }

    /// How long a client may cache the list now, in milliseconds: the
    /// registry's [`list_ttl`](RegistryBuilder::list_ttl) (0 without one, as rmcp
    /// sends), cut short at the next instant a listed alias leaves the list, so that no
    /// cached list outlives an alias window.
    #[must_use]
    pub fn list_ttl_ms(&self) -> u64 {
        let Some(ttl) = self.state.defaults.list_ttl else {
            return 0;
        };
        let now = self.state.clock.since_epoch();
        let next_change = self
            .state
            .aliases()
            .filter(|a| self.state.alias_shown(a, now))
            .filter_map(entry::AliasEntry::listed_end)
            .map(|end| end - now)
            .min();
        let ttl = next_change.map_or(ttl, |left| left.min(ttl));
        u64::try_from(ttl.num_milliseconds()).unwrap_or(0)
    }

    /// The definition served under `name` now: an enabled item, or a live alias of one
    /// (hidden ones too, since they can be called).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&R::Listed> {
        match self.state.named(name)? {
            Named::Item(def) => (!self.state.is_off(name)).then_some(def.route.listed()),
            Named::Alias(alias) => self
                .state
                .serves(alias, self.state.clock.since_epoch())
                .then_some(&alias.listed),
            Named::Tombstone(_) => None,
        }
    }

    /// Where the item, alias or tombstone `name` was defined.
    #[must_use]
    pub fn origin(&self, name: &str) -> Option<&Origin> {
        self.state.named(name).map(Named::origin)
    }

    /// Item names (not aliases), enabled or not, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.state.sorted_defs().into_iter().map(|d| d.name())
    }

    /// Every alias with the name of its item, whatever its window, sorted by alias name.
    pub fn aliases(&self) -> impl Iterator<Item = (&Alias, &str)> {
        let mut aliases: Vec<_> = self
            .state
            .aliases()
            .map(|a| (&a.alias, a.target.as_ref()))
            .collect();
        aliases.sort_by(|a, b| a.0.name.cmp(&b.0.name));
        aliases.into_iter()
    }

    /// Every tombstone, whatever its window, sorted by name.
    pub fn tombstones(&self) -> impl Iterator<Item = &Tombstone> {
        self.state
            .sorted_tombstones()
            .into_iter()
            .map(|t| &t.tombstone)
    }

    /// How much the alias `name` has been called since the registry was built (counted
    /// across every clone).
    #[must_use]
    pub fn alias_usage(&self, name: &str) -> Option<AliasUsage> {
        self.state.alias(name).map(|a| a.usage.snapshot())
    }

    /// The names the list shows now.
    fn visible_names(&self) -> Vec<String> {
        self.list_all()
            .iter()
            .map(|t| R::listed_name(t).to_owned())
            .collect()
    }

    /// Number of items, enabled or not (aliases not counted).
    #[must_use]
    pub fn len(&self) -> usize {
        self.state.item_count()
    }

    /// Whether there are no items.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.state.item_count() == 0
    }
}

impl<S: 'static> ToolRegistry<S> {
    /// The `tools/list` answer for `context`'s protocol: [`list_all`](Self::list_all), and on
    /// 2026-07-28 and later its cache lifetime ([`list_ttl_ms`](Self::list_ttl_ms)) and scope
    /// (public, as rmcp's handler sends). Write it in the `#[tool_handler]` impl to let
    /// clients cache the list safely (rmcp's own `list_tools` sends `ttlMs: 0`):
    ///
    /// ```
    /// use mcp_toolname_runtime::ToolRegistry;
    /// use rmcp::model::{ListToolsResult, PaginatedRequestParams};
    /// use rmcp::service::RequestContext;
    /// use rmcp::{ErrorData, RoleServer, ServerHandler};
    ///
    /// #[derive(Clone)]
    /// struct Server {
    ///     tools: ToolRegistry<Self>,
    /// }
    ///
    /// #[rmcp::tool_handler(router = self.tools)]
    /// impl ServerHandler for Server {
    ///     async fn list_tools(
    ///         &self,
    ///         _request: Option<PaginatedRequestParams>,
    ///         context: RequestContext<RoleServer>,
    ///     ) -> Result<ListToolsResult, ErrorData> {
    ///         Ok(self.tools.list_tools_result(&context))
    ///     }
    /// }
    ///
    /// let _server = Server { tools: ToolRegistry::new() };
    /// ```
    ///
    /// A request whose `_meta` carries [`SURFACE_META_KEY`]` = true` (as `mcp-toolname
    /// snapshot` and `audit` send it, over stdio and HTTP alike) gets the whole surface, as in
    /// surface mode, and the answer's `_meta` says so with the same key; any other request
    /// gets what [`list_all`](Self::list_all) gives. rmcp's generated `list_tools` cannot see
    /// the request, which is why this form is written by hand.
    #[must_use]
    pub fn list_tools_result(
        &self,
        context: &rmcp::service::RequestContext<rmcp::RoleServer>,
    ) -> rmcp::model::ListToolsResult {
        let (ttl_ms, cache_scope) = self.cache_hints(context);
        let (tools, meta) = self.surface_answer(context);
        rmcp::model::ListToolsResult {
            result_type: Some(rmcp::model::ResultType::COMPLETE),
            tools,
            meta,
            next_cursor: None,
            ttl_ms,
            cache_scope,
        }
    }
}

impl<R: Item> Registry<R> {
    /// The list a request of `context` is answered with, and the answer's `_meta`: the whole
    /// surface, marked, when the request asks for it ([`SURFACE_META_KEY`]) or the process is
    /// in surface mode; else what every client sees and no `_meta`.
    fn surface_answer(
        &self,
        context: &rmcp::service::RequestContext<rmcp::RoleServer>,
    ) -> (Vec<R::Listed>, Option<rmcp::model::MetaObject>) {
        let whole = surface::wanted() || surface::asked(&context.meta);
        (self.list(whole), whole.then(surface::answered))
    }

    /// What a list answer tells a client of `context`'s protocol about caching it: on
    /// 2026-07-28 and later its lifetime ([`list_ttl_ms`](Self::list_ttl_ms)) and scope
    /// (public, as rmcp's handler sends); before, nothing.
    fn cache_hints(
        &self,
        context: &rmcp::service::RequestContext<rmcp::RoleServer>,
    ) -> (Option<u64>, Option<rmcp::model::CacheScope>) {
        let hints = context
            .protocol_version()
            .is_some_and(|v| v >= rmcp::model::ProtocolVersion::V_2026_07_28);
        (
            hints.then(|| self.list_ttl_ms()),
            hints.then_some(rmcp::model::CacheScope::Public),
        )
    }
}

/// The enabled routes, as rmcp's router gives them (aliases are not routes of their own).
impl<R: Item> IntoIterator for Registry<R> {
    type Item = R;
    type IntoIter = std::vec::IntoIter<R>;

    fn into_iter(self) -> Self::IntoIter {
        let mut routes: Vec<R> = self
            .state
            .items()
            .filter(|d| !self.state.is_off(d.name()))
            .map(|d| d.route.clone())
            .collect();
        routes.sort_by(|a, b| a.name().cmp(b.name()));
        routes.into_iter()
    }
}
