//! Alias windows at three levels: the attribute (`until`), a registry default counted from
//! `since`, and overrides an operator sets at run time, without rebuilding, through the
//! builder or the `MCP_TOOLNAME_ALIAS_UNTIL` environment variable
//! (`MCP_TOOLNAME_PROMPT_ALIAS_UNTIL` for prompts).

use chrono::{DateTime, NaiveDate, TimeDelta, Utc};
use mcp_toolname_rules::message;

use crate::alias::rfc3339;
use crate::def::Def;
use crate::error::Problem;

/// The environment variable [`crate::ToolRegistryBuilder::overrides_from_env`] reads:
/// `calc.add=2027-06-01,minus=2027-09-01T12:00:00Z,legacy=never` (`never`: no end).
pub const ENV_VAR: &str = "MCP_TOOLNAME_ALIAS_UNTIL";

/// The environment variable [`crate::PromptRegistryBuilder::overrides_from_env`] reads, in the
/// form of [`ENV_VAR`]: prompt aliases have a variable of their own, so that a server's tool
/// registry and prompt registry each find every name in theirs known.
pub const PROMPT_ENV_VAR: &str = "MCP_TOOLNAME_PROMPT_ALIAS_UNTIL";

/// The variable the window overrides of `list` are read from.
pub(crate) const fn env_var(list: crate::item::ListKind) -> &'static str {
    match list {
        crate::item::ListKind::Tools => ENV_VAR,
        crate::item::ListKind::Prompts => PROMPT_ENV_VAR,
    }
}

/// `YYYY-MM-DD` (midnight UTC) or an RFC 3339 timestamp, as the attributes take.
#[must_use]
pub fn parse_instant(text: &str) -> Option<DateTime<Utc>> {
    if mcp_toolname_rules::is_plain_date(text) {
        NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .ok()
            .and_then(|d| d.and_hms_opt(0, 0, 0))
            .map(|t| t.and_utc())
    } else {
        DateTime::parse_from_rfc3339(text).ok().map(|t| t.to_utc())
    }
}

/// Window settings collected by the builder, applied in `build`.
#[derive(Debug, Default)]
pub(crate) struct Windows {
    /// For aliases with `since` and no `until`: `until = since + default`.
    pub default: Option<TimeDelta>,
    /// (alias, new end, where the override came from); `None` serves without end.
    pub overrides: Vec<(String, Option<DateTime<Utc>>, String)>,
    /// Override entries that did not parse.
    pub problems: Vec<Problem>,
    /// Whether an override naming no alias of this registry is passed over rather than an
    /// error: so for the environment variable read by a `#[tool_registry]` impl's registry,
    /// which a server's other registries read too.
    pub shared: bool,
}

impl Windows {
    /// Reads `ALIAS=WHEN,...` from `source` (named in errors).
    pub fn parse(&mut self, spec: &str, source: &str) {
        for entry in spec.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let parsed = entry.split_once('=').and_then(|(alias, when)| {
                let alias = alias.trim();
                let when = when.trim();
                let until = if when == "never" {
                    Some(None)
                } else {
                    parse_instant(when).map(Some)
                };
                (!alias.is_empty())
                    .then_some(())
                    .and(until)
                    .map(|until| (alias.to_owned(), until))
            });
            match parsed {
                Some((alias, until)) => self.overrides.push((alias, until, source.to_owned())),
                None => self
                    .problems
                    .push(Problem::BadOverride(message::override_bad_entry(
                        entry, source,
                    ))),
            }
        }
    }

    /// Applies the default window and the overrides to `defs`; unknown aliases are problems.
    pub fn apply<R>(self, defs: &mut [Def<R>], problems: &mut Vec<Problem>) {
        problems.extend(self.problems);
        if let Some(window) = self.default {
            for def in defs.iter_mut() {
                for alias in &mut def.aliases {
                    if alias.until.is_none()
                        && let Some(since) = alias.since
                    {
                        match since.checked_add_signed(window) {
                            Some(until) => alias.until = Some(until),
                            // Past the calendar: an error, not an alias served for ever.
                            None => problems.push(Problem::WindowPastCalendar {
                                name: alias.name.to_string(),
                                origin: def.origin.clone(),
                                since: rfc3339(since),
                            }),
                        }
                    }
                }
            }
        }
        for (name, until, source) in self.overrides {
            let mut found = false;
            for alias in defs
                .iter_mut()
                .flat_map(|d| d.aliases.iter_mut())
                .filter(|a| a.name == name)
            {
                alias.until = until;
                found = true;
            }
            if found {
                tracing::info!(
                    alias = %name,
                    "{source}: the alias `{name}` is served until {}",
                    until.map_or_else(|| "further notice".to_owned(), rfc3339)
                );
            } else if !self.shared {
                let known: Vec<&str> = defs
                    .iter()
                    .flat_map(|d| d.aliases.iter().map(|a| a.name.as_ref()))
                    .collect();
                problems.push(Problem::BadOverride(message::override_unknown_alias(
                    &name, &source, &known,
                )));
            }
        }
    }
}
