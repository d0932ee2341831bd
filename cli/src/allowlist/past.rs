//! Against a baseline snapshot (`audit --config --baseline FILE`): of the entries that match
//! nothing now, the ones that matched a tool of the baseline, and what became of that tool: a
//! release that renamed or dropped it broke the list.

use crate::surface::Surface;
use crate::surface::entry::Kind;

use super::{Form, List, Names, Resolved, Verdict, verdict};

/// What became of a baseline tool the live server no longer lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Now {
    /// Nothing tells where it went.
    Gone,
    /// Renamed: the live server serves `to` in its place.
    Renamed {
        /// The tool's name now.
        to: String,
        /// How that is known.
        how: How,
    },
}

/// How a rename is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    /// The live server lists the old name as an alias or tombstone of the new one.
    Alias,
    /// The new tool is the one tool new in the release with the old one's input schema, and
    /// the old one the one tool gone with it.
    SameSchema,
}

/// The baseline tool an entry matched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Was {
    /// The server's key.
    pub server: String,
    /// The tool's raw name in the baseline.
    pub tool: String,
    /// What became of it.
    pub now: Now,
}

/// Every tool of `old` (listed to every client) that `live` no longer lists as a tool, with
/// what became of it.
#[must_use]
pub fn fates(old: &Surface, live: &Surface) -> Vec<(String, Now)> {
    let is_tool = |s: &Surface, name: &str| {
        s.get(name)
            .is_some_and(|e| e.kind == Kind::Tool && e.listed)
    };
    let new_tools: Vec<&crate::surface::Entry> = live
        .tools
        .iter()
        .filter(|e| e.kind == Kind::Tool && old.get(&e.name).is_none())
        .collect();
    let gone: Vec<&crate::surface::Entry> = old
        .tools
        .iter()
        .filter(|e| e.kind == Kind::Tool && e.listed && !is_tool(live, &e.name))
        .collect();
    gone.iter()
        .map(|e| {
            let alias = live
                .get(&e.name)
                .filter(|l| l.kind != Kind::Tool)
                .and_then(|l| l.of.as_deref().map(str::to_owned));
            let same_schema = || {
                let schema = e.input_schema.as_ref()?;
                // Two tools gone with one schema: which became the new one is not known.
                if gone
                    .iter()
                    .filter(|g| g.input_schema.as_ref() == Some(schema))
                    .count()
                    > 1
                {
                    return None;
                }
                let mut same = new_tools
                    .iter()
                    .filter(|n| n.input_schema.as_ref() == Some(schema));
                let one = same.next()?;
                // Two candidates tell nothing.
                same.next().is_none().then(|| one.name.clone())
            };
            let now = match (alias, same_schema()) {
                (Some(to), _) => Now::Renamed {
                    to,
                    how: How::Alias,
                },
                (None, Some(to)) => Now::Renamed {
                    to,
                    how: How::SameSchema,
                },
                (None, None) => Now::Gone,
            };
            (e.name.clone(), now)
        })
        .collect()
}

/// Marks each entry of `resolved` that matches nothing now but matched a tool in `past` (the
/// names each client gave the baseline's tools, one [`Names`] per client) with that tool and
/// `fates[server]` of it; where the tool was renamed, its new name (in the list's form, from
/// `live`) becomes the nearest.
pub fn against(
    lists: &[List],
    resolved: &mut Resolved,
    past: &[Names],
    live: &[Names],
    fates: &[(String, Vec<(String, Now)>)],
) {
    for u in resolved
        .findings
        .iter_mut()
        .filter(|u| u.kind == super::Kind::Unmatched)
    {
        let list = &lists[u.list];
        let Some(names) = past.iter().find(|n| n.client.id == list.client.id) else {
            continue;
        };
        if verdict(list, names, &u.entry) != Verdict::Matched {
            continue;
        }
        // The baseline tool it matched, and its server.
        let found = super::rules::matched(list, names, &u.entry)
            .first()
            .map(|(key, raw)| ((*key).to_owned(), (*raw).to_owned()));
        let Some((server, tool)) = found else {
            continue;
        };
        let now = fates
            .iter()
            .find(|(key, _)| *key == server)
            .and_then(|(_, f)| f.iter().find(|(old, _)| *old == tool))
            .map_or(Now::Gone, |(_, now)| now.clone());
        if let Now::Renamed { to, .. } = &now {
            let new_name = match &list.form {
                Form::Raw { .. } => Some(to.clone()),
                Form::Servers => None,
                Form::Qualified => live
                    .iter()
                    .find(|n| n.client.id == list.client.id)
                    .and_then(|n| n.servers.iter().find(|s| s.key == server))
                    .and_then(|s| s.tools.iter().find(|(r, _)| r == to))
                    .map(|(_, q)| q.clone()),
            };
            if new_name.is_some() {
                u.nearest = new_name;
            }
        }
        u.server = Some(server.clone());
        u.was = Some(Was { server, tool, now });
    }
}

/// What the servers' aliases do to the entries: an entry that matches nothing but names a
/// hidden alias (answered, never listed) says so, with the new name; an entry whose every
/// tool is a listed alias gets a finding (`allowlist_entry_alias`): it works until the
/// alias's window ends, then matches nothing.
pub fn aliases<'a>(lists: &[List], names: &'a [Names], resolved: &mut Resolved) {
    let form_of = |list: &List, a: &super::Alias, names: &Names, key: &str| match &list.form {
        Form::Raw { .. } => Some(a.of.clone()),
        Form::Servers => None,
        Form::Qualified => names
            .servers
            .iter()
            .find(|s| s.key == key)
            .and_then(|s| s.tools.iter().find(|(raw, _)| *raw == a.of))
            .map(|(_, q)| q.clone()),
    };
    for u in resolved
        .findings
        .iter_mut()
        .filter(|u| u.kind == super::Kind::Unmatched)
    {
        let list = &lists[u.list];
        let Some(names) = names.iter().find(|n| n.client.id == list.client.id) else {
            continue;
        };
        let hit = names.servers.iter().find_map(|s| {
            let a = s.aliases.iter().find(|a| {
                !a.listed
                    && match &list.form {
                        Form::Raw { server } => *server == s.key && a.name == u.entry,
                        Form::Qualified => a.qualified == u.entry,
                        Form::Servers => false,
                    }
            })?;
            Some((s.key.as_str(), a))
        });
        let Some((key, a)) = hit else {
            continue;
        };
        let now = form_of(list, a, names, key);
        u.why = Some(format!(
            "the server answers it as a hidden alias of {}{}, but {} never lists a hidden \
             alias, so no rule can name it",
            mcp_toolname_rules::message::show(&a.of),
            a.until
                .as_deref()
                .map_or_else(String::new, |d| format!(" until {d}")),
            list.client.title
        ));
        if now.is_some() {
            u.nearest = now;
        }
        u.server = Some(key.to_owned());
    }
    let mut found = Vec::new();
    for (i, list) in lists.iter().enumerate() {
        let Some(names) = names.iter().find(|n| n.client.id == list.client.id) else {
            continue;
        };
        if !names
            .servers
            .iter()
            .any(|s| s.aliases.iter().any(|a| a.listed))
        {
            continue;
        }
        for entry in &list.entries {
            if resolved
                .findings
                .iter()
                .any(|f| f.list == i && f.entry == entry.text)
            {
                continue;
            }
            let tools = super::rules::matched(list, names, &entry.text);
            let alias_of = |&(key, raw): &(&'a str, &str)| -> Option<(&'a str, &'a super::Alias)> {
                names
                    .servers
                    .iter()
                    .find(|s| s.key == key)
                    .and_then(|s| s.aliases.iter().find(|a| a.listed && a.name == raw))
                    .map(|a| (key, a))
            };
            let Some(first) = tools.first().and_then(alias_of) else {
                continue;
            };
            if !tools.iter().all(|t| alias_of(t).is_some()) {
                continue;
            }
            let (key, a) = first;
            let Some(now) = form_of(list, a, names, key) else {
                continue;
            };
            found.push(super::Finding {
                kind: super::Kind::Alias {
                    alias: a.name.clone(),
                    now,
                    until: a.until.clone(),
                },
                list: i,
                entry: entry.text.clone(),
                line: entry.line,
                column: entry.column,
                server: Some(key.to_owned()),
                nearest: None,
                why: None,
                was: None,
            });
        }
    }
    resolved.findings.extend(found);
}

/// The names each client of `lists` gives the tools (and aliases) `surface` lists, for server
/// `key`, the server alone.
fn surface_names(lists: &[List], key: &str, surface: &Surface) -> Vec<Names> {
    let keys = crate::keys::Keys::new(key, None);
    let mut out: Vec<Names> = Vec::new();
    for list in lists {
        if out.iter().any(|n| n.client.id == list.client.id) {
            continue;
        }
        let part = keys.part(list.client);
        let listed = surface.tools.iter().filter(|e| e.listed);
        out.push(Names {
            client: list.client,
            servers: vec![super::Server {
                key: key.to_owned(),
                part: part.part.clone().ok(),
                listed: true,
                tools: listed
                    .clone()
                    .filter(|e| e.kind == Kind::Tool)
                    .map(|e| (e.name.clone(), part.qualify(&e.name).name))
                    .collect(),
                aliases: surface
                    .tools
                    .iter()
                    .filter_map(|e| super::Alias::of(e, part))
                    .collect(),
            }],
        });
    }
    out
}

/// The entries of `lists` that the change from `old` to `new` (two snapshots of server
/// `key`) breaks: each matched a tool of `old` and matches nothing of `new`, with what became
/// of the tool (`diff --settings`).
#[must_use]
pub fn broken(
    lists: Vec<List>,
    key: &str,
    old: &Surface,
    new: &Surface,
) -> super::report::Findings {
    let now = surface_names(&lists, key, new);
    let then = surface_names(&lists, key, old);
    let mut resolved = super::resolve(&lists, &now);
    against(
        &lists,
        &mut resolved,
        &then,
        &now,
        &[(key.to_owned(), fates(old, new))],
    );
    resolved.findings.retain(|f| f.was.is_some());
    super::report::Findings { lists, resolved }
}
