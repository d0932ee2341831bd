//! What `audit` makes of time: the clock it reads ([`now`]), aliases past their window that a
//! server still declares (`alias_past_window`), and where in the server's source a finding
//! points ([`spot`]), from what a server built with mcp-toolname says in surface mode.

use std::path::Path;

use chrono::{DateTime, Utc};
use mcp_toolname_rules::message;

use super::Listing;
use crate::diag::Spot;
use crate::findings::{Finding, Kind};
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
        .entries
        .iter()
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
                kind: Kind::AliasPastWindow,
                tool: message::short(&alias.name).into_owned(),
                tools: vec![
                    message::short(&alias.name).into_owned(),
                    message::short(&of).into_owned(),
                ],
                contract: None,
                client: None,
                message: message::alias_past_window(&alias.name, &of, &until),
                suggestion: None,
            }
        })
        .collect()
}

/// Where `finding` points in the server's source: the declaration of the first of its tools
/// the server said it declared (for an alias, its tool's), as a path relative to `cwd` (the
/// current directory, read once per report) when the build gave an absolute one under it.
/// `None` for a server not built with mcp-toolname, or one audited over HTTP or in-process,
/// which does not say.
#[must_use]
pub fn spot(listing: &Listing, finding: &Finding, cwd: Option<&Path>) -> Option<Spot> {
    let (file, line) = finding
        .tools
        .iter()
        .find_map(|name| listing.origins.get(name))?;
    let path = Path::new(file);
    let relative = cwd
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf());
    Some(Spot {
        path: relative.to_string_lossy().into_owned(),
        line: usize::try_from(*line).ok(),
    })
}
