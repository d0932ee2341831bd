//! What `audit` finds in one server's tool list: per tool (spec failures, contract
//! refusals, client fates) and across the list (duplicates, names that differ only in case,
//! names that a client's normalisation turns into one).

use mcp_toolname_rules::{Fate, MCP, look_alike_key, message};
use serde::Serialize;

use crate::keys::Keys;
use crate::lint::Lint;
use crate::names::{ClientVerdict, NameReport, fix_set, qualify_set};
use mcp_toolname_rules::lint;

/// One finding. Field names are stable: they are the JSON output.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    /// What kind of problem.
    pub kind: &'static Lint,
    /// The tool it is about (the first one, for findings about several), as
    /// [`message::short`] gives it: a name past 256 characters is whole only in the report's
    /// `tools[]`. For a prompt finding
    /// ([`mcp_toolname_rules::lint::Scope::is_prompt`]), the prompt.
    pub tool: String,
    /// Every tool involved (one for per-tool findings), each as [`message::short`] gives it;
    /// for a prompt finding, every prompt involved.
    pub tools: Vec<String>,
    /// The contract id, for `spec` and `contract` findings.
    pub contract: Option<&'static str>,
    /// The client preset id, for `client` and `normalisation_collision` findings.
    pub client: Option<&'static str>,
    /// The problem in words; every server-provided name in it is escaped.
    pub message: String,
    /// A name to use instead, if one helps.
    pub suggestion: Option<String>,
    /// A server key to use instead, when the key, not the tool's name, is why every client
    /// finding of the tool is made (`a.b`, whose dot Cursor sends and Cline hashes): under it
    /// (`a_b`) none is left. Then `suggestion` is none: the name needs no change.
    pub suggested_key: Option<String>,
}

/// Every finding for a server whose `tools/list` gave `names` (in the order received),
/// with its key read by each client as `keys` says: per tool first, in list order, then
/// across the list.
#[cfg(test)]
#[must_use]
pub fn audit_names(names: &[String], keys: &Keys) -> (Vec<NameReport>, Vec<Finding>) {
    audit_listed(names, keys, |_| {})
}

/// [`audit_names`], with `leave_out` first marking the tools a client leaves out for a reason
/// other than its name (an argument name it refuses): such a tool meets no other and no
/// finding speaks of its name under that client, as the client never sends it.
pub fn audit_listed(
    names: &[String],
    keys: &Keys,
    leave_out: impl FnOnce(&mut [NameReport]),
) -> (Vec<NameReport>, Vec<Finding>) {
    let mut seen = std::collections::HashSet::new();
    let distinct: Vec<&String> = names.iter().filter(|n| seen.insert(n.as_str())).collect();
    let mut reports: Vec<NameReport> = distinct.iter().map(|n| NameReport::new(n, keys)).collect();
    leave_out(&mut reports);
    // One server's names as one list: what the clients make of names that meet, then fixes
    // none of which repeats another or a name in the list.
    qualify_set(&mut reports, keys);
    fix_set(&mut reports, keys, &[]);
    let mut findings = Vec::new();
    let key = keys.suggested_key().map(|key| {
        let rekeyed = keys.rekeyed(&key);
        (key, rekeyed)
    });
    for report in &reports {
        let from = findings.len();
        per_tool(report, &mut findings);
        if let Some((key, rekeyed)) = &key {
            blame_key(report, key, rekeyed, &mut findings[from..]);
        }
        underscores(&report.name, &mut findings);
    }
    key_refusals(keys, &mut findings);
    key_stutter(&reports, keys, &mut findings);
    duplicates(names, &mut findings);
    // Look-alikes that a client merges are said once, as that client's collision.
    let mut merged = Vec::new();
    normalisation_collisions(&distinct, keys, &reports, &mut merged);
    case_collisions(&distinct, &merged, &mut findings);
    findings.extend(merged);
    (reports, findings)
}

/// The findings of one name on its own: each contract that refuses it (`spec` for the MCP
/// spec), and each client that handles it badly (a refused key and names that meet are said
/// elsewhere).
pub fn per_tool(report: &NameReport, out: &mut Vec<Finding>) {
    let name = &report.name;
    let shown = message::short(name).into_owned();
    let fix = report.fix();
    for verdict in &report.contracts {
        if let Some(reason) = verdict.refusal(name) {
            let spec = verdict.contract.id == MCP.id;
            out.push(Finding {
                kind: if spec { &lint::SPEC } else { &lint::CONTRACT },
                tool: shown.clone(),
                tools: vec![shown.clone()],
                contract: Some(verdict.contract.id),
                client: None,
                message: reason,
                suggestion: fix.clone(),
                suggested_key: None,
            });
        }
    }
    // A refused key is one finding for the whole server, not one per tool; names that meet
    // are one finding for the group (`normalisation_collisions`).
    for verdict in report
        .clients
        .iter()
        .filter(|c| c.key_refusal.is_none() && c.qualified.meets.is_none())
    {
        let Some(problem) = verdict.problem(name) else {
            continue;
        };
        out.push(Finding {
            kind: &lint::CLIENT,
            tool: shown.clone(),
            tools: vec![shown.clone()],
            contract: None,
            client: Some(verdict.client.id),
            message: problem,
            suggestion: fix.clone(),
            suggested_key: None,
        });
    }
}

/// The `underscore_name` finding of `name`, when it starts with `_` or holds `__`: what
/// clients that split names on `__` do with it, and the name with the leading `_` dropped and
/// each run of `_` made one.
pub fn underscores(name: &str, out: &mut Vec<Finding>) {
    let leading = name.starts_with('_');
    let double = name.contains("__");
    if !leading && !double {
        return;
    }
    let what = match (leading, double) {
        (true, true) => "starts with `_` and holds `__`",
        (true, false) => "starts with `_`",
        _ => "holds `__`",
    };
    let fixed = name
        .split('_')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("_");
    let shown = message::short(name).into_owned();
    out.push(Finding {
        kind: &lint::UNDERSCORE_NAME,
        tool: shown.clone(),
        tools: vec![shown],
        contract: None,
        client: None,
        message: format!(
            "tool name {} {what}, which `mcp__<key>__<tool>` uses as its separator: xAI's Grok \
             Build CLI leaves out a tool whose name holds `__` and dropped a whole server over \
             one starting `__` (user reports)",
            message::show(name)
        ),
        suggestion: (!fixed.is_empty() && fixed != name).then_some(fixed),
        suggested_key: None,
    });
}

/// The `key_stutter` finding of a server whose tools begin with its key and a separator
/// (`fleet_exec` under `fleet`): which clients prefix the key, saying it twice, and which send
/// bare names, where it keeps the names apart.
fn key_stutter(reports: &[NameReport], keys: &Keys, out: &mut Vec<Finding>) {
    let fold = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .collect()
    };
    let key = fold(&keys.key);
    if key.trim_matches('_').is_empty() {
        return;
    }
    let head = format!("{key}_");
    let stutter: Vec<&NameReport> = reports
        .iter()
        .filter(|r| {
            fold(&r.name)
                .strip_prefix(&head)
                .is_some_and(|rest| !rest.is_empty())
        })
        .collect();
    let Some(first) = stutter.first() else {
        return;
    };
    let tools: Vec<String> = stutter
        .iter()
        .map(|r| message::short(&r.name).into_owned())
        .collect();
    let prefixing: Vec<&ClientVerdict> = first
        .clients
        .iter()
        .filter(|v| v.client.uses_server_key)
        .collect();
    let flat: Vec<String> = first
        .clients
        .iter()
        .filter(|v| !v.client.uses_server_key)
        .map(|v| v.client.title.to_owned())
        .collect();
    let example = prefixing.first().map_or(String::new(), |v| {
        format!(
            ": {} sends {}",
            v.client.title,
            message::show(&v.qualified.name)
        )
    });
    let rest: String = first.name.chars().skip(key.chars().count() + 1).collect();
    let bare = if flat.is_empty() {
        String::new()
    } else {
        format!(
            "; {} {} the bare name, where the key in it is what keeps {} apart from another \
             server's {}",
            message::joined(&flat, "and"),
            if flat.len() == 1 { "sends" } else { "send" },
            message::show(&first.name),
            message::show(&rest)
        )
    };
    out.push(Finding {
        kind: &lint::KEY_STUTTER,
        tool: tools[0].clone(),
        message: format!(
            "{} {} with the server's key {}, which {} of {} clients put before each name \
             too{example}{bare}",
            tools.len(),
            crate::wrap::plural(tools.len(), "tool name begins", "tool names begin"),
            message::show(&keys.key),
            prefixing.len(),
            first.clients.len()
        ),
        tools,
        contract: None,
        client: None,
        suggestion: None,
        suggested_key: None,
    });
}

/// Blames the server's key for the findings `own` of one tool when the key, not the name, is
/// why: every one of them is a client's, and under `key` (the config's key made of `A-Z a-z 0-9
/// _ -`, [`Keys::suggested_key`]) no client has a problem with the name. Such findings carry
/// `key` and no name to write instead, in every format.
fn blame_key(report: &NameReport, key: &str, rekeyed: &Keys, own: &mut [Finding]) {
    if own.is_empty() || own.iter().any(|f| f.kind != &lint::CLIENT) {
        return;
    }
    let again = NameReport::new(&report.name, rekeyed);
    if again
        .clients
        .iter()
        .any(|v| v.problem(&report.name).is_some())
    {
        return;
    }
    for f in own {
        f.suggestion = None;
        f.suggested_key = Some(key.to_owned());
    }
}

/// One finding per client that refuses the server's key.
pub fn key_refusals(keys: &Keys, out: &mut Vec<Finding>) {
    for part in &keys.parts {
        if let Some(refusal) = part.refusal() {
            out.push(Finding {
                kind: &lint::KEY_REFUSED,
                tool: String::new(),
                tools: Vec::new(),
                contract: None,
                client: Some(part.client.id),
                message: refusal,
                suggestion: None,
                suggested_key: None,
            });
        }
    }
}

fn duplicates(names: &[String], out: &mut Vec<Finding>) {
    for (name, n) in crate::group::repeated(names.iter().map(String::as_str)) {
        out.push(Finding {
            kind: &lint::DUPLICATE,
            tool: message::short(name).into_owned(),
            tools: vec![message::short(name).into_owned()],
            contract: None,
            client: None,
            message: format!(
                "the server listed tool name {} {n} times; tool names must be unique within a \
                 server (MCP spec, Tool Names), and a client keeps only one of them",
                message::show(name)
            ),
            suggestion: None,
            suggested_key: None,
        });
    }
}

/// `a`, `a and b`, `a, b and c`, each escaped.
fn list(names: &[&str]) -> String {
    let shown: Vec<String> = names.iter().map(|n| message::show(n)).collect();
    message::joined(&shown, "and")
}

/// Groups `names` by `key`, keeping the groups of two or more, in first-seen order.
fn groups<'a>(names: &[&'a String], key: impl Fn(&str) -> Option<String>) -> Vec<Vec<&'a str>> {
    let keyed = names
        .iter()
        .filter_map(|name| key(name).map(|k| (k, name.as_str())));
    crate::group::in_order(keyed)
        .into_iter()
        .map(|(_, group)| group)
        .filter(|group| group.len() > 1)
        .collect()
}

/// Names that are one under [`look_alike_key`]: differing only in case, or in case and the
/// separators `_` `-` `.` (`run_query` and `Run-Query`, keurcien/auxilia #254).
/// A look-alike group that some client's collision (in `merged`) already holds is left out.
fn case_collisions(names: &[&String], merged: &[Finding], out: &mut Vec<Finding>) {
    for group in groups(names, |n| Some(look_alike_key(n))) {
        let Some(first) = group.first() else { continue };
        let lower = first.to_lowercase();
        let case_only = group.iter().all(|n| n.to_lowercase() == lower);
        let tools: Vec<String> = group
            .iter()
            .map(|s| message::short(s).into_owned())
            .collect();
        let said = |f: &Finding| tools.iter().all(|t| f.tools.contains(t));
        if !case_only && merged.iter().any(said) {
            continue;
        }
        let (kind, how) = if case_only {
            (&lint::CASE_COLLISION, "differ only in case")
        } else {
            (
                &lint::LOOK_ALIKE,
                "differ only in case and in `_`, `-` and `.`",
            )
        };
        out.push(Finding {
            kind,
            tool: tools[0].clone(),
            tools,
            contract: None,
            client: None,
            message: format!(
                "tool names {} {how}; the spec keeps them apart, but a model can confuse them, \
                 and a client or a did-you-mean that reads them alike keeps or picks only one",
                list(&group)
            ),
            suggestion: None,
            suggested_key: None,
        });
    }
}

fn normalisation_collisions(
    names: &[&String],
    keys: &Keys,
    reports: &[NameReport],
    out: &mut Vec<Finding>,
) {
    for (c, part) in keys.parts.iter().enumerate() {
        let client = part.client;
        // Which names meet, from the fates of the whole list (`reports` hold `names` in the
        // same order): a tool the client sends instead of another, hashes apart from it, or
        // sends under the same name. A name the client numbers apart (Copilot CLI's cut
        // names, `...abcd` and `...abc2`), refuses, skips or leaves out for its arguments
        // meets no other.
        let met: std::collections::HashSet<&str> = reports
            .iter()
            .filter_map(|r| r.clients.get(c)?.qualified.meets.as_deref())
            .collect();
        let keyed = names.iter().zip(reports).filter_map(|(name, report)| {
            let q = &report.clients.get(c)?.qualified;
            let meets = q.meets.is_some() || met.contains(name.as_str());
            (meets && q.fate != Fate::ArgumentRefused)
                .then(|| (part.qualify(name).name, name.as_str()))
        });
        let grouped: Vec<(String, Vec<&str>)> = crate::group::in_order(keyed)
            .into_iter()
            .filter(|(_, group)| group.len() > 1)
            .collect();
        for (model_name, group) in grouped {
            let Some(first) = group.first() else { continue };
            out.push(Finding {
                kind: &lint::NORMALISATION_COLLISION,
                tool: message::short(first).into_owned(),
                tools: group
                    .iter()
                    .map(|s| message::short(s).into_owned())
                    .collect(),
                contract: None,
                client: Some(client.id),
                message: format!(
                    "tool names {} {} become {} under {}; {}",
                    list(&group),
                    if group.len() == 2 { "both" } else { "all" },
                    message::show(&model_name),
                    client.title,
                    message::clash_outcome(client)
                ),
                suggestion: None,
                suggested_key: None,
            });
        }
    }
}

#[cfg(test)]
mod tests;
