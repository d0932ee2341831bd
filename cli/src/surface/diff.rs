//! What changed between two surfaces (tools and prompts, each by the same rules), and whether
//! a client that worked with the old one may fail with the new one, as cargo-semver-checks
//! judges a crate's API: each change has a semver level, and the verdict is the highest.

use chrono::{DateTime, Utc};
use mcp_toolname_rules::closest_name;
use mcp_toolname_rules::message::{show, show_text};

use super::arguments::arguments;
pub use super::change::{Change, Level};
use super::change::{ChangeKind, Items, Named, Words};
use super::entry::{Entry, Kind};
use super::{Surface, find};

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
        (a.item() != "tool")
            .cmp(&(b.item() != "tool"))
            .then(a.name().cmp(b.name()))
            .then(a.kind().word().cmp(b.kind().word()))
    });
    out
}

/// The most (removed tool, added tool) pairs weighed for a rename hint: a release renames a
/// few tools, and weighing every pair of two surfaces of a million tools each would take days.
const RENAME_PAIRS: usize = 1_000_000;

/// The changes of one kind of item.
fn compare(items: Items<'_>, now: DateTime<Utc>, out: &mut Vec<Change>) {
    // The tools only the new surface has, a removed tool's likely new names: found once, and
    // weighed only while there are at most RENAME_PAIRS pairs.
    let only_in = |these: &'_ [Entry], other: &[Entry]| {
        these
            .iter()
            .filter(|e| e.kind == Kind::Tool && find(other, &e.name).is_none())
            .count()
    };
    let mut added: Vec<&str> = Vec::new();
    if only_in(items.old, items.new).saturating_mul(only_in(items.new, items.old)) <= RENAME_PAIRS {
        added = items
            .new
            .iter()
            .filter(|e| e.kind == Kind::Tool && find(items.old, &e.name).is_none())
            .map(|e| e.name.as_str())
            .collect();
    }
    for before in items.old {
        match find(items.new, &before.name) {
            None => gone(before, items, &added, now, out),
            Some(after) => kept(before, after, items, out),
        }
    }
    for after in items
        .new
        .iter()
        .filter(|e| find(items.old, &e.name).is_none())
    {
        let words = match after.kind {
            Kind::Tool => Words::Added,
            Kind::Alias => Words::said(
                ChangeKind::AliasAdded,
                format!(
                    "{} is a new alias of {}",
                    show(&after.name),
                    show(after.of.as_deref().unwrap_or_default())
                ),
            ),
            Kind::Tombstone => Words::said(
                ChangeKind::TombstoneAdded,
                format!(
                    "{} now only says where its {} went",
                    show(&after.name),
                    items.word
                ),
            ),
        };
        out.push(items.change_of(&Named::new(&after.name), words));
    }
}

/// A name of `items.old` that `items.new` no longer serves.
fn gone(
    before: &Entry,
    items: Items<'_>,
    added: &[&str],
    now: DateTime<Utc>,
    out: &mut Vec<Change>,
) {
    let name = &before.name;
    let word = items.word;
    match before.kind {
        Kind::Alias if ended(before.until.as_deref(), now) => out.push(items.change(
            name,
            ChangeKind::AliasWindowEnded,
            format!("alias {} is gone, its window over", show(name)),
        )),
        Kind::Alias if !before.listed && !items.hidden_seen => out.push(items.change(
            name,
            ChangeKind::HiddenAliasNotSeen,
            format!(
                "hidden alias {} cannot be seen in the new snapshot (the server did not show \
                 its whole surface): not compared",
                show(name)
            ),
        )),
        Kind::Alias => out.push(items.change(
            name,
            ChangeKind::AliasDroppedEarly,
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
            ChangeKind::TombstoneRemoved,
            format!("tombstone {} is gone", show(name)),
        )),
        Kind::Tool => {
            // A new item that looks like this one was likely its new name.
            let words = likely_rename(name, added).map_or(Words::Removed, |to| {
                let old = name.escape_debug().to_string();
                // An old name the LLM APIs refuse (`admin.tools.list`) is kept hidden: listed,
                // it would reach every client's `tools/list` as a name they refuse, and the
                // build warns of it.
                let refused = items.word == "tool"
                    && mcp_toolname_rules::check(name, &mcp_toolname_rules::LLM_COMMON).is_err();
                let hint = if !refused {
                    format!(
                        "; if it was renamed to {}, keep the old name as its alias \
                         (`alias = \"{old}\"`)",
                        show(to)
                    )
                } else {
                    format!(
                        "; if it was renamed to {}, keep the old name as its hidden alias \
                         (`alias(name = \"{old}\", hidden)`), callable but not listed, since \
                         LLM APIs refuse it as a listed name",
                        show(to)
                    )
                };
                Words::said(
                    ChangeKind::Removed,
                    format!(
                        "{word} {} is gone and nothing answers its name: a client that calls \
                         it fails{hint}",
                        show(name)
                    ),
                )
            });
            out.push(items.change_of(&Named::new(name), words));
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
                    ChangeKind::OutputSchemaChanged,
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
                ChangeKind::RenamedWithAlias,
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
            ChangeKind::RemovedWithTombstone,
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
                    ChangeKind::AliasWindowShortened,
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
                    ChangeKind::AliasHidden,
                    format!("alias {} is no longer listed (still callable)", show(name)),
                ));
            }
        }
        (Kind::Alias | Kind::Tombstone, Kind::Tool) => out.push(items.change(
            name,
            ChangeKind::BecameATool,
            format!("{} is a {word} again", show(name)),
        )),
        (Kind::Alias, Kind::Tombstone) => out.push(items.change(
            name,
            ChangeKind::AliasToTombstone,
            format!(
                "alias {} now only says where its {word} went: a client that calls it fails",
                show(name)
            ),
        )),
        (Kind::Tombstone, _) => {}
    }
}

/// The semver level of `changes` as a whole: the highest; `None` for no change.
#[must_use]
pub fn verdict(changes: &[Change]) -> Option<Level> {
    changes.iter().map(Change::level).max()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A snapshot of tools named `names`.
    fn surface(names: impl Iterator<Item = String>) -> Surface {
        let tools: Vec<serde_json::Value> = names
            .map(|name| serde_json::json!({"name": name, "kind": "tool", "listed": true}))
            .collect();
        let doc = serde_json::json!({"schema_version": 2, "server": {"name": "s", "version": "1"},
            "hidden_names_asked": true, "tools": tools, "prompts": []});
        Surface::parse(doc.to_string().as_bytes(), "test").expect("a snapshot")
    }

    fn hinted(changes: &[Change]) -> usize {
        changes
            .iter()
            .filter(|c| {
                c.kind() == ChangeKind::Removed && c.message().to_string().contains("renamed to")
            })
            .count()
    }

    /// A removed tool is told the added one it was likely renamed to while the pairs to weigh
    /// are few; past [`RENAME_PAIRS`] none is weighed, so a diff of two big surfaces stays
    /// linear.
    #[test]
    fn a_rename_is_guessed_only_among_few_pairs() {
        let now = Utc::now();
        let few = changes(
            &surface(["search_doc".to_owned()].into_iter()),
            &surface(["search_docs".to_owned()].into_iter()),
            now,
        );
        assert_eq!(
            hinted(&few),
            1,
            "{:?}",
            few.iter()
                .map(Change::message)
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
        );
        let old = (0..1_001).map(|i| format!("search_docs_{i}"));
        let new = (0..1_000).map(|i| format!("search_docs_{i}x"));
        let many = changes(&surface(old), &surface(new), now);
        assert_eq!(
            many.iter()
                .filter(|c| c.kind() == ChangeKind::Removed)
                .count(),
            1_001
        );
        assert_eq!(hinted(&many), 0);
    }
}
