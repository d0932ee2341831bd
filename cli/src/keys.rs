//! A server's key as each client uses it: the key as the config (or `--server-key`) writes
//! it, turned into each client's server part by that client's own rule (the rules crate's
//! [`client_key`]); for a client that names servers by `serverInfo`, the name the server
//! announced. Our own key rule ([`SERVER_KEY`]) is only advice: it never changes a verdict.

use std::sync::Arc;

use mcp_toolname_rules::{
    ALL, CLAUDE_CODE, CLIENTS, CODEX, CODEX_NON_PREFIXED, ClientPreset, Contract, FixRules,
    KeyRefusal, Qualified, SERVER_KEY, ServerKeyError, client_key, connector_server_key,
    look_alike_key, message, plugin_name_refusal, plugin_server_key, qualify_part,
};

/// What one client makes of a server's key.
#[derive(Debug, Clone)]
pub struct Part {
    /// The client.
    pub client: &'static ClientPreset,
    /// What the client read the part from: the key, or the announced `serverInfo` name.
    /// Shared, not copied, by every tool's verdict: a server may announce a 10 MB name.
    pub source: Arc<str>,
    /// The server part, numbered when the client numbers clashes; or why the client refuses
    /// the key.
    pub part: Result<String, KeyRefusal>,
    /// The part before numbering (equal to `part` when nothing clashed).
    pub base: Result<String, KeyRefusal>,
    /// Whether making the part replaced characters of the source (of the plugin's or the
    /// connector's name and the key, not the characters the client joins them with).
    pub replaced: bool,
    /// The Claude Code plugin the server is shipped in, when it is (Claude Code's part).
    pub plugin: Option<String>,
}

impl Part {
    /// The model-facing form of `tool` under this client.
    #[must_use]
    pub fn qualify(&self, tool: &str) -> Qualified {
        match &self.part {
            Ok(part) => qualify_part(self.client, &self.source, part, self.replaced, tool),
            // A plugin Claude Code does not load: none of its tools are sent.
            Err(_) if self.plugin.is_some() => Qualified {
                name: String::new(),
                measured: 0,
                fate: mcp_toolname_rules::Fate::KeyRefused,
                meets: None,
                meets_server: None,
            },
            Err(_) => mcp_toolname_rules::qualify(self.client, &self.source, tool),
        }
    }

    /// Why the client does not start the server, if it does not.
    #[must_use]
    pub fn refusal(&self) -> Option<String> {
        let refusal = *self.part.as_ref().err()?;
        Some(match &self.plugin {
            Some(plugin) => message::plugin_refused(plugin, refusal),
            None => message::key_refused(self.client, &self.source, refusal),
        })
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
    /// The Claude Code plugin the server is shipped in ([`Self::in_plugin`]).
    pub plugin: Option<String>,
    /// The claude.ai connector it is, in Claude Code ([`Self::in_connector`]).
    pub connector: Option<String>,
    /// Whether Codex names its tools without `mcp__` ([`Self::codex_non_prefixed`]).
    pub codex_non_prefixed: bool,
    /// The other servers' keys of the config ([`Self::with_taken`]), which
    /// [`Self::suggested_key`] keeps clear of.
    pub taken: Vec<String>,
}

impl Keys {
    /// What each client makes of `key`; `announced` is the server's `serverInfo.title` or
    /// `name`, when known.
    #[must_use]
    pub fn new(key: &str, announced: Option<&str>) -> Self {
        let parts = CLIENTS
            .iter()
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
                    source: source.into(),
                    base: part.clone(),
                    part,
                    replaced,
                    plugin: None,
                }
            })
            .collect();
        Self {
            key: key.to_owned(),
            parts,
            targets: None,
            plugin: None,
            connector: None,
            codex_non_prefixed: false,
            taken: Vec::new(),
        }
    }

    /// These keys for a server shipped in Claude Code plugin `plugin` (its manifest's
    /// `name`): Claude Code names it `plugin:<plugin>:<key>`, or does not load the plugin at
    /// all ([`plugin_name_refusal`]). The other clients, which do not load Claude Code
    /// plugins, keep the key as written: what they make of the same server under that key.
    #[must_use]
    pub fn in_plugin(mut self, plugin: &str) -> Self {
        let source = plugin_server_key(plugin, &self.key);
        let named = format!("{plugin}{}", self.key);
        let part = self.claude_code(source, &named, plugin_name_refusal(plugin));
        part.plugin = Some(plugin.to_owned());
        self.plugin = Some(plugin.to_owned());
        self
    }

    /// These keys for claude.ai connector `connector` (its display name) in Claude Code,
    /// which names it `claude.ai <connector>`; the other clients keep the key as written.
    #[must_use]
    pub fn in_connector(mut self, connector: &str) -> Self {
        self.claude_code(connector_server_key(connector), connector, None);
        self.connector = Some(connector.to_owned());
        self
    }

    /// These keys where Codex names the server's tools without `mcp__`
    /// ([`CODEX_NON_PREFIXED`]: its `non_prefixed_mcp_tool_names` feature).
    #[must_use]
    pub fn codex_non_prefixed(mut self) -> Self {
        if let Some(part) = self.parts.iter_mut().find(|p| p.client.id == CODEX.id) {
            part.client = &CODEX_NON_PREFIXED;
        }
        self.codex_non_prefixed = true;
        self
    }

    /// What besides the key decides the names, in words (`, in Claude Code plugin `p``), for
    /// the line that names the key; empty when nothing does.
    #[must_use]
    pub fn scope(&self) -> String {
        let mut out = String::new();
        if let Some(plugin) = &self.plugin {
            out.push_str(&format!(
                ", in Claude Code plugin {}",
                message::show(plugin)
            ));
        }
        if let Some(connector) = &self.connector {
            out.push_str(&format!(
                ", claude.ai connector {} in Claude Code",
                message::show(connector)
            ));
        }
        if self.codex_non_prefixed {
            out.push_str(", Codex without `mcp__`");
        }
        out
    }

    /// Claude Code's part, made from `source`; `named` is what a reader wrote of it (whose
    /// replaced characters make a name normalised), `refusal` why it is not loaded at all.
    fn claude_code(
        &mut self,
        source: String,
        named: &str,
        refusal: Option<KeyRefusal>,
    ) -> &mut Part {
        let i = self
            .parts
            .iter()
            .position(|p| p.client.id == CLAUDE_CODE.id)
            .unwrap_or(0);
        let part = &mut self.parts[i];
        let made = refusal.map_or_else(|| client_key(&CLAUDE_CODE, &source), Err);
        part.replaced = CLAUDE_CODE
            .key
            .keeps
            .is_some_and(|keeps| named.chars().any(|c| !keeps.contains(c)));
        part.source = source.into();
        part.base = made.clone();
        part.part = made;
        part
    }

    /// Narrows a fix to `targets` (ids already checked), as a project's levels give them.
    pub fn set_targets(&mut self, targets: Option<&[&'static str]>) {
        self.targets = targets.map(<[_]>::to_vec);
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
            ALL.iter().copied().filter(|c| targeted(c.id)).collect();
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

    /// These keys, with the config's other servers' keys (`keys`, this one's left out) for
    /// [`Self::suggested_key`] to keep clear of.
    #[must_use]
    pub fn with_taken<'a>(mut self, keys: impl IntoIterator<Item = &'a str>) -> Self {
        self.taken = keys
            .into_iter()
            .filter(|k| *k != self.key)
            .map(str::to_owned)
            .collect();
        self
    }

    /// A key every client takes as written, for a key that [`check_server_key`] refuses:
    /// each other character `_`, no `__`, no `_` at either end, 32 characters at most (`a.b`
    /// is `a_b`), and `_2`, `_3`, ... after it where another server of the config has a key
    /// that looks alike ([`look_alike_key`], as the `key_look_alike` lint compares keys);
    /// `None` for a key that passes, or a server in a plugin or a connector, whose
    /// parts are not the key alone.
    #[must_use]
    pub fn suggested_key(&self) -> Option<String> {
        if check_server_key(&self.key).is_ok() || self.plugin.is_some() || self.connector.is_some()
        {
            return None;
        }
        let mut key = String::new();
        for c in self.key.chars() {
            let c = if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            };
            if !(c == '_' && (key.is_empty() || key.ends_with('_'))) {
                key.push(c);
            }
        }
        let key: String = key.trim_end_matches('_').chars().take(32).collect();
        let key = key.trim_end_matches('_').to_owned();
        let taken: Vec<String> = self.taken.iter().map(|k| look_alike_key(k)).collect();
        let numbered = |n: usize| {
            let suffix = format!("_{n}");
            let base: String = key.chars().take(32 - suffix.len()).collect();
            format!("{}{suffix}", base.trim_end_matches('_'))
        };
        std::iter::once(key.clone())
            .chain((2..100).map(numbered))
            .find(|k| !taken.contains(&look_alike_key(k)))
            .filter(|k| check_server_key(k).is_ok())
    }

    /// These keys with `key` in place of the config's: the parts of the clients that name a
    /// server by its key made again, those that name it by its `serverInfo` kept.
    #[must_use]
    pub fn rekeyed(&self, key: &str) -> Self {
        let mut out = self.clone();
        out.key = key.to_owned();
        for (part, fresh) in out.parts.iter_mut().zip(Keys::new(key, None).parts) {
            if !part.client.key.from_server_info {
                *part = fresh;
            }
        }
        out
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
/// order: the first keeps its part, the next gets `2`, then `3`. Which server gets which
/// number changes from one reload to the next in VS Code (microsoft/vscode#324992, VS Code
/// 1.127.0, 2026-07-08): config order is an assumption. That report shows the numbered part
/// kept to 13 (`azuredevops_2` beside `azuredevops_m`, for `AzureDevOps.Mcp`), where the
/// source-read rule appends (`github-enterp2`); not settled, so the source's rule stays.
pub fn number_clashes(servers: &mut [&mut Keys]) {
    for (i, client) in CLIENTS.iter().enumerate() {
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

    /// The key suggested for a refused one is clear of the config's other keys, as many
    /// clients compare keys (case, `_`, `-` and `.` aside), and still at most 32 characters.
    #[test]
    fn a_suggested_key_is_one_no_other_server_has() {
        assert_eq!(
            Keys::new("a.b", None).suggested_key().as_deref(),
            Some("a_b")
        );
        let taken = Keys::new("a.b", None).with_taken(["a.b", "a_b", "A-B_2"]);
        assert_eq!(taken.suggested_key().as_deref(), Some("a_b_3"));
        let long = "x.".repeat(20);
        let keys = Keys::new(&long, None).with_taken(["x_x_x_x_x_x_x_x_x_x_x_x_x_x_x_x"]);
        let key = keys.suggested_key().expect("a key");
        assert!(key.ends_with("_2") && key.chars().count() <= 32, "{key}");
        assert_eq!(Keys::new("ok_key", None).suggested_key(), None);
    }

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
    fn a_plugin_changes_claude_codes_part_alone() {
        let keys = Keys::new("Srv.Key-1", None).in_plugin("my-Plugin.x");
        let claude = keys.part(&CLAUDE_CODE);
        let q = claude.qualify("create_issue");
        assert_eq!(q.name, "mcp__plugin_my-Plugin_x_Srv_Key-1__create_issue");
        assert_eq!(
            q.fate,
            mcp_toolname_rules::Fate::Normalised,
            "the `.` of both"
        );
        let q = Keys::new("k", None)
            .in_plugin("p")
            .part(&CLAUDE_CODE)
            .qualify("t");
        assert_eq!(
            (q.name.as_str(), q.fate),
            ("mcp__plugin_p_k__t", mcp_toolname_rules::Fate::Kept),
            "the `:` Claude Code joins with is no replaced character"
        );
        let codex = keys.part(&CODEX).qualify("create_issue");
        assert_eq!(codex.name, "mcp__Srv_Key-1__create_issue".replace('-', "_"));
    }

    #[test]
    fn claude_code_refuses_a_plugin_named_with_a_space() {
        let keys = Keys::new("k", None).in_plugin("my plugin");
        let refusal = keys.part(&CLAUDE_CODE).refusal().unwrap_or_default();
        assert!(refusal.contains("plugin `my plugin`"), "{refusal}");
        assert_eq!(keys.part(&CODEX).refusal(), None);
        let q = keys.part(&CLAUDE_CODE).qualify("t");
        assert_eq!(q.fate, mcp_toolname_rules::Fate::KeyRefused);
    }

    #[test]
    fn connectors_and_codex_without_prefix() {
        let keys = Keys::new("server", None).in_connector("Google Drive");
        let q = keys.part(&CLAUDE_CODE).qualify("search");
        assert_eq!(q.name, "mcp__claude_ai_Google_Drive__search");
        let keys = Keys::new("my-srv", None).codex_non_prefixed();
        assert_eq!(keys.part(&CODEX).qualify("t").name, "my_srv__t");
    }

    #[test]
    fn a_key_outside_our_rule_is_advice_only() {
        let keys = Keys::new("a__b", None);
        assert!(keys.advice().is_some_and(|a| a.starts_with("advice: ")));
        let q = keys.part(&mcp_toolname_rules::CLAUDE_CODE).qualify("c");
        assert_eq!(q.name, "mcp__a__b__c");
    }
}
