//! What a registry serves: every name in use (tool or alias) in one map, the disabled set,
//! and the changes made to them; the checks every insertion passes are in [`checks`].

mod checks;
mod journal;

pub(crate) use journal::Journal;
use journal::Noted;

use std::borrow::Cow;
use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, OnceLock};

use chrono::TimeDelta;

use super::entry::{AliasEntry, Named, TombstoneEntry};
use super::nearest::NearIndex;
use crate::alias::AliasDefaults;
use crate::clock::{Clock, SystemClock};
use crate::def::Def;
use crate::item::Item;
use crate::origin::Origin;
use crate::portable::Schemas;
use crate::tombstone::{Successor, Tombstone};
use mcp_toolname_rules::message::{Meant, Via};

/// The served set. Copied on write (`Arc::make_mut`) by the registry's mutations, so a clone
/// of a registry never sees another clone's changes, as with rmcp's `ToolRouter`.
pub(crate) struct State<R: Item> {
    /// Every name in use, tool or alias, in one map: a name is held once (the rule of the
    /// set), and a `tools/call` hashes the called name once, whichever it names.
    names: Noted<HashMap<Cow<'static, str>, Named<R>>>,
    /// How many of `names` are tools.
    item_count: usize,
    /// Names switched off by `disable_route`, also before a route with the name exists
    /// (rmcp's rule); an alias of a disabled tool is off too.
    pub disabled: Noted<HashSet<Cow<'static, str>>>,
    /// Enabled tools sorted by name, as `tools/list` shows them; made on first use after a
    /// change. Behind an `Arc`, so a copy of the set shares it rather than copying it.
    listed: OnceLock<Arc<[R::Listed]>>,
    /// Every name (tool, alias, tombstone) by match key, for the "did you mean" of an unknown
    /// name; made on first use after a change, shared by copies.
    near: OnceLock<Arc<NearIndex>>,
    /// Where alias windows read the time.
    pub clock: Arc<dyn Clock>,
    /// How calls by aliases that set no answer of their own are answered.
    pub defaults: AliasDefaults,
    /// How input schemas are listed: routes added later are listed so too.
    pub schemas: Schemas,
    /// Bumped by each mutation that changes what `tools/list` shows now, so that a registry
    /// with a notifier tells a change without comparing lists (O(1) a change, not O(N)).
    pub shown_changes: u64,
    /// Bumped by each mutation that adds, removes, or switches off or on an alias: the alias
    /// window timer is re-armed only then.
    pub alias_changes: u64,
    /// While a batch runs ([`ToolRegistry::update`](super::ToolRegistry::update)): the sum
    /// (wrapping) of a fingerprint of each entry the batch showed, less each it took away, so
    /// that a batch that removes and re-adds the same tools nets to what it started from and
    /// tells no one. `None` outside a batch, where no fingerprint is made.
    pub shown_print: Option<u128>,
    /// How many times `tools/list` was built (tests hold the registry to building it lazily).
    #[cfg(test)]
    pub builds: std::sync::atomic::AtomicUsize,
}

impl<R: Item> Default for State<R> {
    fn default() -> Self {
        Self {
            names: Noted::default(),
            item_count: 0,
            disabled: Noted::default(),
            listed: OnceLock::new(),
            near: OnceLock::new(),
            clock: Arc::new(SystemClock),
            defaults: AliasDefaults::default(),
            schemas: Schemas::default(),
            shown_changes: 0,
            alias_changes: 0,
            shown_print: None,
            #[cfg(test)]
            builds: std::sync::atomic::AtomicUsize::new(0),
        }
    }
}

#[cfg(test)]
thread_local! {
    /// How many whole sets this thread copied (tests hold shared updates to copying none).
    static COPIES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many whole sets this thread has copied.
#[cfg(test)]
pub(crate) fn copies() -> usize {
    COPIES.with(std::cell::Cell::get)
}

impl<R: Item> Clone for State<R> {
    fn clone(&self) -> Self {
        #[cfg(test)]
        COPIES.with(|c| c.set(c.get() + 1));
        Self {
            names: self.names.clone(),
            item_count: self.item_count,
            disabled: self.disabled.clone(),
            listed: self.listed.clone(),
            near: self.near.clone(),
            clock: Arc::clone(&self.clock),
            defaults: self.defaults,
            schemas: self.schemas,
            shown_changes: self.shown_changes,
            alias_changes: self.alias_changes,
            shown_print: self.shown_print,
            #[cfg(test)]
            builds: std::sync::atomic::AtomicUsize::new(0),
        }
    }
}

impl<R: Item> State<R> {
    /// What `name` serves, tool or alias, whether switched on or not.
    pub fn named(&self, name: &str) -> Option<&Named<R>> {
        self.names.get(name)
    }

    /// The tool `name` (not an alias).
    pub fn item(&self, name: &str) -> Option<&Def<R>> {
        match self.names.get(name)? {
            Named::Item(def) => Some(def),
            Named::Alias(_) | Named::Tombstone(_) => None,
        }
    }

    /// The alias `name` (not a tool), whatever its window.
    pub fn alias(&self, name: &str) -> Option<&AliasEntry<R>> {
        match self.names.get(name)? {
            Named::Alias(alias) => Some(alias),
            Named::Item(_) | Named::Tombstone(_) => None,
        }
    }

    /// Every tool, in no order.
    pub fn items(&self) -> impl Iterator<Item = &Def<R>> {
        self.names.values().filter_map(|named| match named {
            Named::Item(def) => Some(def),
            Named::Alias(_) | Named::Tombstone(_) => None,
        })
    }

    /// Every alias, whatever its window, in no order.
    pub fn aliases(&self) -> impl Iterator<Item = &AliasEntry<R>> {
        // A registry of items alone, the common case, is not walked at all.
        let walk = if self.names.len() > self.item_count {
            self.names.len()
        } else {
            0
        };
        self.names
            .values()
            .take(walk)
            .filter_map(|named| match named {
                Named::Alias(alias) => Some(&**alias),
                Named::Item(_) | Named::Tombstone(_) => None,
            })
    }

    /// The tombstone `name`, whatever its window.
    pub fn tombstone(&self, name: &str) -> Option<&TombstoneEntry> {
        match self.names.get(name)? {
            Named::Tombstone(tombstone) => Some(tombstone),
            Named::Item(_) | Named::Alias(_) => None,
        }
    }

    /// Every tombstone, sorted by name.
    pub fn sorted_tombstones(&self) -> Vec<&TombstoneEntry> {
        let mut found: Vec<&TombstoneEntry> = self
            .names
            .values()
            .filter_map(|named| match named {
                Named::Tombstone(t) => Some(&**t),
                Named::Item(_) | Named::Alias(_) => None,
            })
            .collect();
        found.sort_by(|a, b| a.tombstone.name.cmp(&b.tombstone.name));
        found
    }

    /// Adds `tombstone` if its name is free (callers check
    /// [`Self::problems_of_tombstone`] first); it shows nothing in `tools/list`.
    pub fn insert_tombstone(&mut self, tombstone: Tombstone, origin: Origin) {
        if self.holds(&tombstone.name) {
            return;
        }
        self.near = OnceLock::new();
        let name = tombstone.name.clone();
        let entry = TombstoneEntry::new(tombstone, origin);
        self.names.insert(name, Named::Tombstone(Box::new(entry)));
    }

    /// Removes the tombstone `name`; whether there was one.
    pub fn remove_tombstone(&mut self, name: &str) -> bool {
        if self.tombstone(name).is_none() {
            return false;
        }
        self.near = OnceLock::new();
        self.names.remove(name);
        true
    }

    /// Number of tools (aliases not counted).
    pub fn item_count(&self) -> usize {
        self.item_count
    }

    /// Whether `name` is in use, by a tool or an alias.
    pub fn holds(&self, name: &str) -> bool {
        self.names.contains_key(name)
    }

    /// Adds `def`, claiming each of its names that is still free (the first definition of a
    /// name keeps it). Callers check [`Self::problems_of`] first.
    pub fn insert(&mut self, def: Def<R>) {
        self.listed = OnceLock::new();
        self.near = OnceLock::new();
        let now = self.clock.since_epoch();
        let name: Cow<'static, str> = Cow::Owned(def.route.name().to_owned());
        for alias in &def.aliases {
            if !self.holds(&alias.name) && alias.name != name {
                let entry = AliasEntry::new(alias.clone(), &def);
                self.alias_changes = self.alias_changes.wrapping_add(1);
                if self.alias_shown(&entry, now) {
                    self.shown(&entry.listed, true);
                }
                self.names
                    .insert(alias.name.clone(), Named::Alias(Box::new(entry)));
            }
        }
        if !self.is_off(&name) && !self.holds(&name) {
            self.shown(def.route.listed(), true);
        }
        if let Entry::Vacant(free) = self.names.entry(name) {
            free.insert(Named::Item(def));
            self.item_count += 1;
        }
    }

    /// Removes the tool `name` and its aliases; `None` if there is no such tool.
    pub fn remove(&mut self, name: &str) -> Option<Def<R>> {
        self.item(name)?;
        let Some(Named::Item(def)) = self.names.remove(name) else {
            unreachable!("`name` is a tool")
        };
        if !self.is_off(name) {
            self.shown(def.route.listed(), false);
        }
        self.item_count -= 1;
        self.listed = OnceLock::new();
        self.near = OnceLock::new();
        for alias in &def.aliases {
            if self.alias(&alias.name).is_some_and(|a| a.target == name) {
                self.forget_alias(&alias.name);
            }
        }
        Some(def)
    }

    /// Runs `f` on the route of the item `name` (its definition, schemas, handler), then
    /// re-derives what its aliases list and counts the change of what the list shows. `Err`
    /// with the new name, and the route as it was, if `f` renamed it: a name is changed by a
    /// rename with an alias, never in place.
    pub fn edit_item(&mut self, name: &str, f: &mut impl FnMut(&mut R)) -> Result<(), String> {
        let Some(Named::Item(def)) = self.names.get_mut(name) else {
            return Ok(());
        };
        let before = def.route.clone();
        f(&mut def.route);
        if def.route.name() != name {
            let renamed = def.route.name().to_owned();
            def.route = before;
            return Err(renamed);
        }
        if def.route.input_schema().map(Arc::as_ptr) != before.input_schema().map(Arc::as_ptr) {
            // A schema the caller wrote is theirs: `Schemas::AsWritten` keeps it.
            def.written = None;
        }
        let (old, new) = (before.listed().clone(), def.route.listed().clone());
        let def = def.clone();
        self.listed = OnceLock::new();
        if old != new && !self.is_off(name) {
            self.shown(&old, false);
            self.shown(&new, true);
        }
        let now = self.clock.since_epoch();
        for alias in &def.aliases {
            let Some(Named::Alias(entry)) = self.names.get(&alias.name) else {
                continue;
            };
            if entry.target != name {
                continue;
            }
            let mut fresh = AliasEntry::new(alias.clone(), &def);
            // The same alias: its usage and who has heard its notice carry over.
            fresh.usage = Arc::clone(&entry.usage);
            fresh.heard = Arc::clone(&entry.heard);
            let shown = self.alias_shown(entry, now);
            let was = entry.listed.clone();
            if shown && was != fresh.listed {
                self.shown(&was, false);
                self.shown(&fresh.listed, true);
            }
            self.names
                .insert(alias.name.clone(), Named::Alias(Box::new(fresh)));
        }
        Ok(())
    }

    /// Removes the alias `name` alone, and drops it from its tool's list; whether there was
    /// such an alias.
    pub fn remove_alias(&mut self, name: &str) -> bool {
        let Some(target) = self.alias(name).map(|a| a.target.clone()) else {
            return false;
        };
        self.forget_alias(name);
        if let Some(Named::Item(def)) = self.names.get_mut(&target) {
            def.aliases.retain(|a| a.name != name);
        }
        true
    }

    /// Takes the alias `name` out of the names, counting the change.
    fn forget_alias(&mut self, name: &str) {
        let now = self.clock.since_epoch();
        let was_shown = self.alias(name).is_some_and(|a| self.alias_shown(a, now));
        self.alias_changes = self.alias_changes.wrapping_add(1);
        self.near = OnceLock::new();
        if let Some(Named::Alias(entry)) = self.names.remove(name)
            && was_shown
        {
            self.shown(&entry.listed, false);
        }
    }

    /// Counts a change of what `tools/list` shows: `tool` shown (`added`) or taken away;
    /// inside a batch, its fingerprint added to or taken from [`Self::shown_print`].
    fn shown(&mut self, listed: &R::Listed, added: bool) {
        self.shown_changes = self.shown_changes.wrapping_add(1);
        if let Some(sum) = self.shown_print {
            let print = fingerprint(listed);
            self.shown_print = Some(if added {
                sum.wrapping_add(print)
            } else {
                sum.wrapping_sub(print)
            });
        }
    }

    /// Whether `tools/list` shows `alias` at `now`.
    pub fn alias_shown(&self, alias: &AliasEntry<R>, now: TimeDelta) -> bool {
        alias.is_listed(now) && !self.alias_off(alias)
    }

    /// Switches `name` off (`true`) or on; whether the disabled set changed.
    pub fn set_disabled(&mut self, name: Cow<'static, str>, disabled: bool) -> bool {
        // What the name switches: the tool of that name and its aliases, or an alias.
        let aliases: Vec<Cow<'static, str>> = match self.names.get(&name) {
            Some(Named::Item(def)) => def.aliases.iter().map(|a| a.name.clone()).collect(),
            Some(Named::Alias(_)) => vec![name.clone()],
            Some(Named::Tombstone(_)) | None => Vec::new(),
        };
        let before = self.shown_of(&name, &aliases);
        let changed = if disabled {
            self.disabled.insert(name.clone())
        } else {
            self.disabled.remove(&name)
        };
        if changed {
            self.listed = OnceLock::new();
            let after = self.shown_of(&name, &aliases);
            for ((tool, was), (_, is)) in before.into_iter().zip(after) {
                if was != is {
                    self.shown(&tool, is);
                }
            }
            if !aliases.is_empty() {
                self.alias_changes = self.alias_changes.wrapping_add(1);
            }
        }
        changed
    }

    /// What `tools/list` would show of the tool `name` (if there is one) and of each of
    /// `aliases`, each with whether it shows it now.
    fn shown_of(&self, name: &str, aliases: &[Cow<'static, str>]) -> Vec<(R::Listed, bool)> {
        let now = self.clock.since_epoch();
        let tool = self
            .item(name)
            .map(|def| (def.route.listed().clone(), !self.is_off(name)));
        tool.into_iter()
            .chain(aliases.iter().filter_map(|a| {
                let entry = self.alias(a)?;
                Some((entry.listed.clone(), self.alias_shown(entry, now)))
            }))
            .collect()
    }

    /// Whether the tool `name` exists and is switched off.
    pub fn is_off(&self, name: &str) -> bool {
        !self.disabled.is_empty() && self.disabled.contains(name)
    }

    /// Whether `alias` is switched off: its tool disabled, or the alias name itself.
    pub fn alias_off(&self, alias: &AliasEntry<R>) -> bool {
        self.is_off(&alias.target) || self.is_off(&alias.alias.name)
    }

    /// The enabled tools, sorted by name.
    pub fn listed(&self) -> &[R::Listed] {
        self.listed.get_or_init(|| {
            #[cfg(test)]
            self.builds
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let mut tools: Vec<R::Listed> = self
                .items()
                .filter(|d| !self.is_off(d.route.name()))
                .map(|d| d.route.listed().clone())
                .collect();
            tools.sort_by(|a, b| R::listed_name(a).cmp(R::listed_name(b)));
            tools.into()
        })
    }

    /// The enabled items an unknown `name` most likely meant, several when they match it
    /// equally (bounded work: see [`NearIndex::closest`]). A name near an alias or a
    /// tombstone leads to the item it names, with that old name: an old client mistypes old
    /// names.
    pub fn closest_names(&self, name: &str) -> Vec<Meant<'_>> {
        self.near
            .get_or_init(|| Arc::new(NearIndex::new(self.names.keys())))
            .closest(name, |n| self.meant(n), |a, b| a.name == b.name)
    }

    /// The served tool the name `n` leads to: itself, the tool of an alias, or the successor
    /// of a tombstone; `None` when that is switched off or gone.
    fn meant<'a>(&'a self, n: &'a str) -> Option<Meant<'a>> {
        let meant = match self.names.get(n)? {
            Named::Item(_) => Meant::served(n),
            Named::Alias(alias) => Meant {
                name: &alias.target,
                via: Some(Via::Formerly(n)),
            },
            Named::Tombstone(entry) => match &entry.tombstone.successor {
                Successor::RenamedTo(to) => Meant {
                    name: to,
                    via: Some(Via::Formerly(n)),
                },
                Successor::Instead(other) => Meant {
                    name: other,
                    via: Some(Via::Replaced(n)),
                },
                Successor::None => return None,
            },
        };
        (self.item(meant.name).is_some() && !self.is_off(meant.name) && !self.is_off(n))
            .then_some(meant)
    }

    /// Whether `alias` is served at `now`: inside its window, its tool switched on.
    pub fn serves(&self, alias: &AliasEntry<R>, now: TimeDelta) -> bool {
        alias.is_live(now) && !self.alias_off(alias)
    }

    /// The tool definitions, sorted by name (stable for errors, iteration and merges).
    pub fn sorted_defs(&self) -> Vec<&Def<R>> {
        let mut defs: Vec<&Def<R>> = self.items().collect();
        defs.sort_by(|a, b| a.route.name().cmp(b.route.name()));
        defs
    }
}

/// A fingerprint of `tool` as `tools/list` shows it: 128 bits of SipHash (fixed keys) of its
/// JSON, so two entries with the same name and definition have the same fingerprint.
fn fingerprint<L: serde::Serialize>(listed: &L) -> u128 {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let json = serde_json::to_string(listed).unwrap_or_default();
    let half = |salt: u8| {
        let mut hasher = DefaultHasher::new();
        salt.hash(&mut hasher);
        json.hash(&mut hasher);
        hasher.finish()
    };
    (u128::from(half(1)) << 64) | u128::from(half(2))
}
