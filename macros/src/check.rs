//! Every compile-time check of one `#[tool_registry]` impl: names against the spec and the
//! targets (contracts, client budgets, names clients merge), uniqueness of tools and
//! aliases, alias dates and versions.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate};
use mcp_toolname_rules::{Fate, MCP, check, check_alias, message, qualify, tool_budget};
use proc_macro2::TokenStream;
use syn::{Ident, LitStr};

use crate::diag::{Errors, warning};
use crate::parse::{AliasAttr, ToolFn};
use crate::targets::{DEFAULT_KEY, Targets, allows};

/// An alias ready to emit: dates as Unix milliseconds.
pub struct ResolvedAlias {
    pub name: LitStr,
    pub until: Option<i64>,
    pub list_until: Option<i64>,
    pub since: Option<i64>,
    pub hidden: bool,
}

/// A name `tools/list` shows: a tool name or a listed alias, with its tool's opt-outs.
pub struct Listed<'a> {
    pub name: LitStr,
    pub allowed: &'a [Ident],
    pub alias: bool,
}

/// Checks a tool name literal: an error when the spec refuses it; then each target's
/// findings. `fallback` is what to suggest for an empty name (the fn name), if known.
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
    target_findings(
        &Listed {
            name: name.clone(),
            allowed,
            alias: false,
        },
        targets,
        errors,
        warnings,
    );
}

/// The findings of one spec-valid listed name: the first declared contract that refuses it
/// (naming the others that do too), and each declared client whose budget it passes.
fn target_findings(
    listed: &Listed,
    targets: &Targets,
    errors: &mut Errors,
    warnings: &mut TokenStream,
) {
    let text = listed.name.value();
    let span = listed.name.span();
    let fix = targets.suggestion(&text);
    let refusing: Vec<_> = targets
        .contracts
        .iter()
        .filter(|c| !allows(listed.allowed, c.id))
        .filter_map(|c| check(&text, c).err().map(|err| (err, *c)))
        .collect();
    if let Some((err, first)) = refusing.first() {
        let others: Vec<&str> = refusing[1..].iter().map(|(_, c)| c.title).collect();
        let msg = if listed.alias {
            message::listed_alias_refused(&text, err, first)
        } else {
            message::not_portable(&text, err, first, &fix)
        };
        let kind = if listed.alias {
            "listed_alias_refused_by_llm_apis"
        } else {
            "tool_name_refused_by_llm_apis"
        };
        targets.report(
            kind,
            span,
            &message::also_refused_by(&msg, &others),
            errors,
            warnings,
        );
    }
    let Some(key) = &targets.key else { return };
    let key_len = key.chars().count();
    for client in targets
        .clients
        .iter()
        .filter(|c| !allows(listed.allowed, c.id))
    {
        let q = qualify(client, key, &text);
        if !q.fate.is_fine() {
            let budget = tool_budget(client, key_len);
            let fix = if listed.alias {
                "add `hidden` to the alias".to_owned()
            } else {
                message::write_instead(&fix)
            };
            let mut msg = format!(
                "{}; {fix}",
                message::over_budget(&text, client, key_len, budget, &q)
            );
            if listed.alias {
                msg = msg.replacen("tool name ", "listed alias ", 1);
            }
            targets.report("tool_name_over_client_budget", span, &msg, errors, warnings);
        }
    }
}

/// Names a client's normalisation merges (hashed forms are unique, so not compared), and
/// names that differ only in case. A pair is exempt when either name opted out of the client.
fn merged_names(
    names: &[Listed],
    targets: &Targets,
    errors: &mut Errors,
    warnings: &mut TokenStream,
) {
    let key = targets.key.as_deref().unwrap_or(DEFAULT_KEY);
    for client in targets.collision_clients() {
        let mut forms: HashMap<String, &Listed> = HashMap::new();
        for listed in names {
            let text = listed.name.value();
            let q = qualify(client, key, &text);
            if q.fate == Fate::Hashed {
                continue;
            }
            match forms.get(&q.name) {
                Some(first) if first.name.value() != text => {
                    if allows(listed.allowed, client.id) || allows(first.allowed, client.id) {
                        continue;
                    }
                    let other = first.name.value();
                    let msg = match (listed.alias, first.alias) {
                        (true, _) => message::merged_alias(&text, &other, client.title, &q.name),
                        (false, true) => {
                            message::merged_alias(&other, &text, client.title, &q.name)
                        }
                        (false, false) => {
                            message::normalised_collision(&text, &other, client.title, &q.name)
                        }
                    };
                    targets.report(
                        "tool_names_merged_by_clients",
                        listed.name.span(),
                        &msg,
                        errors,
                        warnings,
                    );
                }
                Some(_) => {}
                None => {
                    forms.insert(q.name, listed);
                }
            }
        }
    }
    let mut folded: HashMap<String, String> = HashMap::new();
    for listed in names {
        let text = listed.name.value();
        match folded.get(&text.to_lowercase()) {
            Some(first) if *first != text => {
                let msg = message::case_only(&text, first);
                warnings.extend(warning(
                    "tool_names_differ_only_in_case",
                    listed.name.span(),
                    &msg,
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
    // Everything `tools/list` can show: tool names and listed aliases, spec-valid.
    let names: Vec<Listed> = tools
        .iter()
        .map(|t| Listed {
            name: t.name(),
            allowed: &t.attr.allow,
            alias: false,
        })
        .chain(tools.iter().flat_map(|t| {
            t.attr.aliases.iter().filter(|a| !a.hidden).map(|a| Listed {
                name: a.name.clone(),
                allowed: &t.attr.allow,
                alias: true,
            })
        }))
        .filter(|l| check(&l.name.value(), &MCP).is_ok())
        .collect();
    merged_names(&names, targets, errors, &mut warnings);
    (resolved, warnings)
}

/// A listed alias goes into every client's `tools/list`: a spec refusal warns (`hidden` is
/// the fix; an old name may break the spec), then the target findings apply as to a tool.
fn listed_alias(
    name: &LitStr,
    allowed: &[Ident],
    targets: &Targets,
    errors: &mut Errors,
    warnings: &mut TokenStream,
) {
    let text = name.value();
    if let Err(err) = check(&text, &MCP) {
        let msg = message::listed_alias_refused(&text, &err, &MCP);
        warnings.extend(warning(
            "listed_alias_refused_by_the_spec",
            name.span(),
            &msg,
        ));
        return;
    }
    target_findings(
        &Listed {
            name: name.clone(),
            allowed,
            alias: true,
        },
        targets,
        errors,
        warnings,
    );
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
    let list_until = alias
        .list_until
        .as_ref()
        .and_then(|lit| instant(lit, "list_until", errors));
    if let (Some(s), Some(u), Some(since_lit), Some(until_lit)) =
        (since, until, &alias.since, &alias.until)
        && s >= u
    {
        errors.push(
            since_lit.span(),
            message::since_not_before_until(&since_lit.value(), &until_lit.value()),
        );
    }
    if let (Some(l), Some(u), Some(list_lit), Some(until_lit)) =
        (list_until, until, &alias.list_until, &alias.until)
        && l >= u
    {
        errors.push(
            list_lit.span(),
            message::list_until_not_before_until(&list_lit.value(), &until_lit.value()),
        );
    }
    ResolvedAlias {
        name: alias.name.clone(),
        until,
        list_until,
        since,
        hidden: alias.hidden,
    }
}

/// `YYYY-MM-DD` (midnight UTC) or an RFC 3339 timestamp, as Unix milliseconds.
fn instant(lit: &LitStr, arg: &str, errors: &mut Errors) -> Option<i64> {
    let text = lit.value();
    let parsed = if mcp_toolname_rules::is_plain_date(&text) {
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
                && is_due(current, &due)
            {
                errors.push(
                    lit.span(),
                    message::alias_due(alias, canonical, &lit.value(), &current.to_string()),
                );
            }
        }
    }
}

/// Whether a crate at `current` has reached `due`, by semver precedence: pre-releases come
/// before their release (`2.0.0-rc.1` has not reached `2.0.0`), build metadata is ignored
/// (`2.0.0+build` has).
fn is_due(current: &semver::Version, due: &semver::Version) -> bool {
    current.cmp_precedence(due) != std::cmp::Ordering::Less
}

#[cfg(test)]
mod tests {
    use super::is_due;

    fn due(current: &str, until: &str) -> bool {
        is_due(
            &semver::Version::parse(current).unwrap(),
            &semver::Version::parse(until).unwrap(),
        )
    }

    #[test]
    fn an_alias_is_due_from_its_version_on_by_semver_precedence() {
        assert!(!due("1.9.9", "2.0.0"), "below: served");
        assert!(due("2.0.0", "2.0.0"), "reached: due");
        assert!(due("2.0.1", "2.0.0") && due("3.0.0", "2.0.0"), "past: due");
        assert!(
            !due("2.0.0-rc.1", "2.0.0"),
            "a pre-release of the due version is below it"
        );
        assert!(
            !due("2.0.0-alpha", "2.0.0-beta"),
            "pre-releases order by their identifiers"
        );
        assert!(due("2.0.0-rc.2", "2.0.0-rc.1"));
        assert!(
            due("2.0.0+build.5", "2.0.0") && due("2.0.0", "2.0.0+build.5"),
            "build metadata is ignored"
        );
        assert!(due("1.10.0", "1.9.0"), "numeric, not string, order");
    }
}
