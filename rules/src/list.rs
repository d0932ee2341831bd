//! What a client makes of one server's whole `tools/list` where names meet: the client's
//! [`Clash`] rule (one name sent, or each hashed, or all under one name), then the numbers
//! GitHub Copilot CLI gives cut names that meet. [`crate::qualify`] sees one name; this sees
//! the list.

use std::collections::HashMap;

use crate::client::{Clash, ClientPreset, HashInput, NO_LIMIT, Overflow};
use crate::qualify::{Fate, Qualified, client_key, digest, len, qualify, take};

/// Applies what `client` does where the names of one server's tools meet. `key` is the
/// server's key as written; `list` pairs each tool name, in `tools/list` order, with what
/// [`qualify`] made of it, and is changed in place: a tool whose name another one takes is
/// [`Fate::Shadowed`], Codex's are [`Fate::Hashed`], and [`Qualified::meets`] names the tool
/// each meets. A tool listed twice under one name is one tool here.
///
/// ```
/// use mcp_toolname_rules::{qualify, qualify_list, Fate, CLAUDE_CODE, CODEX};
/// let (mut a, mut b) = (qualify(&CLAUDE_CODE, "s", "a.b"), qualify(&CLAUDE_CODE, "s", "a_b"));
/// qualify_list(&CLAUDE_CODE, "s", &mut [("a.b", &mut a), ("a_b", &mut b)]);
/// assert_eq!((a.fate, b.fate), (Fate::Normalised, Fate::Shadowed));
/// assert_eq!(b.meets.as_deref(), Some("a.b"));
/// let (mut a, mut b) = (qualify(&CODEX, "s", "a.b"), qualify(&CODEX, "s", "a_b"));
/// qualify_list(&CODEX, "s", &mut [("a.b", &mut a), ("a_b", &mut b)]);
/// assert_eq!((a.fate, b.fate), (Fate::Hashed, Fate::Hashed));
/// assert!(a.name.starts_with("mcp__s__a_b_") && a.name.len() == "mcp__s__a_b_".len() + 12);
/// ```
pub fn qualify_list(client: &ClientPreset, key: &str, list: &mut [(&str, &mut Qualified)]) {
    // Names equal before a cut that numbers (Copilot CLI), or as sent.
    let unlimited = ClientPreset {
        max_len: NO_LIMIT,
        ..*client
    };
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    for (i, (tool, q)) in list.iter().enumerate() {
        let sent = matches!(q.fate, Fate::Kept | Fate::Normalised | Fate::Cut);
        if !sent || !seen.insert(*tool) {
            continue;
        }
        let name = if client.numbers_cut_clashes && q.fate == Fate::Cut {
            qualify(&unlimited, key, tool).name
        } else {
            q.name.clone()
        };
        match index.get(&name) {
            Some(&g) => groups[g].1.push(i),
            None => {
                index.insert(name.clone(), groups.len());
                groups.push((name, vec![i]));
            }
        }
    }
    for (_, members) in groups.iter().filter(|(_, m)| m.len() > 1) {
        clash(client, key, list, members);
    }
    number_cut_clashes(client, list);
}

/// One group of tools whose names meet, under `client`'s [`Clash`] rule.
fn clash(client: &ClientPreset, key: &str, list: &mut [(&str, &mut Qualified)], members: &[usize]) {
    let winner = match client.on_clash {
        Clash::FirstWins => members.first().copied(),
        Clash::LastWins => members.last().copied(),
        Clash::GreatestWins => members.iter().copied().max_by_key(|&i| list[i].0),
        Clash::HashesAll | Clash::HashesChanged | Clash::SendsAll | Clash::OneOf => None,
    };
    let winner_tool = winner.map(|w| list[w].0.to_owned());
    let tools: Vec<String> = members.iter().map(|&m| list[m].0.to_owned()).collect();
    for &i in members {
        let (tool, q) = &mut list[i];
        if winner == Some(i) {
            continue;
        }
        // The tool sent instead, or (where all are sent) the first other one.
        q.meets = winner_tool
            .clone()
            .or_else(|| tools.iter().find(|t| t.as_str() != *tool).cloned());
        match client.on_clash {
            _ if winner.is_some() => q.fate = Fate::Shadowed,
            Clash::HashesAll => hash_identity(client, key, tool, q),
            Clash::HashesChanged => hash_changed(client, key, tool, q),
            _ => {}
        }
    }
}

/// Codex's rename of a tool whose function name another tool of its namespace also gets:
/// `_` + 12 hex of the SHA-1 of its identity after it, then cut and hashed again as any name
/// past its budget.
fn hash_identity(client: &ClientPreset, key: &str, tool: &str, q: &mut Qualified) {
    let suffix = format!(
        "_{}",
        digest(client, HashInput::CodexIdentity, (key, key), tool, 12)
    );
    let mut name = format!("{}{suffix}", q.name);
    if len(&name, client.units) > client.max_len {
        name = take(
            &name,
            client.max_len.saturating_sub(suffix.len()),
            client.units,
        ) + &suffix;
    }
    q.measured = len(&name, client.units);
    q.name = name;
    q.fate = Fate::Hashed;
}

/// Droid's rename of a tool whose name another tool of its server also gets, where replacing
/// changed its tool name: `_` and the hash its client takes for an overlong name, the name cut
/// to fit the budget. A tool whose name is unchanged keeps it.
fn hash_changed(client: &ClientPreset, key: &str, tool: &str, q: &mut Qualified) {
    let changed = client
        .keeps
        .is_some_and(|keeps| tool.chars().any(|c| !keeps.contains(c)));
    let Overflow::HashSuffix { hex, input, .. } = client.overflow else {
        return;
    };
    if !changed {
        return;
    }
    let part = client_key(client, key).unwrap_or_default();
    let suffix = format!("_{}", digest(client, input, (key, &part), tool, hex));
    let name = take(
        &q.name,
        client.max_len.saturating_sub(suffix.len()),
        client.units,
    ) + &suffix;
    q.measured = len(&name, client.units);
    q.name = name;
    q.fate = Fate::Hashed;
}

/// For a client
/// that numbers cut names ([`ClientPreset::numbers_cut_clashes`]), each cut name that another
/// tool's cut also gives is numbered, the tools taken in the byte order of their names as
/// written: the first keeps it, the next ones end in `2`, `3`, ... within the budget (GitHub
/// Copilot CLI, run: `admin.tools.list` keeps the cut, `café_menu` ends in `2`). `list` pairs
/// each tool name with what [`qualify`] made of it.
///
fn number_cut_clashes(client: &ClientPreset, list: &mut [(&str, &mut Qualified)]) {
    if !client.numbers_cut_clashes {
        return;
    }
    let mut order: Vec<usize> = (0..list.len())
        .filter(|&i| list[i].1.fate == Fate::Cut)
        .collect();
    order.sort_by(|&a, &b| list[a].0.cmp(list[b].0));
    // Each cut name: the tool that keeps it, and the next number.
    let mut next: std::collections::HashMap<String, (&str, usize)> =
        std::collections::HashMap::new();
    for i in order {
        let (tool, ref mut qualified) = list[i];
        let name = &mut qualified.name;
        if let Some((owner, n)) = next.get_mut(name.as_str()) {
            if *owner == tool {
                continue; // the same tool listed twice: one name
            }
            let number = n.to_string();
            *n += 1;
            let head = take(
                name,
                client.max_len.saturating_sub(number.len()),
                client.units,
            );
            *name = head + &number;
        } else {
            next.insert(name.clone(), (tool, 2));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::COPILOT_CLI;

    #[test]
    fn copilot_numbers_cut_names_that_meet_in_name_order() {
        let key = "k".repeat(64);
        let mut a = qualify(&COPILOT_CLI, &key, "b_tool");
        let mut b = qualify(&COPILOT_CLI, &key, "a_tool");
        qualify_list(
            &COPILOT_CLI,
            &key,
            &mut [("b_tool", &mut a), ("a_tool", &mut b)],
        );
        assert_eq!((b.name.as_str(), b.fate), (key.as_str(), Fate::Cut));
        assert_eq!(a.name, format!("{}2", "k".repeat(63)));
    }

    #[test]
    fn copilot_sends_the_greatest_of_names_equal_before_the_cut() {
        let (mut a, mut b) = (
            qualify(&COPILOT_CLI, "s", "a.b"),
            qualify(&COPILOT_CLI, "s", "a-b"),
        );
        qualify_list(&COPILOT_CLI, "s", &mut [("a.b", &mut a), ("a-b", &mut b)]);
        assert_eq!((a.fate, b.fate), (Fate::Normalised, Fate::Shadowed));
        assert_eq!(b.meets.as_deref(), Some("a.b"));
    }
}
