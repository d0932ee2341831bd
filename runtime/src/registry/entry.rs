//! What one name serves ([`Named`]: an item (a tool or a prompt), an alias of one, or a
//! tombstone), and an alias as served ([`AliasEntry`]): everything a call by the old name
//! needs, made once when it is added.

use std::borrow::Cow;
use std::sync::Arc;

use chrono::TimeDelta;
use rmcp::model::MetaObject;
use serde_json::{Map, Value, json};

use crate::alias::{Alias, AliasNotice, UsageCounters, rfc3339};
use crate::clock::since_epoch;
use crate::def::Def;
use crate::heard::Heard;
use crate::item::Item;
use crate::origin::Origin;
use crate::tombstone::Tombstone;

/// The `_meta` key under which a listed alias carries its deprecation (replacement name,
/// end of window). Prefixed per the MCP `_meta` naming rules.
pub const DEPRECATION_META_KEY: &str = "mcp-toolname/deprecated";

/// What one name in use serves: an item, an alias of one, or a tombstone. The item is kept
/// in the map itself, so a call by its name reads its route with no pointer in between; the
/// alias entry, several times an item's size, is boxed, so the map is no bigger than a map of
/// items.
#[allow(
    clippy::large_enum_variant,
    reason = "a call by an item's name, the common case, reads the route without a pointer hop"
)]
pub(crate) enum Named<R: Item> {
    Item(Def<R>),
    Alias(Box<AliasEntry<R>>),
    Tombstone(Box<TombstoneEntry>),
}

/// A tombstone as served: where it was declared, its window as the clock reads it, and its
/// usage (shared by every clone).
#[derive(Clone)]
pub(crate) struct TombstoneEntry {
    pub tombstone: Tombstone,
    pub origin: Origin,
    pub until: Option<TimeDelta>,
    pub usage: Arc<UsageCounters>,
}

impl TombstoneEntry {
    pub fn new(tombstone: Tombstone, origin: Origin) -> Self {
        Self {
            until: tombstone.until.map(since_epoch),
            tombstone,
            origin,
            usage: Arc::default(),
        }
    }

    /// Whether the name still answers at `now` (since the epoch).
    pub fn is_live(&self, now: TimeDelta) -> bool {
        self.until.is_none_or(|until| now < until)
    }
}

impl<R: Item> Named<R> {
    /// Where the item, alias or tombstone was defined.
    pub fn origin(&self) -> &Origin {
        match self {
            Self::Item(def) => &def.origin,
            Self::Alias(alias) => &alias.origin,
            Self::Tombstone(tombstone) => &tombstone.origin,
        }
    }
}

impl<R: Item> Clone for Named<R> {
    fn clone(&self) -> Self {
        match self {
            Self::Item(def) => Self::Item(def.clone()),
            Self::Alias(alias) => Self::Alias(alias.clone()),
            Self::Tombstone(tombstone) => Self::Tombstone(tombstone.clone()),
        }
    }
}

/// One alias as served: the alias, its item's name and route (so a call takes one
/// look-up), and what the list and a call by the old name show.
pub(crate) struct AliasEntry<R: Item> {
    pub alias: Alias,
    pub target: Cow<'static, str>,
    pub route: R,
    pub origin: Origin,
    /// The alias as its list shows it: the item under the old name, marked deprecated.
    pub listed: R::Listed,
    /// `alias.until` and `alias.list_until` as [`Clock::since_epoch`](crate::Clock::since_epoch)
    /// reads the time, so that a call compares two numbers rather than building a date.
    pub until: Option<TimeDelta>,
    pub list_until: Option<TimeDelta>,
    /// Shared by every clone of the registry, so usage adds up whichever clone served.
    pub usage: Arc<UsageCounters>,
    /// The sessions and clients that have had the notice, for an alias whose notice is read
    /// once; shared by every clone.
    pub heard: Arc<Heard>,
    /// `until` as RFC 3339: fixed per alias, so made once here rather than on every call.
    pub until_text: Option<String>,
    /// The alias's series of [`crate::ALIAS_CALLS`].
    #[cfg(feature = "metrics")]
    pub series: crate::alias_metrics::AliasSeries,
}

impl<R: Item> Clone for AliasEntry<R> {
    fn clone(&self) -> Self {
        Self {
            alias: self.alias.clone(),
            target: self.target.clone(),
            route: self.route.clone(),
            origin: self.origin.clone(),
            listed: self.listed.clone(),
            until: self.until,
            list_until: self.list_until,
            usage: Arc::clone(&self.usage),
            heard: Arc::clone(&self.heard),
            until_text: self.until_text.clone(),
            #[cfg(feature = "metrics")]
            series: self.series.clone(),
        }
    }
}

impl<R: Item> AliasEntry<R> {
    pub fn new(alias: Alias, def: &Def<R>) -> Self {
        let target = def.route.name().to_owned();
        let until = alias.until_text();
        // `until` and `since` are left out when unset, rather than sent as null.
        let mut deprecation = serde_json::Map::new();
        deprecation.insert("replacement".to_owned(), json!(target));
        if let Some(until) = &until {
            deprecation.insert("until".to_owned(), json!(until));
        }
        if let Some(since) = alias.since {
            deprecation.insert("since".to_owned(), json!(rfc3339(since)));
        }
        let listed = def
            .route
            .as_alias(&alias, until.as_deref(), deprecation.into());
        Self {
            #[cfg(feature = "metrics")]
            series: crate::alias_metrics::AliasSeries::new(&alias.name, &target),
            until: alias.until.map(since_epoch),
            list_until: alias.list_until.map(since_epoch),
            alias,
            target: Cow::Owned(target),
            route: def.route.clone(),
            origin: def.alias_origin(),
            listed,
            usage: Arc::default(),
            heard: Arc::default(),
            until_text: until,
        }
    }

    /// The notice a call by this alias carries, `{"replacement", "until"}` (`until` left
    /// out when unset), as the value of [`DEPRECATION_META_KEY`] in the result's `_meta`, or
    /// as the `data` of the expired-alias error.
    ///
    /// Made on every call: rmcp's `Meta` owns its `serde_json::Map`, so each result needs
    /// maps, keys and values of its own, and inserting them one by one into new maps costs
    /// less than `clone` of a prebuilt map (`BTreeMap::clone` walks the tree generically).
    pub fn notice(&self) -> Map<String, Value> {
        let mut notice = Map::new();
        notice.insert(
            "replacement".to_owned(),
            Value::String(String::from(&*self.target)),
        );
        if let Some(until) = &self.until_text {
            notice.insert("until".to_owned(), Value::String(until.clone()));
        }
        notice
    }

    /// A call result's whole `_meta` when the tool set none: `{DEPRECATION_META_KEY: notice}`
    /// (see [`Self::notice`]).
    pub fn call_meta(&self) -> MetaObject {
        let mut meta = MetaObject::default();
        meta.0.insert(
            DEPRECATION_META_KEY.to_owned(),
            Value::Object(self.notice()),
        );
        meta
    }

    /// Which notice a result by this alias carries (its own, or the registry's `default`);
    /// unless none, `meta` (the result's `_meta`) gets it under [`DEPRECATION_META_KEY`].
    pub fn mark(&self, default: AliasNotice, meta: &mut Option<MetaObject>) -> AliasNotice {
        let notice = self.alias.notice.unwrap_or(default);
        if notice != AliasNotice::None {
            match meta {
                Some(meta) => {
                    meta.0.insert(
                        DEPRECATION_META_KEY.to_owned(),
                        Value::Object(self.notice()),
                    );
                }
                None => *meta = Some(self.call_meta()),
            }
        }
        notice
    }

    /// Counts a call by this alias at `now_ms` (Unix milliseconds), `served` or refused, in
    /// its usage counters and (feature `metrics`) its series. True when the call is due a
    /// `tracing` warning (at most one a minute per alias).
    pub fn record(&self, now_ms: i64, served: bool) -> bool {
        #[cfg(feature = "metrics")]
        self.series.record(served);
        self.usage.record(now_ms, served)
    }

    /// Whether the alias is served at `now` (since the epoch): before `until`, exclusive, as
    /// [`Alias::is_live`].
    pub fn is_live(&self, now: TimeDelta) -> bool {
        self.until.is_none_or(|until| now < until)
    }

    /// Whether `tools/list` shows the alias at `now` (since the epoch), as
    /// [`Alias::is_listed`].
    pub fn is_listed(&self, now: TimeDelta) -> bool {
        !self.alias.hidden && self.is_live(now) && self.list_until.is_none_or(|at| now < at)
    }

    /// When a listed alias leaves `tools/list` (since the epoch): the earlier of `list_until`
    /// and `until`; `None` when it stays.
    pub fn listed_end(&self) -> Option<TimeDelta> {
        match (self.list_until, self.until) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}
