//! One tool name against every contract and every client preset, as data: what `check`
//! prints for a name and what `audit` turns into findings. Every verdict comes from the rules
//! crate; this module only gathers them.

use mcp_toolname_rules::{
    ALL, ClientPreset, Contract, Fate, LLM_COMMON, MCP, NameError, Qualified, check, message,
    suggest_all,
};

use crate::keys::{Keys, Part};

/// One contract's verdict on a name.
#[derive(Debug, Clone)]
pub struct ContractVerdict {
    /// The contract.
    pub contract: &'static Contract,
    /// `None` when the name passes; else the reason, from [`message::name_error`].
    pub refusal: Option<String>,
    /// `None` when the name passes; else why not, as data.
    pub error: Option<NameError>,
}

/// What one client preset makes of a name.
#[derive(Debug, Clone)]
pub struct ClientVerdict {
    /// The client.
    pub client: &'static ClientPreset,
    /// The model-facing form and its fate, from [`qualify`].
    pub qualified: Qualified,
    /// Characters left for the tool name by this client with this server key.
    pub budget: usize,
    /// Why the client's API refuses the model-facing name although it fits the budget
    /// (VS Code keeps `.` in a server part), if it does.
    pub api_refusal: Option<String>,
    /// The same, as data.
    pub api_error: Option<NameError>,
    /// Why the client does not start the server (it refuses the key), if it does not.
    pub key_refusal: Option<String>,
    /// Characters of the server part, as the client measures the budget.
    pub key_len: usize,
}

impl ClientVerdict {
    /// Whether the model sees the tool under a readable name that the API accepts.
    #[must_use]
    pub fn is_fine(&self) -> bool {
        self.qualified.fate.is_fine() && self.api_refusal.is_none()
    }

    /// Whether the name, as the client measures it, is past the client's budget.
    #[must_use]
    pub fn over_budget(&self) -> bool {
        self.key_refusal.is_none() && self.qualified.measured > self.client.max_len
    }

    /// Why the client handles the name badly, as one line; `None` when it is fine.
    #[must_use]
    pub fn problem(&self, name: &str) -> Option<String> {
        if let Some(refusal) = &self.key_refusal {
            return Some(refusal.clone());
        }
        if self.qualified.fate == Fate::Hashed && !self.over_budget() {
            return Some(message::hashed_when_changed(
                name,
                self.client,
                &self.qualified.name,
            ));
        }
        if !self.qualified.fate.is_fine() {
            return Some(message::over_budget(
                name,
                self.client,
                self.key_len,
                self.budget,
                &self.qualified,
            ));
        }
        self.api_refusal.as_ref().map(|reason| {
            format!(
                "{} sends this name to the API, which refuses it: {reason}",
                self.client.title
            )
        })
    }
}

/// One reason several contracts refuse a name for, said once.
#[derive(Debug, Clone)]
pub struct Reason {
    /// What is wrong and where ([`message::name_problem`]).
    pub problem: String,
    /// Which contracts and clients it breaks ([`message::refused_by`]).
    pub detail: String,
    /// The ids of the contracts that refuse the name for it.
    pub contracts: Vec<&'static str>,
    /// The ids of the clients whose API refuses what they send, for it.
    pub clients: Vec<&'static str>,
}

impl Reason {
    /// Whether the MCP spec is among the contracts.
    #[must_use]
    pub fn breaks_spec(&self) -> bool {
        self.contracts.contains(&MCP.id)
    }
}

/// A name against everything the rules crate knows.
#[derive(Debug, Clone)]
pub struct NameReport {
    /// The name as given.
    pub name: String,
    /// One verdict per contract in [`ALL`], in that order.
    pub contracts: Vec<ContractVerdict>,
    /// One verdict per client in [`CLIENTS`], in that order.
    pub clients: Vec<ClientVerdict>,
    /// The nearest name that passes every contract ([`suggest_all`]); `None` when the name
    /// already does.
    pub suggestion: Option<String>,
}

impl NameReport {
    /// Checks `name` against every contract and qualifies it under every client, for a
    /// server whose key each client reads as `keys` says.
    #[must_use]
    pub fn new(name: &str, keys: &Keys) -> Self {
        let contracts = ALL
            .into_iter()
            .map(|contract| {
                let error = check(name, contract).err();
                ContractVerdict {
                    contract,
                    refusal: error.map(|err| message::name_error(name, &err, contract)),
                    error,
                }
            })
            .collect();
        let clients = keys
            .parts
            .iter()
            .map(|part| client_verdict(part, name))
            .collect();
        let suggestion = suggest_all(name, &ALL);
        Self {
            name: name.to_owned(),
            contracts,
            clients,
            suggestion: (suggestion != name).then_some(suggestion),
        }
    }

    /// Whether the name breaks the MCP spec ([`MCP`]).
    #[must_use]
    pub fn breaks_spec(&self) -> bool {
        self.contracts
            .iter()
            .any(|v| v.contract.id == MCP.id && v.refusal.is_some())
    }

    /// Whether some client cuts, hashes, skips or refuses the name for its length.
    #[must_use]
    pub fn over_a_budget(&self) -> bool {
        self.clients.iter().any(ClientVerdict::over_budget)
    }

    /// The fix to propose: a name that passes every contract and, when some client's
    /// prefix pushes this one over its budget, fits the smallest budget; `None` when the
    /// name needs none.
    #[must_use]
    pub fn fix(&self) -> Option<String> {
        if !self.over_a_budget() {
            return self.suggestion.clone();
        }
        let budget = self
            .clients
            .iter()
            .filter(|c| c.key_refusal.is_none())
            .map(|c| c.budget)
            .min()
            .unwrap_or(64);
        Some(suggest_within(&self.name, budget)).filter(|s| *s != self.name)
    }

    /// The contracts' refusals grouped by reason, in contract order: each reason once, with
    /// every contract that refuses the name for it and every client whose API does.
    #[must_use]
    pub fn reasons(&self) -> Vec<Reason> {
        // (the reason as data, each contract's first-character rule, the reason in words)
        type Group<'a> = (NameError, Vec<(&'a str, &'a str)>, Reason);
        let mut out: Vec<Group> = Vec::new();
        for verdict in &self.contracts {
            let Some(err) = verdict.error else { continue };
            let id = verdict.contract.id;
            let first = (id, verdict.contract.first.describe());
            match out.iter_mut().find(|(e, _, _)| *e == err) {
                Some((_, firsts, reason)) => {
                    reason.contracts.push(id);
                    firsts.push(first);
                }
                None => out.push((
                    err,
                    vec![first],
                    Reason {
                        problem: message::name_problem(&self.name, &err),
                        contracts: vec![id],
                        clients: self.clients_refusing(err),
                        detail: String::new(),
                    },
                )),
            }
        }
        out.into_iter()
            .map(|(err, firsts, mut reason)| {
                reason.detail =
                    message::refused_by(&reason.contracts, &reason.clients, &err, &firsts);
                reason
            })
            .collect()
    }

    /// Clients whose API refuses what they send for the same kind of reason as `err`.
    fn clients_refusing(&self, err: NameError) -> Vec<&'static str> {
        self.clients
            .iter()
            .filter(|c| match (c.api_error, err) {
                (
                    Some(NameError::InvalidChar { ch: a, .. }),
                    NameError::InvalidChar { ch: b, .. },
                ) => a == b,
                (Some(NameError::TooLong { .. }), NameError::TooLong { .. }) => true,
                _ => false,
            })
            .map(|c| c.client.id)
            .collect()
    }

    /// Whether the common LLM API contract ([`LLM_COMMON`]) refuses the name.
    #[must_use]
    pub fn refused_by_llm_apis(&self) -> bool {
        self.contracts
            .iter()
            .any(|v| v.contract.id == LLM_COMMON.id && v.refusal.is_some())
    }
}

fn client_verdict(part: &Part, name: &str) -> ClientVerdict {
    let client = part.client;
    let qualified = part.qualify(name);
    let budget = part.budget();
    // A hashed name's last 12 characters are a placeholder, and a refused or skipped name
    // never reaches the API; only a name the client sends is checked against its API.
    let api_error = match qualified.fate {
        Fate::Kept | Fate::Normalised | Fate::Cut => check(&qualified.name, client.contract).err(),
        Fate::Refused | Fate::Hashed | Fate::Skipped | Fate::KeyRefused => None,
    };
    let api_refusal =
        api_error.map(|err| message::name_error(&qualified.name, &err, client.contract));
    ClientVerdict {
        client,
        qualified,
        budget,
        api_refusal,
        api_error,
        key_refusal: part.refusal(),
        key_len: part.part.as_ref().map_or(0, |p| p.chars().count()),
    }
}

/// The fate in one lowercase word, as printed and in JSON.
#[must_use]
pub fn fate_word(fate: Fate) -> &'static str {
    match fate {
        Fate::Kept => "kept",
        Fate::Normalised => "normalised",
        Fate::Refused => "refused",
        Fate::Hashed => "hashed",
        Fate::Cut => "cut",
        Fate::Skipped => "skipped",
        Fate::KeyRefused => "key_refused",
    }
}

/// The nearest name that passes every contract and fits `budget` characters: for a name
/// that a client's prefix pushes over its budget.
#[must_use]
pub fn suggest_within(name: &str, budget: usize) -> String {
    mcp_toolname_rules::suggest_within(name, &ALL, budget)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::check_server_key;

    fn report(name: &str, key: &str) -> NameReport {
        NameReport::new(name, &Keys::new(key, None))
    }

    #[test]
    fn dotted_name_passes_the_spec_but_not_the_llm_apis() {
        let r = report("admin.tools.list", "server");
        assert!(!r.breaks_spec());
        assert!(r.refused_by_llm_apis());
        assert_eq!(r.suggestion.as_deref(), Some("admin_tools_list"));
    }

    #[test]
    fn cline_hashes_a_name_it_had_to_change() {
        let r = report("admin.tools.list", "server");
        let cline = r.clients.iter().find(|c| c.client.id == "cline");
        assert!(cline.is_some_and(|c| c.qualified.fate == Fate::Hashed && !c.is_fine()));
    }

    #[test]
    fn codex_refuses_a_key_the_others_take() {
        let r = report("query", "数据库");
        let codex = r.clients.iter().find(|c| c.client.id == "codex");
        assert!(codex.is_some_and(|c| {
            c.problem("query")
                .is_some_and(|p| p.starts_with("Codex CLI does not start server `数据库`"))
        }));
        assert!(
            r.fix().is_none(),
            "the name is fine; the key is the problem"
        );
    }

    #[test]
    fn budget_suggestion_fits() {
        let long = "a".repeat(60);
        assert!(suggest_within(&long, 51).len() <= 51);
    }

    #[test]
    fn server_keys() {
        assert!(check_server_key("github").is_ok());
        assert!(check_server_key("a__b").is_err());
        assert!(check_server_key("_a").is_err());
        assert!(check_server_key("").is_err());
        assert!(check_server_key(&"k".repeat(33)).is_err());
        assert!(check_server_key("my key").is_err());
    }
}
