//! What changed between two tool surfaces, and whether a client that worked with the old one
//! may fail with the new one, as cargo-semver-checks judges a crate's API:
//! each change has a semver level, and the verdict is the highest.

use chrono::{DateTime, Utc};
use mcp_toolname_rules::closest_name;
use mcp_toolname_rules::message::{show, show_text};
use serde::Serialize;

use super::Surface;
use super::entry::{Entry, Kind};

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
    /// The name it is about.
    pub name: String,
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

fn change(name: &str, kind: &'static str, level: Level, message: String) -> Change {
    Change {
        name: name.to_owned(),
        kind,
        level,
        breaking: level == Level::Major,
        message,
    }
}

/// Whether `until` (RFC 3339) is at or before `now`: the window has ended.
fn ended(until: Option<&str>, now: DateTime<Utc>) -> bool {
    until
        .and_then(|u| DateTime::parse_from_rfc3339(u).ok())
        .is_some_and(|u| u <= now)
}

/// Every change from `old` to `new` at `now` (windows are read against it), in name order.
#[must_use]
pub fn changes(old: &Surface, new: &Surface, now: DateTime<Utc>) -> Vec<Change> {
    let mut out = Vec::new();
    for before in &old.tools {
        match new.get(&before.name) {
            None => gone(before, old, new, now, &mut out),
            Some(after) => kept(before, after, new, &mut out),
        }
    }
    for after in new.tools.iter().filter(|e| old.get(&e.name).is_none()) {
        let (kind, text) = match after.kind {
            Kind::Tool => ("tool_added", format!("tool {} is new", show(&after.name))),
            Kind::Alias => (
                "alias_added",
                format!(
                    "{} is a new alias of {}",
                    show(&after.name),
                    show(after.of.as_deref().unwrap_or_default())
                ),
            ),
            Kind::Tombstone => (
                "tombstone_added",
                format!("{} now only says where its tool went", show(&after.name)),
            ),
        };
        let level = if after.kind == Kind::Tombstone {
            Level::Patch
        } else {
            Level::Minor
        };
        out.push(change(&after.name, kind, level, text));
    }
    out.sort_by(|a, b| a.name.cmp(&b.name).then(a.kind.cmp(b.kind)));
    out
}

/// A name of `old` that `new` no longer serves.
fn gone(before: &Entry, old: &Surface, new: &Surface, now: DateTime<Utc>, out: &mut Vec<Change>) {
    let name = &before.name;
    match before.kind {
        Kind::Alias if ended(before.until.as_deref(), now) => out.push(change(
            name,
            "alias_window_ended",
            Level::Patch,
            format!("alias {} is gone, its window over", show(name)),
        )),
        Kind::Alias if !before.listed && !new.hidden_names_asked => out.push(change(
            name,
            "hidden_alias_not_seen",
            Level::Patch,
            format!(
                "hidden alias {} cannot be seen in the new snapshot (taken without \
                 MCP_TOOLNAME_SURFACE=1): not compared",
                show(name)
            ),
        )),
        Kind::Alias => out.push(change(
            name,
            "alias_dropped_early",
            Level::Major,
            format!(
                "alias {} of {} was dropped before its window ends{}: a client still calling \
                 the old name fails; keep the alias until then",
                show(name),
                show(before.of.as_deref().unwrap_or_default()),
                before.until.as_ref().map_or_else(
                    || " (it had no end)".to_owned(),
                    |u| format!(" ({})", show_text(u))
                )
            ),
        )),
        Kind::Tombstone => out.push(change(
            name,
            "tombstone_removed",
            Level::Patch,
            format!("tombstone {} is gone", show(name)),
        )),
        Kind::Tool => {
            // A new tool that looks like this one was likely its new name.
            let added: Vec<&str> = new
                .tools
                .iter()
                .filter(|e| e.kind == Kind::Tool && old.get(&e.name).is_none())
                .map(|e| e.name.as_str())
                .collect();
            let hint = likely_rename(name, &added).map_or_else(
                || {
                    "; keep it, or keep its name as an alias of the tool that replaces it"
                        .to_owned()
                },
                |to| {
                    format!(
                        "; if it was renamed to {}, keep the old name as its alias \
                         (`alias = {:?}`)",
                        show(to),
                        name.escape_debug().to_string()
                    )
                },
            );
            out.push(change(
                name,
                "removed",
                Level::Major,
                format!(
                    "tool {} is gone and nothing answers its name: a client that calls it \
                     fails{hint}",
                    show(name)
                ),
            ));
        }
    }
}

/// The added tool most likely `name` renamed: a close name, or one sharing its last word.
fn likely_rename<'a>(name: &str, added: &[&'a str]) -> Option<&'a str> {
    closest_name(name, added).or_else(|| {
        let last = |n: &str| {
            n.rsplit(['_', '-', '.'])
                .next()
                .map(str::to_ascii_lowercase)
        };
        let mut same = added.iter().filter(|a| last(a) == last(name));
        match (same.next(), same.next()) {
            (Some(only), None) => Some(*only),
            _ => None,
        }
    })
}

/// A name both serve.
fn kept(before: &Entry, after: &Entry, new: &Surface, out: &mut Vec<Change>) {
    let name = &before.name;
    match (before.kind, after.kind) {
        (Kind::Tool, Kind::Tool) => {
            arguments(name, before, after, &[], out);
            if before.output_schema != after.output_schema {
                out.push(change(
                    name,
                    "output_schema_changed",
                    Level::Minor,
                    format!(
                        "the output schema of {} changed: review what clients read of its \
                         structured result",
                        show(name)
                    ),
                ));
            }
        }
        (Kind::Tool, Kind::Alias) => {
            let to = after.of.as_deref().unwrap_or_default();
            out.push(change(
                name,
                "renamed_with_alias",
                Level::Minor,
                format!(
                    "tool {} was renamed to {} and its old name kept as an alias{}",
                    show(name),
                    show(to),
                    after
                        .until
                        .as_ref()
                        .map_or_else(String::new, |u| format!(" until {}", show_text(u)))
                ),
            ));
            // A call by the old name runs the new tool: its arguments must still fit.
            if let Some(target) = new.get(to) {
                let carried: Vec<&str> = after
                    .args
                    .iter()
                    .flat_map(|a| a.keys().map(String::as_str))
                    .collect();
                arguments(name, before, target, &carried, out);
            }
        }
        (Kind::Tool, Kind::Tombstone) => out.push(change(
            name,
            "removed_with_tombstone",
            Level::Major,
            format!(
                "tool {} is gone; its name only says where it went{}, so a client that calls \
                 it fails (with directions)",
                show(name),
                after
                    .of
                    .as_ref()
                    .map_or_else(String::new, |to| format!(" ({})", show(to)))
            ),
        )),
        (Kind::Alias, Kind::Alias) => {
            let earlier = match (&before.until, &after.until) {
                (None, Some(_)) => true,
                (Some(b), Some(a)) => a < b,
                _ => false,
            };
            if earlier {
                out.push(change(
                    name,
                    "alias_window_shortened",
                    Level::Major,
                    format!(
                        "alias {} now ends at {} instead of {}: clients counting on the \
                         announced window lose it early",
                        show(name),
                        after.until.as_deref().unwrap_or_default(),
                        before.until.as_deref().unwrap_or("never")
                    ),
                ));
            }
            if before.listed && !after.listed {
                out.push(change(
                    name,
                    "alias_hidden",
                    Level::Minor,
                    format!("alias {} is no longer listed (still callable)", show(name)),
                ));
            }
        }
        (Kind::Alias | Kind::Tombstone, Kind::Tool) => out.push(change(
            name,
            "became_a_tool",
            Level::Minor,
            format!("{} is a tool again", show(name)),
        )),
        (Kind::Alias, Kind::Tombstone) => out.push(change(
            name,
            "alias_to_tombstone",
            Level::Major,
            format!(
                "alias {} now only says where its tool went: a client that calls it fails",
                show(name)
            ),
        )),
        (Kind::Tombstone, _) => {}
    }
}

/// How the arguments of `before` fit `after` (less the `carried` ones an alias fixes).
fn arguments(name: &str, before: &Entry, after: &Entry, carried: &[&str], out: &mut Vec<Change>) {
    for (arg, now) in &after.arguments {
        if carried.contains(&arg.as_str()) {
            continue;
        }
        match before.arguments.get(arg) {
            None if now.required => out.push(change(
                name,
                "required_argument_added",
                Level::Major,
                format!(
                    "{} now requires the argument {}: a client calling it as before is refused; \
                     make it optional (with a default), or add a new tool",
                    show(name),
                    show(arg)
                ),
            )),
            None => out.push(change(
                name,
                "optional_argument_added",
                Level::Minor,
                format!("{} takes a new optional argument {}", show(name), show(arg)),
            )),
            Some(was) if was.types != now.types => out.push(change(
                name,
                "argument_type_changed",
                Level::Major,
                format!(
                    "the argument {} of {} was {} and is now {}: a client sending the old type \
                     is refused",
                    show(arg),
                    show(name),
                    types(&was.types),
                    types(&now.types)
                ),
            )),
            Some(was) if !was.required && now.required => out.push(change(
                name,
                "argument_now_required",
                Level::Major,
                format!(
                    "the argument {} of {} is now required: a client that left it out is \
                     refused",
                    show(arg),
                    show(name)
                ),
            )),
            Some(_) => {}
        }
    }
    for arg in before.arguments.keys() {
        if !after.arguments.contains_key(arg) && !carried.contains(&arg.as_str()) {
            out.push(change(
                name,
                "argument_removed",
                Level::Major,
                format!(
                    "{} no longer takes the argument {}: a client that sends it may be refused, \
                     and its value is no longer used",
                    show(name),
                    show(arg)
                ),
            ));
        }
    }
}

/// An argument's JSON Schema types as a snapshot gives them (`string or null`), each escaped
/// and cut: a snapshot file is anybody's text.
fn types(types: &[String]) -> String {
    types
        .iter()
        .map(|t| show(t))
        .collect::<Vec<_>>()
        .join(" or ")
}

/// The semver level of `changes` as a whole: the highest; `None` for no change.
#[must_use]
pub fn verdict(changes: &[Change]) -> Option<Level> {
    changes.iter().map(|c| c.level).max()
}
