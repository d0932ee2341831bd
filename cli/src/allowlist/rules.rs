//! What a client does with a permission rule besides matching it: the rules it skips when it
//! reads them, the ones that grant more than the server they name, and the ones a stronger
//! rule overrules or that repeat another.
//!
//! Claude Code 2.1.332 (read in its `bin/claude.exe`, and run: `cli/tests/oracle_allowlists.rs`):
//! - An allow rule whose tool name holds a `*` is skipped unless it is an MCP rule whose server
//!   part holds none: `mcp__github__*` and `mcp__github__get_*` are kept, `mcp__*`,
//!   `mcp__git*` and `*` are skipped, with "Invalid permission rule ... was skipped: Wildcard
//!   tool name ... is not supported in allow rules". Deny and ask rules take `*` anywhere.
//! - An MCP rule with parentheses (`mcp__s__t(x)`) is skipped in every list: "MCP rules do not
//!   support patterns in parentheses".
//! - Deny wins over ask, and ask over allow; the lists of every settings file are merged.
//!
//! Qwen Code 0.24.4 (read in `chunks/chunk-47C3HPMW.js` of its package, `matchesMcpPattern`
//! and `matchesRule`, and run):
//! - A rule matches an MCP tool's model-facing name when it is that name or the tool's legacy
//!   name (`mcp__<key>__<tool>` with each character outside `A-Z a-z 0-9 _ . -` made `_`);
//!   when it has three `__` parts and no trailing `*` and normalises to that name as the
//!   client normalises names; when it ends in `*` and the rest, sanitised (each character
//!   outside `A-Z a-z 0-9 _ -` made `_`), starts the sanitised name, a plain prefix that runs
//!   past the server (`mcp__git*` reaches server `github_enterprise`, `mcp__*` every MCP
//!   tool); and when it is `mcp__<server>` and the sanitised server parts are equal, so
//!   `mcp__foo.bar` also reaches every tool of a server keyed `foo_bar`. `*` alone reaches no
//!   MCP tool. Case counts everywhere.
//! - An MCP rule with parentheses never matches, and one with unbalanced ones is ignored,
//!   each said only in the debug log.
//! - Deny wins over ask, and ask over allow.

use std::collections::{BTreeSet, HashMap};

use mcp_toolname_rules::{CLAUDE_CODE, CONTINUE_CLI, GEMINI_CLI, KILO_CODE, OPENCODE, QWEN_CODE};

use super::{Effect, Finding, Form, Kind, List, Names, Pattern, Server, Verdict, verdict};

/// The most entries a skipped rule's finding offers to write instead.
pub const MAX_WRITE: usize = 16;

/// The tools `entry` of `list` matches under `names`, as `(server key, raw name)`.
#[must_use]
pub fn matched<'a>(list: &List, names: &'a Names, entry: &str) -> Vec<(&'a str, &'a str)> {
    let listed = names.servers.iter().filter(|s| s.listed);
    match &list.form {
        Form::Raw { server } => listed
            .filter(|s| s.key == *server)
            .flat_map(|s| {
                s.tools
                    .iter()
                    .filter(|(raw, _)| {
                        let one = Names {
                            client: names.client,
                            servers: vec![Server {
                                key: s.key.clone(),
                                part: None,
                                listed: true,
                                tools: vec![(raw.clone(), String::new())],
                                aliases: Vec::new(),
                            }],
                        };
                        verdict(list, &one, entry) == Verdict::Matched
                    })
                    .map(|(raw, _)| (s.key.as_str(), raw.as_str()))
            })
            .collect(),
        Form::Servers => listed
            .filter(|s| entry == "*" || s.key == entry)
            .flat_map(|s| {
                s.tools
                    .iter()
                    .map(|(raw, _)| (s.key.as_str(), raw.as_str()))
            })
            .collect(),
        Form::Qualified if names.client.id == GEMINI_CLI.id => listed
            .flat_map(|s| {
                s.tools
                    .iter()
                    .filter(|(_, q)| super::lang::gemini_matches(entry, &s.key, q))
                    .map(|(raw, _)| (s.key.as_str(), raw.as_str()))
            })
            .collect(),
        Form::Qualified
            if [OPENCODE.id, KILO_CODE.id, CONTINUE_CLI.id].contains(&names.client.id) =>
        {
            listed
                .flat_map(|s| {
                    s.tools
                        .iter()
                        .filter(|(_, q)| super::lang::wildcard(entry, q))
                        .map(|(raw, _)| (s.key.as_str(), raw.as_str()))
                })
                .collect()
        }
        Form::Qualified if names.client.id == QWEN_CODE.id => {
            let rule = super::qwen::QwenRule::new(entry);
            listed
                .flat_map(|s| {
                    s.tools
                        .iter()
                        .filter(|(raw, q)| rule.matches(&s.key, raw, q))
                        .map(|(raw, _)| (s.key.as_str(), raw.as_str()))
                        .collect::<Vec<_>>()
                })
                .collect()
        }
        Form::Qualified => {
            let client = names.client;
            let rest = entry.strip_prefix(client.prefix).unwrap_or("");
            let pattern = Pattern::new(entry);
            listed
                .flat_map(|s| {
                    let whole = !rest.is_empty() && s.part.as_deref() == Some(rest);
                    s.tools
                        .iter()
                        .filter(|(_, q)| whole || pattern.matches(q))
                        .map(|(raw, _)| (s.key.as_str(), raw.as_str()))
                        .collect::<Vec<_>>()
                })
                .collect()
        }
    }
}

/// The client skips `entry` of `list` when it reads it: the finding, and the server it is
/// about when one can be told.
#[must_use]
pub fn skipped(list: &List, names: &Names, entry: &str) -> Option<(Kind, Option<String>)> {
    if !list.checked {
        return None;
    }
    if list.client.id == QWEN_CODE.id {
        return super::qwen::qwen_skipped(names, entry);
    }
    if list.client.id != CLAUDE_CODE.id {
        return None;
    }
    let client = names.client;
    let tool = entry.split_once('(').map_or(entry, |(t, _)| t);
    let mcp = tool.strip_prefix(client.prefix);
    let server_part = mcp.map(|rest| rest.split_once("__").map_or(rest, |(s, _)| s));
    if let Some(server_part) = server_part.filter(|_| entry.ends_with(')') && tool != entry) {
        let reason = "MCP rules do not support patterns in parentheses".to_owned();
        let message = format!("Invalid permission rule \"{entry}\" was skipped: {reason}");
        let owner = names
            .servers
            .iter()
            .find(|s| s.part.as_deref() == Some(server_part))
            .map(|s| s.key.clone());
        return Some((
            Kind::Skipped {
                message,
                reason,
                write: vec![tool.to_owned()],
            },
            owner,
        ));
    }
    if list.effect != Effect::Allow
        || !tool.contains('*')
        || server_part.is_some_and(|s| !s.contains('*'))
    {
        return None;
    }
    // Only an entry that would have reached an MCP tool is ours to report (`Read*` is not).
    let pattern = Pattern::new(tool);
    let servers: Vec<&Server> = names
        .servers
        .iter()
        .filter(|s| s.listed && s.tools.iter().any(|(_, q)| pattern.matches(q)))
        .collect();
    if servers.is_empty() && mcp.is_none() {
        return None;
    }
    let mut write = Vec::new();
    for s in &servers {
        let Some(part) = s.part.as_deref() else {
            continue;
        };
        if s.tools.iter().all(|(_, q)| pattern.matches(q)) {
            write.push(format!("{}{part}{}*", client.prefix, client.separator));
        } else {
            write.extend(
                s.tools
                    .iter()
                    .filter(|(_, q)| pattern.matches(q))
                    .map(|(_, q)| q.clone()),
            );
        }
    }
    write.truncate(MAX_WRITE);
    let reason = "a wildcard tool name is not supported in allow rules: globs are permitted \
                  only in the tool position after a literal mcp__<server>__ prefix"
        .to_owned();
    let message = format!(
        "Invalid permission rule \"{entry}\" was skipped: Wildcard tool name \"{tool}\" is not \
         supported in allow rules"
    );
    let server = (servers.len() == 1).then(|| servers[0].key.clone());
    Some((
        Kind::Skipped {
            message,
            reason,
            write,
        },
        server,
    ))
}

/// `entry` of `list` grants tools of servers other than the one it names: the finding, and
/// the server it names.
#[must_use]
pub fn too_broad(list: &List, names: &Names, entry: &str) -> Option<(Kind, Option<String>)> {
    if !matches!(list.effect, Effect::Allow | Effect::Only) || !matches!(list.form, Form::Qualified)
    {
        return None;
    }
    if list.client.id == GEMINI_CLI.id {
        return gemini_too_broad(list, names, entry);
    }
    let client = names.client;
    let rest = entry.strip_prefix(client.prefix)?;
    if client.separator.is_empty() {
        // A client whose names hold no server (the Continue CLI): an entry names none, and
        // reaches more than one server's tools only where they share the name.
        let tools = matched(list, names, entry);
        let servers: BTreeSet<&str> = tools.iter().map(|(k, _)| *k).collect();
        return (servers.len() > 1).then(|| {
            (
                Kind::TooBroad {
                    others: servers.into_iter().map(str::to_owned).collect(),
                    tools: tools.len(),
                    every: false,
                    write: Vec::new(),
                },
                None,
            )
        });
    }
    // The server it names: the one keyed as written, else the longest part it starts with,
    // whole or before the separator.
    let written = rest.split_once(client.separator).map_or(rest, |(k, _)| k);
    let by_key = names.servers.iter().find(|s| s.key == written);
    let owner = by_key
        .or_else(|| super::lang::named_by_part(names, rest))
        .map(|s| s.key.clone());
    let tools = matched(list, names, entry);
    let others: BTreeSet<&str> = tools
        .iter()
        .map(|(key, _)| *key)
        .filter(|key| owner.as_deref() != Some(*key))
        .collect();
    if others.is_empty() || owner.is_none() && others.len() < 2 {
        return None;
    }
    let listed: Vec<&Server> = names.servers.iter().filter(|s| s.listed).collect();
    // Every tool of every server, and no server named: not "another server's" tools.
    let every = owner.is_none()
        && listed.len() > 1
        && tools.len() == listed.iter().map(|s| s.tools.len()).sum::<usize>();
    let count = tools
        .iter()
        .filter(|(key, _)| owner.as_deref() != Some(*key))
        .count();
    // What grants one server's tools alone: the named server's, else each reached one's.
    let reached: Vec<&Server> = match owner.as_deref() {
        Some(o) => names.servers.iter().filter(|s| s.key == o).collect(),
        None => listed
            .iter()
            .copied()
            .filter(|s| others.contains(s.key.as_str()))
            .collect(),
    };
    let mut write: Vec<String> = reached.iter().flat_map(|s| alone(list, names, s)).collect();
    write.truncate(MAX_WRITE);
    Some((
        Kind::TooBroad {
            others: others.into_iter().map(str::to_owned).collect(),
            tools: count,
            every,
            write,
        },
        owner,
    ))
}

/// The entries that grant server `s`'s tools and no other's, as `list`'s client matches: its
/// whole-server form where that reaches all of them and nothing else (Qwen Code's
/// `mcp__<key>`, else `<prefix><part><separator>*`), else each tool by its name.
fn alone(list: &List, names: &Names, s: &Server) -> Vec<String> {
    let client = names.client;
    let whole = if client.id == QWEN_CODE.id {
        Some(format!("{}{}", client.prefix, s.key))
    } else {
        s.part
            .as_deref()
            .filter(|_| !client.separator.is_empty())
            .map(|part| format!("{}{part}{}*", client.prefix, client.separator))
    };
    if let Some(whole) = whole {
        let tools = matched(list, names, &whole);
        if tools.len() == s.tools.len() && tools.iter().all(|(key, _)| *key == s.key) {
            return vec![whole];
        }
    }
    s.tools
        .iter()
        .map(|(_, q)| q.clone())
        .take(MAX_WRITE)
        .collect()
}

/// Gemini CLI's `*` and `mcp_*`, which grant every MCP tool (and `*` every built-in one).
fn gemini_too_broad(list: &List, names: &Names, entry: &str) -> Option<(Kind, Option<String>)> {
    let tools = matched(list, names, entry);
    let listed: Vec<&Server> = names.servers.iter().filter(|s| s.listed).collect();
    let others: BTreeSet<&str> = tools.iter().map(|(k, _)| *k).collect();
    (others.len() > 1 && !entry.starts_with("mcp_") || entry == "mcp_*" && others.len() > 1).then(
        || {
            (
                Kind::TooBroad {
                    others: others.into_iter().map(str::to_owned).collect(),
                    tools: tools.len(),
                    every: tools.len() == listed.iter().map(|s| s.tools.len()).sum::<usize>(),
                    write: Vec::new(),
                },
                None,
            )
        },
    )
}

/// One valid rule of a client's merged permission rules: its list's index, its entry, and
/// the tools it matches.
pub struct Rule<'a> {
    /// The index of its list.
    pub(super) list: usize,
    /// Its entry.
    pub(super) entry: &'a super::Entry,
    /// Shared by every rule written the same way in lists of the same form.
    pub(super) tools: Tools<'a>,
}

/// The tools a rule matches, as `(server key, raw name)`, shared between its copies.
type Tools<'a> = std::rc::Rc<[(&'a str, &'a str)]>;

/// The rules of `names`'s client in `lists` (its checked ones), the skipped ones left out, in
/// reading order.
#[must_use]
pub fn rules_of<'a>(lists: &'a [List], names: &'a Names) -> Vec<Rule<'a>> {
    let mut out = Vec::new();
    // A rule written many times is matched once: what a list of thousands of copies costs.
    let mut seen: HashMap<(&str, &Form), Option<Tools>> = HashMap::new();
    for (i, list) in lists.iter().enumerate() {
        if !list.checked || list.client.id != names.client.id {
            continue;
        }
        for entry in &list.entries {
            let found = seen.entry((&entry.text, &list.form)).or_insert_with(|| {
                skipped(list, names, &entry.text)
                    .is_none()
                    .then(|| matched(list, names, &entry.text).into())
            });
            if let Some(tools) = found {
                out.push(Rule {
                    list: i,
                    entry,
                    tools: tools.clone(),
                });
            }
        }
    }
    out
}

/// Of one client's `rules` ([`rules_of`]), the entries that repeat another of the same kind,
/// or whose every tool a stronger rule of another effect takes (a higher rank: deny over ask
/// over allow, or a later rule where the last one decides).
#[must_use]
pub fn shadowed(lists: &[List], rules: &[Rule]) -> Vec<Finding> {
    let mut out = Vec::new();
    {
        let list = |r: &Rule| &lists[r.list];
        // For each tool, the strongest rule of each effect that matches it; and each entry's
        // first rule of its effect: one pass over the rules, so a list of thousands of rules
        // over thousands of tools costs their product once, not its square.
        let mut best: HashMap<(&str, &str), [Option<usize>; 4]> = HashMap::new();
        let mut first: HashMap<(Effect, &str), Vec<usize>> = HashMap::new();
        for (at, r) in rules.iter().enumerate() {
            let e = list(r).effect as usize;
            for t in r.tools.iter() {
                let slot = &mut best.entry(*t).or_default()[e];
                if slot.is_none_or(|b| list(&rules[b]).rank < list(r).rank) {
                    *slot = Some(at);
                }
            }
            first
                .entry((list(r).effect, r.entry.text.as_str()))
                .or_default()
                .push(at);
        }
        for (at, r) in rules.iter().enumerate() {
            let earlier = first[&(list(r).effect, r.entry.text.as_str())]
                .iter()
                .take_while(|&&e| e < at)
                .map(|&e| &rules[e])
                .find(|e| list(e).form == list(r).form);
            // Every tool it matches taken by a rule of another effect that ranks higher; the
            // strongest of those names the finding.
            let stronger = || {
                let mut by: Option<&Rule> = None;
                for t in r.tools.iter() {
                    let over = best[t]
                        .iter()
                        .enumerate()
                        .filter(|(e, _)| *e != list(r).effect as usize)
                        .filter_map(|(_, b)| b.map(|b| &rules[b]))
                        .filter(|b| list(b).rank > list(r).rank)
                        .max_by_key(|b| list(b).rank)?;
                    if by.is_none_or(|b| list(b).rank < list(over).rank) {
                        by = Some(over);
                    }
                }
                by
            };
            let (by, repeat) = match earlier {
                Some(e) => (e, true),
                None => match stronger() {
                    Some(e) => (e, false),
                    None => continue,
                },
            };
            let server = r
                .tools
                .first()
                .map(|(k, _)| (*k).to_owned())
                .filter(|k| r.tools.iter().all(|(t, _)| t == k));
            out.push(Finding {
                kind: Kind::Shadowed {
                    by: by.entry.text.clone(),
                    field: list(by).field.clone(),
                    file: list(by).file.clone(),
                    line: by.entry.line,
                    repeat,
                },
                list: r.list,
                entry: r.entry.text.clone(),
                line: r.entry.line,
                column: r.entry.column,
                server,
                nearest: None,
                why: None,
                was: None,
            });
        }
    }
    out
}
