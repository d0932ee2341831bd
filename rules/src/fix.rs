//! One fixer for every place a fix is offered: the macros, the registry's run-time errors,
//! `check` and `audit` all build a [`FixRules`] from what they know (the contracts, the
//! clients and the server key) and ask it, so the same name, key, contracts and names in use
//! get the same fix wherever it is asked for.

use crate::client::{CLIENTS, ClientPreset};
use crate::contract::{ALL, Contract, MCP};
use crate::message;
use crate::qualify::{client_key, tool_budget};
use crate::suggest::{SetFix, suggest_set, suggest_within};

/// The length of the server key a fix leaves room for when nobody named the key: a
/// `#[tool_registry]` without `server_key`, `#[mcp_tool]` outside a registry, `tool_name!`.
///
/// A fix made for no key at all fits under none: Claude Code shows `mcp__<key>__<tool>` and its
/// tool search loads at most 64 characters, Cursor takes 59 in all, so every character of the
/// key comes out of the tool name. 16 holds the keys servers are commonly given (`github`,
/// `calculator`, `brave-search`, `google-workspace`) and VS Code's whole server part (it cuts
/// the key to 13); the longest key the recommended rule allows (32, [`crate::SERVER_KEY`])
/// would leave Claude Code 25 characters and cut most names of three words. Each client's
/// budget only grows as the key shortens, so a fix made for 16 fits under any shorter key; for
/// a longer one, name it (`server_key = "..."`) and the fix is made for it.
pub const ASSUMED_KEY_LEN: usize = 16;

/// What a fix must meet: the MCP spec, every contract a project targets, the contract of the
/// API behind each client it targets, and the tool budget each client leaves under the
/// server's key ([`tool_budget`]).
///
/// ```
/// use mcp_toolname_rules::{FixRules, SetFix, CLAUDE_CODE, LLM_COMMON};
/// let rules = FixRules::new(&[&LLM_COMMON], &[&CLAUDE_CODE], Some("pulsemcp-admin"));
/// // Claude Code loads at most 64 through tool search: 64 - `mcp__` - 14 - `__` = 43.
/// assert_eq!(rules.max_len(), 43);
/// let fixes = rules.fixes(&["approve_official_mirror_queue_item_without_modifying"], &[]);
/// assert_eq!(fixes, [SetFix::Rename("approve_mirror_queue_item_without_modifying".into())]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixRules {
    contracts: Vec<&'static Contract>,
    max_len: usize,
}

impl FixRules {
    /// The rules for `contracts` and `clients` under server key `key` (as a config writes
    /// it; each client reads it by its own rule, [`client_key`]). A client that refuses the
    /// key never starts the server, so its budget does not count; with no key, each client's
    /// budget is counted for an empty server part.
    #[must_use]
    pub fn new(
        contracts: &[&'static Contract],
        clients: &[&'static ClientPreset],
        key: Option<&str>,
    ) -> Self {
        let parts = clients.iter().filter_map(|client| match key {
            Some(key) => client_key(client, key)
                .ok()
                .map(|part| (*client, part.chars().count())),
            None => Some((*client, 0)),
        });
        Self::with_parts(contracts, parts)
    }

    /// The rules `check` and `audit` apply, and a `#[tool_registry]` without `targets`: every
    /// contract ([`ALL`]) and every client ([`CLIENTS`]) under `key`, or, with none, under a
    /// key of [`ASSUMED_KEY_LEN`] characters. So the build, with no targets and the same key,
    /// offers the fix `check --server-key` offers.
    ///
    /// ```
    /// use mcp_toolname_rules::{ASSUMED_KEY_LEN, FixRules, SetFix};
    /// let name = "generate_financial_summary_report_for_each_regional_division_quarterly";
    /// let assumed = FixRules::everywhere(None);
    /// assert_eq!(assumed, FixRules::everywhere(Some(&"k".repeat(ASSUMED_KEY_LEN))));
    /// let [SetFix::Rename(fix)] = &assumed.fixes(&[name], &[])[..] else { panic!() };
    /// assert!(fix.len() <= assumed.max_len());
    /// ```
    #[must_use]
    pub fn everywhere(key: Option<&str>) -> Self {
        let assumed;
        let key = match key {
            Some(key) => key,
            None => {
                assumed = "k".repeat(ASSUMED_KEY_LEN);
                &assumed
            }
        };
        Self::new(ALL, CLIENTS, Some(key))
    }

    /// The rules for `contracts` and the clients of `parts`, each with the length of the
    /// server part it puts before a tool name (a caller that knows more than the key, such
    /// as a `serverInfo` name or a client's numbering of clashing keys, measures it itself).
    #[must_use]
    pub fn with_parts(
        contracts: &[&'static Contract],
        parts: impl IntoIterator<Item = (&'static ClientPreset, usize)>,
    ) -> Self {
        let mut all: Vec<&'static Contract> = vec![&MCP];
        let mut max_len = usize::MAX;
        let mut add = |c: &'static Contract| {
            if !all.iter().any(|a| a.id == c.id) {
                all.push(c);
            }
        };
        for contract in contracts {
            add(contract);
        }
        for (client, part_len) in parts {
            add(client.contract);
            max_len = max_len.min(tool_budget(client, part_len));
        }
        Self {
            contracts: all,
            max_len,
        }
    }

    /// The rules of exactly `contracts`, without the MCP tool-name spec or a budget: for names
    /// that are not tool names (a prompt's, held to [`crate::PROMPT`]).
    ///
    /// ```
    /// use mcp_toolname_rules::{FixRules, SetFix, PROMPT};
    /// let rules = FixRules::only(&[&PROMPT]);
    /// assert_eq!(rules.fixes(&["review pr"], &[]), [SetFix::Rename("review_pr".into())]);
    /// assert_eq!(rules.fixes(&["résumé"], &[]), [SetFix::Keep], "a prompt may be non-ASCII");
    /// ```
    #[must_use]
    pub fn only(contracts: &[&'static Contract]) -> Self {
        Self {
            contracts: contracts.to_vec(),
            max_len: usize::MAX,
        }
    }

    /// Every contract a fix passes, the MCP spec first.
    #[must_use]
    pub fn contracts(&self) -> &[&'static Contract] {
        &self.contracts
    }

    /// The longest fix (`usize::MAX`: no client budget, only the contracts' lengths).
    #[must_use]
    pub fn max_len(&self) -> usize {
        self.max_len
    }

    /// The fix of each of `names` as one set ([`suggest_set`]): none alike, none a name of
    /// `in_use` or of `names`, each passing every contract within [`Self::max_len`].
    #[must_use]
    pub fn fixes(&self, names: &[&str], in_use: &[&str]) -> Vec<SetFix> {
        suggest_set(names, in_use, &self.contracts, self.max_len)
    }

    /// `fix` (of `name`) as the help line users read: ``write `x` instead``, or that no
    /// readable name can be made from it; for [`SetFix::Keep`], the nearest passing name
    /// (a name kept in its set but refused where it stands, such as an alias).
    #[must_use]
    pub fn help(&self, name: &str, fix: &SetFix) -> String {
        match fix {
            SetFix::Rename(to) => message::write_instead(to),
            SetFix::NoReadable => message::no_readable_fix(name),
            SetFix::Keep => message::write_instead(&self.nearest(name)),
        }
    }

    /// The help for `name` as one name of a set beside `in_use` ([`Self::fixes`], then
    /// [`Self::help`]).
    #[must_use]
    pub fn help_in(&self, name: &str, in_use: &[&str]) -> String {
        let fixes = self.fixes(&[name], in_use);
        self.help(name, &fixes[0])
    }

    /// The nearest passing name for `name` alone, whether or not it is free
    /// ([`suggest_within`]).
    #[must_use]
    pub fn nearest(&self, name: &str) -> String {
        suggest_within(name, &self.contracts, self.max_len)
    }
}
