//! What a client's permission rules decide for each tool: the rule that wins, after what the
//! client leaves out first (Gemini CLI's `mcp.allowed` and per-server filters), as each client
//! was run (`cli/tests/oracle_permissions.rs`).

use std::collections::{BTreeSet, HashMap};

use super::rules::{Rule, matched};
use super::{Effect, Form, List, Names};

/// What a client's merged permission rules decide for one tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// The client.
    pub client: &'static str,
    /// The server's key.
    pub server: String,
    /// The tool's raw name.
    pub tool: String,
    /// Its model-facing name under the client.
    pub name: String,
    /// The strongest effect of a rule that matches it (deny over ask over allow); `None`
    /// where none does: the client's default (ask).
    pub effect: Option<Effect>,
    /// That rule's entry.
    pub by: Option<String>,
}

/// What one client's `rules` ([`rules_of`]) decide for each tool of each audited server of
/// `names`, as the client does (nothing when the client has no checked list).
#[must_use]
pub fn decisions(lists: &[List], names: &Names, mut rules: Vec<Rule>) -> Vec<Decision> {
    let mut out = Vec::new();
    if lists
        .iter()
        .any(|l| l.checked && l.client.id == names.client.id)
    {
        // The highest rank first; of one rank, the first read.
        rules.sort_by_key(|r| std::cmp::Reverse(lists[r.list].rank));
        let effect = |r: &Rule| lists[r.list].effect;
        // A list that keeps only what it names (Gemini CLI's `mcp.allowed`) allows that, and
        // leaves out every other tool before any rule is read.
        let has_only = rules.iter().any(|r| effect(r) == Effect::Only);
        // Each tool's deciding rule (the first in that order), and whether a keep-only list
        // names it: one pass over the rules.
        let mut deciding: HashMap<(&str, &str), &Rule> = HashMap::new();
        let mut kept_by_only: BTreeSet<(&str, &str)> = BTreeSet::new();
        for r in &rules {
            for t in r.tools.iter() {
                deciding.entry(*t).or_insert(r);
                if effect(r) == Effect::Only {
                    kept_by_only.insert(*t);
                }
            }
        }
        // The client's per-server filters (Gemini CLI's `includeTools` and `excludeTools`)
        // leave tools out before any rule is read.
        let mut filtered: BTreeSet<(&str, &str)> = BTreeSet::new();
        for list in lists.iter().filter(|l| {
            !l.checked && l.client.id == names.client.id && matches!(l.form, Form::Raw { .. })
        }) {
            let Form::Raw { server } = &list.form else {
                continue;
            };
            let named: BTreeSet<(&str, &str)> = list
                .entries
                .iter()
                .flat_map(|e| matched(list, names, &e.text))
                .collect();
            match list.effect {
                Effect::Deny => filtered.extend(named),
                Effect::Only => filtered.extend(
                    names
                        .servers
                        .iter()
                        .filter(|s| s.key == *server)
                        .flat_map(|s| {
                            s.tools
                                .iter()
                                .map(|(raw, _)| (s.key.as_str(), raw.as_str()))
                        })
                        .filter(|t| !named.contains(t)),
                ),
                Effect::Allow | Effect::Ask => {}
            }
        }
        for s in names.servers.iter().filter(|s| s.listed) {
            for (raw, q) in &s.tools {
                let at = (s.key.as_str(), raw.as_str());
                let kept = (!has_only || kept_by_only.contains(&at)) && !filtered.contains(&at);
                let rule = deciding.get(&at).copied().filter(|_| kept);
                out.push(Decision {
                    client: names.client.id,
                    server: s.key.clone(),
                    tool: raw.clone(),
                    name: q.clone(),
                    effect: if kept {
                        rule.map(|r| match effect(r) {
                            Effect::Only => Effect::Allow,
                            other => other,
                        })
                    } else {
                        Some(Effect::Deny)
                    },
                    by: rule.map(|r| r.entry.text.clone()),
                });
            }
        }
    }
    out
}
