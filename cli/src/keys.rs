//! A server's key as each client uses it: the key as the config (or `--server-key`) writes
//! it, turned into each client's server part by that client's own rule (the rules crate's
//! [`client_key`]); for a client that names servers by `serverInfo`, the name the server
//! announced. Our own key rule ([`SERVER_KEY`]) is only advice: it never changes a verdict.

use mcp_toolname_rules::{
    ALL, CLIENTS, ClientPreset, Contract, FixRules, KeyRefusal, Qualified, SERVER_KEY,
    ServerKeyError, client_key, message, qualify_part,
};

/// What one client makes of a server's key.
#[derive(Debug, Clone)]
pub struct Part {
    /// The client.
    pub client: &'static ClientPreset,
    /// What the client read the part from: the key, or the announced `serverInfo` name.
    pub source: String,
    /// The server part, numbered when the client numbers clashes; or why the client refuses
    /// the key.
    pub part: Result<String, KeyRefusal>,
    /// The part before numbering (equal to `part` when nothing clashed).
    pub base: Result<String, KeyRefusal>,
    /// Whether making the part replaced characters of the source.
    pub replaced: bool,
}

impl Part {
    /// The model-facing form of `tool` under this client.
    #[must_use]
    pub fn qualify(&self, tool: &str) -> Qualified {
        match &self.part {
            Ok(part) => qualify_part(self.client, &self.source, part, self.replaced, tool),
            Err(_) => mcp_toolname_rules::qualify(self.client, &self.source, tool),
        }
    }

    /// Why the client does not start the server, if it does not.
    #[must_use]
    pub fn refusal(&self) -> Option<String> {
        self.part
            .as_ref()
            .err()
            .map(|r| message::key_refused(self.client, &self.source, *r))
    }
}

/// A server's key and each client's part, in [`CLIENTS`] order.
#[derive(Debug, Clone)]
pub struct Keys {
    /// The key as written.
    pub key: String,
    /// One per client, in [`CLIENTS`] order.
    pub parts: Vec<Part>,
    /// The contract and client ids a project targets (`--target`, a config's `targets`), which
    /// narrow what a fix meets as `#[tool_registry(targets(...))]` narrows the build's; `None`:
    /// every contract and client.
    pub targets: Option<Vec<&'static str>>,
}

impl Keys {
    /// What each client makes of `key`; `announced` is the server's `serverInfo.title` or
    /// `name`, when known.
    #[must_use]
    pub fn new(key: &str, announced: Option<&str>) -> Self {
        let parts = CLIENTS
            .into_iter()
            .map(|client| {
                let source = match announced.filter(|a| !a.is_empty()) {
                    Some(name) if client.key.from_server_info => name,
                    _ => key,
                };
                let part = client_key(client, source);
                let replaced = client
                    .key
                    .keeps
                    .is_some_and(|keeps| source.chars().any(|c| !keeps.contains(c)));
                Part {
                    client,
                    source: source.to_owned(),
                    base: part.clone(),
                    part,
                    replaced,
                }
            })
            .collect();
        Self {
            key: key.to_owned(),
            parts,
            targets: None,
        }
    }

    /// These keys with a fix narrowed to `targets` (ids already checked), as a project's
    /// levels give them.
    #[must_use]
    pub fn with_targets(mut self, targets: Option<&[&'static str]>) -> Self {
        self.targets = targets.map(<[_]>::to_vec);
        self
    }

    /// This client's part.
    ///
    /// # Panics
    /// Never for a built-in client: there is one part per [`CLIENTS`] entry.
    #[must_use]
    pub fn part(&self, client: &ClientPreset) -> &Part {
        self.parts
            .iter()
            .find(|p| p.client.id == client.id)
            .unwrap_or(&self.parts[0])
    }

    /// What every fix for this server's tools meets: every contract, and the budget of each
    /// client that starts the server (the rules crate's one fixer, as the macros use it);
    /// with [`Self::targets`], the targeted contracts and clients alone, as the build's fix
    /// under `targets(...)` meets them.
    #[must_use]
    pub fn fix_rules(&self) -> FixRules {
        let targeted = |id: &str| self.targets.as_ref().is_none_or(|ids| ids.contains(&id));
        let contracts: Vec<&'static Contract> =
            ALL.into_iter().filter(|c| targeted(c.id)).collect();
        FixRules::with_parts(
            &contracts,
            self.parts
                .iter()
                .filter(|p| targeted(p.client.id))
                .filter_map(|p| {
                    let part = p.part.as_ref().ok()?;
                    Some((p.client, part.chars().count()))
                }),
        )
    }

    /// The advice when the key breaks the key rule we recommend; `None` when it follows it.
    #[must_use]
    pub fn advice(&self) -> Option<String> {
        check_server_key(&self.key)
            .err()
            .map(|p| message::key_advice(&p))
    }
}

/// For each client that numbers clashing server parts (VS Code), numbers them in config
/// order: the first keeps its part, the next gets `2`, then `3`.
pub fn number_clashes(servers: &mut [&mut Keys]) {
    for (i, client) in CLIENTS.into_iter().enumerate() {
        if !client.key.numbers_clashes {
            continue;
        }
        let mut taken: Vec<String> = Vec::new();
        for keys in servers.iter_mut() {
            let part = &mut keys.parts[i];
            let Ok(base) = &part.base else { continue };
            let mut candidate = base.clone();
            let mut n = 2;
            while taken.contains(&candidate) {
                candidate = format!("{base}{n}");
                n += 1;
            }
            taken.push(candidate.clone());
            part.part = Ok(candidate);
        }
    }
}

/// Checks a key against the rule we recommend (docs/hosts.md):
/// `^[A-Za-z0-9_-]{1,32}$`, no `__`, no `_` at either end.
///
/// # Errors
/// What is wrong with the key, as one line.
pub fn check_server_key(key: &str) -> Result<(), String> {
    match mcp_toolname_rules::check_server_key(key) {
        Ok(()) => Ok(()),
        Err(ServerKeyError::Name(err)) => {
            let text = message::name_error(key, &err, &SERVER_KEY);
            let text = text.strip_prefix("tool name ").unwrap_or(&text);
            Err(format!("server key {text}"))
        }
        Err(ServerKeyError::DoubleUnderscore | ServerKeyError::EdgeUnderscore) => Err(format!(
            "server key {} contains `__` or starts or ends with `_`, which makes \
             `mcp__<key>__<tool>` ambiguous: clients use `__` to split the key from the tool",
            message::show(key)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vs_code_numbers_the_second_of_two_announced_names() {
        let mut a = Keys::new("Calc", Some("calculator"));
        let mut b = Keys::new("calc", Some("calculator"));
        number_clashes(&mut [&mut a, &mut b]);
        let vscode = |k: &Keys| k.part(&mcp_toolname_rules::VSCODE).part.clone();
        assert_eq!(vscode(&a).as_deref(), Ok("calculator"));
        assert_eq!(vscode(&b).as_deref(), Ok("calculator2"));
        let claude = |k: &Keys| k.part(&mcp_toolname_rules::CLAUDE_CODE).part.clone();
        assert_eq!(claude(&b).as_deref(), Ok("calc"));
    }

    #[test]
    fn a_key_outside_our_rule_is_advice_only() {
        let keys = Keys::new("a__b", None);
        assert!(keys.advice().is_some_and(|a| a.starts_with("advice: ")));
        let q = keys.part(&mcp_toolname_rules::CLAUDE_CODE).qualify("c");
        assert_eq!(q.name, "mcp__a__b__c");
    }
}
