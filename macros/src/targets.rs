//! `targets(...)`: which contracts and clients a registry promises to work with. A declared
//! target's findings are errors; with none declared, the common LLM contract warns.

use mcp_toolname_rules::{
    ALL, ASSUMED_KEY_LEN, CLAUDE_CODE, CLIENTS, ClientPreset, Contract, FixRules, LLM_COMMON,
    SetFix, check_server_key, client_key,
    lint::{self, Lint},
    message,
};
use proc_macro2::{Span, TokenStream};
use syn::{Ident, LitStr};

use crate::cond::Cond;
use crate::diag::{Errors, warning, warning_when};
use crate::kind::Kind;
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
    /// Whether a registry is there to name the key in (not so for `#[mcp_tool]` outside one,
    /// or `tool_name!`): the note on a fix made for an assumed key says how to name it.
    pub in_registry: bool,
    /// What the names are of: tools (the MCP spec, LLM APIs, clients' budgets) or prompts
    /// (the slash-command rule alone: no LLM API sees a prompt name).
    pub kind: &'static Kind,
}

impl Targets {
    /// The default: warn for the common LLM contract only.
    pub fn default_targets() -> Self {
        Self {
            contracts: vec![&LLM_COMMON],
            clients: Vec::new(),
            declared: false,
            key: None,
            in_registry: false,
            kind: &Kind::TOOL,
        }
    }

    /// The targets of a name of `kind` checked on its own (outside a registry): for a kind
    /// whose names reach LLM APIs, [`Self::default_targets`]; else its contract alone.
    pub fn alone(kind: &'static Kind) -> Self {
        if kind.reaches_llms {
            Self::default_targets()
        } else {
            Self::contract_only(kind)
        }
    }

    /// The targets of a registry of `kind`: for a kind whose names reach LLM APIs, what
    /// `targets(...)` and the server key say ([`Self::resolve`]); else its contract alone.
    pub fn of_registry(
        kind: &'static Kind,
        args: &RegistryArgs,
        errors: &mut Errors,
        warnings: &mut TokenStream,
    ) -> Self {
        if kind.reaches_llms {
            Self::resolve(args, errors, warnings)
        } else {
            Self::contract_only(kind)
        }
    }

    /// A kind whose names reach no LLM API (prompts): its names meet its contract (the
    /// slash-command rule), which is checked as the spec is for tools; there is nothing to
    /// declare.
    fn contract_only(kind: &'static Kind) -> Self {
        Self {
            contracts: Vec::new(),
            clients: Vec::new(),
            declared: false,
            key: None,
            in_registry: true,
            kind,
        }
    }

    pub fn resolve(args: &RegistryArgs, errors: &mut Errors, warnings: &mut TokenStream) -> Self {
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
        let declared = !args.targets.is_empty();
        if !declared {
            // No targets: the common LLM contract warns as ever, and a named key is checked
            // as `check --server-key` checks it, against every client that starts the
            // server under it (warnings, as every finding without targets).
            let key = Self::key(args, &[], false, errors, warnings);
            let clients = key.as_deref().map_or_else(Vec::new, |key| {
                CLIENTS
                    .iter()
                    .copied()
                    .filter(|c| !c.uses_server_key || client_key(c, key).is_ok())
                    .collect()
            });
            return Self {
                clients,
                key,
                in_registry: true,
                ..Self::default_targets()
            };
        }
        let key = Self::key(args, &clients, true, errors, warnings);
        Self {
            contracts,
            clients,
            declared: true,
            key,
            in_registry: true,
            kind: &Kind::TOOL,
        }
    }

    /// The server key the declared clients are checked with; `None` (no budget checks) when
    /// it is missing or a declared client refuses it, which is reported on what was written,
    /// once per client. A key every declared client accepts but that breaks the rule we
    /// recommend gets a warning saying which part breaks it. Without targets (`declared`
    /// false) a key is the one fixes leave room for, and needs no client.
    fn key(
        args: &RegistryArgs,
        clients: &[&ClientPreset],
        declared: bool,
        errors: &mut Errors,
        warnings: &mut TokenStream,
    ) -> Option<String> {
        let needs_key = clients.iter().any(|c| c.uses_server_key);
        if declared && args.key_written && !needs_key {
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
            (Some(key), None) => {
                let text = key.value();
                let mut refused = false;
                for client in clients.iter().filter(|c| c.uses_server_key) {
                    if let Err(refusal) = client_key(client, &text) {
                        errors.push(key.span(), message::key_refused(client, &text, refusal));
                        refused = true;
                    }
                }
                if refused {
                    return None;
                }
                if let Err(err) = check_server_key(&text) {
                    let problem = message::server_key_problem(&text, &err);
                    warnings.extend(warning(
                        &lint::KEY_OUTSIDE_RULE,
                        key.span(),
                        &message::server_key_advice(&problem),
                    ));
                }
                Some(text)
            }
            (None, Some((len, _))) => Some("k".repeat(len)),
            (None, None) => {
                if declared
                    && !args.key_written
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
        if !self.kind.reaches_llms {
            Vec::new()
        } else if self.declared {
            self.clients.clone()
        } else {
            vec![&CLAUDE_CODE]
        }
    }

    /// What every fix meets: the spec, every declared contract, every declared client's
    /// contract and budget under the key (the rules crate's one fixer, as `check` and
    /// `audit` use it). Without targets, what `check` and `audit` apply: every contract and
    /// every client, under the named key or one of [`ASSUMED_KEY_LEN`] characters
    /// ([`FixRules::everywhere`]), so a fix the build offers is one `check` finds nothing in.
    pub fn fix_rules(&self) -> FixRules {
        if !self.kind.reaches_llms {
            return FixRules::only(&[self.kind.contract]);
        }
        if !self.declared {
            return FixRules::everywhere(self.key.as_deref());
        }
        FixRules::new(&self.contracts, &self.clients, self.key.as_deref())
    }

    /// One fix per name of `names`, as a set: each passes the spec and every target, fits
    /// every client's budget, and differs from every other fix and every name in `in_use`.
    pub fn fixes(&self, names: &[&str], in_use: &[&str]) -> Vec<SetFix> {
        self.fix_rules().fixes(names, in_use)
    }

    /// The help for `name` whose fix is `fix`: what to write instead, or that no readable
    /// name can be made from it.
    pub fn help(&self, name: &str, fix: &SetFix) -> String {
        self.fix_rules().help(name, fix)
    }

    /// The help for a name checked on its own (outside an impl).
    pub fn help_alone(&self, name: &str) -> String {
        let help = self.fix_rules().help_in(name, &[]);
        self.with_room(name, help)
    }

    /// `help` for `name`, with the note on the key it leaves room for where that key was
    /// assumed and `name` does not fit under it (a fix that is only cleaned of a character
    /// says nothing of keys).
    pub fn with_room(&self, name: &str, help: String) -> String {
        let assumed = self.kind.reaches_llms && !self.declared && self.key.is_none();
        if assumed && name.chars().count() > self.fix_rules().max_len() {
            format!(
                "{help}; {}",
                message::room_for_key(ASSUMED_KEY_LEN, self.in_registry)
            )
        } else {
            help
        }
    }

    /// A finding in the builds where `cond` holds: an error when targets were declared, a
    /// warning of `lint` otherwise.
    pub fn report(
        &self,
        lint: &Lint,
        cond: &Cond,
        span: Span,
        text: &str,
        errors: &mut Errors,
        warnings: &mut TokenStream,
    ) {
        if self.declared {
            errors.push_when(cond, span, text.to_owned());
        } else {
            warnings.extend(warning_when(cond, lint, span, text));
        }
    }
}

/// Whether a tool opted out of target `id` with `allow(id)`.
pub fn allows(allowed: &[Ident], id: &str) -> bool {
    allowed.iter().any(|a| a == id)
}
