//! One change between two surfaces ([`Change`]), its semver level ([`Level`]), and which
//! kind of item it is about ([`Items`]): the shapes the diff of names and the diff of
//! arguments both make.

use std::sync::Arc;

use mcp_toolname_rules::message;
use serde::Serialize;

use super::entry::Entry;

/// The semver level a change asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Nothing a client can see.
    Patch,
    /// Something new (a tool, an optional argument): old clients keep working.
    Minor,
    /// A client that worked may fail: breaking.
    Major,
}

impl Level {
    /// The word printed.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Patch => "patch",
            Self::Minor => "minor",
            Self::Major => "major",
        }
    }
}

/// One change. Field names are stable: they are the JSON output.
#[derive(Debug, Clone, Serialize)]
pub struct Change {
    /// What the name is of: `tool` or `prompt`.
    pub item: &'static str,
    /// The name it is about, as a report carries it ([`message::short`]): whole up to 256
    /// characters, else cut with its length and digest, and held once for all the changes of
    /// one name: a name may have a change per argument, and a snapshot millions of them.
    pub name: Arc<str>,
    /// What changed, in one snake-case word (`removed`, `alias_dropped_early`,
    /// `renamed_with_alias`, `required_argument_added`, ...).
    pub kind: &'static str,
    /// Its semver level.
    pub level: Level,
    /// Whether it breaks a client ([`Level::Major`]).
    pub breaking: bool,
    /// The change in words, with what to do where it breaks.
    pub message: String,
}

/// One side of the comparison: the tools, or the prompts, of both surfaces.
#[derive(Clone, Copy)]
pub(super) struct Items<'a> {
    /// `tool` or `prompt`.
    pub word: &'static str,
    /// The old surface's entries of that kind.
    pub old: &'a [Entry],
    /// The new surface's.
    pub new: &'a [Entry],
    /// Whether the new surface shows hidden aliases and tombstones.
    pub hidden_seen: bool,
}

impl Items<'_> {
    /// A change about the name `name` of this kind of item.
    pub fn change(&self, name: &str, kind: &'static str, level: Level, message: String) -> Change {
        self.change_of(&shared(name), kind, level, message)
    }

    /// [`Items::change`] about a name already [`shared`].
    pub fn change_of(
        &self,
        name: &Arc<str>,
        kind: &'static str,
        level: Level,
        message: String,
    ) -> Change {
        Change {
            item: self.word,
            name: Arc::clone(name),
            kind,
            level,
            breaking: level == Level::Major,
            message,
        }
    }
}

/// `name` as a [`Change`] holds it: [`message::short`], shared by every change of the name.
pub(super) fn shared(name: &str) -> Arc<str> {
    Arc::from(message::short(name))
}
