//! Tombstones: names of tools removed from the code, kept for a window only to say where the
//! tool went. `notifications/tools/list_changed` cannot reach a client across a
//! redeploy, so a client that still calls the old name learns it from the answer.

use std::borrow::Cow;

use chrono::{DateTime, Utc};

use crate::alias::rfc3339;
use mcp_toolname_rules::message::Kind;

/// Where a removed tool went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Successor {
    /// Renamed, with the same arguments: the caller can repeat the call under this name.
    RenamedTo(Cow<'static, str>),
    /// Removed; this other tool does its job, with arguments of its own.
    Instead(Cow<'static, str>),
    /// Removed, with nothing in its place.
    None,
}

/// A name that answers only where its tool went, until [`Tombstone::until`] (exclusive;
/// always, without one). It is not listed in `tools/list`, cannot be given to a tool while it
/// stands, and a call to it runs nothing: it gets a tool error (`isError: true`, the text the
/// model reads, and `_meta["mcp-toolname/tombstone"] = {"replacement", "renamed", "until"}`),
/// or under [`ExpiredAnswer::ProtocolError`](crate::ExpiredAnswer::ProtocolError) JSON-RPC
/// error `-32602` with that `data`. After its window the name is unknown.
///
/// ```
/// use mcp_toolname_runtime::{Tombstone, ToolRegistry};
/// # struct Server;
/// let registry = ToolRegistry::<Server>::builder()
///     .tombstone(Tombstone::renamed("validate_adr", "validate_adrs"))
///     .tombstone(Tombstone::removed("hookdeck_events").instead("list_events").note("events are pages now"))
///     .build()?;
/// assert!(registry.list_all().is_empty());
/// assert_eq!(registry.tombstones().count(), 2);
/// # Ok::<(), mcp_toolname_runtime::RegistryError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tombstone {
    /// The removed tool's name.
    pub name: Cow<'static, str>,
    /// Where it went.
    pub successor: Successor,
    /// First instant the name no longer answers.
    pub until: Option<DateTime<Utc>>,
    /// A word for the model on why (`events are pages now`).
    pub note: Option<Cow<'static, str>>,
}

impl Tombstone {
    /// `name` was renamed to `to` (same arguments).
    pub fn renamed(name: impl Into<Cow<'static, str>>, to: impl Into<Cow<'static, str>>) -> Self {
        Self {
            name: name.into(),
            successor: Successor::RenamedTo(to.into()),
            until: None,
            note: None,
        }
    }

    /// `name` was removed.
    pub fn removed(name: impl Into<Cow<'static, str>>) -> Self {
        Self {
            name: name.into(),
            successor: Successor::None,
            until: None,
            note: None,
        }
    }

    /// The tool to call instead (with its own arguments).
    #[must_use]
    pub fn instead(mut self, other: impl Into<Cow<'static, str>>) -> Self {
        self.successor = Successor::Instead(other.into());
        self
    }

    /// Answers up to `until`, exclusive.
    #[must_use]
    pub fn until(mut self, until: DateTime<Utc>) -> Self {
        self.until = Some(until);
        self
    }

    /// Says why, to the model.
    #[must_use]
    pub fn note(mut self, note: impl Into<Cow<'static, str>>) -> Self {
        self.note = Some(note.into());
        self
    }

    /// The tool to call instead, renamed or not.
    #[must_use]
    pub fn replacement(&self) -> Option<&str> {
        match &self.successor {
            Successor::RenamedTo(to) | Successor::Instead(to) => Some(to),
            Successor::None => None,
        }
    }

    /// The answer a call gets, in words.
    #[must_use]
    pub fn answer(&self) -> String {
        self.answer_as(&Kind::TOOL)
    }

    /// [`Self::answer`] for a removed item of `kind`.
    pub(crate) fn answer_as(&self, kind: &Kind) -> String {
        use mcp_toolname_rules::message::{Gone, item_tombstone_answer};
        let gone = match &self.successor {
            Successor::RenamedTo(to) => Gone::RenamedTo(to),
            Successor::Instead(other) => Gone::Instead(other),
            Successor::None => Gone::Removed,
        };
        item_tombstone_answer(kind, &self.name, gone, self.note.as_deref())
    }

    /// `{"replacement", "renamed", "until"}`, as a call's `_meta` and the protocol error's
    /// `data` carry it (`replacement` and `until` left out when unset).
    #[must_use]
    pub fn meta(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut out = serde_json::Map::new();
        if let Some(to) = self.replacement() {
            out.insert("replacement".to_owned(), to.into());
        }
        out.insert(
            "renamed".to_owned(),
            matches!(self.successor, Successor::RenamedTo(_)).into(),
        );
        if let Some(until) = self.until {
            out.insert("until".to_owned(), rfc3339(until).into());
        }
        out
    }
}

/// The `_meta` key of a tombstone's answer.
pub const TOMBSTONE_META_KEY: &str = "mcp-toolname/tombstone";
