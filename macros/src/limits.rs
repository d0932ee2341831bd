//! What `#[tool_registry]` knows past the names at build time: how many tools
//! its impl lists, and each description written as a literal (`description = "..."` or the
//! doc comment). Each is held to the clients' limits the rules crate records (run-verified):
//! more tools than the API behind a client takes in one request, a description a client cuts.
//! Declared clients make these errors; otherwise every client's limits warn.

use mcp_toolname_rules::{CLIENTS, ClientPreset, TextRule, caps_passed, lint, message};
use proc_macro2::{Span, TokenStream};

use crate::cond::Cond;
use crate::diag::Errors;
use crate::parse::ToolFn;
use crate::targets::Targets;

/// The clients whose limits count: the declared ones, else all.
fn clients(targets: &Targets) -> Vec<&'static ClientPreset> {
    if targets.declared {
        targets.clients.clone()
    } else {
        CLIENTS.to_vec()
    }
}

/// Reports the impl's tool count past an API cap (tools and listed aliases: a client sends
/// each as a tool), at `span` (the attribute), and each description a client cuts, at the
/// tool's name.
pub fn impl_limits(
    tools: &[ToolFn],
    targets: &Targets,
    span: Span,
    errors: &mut Errors,
    warnings: &mut TokenStream,
) {
    let clients = clients(targets);
    let listed = tools.len()
        + tools
            .iter()
            .map(|t| t.attr.aliases.iter().filter(|a| !a.hidden).count())
            .sum::<usize>();
    for (cap, sending) in caps_passed(listed, &clients) {
        let text = message::too_many_tools("this registry lists", listed, &cap, &sending);
        let lint = &lint::TOO_MANY_TOOLS;
        targets.report(lint, &Cond::default(), span, &text, errors, warnings);
    }
    for tool in tools {
        let Some(description) = &tool.description else {
            continue;
        };
        let units = description.encode_utf16().count();
        for client in &clients {
            let TextRule::Cut { marker, .. } = client.limits.description else {
                continue;
            };
            if let Some(at) = client.limits.description.cut_at(units) {
                let name = tool.name();
                let text = message::description_cut(&name.value(), units, client, at, marker);
                let lint = &lint::DESCRIPTION_CUT;
                if targets.declared || !crate::targets::allows(&tool.attr.allow, lint.name) {
                    targets.report(lint, &tool.cond, name.span(), &text, errors, warnings);
                }
            }
        }
    }
}

/// With `list_ttl_secs`: each alias whose window, `since` to `until`, is shorter than the
/// time clients may cache `tools/list` warns at its name: a client holding the
/// list from before the rename may call the old name after it is gone. Windows without
/// `since` are checked when the registry is built, against the clock.
pub fn windows_against_cache(
    ttl_secs: Option<u64>,
    tools: &[ToolFn],
    aliases: &[Vec<crate::dates::ResolvedAlias>],
    warnings: &mut TokenStream,
) {
    let Some(ttl_secs) = ttl_secs else { return };
    let ttl_ms = i64::try_from(ttl_secs.saturating_mul(1000)).unwrap_or(i64::MAX);
    for (tool, resolved) in tools.iter().zip(aliases) {
        for alias in resolved {
            let (Some(since), Some(until)) = (alias.since, alias.until) else {
                continue;
            };
            if until.saturating_sub(since) < ttl_ms
                && !crate::targets::allows(&tool.attr.allow, lint::ALIAS_WINDOW_SHORT.name)
            {
                let text_of = |millis: i64| {
                    chrono::DateTime::from_timestamp_millis(millis)
                        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true))
                        .unwrap_or_default()
                };
                let text = message::window_shorter_than_cache(
                    &alias.name.value(),
                    &tool.name().value(),
                    &text_of(until),
                    &text_of(since.saturating_add(ttl_ms)),
                    ttl_secs,
                );
                warnings.extend(crate::diag::warning_when(
                    &tool.cond,
                    &lint::ALIAS_WINDOW_SHORT,
                    alias.name.span(),
                    &text,
                ));
            }
        }
    }
}
