//! What changed between two surfaces (tools and prompts, each by the same rules), and whether
//! a client that worked with the old one may fail with the new one, as cargo-semver-checks
//! judges a crate's API: each change has a semver level, and the verdict is the highest.

use chrono::{DateTime, Utc};
use mcp_toolname_rules::closest_name;
use mcp_toolname_rules::message::{show, show_text};
use serde::Serialize;

use super::entry::{Entry, Kind};
use super::{Surface, find};

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

/// One side of the comparison: the tools, or the prompts, of both surfaces.
#[derive(Clone, Copy)]
struct Items<'a> {
    /// `tool` or `prompt`.
    word: &'static str,
    old: &'a [Entry],
    new: &'a [Entry],
    /// Whether the new surface shows hidden aliases and tombstones.
    hidden_seen: bool,
}

impl Items<'_> {
    fn change(&self, name: &str, kind: &'static str, level: Level, message: String) -> Change {
        let mut made = change(name, kind, level, message);
        made.item = self.word;
        made
    }
}

fn change(name: &str, kind: &'static str, level: Level, message: String) -> Change {
    Change {
        item: "tool",
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

/// Every change from `old` to `new` at `now` (windows are read against it): the tools', then
/// the prompts' (unless a file is of version 1, which holds none), each in name order.
#[must_use]
pub fn changes(old: &Surface, new: &Surface, now: DateTime<Utc>) -> Vec<Change> {
    let mut out = Vec::new();
    let tools = Items {
        word: "tool",
        old: &old.tools,
        new: &new.tools,
        hidden_seen: new.hidden_names_asked,
    };
    compare(tools, now, &mut out);
    if old.has_prompts() && new.has_prompts() {
        let prompts = Items {
            word: "prompt",
            old: &old.prompts,
            new: &new.prompts,
            ..tools
        };
        compare(prompts, now, &mut out);
    }
    out.sort_by(|a, b| {
        (a.item != "tool")
            .cmp(&(b.item != "tool"))
            .then(a.name.cmp(&b.name))
            .then(a.kind.cmp(b.kind))
    });
    out
}

/// The changes of one kind of item.
fn compare(items: Items<'_>, now: DateTime<Utc>, out: &mut Vec<Change>) {
    for before in items.old {
        match find(items.new, &before.name) {
            None => gone(before, items, now, out),
            Some(after) => kept(before, after, items, out),
        }
    }
    for after in items.new.iter().filter(|e| find(items.old, &e.name).is_none()) {
        let (kind, text) = match after.kind {
            Kind::Tool => (
                if items.word == "prompt" {
                    "prompt_added"
                } else {
                    "tool_added"
                },
                format!("{} {} is new", items.word, show(&after.name)),
            ),
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
                format!("{} now only says where its {} went", show(&after.name), items.word),
            ),
        };
        let level = if after.kind == Kind::Tombstone {
            Level::Patch
        } else {
            Level::Minor
        };
        out.push(items.change(&after.name, kind, level, text));
    }
}

/// A name of `items.old` that `items.new` no longer serves.
fn gone(before: &Entry, items: Items<'_>, now: DateTime<Utc>, out: &mut Vec<Change>) {
    let name = &before.name;
    let word = items.word;
    match before.kind {
        Kind::Alias if ended(before.until.as_deref(), now) => out.push(items.change(
            name,
            "alias_window_ended",
            Level::Patch,
            format!("alias {} is gone, its window over", show(name)),
        )),
        Kind::Alias if !before.listed && !items.hidden_seen => out.push(items.change(
            name,
            "hidden_alias_not_seen",
            Level::Patch,
            format!(
                "hidden alias {} cannot be seen in the new snapshot (the server did not show \
                 its whole surface): not compared",
                show(name)
            ),
        )),
        Kind::Alias => out.push(items.change(
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
        Kind::Tombstone => out.push(items.change(
            name,
            "tombstone_removed",
            Level::Patch,
            format!("tombstone {} is gone", show(name)),
        )),
        Kind::Tool => {
            // A new item that looks like this one was likely its new name.
            let added: Vec<&str> = items
                .new
                .iter()
                .filter(|e| e.kind == Kind::Tool && find(items.old, &e.name).is_none())
                .map(|e| e.name.as_str())
                .collect();
            let hint = likely_rename(name, &added).map_or_else(
                || format!("; keep it, or keep its name as an alias of the {word} that replaces it"),
                |to| {
                    format!(
                        "; if it was renamed to {}, keep the old name as its alias \
                         (`alias = {:?}`)",
                        show(to),
                        name.escape_debug().to_string()
                    )
                },
            );
            out.push(items.change(
                name,
                "removed",
                Level::Major,
                format!(
                    "{word} {} is gone and nothing answers its name: a client that calls it \
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
fn kept(before: &Entry, after: &Entry, items: Items<'_>, out: &mut Vec<Change>) {
    let name = &before.name;
    let word = items.word;
    match (before.kind, after.kind) {
        (Kind::Tool, Kind::Tool) => {
            arguments(items, name, before, after, &[], out);
            if before.output_schema != after.output_schema {
                out.push(items.change(
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
            out.push(items.change(
                name,
                "renamed_with_alias",
                Level::Minor,
                format!(
                    "{word} {} was renamed to {} and its old name kept as an alias{}",
                    show(name),
                    show(to),
                    after
                        .until
                        .as_ref()
                        .map_or_else(String::new, |u| format!(" until {}", show_text(u)))
                ),
            ));
            // A call by the old name runs the new tool: its arguments must still fit.
            if let Some(target) = find(items.new, to) {
                let carried: Vec<&str> = after
                    .args
                    .iter()
                    .flat_map(|a| a.keys().map(String::as_str))
                    .collect();
                arguments(items, name, before, target, &carried, out);
            }
        }
        (Kind::Tool, Kind::Tombstone) => out.push(items.change(
            name,
            "removed_with_tombstone",
            Level::Major,
            format!(
                "{word} {} is gone; its name only says where it went{}, so a client that \
                 calls it fails (with directions)",
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
                out.push(items.change(
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
                out.push(items.change(
                    name,
                    "alias_hidden",
                    Level::Minor,
                    format!("alias {} is no longer listed (still callable)", show(name)),
                ));
            }
        }
        (Kind::Alias | Kind::Tombstone, Kind::Tool) => out.push(items.change(
            name,
            "became_a_tool",
            Level::Minor,
            format!("{} is a {word} again", show(name)),
        )),
        (Kind::Alias, Kind::Tombstone) => out.push(items.change(
            name,
            "alias_to_tombstone",
            Level::Major,
            format!(
                "alias {} now only says where its {word} went: a client that calls it fails",
                show(name)
            ),
        )),
        (Kind::Tombstone, _) => {}
    }
}

/// How the arguments of `before` fit `after` (less the `carried` ones an alias fixes). An
/// argument gone while one of the same types is new is taken as renamed. A snapshot records
/// which argument names a schema lists, so "the old name is still accepted" can be seen only
/// as the old name still listed beside the new one: then nothing was removed, and the new
/// name is an argument added.
fn arguments(
    items: Items<'_>,
    name: &str,
    before: &Entry,
    after: &Entry,
    carried: &[&str],
    out: &mut Vec<Change>,
) {
    let open = |a: &str| !carried.contains(&a);
    let removed: Vec<&str> = before
        .arguments
        .keys()
        .map(String::as_str)
        .filter(|a| open(a) && !after.arguments.contains_key(*a))
        .collect();
    let mut added: Vec<&str> = after
        .arguments
        .keys()
        .map(String::as_str)
        .filter(|a| open(a) && !before.arguments.contains_key(*a))
        .collect();
    let mut renamed = Vec::new();
    for old in &removed {
        let types = &before.arguments[*old].types;
        let fits: Vec<&str> = added
            .iter()
            .copied()
            .filter(|a| &after.arguments[*a].types == types)
            .collect();
        let to = match fits.as_slice() {
            [only] => Some(*only),
            _ => closest_name(old, &fits),
        };
        if let Some(to) = to {
            added.retain(|a| *a != to);
            renamed.push((*old, to));
        }
    }
    for (old, to) in &renamed {
        out.push(items.change(
            name,
            "argument_renamed",
            Level::Major,
            format!(
                "the argument {} of {} was renamed to {}: a client that sends the old name is \
                 refused or its value is lost; accept both names (keep {} in the schema) for a \
                 window",
                show(old),
                show(name),
                show(to),
                show(old)
            ),
        ));
    }
    for (arg, now) in &after.arguments {
        if !open(arg) || renamed.iter().any(|(_, to)| to == arg) {
            continue;
        }
        match before.arguments.get(arg) {
            None if now.required => out.push(items.change(
                name,
                "required_argument_added",
                Level::Major,
                format!(
                    "{} now requires the argument {}: a client calling it as before is refused; \
                     make it optional (with a default), or add a new {}",
                    show(name),
                    show(arg),
                    items.word
                ),
            )),
            None => out.push(items.change(
                name,
                "optional_argument_added",
                Level::Minor,
                format!("{} takes a new optional argument {}", show(name), show(arg)),
            )),
            Some(was) if was.types != now.types => out.push(items.change(
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
            Some(was) if !was.required && now.required => out.push(items.change(
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
    for arg in removed {
        if renamed.iter().any(|(old, _)| *old == arg) {
            continue;
        }
        out.push(items.change(
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
