//! Every compile-time check of one `#[tool_registry]` impl: names against the spec and the
//! targets (contracts, client budgets, names clients merge), uniqueness of tools and
//! aliases. A problem between two tools holds only in the builds where both exist, so it is
//! emitted under both tools' `cfg` (see [`crate::cond`]).

use std::collections::{HashMap, HashSet};

use mcp_toolname_rules::{
    Fate, SetFix, check, check_alias, effective_max, lint, look_alike_key, message, own_budget,
    qualify, tool_budget,
};
use proc_macro2::TokenStream;
use syn::{Ident, LitStr};

use crate::cond::Cond;
use crate::dates::{ResolvedAlias, dates, until_version};
use crate::diag::{Errors, warning, warning_when};
use crate::parse::ToolFn;
use crate::targets::{DEFAULT_KEY, Targets, allows};

/// A name `tools/list` can show: a tool name or a listed alias, with its tool's opt-outs
/// and the builds it exists in.
pub struct Listed<'a> {
    pub name: LitStr,
    pub allowed: &'a [Ident],
    pub alias: bool,
    pub cond: Cond,
}

/// Checks a tool name literal: an error when the spec refuses it; then each target's
/// findings. `help` says what to write instead (from [`Targets::help`]).
pub fn tool_name(
    name: &LitStr,
    help: &str,
    allowed: &[Ident],
    targets: &Targets,
    errors: &mut Errors,
    warnings: &mut TokenStream,
) {
    let text = name.value();
    let kind = targets.kind;
    if let Err(err) = check(&text, kind.contract) {
        let msg = message::item_name_error(kind, &text, &err, kind.contract);
        errors.push_help(name.span(), msg, help);
        return;
    }
    target_findings(
        &Listed {
            name: name.clone(),
            allowed,
            alias: false,
            cond: Cond::default(),
        },
        help,
        targets,
        errors,
        warnings,
    );
}

/// The findings of one spec-valid listed name: the first declared contract that refuses it
/// (naming the others that do too), and each declared client whose budget it passes.
fn target_findings(
    listed: &Listed,
    help: &str,
    targets: &Targets,
    errors: &mut Errors,
    warnings: &mut TokenStream,
) {
    let text = listed.name.value();
    let span = listed.name.span();
    let always = Cond::default();
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
            message::not_portable_help(&text, err, first, help)
        };
        let msg = message::also_refused_by(&msg, &others);
        if targets.declared || !allows(listed.allowed, lint::CONTRACT.name) {
            targets.report(&lint::CONTRACT, &always, span, &msg, errors, warnings);
        }
    }
    let Some(key) = &targets.key else { return };
    let key_len = key.chars().count();
    let lint = &lint::CLIENT;
    // Each client the name does not fit, with what it does: a declared client's is an
    // error of its own; without targets every client is looked at, as `check` does, and the
    // first says it once for all.
    let mut over: Vec<(&str, String)> = Vec::new();
    for client in targets
        .clients
        .iter()
        .filter(|c| !allows(listed.allowed, c.id))
    {
        let q = qualify(client, key, &text);
        // Past the client's own budget, or sent whole past the API's (Claude Code sends up to
        // 128, tool search loads 64).
        if !q.fate.is_fine() || q.measured > effective_max(client) {
            // Past the client's own budget it says what the client does; inside it, that
            // the API behind takes less.
            let budget = if q.fate.is_fine() {
                tool_budget(client, key_len)
            } else {
                own_budget(client, key_len)
            };
            let mut msg = message::over_budget(&text, client, key_len, budget, &q);
            if listed.alias {
                msg = msg.replacen("tool name ", "listed alias ", 1);
            }
            over.push((client.id, msg));
        }
    }
    let fix = if listed.alias {
        "add `hidden` to the alias"
    } else {
        help
    };
    if targets.declared {
        for (_, msg) in &over {
            targets.report(
                lint,
                &always,
                span,
                &format!("{msg}; {fix}"),
                errors,
                warnings,
            );
        }
    } else if let Some(((_, first), others)) = over.split_first()
        && !allows(listed.allowed, lint.name)
    {
        let others: Vec<&str> = others.iter().map(|(id, _)| *id).collect();
        let msg = format!("{}; {fix}", message::more_clients_too(first, &others));
        targets.report(lint, &always, span, &msg, errors, warnings);
    }
}

/// Names a client's normalisation merges (hashed forms are unique, so not compared), and
/// names that differ only in case, or in case and `_` `-` `.` (look-alikes), each pair in the
/// builds where both exist. A pair is
/// exempt when either name opted out of the client.
fn merged_names(
    names: &[Listed],
    targets: &Targets,
    errors: &mut Errors,
    warnings: &mut TokenStream,
) {
    let key = targets.key.as_deref().unwrap_or(DEFAULT_KEY);
    // Pairs a client merges: said once, as that, not again as look-alikes.
    let mut merged: HashSet<(String, String)> = HashSet::new();
    for client in targets.collision_clients() {
        let mut forms: HashMap<String, Vec<&Listed>> = HashMap::new();
        for listed in names {
            let text = listed.name.value();
            let q = qualify(client, key, &text);
            if q.fate == Fate::Hashed {
                continue;
            }
            let earlier = forms.entry(q.name.clone()).or_default();
            for first in earlier.iter().filter(|f| f.name.value() != text) {
                let other = first.name.value();
                merged.insert((text.clone(), other.clone()));
                let lint = &lint::NORMALISATION_COLLISION;
                if allows(listed.allowed, client.id) || allows(first.allowed, client.id) {
                    continue;
                }
                if !targets.declared
                    && (allows(listed.allowed, lint.name) || allows(first.allowed, lint.name))
                {
                    continue;
                }
                let msg = match (listed.alias, first.alias) {
                    (true, _) => message::merged_alias(&text, &other, client.title, &q.name),
                    (false, true) => message::merged_alias(&other, &text, client.title, &q.name),
                    (false, false) => {
                        message::normalised_collision(&text, &other, client.title, &q.name)
                    }
                };
                targets.report(
                    lint,
                    &first.cond.and(&listed.cond),
                    listed.name.span(),
                    &msg,
                    errors,
                    warnings,
                );
            }
            earlier.push(listed);
        }
    }
    let mut folded: HashMap<String, Vec<&Listed>> = HashMap::new();
    for listed in names {
        let text = listed.name.value();
        let earlier = folded.entry(look_alike_key(&text)).or_default();
        for first in earlier.iter().filter(|f| f.name.value() != text) {
            let other = first.name.value();
            let kind = targets.kind;
            let (case, look_alike) = (kind.case_lint, kind.look_alike_lint);
            let (lint, msg) = if other.to_lowercase() == text.to_lowercase() {
                (case, message::item_case_only(kind, &text, &other))
            } else if listed.alias || first.alias || merged.contains(&(text.clone(), other.clone()))
            {
                // An old name that looks like the new one is what a rename is for.
                continue;
            } else {
                (look_alike, message::item_look_alike(kind, &text, &other))
            };
            if allows(listed.allowed, lint.name) || allows(first.allowed, lint.name) {
                continue;
            }
            warnings.extend(warning_when(
                &first.cond.and(&listed.cond),
                lint,
                listed.name.span(),
                &msg,
            ));
        }
        earlier.push(listed);
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
    let helps = helps(tools, targets);
    // name -> the fns that hold it as a tool name, with the builds they exist in
    let mut tool_names: HashMap<String, Vec<(String, Cond)>> = HashMap::new();
    for (tool, help) in tools.iter().zip(&helps) {
        if tool.attr.name_invalid {
            continue; // `name = <not a string>`, reported: the name is unknown
        }
        let name = tool.name();
        let fn_name = tool.ident.to_string();
        tool_name(
            &name,
            help,
            &tool.attr.allow,
            targets,
            errors,
            &mut warnings,
        );
        if name.value().is_empty() {
            continue; // already refused as empty; "already used" would add nothing
        }
        let earlier = tool_names.entry(name.value()).or_default();
        for (first, cond) in earlier.iter() {
            let both = cond.and(&tool.cond);
            errors.push_help_when(
                &both,
                name.span(),
                &crate::words::item_duplicate(targets.kind, &name.value(), first),
                &crate::words::item_duplicate_help(targets.kind, &name.value(), first, &fn_name),
            );
            if both.is_always() {
                break;
            }
        }
        earlier.push((fn_name, tool.cond.clone()));
    }
    let resolved = aliases(tools, &tool_names, targets, errors, &mut warnings);
    // Everything `tools/list` can show: tool names and listed aliases, spec-valid.
    let names: Vec<Listed> = tools
        .iter()
        .filter(|t| !t.attr.name_invalid)
        .map(|t| Listed {
            name: t.name(),
            allowed: &t.attr.allow,
            alias: false,
            cond: t.cond.clone(),
        })
        .chain(tools.iter().flat_map(|t| {
            t.attr.aliases.iter().filter(|a| !a.hidden).map(|a| Listed {
                name: a.name.clone(),
                allowed: &t.attr.allow,
                alias: true,
                cond: t.cond.clone(),
            })
        }))
        .filter(|l| check(&l.name.value(), targets.kind.contract).is_ok())
        .collect();
    merged_names(&names, targets, errors, &mut warnings);
    crate::confuse::confusable(tools, targets.kind, &mut warnings);
    (resolved, warnings)
}

/// The help of each tool's name, as one set over the impl: no two suggestions alike, none a
/// name already in use (a tool's or an alias's), none a placeholder. An empty name is
/// suggested its fn name; a name taken from the fn is told where the new one goes.
fn helps(tools: &[ToolFn], targets: &Targets) -> Vec<String> {
    let seeds: Vec<String> = tools
        .iter()
        .map(|t| {
            let name = t.name().value();
            if name.is_empty() {
                t.ident.to_string().trim_start_matches("r#").to_owned()
            } else {
                name
            }
        })
        .collect();
    let in_use: Vec<String> = tools
        .iter()
        .filter(|t| !t.attr.name_invalid)
        .map(|t| t.name().value())
        .chain(
            tools
                .iter()
                .flat_map(|t| t.attr.aliases.iter().map(|a| a.name.value())),
        )
        .collect();
    let seed_refs: Vec<&str> = seeds.iter().map(String::as_str).collect();
    let in_use_refs: Vec<&str> = in_use.iter().map(String::as_str).collect();
    let fixes = targets.fixes(&seed_refs, &in_use_refs);
    seeds
        .iter()
        .zip(&fixes)
        .zip(tools)
        .map(|((seed, fix), tool)| {
            let help = match fix {
                SetFix::Keep => message::write_instead(seed),
                // A name taken from the fn: say where the new one goes.
                SetFix::Rename(to) if tool.attr.name.is_none() => {
                    crate::words::write_name_instead(targets.kind, to)
                }
                _ => targets.help(seed, fix),
            };
            targets.with_room(seed, help)
        })
        .collect()
}

/// Checks each alias: its name, that it is no tool's name and no other alias, its dates and
/// version; returns them resolved, per tool.
fn aliases(
    tools: &[ToolFn],
    tool_names: &HashMap<String, Vec<(String, Cond)>>,
    targets: &Targets,
    errors: &mut Errors,
    warnings: &mut TokenStream,
) -> Vec<Vec<ResolvedAlias>> {
    let mut alias_names: HashMap<String, Vec<(String, Cond)>> = HashMap::new();
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
            let span = alias.name.span();
            if let Err(err) = check_alias(&text) {
                errors.push(span, message::alias_name_error(&text, &err));
            } else if text == canonical && !tool.attr.name_invalid {
                errors.push(
                    span,
                    crate::words::item_alias_is_own_name(targets.kind, &text),
                );
            } else {
                // Against every tool of that name, then every alias, in the builds where
                // both exist; a clash in every build stops there, as before.
                let mut clash = false;
                for (owner, cond) in tool_names.get(&text).into_iter().flatten() {
                    let both = tool.cond.and(cond);
                    let msg = crate::words::alias_is_item(targets.kind, &text, &fn_name, owner);
                    let help = crate::words::alias_is_item_help(&text, owner);
                    errors.push_help_when(&both, span, &msg, &help);
                    clash |= both.is_always();
                }
                let earlier = alias_names.entry(text.clone()).or_default();
                if !clash {
                    for (first, cond) in earlier.iter() {
                        let both = tool.cond.and(cond);
                        let msg = crate::words::item_duplicate_alias(targets.kind, &text, first);
                        errors.push_when(&both, span, msg);
                        clash |= both.is_always();
                        if clash {
                            break;
                        }
                    }
                }
                if !clash {
                    earlier.push((fn_name.clone(), tool.cond.clone()));
                    if !alias.hidden {
                        listed_alias(&alias.name, &tool.attr.allow, targets, errors, warnings);
                    }
                }
            }
            if let Some(version) = &alias.until_version {
                until_version(version, &text, &canonical, crate_version.as_ref(), errors);
            }
            mine.push(dates(alias, errors));
        }
        resolved.push(mine);
    }
    resolved
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
    if let Err(err) = check(&text, targets.kind.contract) {
        let msg = (targets.kind.listed_alias_refused)(&text, &err);
        let lint = &lint::LISTED_ALIAS_NAME;
        if !allows(allowed, lint.name) {
            warnings.extend(warning(lint, name.span(), &msg));
        }
        return;
    }
    let listed = Listed {
        name: name.clone(),
        allowed,
        alias: true,
        cond: Cond::default(),
    };
    target_findings(&listed, "", targets, errors, warnings);
}
