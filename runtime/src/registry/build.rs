//! [`RegistryBuilder`] ([`ToolRegistryBuilder`], [`PromptRegistryBuilder`]): collects items
//! and registries, then checks the whole set once.

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::Arc;

use chrono::{DateTime, TimeDelta, Utc};
use mcp_toolname_rules::message::{self, Refused};
use rmcp::handler::server::router::prompt::PromptRoute;
use rmcp::handler::server::router::tool::{ToolRoute, ToolRouter};

use super::state::State;
use super::{Registry, ToolRegistry};
use crate::alias::{AliasDefaults, AliasNotice, ExpiredAnswer};
use crate::clock::Clock;
use crate::def::{Def, PromptDef, ToolDef};
use crate::error::RegistryError;
use crate::item::Item;
use crate::origin::Origin;
use crate::portable::{Inlined, Schemas};
use crate::tombstone::Tombstone;
use crate::window::Windows;
#[cfg(doc)]
use crate::window::{ENV_VAR, PROMPT_ENV_VAR};

/// Collects items (tools or prompts) and registries, then checks the whole set once in
/// [`build`](Self::build). Used as [`ToolRegistryBuilder`] or [`PromptRegistryBuilder`].
pub struct RegistryBuilder<R: Item> {
    defs: Vec<Def<R>>,
    tombstones: Vec<(Tombstone, Origin)>,
    disabled: HashSet<Cow<'static, str>>,
    clock: Option<Arc<dyn Clock>>,
    windows: Windows,
    defaults: AliasDefaults,
    schemas: Schemas,
}

/// Collects tools and tool registries: [`RegistryBuilder`] over rmcp's [`ToolRoute`].
pub type ToolRegistryBuilder<S> = RegistryBuilder<ToolRoute<S>>;

/// Collects prompts and prompt registries: [`RegistryBuilder`] over rmcp's [`PromptRoute`].
pub type PromptRegistryBuilder<S> = RegistryBuilder<PromptRoute<S>>;

impl<S: 'static> ToolRegistryBuilder<S> {
    /// Adds one tool.
    #[must_use]
    pub fn tool(self, def: ToolDef<S>) -> Self {
        self.item(def)
    }
}

impl<S: 'static> PromptRegistryBuilder<S> {
    /// Adds one prompt.
    #[must_use]
    pub fn prompt(self, def: PromptDef<S>) -> Self {
        self.item(def)
    }
}

impl<R: Item> RegistryBuilder<R> {
    /// Adds one item (a tool or a prompt).
    #[must_use]
    pub fn item(mut self, def: Def<R>) -> Self {
        self.defs.push(def);
        self
    }

    /// Adds a tombstone: a removed item's name that only says where it went
    /// ([`Tombstone`]), declared at the caller's location.
    #[track_caller]
    #[must_use]
    pub fn tombstone(mut self, tombstone: Tombstone) -> Self {
        let origin = Origin::caller(format!("tombstone {}", message::show(&tombstone.name)));
        self.tombstones.push((tombstone, origin));
        self
    }

    /// [`Self::tombstone`] with its site given (the macros pass the attribute's).
    #[must_use]
    pub fn tombstone_at(mut self, tombstone: Tombstone, origin: Origin) -> Self {
        self.tombstones.push((tombstone, origin));
        self
    }

    /// Adds every tool (with its aliases) and tombstone of `registry`, and the names it has
    /// disabled.
    #[must_use]
    pub fn merge(mut self, registry: Registry<R>) -> Self {
        self.defs
            .extend(registry.state.sorted_defs().into_iter().cloned());
        self.tombstones.extend(
            registry
                .state
                .sorted_tombstones()
                .into_iter()
                .map(|t| (t.tombstone.clone(), t.origin.clone())),
        );
        self.disabled
            .extend(registry.state.disabled.iter().cloned());
        self
    }

    /// The clock alias windows are read from; [`SystemClock`](crate::SystemClock) if unset.
    #[must_use]
    pub fn clock(mut self, clock: impl Clock + 'static) -> Self {
        self.clock = Some(Arc::new(clock));
        self
    }

    /// Serves every alias that has `since` and no `until` for `window` from `since`.
    #[must_use]
    pub fn default_alias_window(mut self, window: TimeDelta) -> Self {
        self.windows.default = Some(window);
        self
    }

    /// Ends the alias `name` at `until` (`None`: serve it without end), whatever the
    /// attribute says: operators extend or shorten a window without rebuilding.
    #[must_use]
    pub fn override_window(mut self, name: &str, until: Option<DateTime<Utc>>) -> Self {
        self.windows
            .overrides
            .push((name.to_owned(), until, "override_window".to_owned()));
        self
    }

    /// Reads overrides from `spec`, `ALIAS=WHEN` entries separated by `,`, where `WHEN` is
    /// `YYYY-MM-DD`, an RFC 3339 timestamp or `never`; `source` names it in errors (a config
    /// key, a file).
    #[must_use]
    pub fn overrides_from(mut self, spec: &str, source: &str) -> Self {
        self.windows.parse(spec, source);
        self
    }

    /// Reads overrides from the environment variable [`ENV_VAR`]
    /// (`MCP_TOOLNAME_ALIAS_UNTIL`; for prompts [`PROMPT_ENV_VAR`],
    /// `MCP_TOOLNAME_PROMPT_ALIAS_UNTIL`), if set, in the form of [`Self::overrides_from`].
    #[must_use]
    pub fn overrides_from_env(self) -> Self {
        let var = crate::window::env_var(R::LIST);
        match std::env::var(var) {
            Ok(spec) => self.overrides_from(&spec, var),
            Err(_) => self,
        }
    }

    /// [`Self::overrides_from_env`] for a registry a macro builds: entries that name no
    /// alias of this registry are left to the server's other registries (one variable serves
    /// them all), and each applied one is logged (`tracing`, info).
    pub(crate) fn overrides_from_env_shared(mut self) -> Self {
        self.windows.shared = true;
        self.overrides_from_env()
    }

    /// How a call to an alias past its window is answered, for every alias that does not
    /// set [`Alias::expired_answer`](crate::Alias::expired_answer). Default:
    /// [`ExpiredAnswer::ToolError`] (a result with `isError: true` the model can act on);
    /// [`ExpiredAnswer::ProtocolError`] gives JSON-RPC error `-32602`.
    #[must_use]
    pub fn expired_alias_answer(mut self, answer: ExpiredAnswer) -> Self {
        self.defaults.expired = answer;
        self
    }

    /// What a call by an alias inside its window adds to the result, for every alias that
    /// does not set [`Alias::notice`](crate::Alias::notice). Default: [`AliasNotice::Meta`]
    /// (`_meta` only); [`AliasNotice::Text`] also appends a text block the model reads;
    /// [`AliasNotice::None`] adds nothing (the call is still counted and logged).
    #[must_use]
    pub fn alias_notice(mut self, notice: AliasNotice) -> Self {
        self.defaults.notice = notice;
        self
    }

    /// Whether the notice of a call by an alias is added only to the first call by that name
    /// in each session (or, on protocol 2026-07-28, from each client that names itself in
    /// `_meta`), for every alias that does not set [`Alias::notice_once`](crate::Alias::notice_once).
    /// Default: every call. A model reads a deprecation once and acts on it; the same text on
    /// every result is noise in its context.
    #[must_use]
    pub fn alias_notice_once(mut self, once: bool) -> Self {
        self.defaults.notice_once = once;
        self
    }

    /// Lets clients of protocol 2026-07-28 cache `tools/list` for up to `ttl`
    /// ([`ToolRegistry::list_tools_result`] sends it as `ttlMs`, cut short before each alias
    /// window change, so no cached list outlives one). Each alias whose window, from its
    /// `since` (or from now, without one) to its `until`, is shorter than `ttl` is logged as
    /// a warning at [`build`](Self::build): a client that cached the list from before the
    /// rename may call the old name after the alias is gone.
    #[must_use]
    pub fn list_ttl(mut self, ttl: std::time::Duration) -> Self {
        self.defaults.list_ttl = TimeDelta::from_std(ttl).ok();
        self
    }

    /// How input schemas are listed, for these routes and those added later: inlined
    /// ([`Schemas::Portable`], the default: no `$ref`, `$defs` or `$schema`, which some
    /// clients drop or refuse) or as rmcp wrote them ([`Schemas::AsWritten`]). Each schema
    /// is inlined once, here or as its route is added, so `tools/list` and `tools/call`
    /// cost what they cost with rmcp; a schema that cannot be inlined (a recursive type) is
    /// listed as written, with a warning logged (`tracing`) that names the tool.
    #[must_use]
    pub fn schemas(mut self, schemas: Schemas) -> Self {
        self.schemas = schemas;
        self
    }

    /// Checks the set and builds the registry.
    ///
    /// # Errors
    /// Every [`Problem`](crate::Problem) found: a tool name outside the MCP spec contract,
    /// an alias no client could send or whose window is empty, and each pair of definitions
    /// sharing a name (tool and tool, alias and tool, alias and alias), each naming both
    /// sites. Nothing is overwritten: a set with a problem builds nothing.
    pub fn build(mut self) -> Result<Registry<R>, RegistryError> {
        let mut problems = Vec::new();
        std::mem::take(&mut self.windows).apply(&mut self.defs, &mut problems);
        let mut state = State::default();
        let mut inlined = Inlined::default();
        for mut def in self.defs {
            def.list_schema(self.schemas, &mut inlined);
            state.problems_of(&def, &mut problems);
            state.insert(def);
        }
        for (tombstone, origin) in self.tombstones {
            state.problems_of_tombstone(&tombstone, &origin, &mut problems);
            state.insert_tombstone(tombstone, origin);
        }
        if !problems.is_empty() {
            return Err(RegistryError::new(problems, Refused::Build));
        }
        state.disabled = self.disabled.into();
        state.defaults = self.defaults;
        state.schemas = self.schemas;
        if let Some(clock) = &self.clock {
            state.clock = Arc::clone(clock);
        }
        warn_short_windows(&state);
        Ok(Registry {
            state: Arc::new(state),
            ..Registry::default()
        })
    }
}

/// Logs a warning for each alias whose window is shorter than the cache lifetime the
/// registry lets clients use ([`ToolRegistryBuilder::list_ttl`]).
fn warn_short_windows<R: Item>(state: &State<R>) {
    let Some(ttl) = state.defaults.list_ttl else {
        return;
    };
    let now = state.clock.now();
    for alias in state.aliases() {
        let Some(until) = alias.alias.until else {
            continue;
        };
        let start = alias.alias.since.unwrap_or(now).max(now.min(until));
        if until - start < ttl {
            tracing::warn!(
                alias = %alias.alias.name,
                "{}",
                message::window_shorter_than_cache(
                    &alias.alias.name,
                    &alias.target,
                    &crate::alias::rfc3339(until),
                    &crate::alias::rfc3339(start.checked_add_signed(ttl).unwrap_or(until)),
                    u64::try_from(ttl.num_seconds()).unwrap_or(0)
                )
            );
        }
    }
}

impl<R: Item> Registry<R> {
    /// An empty builder.
    #[must_use]
    pub fn builder() -> RegistryBuilder<R> {
        RegistryBuilder {
            defs: Vec::new(),
            tombstones: Vec::new(),
            disabled: HashSet::new(),
            clock: None,
            windows: Windows::default(),
            defaults: AliasDefaults::default(),
            schemas: Schemas::default(),
        }
    }

    /// A builder holding this registry's items, disabled names, clock and [`Schemas`], to
    /// change windows or how schemas are listed after the macro built it:
    /// `Server::tool_router().reconfigure().overrides_from_env().build()?`.
    #[must_use]
    pub fn reconfigure(self) -> RegistryBuilder<R> {
        let clock = Arc::clone(&self.state.clock);
        let defaults = self.state.defaults;
        let schemas = self.state.schemas;
        let mut builder = Self::builder().merge(self);
        builder.clock = Some(clock);
        builder.defaults = defaults;
        builder.schemas = schemas;
        builder
    }
}

impl<S: 'static> ToolRegistry<S> {
    /// Adopts a hand-built rmcp router (its enabled routes), checking every name against the
    /// MCP spec. The routes' origin is the caller's location.
    ///
    /// rmcp's router holds one route per name, so duplicates added to it before this call
    /// are already lost; build with [`ToolRegistry::builder`] or [`ToolRegistry::new`] and
    /// [`with_route`](Self::with_route) to catch those.
    ///
    /// # Errors
    /// Every name outside the MCP spec contract.
    #[track_caller]
    pub fn from_router(router: ToolRouter<S>) -> Result<Self, RegistryError>
    where
        S: Send + Sync,
    {
        Self::from_routes("rmcp ToolRouter", router.into_iter().collect())
    }
}

impl<R: Item> Registry<R> {
    /// A registry of rmcp's routes `routes`, taken from a hand-built rmcp router (`router`:
    /// its name, for where each was defined), every name checked. Their origin is the
    /// caller's location.
    #[track_caller]
    pub(super) fn from_routes(router: &str, mut routes: Vec<R>) -> Result<Self, RegistryError> {
        let at = Origin::caller(router.to_owned());
        routes.sort_by(|a, b| a.name().cmp(b.name()));
        let mut builder = Self::builder();
        for route in routes {
            let origin = Origin {
                item: format!("{router} route {}", message::show(route.name())).into(),
                ..at.clone()
            };
            builder = builder.item(Def::new(route).at(origin));
        }
        builder.build()
    }
}
