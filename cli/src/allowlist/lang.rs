//! How each client reads an entry: Claude Code's model-facing names and `*` anywhere
//! ([`qualified`]), the per-server filters' raw names ([`raw`]), Gemini CLI's three wildcard
//! forms ([`gemini`], [`gemini_matches`]), OpenCode's and the Continue CLI's wildcards
//! ([`opencode`], [`wildcard`]) and lists of servers ([`servers`]); Qwen Code's is
//! [`super::qwen`]. Each returns a [`Verdict`]; [`super::verdict`] picks the one of the list's
//! client.
use mcp_toolname_rules::{COPILOT_CLI, GEMINI_CLI, closest_name};

use super::{MAX_NEAREST_CHARS, Names, Verdict};

/// The nearest of `candidates` to `entry`, unless `entry` is too long to compare.
fn nearest<'a>(entry: &str, candidates: &[&'a str]) -> Option<&'a str> {
    if entry.chars().nth(MAX_NEAREST_CHARS).is_some() {
        return None;
    }
    closest_name(entry, candidates)
}

/// An entry read as a pattern: `*` stands for any run of characters, the rest is literal.
/// Split once per entry, so matching a long entry against many names costs each name's length,
/// not the entry's.
pub(crate) struct Pattern<'a> {
    /// The literal pieces between the stars; one piece when there is no star.
    pieces: Vec<&'a str>,
}

impl<'a> Pattern<'a> {
    pub(crate) fn new(entry: &'a str) -> Self {
        Self {
            pieces: entry.split('*').collect(),
        }
    }

    /// Whether the pattern matches `name` whole.
    pub(crate) fn matches(&self, name: &str) -> bool {
        let Some((first, rest_pieces)) = self.pieces.split_first() else {
            return false;
        };
        let Some(mut rest) = name.strip_prefix(first) else {
            return false;
        };
        let Some((last, middle)) = rest_pieces.split_last() else {
            return rest.is_empty();
        };
        for piece in middle {
            match rest.find(piece) {
                Some(at) => rest = &rest[at + piece.len()..],
                None => return false,
            }
        }
        rest.len() >= last.len() && rest.ends_with(last)
    }
}

/// `pattern` matches `name` whole ([`Pattern`]).
#[cfg(test)]
pub(crate) fn glob(pattern: &str, name: &str) -> bool {
    Pattern::new(pattern).matches(name)
}

/// The server an entry names, `rest` being the entry past the client's prefix: the one whose
/// part it starts with (the longest, as a part may hold the separator), whole or followed by
/// the separator.
pub(crate) fn named_by_part<'a>(names: &'a Names, rest: &str) -> Option<&'a super::Server> {
    let separator = names.client.separator;
    names
        .servers
        .iter()
        .filter_map(|s| s.part.as_deref().map(|p| (s, p)))
        .filter(|(_, part)| {
            rest == *part
                || rest
                    .strip_prefix(part)
                    .is_some_and(|t| t.starts_with(separator))
        })
        .max_by_key(|(_, part)| part.len())
        .map(|(s, _)| s)
}

/// An entry of a list of model-facing names (Claude Code's).
pub(crate) fn qualified(names: &Names, entry: &str) -> Verdict {
    let client = names.client;
    let Some(rest) = entry.strip_prefix(client.prefix) else {
        return Verdict::Other;
    };
    if rest.is_empty() {
        return Verdict::Other;
    }
    let owner = named_by_part(names, rest);
    if owner.is_some_and(|s| !s.listed) {
        return Verdict::Unjudged;
    }
    // The whole server, or a pattern over the whole model-facing name (Claude Code reads `*`
    // anywhere in the entry, even within the server part: run).
    let listed = || names.servers.iter().filter(|s| s.listed);
    let pattern = Pattern::new(entry);
    if listed().any(|s| s.part.as_deref().is_some_and(|p| rest == p))
        || listed().any(|s| s.tools.iter().any(|(_, q)| pattern.matches(q)))
    {
        return Verdict::Matched;
    }
    // Every tool's name, and each server's whole name (`mcp__<part>`), which an entry in
    // another case (`mcp__GitHub`) meant.
    let wholes: Vec<(String, &str)> = names
        .servers
        .iter()
        .filter(|s| s.listed)
        .filter_map(|s| {
            Some((
                format!("{}{}", client.prefix, s.part.as_deref()?),
                s.key.as_str(),
            ))
        })
        .collect();
    let all: Vec<&str> = names
        .servers
        .iter()
        .filter(|s| s.listed)
        .flat_map(|s| s.tools.iter().map(|(_, q)| q.as_str()))
        .chain(wholes.iter().map(|(w, _)| w.as_str()))
        .collect();
    let near = if entry.contains('*') {
        None
    } else {
        nearest(entry, &all)
    };
    let near_server = near.and_then(|n| {
        names
            .servers
            .iter()
            .find(|s| s.tools.iter().any(|(_, q)| q == n))
            .map(|s| s.key.clone())
            .or_else(|| {
                wholes
                    .iter()
                    .find(|(w, _)| w == n)
                    .map(|(_, k)| (*k).to_owned())
            })
    });
    let server = owner.map(|s| s.key.clone()).or(near_server);
    if server.is_none() {
        // A server of another config, or one this run did not audit: not ours to judge.
        return Verdict::Unjudged;
    }
    let why = owner.and_then(|s| {
        // The raw name where the model-facing one was wanted.
        let tool = rest
            .strip_prefix(s.part.as_deref().unwrap_or(""))
            .and_then(|t| t.strip_prefix(client.separator))?;
        let (_, q) = s.tools.iter().find(|(raw, q)| raw == tool && q != tool)?;
        Some(format!(
            "the entry holds the tool's name as the server lists it, and {} matches the name \
             it gives the model ({})",
            client.title,
            mcp_toolname_rules::message::show(q)
        ))
    });
    Verdict::Unmatched {
        server,
        nearest: near.map(str::to_owned),
        why,
    }
}

/// An entry of a list of one server's raw tool names (a per-server filter).
pub(crate) fn raw(names: &Names, key: &str, entry: &str) -> Verdict {
    let client = names.client;
    let Some(server) = names.servers.iter().find(|s| s.key == key) else {
        return Verdict::Unjudged;
    };
    if !server.listed {
        return Verdict::Unjudged;
    }
    // Gemini CLI reads `name(...)` as `name`; Copilot CLI reads `*` as every tool (both run).
    let wanted = if client.id == GEMINI_CLI.id {
        entry
            .strip_suffix(')')
            .and_then(|e| e.split_once('('))
            .map_or(entry, |(name, _)| name)
    } else {
        entry
    };
    if (client.id == COPILOT_CLI.id && entry == "*")
        || server.tools.iter().any(|(raw, _)| raw == wanted)
    {
        return Verdict::Matched;
    }
    let raws: Vec<&str> = server.tools.iter().map(|(raw, _)| raw.as_str()).collect();
    let as_model = server.tools.iter().find(|(_, q)| q == entry);
    let (near, why) = match as_model {
        Some((raw, _)) => (
            Some(raw.as_str()),
            Some(format!(
                "it is the name {} gives the model, and this list takes the tool's name as \
                 the server lists it",
                client.title
            )),
        ),
        None => {
            let why = entry.contains('*').then(|| {
                format!(
                    "{} reads no wildcard in this list{}",
                    client.title,
                    if client.id == COPILOT_CLI.id {
                        " but `*` alone"
                    } else {
                        ""
                    }
                )
            });
            (nearest(wanted, &raws), why)
        }
    };
    Verdict::Unmatched {
        server: Some(server.key.clone()),
        nearest: near.map(str::to_owned),
        why,
    }
}

/// Whether Gemini CLI's tool rule `rule` (a `tools.allowed`, `exclude` or
/// `confirmationRequired` entry) matches the tool of server `key` it names `name`, as its
/// policy engine matches (`ruleMatches` and `matchesWildcard` in `bundle/chunk-JDPZ4CE3.js` of
/// @google/gemini-cli 0.61.0): the name itself; `*` (every tool); `mcp_*` (every MCP tool);
/// `mcp_<server>_*` (every tool of the server keyed exactly `<server>`). Any other `*` is a
/// literal character, so such a rule matches nothing. `name(...)` is read as `name`.
#[must_use]
pub fn gemini_matches(rule: &str, key: &str, name: &str) -> bool {
    let rule = gemini_tool(rule);
    if rule == "*" || rule == "mcp_*" {
        return true;
    }
    if let Some(server) = rule.strip_prefix("mcp_").and_then(|r| r.strip_suffix("_*")) {
        return server == key && name.starts_with(&format!("mcp_{server}_"));
    }
    rule == name
}

/// The tool of a Gemini CLI `tools.allowed` entry: `name(args)` is read as `name` where the
/// name is of `A-Z a-z 0-9 _ -`.
fn gemini_tool(rule: &str) -> &str {
    rule.strip_suffix(')')
        .and_then(|r| r.split_once('('))
        .filter(|(name, _)| {
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        })
        .map_or(rule, |(name, _)| name)
}

/// An entry of Gemini CLI's tool rules: matched as it matches ([`gemini_matches`]); one that
/// matches nothing is described as a model-facing name is ([`qualified`]).
pub(crate) fn gemini(names: &Names, entry: &str) -> Verdict {
    let listed = || names.servers.iter().filter(|s| s.listed);
    if listed().any(|s| {
        s.tools
            .iter()
            .any(|(_, q)| gemini_matches(entry, &s.key, q))
    }) {
        return Verdict::Matched;
    }
    if !entry.starts_with("mcp_") && !entry.contains('*') {
        // A built-in tool (`run_shell_command`, `read_file`), or a name of no server here.
        let near = nearest(
            entry,
            &listed()
                .flat_map(|s| s.tools.iter().map(|(_, q)| q.as_str()))
                .collect::<Vec<_>>(),
        );
        return match near {
            Some(n) if crate::allowlist::lang::is_close(entry, n) => Verdict::Unmatched {
                server: names
                    .servers
                    .iter()
                    .find(|s| s.tools.iter().any(|(_, q)| q == n))
                    .map(|s| s.key.clone()),
                nearest: Some(n.to_owned()),
                why: None,
            },
            _ => Verdict::Other,
        };
    }
    let owner = listed().find(|s| {
        entry.strip_prefix("mcp_").is_some_and(|r| {
            r.strip_prefix(s.key.as_str())
                .is_some_and(|t| t.starts_with('_'))
        })
    });
    if entry.contains('*') {
        return Verdict::Unmatched {
            server: owner.map(|s| s.key.clone()),
            nearest: None,
            why: Some(
                "Gemini CLI reads `*` only as `*`, `mcp_*` or `mcp_<server>_*`, and compares \
                 any other entry holding one as written"
                    .to_owned(),
            ),
        };
    }
    let candidates: Vec<&str> = listed()
        .flat_map(|s| s.tools.iter().map(|(_, q)| q.as_str()))
        .collect();
    let near = nearest(entry, &candidates);
    let server = owner.map(|s| s.key.clone()).or_else(|| {
        near.and_then(|n| {
            names
                .servers
                .iter()
                .find(|s| s.tools.iter().any(|(_, q)| q == n))
                .map(|s| s.key.clone())
        })
    });
    if server.is_none() {
        return Verdict::Unjudged;
    }
    Verdict::Unmatched {
        server,
        nearest: near.map(str::to_owned),
        why: None,
    }
}

/// Whether `near` is close enough to `entry` to say the entry meant it (a name of another
/// kind is left alone): the same once case and separators are set aside.
pub(crate) fn is_close(entry: &str, near: &str) -> bool {
    let fold = |s: &str| {
        s.chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect::<String>()
    };
    fold(entry) == fold(near)
}

/// An entry of a list of servers: their keys exactly (case counts), `*` every server.
pub(crate) fn servers(names: &Names, entry: &str) -> Verdict {
    if entry == "*" || names.servers.iter().any(|s| s.listed && s.key == entry) {
        return Verdict::Matched;
    }
    if names.servers.iter().any(|s| !s.listed && s.key == entry) {
        return Verdict::Unjudged;
    }
    let keys: Vec<&str> = names.servers.iter().map(|s| s.key.as_str()).collect();
    let near = nearest(entry, &keys);
    match near {
        Some(n) => Verdict::Unmatched {
            server: Some(n.to_owned()),
            nearest: Some(n.to_owned()),
            why: None,
        },
        None => Verdict::Unjudged,
    }
}

/// The longest wildcard pattern matched, in bytes.
pub const MAX_PATTERN_BYTES: usize = 4096;

/// Whether OpenCode's (and Kilo Code's) wildcard `pattern` matches `name` whole: `*` any run
/// of characters, `?` any one, the rest as written, case counting (`Wildcard.match` in the
/// opencode-ai 1.18.33 binary). Greedy with one point to go back to, so a long pattern costs
/// its length times the name's at most.
#[must_use]
pub fn wildcard(pattern: &str, name: &str) -> bool {
    if !pattern.contains(['*', '?']) {
        return pattern == name;
    }
    // Past this a pattern is taken to match no name: no tool is named that long, and the
    // matching costs the pattern's length times the name's.
    if pattern.len() > MAX_PATTERN_BYTES {
        return false;
    }
    if pattern.is_ascii() && name.is_ascii() {
        return wild(pattern.as_bytes(), name.as_bytes());
    }
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    wild(&p, &n)
}

/// [`wildcard`] over the pattern's and the name's units (bytes of ASCII, else characters).
fn wild<T: Copy + PartialEq + From<u8>>(p: &[T], n: &[T]) -> bool {
    let (any, one) = (T::from(b'*'), T::from(b'?'));
    let (mut i, mut j) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while j < n.len() {
        if i < p.len() && (p[i] == one || p[i] == n[j]) {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == any {
            star = Some((i, j));
            i += 1;
        } else if let Some((si, sj)) = star {
            i = si + 1;
            j = sj + 1;
            star = Some((si, sj + 1));
        } else {
            return false;
        }
    }
    p[i..].iter().all(|c| *c == any)
}

/// An entry of OpenCode's `permission`: a wildcard over the names it gives tools.
pub(crate) fn opencode(names: &Names, entry: &str) -> Verdict {
    let listed = || names.servers.iter().filter(|s| s.listed);
    if listed().any(|s| s.tools.iter().any(|(_, q)| wildcard(entry, q))) {
        return Verdict::Matched;
    }
    if entry.contains(['*', '?']) {
        // A pattern over built-in tools (`edit`, `bash`) or over servers not here.
        return Verdict::Other;
    }
    let candidates: Vec<&str> = listed()
        .flat_map(|s| s.tools.iter().map(|(_, q)| q.as_str()))
        .collect();
    // An entry that starts with a server's name and the separator is about that server.
    let sep = names.client.separator;
    let owner = (!sep.is_empty())
        .then(|| {
            listed()
                .filter_map(|s| s.part.as_deref().map(|p| (s, p)))
                .filter(|(_, p)| {
                    entry
                        .strip_prefix(p)
                        .is_some_and(|rest| rest.starts_with(sep))
                })
                .max_by_key(|(_, p)| p.len())
                .map(|(s, _)| s)
        })
        .flatten();
    if let Some(s) = owner {
        let own: Vec<&str> = s.tools.iter().map(|(_, q)| q.as_str()).collect();
        return Verdict::Unmatched {
            server: Some(s.key.clone()),
            nearest: nearest(entry, &own).map(str::to_owned),
            why: None,
        };
    }
    match nearest(entry, &candidates) {
        Some(n)
            if is_close(entry, n)
                || (!names.client.separator.is_empty()
                    && entry.contains(names.client.separator)) =>
        {
            let server = names
                .servers
                .iter()
                .find(|s| s.tools.iter().any(|(_, q)| q == n))
                .map(|s| s.key.clone());
            Verdict::Unmatched {
                server,
                nearest: Some(n.to_owned()),
                why: None,
            }
        }
        // A built-in tool's permission (`edit`, `webfetch`).
        _ => Verdict::Other,
    }
}
