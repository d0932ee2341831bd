//! `targets(...)`: which contracts and clients a registry promises to work with. A declared
//! target's findings are errors; with none declared, the common LLM contract warns.

use mcp_toolname_rules::{
    ALL, CLAUDE_CODE, CLIENTS, ClientPreset, Contract, LLM_COMMON, MCP, check_server_key, message,
    suggest_within, tool_budget,
};
use proc_macro2::{Span, TokenStream};
use syn::{Ident, LitStr};

use crate::diag::{Errors, warning};
use crate::parse::RegistryArgs;

/// Key used for the default (undeclared) check of names Claude Code's rule merges.
pub const DEFAULT_KEY: &str = "server";

pub struct Targets {
    /// Contracts every name must pass: the declared ones, or the common LLM contract.
    pub contracts: Vec<&'static Contract>,
    /// Declared clients whose budget every name must fit.
    pub clients: Vec<&'static ClientPreset>,
    /// Whether the targets were declared (findings are errors) or are the default (warnings).
    pub declared: bool,
    /// The server key the clients put in front of names (`k` repeated for a length); `None`
    /// when missing or invalid (already reported), and then no budget is checked.
    pub key: Option<String>,
}

/// Every id `targets(...)` and `allow(...)` take.
pub fn all_ids() -> Vec<&'static str> {
    ALL.iter()
        .map(|c| c.id)
        .chain(CLIENTS.iter().map(|c| c.id))
        .collect()
}

impl Targets {
    /// The default: warn for the common LLM contract only.
    pub fn default_targets() -> Self {
        Self {
            contracts: vec![&LLM_COMMON],
            clients: Vec::new(),
            declared: false,
            key: None,
        }
    }

    pub fn resolve(args: &RegistryArgs, errors: &mut Errors) -> Self {
        let mut contracts = Vec::new();
        let mut clients = Vec::new();
        for id in &args.targets {
            let text = id.to_string();
            if let Some(c) = ALL.iter().find(|c| c.id == text) {
                contracts.push(*c);
            } else if let Some(c) = CLIENTS.iter().find(|c| c.id == text) {
                clients.push(*c);
            }
        }
        let key = Self::key(args, &clients, errors);
        if args.targets.is_empty() {
            return Self::default_targets();
        }
        Self {
            contracts,
            clients,
            declared: true,
            key,
        }
    }

    /// The server key the declared clients are checked with; `None` (no budget checks) when
    /// it is missing or invalid, which is reported once, on what was written.
    fn key(args: &RegistryArgs, clients: &[&ClientPreset], errors: &mut Errors) -> Option<String> {
        let needs_key = clients.iter().any(|c| c.uses_server_key);
        if args.key_written && !needs_key {
            let span = args.server_key.as_ref().map_or_else(
                || args.server_key_len.map_or(args.targets_span, |(_, s)| s),
                LitStr::span,
            );
            errors.push(span, message::key_without_client().to_owned());
            return None;
        }
        match (&args.server_key, args.server_key_len) {
            (Some(_), Some((_, span))) => {
                errors.push(span, message::key_and_key_len().to_owned());
                None
            }
            (Some(key), None) if check_server_key(&key.value()).is_ok() => Some(key.value()),
            (Some(key), None) => {
                errors.push(key.span(), message::bad_server_key(&key.value()));
                None
            }
            (None, Some((len, _))) => Some("k".repeat(len)),
            (None, None) => {
                if !args.key_written
                    && let Some(client) = clients.iter().find(|c| c.uses_server_key)
                {
                    errors.push(args.targets_span, message::target_needs_key(client.id));
                }
                None
            }
        }
    }

    /// Clients to check for merged names: the declared ones, else Claude Code's rule.
    pub fn collision_clients(&self) -> Vec<&'static ClientPreset> {
        if self.declared {
            self.clients.clone()
        } else {
            vec![&CLAUDE_CODE]
        }
    }

    /// The nearest name passing the spec and every target, within every client's budget.
    pub fn suggestion(&self, name: &str) -> String {
        let mut contracts: Vec<&Contract> = vec![&MCP];
        contracts.extend(self.contracts.iter().copied());
        contracts.extend(self.clients.iter().map(|c| c.contract));
        let key_len = self.key.as_ref().map_or(0, |k| k.chars().count());
        let budget = self
            .clients
            .iter()
            .map(|c| tool_budget(c, key_len))
            .min()
            .unwrap_or(usize::MAX);
        suggest_within(name, &contracts, budget)
    }

    /// A finding: an error when targets were declared, a warning (named `kind`) otherwise.
    pub fn report(
        &self,
        kind: &str,
        span: Span,
        text: &str,
        errors: &mut Errors,
        warnings: &mut TokenStream,
    ) {
        if self.declared {
            errors.push(span, text.to_owned());
        } else {
            warnings.extend(warning(kind, span, text));
        }
    }
}

/// Whether a tool opted out of target `id` with `allow(id)`.
pub fn allows(allowed: &[Ident], id: &str) -> bool {
    allowed.iter().any(|a| a == id)
}
