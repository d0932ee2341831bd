//! One tool name against every contract and every client preset, as data: what `check`
//! prints for a name and what `audit` turns into findings. Every verdict comes from the rules
//! crate; this module only gathers them.

use std::sync::Arc;

use mcp_toolname_rules::{
    ALL, ClientPreset, Contract, Fate, MCP, NO_LIMIT, NameError, Qualified, SetFix, check,
    effective_max, message, own_budget, qualify_list,
};

use crate::keys::{Keys, Part};

/// One contract's verdict on a name.
#[derive(Debug, Clone)]
pub struct ContractVerdict {
    /// The contract.
    pub contract: &'static Contract,
    /// `None` when the name passes; else why not, as data.
    pub error: Option<NameError>,
}

impl ContractVerdict {
    /// `None` when `name` (the name this verdict is on) passes; else the reason in words, from
    /// [`message::name_error`]. Made when asked rather than held: a report holds one verdict
    /// per contract for every tool, and most are only counted.
    #[must_use]
    pub fn refusal(&self, name: &str) -> Option<String> {
        self.error
            .map(|err| message::name_error(name, &err, self.contract))
    }
}

/// What one client preset makes of a name.
#[derive(Debug, Clone)]
pub struct ClientVerdict {
    /// The client.
    pub client: &'static ClientPreset,
    /// What the client made its server part of: the key, or the announced `serverInfo` name
    /// (shared with [`Part::source`](crate::keys::Part::source)).
    pub key: Arc<str>,
    /// The model-facing form and its fate, from [`qualify`].
    pub qualified: Qualified,
    /// Why the client's API refuses the model-facing name although it fits the budget
    /// (VS Code keeps `.` in a server part), if it does, as data; in words by
    /// [`Self::api_refusal`].
    pub api_error: Option<NameError>,
    /// Why the client does not start the server (it refuses the key), if it does not.
    pub key_refusal: Option<String>,
    /// Characters of the server part, as the client measures the budget.
    pub key_len: usize,
    /// Whether the client sends the tool with `$ref`s that point nowhere: it drops `$defs`
    /// ([`SchemaHandling`](mcp_toolname_rules::SchemaHandling)) and the tool's schema has
    /// `$ref`s into them.
    pub refs_lost: bool,
}

impl ClientVerdict {
    /// Why the client's API refuses the model-facing name, in words ([`message::name_error`]
    /// of [`Self::api_error`]); made when asked, as most verdicts are only counted.
    #[must_use]
    pub fn api_refusal(&self) -> Option<String> {
        self.api_error
            .map(|err| message::name_error(&self.qualified.name, &err, self.client.contract))
    }

    /// Whether the model sees the tool under a readable name that the API accepts.
    #[must_use]
    pub fn is_fine(&self) -> bool {
        self.qualified.fate.is_fine()
            && self.api_error.is_none()
            && self.qualified.meets.is_none()
            && self.qualified.meets_server.is_none()
    }

    /// Whether the name, as the client measures it, is past the client's budget.
    #[must_use]
    pub fn over_budget(&self) -> bool {
        self.key_refusal.is_none() && self.qualified.measured > effective_max(self.client)
    }

    /// Why the client handles the name badly, as one line; `None` when it is fine.
    #[must_use]
    pub fn problem(&self, name: &str) -> Option<String> {
        if let Some(refusal) = &self.key_refusal {
            return Some(refusal.clone());
        }
        if self.qualified.fate == Fate::ArgumentRefused {
            return None; // said once for the server, by `argument_name`
        }
        if let Some(server) = &self.qualified.meets_server {
            let q = &self.qualified;
            let other = q
                .meets
                .as_deref()
                .map_or_else(|| "the tools".to_owned(), message::show);
            return Some(
                if self.client.across == mcp_toolname_rules::Across::HashesNamespaces {
                    format!(
                        "server key {} makes the same namespace as server {} under {}, which tells \
                     them apart by a hash the model cannot read: {}",
                        message::show(&self.key),
                        message::show(server),
                        self.client.title,
                        message::show(&q.name)
                    )
                } else {
                    format!(
                        "tool {} and {other} of server {} both become {} under {}; {}",
                        message::show(name),
                        message::show(server),
                        message::show(&q.name),
                        self.client.title,
                        message::across_outcome(self.client)
                    )
                },
            );
        }
        if self.qualified.meets.is_some() {
            return Some(message::clash(name, self.client, &self.qualified));
        }
        if self.qualified.fate == Fate::Hashed && !self.over_budget() {
            return Some(message::hashed_when_changed(
                name,
                &self.key,
                self.client,
                &self.qualified.name,
            ));
        }
        if !self.qualified.fate.is_fine() {
            // What the client itself does past its own budget, not the API's.
            return Some(message::over_budget(
                name,
                self.client,
                self.key_len,
                own_budget(self.client, self.key_len),
                &self.qualified,
            ));
        }
        let client = self.client;
        self.api_refusal().map(|reason| {
            // Claude Code and Codex send up to 128, past what their API documents.
            if client.max_len > client.contract.max_len
                && matches!(self.api_error, Some(NameError::TooLong { .. }))
            {
                let takes = if client.max_len == NO_LIMIT {
                    "it cuts no name".to_owned()
                } else {
                    format!("it takes up to {}", client.max_len)
                };
                format!(
                    "{} sends this name as it is ({takes}): {reason}",
                    client.title
                )
            } else {
                format!(
                    "{} sends this name to the API, which refuses it: {reason}",
                    client.title
                )
            }
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
    /// What to do about the name, decided with the other names of its set ([`fix_set`]):
    /// keep it, rename it, or name it by hand.
    pub set_fix: SetFix,
}

impl NameReport {
    /// Checks `name` against every contract and qualifies it under every client, for a
    /// server whose key each client reads as `keys` says.
    #[must_use]
    pub fn new(name: &str, keys: &Keys) -> Self {
        let contracts = ALL
            .iter()
            .map(|contract| ContractVerdict {
                contract,
                error: check(name, contract).err(),
            })
            .collect();
        let clients = keys
            .parts
            .iter()
            .map(|part| client_verdict(part, name))
            .collect();
        let mut report = Self {
            name: name.to_owned(),
            contracts,
            clients,
            set_fix: SetFix::Keep,
        };
        fix_set(std::slice::from_mut(&mut report), keys, &[]);
        report
    }

    /// Whether the name breaks the MCP spec ([`MCP`]).
    #[must_use]
    pub fn breaks_spec(&self) -> bool {
        self.contracts
            .iter()
            .any(|v| v.contract.id == MCP.id && v.error.is_some())
    }

    /// Whether some client cuts, hashes, skips or refuses the name for its length.
    #[must_use]
    pub fn over_a_budget(&self) -> bool {
        self.clients.iter().any(ClientVerdict::over_budget)
    }

    /// The name to propose instead: it passes every contract, fits every client's budget,
    /// and differs from every other name of its set and every fix proposed for them; `None`
    /// when the name needs none, or when no readable one can be made ([`Self::no_readable_fix`]).
    #[must_use]
    pub fn fix(&self) -> Option<String> {
        match &self.set_fix {
            SetFix::Rename(name) => Some(name.clone()),
            SetFix::Keep | SetFix::NoReadable => None,
        }
    }

    /// Whether the name needs a fix but nothing readable can be made from it.
    #[must_use]
    pub fn no_readable_fix(&self) -> bool {
        self.set_fix == SetFix::NoReadable
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
}

fn client_verdict(part: &Part, name: &str) -> ClientVerdict {
    let client = part.client;
    let qualified = part.qualify(name);
    // A refused or skipped name never reaches the API; only a name the client sends (hashed
    // ones included: the hash is the client's own) is checked against its API.
    let api_error = match qualified.fate {
        Fate::Kept | Fate::Normalised | Fate::Cut | Fate::Hashed => {
            check(&qualified.name, client.contract).err()
        }
        Fate::Refused
        | Fate::Skipped
        | Fate::KeyRefused
        | Fate::Shadowed
        | Fate::Raced
        | Fate::ArgumentRefused => None,
    };
    ClientVerdict {
        client,
        key: part.source.clone(),
        qualified,
        api_error,
        key_refusal: part.refusal(),
        key_len: part.part.as_ref().map_or(0, |p| p.chars().count()),
        refs_lost: false,
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
        Fate::Shadowed => "shadowed",
        Fate::Raced => "raced",
        Fate::ArgumentRefused => "argument_refused",
    }
}

/// What each client makes of the reports as the `tools/list` of one server whose key is
/// `keys`, where names meet ([`qualify_list`]: one sent, each hashed, cut names numbered).
/// Run before [`fix_set`].
pub fn qualify_set(reports: &mut [NameReport], keys: &Keys) {
    for (c, part) in keys.parts.iter().enumerate() {
        let mut list: Vec<(&str, &mut Qualified)> = reports
            .iter_mut()
            .filter_map(|r| Some((r.name.as_str(), &mut r.clients.get_mut(c)?.qualified)))
            .collect();
        qualify_list(part.client, &part.source, &mut list);
    }
}

/// Decides every report's fix as one set, by the rules crate's one fixer
/// ([`Keys::fix_rules`]): each proposed name passes every contract, fits the smallest budget
/// of a client that starts the server, and differs from every reported name, every name of
/// `in_use`, and every other proposal.
pub fn fix_set(reports: &mut [NameReport], keys: &Keys, in_use: &[&str]) {
    let names: Vec<&str> = reports.iter().map(|r| r.name.as_str()).collect();
    let fixes = keys.fix_rules().fixes(&names, in_use);
    for (report, fix) in reports.iter_mut().zip(fixes) {
        report.set_fix = fix;
    }
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
        assert!(
            r.contracts
                .iter()
                .any(|v| v.contract.id == "llm_common" && v.error.is_some())
        );
        assert_eq!(r.fix().as_deref(), Some("admin_tools_list"));
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
        let r = report(&"a".repeat(60), "server");
        let budget = Keys::new("server", None).fix_rules().max_len();
        assert_eq!(
            budget,
            63 - "mcp__server__".len(),
            "Qwen Code's (63 whole), the smallest"
        );
        assert!(r.fix().is_some_and(|f| f.len() <= budget), "{:?}", r.fix());
    }

    #[test]
    fn a_set_never_proposes_one_name_twice() {
        let keys = Keys::new("server", None);
        let mut set: Vec<NameReport> = [
            "代码规范文档工具",
            "代码规范文档",
            "search documents",
            "search_documents",
        ]
        .iter()
        .map(|n| NameReport::new(n, &keys))
        .collect();
        fix_set(&mut set, &keys, &[]);
        assert!(set[0].no_readable_fix() && set[1].no_readable_fix());
        assert_eq!(set[2].fix().as_deref(), Some("search_documents_2"));
        assert_eq!(set[3].set_fix, SetFix::Keep);
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
