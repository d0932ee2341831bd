//! What a registry serves: tools by name, aliases by name, the disabled set, and the checks
//! every insertion passes (the spec, one name per definition).

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, OnceLock};

use chrono::{DateTime, Utc};
use mcp_toolname_rules::{MCP, check, check_alias, message};
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::model::{MetaObject, Tool};
use serde_json::json;

use super::nearest::NearIndex;
use crate::alias::{Alias, AliasDefaults, UsageCounters, rfc3339};
use crate::clock::{Clock, SystemClock};
use crate::def::ToolDef;
use crate::error::Problem;
use crate::origin::Origin;

/// The `_meta` key under which a listed alias carries its deprecation (replacement name,
/// end of window). Prefixed per the MCP `_meta` naming rules.
pub const DEPRECATION_META_KEY: &str = "mcp-toolname/deprecated";

/// One alias as served: the alias, its tool's name and route (so a call takes one
/// look-up), and what `tools/list` and a call by the old name show.
pub(crate) struct AliasEntry<S> {
    pub alias: Alias,
    pub target: Cow<'static, str>,
    pub route: ToolRoute<S>,
    pub origin: Origin,
    /// The alias as `tools/list` shows it: the tool under the old name, marked deprecated.
    pub listed: Tool,
    /// Shared by every clone of the registry, so usage adds up whichever clone served.
    pub usage: Arc<UsageCounters>,
    /// `until` as RFC 3339, and the `_meta` notice of a call: fixed per alias, so made once
    /// here rather than on every call.
    pub until_text: Option<String>,
    pub notice: serde_json::Value,
    /// A call result's whole `_meta` when the tool set none: `{DEPRECATION_META_KEY: notice}`,
    /// cloned as one map rather than assembled per call.
    pub call_meta: MetaObject,
    /// The alias's series of [`crate::ALIAS_CALLS`].
    #[cfg(feature = "metrics")]
    pub series: crate::alias_metrics::AliasSeries,
}

impl<S> Clone for AliasEntry<S> {
    fn clone(&self) -> Self {
        Self {
            alias: self.alias.clone(),
            target: self.target.clone(),
            route: self.route.clone(),
            origin: self.origin.clone(),
            listed: self.listed.clone(),
            usage: Arc::clone(&self.usage),
            until_text: self.until_text.clone(),
            notice: self.notice.clone(),
            call_meta: self.call_meta.clone(),
            #[cfg(feature = "metrics")]
            series: self.series.clone(),
        }
    }
}

impl<S> AliasEntry<S> {
    fn new(alias: Alias, def: &ToolDef<S>) -> Self {
        let tool = &def.route.attr;
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
        let mut notice = serde_json::Map::new();
        notice.insert("replacement".to_owned(), json!(tool.name));
        if let Some(until) = &until {
            notice.insert("until".to_owned(), json!(until));
        }
        let notice = serde_json::Value::Object(notice);
        let mut call_meta = MetaObject::default();
        call_meta
            .0
            .insert(DEPRECATION_META_KEY.to_owned(), notice.clone());
        Self {
            #[cfg(feature = "metrics")]
            series: crate::alias_metrics::AliasSeries::new(&alias.name, &tool.name),
            alias,
            target: tool.name.clone(),
            route: def.route.clone(),
            origin: def.alias_origin(),
            listed,
            usage: Arc::default(),
            until_text: until,
            notice,
            call_meta,
        }
    }
}

/// The served set. Copied on write (`Arc::make_mut`) by the registry's mutations, so a clone
/// of a registry never sees another clone's changes, as with rmcp's `ToolRouter`.
pub(crate) struct State<S> {
    /// Tools by name.
    pub tools: HashMap<Cow<'static, str>, ToolDef<S>>,
    pub aliases: HashMap<Cow<'static, str>, AliasEntry<S>>,
    /// Names switched off by `disable_route`, also before a route with the name exists
    /// (rmcp's rule); an alias of a disabled tool is off too.
    pub disabled: HashSet<Cow<'static, str>>,
    /// Enabled tools sorted by name, as `tools/list` shows them; made on first use after a
    /// change.
    listed: OnceLock<Vec<Tool>>,
    /// Tool names by match key, for the "did you mean" of an unknown name; made on first
    /// use after a change.
    near: OnceLock<NearIndex>,
    /// Where alias windows read the time.
    pub clock: Arc<dyn Clock>,
    /// How calls by aliases that set no answer of their own are answered.
    pub defaults: AliasDefaults,
}

impl<S> Default for State<S> {
    fn default() -> Self {
        Self {
            tools: HashMap::new(),
            aliases: HashMap::new(),
            disabled: HashSet::new(),
            listed: OnceLock::new(),
            near: OnceLock::new(),
            clock: Arc::new(SystemClock),
            defaults: AliasDefaults::default(),
        }
    }
}

impl<S> Clone for State<S> {
    fn clone(&self) -> Self {
        Self {
            tools: self.tools.clone(),
            aliases: self.aliases.clone(),
            disabled: self.disabled.clone(),
            listed: self.listed.clone(),
            near: self.near.clone(),
            clock: Arc::clone(&self.clock),
            defaults: self.defaults,
        }
    }
}

impl<S> State<S> {
    /// Who holds `name` now, tool or alias.
    fn holder(&self, name: &str) -> Option<&Origin> {
        self.tools
            .get(name)
            .map(|d| &d.origin)
            .or_else(|| self.aliases.get(name).map(|a| &a.origin))
    }

    /// Every problem `def` would bring into this set: a name outside the spec, a bad alias,
    /// an empty window, and each name already held (by this set or by `def` itself).
    pub fn problems_of(&self, def: &ToolDef<S>, problems: &mut Vec<Problem>) {
        let name = &def.route.attr.name;
        if let Err(error) = check(name, &MCP) {
            problems.push(Problem::InvalidName {
                name: name.to_string(),
                origin: def.origin.clone(),
                error,
            });
        }
        if let Some(first) = self.holder(name) {
            problems.push(duplicate(name, first, &def.origin));
        }
        let alias_origin = def.alias_origin();
        for (i, alias) in def.aliases.iter().enumerate() {
            if let Err(error) = check_alias(&alias.name) {
                problems.push(Problem::InvalidAlias {
                    name: alias.name.to_string(),
                    origin: alias_origin.clone(),
                    error,
                });
            }
            if let (Some(since), Some(until)) = (alias.since, alias.until)
                && since >= until
            {
                problems.push(Problem::EmptyWindow {
                    name: alias.name.to_string(),
                    origin: alias_origin.clone(),
                    since: rfc3339(since),
                    until: rfc3339(until),
                });
            }
            let own = (alias.name == *name).then_some(&def.origin).or_else(|| {
                def.aliases[..i]
                    .iter()
                    .any(|a| a.name == alias.name)
                    .then_some(&alias_origin)
            });
            if let Some(first) = self.holder(&alias.name).or(own) {
                problems.push(duplicate(&alias.name, first, &alias_origin));
            }
        }
    }

    /// Adds `def`, claiming each of its names that is still free (the first definition of a
    /// name keeps it). Callers check [`Self::problems_of`] first.
    pub fn insert(&mut self, def: ToolDef<S>) {
        self.listed = OnceLock::new();
        self.near = OnceLock::new();
        for alias in &def.aliases {
            if self.holder(&alias.name).is_none() && alias.name != def.route.attr.name {
                let entry = AliasEntry::new(alias.clone(), &def);
                self.aliases.insert(alias.name.clone(), entry);
            }
        }
        let name = def.route.attr.name.clone();
        self.tools.entry(name).or_insert(def);
    }

    /// Removes the tool `name` and its aliases; `None` if there is no such tool.
    pub fn remove(&mut self, name: &str) -> Option<ToolDef<S>> {
        let def = self.tools.remove(name)?;
        self.listed = OnceLock::new();
        self.near = OnceLock::new();
        for alias in &def.aliases {
            if self
                .aliases
                .get(&alias.name)
                .is_some_and(|a| a.target == name)
            {
                self.aliases.remove(&alias.name);
            }
        }
        Some(def)
    }

    /// Switches `name` off (`true`) or on; whether the disabled set changed.
    pub fn set_disabled(&mut self, name: Cow<'static, str>, disabled: bool) -> bool {
        let changed = if disabled {
            self.disabled.insert(name)
        } else {
            self.disabled.remove(&name)
        };
        if changed {
            self.listed = OnceLock::new();
        }
        changed
    }

    /// Whether the tool `name` exists and is switched off.
    pub fn is_off(&self, name: &str) -> bool {
        !self.disabled.is_empty() && self.disabled.contains(name)
    }

    /// Whether `alias` is switched off: its tool disabled, or the alias name itself.
    pub fn alias_off(&self, alias: &AliasEntry<S>) -> bool {
        self.is_off(&alias.target) || self.is_off(&alias.alias.name)
    }

    /// The enabled tools, sorted by name.
    pub fn listed(&self) -> &[Tool] {
        self.listed.get_or_init(|| {
            let mut tools: Vec<Tool> = self
                .tools
                .values()
                .filter(|d| !self.is_off(&d.route.attr.name))
                .map(|d| d.route.attr.clone())
                .collect();
            tools.sort_by(|a, b| a.name.cmp(&b.name));
            tools
        })
    }

    /// The enabled tool an unknown `name` most likely meant (bounded work: see
    /// [`NearIndex::closest`]).
    pub fn closest_tool(&self, name: &str) -> Option<&str> {
        self.near
            .get_or_init(|| NearIndex::new(self.tools.keys()))
            .closest(name, |n| self.is_off(n))
    }

    /// The alias `name` if it is served at `now`: inside its window, its tool switched on.
    pub fn live_alias(&self, name: &str, now: DateTime<Utc>) -> Option<&AliasEntry<S>> {
        self.aliases
            .get(name)
            .filter(|a| a.alias.is_live(now) && !self.alias_off(a))
    }

    /// The tool definitions, sorted by name (stable for errors, iteration and merges).
    pub fn sorted_defs(&self) -> Vec<&ToolDef<S>> {
        let mut defs: Vec<&ToolDef<S>> = self.tools.values().collect();
        defs.sort_by(|a, b| a.route.attr.name.cmp(&b.route.attr.name));
        defs
    }
}

fn duplicate(name: &str, first: &Origin, second: &Origin) -> Problem {
    Problem::Duplicate {
        name: name.to_owned(),
        first: first.clone(),
        second: second.clone(),
    }
}
