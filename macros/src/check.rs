//! Every compile-time check of one `#[tool_registry]` impl: names against the spec and the
//! common LLM contract, uniqueness of tools and aliases, alias dates and versions.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate};
use mcp_toolname_rules::{LLM_COMMON, MCP, check, check_alias, message, suggest, suggest_all};
use proc_macro2::TokenStream;
use syn::LitStr;

use crate::diag::{Errors, warning};
use crate::parse::{AliasAttr, ToolFn};

/// An alias ready to emit: dates as Unix milliseconds.
pub struct ResolvedAlias {
    pub name: LitStr,
    pub until: Option<i64>,
    pub since: Option<i64>,
    pub hidden: bool,
}

/// Checks a tool name literal: errors for the spec, a warning for the common LLM contract.
/// `fallback` is what to suggest for an empty name (the fn name), if known; `allowed` holds
/// the ids of contracts the tool opted out of warnings for.
pub fn tool_name(
    name: &LitStr,
    fallback: Option<&str>,
    allowed: &[String],
    errors: &mut Errors,
    warnings: &mut TokenStream,
) {
    let text = name.value();
    match check(&text, &MCP) {
        Err(err) => {
            let seed = if text.is_empty() {
                fallback.unwrap_or_default()
            } else {
                &text
            };
            errors.push_help(
                name.span(),
                message::name_error(&text, &err, &MCP),
                &message::write_instead(&suggest_all(seed, &[&MCP, &LLM_COMMON])),
            );
        }
        Ok(()) => {
            if let Err(err) = check(&text, &LLM_COMMON)
                && !allowed.iter().any(|id| id == LLM_COMMON.id)
            {
                let fix = suggest(&text, &LLM_COMMON);
                warnings.extend(warning(
                    "tool_name_refused_by_llm_apis",
                    name.span(),
                    &message::not_portable(&text, &err, &LLM_COMMON, &fix),
                ));
            }
        }
    }
}

/// Checks every tool and alias of one impl; returns each tool's resolved aliases (in the
/// order of `tools`) and the warnings to emit.
pub fn impl_tools(tools: &[ToolFn], errors: &mut Errors) -> (Vec<Vec<ResolvedAlias>>, TokenStream) {
    let mut warnings = TokenStream::new();
    // name -> fn that holds it as a tool name
    let mut tool_names: HashMap<String, String> = HashMap::new();
    for tool in tools {
        let name = tool.name();
        let fn_name = tool.ident.to_string();
        let allowed: Vec<String> = tool.attr.allow.iter().map(ToString::to_string).collect();
        tool_name(
            &name,
            Some(fn_name.trim_start_matches("r#")),
            &allowed,
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
                    listed_alias(&alias.name, &tool.attr.allow, &mut warnings);
                }
            }
            if let Some(version) = &alias.until_version {
                until_version(version, &text, &canonical, crate_version.as_ref(), errors);
            }
            mine.push(dates(alias, errors));
        }
        resolved.push(mine);
    }
    (resolved, warnings)
}

/// A listed alias goes into every client's `tools/list`: warn when the spec or the common
/// LLM contract refuses it (unless the tool has `allow(llm_common)` and only that contract does).
fn listed_alias(name: &LitStr, allowed: &[syn::Ident], warnings: &mut TokenStream) {
    let text = name.value();
    let refused = match check(&text, &MCP) {
        Err(err) => Some((err, &MCP)),
        Ok(()) if allowed.iter().any(|id| id == LLM_COMMON.id) => None,
        Ok(()) => check(&text, &LLM_COMMON)
            .err()
            .map(|err| (err, &LLM_COMMON)),
    };
    if let Some((err, contract)) = refused {
        warnings.extend(warning(
            "listed_alias_refused_by_llm_apis",
            name.span(),
            &message::listed_alias_refused(&text, &err, contract),
        ));
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
