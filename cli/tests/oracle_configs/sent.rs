//! What a client sent on one config, and the audit's verdicts judged against it.

use std::collections::HashMap;

use mcp_toolname_rules::{client_by_id, meets_as};
use serde_json::Value;

use super::from_servers;

/// What the client sent for each `S.T` of the corpus (server S, tool T), and the keys it
/// refused to start.
pub(super) struct Sent {
    pub(super) names: HashMap<String, String>,
    /// Names sent without a description to trace them by (a list of deferred tools: Droid's).
    pub(super) untraced: Vec<String>,
    pub(super) refused: Vec<String>,
}

/// Judges the audit's verdicts (`servers[].tools[].clients[]`) for `client` against what it sent: `(agree, total, wrong)`.
pub(super) fn judge(
    name: &str,
    client: &str,
    doc: &Value,
    corpus: &Value,
    sent: &Sent,
) -> (usize, usize, Vec<String>) {
    let servers = corpus["servers"].as_array().expect("servers");
    let preset = client_by_id(client).expect("a preset");
    let predicted = from_servers(doc, corpus, client);
    // Tools whose fate hangs on the order servers connect in, by what the client keeps them
    // apart by (their name; Droid's `<server>_<tool>`), each with its origin and name.
    let mut raced: HashMap<String, Vec<(String, &str)>> = HashMap::new();
    for ((s, t), v) in &predicted {
        if v.fate == "raced" {
            raced
                .entry(meets_as(preset, &v.name))
                .or_default()
                .push((format!("{s}.{t}"), v.name.as_str()));
        }
    }
    // Each untraced name sent is taken by one prediction of that name; any left over was sent
    // but not predicted.
    let mut untraced = sent.untraced.clone();
    let mut take = |name: &str| {
        let at = untraced.iter().position(|n| n == name)?;
        Some(untraced.swap_remove(at))
    };
    let mut raced_sent: HashMap<String, usize> = HashMap::new();
    for (key, group) in &raced {
        let traced = group
            .iter()
            .filter(|(o, name)| sent.names.get(o).is_some_and(|n| n == name))
            .count();
        let untraced = group
            .iter()
            .filter(|(_, name)| take(name).is_some())
            .count();
        raced_sent.insert(key.clone(), traced + untraced);
    }
    let mut wrong = Vec::new();
    for ((s, t), v) in &predicted {
        let origin = format!("{s}.{t}");
        let key = servers[*s]["key"].as_str().unwrap_or_default();
        let got = sent.names.get(&origin).cloned();
        let agrees = if sent.refused.iter().any(|k| k == key) {
            v.fate == "key_refused"
        } else {
            match v.fate.as_str() {
                "kept" | "normalised" | "cut" | "hashed" => match &got {
                    Some(name) => *name == v.name,
                    None => take(&v.name).is_some(),
                },
                // Exactly one of the tools that race for the name is sent under it.
                "raced" => raced_sent[&meets_as(preset, &v.name)] == 1,
                _ => got.is_none(),
            }
        };
        if !agrees {
            wrong.push(format!(
                "{name}: key {key:?} tool {:?}: predicted {:?} ({}), the client {}",
                servers[*s]["tools"][*t],
                v.name,
                v.fate,
                got.map_or_else(|| "left it out".to_owned(), |n| format!("sent {n:?}"))
            ));
        }
    }
    for left in untraced {
        wrong.push(format!(
            "{name}: the client sent {left:?}, which no prediction names"
        ));
    }
    let agree = predicted.len().saturating_sub(wrong.len());
    // The config's cost counts as many tools as the client was seen to send.
    let seen = sent.names.len() + sent.untraced.len();
    let counted = doc["cost"]["clients"]
        .as_array()
        .and_then(|clients| clients.iter().find(|c| c["id"] == client))
        .map(|c| c["tools"].clone());
    if counted != Some(seen.into()) {
        wrong.push(format!(
            "{name}: the cost counts {counted:?} tools sent, the client sent {seen}"
        ));
    }
    (agree, predicted.len(), wrong)
}

/// What `run.mjs` wrote, as [`Sent`].
pub(super) fn sent_of(observed: &Value) -> Sent {
    let names: HashMap<String, String> = observed["tools"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| {
            Some((
                t["origin"].as_str()?.to_owned(),
                t["name"].as_str()?.to_owned(),
            ))
        })
        .collect();
    let mut untraced: Vec<String> = observed["tools"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|t| t["origin"].is_null())
        .filter_map(|t| t["name"].as_str().map(str::to_owned))
        .collect();
    // A deferred name whose definition was loaded too (Claude Code's) is traced already.
    for traced in names.values() {
        if let Some(at) = untraced.iter().position(|n| n == traced) {
            untraced.swap_remove(at);
        }
    }
    untraced.sort();
    Sent {
        names,
        untraced,
        refused: refused_of(observed),
    }
}

/// The keys a client refused, as `run.mjs` and the record write them.
pub(super) fn refused_of(observed: &Value) -> Vec<String> {
    observed["refused"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|k| k.as_str().map(str::to_owned))
        .collect()
}
