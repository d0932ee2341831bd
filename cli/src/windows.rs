//! What `audit` makes of time: the clock it reads ([`now`]), and aliases past their window
//! that a server still declares (`alias_past_window`) in surface mode.

use chrono::{DateTime, Utc};
use mcp_toolname_rules::lint;
use mcp_toolname_rules::message;

use crate::findings::Finding;
use crate::listing::Listing;
use crate::surface::entry::Kind as EntryKind;

/// `MCP_TOOLNAME_NOW`: an RFC 3339 instant `audit` takes as now instead of the system clock,
/// so that a window can be checked as it will stand on a given day (and tests hold still).
pub const NOW_ENV_VAR: &str = "MCP_TOOLNAME_NOW";

/// The instant `audit` reads windows at: [`NOW_ENV_VAR`] when set, else the system clock.
///
/// # Errors
/// The variable is set to something that is not an RFC 3339 instant.
pub fn now() -> Result<DateTime<Utc>, String> {
    match std::env::var(NOW_ENV_VAR) {
        Err(_) => Ok(Utc::now()),
        Ok(text) => DateTime::parse_from_rfc3339(&text)
            .map(|at| at.to_utc())
            .map_err(|e| {
                format!(
                    "{NOW_ENV_VAR} {} is not an RFC 3339 instant such as \
                     2027-03-01T00:00:00Z ({e})",
                    message::show(&text)
                )
            }),
    }
}

/// One `alias_past_window` finding per alias `listing` shows whose `until` is not after
/// `now`, or that the server itself says is past its window (its clock may differ from
/// ours), in name order.
#[must_use]
pub fn past_window(listing: &Listing, now: DateTime<Utc>) -> Vec<Finding> {
    let ended =
        |until: &str| DateTime::parse_from_rfc3339(until).is_ok_and(|at| at.to_utc() <= now);
    let mut aliases: Vec<_> = listing
        .tools
        .iter()
        .map(|t| &t.entry)
        .filter(|e| e.kind == EntryKind::Alias && e.until.as_deref().is_some_and(ended))
        .chain(&listing.expired)
        .collect();
    aliases.sort_by(|a, b| a.name.cmp(&b.name));
    aliases.dedup_by(|a, b| a.name == b.name);
    aliases
        .into_iter()
        .map(|alias| {
            let of = alias.of.clone().unwrap_or_default();
            let until = alias.until.clone().unwrap_or_default();
            Finding {
                kind: &lint::ALIAS_PAST_WINDOW,
                tool: message::short(&alias.name).into_owned(),
                tools: vec![
                    message::short(&alias.name).into_owned(),
                    message::short(&of).into_owned(),
                ],
                contract: None,
                client: None,
                message: message::alias_past_window(&alias.name, &of, &until),
                suggestion: None,
                suggested_key: None,
            }
        })
        .collect()
}
