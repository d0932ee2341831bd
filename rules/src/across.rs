//! What a client makes of a whole config's tools, where names of different servers meet:
//! each server's `tools/list` is qualified first ([`crate::qualify`], then
//! [`crate::qualify_list`]); this applies the client's [`Across`] rule to every name that more
//! than one server gets. Codex keeps every name apart instead, by a hash after a namespace that
//! several servers share, then by the same rules as within one server.

use std::collections::{HashMap, HashSet};

use crate::client::{Across, ClientPreset, HashInput};
use crate::qualify::{Fate, Qualified, client_key, digest, len, replace, sha1_hex, take};

/// One server of a config: its key as the config writes it, and each of its tool names, in
/// `tools/list` order, with what [`crate::qualify`] and [`crate::qualify_list`] made of it
/// under the client.
#[derive(Debug)]
pub struct ServerList<'a> {
    /// The key as written.
    pub key: &'a str,
    /// The client's rule for this server: the client itself, or a variant of it that only
    /// some servers get (Codex without `mcp__` for servers its `non_prefixed_mcp_tool_names`
    /// names: [`crate::CODEX_NON_PREFIXED`]).
    pub rule: &'a ClientPreset,
    /// Each tool name and its verdict so far, changed in place by [`qualify_config`].
    pub tools: Vec<(&'a str, &'a mut Qualified)>,
}

/// Applies what `client` does where tools of different servers of one config get one name
/// ([`ClientPreset::across`]). A tool another server's tool replaces is [`Fate::Shadowed`]; one
/// that is sent or not depending on the order the servers connect is [`Fate::Raced`]; in both,
/// [`Qualified::meets`] and [`Qualified::meets_server`] name the other tool and its server.
/// Codex's names are computed anew for the whole config ([`Across::HashesNamespaces`]).
///
/// ```
/// use mcp_toolname_rules::{qualify, qualify_config, Fate, ServerList, CODEX, COPILOT_CLI};
/// let (mut a, mut b) = (qualify(&COPILOT_CLI, "my.server", "search"), qualify(&COPILOT_CLI, "my-server", "search"));
/// qualify_config(&COPILOT_CLI, &mut [
///     ServerList { key: "my.server", rule: &COPILOT_CLI, tools: vec![("search", &mut a)] },
///     ServerList { key: "my-server", rule: &COPILOT_CLI, tools: vec![("search", &mut b)] },
/// ]);
/// // Both are `my-server-search`; the key that sorts last wins, not the later one.
/// assert_eq!((a.fate, b.fate), (Fate::Normalised, Fate::Shadowed));
/// assert_eq!(b.meets_server.as_deref(), Some("my.server"));
///
/// let (mut a, mut b) = (qualify(&CODEX, "my-server", "search"), qualify(&CODEX, "my_server", "search"));
/// qualify_config(&CODEX, &mut [
///     ServerList { key: "my-server", rule: &CODEX, tools: vec![("search", &mut a)] },
///     ServerList { key: "my_server", rule: &CODEX, tools: vec![("search", &mut b)] },
/// ]);
/// assert_eq!(a.name, "mcp__my_server_497a8b629ad2__search");
/// assert_eq!(b.name, "mcp__my_server_b7840dcbfd2d__search");
/// ```
pub fn qualify_config(client: &ClientPreset, servers: &mut [ServerList<'_>]) {
    if client.across == Across::HashesNamespaces {
        codex(client, servers);
        return;
    }
    if client.across == Across::LaterKeyReplaces {
        later_key_replaces(client, servers);
    }
    // Each name sent, with the (server, tool) places that get it, in config order.
    let mut groups: Vec<(String, Vec<(usize, usize)>)> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for (s, server) in servers.iter().enumerate() {
        for (t, (_, q)) in server.tools.iter().enumerate() {
            if !sent(q.fate) {
                continue;
            }
            let key = meets_as(client, &q.name);
            match index.get(&key) {
                Some(&g) => groups[g].1.push((s, t)),
                None => {
                    index.insert(key.clone(), groups.len());
                    groups.push((key, vec![(s, t)]));
                }
            }
        }
    }
    for (_, members) in &groups {
        let first_server = members[0].0;
        if members.iter().all(|&(s, _)| s == first_server) {
            continue; // within one server: qualify_list's
        }
        meet(client, servers, members);
    }
}

/// Droid keeps servers by their server part: of keys that make one, only the server written
/// last is started, so every tool of the others is [`Fate::Shadowed`], with
/// [`Qualified::meets_server`] naming the server started instead (and no tool).
fn later_key_replaces(client: &ClientPreset, servers: &mut [ServerList<'_>]) {
    let mut last: HashMap<String, usize> = HashMap::new();
    for (s, server) in servers.iter().enumerate() {
        if let Ok(part) = client_key(client, server.key) {
            last.insert(part, s);
        }
    }
    for s in 0..servers.len() {
        let Ok(part) = client_key(client, servers[s].key) else {
            continue;
        };
        let winner = last[&part];
        if winner == s {
            continue;
        }
        let key = servers[winner].key.to_owned();
        for (_, q) in &mut servers[s].tools {
            if q.fate != Fate::KeyRefused {
                q.fate = Fate::Shadowed;
                q.meets = None;
                q.meets_server = Some(key.clone());
            }
        }
    }
}

/// What a client keeps tools apart by, across servers: the model-facing name, except for Droid
/// ([`Across::LaterKeyReplaces`]), which keeps them by `<server part>_<tool part>` (one `_`),
/// so key `mcp` with tool `x_tool` and key `mcp_x` with tool `tool` meet although it shows
/// them as `mcp___x_tool` and `mcp_x___tool` (run), and key `k` with `q__r` and `k__q` with `r`
/// do not.
///
/// ```
/// use mcp_toolname_rules::{meets_as, CLAUDE_CODE, DROID};
/// assert_eq!(meets_as(&DROID, "mcp___x_tool"), meets_as(&DROID, "mcp_x___tool"));
/// assert_ne!(meets_as(&DROID, "k___q__r"), meets_as(&DROID, "k__q___r"));
/// assert_eq!(meets_as(&CLAUDE_CODE, "mcp__a__b"), "mcp__a__b");
/// ```
#[must_use]
pub fn meets_as(client: &ClientPreset, name: &str) -> String {
    match name.split_once(client.separator) {
        Some((server, tool)) if client.across == Across::LaterKeyReplaces => {
            format!("{server}_{tool}")
        }
        _ => name.to_owned(),
    }
}

/// Whether the client sends a tool of this fate under its name.
const fn sent(fate: Fate) -> bool {
    matches!(
        fate,
        Fate::Kept | Fate::Normalised | Fate::Cut | Fate::Hashed
    )
}

/// One name that tools of several servers get, under `client`'s [`Across`] rule.
fn meet(client: &ClientPreset, servers: &mut [ServerList<'_>], members: &[(usize, usize)]) {
    let winner = match client.across {
        Across::LastInConfig => members.iter().copied().max_by_key(|&(s, _)| s),
        Across::LastByKey => members
            .iter()
            .copied()
            .max_by(|&(a, _), &(b, _)| servers[a].key.cmp(servers[b].key).then(a.cmp(&b))),
        Across::FirstConnected
        | Across::LastConnected
        | Across::LaterKeyReplaces
        | Across::SendsAll
        | Across::HashesNamespaces
        | Across::MapOrder
        | Across::Unknown => None,
    };
    // The first member, and the first of another server than its: each member's "other".
    let first = members[0];
    let second = members.iter().copied().find(|&(s, _)| s != first.0);
    for &(s, t) in members {
        if winner == Some((s, t)) {
            continue;
        }
        // The tool sent instead, or the first one of another server.
        let other = match winner {
            Some(w) => Some(w),
            None if s != first.0 => Some(first),
            None => second,
        }
        .map(|(os, ot)| {
            (
                servers[os].key.to_owned(),
                servers[os].tools[ot].0.to_owned(),
            )
        });
        let q = &mut servers[s].tools[t].1;
        if let Some((key, tool)) = other {
            q.meets = Some(tool);
            q.meets_server = Some(key);
        }
        q.fate = match client.across {
            Across::LastInConfig | Across::LastByKey => Fate::Shadowed,
            Across::FirstConnected
            | Across::LastConnected
            | Across::LaterKeyReplaces
            | Across::MapOrder
            | Across::Unknown => Fate::Raced,
            Across::SendsAll | Across::HashesNamespaces => q.fate,
        };
    }
}

/// What Codex appends to a namespace that several servers' keys make, for the server of `key`:
/// `_` and 12 hex digits of the SHA-1 of `<key>\0<key>\0` (the server's namespace identity).
///
/// ```
/// assert_eq!(mcp_toolname_rules::namespace_suffix("my-server"), "_497a8b629ad2");
/// ```
#[must_use]
pub fn namespace_suffix(key: &str) -> String {
    format!("_{}", sha1_hex(&[key, "\0", key, "\0"], 12))
}

/// One tool as Codex names it across the config.
struct Candidate {
    server: usize,
    tool: usize,
    /// `<key>\0<key>\0\0<tool>\0<tool>`: the server (as name and namespace), an empty
    /// connector id, the tool (as callable name and as listed).
    identity: String,
    namespace: String,
    function: String,
    hashed: bool,
    changed: bool,
}

/// Codex, for a whole config: the namespace `mcp__<key>` and the function name, each character
/// outside what it keeps turned into `_`; a namespace that several servers get gains `_` and
/// 12 hex digits of the SHA-1 of `<key>\0<key>\0` (the server's namespace identity), a function
/// name that several tools of one namespace get gains the same of the tool's identity; then,
/// in the byte order of the identities, a name that is past the budget or that an earlier tool
/// already has (namespace and function joined without the separator, as Codex compares them)
/// is cut and hashed to fit, trying the identity, then the identity with `\0` and 1, 2, ...
fn codex(client: &ClientPreset, servers: &mut [ServerList<'_>]) {
    let units = client.units;
    let mut candidates: Vec<Candidate> = Vec::new();
    let mut seen: HashSet<(usize, &str)> = HashSet::new();
    for (s, server) in servers.iter().enumerate() {
        let Ok(part) = client_key(server.rule, server.key) else {
            continue;
        };
        let prefix = server.rule.prefix;
        let namespace = if part.starts_with(prefix) {
            part.clone()
        } else {
            format!("{prefix}{part}")
        };
        let key_changed = part != server.key;
        for (t, (tool, q)) in server.tools.iter().enumerate() {
            if q.fate == Fate::KeyRefused || !seen.insert((s, tool)) {
                continue;
            }
            let function = match client.keeps {
                Some(keeps) => replace(tool, keeps, client.replacement, false, units),
                None => (*tool).to_owned(),
            };
            candidates.push(Candidate {
                server: s,
                tool: t,
                identity: format!("{0}\0{0}\0\0{1}\0{1}", server.key, tool),
                changed: key_changed || function != *tool,
                namespace: namespace.clone(),
                function,
                hashed: false,
            });
        }
    }
    // Namespaces several servers get.
    let mut keys_of: HashMap<&str, HashSet<usize>> = HashMap::new();
    for c in &candidates {
        keys_of
            .entry(c.namespace.as_str())
            .or_default()
            .insert(c.server);
    }
    let shared: HashSet<String> = keys_of
        .into_iter()
        .filter(|(_, owners)| owners.len() > 1)
        .map(|(ns, _)| ns.to_owned())
        .collect();
    // For each server whose namespace another one's meets: the first such other server, for
    // the verdicts. Two servers per namespace are kept, so this stays linear.
    let mut first_two: HashMap<&str, Vec<usize>> = HashMap::new();
    for c in &candidates {
        let owners = first_two.entry(c.namespace.as_str()).or_default();
        if owners.len() < 2 && !owners.contains(&c.server) {
            owners.push(c.server);
        }
    }
    let mut meets_server: HashMap<usize, String> = HashMap::new();
    for c in &candidates {
        if let Some(other) = first_two[c.namespace.as_str()]
            .iter()
            .find(|&&o| o != c.server)
            .filter(|_| shared.contains(&c.namespace))
        {
            meets_server
                .entry(c.server)
                .or_insert_with(|| servers[*other].key.to_owned());
        }
    }
    for c in &mut candidates {
        if shared.contains(&c.namespace) {
            let suffix = namespace_suffix(servers[c.server].key);
            c.namespace = match c.namespace.strip_suffix(client.separator) {
                Some(head) => format!("{head}{suffix}{}", client.separator),
                None => format!("{}{suffix}", c.namespace),
            };
            c.hashed = true;
        }
    }
    // Function names several tools of one namespace get, with the first two tools of each.
    let mut first_tools: HashMap<(String, String), Vec<(usize, usize)>> = HashMap::new();
    for c in &candidates {
        let tools = first_tools
            .entry((c.namespace.clone(), c.function.clone()))
            .or_default();
        if tools.len() < 2 {
            tools.push((c.server, c.tool));
        }
    }
    let mut met: HashMap<(usize, usize), String> = HashMap::new();
    for c in &candidates {
        let tools = &first_tools[&(c.namespace.clone(), c.function.clone())];
        if let Some(&(s, t)) = tools.iter().find(|&&o| o != (c.server, c.tool)) {
            met.insert((c.server, c.tool), servers[s].tools[t].0.to_owned());
        }
    }
    for c in &mut candidates {
        if met.contains_key(&(c.server, c.tool)) {
            let tool = servers[c.server].tools[c.tool].0;
            let key = servers[c.server].key;
            c.function = format!(
                "{}_{}",
                c.function,
                digest(client, HashInput::CodexIdentity, (key, key), tool, 12)
            );
            c.hashed = true;
        }
    }
    candidates.sort_by(|a, b| a.identity.cmp(&b.identity));
    let sep = len(client.separator, units);
    let mut used: HashSet<String> = HashSet::new();
    for c in candidates {
        let measured = len(&c.namespace, units) + sep + len(&c.function, units);
        let joined = format!("{}{}", c.namespace, c.function);
        let (namespace, function, fitted) = if measured <= client.max_len && used.insert(joined) {
            (c.namespace, c.function, false)
        } else {
            let mut attempt = 0usize;
            loop {
                let input = if attempt == 0 {
                    c.identity.clone()
                } else {
                    format!("{}\0{attempt}", c.identity)
                };
                let (ns, f) = fit(client, &c.namespace, &c.function, &input);
                // Each attempt hashes another input, so a free name comes within a few; the
                // bound only keeps a hostile config from looping.
                if used.insert(format!("{ns}{f}")) || attempt > servers.len() + 64 {
                    break (ns, f, true);
                }
                attempt += 1;
            }
        };
        let q = &mut servers[c.server].tools[c.tool].1;
        q.name = format!("{namespace}{}{function}", client.separator);
        q.measured = measured;
        q.fate = if c.hashed || fitted {
            Fate::Hashed
        } else if c.changed {
            Fate::Normalised
        } else {
            Fate::Kept
        };
        q.meets = met.get(&(c.server, c.tool)).cloned();
        q.meets_server = meets_server.get(&c.server).cloned();
    }
}

/// Codex's cut of a name past its budget or already taken: the function name cut so that `_`
/// and 12 hex digits of the SHA-1 of `input` fit after it; where not even the suffix fits
/// after the namespace, the namespace is cut and the suffix is the whole function name.
fn fit(client: &ClientPreset, namespace: &str, function: &str, input: &str) -> (String, String) {
    let units = client.units;
    let suffix = format!("_{}", sha1_hex(&[input], 12));
    let room = client
        .max_len
        .saturating_sub(len(namespace, units) + len(client.separator, units));
    if room >= suffix.len() {
        (
            namespace.to_owned(),
            take(function, room - suffix.len(), units) + &suffix,
        )
    } else {
        let room = client
            .max_len
            .saturating_sub(suffix.len() + len(client.separator, units));
        (take(namespace, room, units), suffix)
    }
}

#[cfg(test)]
mod tests;
