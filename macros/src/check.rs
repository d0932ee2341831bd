//! Every compile-time check of one `#[tool_registry]` impl: names against the spec and the
//! targets (contracts, client budgets, names clients merge), uniqueness of tools and
//! aliases, alias dates and versions.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate};
use mcp_toolname_rules::{MCP, check, check_alias, message, qualify, tool_budget};
use proc_macro2::TokenStream;
use syn::{Ident, LitStr};

use crate::diag::{Errors, warning};
use crate::parse::{AliasAttr, ToolFn};
use crate::targets::{Targets, allows};

/// An alias ready to emit: dates as Unix milliseconds.
pub struct ResolvedAlias {
    pub name: LitStr,
    pub until: Option<i64>,
    pub since: Option<i64>,
    pub hidden: bool,
}

/// Checks a tool name literal: an error when the spec refuses it; then each target's
/// findings (contract refusals, client budgets), skipping targets in `allowed`. `fallback`
/// is what to suggest for an empty name (the fn name), if known.
pub fn tool_name(
    name: &LitStr,
    fallback: Option<&str>,
    allowed: &[Ident],
    targets: &Targets,
    errors: &mut Errors,
    warnings: &mut TokenStream,
) {
    let text = name.value();
    if let Err(err) = check(&text, &MCP) {
        let seed = if text.is_empty() {
            fallback.unwrap_or_default()
        } else {
            &text
        };
        errors.push_help(
            name.span(),
            message::name_error(&text, &err, &MCP),
            &message::write_instead(&targets.suggestion(seed)),
        );
        return;
    }
    let fix = targets.suggestion(&text);
    for contract in targets.contracts.iter().filter(|c| !allows(allowed, c.id)) {
        if let Err(err) = check(&text, contract) {
            let text = message::not_portable(&text, &err, contract, &fix);
            targets.report(
                "tool_name_refused_by_llm_apis",
                name.span(),
                &text,
                errors,
                warnings,
            );
        }
    }
    let key_len = targets.key.chars().count();
    for client in targets.clients.iter().filter(|c| !allows(allowed, c.id)) {
        let q = qualify(client, &targets.key, &text);
        if !q.fate.is_fine() {
            let budget = tool_budget(client, key_len);
            let text = format!(
                "{}; {}",
                message::over_budget(&text, client, key_len, budget, &q),
                message::write_instead(&fix)
            );
            targets.report(
                "tool_name_over_client_budget",
                name.span(),
                &text,
                errors,
                warnings,
            );
        }
    }
}

/// Names a client's normalisation merges, and names that differ only in case.
fn merged_names(
    names: &[(&LitStr, &[Ident])],
    targets: &Targets,
    errors: &mut Errors,
    warnings: &mut TokenStream,
) {
    for client in targets.collision_clients() {
        let mut forms: HashMap<String, String> = HashMap::new();
        for (name, allowed) in names {
            let text = name.value();
            let form = qualify(client, &targets.key, &text).name;
            match forms.get(&form) {
                Some(first) if *first != text && !allows(allowed, client.id) => {
                    let msg = message::normalised_collision(&text, first, client.title, &form);
                    targets.report(
                        "tool_names_merged_by_clients",
                        name.span(),
                        &msg,
                        errors,
                        warnings,
                    );
                }
                Some(_) => {}
                None => {
                    forms.insert(form, text);
                }
            }
        }
    }
    let mut folded: HashMap<String, String> = HashMap::new();
    for (name, _) in names {
        let text = name.value();
        match folded.get(&text.to_lowercase()) {
            Some(first) if *first != text => {
                warnings.extend(warning(
                    "tool_names_differ_only_in_case",
                    name.span(),
                    &message::case_only(&text, first),
                ));
            }
            Some(_) => {}
            None => {
                folded.insert(text.to_lowercase(), text);
            }
        }
    }
}

/// Checks every tool and alias of one impl; returns each tool's resolved aliases (in the
/// order of `tools`) and the warnings to emit.
pub fn impl_tools(
    tools: &[ToolFn],
    targets: &Targets,
    errors: &mut Errors,
) -> (Vec<Vec<ResolvedAlias>>, TokenStream) {
    let mut warnings = TokenStream::new();
    // name -> fn that holds it as a tool name
    let mut tool_names: HashMap<String, String> = HashMap::new();
    for tool in tools {
        let name = tool.name();
        let fn_name = tool.ident.to_string();
        tool_name(
            &name,
            Some(fn_name.trim_start_matches("r#")),
            &tool.attr.allow,
            targets,
            errors,
            &mut warnings,
        );
        if name.value().is_empty() {
            // Already refused as empty; a second "already used" error would add nothing.
        } else if let Some(first) = tool_names.get(&name.value()) {
            errors.push_help(
                name.span(),
                message::duplicate_tool(&name.value(), first),
                message::duplicate_tool_help(),
            );
        } else {
            tool_names.insert(name.value(), fn_name);
        }
    }
    let mut alias_names: HashMap<String, String> = HashMap::new();
    let crate_version = std::env::var("CARGO_PKG_VERSION")
        .ok()
        .and_then(|v| semver::Version::parse(&v).ok());
    let mut resolved = Vec::with_capacity(tools.len());
    for tool in tools {
        let fn_name = tool.ident.to_string();
        let canonical = tool.name().value();
        let mut mine = Vec::new();
        for alias in &tool.attr.aliases {
            let text = alias.name.value();
            if let Err(err) = check_alias(&text) {
                errors.push(alias.name.span(), message::alias_name_error(&text, &err));
            } else if text == canonical {
                errors.push(alias.name.span(), message::alias_is_own_name(&text));
            } else if let Some(owner) = tool_names.get(&text) {
                errors.push(
                    alias.name.span(),
                    message::alias_is_tool(&text, &fn_name, owner),
                );
            } else if let Some(first) = alias_names.get(&text) {
                errors.push(alias.name.span(), message::duplicate_alias(&text, first));
            } else {
                alias_names.insert(text.clone(), fn_name.clone());
                if !alias.hidden {
                    listed_alias(
                        &alias.name,
                        &tool.attr.allow,
                        targets,
                        errors,
                        &mut warnings,
                    );
                }
            }
            if let Some(version) = &alias.until_version {
                until_version(version, &text, &canonical, crate_version.as_ref(), errors);
            }
            mine.push(dates(alias, errors));
        }
        resolved.push(mine);
    }
    // Everything `tools/list` can show: tool names and listed aliases, valid and unique.
    let names: Vec<(LitStr, &[Ident])> = tools
        .iter()
        .map(|t| (t.name(), t.attr.allow.as_slice()))
        .chain(tools.iter().flat_map(|t| {
            t.attr
                .aliases
                .iter()
                .filter(|a| !a.hidden)
                .map(|a| (a.name.clone(), t.attr.allow.as_slice()))
        }))
        .filter(|(n, _)| check(&n.value(), &MCP).is_ok())
        .collect();
    let refs: Vec<(&LitStr, &[Ident])> = names.iter().map(|(n, a)| (n, *a)).collect();
    merged_names(&refs, targets, errors, &mut warnings);
    (resolved, warnings)
}

/// A listed alias goes into every client's `tools/list`: a finding when the spec or a target
/// contract refuses it (`hidden` is the fix), unless the tool opted out of that contract.
fn listed_alias(
    name: &LitStr,
    allowed: &[Ident],
    targets: &Targets,
    errors: &mut Errors,
    warnings: &mut TokenStream,
) {
    let text = name.value();
    let refused = match check(&text, &MCP) {
        Err(err) => Some((err, &MCP)),
        Ok(()) => targets
            .contracts
            .iter()
            .filter(|c| !allows(allowed, c.id))
            .find_map(|c| check(&text, c).err().map(|err| (err, *c))),
    };
    if let Some((err, contract)) = refused {
        let msg = message::listed_alias_refused(&text, &err, contract);
        targets.report(
            "listed_alias_refused_by_llm_apis",
            name.span(),
            &msg,
            errors,
            warnings,
        );
    }
}

fn dates(alias: &AliasAttr, errors: &mut Errors) -> ResolvedAlias {
    let until = alias
        .until
        .as_ref()
        .and_then(|lit| instant(lit, "until", errors));
    let since = alias
        .since
        .as_ref()
        .and_then(|lit| instant(lit, "since", errors));
    if let (Some(s), Some(u), Some(since_lit), Some(until_lit)) =
        (since, until, &alias.since, &alias.until)
        && s >= u
    {
        errors.push(
            since_lit.span(),
            message::since_not_before_until(&since_lit.value(), &until_lit.value()),
        );
    }
    ResolvedAlias {
        name: alias.name.clone(),
        until,
        since,
        hidden: alias.hidden,
    }
}

/// `YYYY-MM-DD` (midnight UTC) or an RFC 3339 timestamp, as Unix milliseconds.
fn instant(lit: &LitStr, arg: &str, errors: &mut Errors) -> Option<i64> {
    let text = lit.value();
    let b = text.as_bytes();
    let date_only = b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        });
    let parsed = if date_only {
        NaiveDate::parse_from_str(&text, "%Y-%m-%d")
            .ok()
            .and_then(|d| d.and_hms_opt(0, 0, 0))
            .map(|t| t.and_utc().timestamp_millis())
    } else {
        DateTime::parse_from_rfc3339(&text)
            .ok()
            .map(|t| t.timestamp_millis())
    };
    if parsed.is_none() {
        errors.push(lit.span(), message::bad_date(arg, &text));
    }
    parsed
}

fn until_version(
    lit: &LitStr,
    alias: &str,
    canonical: &str,
    crate_version: Option<&semver::Version>,
    errors: &mut Errors,
) {
    match semver::Version::parse(&lit.value()) {
        Err(_) => errors.push(lit.span(), message::bad_version(&lit.value())),
        Ok(due) => {
            if let Some(current) = crate_version
                && *current >= due
            {
                errors.push(
                    lit.span(),
                    message::alias_due(alias, canonical, &lit.value(), &current.to_string()),
                );
            }
        }
    }
}
