//! [`ToolRegistry`]: the tools of one server, one name each, with their aliases.

use std::borrow::Cow;
use std::collections::HashMap;
use std::collections::hash_map::Entry as MapEntry;
use std::fmt;
use std::sync::Arc;

use chrono::{DateTime, TimeDelta, Utc};
use mcp_toolname_rules::{MCP, check, check_alias, message};
use rmcp::ErrorData;
use rmcp::handler::server::router::tool::{ToolRoute, ToolRouter};
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, ErrorCode, Tool};
use serde_json::json;

use crate::alias::{Alias, AliasUsage, UsageCounters, rfc3339};
use crate::clock::{Clock, SystemClock};
use crate::error::{Problem, RegistryError};
use crate::origin::Origin;
use crate::window::{ENV_VAR, Windows};

/// The `_meta` key under which a listed alias carries its deprecation (replacement name,
/// end of window). Prefixed per the MCP `_meta` naming rules.
pub const DEPRECATION_META_KEY: &str = "mcp-toolname/deprecated";

/// rmcp turns a parameter deserialisation error into a tool error result (so the model can
/// retry); the registry does the same to stay a drop-in for `ToolRouter`.
const ARGUMENT_ERROR_PREFIX: &str = "failed to deserialize parameters:";

/// One tool to register: an rmcp [`ToolRoute`], where it was defined, and its aliases.
pub struct ToolDef<S> {
    route: ToolRoute<S>,
    origin: Origin,
    pub(crate) aliases: Vec<Alias>,
}

impl<S> ToolDef<S> {
    /// A tool defined at the caller's location.
    #[track_caller]
    #[must_use]
    pub fn new(route: ToolRoute<S>) -> Self {
        let origin = Origin::caller(format!("tool {}", message::show(&route.attr.name)));
        Self {
            route,
            origin,
            aliases: Vec::new(),
        }
    }

    /// Sets where the tool was defined (the macros pass the `#[mcp_tool]` site).
    #[must_use]
    pub fn at(mut self, origin: Origin) -> Self {
        self.origin = origin;
        self
    }

    /// Adds an old name the tool keeps answering to.
    #[must_use]
    pub fn alias(mut self, alias: Alias) -> Self {
        self.aliases.push(alias);
        self
    }
}

impl<S> Clone for ToolDef<S> {
    fn clone(&self) -> Self {
        Self {
            route: self.route.clone(),
            origin: self.origin.clone(),
            aliases: self.aliases.clone(),
        }
    }
}

/// Collects tools and registries, then checks the whole set once in [`build`](Self::build).
pub struct ToolRegistryBuilder<S> {
    defs: Vec<ToolDef<S>>,
    clock: Option<Arc<dyn Clock>>,
    windows: Windows,
}

impl<S: 'static> ToolRegistryBuilder<S> {
    /// Adds one tool.
    #[must_use]
    pub fn tool(mut self, def: ToolDef<S>) -> Self {
        self.defs.push(def);
        self
    }

    /// Adds every tool (with its aliases) of `registry`.
    #[must_use]
    pub fn merge(mut self, registry: ToolRegistry<S>) -> Self {
        self.defs.extend(registry.inner.tools.iter().cloned());
        self
    }

    /// The clock alias windows are read from; [`SystemClock`] if unset.
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
    /// (`MCP_TOOLNAME_ALIAS_UNTIL`), if set, in the form of [`Self::overrides_from`].
    #[must_use]
    pub fn overrides_from_env(self) -> Self {
        match std::env::var(ENV_VAR) {
            Ok(spec) => self.overrides_from(&spec, ENV_VAR),
            Err(_) => self,
        }
    }

    /// Checks the set and builds the registry.
    ///
    /// # Errors
    /// Every [`Problem`] found: a tool name outside the MCP spec contract, an alias no
    /// client could send or whose window is empty, and each pair of definitions sharing a
    /// name (tool and tool, alias and tool, alias and alias), each naming both sites.
    /// Nothing is overwritten: a set with a problem builds nothing.
    pub fn build(mut self) -> Result<ToolRegistry<S>, RegistryError> {
        let mut problems = Vec::new();
        std::mem::take(&mut self.windows).apply(&mut self.defs, &mut problems);
        let mut index: HashMap<Cow<'static, str>, (Slot, Origin)> = HashMap::new();
        let mut claim =
            |name: &Cow<'static, str>, slot: Slot, origin: &Origin, problems: &mut Vec<Problem>| {
                match index.entry(name.clone()) {
                    MapEntry::Occupied(first) => problems.push(Problem::Duplicate {
                        name: name.to_string(),
                        first: first.get().1.clone(),
                        second: origin.clone(),
                    }),
                    MapEntry::Vacant(slot_entry) => {
                        slot_entry.insert((slot, origin.clone()));
                    }
                }
            };
        for (i, def) in self.defs.iter().enumerate() {
            let name = &def.route.attr.name;
            if let Err(error) = check(name, &MCP) {
                problems.push(Problem::InvalidName {
                    name: name.to_string(),
                    origin: def.origin.clone(),
                    error,
                });
            }
            claim(name, Slot::Tool(i), &def.origin, &mut problems);
        }
        let mut aliases = Vec::new();
        for (i, def) in self.defs.iter().enumerate() {
            for alias in &def.aliases {
                let origin = Origin {
                    item: format!("alias of {}", def.origin.item).into(),
                    ..def.origin.clone()
                };
                if let Err(error) = check_alias(&alias.name) {
                    problems.push(Problem::InvalidAlias {
                        name: alias.name.to_string(),
                        origin: origin.clone(),
                        error,
                    });
                }
                if let (Some(since), Some(until)) = (alias.since, alias.until)
                    && since >= until
                {
                    problems.push(Problem::EmptyWindow {
                        name: alias.name.to_string(),
                        origin: origin.clone(),
                        since: rfc3339(since),
                        until: rfc3339(until),
                    });
                }
                claim(
                    &alias.name,
                    Slot::Alias(aliases.len()),
                    &origin,
                    &mut problems,
                );
                aliases.push(AliasEntry::new(alias.clone(), i, &def.route.attr));
            }
        }
        if !problems.is_empty() {
            return Err(RegistryError::new(problems));
        }
        let tools = self.defs;
        let mut listed: Vec<Tool> = tools.iter().map(|t| t.route.attr.clone()).collect();
        listed.sort_by(|a, b| a.name.cmp(&b.name));
        let index = index
            .into_iter()
            .map(|(name, (slot, _))| (name, slot))
            .collect();
        Ok(ToolRegistry {
            inner: Arc::new(Inner {
                tools,
                aliases,
                index,
                listed,
            }),
            clock: self.clock.unwrap_or_else(|| Arc::new(SystemClock)),
        })
    }
}

#[derive(Debug, Clone, Copy)]
enum Slot {
    Tool(usize),
    Alias(usize),
}

struct AliasEntry {
    alias: Alias,
    target: usize,
    /// The alias as `tools/list` shows it: the tool under the old name, marked deprecated.
    listed: Tool,
    usage: UsageCounters,
    /// `until` as RFC 3339, and the `_meta` notice of a call: fixed per alias, so made once
    /// here rather than on every call.
    until_text: Option<String>,
    notice: serde_json::Value,
}

impl AliasEntry {
    fn new(alias: Alias, target: usize, tool: &Tool) -> Self {
        let until = alias.until_text();
        let mut listed = tool.clone();
        listed.name = alias.name.clone();
        let notice = message::alias_description(&tool.name, until.as_deref());
        listed.description = Some(match &tool.description {
            Some(d) if !d.is_empty() => format!("{notice}\n\n{d}").into(),
            _ => notice.into(),
        });
        // `until` and `since` are left out when unset, rather than sent as null.
        let mut deprecation = serde_json::Map::new();
        deprecation.insert("replacement".to_owned(), json!(tool.name));
        if let Some(until) = &until {
            deprecation.insert("until".to_owned(), json!(until));
        }
        if let Some(since) = alias.since {
            deprecation.insert("since".to_owned(), json!(rfc3339(since)));
        }
        let mut meta = listed.meta.take().unwrap_or_default();
        meta.0
            .insert(DEPRECATION_META_KEY.to_owned(), deprecation.into());
        listed.meta = Some(meta);
        let notice = json!({ "replacement": tool.name, "until": until });
        Self {
            alias,
            target,
            listed,
            usage: UsageCounters::default(),
            until_text: until,
            notice,
        }
    }
}

struct Inner<S> {
    tools: Vec<ToolDef<S>>,
    aliases: Vec<AliasEntry>,
    index: HashMap<Cow<'static, str>, Slot>,
    /// Canonical tools sorted by name, as `tools/list` shows them.
    listed: Vec<Tool>,
}

/// The tools of one MCP server: each name used once (tool or alias), checked against the
/// MCP spec, with deprecated aliases served while their window is open.
///
/// Built once (by `#[tool_registry]`, [`ToolRegistry::builder`] or
/// [`ToolRegistry::from_router`]), immutable, and cheap to clone (an [`Arc`] inside). It
/// offers what rmcp's `#[tool_handler]` expansion calls on a router (`call`, `list_all`,
/// `get`), so `#[rmcp::tool_handler(router = self.tools)]` serves it.
pub struct ToolRegistry<S> {
    inner: Arc<Inner<S>>,
    clock: Arc<dyn Clock>,
}

impl<S> Clone for ToolRegistry<S> {
    fn clone(&self) -> Self {
        Self {
            inner: Arc::clone(&self.inner),
            clock: Arc::clone(&self.clock),
        }
    }
}

impl<S> fmt::Debug for ToolRegistry<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolRegistry")
            .field(
                "tools",
                &self
                    .inner
                    .listed
                    .iter()
                    .map(|t| &t.name)
                    .collect::<Vec<_>>(),
            )
            .field(
                "aliases",
                &self
                    .inner
                    .aliases
                    .iter()
                    .map(|a| &a.alias.name)
                    .collect::<Vec<_>>(),
            )
            .field("clock", &self.clock)
            .finish()
    }
}

impl<S: 'static> ToolRegistry<S> {
    /// An empty builder.
    #[must_use]
    pub fn builder() -> ToolRegistryBuilder<S> {
        ToolRegistryBuilder {
            defs: Vec::new(),
            clock: None,
            windows: Windows::default(),
        }
    }

    /// Adopts a hand-built rmcp router (its enabled routes), checking every name against the
    /// MCP spec. The routes' origin is the caller's location.
    ///
    /// rmcp's router holds one route per name, so duplicates added to it before this call
    /// are already lost; build with [`ToolRegistry::builder`] to catch those.
    ///
    /// # Errors
    /// Every name outside the MCP spec contract.
    #[track_caller]
    pub fn from_router(router: ToolRouter<S>) -> Result<Self, RegistryError>
    where
        S: Send + Sync,
    {
        let at = Origin::caller("rmcp ToolRouter");
        let mut routes: Vec<ToolRoute<S>> = router.into_iter().collect();
        routes.sort_by(|a, b| a.attr.name.cmp(&b.attr.name));
        let mut builder = Self::builder();
        for route in routes {
            let origin = Origin {
                item: format!("rmcp ToolRouter route {}", message::show(&route.attr.name)).into(),
                ..at.clone()
            };
            builder = builder.tool(ToolDef {
                route,
                origin,
                aliases: Vec::new(),
            });
        }
        builder.build()
    }

    /// Merges `other` into this registry, keeping this registry's clock.
    ///
    /// # Errors
    /// Each name defined in both (tool or alias), naming both definition sites; rmcp's
    /// `ToolRouter + ToolRouter` keeps one silently instead.
    pub fn try_merge(self, other: Self) -> Result<Self, RegistryError> {
        let clock = Arc::clone(&self.clock);
        let mut merged = Self::builder().merge(self).merge(other).build()?;
        merged.clock = clock;
        Ok(merged)
    }

    /// A builder holding this registry's tools and clock, to change windows after the macro
    /// built it: `Server::tool_registry().reconfigure().overrides_from_env().build()?`.
    #[must_use]
    pub fn reconfigure(self) -> ToolRegistryBuilder<S> {
        let clock = Arc::clone(&self.clock);
        let mut builder = Self::builder().merge(self);
        builder.clock = Some(clock);
        builder
    }

    /// The clock alias windows are read from.
    #[must_use]
    pub fn clock(&self) -> &dyn Clock {
        self.clock.as_ref()
    }

    /// The same registry reading time from `clock`.
    #[must_use]
    pub fn with_clock(mut self, clock: impl Clock + 'static) -> Self {
        self.clock = Arc::new(clock);
        self
    }

    /// Runs a `tools/call`: a tool name runs the tool; a live alias runs its tool (counted,
    /// and logged as a rate-limited `tracing` warning); an expired alias or an unknown name
    /// is a JSON-RPC error (`-32602`, invalid params). Parameter deserialisation errors
    /// become tool error results, as in rmcp's `ToolRouter::call`.
    ///
    /// # Errors
    /// The JSON-RPC errors above, or the tool's own.
    pub async fn call(
        &self,
        mut context: ToolCallContext<'_, S>,
    ) -> Result<CallToolResponse, ErrorData> {
        let (entry, deprecation) = match self.inner.index.get(context.name()) {
            None => {
                return Err(ErrorData::invalid_params(
                    message::tool_not_found(context.name()),
                    None,
                ));
            }
            Some(Slot::Tool(i)) => (&self.inner.tools[*i], None),
            Some(Slot::Alias(j)) => {
                let alias = &self.inner.aliases[*j];
                let tool = &self.inner.tools[alias.target];
                let canonical = &tool.route.attr.name;
                let now = self.clock.now();
                let until = alias.until_text.as_deref();
                if !alias.alias.is_live(now) {
                    alias.usage.record(now, false);
                    return Err(ErrorData::invalid_params(
                        message::alias_expired(
                            &alias.alias.name,
                            canonical,
                            until.unwrap_or_default(),
                        ),
                        Some(alias.notice.clone()),
                    ));
                }
                if alias.usage.record(now, true) {
                    tracing::warn!(
                        alias = %alias.alias.name,
                        tool = %canonical,
                        "{}",
                        message::alias_called(&alias.alias.name, canonical, until)
                    );
                }
                context.name = canonical.clone();
                (tool, Some(alias.notice.clone()))
            }
        };
        match (entry.route.call)(context).await {
            Ok(mut result) => {
                // A call by the old name says so in the result too, so a client can tell its user.
                if let (Some(notice), CallToolResponse::Complete(done)) = (deprecation, &mut result)
                {
                    done.meta
                        .get_or_insert_with(Default::default)
                        .0
                        .insert(DEPRECATION_META_KEY.to_owned(), notice);
                }
                Ok(result)
            }
            Err(error)
                if error.code == ErrorCode::INVALID_PARAMS
                    && error.message.starts_with(ARGUMENT_ERROR_PREFIX) =>
            {
                Ok(CallToolResult::error(vec![ContentBlock::text(error.message)]).into())
            }
            Err(error) => Err(error),
        }
    }

    /// The `tools/list` answer now: every tool, plus each live alias that is not hidden
    /// (its description opens with the deprecation, and its `_meta` has
    /// [`DEPRECATION_META_KEY`]), sorted by name.
    #[must_use]
    pub fn list_all(&self) -> Vec<Tool> {
        let now = self.clock.now();
        let mut tools = self.inner.listed.clone();
        let before = tools.len();
        tools.extend(
            self.inner
                .aliases
                .iter()
                .filter(|a| a.alias.is_listed(now))
                .map(|a| a.listed.clone()),
        );
        if tools.len() != before {
            tools.sort_by(|a, b| a.name.cmp(&b.name));
        }
        tools
    }

    /// The definition served under `name` now: a tool, or a live alias (hidden ones too,
    /// since they can be called).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Tool> {
        match self.inner.index.get(name)? {
            Slot::Tool(i) => Some(&self.inner.tools[*i].route.attr),
            Slot::Alias(j) => {
                let alias = &self.inner.aliases[*j];
                alias
                    .alias
                    .is_live(self.clock.now())
                    .then_some(&alias.listed)
            }
        }
    }

    /// Where the tool or alias `name` was defined.
    #[must_use]
    pub fn origin(&self, name: &str) -> Option<&Origin> {
        match self.inner.index.get(name)? {
            Slot::Tool(i) => Some(&self.inner.tools[*i].origin),
            Slot::Alias(j) => Some(&self.inner.tools[self.inner.aliases[*j].target].origin),
        }
    }

    /// Tool names (not aliases), sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.inner.listed.iter().map(|t| t.name.as_ref())
    }

    /// Every alias with the name of its tool, whatever its window.
    pub fn aliases(&self) -> impl Iterator<Item = (&Alias, &str)> {
        self.inner.aliases.iter().map(|a| {
            (
                &a.alias,
                self.inner.tools[a.target].route.attr.name.as_ref(),
            )
        })
    }

    /// How much the alias `name` has been called since the registry was built.
    #[must_use]
    pub fn alias_usage(&self, name: &str) -> Option<AliasUsage> {
        match self.inner.index.get(name)? {
            Slot::Alias(j) => Some(self.inner.aliases[*j].usage.snapshot()),
            Slot::Tool(_) => None,
        }
    }

    /// Number of tools (aliases not counted).
    #[must_use]
    pub fn len(&self) -> usize {
        self.inner.tools.len()
    }

    /// Whether there are no tools.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.inner.tools.is_empty()
    }
}
