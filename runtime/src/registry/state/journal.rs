//! Which names a change of the served set touched, so that a copy of the set from before the
//! change is brought up to date in O(names touched), not O(set). A shared registry keeps two
//! sets (the one readers read, the one the next update changes) and swaps them: without
//! this, every update would copy the whole set, and N one-tool updates would cost O(N²).
//!
//! The map of names and the disabled set are [`Noted`]: they are read through `Deref`, and
//! changed only through methods that note the name while a journal is open. Code that
//! changes them any other way does not build, so no change can slip past the journal.

use std::borrow::Cow;
use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::ops::Deref;

use super::State;
use crate::item::Item;

/// A name-keyed collection whose changes are noted, name by name, while a journal is open.
#[derive(Default)]
pub(crate) struct Noted<T> {
    inner: T,
    /// `Some` while a journal is open: every name changed since.
    touched: Option<HashSet<Cow<'static, str>>>,
}

/// A copy starts with no journal: its changes are its own.
impl<T: Clone> Clone for Noted<T> {
    fn clone(&self) -> Self {
        Self {
            inner: self.inner.clone(),
            touched: None,
        }
    }
}

impl<T> Deref for Noted<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.inner
    }
}

impl<T> From<T> for Noted<T> {
    fn from(inner: T) -> Self {
        Self {
            inner,
            touched: None,
        }
    }
}

impl<T> Noted<T> {
    fn note(&mut self, name: &str) {
        if let Some(touched) = &mut self.touched
            && !touched.contains(name)
        {
            touched.insert(Cow::Owned(name.to_owned()));
        }
    }
}

impl<V> Noted<HashMap<Cow<'static, str>, V>> {
    pub fn insert(&mut self, name: Cow<'static, str>, value: V) -> Option<V> {
        self.note(&name);
        self.inner.insert(name, value)
    }

    pub fn remove(&mut self, name: &str) -> Option<V> {
        self.note(name);
        self.inner.remove(name)
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut V> {
        self.note(name);
        self.inner.get_mut(name)
    }

    pub fn entry(&mut self, name: Cow<'static, str>) -> Entry<'_, Cow<'static, str>, V> {
        self.note(&name);
        self.inner.entry(name)
    }
}

impl Noted<HashSet<Cow<'static, str>>> {
    pub fn insert(&mut self, name: Cow<'static, str>) -> bool {
        self.note(&name);
        self.inner.insert(name)
    }

    pub fn remove(&mut self, name: &str) -> bool {
        self.note(name);
        self.inner.remove(name)
    }
}

/// The names one change of a set touched, in its map of names and in its disabled set.
pub(crate) struct Journal {
    names: HashSet<Cow<'static, str>>,
    disabled: HashSet<Cow<'static, str>>,
}

impl<R: Item> State<R> {
    /// Notes from now on every name that changes (an earlier journal is dropped).
    pub fn open_journal(&mut self) {
        self.names.touched = Some(HashSet::new());
        self.disabled.touched = Some(HashSet::new());
    }

    /// The names changed since [`Self::open_journal`], and the journal closed. `None` when
    /// no journal was open in both collections: they were replaced whole (a merge writes a
    /// new set), so what changed cannot be told by name.
    pub fn close_journal(&mut self) -> Option<Journal> {
        let names = self.names.touched.take();
        let disabled = self.disabled.touched.take();
        Some(Journal {
            names: names?,
            disabled: disabled?,
        })
    }

    /// Makes this set equal to `to`, given that the two differ only at the names in
    /// `changed` (`to` is this set changed with a journal open, then published): O(names
    /// changed) clones of entries, and the rest (counts, clock, caches) copied as it is.
    pub fn catch_up(&mut self, to: &Self, changed: &Journal) {
        // Every field named, so that a field added to the set must be brought over here too.
        let State {
            names,
            item_count,
            disabled,
            listed,
            near,
            clock,
            defaults,
            schemas,
            shown_changes,
            alias_changes,
            shown_print,
            #[cfg(test)]
                builds: _,
        } = to;
        for name in &changed.names {
            follow(&mut self.names.inner, &names.inner, name);
        }
        for name in &changed.disabled {
            match disabled.inner.get(name) {
                Some(name) => self.disabled.inner.insert(name.clone()),
                None => self.disabled.inner.remove(name),
            };
        }
        self.item_count = *item_count;
        self.listed = listed.clone();
        self.near = near.clone();
        self.clock = clock.clone();
        self.defaults = *defaults;
        self.schemas = *schemas;
        self.shown_changes = *shown_changes;
        self.alias_changes = *alias_changes;
        self.shown_print = *shown_print;
    }
}

/// Sets `name` in `map` to what it is in `to`: the same entry, or none.
fn follow<V: Clone>(
    map: &mut HashMap<Cow<'static, str>, V>,
    to: &HashMap<Cow<'static, str>, V>,
    name: &str,
) {
    match to.get_key_value(name) {
        Some((key, value)) => {
            map.insert(key.clone(), value.clone());
        }
        None => {
            map.remove(name);
        }
    }
}
